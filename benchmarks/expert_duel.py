"""The expert bot of this tree against the expert of an earlier commit, head to head.

The earlier commit's ``tutor`` package is taken out of git (``git archive``) into a
temporary folder under another name, so that both experts play in one process on this
tree's engine. A shared victory counts for each winner's share. Prints the share of the
games this expert won and its 95 % interval.

**Paired deals (the default).** Luck decides much of a game: who is dealt the good hands,
which treasures lie on top of the piles, which dice come up when who is captain. Each
deal is therefore played twice with the seats swapped: the two styles alternate round
the table (as in ``celestia simulate --ladder``, ``simulate.seat_styles``), and in the
second game of a pair every seat of this expert is the earlier one's and the other way
round. Both games draw from the same chance: the deck and the piles are dealt as
``SeededChance`` deals them with the pair's seed (its first draws, before any decision,
so both games see exactly the same hands and piles), and each roll is drawn from its own
generator seeded by the pair's seed, the voyage, the step and the roll's number within
the step, so that the two games see the same dice wherever they reach the same step of
the same voyage, even after they have parted earlier. (A reshuffle of the discard pile
is seeded the same way by its number.) Within one game every die is still uniform and
independent of the others, so each game is an ordinary game of Celestia; only the two
games of a pair are alike. The share is the mean over the pairs of the pair's share, and
the interval comes from the spread of the pairs' shares (normal approximation), which
leaves the hands' luck out: on the same CPU it is narrower than that of independent
games, by the factor printed beside it. Measured, 400 games of 4 players against 39c6d5c:
1.06 to 1.20 times narrower (1.11 on average over eleven runs), worth about a quarter
more independent games. It is no more than that because the two experts soon choose
differently and the games part: the dice stay the same at the steps both reach (about
nine rolls in ten of those, with bots that differ), but who holds which card, who is
aboard and who is captain do not. ``--games`` counts games (two per pair).

Two versions of this expert can be compared deal by deal (``--shares FILE`` for each,
then the pairs' differences): measured, that is no narrower than either figure alone
(±4.8 points over 200 deals), a version's change parting most games too.

**The seats.** The last line splits a paired duel's share by the game of the pair: this
expert in the seats of game 0 (seat 0 among them, the first captain, §3.8's rotation
starting there), then in the others' seats, with the interval of their difference. Part
of that difference is the game's own: with the same bot in every seat, 4 players, seats
1 and 3 win more than seats 0 and 2 (the sensible bot: 22.8, 24.6, 26.0 and 26.5 % by
seat over 20,000 games, shared wins split, seats 1 and 3 51.1 %; ``celestia simulate
--bots sensible --games 20000 --seed 5000`` prints the same order, its seats numbered
from 1 and shared wins counted whole; this expert: 25.2, 24.7, 22.5 and 27.7 %
over 300 games, 52.3 %; the expert of 39c6d5c: 22.9, 24.1, 27.4 and 25.6 % over 600
games, 49.7 %), so the first game of a pair favours the earlier expert by about two
points, the second this one; each pair has one of each. Measured against 39c6d5c, 400
games each: 44.1 % in seats 0 and 2 against 50.5 % in seats 1 and 3 (seed 0, a
difference of -6.4 ± 10.5 points), 45.5 % against 51.2 % (seed 1000, -5.8 ± 10.9):
together -6.1 ± 7.6, the game's own two to five points and noise, no seat of its own
where this expert plays worse.

``--unpaired`` plays as before: game ``i`` dealt with ``SeededChance(seed + i)``, the
seats alternating and rotating from game to game, the interval that of independent
games. ``--processes 2`` shares the games between two processes (the result does not
depend on it).

    python benchmarks/expert_duel.py [--commit 39c6d5c] [--games 200] [--players 4]
        [--seed 0] [--processes 1] [--shares FILE] [--unpaired]
"""

from __future__ import annotations

import argparse
import importlib
import io
import multiprocessing
import subprocess
import sys
import tarfile
import tempfile
import time
import zlib
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]

from tutor.commands.simulate import play_game, seat_styles  # noqa: E402
from tutor.engine import Options, State  # noqa: E402
from tutor.engine.chance import SeededChance  # noqa: E402
from tutor.practice.expert import ExpertBot  # noqa: E402

NEW = "expert"
OLD = "earlier"
_THEN: type | None = None


