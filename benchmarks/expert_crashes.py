"""How often the expert crashes by choice: in self-play, the crashes it announces as
captain while a payment was legal (its Turbos could pay, §3.4).

``inference`` reads a crash as a hand that could not pay; this figure says how far that
holds for the expert itself. Plays ``--games`` games of ``--players`` expert bots, game
``i`` dealt with ``SeededChance(seed + i)``, and prints the crashes announced and how many
of them were by choice.

    python benchmarks/expert_crashes.py [--games 20] [--players 4] [--seed 0]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]

from tutor.engine import Options, State  # noqa: E402
from tutor.engine.play import play_game  # noqa: E402
from tutor.practice.expert import ExpertBot  # noqa: E402


class Counting(ExpertBot):
    """The expert, counting the crashes it announces as captain."""

    def __init__(self) -> None:
        super().__init__()
        self.announced = self.chosen = 0

    def choose(self, state: State, player: int) -> str:
        action = super().choose(state, player)
        if state.phase == "payment" and action == "crash":
            self.announced += 1
            self.chosen += any(a.startswith("pay ") for a in state.legal_actions(player))
        return action


def crashes(seed: int, players: int) -> tuple[int, int]:
    """(crashes announced, crashes announced while a payment was legal) in one game."""
    bots = [Counting() for _ in range(players)]
    play_game(State(Options(players=players, seed=seed)), bots)
    return sum(b.announced for b in bots), sum(b.chosen for b in bots)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    start = time.perf_counter()
    announced = chosen = 0
    for game in range(args.games):
        a, c = crashes(args.seed + game, args.players)
        announced += a
        chosen += c
    print(f"{args.games} games of {args.players} expert bots from seed {args.seed}: "
          f"{announced} crashes announced, {chosen} of them while a payment was legal "
          f"({time.perf_counter() - start:.1f} s).")


if __name__ == "__main__":
    main()
