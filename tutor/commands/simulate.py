"""``celestia simulate``: play many full games between bots and summarise them."""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations
from math import fsum, sqrt
from typing import TYPE_CHECKING

from babel.numbers import format_decimal

from ..engine import Options, State, data, play_game
from ..engine.messages import N_, OptionsError
from ..i18n import Translator
from ..inputs import argument, excerpt, seed_argument, spyglass_points_argument
from ..practice.expert import STYLES, make_player
from ..practice.parse import (
    STYLE_NAMES,
    parse_styles,
    shown_list,
    variant_argument,
    variant_metavar,
)

if TYPE_CHECKING:
    from concurrent.futures import Executor

HELP = N_("play full games between bots and print a summary and the speed")


def configure(parser: argparse.ArgumentParser, tr: Translator) -> None:
    _ = tr.gettext
    parser.add_argument("--games", type=argument(tr, 1, GAMES_MAX), metavar=_("N"),
                        # TRANSLATORS: {default}, {games} and {margin} are 2 or more.
                        help=tr.format(N_("number of games (default {default}); with --ladder, "
                                          "games for each pair of styles (default {games}, "
                                          "enough for every rate to be within ±{margin} "
                                          "points 19 times out of 20)"), default=GAMES,
                                       games=LADDER_GAMES, margin=LADDER_MARGIN))
    parser.add_argument("--players", type=argument(tr, data.MIN_PLAYERS, data.MAX_PLAYERS),
                        default=4, metavar=_("N"),
                        help=tr.format(N_("players per game, {low} to {high}"),
                                       low=data.MIN_PLAYERS, high=data.MAX_PLAYERS))
    parser.add_argument("--seed", type=seed_argument(tr), default=0, metavar=_("N"),
                        help=_("seed of the first game"))
    parser.add_argument("--variant", type=variant_argument(tr), metavar=variant_metavar(tr),
                        default="standard",
                        # TRANSLATORS: Same role in every command: the help of an option.
                        help=_("rules variant"))
    parser.add_argument("--grappling-hook", action="store_true",
                        # TRANSLATORS: Same role in every command: the help of an option.
                        help=_("add the Grappling Hook promotional cards"))
    parser.add_argument("--spyglass-points", type=spyglass_points_argument(tr),
                        default=data.SPYGLASS_POINTS_DEFAULT,
                        metavar=_("N"),
                        # TRANSLATORS: Same role in every command: the help of an option.
                        help=tr.format(N_("points for each unused Magic Spyglass (default "
                                          "{points})"), points=data.SPYGLASS_POINTS_DEFAULT))
    parser.add_argument("--bots", default="random", metavar=_("STYLES"),
                        help=tr.format(N_("bot style for every seat, or one per seat "
                                          "separated by commas: {styles}"),
                                       styles=shown_list("style", STYLES, tr, "or")))
    parser.add_argument("--ladder", action="store_true",
                        help=_("play every bot style against every other one, seats shared "
                               "and rotated, and print the table of win rates"))
    parser.add_argument("--until-clear", action="store_true",
                        # TRANSLATORS: {checks} and {games} are 2 or more: {checks} lists
                        # numbers of games ("100, 200, 400, …").
                        help=tr.format(N_("with --ladder: stop each pair as soon as one style "
                                          "is clearly ahead (checked after {checks} games; "
                                          "19 times out of 20 it is then the stronger one), "
                                          "and play at most --games games a pair (default "
                                          "{games})"),
                                       checks=_checks_text(LADDER_CLEAR_GAMES, tr, more=True),
                                       games=tr.number(LADDER_CLEAR_GAMES)))
    parser.add_argument("--jobs", type=argument(tr, 0, JOBS_MAX), default=0, metavar=_("N"),
                        help=_("with --ladder: processes playing at once (default: one per "
                               "processor)"))


@dataclass
class Summary:
    """Figures over a series of games."""

    players: int
    styles: tuple[str, ...] = ("random",)
    games: int = 0
    actions: int = 0
    voyages: list[int] = field(default_factory=list)
    crashes: int = 0
    scores: list[list[int]] = field(default_factory=list)
    wins: list[int] = field(default_factory=list)
    shared: int = 0
    seconds: float = 0.0

    def __post_init__(self) -> None:
        self.wins = [0] * self.players


