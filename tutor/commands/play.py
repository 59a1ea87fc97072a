"""``celestia play``: a practice game against bots, with the odds coach."""

from __future__ import annotations

import argparse
import contextlib
import random
import sys
import textwrap
from pathlib import Path

from ..content.terminal import width
from ..engine import Options, data
from ..engine.messages import N_
from ..file_errors import InUse
from ..i18n import Translator
from ..inputs import excerpt, read_lines, seed_argument, spyglass_points_argument, typed, whole
from ..names import is_unnamed_player, unnamed_player
from ..practice.batch import command_list, run_batch
from ..practice.game import (
    BOT_NAMES,
    PRACTICE_STYLES,
    PracticeError,
    PracticeGame,
    Setup,
    default_save_path,
    load,
)
from ..practice.parse import (
    parse_styles,
    shown,
    shown_list,
    variant_argument,
    variant_metavar,
)
from ..practice.saved import QUIT, RESUME, make_room, open_elsewhere, saved_lines
from ..std_streams import require_input
from ..storage import hold

HELP = N_("play a practice game against bots, with an exact odds coach")

#: The help's closing paragraphs, each filled to the terminal's width at run time.
EPILOG = (
    N_("Bots: give a number (styles then take turns: {ordinary}) or one style per bot, e.g. "
       "--bots {example}. The styles are {styles}; {expert} plays by the coach's figures and is "
       "the strongest. Unlike the coach, it also weighs what flying on brings the other "
       "passengers."),
    N_("On screen: arrow keys and Enter (or 1 to 9) choose a move, c shows or hides the "
       "coach, m opens all the coach says (every choice's points and the odds behind them), "
       "s saves, q quits (the game is saved). Without a terminal, or with --batch, moves are "
       "read from the standard input, one a line: the number of a choice or its words as "
       "shown, or one of these commands: {commands}."),
    N_("The game is saved after every move, as a game record that celestia replay also "
       "reads; --resume goes on with it, with every option it was started with (--coach "
       "included). If an unfinished game is saved when you start a new one, you are asked "
       "what to do with it; --new starts the new game at once and keeps the unfinished one "
       "in a file of its own."),
)


def epilog(tr: Translator) -> str:
    """The epilog with the styles and commands in the reader's words (the words to type)."""
    def style(name: str) -> str:
        return shown("style", name, tr)

    words = {"ordinary": shown_list("style", PRACTICE_STYLES[:3], tr),
             "example": ",".join(style(s) for s in ("cautious", "bold", "expert")),
             "styles": shown_list("style", PRACTICE_STYLES, tr), "expert": style("expert"),
             "commands": command_list(tr, "and")}
    # The words filled in are as long as each language makes them: each paragraph is
    # filled to fit the terminal (never cut inside "--bots prudent,bold").
    return "\n\n".join(textwrap.fill(tr.format(part, **words), _width(),
                                     break_on_hyphens=False, break_long_words=False)
                       for part in EPILOG)


def _width() -> int:
    # argparse indents its help by two columns.
    return width(22) - 2


def configure(parser: argparse.ArgumentParser, tr: Translator) -> None:
    _ = tr.gettext
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.epilog = epilog(tr)
    # Raw text, so that the epilog keeps its paragraphs: the description is filled here.
    parser.description = textwrap.fill(parser.description or "", _width())
    parser.add_argument("--bots", default=None, metavar=_("BOTS"),
                        help=tr.format(N_("how many bots ({low} to {high}), or their styles "
                                          "separated by commas (default {default})"),
                                       low=1, high=data.MAX_PLAYERS - 1, default=2))
    parser.add_argument("--name", metavar=_("NAME"), help=_("your name at the table"))
    parser.add_argument("--variant", type=variant_argument(tr), metavar=variant_metavar(tr),
                        default=None,
                        help=_("rules variant"))
    parser.add_argument("--grappling-hook", action="store_true", default=None,
                        help=_("add the Grappling Hook promotional cards"))
    parser.add_argument("--spyglass-points", type=spyglass_points_argument(tr), default=None,
                        metavar=_("N"),
                        help=tr.format(N_("points for each unused Magic Spyglass (default "
                                          "{points})"), points=data.SPYGLASS_POINTS_DEFAULT))
    parser.add_argument("--seed", type=seed_argument(tr), metavar=_("N"),
                        help=_("seed of the game's chance (default: random)"))
    parser.add_argument("--coach", action="store_true", help=_("show the coach at every "
                                                               "decision"))
    parser.add_argument("--save", metavar=_("FILE"),
                        help=_("where the game is saved (default: in your state folder)"))
    parser.add_argument("--resume", action="store_true",
                        help=_("go on with the game saved in the save file"))
    parser.add_argument("--new", action="store_true",
                        help=_("start a new game even if an unfinished one is saved (it is "
                               "kept in a file of its own)"))
    parser.add_argument("--batch", action="store_true",
                        help=_("read the moves from the standard input, one a line"))
    parser.add_argument("--board", action="store_true",
                        help=_("with --batch: print the board at every decision"))