def extract(commit: str, folder: Path) -> None:
    """``commit``'s ``tutor`` package into ``folder`` as package ``tutor_then``."""
    archive = subprocess.run(["git", "archive", commit, "tutor"], cwd=_HERE.parent,
                             check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    (folder / "tutor").rename(folder / "tutor_then")


def load(folder: str) -> None:
    """Import the earlier ``ExpertBot`` (also each worker process's initializer)."""
    global _THEN
    sys.path.insert(0, folder)
    _THEN = importlib.import_module("tutor_then.practice.expert").ExpertBot


class PairedChance:
    """Chance that two games of a pair share: the deal as ``SeededChance(seed)`` deals
    it, and each roll (and reshuffle) from a generator of its own, seeded by the seed and
    where in the game it falls."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.deal = SeededChance(seed)
        self.where: tuple[int, int] = (-1, -1)
        self.rolls = 0
        self.shuffles = 0

    def outcome(self, state: State) -> str:
        request = state.chance_request
        assert request is not None
        if request.kind in ("deck", "pile"):
            return self.deal.outcome(state)
        if request.kind == "roll":
            where = (state.voyage, state.step)
            if where != self.where:
                self.where, self.rolls = where, 0
            self.rolls += 1
            key = (self.seed, "roll", *where, self.rolls)
        else:
            self.shuffles += 1
            key = (self.seed, request.kind, self.shuffles)
        return SeededChance(zlib.crc32(repr(key).encode()) + (self.seed << 32)).outcome(state)


def play(seed: int, players: int, game: int, paired: bool) -> float:
    """This expert's share of game number ``game`` (shared wins split)."""
    assert _THEN is not None
    styles = seat_styles(NEW, OLD, players, game)
    bots = [ExpertBot() if s == NEW else _THEN() for s in styles]
    state = State(Options(players=players, seed=seed))
    play_game(state, bots, PairedChance(seed) if paired else None)  # type: ignore[arg-type]
    return sum(1 for w in state.winners if styles[w] == NEW) / len(state.winners)


def unit(args: tuple[int, int, int, bool]) -> tuple[float, ...]:
    """One unit of the duel: a pair of games (each game's share: this expert in the seats
    of game 0, seat 0 among them, then in the others), or one game unpaired."""
    first, players, index, paired = args
    if paired:
        seed = first + index
        return play(seed, players, 0, True), play(seed, players, 1, True)
    return (play(first + index, players, index, False),)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commit", default="main")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--shares", metavar="FILE",
                        help="write each pair's (or game's) share, one a line, to compare two "
                             "versions of the expert deal by deal")
    parser.add_argument("--unpaired", action="store_true",
                        help="independent games, as before (no pairs of swapped seats)")
    args = parser.parse_args()
    paired = not args.unpaired
    units = args.games // 2 if paired else args.games
    if units < 2:
        parser.error("--games: at least 4 games paired, 2 unpaired")
    jobs = [(args.seed, args.players, i, paired) for i in range(units)]
    with tempfile.TemporaryDirectory() as folder:
        extract(args.commit, Path(folder))
        load(folder)
        started = time.perf_counter()
        if args.processes > 1:
            context = multiprocessing.get_context("spawn")
            with ProcessPoolExecutor(args.processes, context, initializer=load,
                                     initargs=(folder,)) as pool:
                games = list(pool.map(unit, jobs, chunksize=max(1, units // 40)))
        else:
            games = [unit(job) for job in jobs]
        seconds = time.perf_counter() - started
    shares = [sum(g) / len(g) for g in games]
    if args.shares:
        Path(args.shares).write_text("".join(f"{s}\n" for s in shares))
    n = len(shares)
    share = sum(shares) / n
    variance = sum((s - share) ** 2 for s in shares) / (n - 1)
    margin = 1.96 * (variance / n) ** 0.5
    played = 2 * n if paired else n
    how = f"{n} deals played twice, seats swapped" if paired else "independent deals"
    print(f"duel: this tree's expert against the expert of {args.commit}, {played} games "
          f"of {args.players} players ({how}) in {seconds:.0f} s")
    # A share lies between 0 and 1 whatever a few games' spread says.
    print(f"expert wins {share:.1%} (95 % interval {max(0.0, share - margin):.1%} to "
          f"{min(1.0, share + margin):.1%})")
    if paired:
        alone = 1.96 * (share * (1 - share) / played) ** 0.5
        print(f"the same number of independent games: about ±{alone:.1%}, "
              f"{alone / max(margin, 1e-9):.2f} times as wide")
        print(seat_split(games, args.players))


def seat_split(games: list[tuple[float, ...]], players: int) -> str:
    """This expert's share in each game of the pairs (its seats in game 0, seat 0 and first
    captain among them, then the others), and the 95 % interval of their difference."""
    first = [g[0] for g in games]
    second = [g[1] for g in games]
    n = len(games)
    gap = [a - b for a, b in games]
    mean = sum(gap) / n
    margin = 1.96 * (sum((d - mean) ** 2 for d in gap) / (n - 1) / n) ** 0.5
    seats = " ".join(str(p) for p in range(0, players, 2))
    others = " ".join(str(p) for p in range(1, players, 2))
    return (f"in seats {seats} (first captain): {sum(first) / n:.1%}; in seats {others}: "
            f"{sum(second) / n:.1%}; difference {mean:+.1%} ± {margin:.1%}")


if __name__ == "__main__":
    main()