def simulate(games: int, players: int, seed: int, styles: Sequence[str], *,
             variant: str = "standard", grappling_hook: bool = False,
             spyglass_points: int = 2) -> Summary:
    """Play ``games`` games between bots; game ``i`` uses seed ``seed + i``."""
    options = Options(players=players, variant=variant, grappling_hook=grappling_hook,
                      spyglass_points=spyglass_points)
    summary = Summary(players, tuple(styles))
    started = time.perf_counter()
    for i in range(games):
        game_seed = seed + i
        bots = [make_player(styles[p % len(styles)], game_seed * 10 + p)
                for p in range(players)]
        state = play_game(State(replace(options, seed=game_seed)), bots)
        summary.games += 1
        summary.actions += len(state.history)
        summary.voyages.append(state.voyage)
        summary.crashes += state.crashes
        summary.scores.append(state.scores())
        for p in state.winners:
            summary.wins[p] += 1
        summary.shared += len(state.winners) > 1
    summary.seconds = time.perf_counter() - started
    return summary


def report(summary: Summary, tr: Translator) -> list[str]:
    loc = tr.language
    voyages = sum(summary.voyages)
    all_scores = [s for game in summary.scores for s in game]
    best = [max(game) for game in summary.scores]
    spread = [max(game) - min(game) for game in summary.scores]

    def num(x: float, pattern: str = "#,##0.0") -> str:
        return format_decimal(x, format=pattern, locale=loc)

    lines = [
        tr.format(N_("Games played: {games} ({players} players)."),
                  games=num(summary.games, "#,##0"), players=summary.players),
        tr.format(N_("Voyages per game: {mean} on average (from {low} to {high})."),
                  mean=num(voyages / summary.games), low=min(summary.voyages),
                  high=max(summary.voyages)),
        tr.format(N_("Crash rate: {rate} of voyages ended in a crash."),
                  rate=tr.percent(summary.crashes / max(voyages, 1))),
        tr.format(N_("Scores: {mean} on average, from {low} to {high}; the winner scores "
                     "{best} on average, {spread} points ahead of the last player."),
                  mean=num(sum(all_scores) / len(all_scores)), low=min(all_scores),
                  high=max(all_scores), best=num(sum(best) / len(best)),
                  spread=num(sum(spread) / len(spread))),
        tr.format(N_("Shared victories: {count}."), count=summary.shared),
    ]
    lines.append(tr.gettext(N_("Wins per seat:")))
    for seat, wins in enumerate(summary.wins):
        lines.append("  " + tr.format(N_("seat {seat} ({bot}): {wins} ({share})"), seat=seat + 1,
                                      bot=_style_name(summary.styles[seat % len(summary.styles)],
                                                      tr),
                                      wins=wins, share=tr.percent(wins / summary.games)))
    seconds = max(summary.seconds, 1e-9)
    lines.append(tr.format(N_("Speed: {games_per_second} games/s, {actions} actions/s "
                              "({seconds} s in all)."),
                           games_per_second=num(summary.games / seconds),
                           actions=num(summary.actions / seconds, "#,##0"),
                           seconds=num(summary.seconds, "#,##0.00")))
    return lines


def _style_name(style: str, tr: Translator) -> str:
    """A bot style in the reader's language ("prudent", "óvatos")."""
    return tr.gettext(STYLE_NAMES[style]) if style in STYLE_NAMES else style


# --- The ladder: every style against every other one ------------------------------------
#: Games per pair of styles by default: a win rate near 50 % is then within ±3 points of the
#: true rate 19 times out of 20 (1.96 × √(0.25 / n) ≤ 0.03), and farther from 50 %, closer.
LADDER_GAMES = 1068
#: The most games one run plays (for the ladder: for each pair of styles). A hundred
#: thousand games of the fastest bots take minutes; the figures are then within a
#: fraction of a point, and more only makes the run end later (or never: 10**20).
GAMES_MAX = 100_000
LADDER_MARGIN = 3
#: Games simulated by default.
GAMES = 100
#: With --until-clear, a pair's result is first checked after this many games, then each
#: time it has played twice as many: few checks (each one spends some of the 5 % chance of
#: a wrong call), yet a pair far from even stops after a hundred games.
FIRST_CHECK = 100
#: The most games a pair plays with --until-clear by default: seven checks, enough to
#: tell apart styles that win 53 % and 47 % of their games against each other.
LADDER_CLEAR_GAMES = 6400
#: More processes than this are never useful (at most one per processor is started).
JOBS_MAX = 1024


