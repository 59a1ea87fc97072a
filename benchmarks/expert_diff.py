"""Where this tree's expert and an earlier commit's part, and whose choice wins there.

Plays games of 4 players (by default) between the two experts, seats alternating as in
``expert_duel.py`` (which loads the earlier ``tutor`` package the same way). At every
decision of every seat with more than one legal action, both experts are asked what they
would play, each from its own observation and with its own memory of the game (the
expert's ``Watch``: both see every decision of the seat). Where they differ, each choice
is judged by rollouts from that exact state: the state is copied (the true state, hidden
cards included: a first look, not what the seat may know), the choice applied, and the
rest of the *game* played ``--rollouts`` times with the same policy in every seat (the
sensible bot by default, ``--policy expert`` for this tree's, much slower), the k-th
rollout of either choice drawing its chance from the same seed (common random numbers).
The seat's share of the win (shared wins split) and its final score are compared.

Printed per kind of decision (stay or leave by city and direction, the captain paying or
crashing, Power cards, Spyglass, Jetpack, Grappling Hook, reroll, the lone captain): how
many decisions, how many differ, and over the differing ones the mean of (the earlier
expert's choice minus this one's) in win share and in points, with a 95 % interval from
the spread of the decisions' differences. A positive figure: the earlier expert's choice
wins the rollouts, so that is where this tree's expert loses games.

Measured against 39c6d5c (150 games from seed 0, 40 rollouts a choice, sensible bots):
the experts part at 956 of 20,140 decisions (4.7 %), and over all of them neither wins
(+0.2 % ± 1.1 % of a win, -0.03 ± 0.22 points). The one kind where the earlier choice
wins clearly is staying at the first cities, where this expert leaves: city 2, 114
decisions, +5.7 % ± 3.3 % (+0.23 ± 0.57 points); city 1, 81, +2.7 % ± 3.8 % (+0.61 ±
0.54). There its voyage model is right about the voyage (the same decisions played to
the end of the voyage by sensible bots from the true state: staying 0.24 points worse,
as it says; the earlier model said 0.25 better), so what staying wins comes later in the
game. At city 6 this expert's leaving wins (59 decisions, -7.4 % ± 6.6 %, -2.18 ± 1.79
points), and at the Power window neither (557, -0.2 % ± 0.9 %).

The sensible bots' rollouts are a rough judge: acting on that finding did not carry over
to the duel (400 games from seed 0, where this expert scores 47.3 %): 0.3 points more
for staying at the first two cities of the route scored 46.8 % (-0.5 ± 3.3 deal by
deal), and the chance to win, on its curve, for every stay or leave 48.1 % (+0.8 ±
5.6). The earlier expert's Ejections at the first city of the route (200 decisions,
+1.2 % ± 1.6 %, +0.38 ± 0.30 points), which this expert never plays there, did: allowed,
50.8 % over 800 games, +3.0 ± 2.5 deal by deal.

    python benchmarks/expert_diff.py [--commit 39c6d5c] [--games 20] [--rollouts 40]
        [--players 4] [--seed 0] [--policy sensible|expert] [--processes 2] [--only KIND]
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import tempfile
import time
import zlib
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE))

import expert_duel  # noqa: E402

from tutor.commands.simulate import seat_styles  # noqa: E402
from tutor.engine import Options, State, make_bot  # noqa: E402
from tutor.engine.chance import SeededChance  # noqa: E402
from tutor.engine.play import play_game  # noqa: E402
from tutor.engine.state import CHANCE  # noqa: E402
from tutor.practice.expert import ExpertBot  # noqa: E402

#: One differing decision: (kind, detail, win difference, points difference), the
#: differences being the earlier expert's choice minus this one's.
Diff = tuple[str, str, float, float]


def _card(action: str) -> str:
    words = action.split()
    return words[1] if action.startswith("play") else words[0]


def kind_of(state: State, new: str, old: str) -> tuple[str, str]:
    """The kind of decision and a finer detail (where, and which way they part)."""
    phase = state.phase
    aboard = sum(state.aboard)
    if phase == "passengers":
        return (f"stay/leave city {state.city}",
                f"{aboard} aboard, hand {sum(state.hands[state.actor].values())}: "
                f"today {new}")
    if phase == "payment":
        crash = "crash" in (new, old)
        return ("captain pays or crashes" if crash else "captain: which cards",
                f"today {'crash' if new == 'crash' else 'pays'}, {len(state.dice)} dice")
    if phase == "power-window":
        mine = "captain" if state.actor == state.captain else (
            "aboard" if state.aboard[state.actor] else "off")
        return ("power window", f"{mine}: today {_card(new)} / then {_card(old)}")
    if phase == "reroll-choice":
        return ("reroll", f"{len(state.dice)} dice")
    return (phase, f"today {new}")


def rollout(state: State, seat: int, action: str, seed: int, policy: str) -> tuple[float, int]:
    """The seat's win share and score once ``action`` is played and the game played out."""
    twin = state.clone()
    twin.apply(action, seat)
    bots = [ExpertBot() if policy == "expert" else make_bot("sensible", seed * 8 + p)
            for p in range(state.players)]
    play_game(twin, bots, SeededChance(seed))  # type: ignore[arg-type]
    share = (seat in twin.winners) / len(twin.winners)
    return share, twin.score(seat)


