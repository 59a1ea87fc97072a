"""Engine speed: 4-player games between random bots on one core.

Every applied action counts, chance outcomes included (deal, piles, rolls, reshuffles).
Run: ``python benchmarks/engine.py [--games N] [--seed S]``. The line
``engine: <N> actions/s, <M> games/s`` gives the figure. With ``--openspiel N`` (and
``open_spiel`` installed: ``pip install open_spiel``, not a dependency of the project), the
same random playouts of OpenSpiel's pure-Python ``python_liars_poker`` (N games, chance
outcomes and actions all counted, a seeded random choice among the legal ones) run side by
side in this process, and the ratio is printed. On a shared machine, ``--rounds R`` also
alternates short runs of both R times (the engine, then OpenSpiel, each a R-th of its
games) and prints each round's ratio and their median: a burst of load elsewhere then
weighs on one round of both sides, not on one side only.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

# Run as a script, this folder comes first on sys.path, where the benchmark named tutor.py
# would hide the tutor package.
_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]

from tutor.engine import CHANCE, Options, RandomBot, SeededChance, State  # noqa: E402


def play(games: int, seed: int, players: int) -> tuple[int, float]:
    """Play ``games`` games; return the number of applied actions and the seconds taken."""
    options = Options(players=players)
    actions = 0
    started = time.perf_counter()
    for g in range(games):
        state = State(options)
        chance = SeededChance(seed + g)
        bots = [RandomBot(seed * 100 + g * 10 + p) for p in range(players)]
        while True:
            actor = state.actor
            if actor == CHANCE:
                state.apply(chance.outcome(state))
            elif actor < 0:
                break
            else:
                state.apply(bots[actor].choose(state, actor))
        actions += len(state.history)
    return actions, time.perf_counter() - started


def openspiel(games: int, seed: int) -> tuple[int, float] | None:
    """Random playouts of OpenSpiel's ``python_liars_poker``: (applied actions, seconds);
    None when ``open_spiel`` is not installed."""
    try:
        # optional: only this comparison needs OpenSpiel
        import pyspiel
        from open_spiel.python.games import liars_poker  # noqa: F401 - registers the game
    except ImportError:
        return None
    import random

    game = pyspiel.load_game("python_liars_poker")
    rng = random.Random(seed)
    actions = 0
    started = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.random() * len(legal))])
            actions += 1
    return actions, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--openspiel", type=int, default=0, metavar="GAMES")
    parser.add_argument("--rounds", type=int, default=0)
    args = parser.parse_args()
    play(max(1, args.games // 20), args.seed + 10_000, args.players)  # warm up
    actions, seconds = play(args.games, args.seed, args.players)
    print(f"games: {args.games} ({args.players} players, random bots, one core)")
    print(f"actions: {actions} ({actions / args.games:.1f} per game)")
    print(f"time: {seconds:.2f} s")
    print(f"engine: {actions / seconds:.0f} actions/s, {args.games / seconds:.1f} games/s")
    if args.openspiel:
        openspiel(max(1, args.openspiel // 20), args.seed + 10_000)  # warm up
        found = openspiel(args.openspiel, args.seed)
        if found is None:
            print("openspiel: not installed (pip install open_spiel), no comparison")
            return
        # Side by side: the engine again right after, so that both see the same machine.
        again, again_s = play(args.games, args.seed, args.players)
        os_actions, os_seconds = found
        ours = (actions + again) / (seconds + again_s)
        print(f"openspiel: python_liars_poker, {args.openspiel} random playouts, "
              f"{os_actions / os_seconds:.0f} actions/s "
              f"({os_actions / args.openspiel:.1f} per game)")
        print(f"engine/openspiel: {ours / (os_actions / os_seconds):.2f}x the actions/s")
        if args.rounds:
            ratios = []
            for r in range(args.rounds):
                a, a_s = play(max(1, args.games // args.rounds), args.seed + r * 100_000,
                              args.players)
                o, o_s = openspiel(max(1, args.openspiel // args.rounds), args.seed + r) \
                    or (0, 1.0)
                ratios.append((a / a_s) / (o / o_s))
            print(f"rounds: {', '.join(f'{x:.2f}' for x in ratios)}")
            print(f"engine/openspiel: median of {args.rounds} alternating rounds "
                  f"{statistics.median(ratios):.2f}x the actions/s")


if __name__ == "__main__":
    main()
