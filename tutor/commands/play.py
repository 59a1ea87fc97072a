"""``celestia play``: a practice game against bots, with the odds coach."""

from __future__ import annotations

import argparse

from ..engine.messages import N_
from ..i18n import Translator

HELP = N_("play a practice game against bots, with an exact odds coach")

EPILOG = N_("""Bots: give a number (styles then take turns: cautious, sensible, bold) or one
style per bot, e.g. --bots cautious,bold,bold.

On screen: arrow keys and Enter (or 1 to 9) choose a move, c shows or hides the coach,
s saves, q quits (the game is saved). Without a terminal, or with --batch, moves are read
from the standard input, one a line: the number of a choice or its action (stay, leave,
pay compass+turbo…), or coach, board, save FILE, quit.

The game is saved after every move, as a game record that celestia replay also reads;
--resume goes on with it.""")


def configure(parser: argparse.ArgumentParser, tr: Translator) -> None:
    from ..engine import data

    _ = tr.gettext
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.epilog = _(EPILOG)
    parser.add_argument("--bots", default="2", metavar=_("BOTS"),
                        help=tr.format(N_("how many bots ({low} to {high}), or their styles "
                                          "separated by commas (default {default})"),
                                       low=1, high=data.MAX_PLAYERS - 1, default=2))
    parser.add_argument("--name", help=_("your name at the table"))
    parser.add_argument("--variant", choices=("standard", "beginner"), default="standard",
                        help=_("rules variant"))
    parser.add_argument("--grappling-hook", action="store_true",
                        help=_("add the Grappling Hook promotional cards"))
    parser.add_argument("--spyglass-points", type=int, default=data.SPYGLASS_POINTS_DEFAULT,
                        help=tr.format(N_("points for each unused Magic Spyglass (default "
                                          "{points})"), points=data.SPYGLASS_POINTS_DEFAULT))
    parser.add_argument("--seed", type=int, help=_("seed of the game's chance (default: "
                                                   "random)"))
    parser.add_argument("--coach", action="store_true", help=_("show the coach at every "
                                                               "decision"))
    parser.add_argument("--save", metavar=_("FILE"),
                        help=_("where the game is saved (default: in your state folder)"))
    parser.add_argument("--resume", action="store_true",
                        help=_("go on with the game saved in the save file"))
    parser.add_argument("--batch", action="store_true",
                        help=_("read the moves from the standard input, one a line"))
    parser.add_argument("--board", action="store_true",
                        help=_("with --batch: print the board at every decision"))


def _styles(text: str) -> tuple[str, ...]:
    from ..practice.game import BOT_NAMES, PRACTICE_STYLES, PracticeError

    text = text.strip()
    if text.isdigit():
        count = int(text)
        if not 1 <= count <= len(BOT_NAMES):
            raise PracticeError(N_("A practice game has 1 to {most} bots, not {count}."),
                                most=len(BOT_NAMES), count=count)
        # The expert is asked for by name; a number gives the three ordinary styles in turn.
        return tuple(PRACTICE_STYLES[i % 3] for i in range(count))
    styles = tuple(s.strip() for s in text.split(",") if s.strip())
    if len(styles) > len(BOT_NAMES):  # more bots than seats: say so before anything else
        raise PracticeError(N_("A practice game has 1 to {most} bots, not {count}."),
                            most=len(BOT_NAMES), count=len(styles))
    return styles


def default_save_path():
    from pathlib import Path

    from platformdirs import user_state_dir

    return Path(user_state_dir("celestia")) / "practice-game.json"


def run(args: argparse.Namespace, tr: Translator) -> int:
    import random
    import sys
    from pathlib import Path

    from ..practice.game import PracticeGame, Setup, load

    save_path = Path(args.save) if args.save else default_save_path()
    if args.resume:
        game = load(save_path)
    else:
        setup = Setup(name=args.name or tr.gettext(N_("Player")), bots=_styles(args.bots),
                      variant=args.variant, grappling_hook=args.grappling_hook,
                      spyglass_points=args.spyglass_points,
                      seed=args.seed if args.seed is not None else random.randrange(10**9))
        from ..engine import Options

        Options(players=len(setup.bots) + 1, variant=setup.variant,
                grappling_hook=setup.grappling_hook, spyglass_points=setup.spyglass_points)
        game = PracticeGame.new(setup)
        game.save(save_path)
    if args.batch or not sys.stdin.isatty():
        from ..practice.batch import run_batch

        return run_batch(game, sys.stdin, print, tr, save_path, coach=args.coach,
                         board=args.board)
    from ..practice.ui import PracticeApp

    code = PracticeApp(game, tr, save_path, coach=args.coach).run()
    print(tr.format(N_("Game saved to {path}."), path=str(save_path)))
    if game.over:
        from ..practice.words import summary_lines

        print("\n".join(summary_lines(game, tr)))
    else:
        print(tr.gettext(N_("Resume it with: celestia play --resume")))
    return code