def judge(state: State, seat: int, new: str, old: str, rollouts: int, base: int,
          policy: str) -> tuple[float, float]:
    wins = points = 0.0
    for k in range(rollouts):
        seed = zlib.crc32(repr((base, k)).encode())
        w_new, p_new = rollout(state, seat, new, seed, policy)
        w_old, p_old = rollout(state, seat, old, seed, policy)
        wins += w_old - w_new
        points += p_old - p_new
    return wins / rollouts, points / rollouts


def game(args: tuple[int, int, int, int, str, str]) -> tuple[dict[str, int], list[Diff]]:
    """One game: decisions asked by kind, and the differing ones judged (those of the
    kinds named in ``only``, comma-separated; all when it is empty)."""
    seed, players, index, rollouts, policy, only = args
    assert expert_duel._THEN is not None
    styles = seat_styles(expert_duel.NEW, expert_duel.OLD, players, index)
    today = [ExpertBot() for _ in range(players)]
    then = [expert_duel._THEN() for _ in range(players)]
    state = State(Options(players=players, seed=seed))
    chance = SeededChance(seed)
    asked: dict[str, int] = defaultdict(int)
    diffs: list[Diff] = []
    while True:
        actor = state.actor
        if actor == CHANCE:
            state.apply(chance.outcome(state))
            continue
        if actor < 0:
            break
        # Both are asked every time, so that each one's memory follows the game.
        new = today[actor].choose(state, actor)
        old = then[actor].choose(state, actor)
        if len(state.legal_actions(actor)) > 1:
            kind, detail = kind_of(state, new, old)
            asked[kind] += 1
            if new != old and (not only or kind in only.split(",")):
                base = zlib.crc32(repr((seed, len(state.history))).encode())
                w, p = judge(state, actor, new, old, rollouts, base, policy)
                diffs.append((kind, detail, w, p))
        state.apply(new if styles[actor] == expert_duel.NEW else old, actor)
    return dict(asked), diffs


def _interval(values: list[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, float("nan")
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * (variance / n) ** 0.5


def report(asked: dict[str, int], diffs: list[Diff]) -> None:
    by_kind: dict[str, list[Diff]] = defaultdict(list)
    for d in diffs:
        by_kind[d[0]].append(d)
    print(f"{'kind of decision':38} {'asked':>6} {'differ':>6}  "
          f"{'win: then - today':>20}  {'points: then - today':>20}")
    for kind in sorted(asked, key=lambda k: -len(by_kind.get(k, ()))):
        found = by_kind.get(kind, [])
        line = f"{kind:38} {asked[kind]:6} {len(found):6}"
        if found:
            w, wm = _interval([d[2] for d in found])
            p, pm = _interval([d[3] for d in found])
            line += f"  {w:+8.1%} ± {wm:6.1%}  {p:+9.2f} ± {pm:5.2f}"
        print(line)
        details: dict[str, list[Diff]] = defaultdict(list)
        for d in found:
            details[d[1]].append(d)
        for detail, group in sorted(details.items(), key=lambda kv: -len(kv[1])):
            if len(group) < 3:
                continue
            w, wm = _interval([d[2] for d in group])
            p, pm = _interval([d[3] for d in group])
            print(f"    {detail:41} {len(group):6}  {w:+8.1%} ± {wm:6.1%}  "
                  f"{p:+9.2f} ± {pm:5.2f}")
    if diffs:
        w, wm = _interval([d[2] for d in diffs])
        p, pm = _interval([d[3] for d in diffs])
        print(f"{'all differing decisions':38} {sum(asked.values()):6} {len(diffs):6}  "
              f"{w:+8.1%} ± {wm:6.1%}  {p:+9.2f} ± {pm:5.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commit", default="39c6d5c")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--rollouts", type=int, default=40)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--policy", choices=("sensible", "expert"), default="sensible")
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--only", metavar="KIND", default="",
                        help="judge only these kinds of decision, comma-separated (e.g. "
                             "\"stay/leave city 1,stay/leave city 2\"); the others are asked, not "
                             "judged, and show no differences")
    args = parser.parse_args()
    jobs = [(args.seed + i, args.players, i, args.rollouts, args.policy, args.only)
            for i in range(args.games)]
    with tempfile.TemporaryDirectory() as folder:
        expert_duel.extract(args.commit, Path(folder))
        expert_duel.load(folder)
        started = time.perf_counter()
        if args.processes > 1:
            context = multiprocessing.get_context("spawn")
            with ProcessPoolExecutor(args.processes, context, initializer=expert_duel.load,
                                     initargs=(folder,)) as pool:
                results = list(pool.map(game, jobs))
        else:
            results = [game(job) for job in jobs]
        seconds = time.perf_counter() - started
    asked: dict[str, int] = defaultdict(int)
    diffs: list[Diff] = []
    for counts, found in results:
        for kind, n in counts.items():
            asked[kind] += n
        diffs.extend(found)
    print(f"diff: this tree's expert against the expert of {args.commit}, {args.games} games "
          f"of {args.players} players, {args.rollouts} rollouts a choice "
          f"({args.policy} bots), in {seconds:.0f} s")
    report(asked, diffs)


if __name__ == "__main__":
    main()