@dataclass
class Ladder:
    """Win rates of every style against every other one."""

    players: int
    games: int
    seed: int
    styles: tuple[str, ...]
    #: (a, b) → the share of the games between a and b that a won (shared wins split).
    shares: dict[tuple[str, str], float] = field(default_factory=dict)
    seconds: float = 0.0
    #: Each pair stopped as soon as one style was clearly ahead (``games`` is then the most
    #: a pair played).
    until_clear: bool = False
    #: (a, b) and (b, a) → the games the pair played (``games`` for every pair, unless
    #: ``until_clear``).
    played: dict[tuple[str, str], int] = field(default_factory=dict)

    def games_of(self, a: str, b: str) -> int:
        """The games ``a`` and ``b`` played against each other."""
        return self.played.get((a, b), self.games)

    def undecided(self) -> list[tuple[str, str]]:
        """With ``until_clear``: (ahead, behind) for every pair whose last check still
        found neither style clearly ahead (it played ``games`` games)."""
        if not self.until_clear:
            return []
        bound = clear_bound(self.games)
        pairs = [(a, b) if self.shares[a, b] >= 0.5 else (b, a)
                 for a, b in combinations(self.styles, 2)]
        return [(a, b) for a, b in pairs
                if not is_clear(self.shares[a, b], self.games_of(a, b), bound)]

    def mean(self, style: str) -> float:
        """The style's average win rate against the others."""
        rates = [self.shares[style, other] for other in self.styles if other != style]
        return sum(rates) / len(rates)

    def beaten(self, style: str) -> int:
        """How many styles ``style`` beats head to head: it won more than half of the
        games between them."""
        return sum(self.shares[style, other] > 0.5 for other in self.styles if other != style)

    def ranking(self) -> list[str]:
        """The styles, best first: by the number of styles each beats head to head, ties
        broken by the average win rate. "A above B" then says A beats B wherever the
        results allow it; ``contradictions`` lists where they do not."""
        return sorted(self.styles, key=lambda s: (-self.beaten(s), -self.mean(s)))

    def contradictions(self) -> list[tuple[str, str]]:
        """(higher, lower) for every pair of the ranking in which the style ranked lower
        won at least half of the games: none when the ranking is a strict head-to-head
        order."""
        order = self.ranking()
        return [(a, b) for i, a in enumerate(order) for b in order[i + 1:]
                if self.shares[a, b] <= 0.5]

    def margin(self) -> float:
        """The widest 95 % interval (half-width) of the table's rates."""
        return max(1.96 * (p * (1 - p) / self.games_of(*pair)) ** 0.5
                   for pair, p in self.shares.items())


def checks(games: int) -> list[int]:
    """After how many games a pair played until clear is checked: 100, 200, 400, … and
    last ``games``, the most it plays."""
    points = []
    n = FIRST_CHECK
    while n < games:
        points.append(n)
        n *= 2
    return [*points, games]


def clear_bound(games: int) -> float:
    """How many standard errors from an even result a pair's share must lie at a check
    for one style to be clearly ahead, when a pair plays at most ``games`` games: the
    chance that a pair of equal styles ever looks clear at one of its checks is then at
    most 5 % (each check spends an equal part of it, 2.5 % a side; Bonferroni), and for
    unequal styles the chance of naming the weaker one ahead is smaller still."""
    # start-up: `celestia --help` imports every command's module (benchmarks/lookup.py)
    from statistics import NormalDist

    return NormalDist().inv_cdf(1 - 0.025 / len(checks(games)))


def is_clear(share: float, games: int, bound: float) -> bool:
    """Whether ``share`` of ``games`` lies more than ``bound`` standard errors from half.
    A game's share lies between 0 and 1, so its variance is at most 1/4: the error used
    is the widest a share can have, never an estimate that a lucky start makes small."""
    return abs(share - 0.5) > bound * 0.5 / sqrt(games)