#: The options that shape a game: ``--resume`` takes them from the saved game.
GAME_OPTIONS = {"bots": "--bots", "name": "--name", "variant": "--variant",
                "grappling_hook": "--grappling-hook", "spyglass_points": "--spyglass-points",
                "seed": "--seed"}


def _styles(text: str, tr: Translator) -> tuple[str, ...]:
    text = text.strip()
    if text.isdigit():  # also "²" and other scripts' digits: a count, but not one we take
        count = whole(text, 1, len(BOT_NAMES))
        if count is None:
            raise PracticeError(N_("A practice game has 1 to {most} bots, not {count}."),
                                most=len(BOT_NAMES), count=excerpt(text))
        # The expert is asked for by name; a number gives the three ordinary styles in turn.
        return tuple(PRACTICE_STYLES[i % 3] for i in range(count))
    given = [s for s in text.split(",") if s.strip()]
    if len(given) > len(BOT_NAMES):  # more bots than seats: say so before anything else
        raise PracticeError(N_("A practice game has 1 to {most} bots, not {count}."),
                            most=len(BOT_NAMES), count=len(given))
    return tuple(parse_styles(text, PRACTICE_STYLES, tr))


def run(args: argparse.Namespace, tr: Translator) -> int:
    require_input()   # the moves are read from it: say so before a game is started
    save_path = Path(args.save) if args.save else default_save_path()
    interactive = not args.batch and sys.stdin.isatty() and sys.stdout.isatty()
    with contextlib.ExitStack() as holding:
        # One writer per saved game: this program keeps the file until it ends.
        try:
            holding.enter_context(hold(save_path))
        except InUse:
            mine = open_elsewhere(save_path, args.resume, interactive, tr)
            if mine is None:
                return 0
            save_path = mine
            holding.enter_context(hold(save_path))
        return _play(args, tr, save_path, interactive)


def _play(args: argparse.Namespace, tr: Translator, save_path: Path,
          interactive: bool) -> int:
    if args.resume:
        given = [flag for name, flag in GAME_OPTIONS.items() if getattr(args, name) is not None]
        if given or args.new:
            raise PracticeError(N_("--resume goes on with the saved game as it was started; "
                                   "leave out {options}."),
                                options=tr.join(given + (["--new"] if args.new else [])))
        game = load(save_path)
        game = _name_unnamed(game, tr)
        game.coach = game.coach or args.coach
    else:
        game = _start(args, tr, save_path, interactive)
        if game is None:
            return 0
    if not interactive:
        lines = read_lines(sys.stdin)  # what the terminal sent, decoded
        return run_batch(game, lines, print, tr, save_path, coach=game.coach,
                         board=args.board)
    # start-up: `celestia --help` imports every command's module (benchmarks/lookup.py)
    from ..practice.ui import PracticeApp

    app = PracticeApp(game, tr, save_path, coach=game.coach)
    code = app.run()
    game.coach = app.coach

    print("\n".join(saved_lines(game, save_path, tr, columns=width())))
    return code


def _name_unnamed(game: PracticeGame, tr: Translator) -> PracticeGame:
    """A game started without a name, resumed in another language, names the learner in
    the reader's language ("Joueur 1" becomes "1. játékos")."""
    name, number = game.state.seats[game.learner], game.learner + 1
    if name == unnamed_player(number, tr) or not is_unnamed_player(name, number):
        return game
    record = game.to_record()
    record["seats"][game.learner] = unnamed_player(number, tr)
    return PracticeGame.from_record(record)


def _start(args: argparse.Namespace, tr: Translator, save_path, interactive: bool):
    """A new game, saved at once; None if the player chose to quit at the question about
    an unfinished game."""
    setup = Setup(name=typed(args.name) if args.name else unnamed_player(1, tr),
                  bots=_styles(args.bots if args.bots is not None else "2", tr),
                  variant=args.variant or "standard",
                  grappling_hook=bool(args.grappling_hook),
                  spyglass_points=(args.spyglass_points if args.spyglass_points is not None
                                   else Options().spyglass_points),
                  seed=args.seed if args.seed is not None else random.randrange(10**9),
                  coach=args.coach)
    Options(players=len(setup.bots) + 1, variant=setup.variant,
            grappling_hook=setup.grappling_hook, spyglass_points=setup.spyglass_points)
    game = PracticeGame.new(setup)  # refuses a wrong set-up before the saved game is touched

    choice, old = make_room(save_path, args.new, interactive, args.save is None, tr)
    if choice == QUIT:
        return None
    if choice == RESUME:
        assert old is not None
        old.coach = old.coach or args.coach
        return old
    game.save(save_path)
    return game
