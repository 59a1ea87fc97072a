"""The expert bot of this tree against the expert of an earlier commit, head to head.

The earlier commit's ``tutor`` package is taken out of git (``git archive``) into a
temporary folder under another name, so that both experts play in one process on this
tree's engine. Four players, two seats each, the seats alternating and rotating from game
to game as in ``celestia simulate --ladder`` (``simulate.seat_styles``); a shared victory
counts for each winner's share. Prints the share of the games this expert won and its
95 % interval (normal approximation).

    python benchmarks/expert_duel.py [--commit 39c6d5c] [--games 200] [--players 4]
"""

from __future__ import annotations

import argparse
import importlib
import io
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]

from tutor.commands.simulate import play_game, seat_styles  # noqa: E402
from tutor.engine import Options, State  # noqa: E402
from tutor.practice.expert import ExpertBot  # noqa: E402

NEW = "expert"
OLD = "earlier"


def earlier_expert(commit: str, folder: Path) -> type:
    """The ``ExpertBot`` class of ``commit``'s tree, imported as package ``tutor_then``."""
    archive = subprocess.run(["git", "archive", commit, "tutor"], cwd=_HERE.parent,
                             check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    (folder / "tutor").rename(folder / "tutor_then")
    sys.path.insert(0, str(folder))
    return importlib.import_module("tutor_then.practice.expert").ExpertBot


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commit", default="main")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        then = earlier_expert(args.commit, Path(folder))
        won = 0.0
        started = time.perf_counter()
        for game in range(args.games):
            styles = seat_styles(NEW, OLD, args.players, game)
            bots = [ExpertBot() if s == NEW else then() for s in styles]
            state = play_game(State(Options(players=args.players, seed=args.seed + game)),
                              bots)  # type: ignore[arg-type]
            won += sum(1 for w in state.winners if styles[w] == NEW) / len(state.winners)
        seconds = time.perf_counter() - started
    share = won / args.games
    margin = 1.96 * (share * (1 - share) / args.games) ** 0.5
    print(f"duel: this tree's expert against the expert of {args.commit}, {args.games} games "
          f"of {args.players} players in {seconds:.0f} s")
    print(f"expert wins {share:.1%} (95 % interval {share - margin:.1%} to "
          f"{share + margin:.1%})")


if __name__ == "__main__":
    main()