def seat_styles(a: str, b: str, players: int, game: int) -> list[str]:
    """Who sits where in game ``game`` between ``a`` and ``b``: the styles alternate round
    the table and every seat changes style from one game to the next (with an odd number of
    players, each style has the extra seat every other game)."""
    return [a if (p + game) % 2 == 0 else b for p in range(players)]


def pair_share(a: str, b: str, players: int, games: range, seed: int,
               options: dict[str, object]) -> float:
    """How many of ``games`` (game numbers) ``a`` won against ``b``, shared wins split."""
    return fsum(game_shares(a, b, players, games, seed, options))


def game_shares(a: str, b: str, players: int, games: range, seed: int,
                options: dict[str, object]) -> list[float]:
    """``a``'s share of each of ``games`` against ``b``: 1, 0, or its part of a shared
    victory."""
    shares = []
    for game in games:
        styles = seat_styles(a, b, players, game)
        bots = [make_player(style, (seed + game) * 10 + p) for p, style in enumerate(styles)]
        state = play_game(State(Options(players=players, seed=seed + game, **options)),
                          bots)  # type: ignore[arg-type]
        shares.append(sum(1 for w in state.winners if styles[w] == a) / len(state.winners))
    return shares


def ladder(players: int, games: int, seed: int, styles: Sequence[str] | None = None, *,
           jobs: int = 1, until_clear: bool = False,
           progress: Callable[[int, list[tuple[str, str]], float], None] | None = None,
           **options: object) -> Ladder:
    """Play ``games`` games for every pair of ``styles`` (default: all, weakest first);
    with ``until_clear``, stop each pair at the first of its ``checks`` where one style is
    clearly ahead (``is_clear``), ``games`` being then the most a pair plays.

    Game ``i`` of every pair is dealt with seed ``seed + i``, so every pair plays the same
    deals; the result does not depend on ``jobs``. ``progress`` is told, after every check
    that leaves pairs to play, the check, those pairs and the seconds spent so far.
    """
    styles = tuple(styles or STYLES)
    result = Ladder(players, games, seed, styles, until_clear=until_clear)
    started = time.perf_counter()
    pairs = list(combinations(styles, 2))
    shares: dict[tuple[str, str], list[float]] = {pair: [] for pair in pairs}
    playing = pairs
    bound = clear_bound(games)
    if jobs > 1:
        # start-up: `celestia --help` imports every command's module (benchmarks/lookup.py)
        from concurrent.futures import ProcessPoolExecutor

        pool: Executor | None = ProcessPoolExecutor(jobs)
    else:
        pool = None
    try:
        for check in checks(games) if until_clear else [games]:
            parts = {pair: range(len(shares[pair]), check) for pair in playing}
            for pair, played in _play(parts, players, seed, jobs, pool, options).items():
                shares[pair] += played
            playing = [pair for pair in playing
                       if not is_clear(fsum(shares[pair]) / check, check, bound)]
            if not playing:
                break
            if progress is not None and check < games:
                progress(check, playing, time.perf_counter() - started)
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    for (a, b), won in shares.items():
        # fsum: the exact sum, whatever the chunks, so that jobs never change a figure
        result.shares[a, b] = fsum(won) / len(won)
        result.shares[b, a] = 1 - result.shares[a, b]
        result.played[a, b] = result.played[b, a] = len(won)
    result.seconds = time.perf_counter() - started
    return result


