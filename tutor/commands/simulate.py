"""``celestia simulate``: play many full games between bots and summarise them."""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from ..engine.messages import N_, OptionsError
from ..i18n import Translator

HELP = N_("play full games between bots and print a summary and the speed")


def configure(parser: argparse.ArgumentParser, tr: Translator) -> None:
    _ = tr.gettext
    parser.add_argument("--games", type=int, default=100, metavar=_("N"),
                        help=_("number of games (default 100)"))
    parser.add_argument("--players", type=int, default=4, metavar=_("N"),
                        help=_("players per game, 2 to 6"))
    parser.add_argument("--seed", type=int, default=0, metavar=_("N"),
                        help=_("seed of the first game"))
    parser.add_argument("--variant", choices=("standard", "beginner"), default="standard",
                        # TRANSLATORS: Same role in every command: the help of an option.
                        help=_("rules variant"))
    parser.add_argument("--grappling-hook", action="store_true",
                        # TRANSLATORS: Same role in every command: the help of an option.
                        help=_("add the Grappling Hook promotional cards"))
    parser.add_argument("--spyglass-points", type=int, default=2, metavar=_("N"),
                        help=_("points for each unused Magic Spyglass (default 2)"))
    parser.add_argument("--bots", default="random", metavar=_("STYLES"),
                        help=_("bot style for every seat, or one per seat separated by commas: "
                               "random, cautious, sensible, bold"))


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
    from ..engine import Options, State, make_bot, play_game

    options = Options(players=players, variant=variant, grappling_hook=grappling_hook,
                      spyglass_points=spyglass_points)
    summary = Summary(players, tuple(styles))
    started = time.perf_counter()
    for i in range(games):
        game_seed = seed + i
        bots = [make_bot(styles[p % len(styles)], game_seed * 10 + p) for p in range(players)]
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
    from babel.numbers import format_decimal

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
    lines.append(tr.format(N_("Speed: {games} games/s, {actions} actions/s ({seconds} s in all)."),
                           games=num(summary.games / seconds),
                           actions=num(summary.actions / seconds, "#,##0"),
                           seconds=num(summary.seconds, "#,##0.00")))
    return lines


def _style_name(style: str, tr: Translator) -> str:
    """A bot style in the reader's language ("prudent", "óvatos")."""
    from ..practice.words import STYLE_NAMES

    return tr.gettext(STYLE_NAMES[style]) if style in STYLE_NAMES else style


def run(args: argparse.Namespace, tr: Translator) -> int:
    from ..engine import BOT_STYLES

    styles = [s.strip() for s in args.bots.split(",") if s.strip()]
    unknown = [s for s in styles if s not in BOT_STYLES]
    if unknown or not styles:
        # TRANSLATORS: Same role wherever a bot style is read: an error.
        raise OptionsError(N_('Unknown bot style "{style}"; the styles are: {styles}.'),
                           style=unknown[0] if unknown else args.bots,
                           styles=", ".join(BOT_STYLES))
    if args.games < 1:
        raise OptionsError(N_("The number of games must be at least 1."))
    summary = simulate(args.games, args.players, args.seed, styles, variant=args.variant,
                       grappling_hook=args.grappling_hook,
                       spyglass_points=args.spyglass_points)
    print("\n".join(report(summary, tr)))
    return 0
