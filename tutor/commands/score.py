"""``celestia score``: the score sheet for a game played at the table (RULES.md §5, §7)."""

from __future__ import annotations

import argparse
import sys

from ..engine.messages import N_
from ..i18n import Translator

HELP = N_("add up the scores of a game played at the table and name the winner")

EPILOG = N_("""Three ways to enter the sheet:
  celestia score                      asks for each player in turn
  celestia score --player "Ann:25,20,4" --player "Bob:15,12,9" --spyglasses Ann=1
  celestia score --file sheet.toml    reads a score sheet file

A score sheet file (TOML) looks like this:
  variant = "standard"        # optional: standard or beginner
  spyglass_points = 2         # optional
  [[players]]
  name = "Ann"
  treasures = [25, 20, 4]     # the values of the Treasure cards
  spyglasses = 1              # unused Magic Spyglasses (optional, default 0)
  [[players]]
  name = "Bob"
  treasures = [15, 12, 9]

Every value is checked against the game's contents. --save writes the sheet entered in
this file format.""")


def configure(parser: argparse.ArgumentParser, tr: Translator) -> None:
    from ..engine import data

    _ = tr.gettext
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.epilog = _(EPILOG)
    parser.add_argument("--player", action="append", default=[], metavar=_("NAME:VALUES"),
                        help=_('one player and their treasure values, e.g. "Ann:25,20,4" '
                               "(repeat for each player)"))
    parser.add_argument("--spyglasses", action="append", default=[], metavar=_("NAME=COUNT"),
                        help=_("unused Magic Spyglasses of a player, e.g. Ann=1"))
    parser.add_argument("--file", metavar=_("FILE"), help=_("read the sheet from a file"))
    parser.add_argument("--save", metavar=_("FILE"),
                        help=_("write the sheet entered to a file (the same format)"))
    parser.add_argument("--variant", choices=("standard", "beginner"), default=None,
                        help=_("rules variant (default: standard, or the file's)"))
    parser.add_argument("--spyglass-points", type=int, default=None, metavar=_("N"),
                        help=tr.format(N_("points for each unused Magic Spyglass (default "
                                          "{points}, or the file's)"),
                                       points=data.SPYGLASS_POINTS_DEFAULT))


def run(args: argparse.Namespace, tr: Translator) -> int:
    from pathlib import Path

    from ..engine import data
    from ..practice.scoresheet import (
        ScoreSheet,
        SheetError,
        load_sheet,
        sheet_from_arguments,
    )
    from ..practice.scoreview import enter_sheet, result_lines

    variant = args.variant or data.STANDARD
    points = data.SPYGLASS_POINTS_DEFAULT if args.spyglass_points is None \
        else args.spyglass_points
    problems: list[SheetError] = []
    if args.file:
        sheet, problems = load_sheet(args.file)
        if args.variant:
            sheet.variant = args.variant
        if args.spyglass_points is not None:
            sheet.spyglass_points = args.spyglass_points
        if args.player or args.spyglasses:
            extra, more = sheet_from_arguments(args.player, args.spyglasses, sheet.variant,
                                               sheet.spyglass_points)
            problems += more
            for entry in extra.entries:
                found = sheet.problems(entry)
                problems += found
                if not found:
                    sheet.add(entry)
    elif args.player or args.spyglasses:
        sheet, problems = sheet_from_arguments(args.player, args.spyglasses, variant, points)
    else:
        sheet = ScoreSheet(variant, points)
        complete = enter_sheet(sheet, _prompt(), print, tr)
        if not complete:
            print(tr.gettext(N_("Entry interrupted. The players entered so far, as a score "
                                "sheet file:")))
            print(sheet.to_toml(), end="")
            if args.save:
                Path(args.save).write_text(sheet.to_toml(), encoding="utf-8")
            return 1
    if args.save:
        try:
            Path(args.save).write_text(sheet.to_toml(), encoding="utf-8")
        except OSError as err:
            raise SheetError(N_("Cannot write {path}: {reason}"), path=args.save,
                             reason=err.strerror or str(err)) from err
    for problem in problems:
        print(tr.message(problem), file=sys.stderr)
    if problems:
        text = tr.ngettext("{n} mistake on the sheet: correct it and try again.",
                           "{n} mistakes on the sheet: correct them and try again.",
                           len(problems))
        print(text.format(n=tr.number(len(problems))), file=sys.stderr)
        return 2
    print("\n".join(result_lines(sheet, tr)))
    return 0


def _prompt():
    """Ask one question at a time; an empty answer takes the default shown.

    On a terminal, a prompt-toolkit session shows the default as a grey placeholder; from
    a pipe, plain lines are read (the end of the input stops the entry).
    """
    if not sys.stdin.isatty():
        def ask_line(question: str, default: str) -> str:
            print(question, end="", flush=True)
            line = sys.stdin.readline()
            if not line:
                print()
                raise EOFError
            print(line.rstrip("\n"))
            return line.strip() or default

        return ask_line

    from prompt_toolkit import PromptSession

    session: PromptSession[str] = PromptSession()

    def ask(question: str, default: str) -> str:
        answer = session.prompt(question, placeholder=default)
        return answer.strip() or default

    return ask