def _play(parts: dict[tuple[str, str], range], players: int, seed: int, jobs: int,
          pool: Executor | None, options: dict[str, object]) -> dict[tuple[str, str], list[float]]:
    """Each pair's shares of the games of its range, in the order of the games."""
    if pool is None:
        return {(a, b): game_shares(a, b, players, part, seed, options)
                for (a, b), part in parts.items()}
    # Chunks of games, so that the processes share the slow pairs (the expert's) too.
    total = sum(len(part) for part in parts.values())
    size = max(1, total // len(parts) // (jobs * 4))
    chunks = [(a, b, part[start:start + size])
              for (a, b), part in parts.items() for start in range(0, len(part), size)]
    futures = [pool.submit(game_shares, a, b, players, chunk, seed, options)
               for a, b, chunk in chunks]
    played: dict[tuple[str, str], list[float]] = {pair: [] for pair in parts}
    for (a, b, _), future in zip(chunks, futures, strict=True):
        played[a, b] += future.result()
    return played


def ladder_report(result: Ladder, tr: Translator) -> list[str]:
    names = {s: tr.gettext(STYLE_NAMES[s]) for s in result.styles}
    mean = tr.gettext(N_("average"))
    if result.until_clear:
        header = tr.nformat(
            "Ladder: each pair of bot styles played until one of them was clearly ahead, "
            "at most {n} game, {players} players a game; the two styles take turns round "
            "the table and change seats every game (seed {seed}).",
            "Ladder: each pair of bot styles played until one of them was clearly ahead, "
            "at most {n} games, {players} players a game; the two styles take turns round "
            "the table and change seats every game (seed {seed}).",
            result.games, players=result.players, seed=result.seed)
    else:
        header = tr.nformat(
            "Ladder: {n} game for each pair of bot styles, {players} players a game; "
            "the two styles take turns round the table and change seats every game "
            "(seed {seed}).",
            "Ladder: {n} games for each pair of bot styles, {players} players a game; "
            "the two styles take turns round the table and change seats every game "
            "(seed {seed}).", result.games, players=result.players, seed=result.seed)
    lines = [header, tr.gettext(N_("Share of the games won by the style of the row against "
                                   "the style of the column (shared victories split):"))]
    first = max(len(n) for n in names.values()) + 2
    # Each column as wide as its heading or its widest figure, two spaces apart: the table
    # of five styles then fits in 80 columns in every language.
    figure = max(len(tr.percent(1)), len(tr.number(result.games)))
    widths = {s: max(len(names[s]), figure) + 2 for s in result.styles}
    last = max(len(mean), figure) + 2
    lines.append(" " * first + "".join(names[s].rjust(widths[s]) for s in result.styles)
                 + mean.rjust(last))
    for row in result.ranking():
        text = names[row].ljust(first)
        for column in result.styles:
            text += ("–" if row == column else tr.percent(result.shares[row, column])) \
                .rjust(widths[column])
        lines.append(text + tr.percent(result.mean(row)).rjust(last))
    if result.until_clear:
        lines += _games_table(result, names, first, widths, tr)
    else:
        lines.append(tr.format(N_("Every rate is within ±{points} points of the true rate, 19 "
                                  "times out of 20."),
                               points=tr.number(round(result.margin() * 100, 1))))
    lines.append(tr.format(N_("Ranking, best first, by the number of styles each one beats "
                              "head to head (more than half of their games won), ties broken "
                              "by the average: {styles}."),
                           styles=" > ".join(names[s] for s in result.ranking())))
    against = result.contradictions()
    if not against:
        lines.append(tr.gettext(N_("Every style beats every style ranked below it head to head: "
                                   "the ranking is a strict order.")))
    else:
        # TRANSLATORS: One pair of bot styles of the ladder in which the style ranked lower
        # won at least half of the games ({share}, a percentage).
        pairs = [tr.format(N_("{lower} against {higher}: {share}"), lower=names[b],
                           higher=names[a], share=tr.percent(result.shares[b, a]))
                 for a, b in against]
        lines.append(tr.nformat(
            "The ranking is not a strict order: in {n} pair the style ranked lower won at "
            "least half of the games ({pairs}).",
            "The ranking is not a strict order: in {n} pairs the style ranked lower won at "
            "least half of the games ({pairs}).", len(pairs), pairs=tr.join(pairs)))
    lines.append(tr.format(N_("Time: {seconds} s."),
                           seconds=tr.number(round(result.seconds, 1))))
    return lines


def _checks_text(games: int, tr: Translator, *, more: bool = False) -> str:
    """The checks of a pair played until clear, in words: "100, 200 and 400"; with
    ``more``, the first three and "…" ("100, 200, 400, …")."""
    numbers = [tr.number(n) for n in checks(games)]
    if more and len(numbers) > 3:
        return ", ".join([*numbers[:3], "…"])
    return str(tr.join(numbers))


def _games_table(result: Ladder, names: dict[str, str], first: int, widths: dict[str, int],
                 tr: Translator) -> list[str]:
    """A ladder played until clear: the games each pair played, and what they tell."""
    lines = [tr.gettext(N_("Games played by each pair:"))]
    lines.append(" " * first + "".join(names[s].rjust(widths[s]) for s in result.styles))
    for row in result.ranking():
        lines.append(names[row].ljust(first) + "".join(
            ("–" if row == column else tr.number(result.games_of(row, column)))
            .rjust(widths[column]) for column in result.styles))
    # TRANSLATORS: {checks} lists the numbers of games after which a pair was checked
    # ("100, 200 and 400"); the form follows the last of them.
    lines.append(tr.nformat("Each pair was checked after {checks} game, and stopped at the "
                            "first check where one style was clearly ahead: that style is "
                            "the stronger one, 19 times out of 20.",
                            "Each pair was checked after {checks} games, and stopped at the "
                            "first check where one style was clearly ahead: that style is "
                            "the stronger one, 19 times out of 20.",
                            result.games, checks=_checks_text(result.games, tr)))
    undecided = result.undecided()
    if undecided:
        # TRANSLATORS: One pair of bot styles of the ladder that no check could decide;
        # {share} is the percentage of the games that the first style won.
        pairs = [tr.format(N_("{style} against {other} ({share})"), style=names[a],
                           other=names[b], share=tr.percent(result.shares[a, b]))
                 for a, b in undecided]
        # TRANSLATORS: {n} is the most games a pair of styles played; {pairs} lists the
        # pairs that had no clear winner then.
        lines.append(tr.nformat("No clear winner after {n} game: {pairs}.",
                                "No clear winner after {n} games: {pairs}.",
                                result.games, pairs=tr.join(pairs)))
    return lines


def _progress_text(check: int, playing: list[tuple[str, str]], seconds: float,
                   tr: Translator) -> str:
    """A ladder played until clear, on its way: the pairs left after a check."""
    # TRANSLATORS: One pair of bot styles of the ladder that plays on.
    pairs = [tr.format(N_("{style} against {other}"), style=_style_name(a, tr),
                       other=_style_name(b, tr)) for a, b in playing]
    # TRANSLATORS: Written while a long ladder runs: {pairs} lists the pairs of styles
    # that play on after {n} games each; {seconds} is the time spent so far.
    return tr.nformat("After {n} game, still playing: {pairs} ({seconds} s so far).",
                      "After {n} games, still playing: {pairs} ({seconds} s so far).",
                      check, pairs=tr.join(pairs), seconds=tr.number(round(seconds, 1)))


def _styles(text: str, players: int, tr: Translator) -> list[str]:
    styles = parse_styles(text, STYLES, tr)
    if not styles:
        # TRANSLATORS: Same role wherever a bot style is read: an error.
        raise OptionsError(N_('Unknown bot style "{style}"; the styles are: {styles}.'),
                           style=excerpt(text), styles=shown_list("style", STYLES, tr))
    if len(styles) > players:
        # TRANSLATORS: {count} is more than {players}, which is 2 or more.
        raise OptionsError(N_("{count} bot styles were given for a table of {players} players: "
                              "give at most one style per seat (with fewer, the styles take "
                              "turns round the table)."), count=len(styles), players=players)
    return styles


def run(args: argparse.Namespace, tr: Translator) -> int:
    # Checks the options first, with their own errors (players, variant, …).
    Options(players=args.players, variant=args.variant, grappling_hook=args.grappling_hook,
            spyglass_points=args.spyglass_points)
    if args.ladder:
        # More processes than processors only share them (and --jobs 1000000 would start
        # thousands): at most one per processor.
        processors = os.cpu_count() or 1
        jobs = min(args.jobs, processors) if args.jobs > 0 else processors
        most = args.games or (LADDER_CLEAR_GAMES if args.until_clear else LADDER_GAMES)
        result = ladder(args.players, most, args.seed, jobs=jobs, until_clear=args.until_clear,
                        progress=lambda *done: print(_progress_text(*done, tr), file=sys.stderr,
                                                     flush=True),
                        variant=args.variant, grappling_hook=args.grappling_hook,
                        spyglass_points=args.spyglass_points)
        print("\n".join(ladder_report(result, tr)))
        return 0
    styles = _styles(args.bots, args.players, tr)
    summary = simulate(args.games or GAMES, args.players, args.seed, styles, variant=args.variant,
                       grappling_hook=args.grappling_hook,
                       spyglass_points=args.spyglass_points)
    print("\n".join(report(summary, tr)))
    return 0
