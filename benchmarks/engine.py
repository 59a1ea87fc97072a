"""Engine speed: 4-player games between random bots on one core.

Every applied action counts, chance outcomes included (deal, piles, rolls, reshuffles).
Run: ``python benchmarks/engine.py [--games N] [--seed S]``. The last line reads
``engine: <N> actions/s, <M> games/s``.
"""

from __future__ import annotations

import argparse
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    play(max(1, args.games // 20), args.seed + 10_000, args.players)  # warm up
    actions, seconds = play(args.games, args.seed, args.players)
    print(f"games: {args.games} ({args.players} players, random bots, one core)")
    print(f"actions: {actions} ({actions / args.games:.1f} per game)")
    print(f"time: {seconds:.2f} s")
    print(f"engine: {actions / seconds:.0f} actions/s, {args.games / seconds:.1f} games/s")


if __name__ == "__main__":
    main()
