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
    from ..inputs import spyglass_points_argument

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
    parser.add_argument("--spyglass-points", type=spyglass_points_argument(tr), default=None,
                        metavar=_("N"),
                        help=tr.format(N_("points for each unused Magic Spyglass (default "
                                          "{points}, or the file's)"),
                                       points=data.SPYGLASS_POINTS_DEFAULT))


def run(args: argparse.Namespace, tr: Translator) -> int:
    from ..engine import data
    from ..practice.scoresheet import (
        ScoreSheet,
        SheetError,
        load_sheet,
        save_sheet,
        sheet_from_arguments,
    )
    from ..practice.scoreview import enter_sheet, result_lines

    variant = args.variant or data.STANDARD
    points = data.SPYGLASS_POINTS_DEFAULT if args.spyglass_points is None \
        else args.spyglass_points
    problems: list[SheetError] = []
    if args.file:
        # The command's --variant and --spyglass-points apply before any player is checked.
        sheet, problems = load_sheet(args.file, args.variant, args.spyglass_points)
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
        if not enter_sheet(sheet, _prompt(), print, tr):
            return _interrupted(sheet, args.save, tr)
    if not problems:
        try:
            lines = result_lines(sheet, tr)
        except SheetError as err:  # too few players
            problems.append(err)
    if problems:
        for problem in problems:
            print(tr.message(problem), file=sys.stderr)
        text = tr.ngettext("{n} mistake on the sheet: correct it and try again.",
                           "{n} mistakes on the sheet: correct them and try again.",
                           len(problems))
        print(text.format(n=tr.number(len(problems))), file=sys.stderr)
        if args.save:
            # Nothing is written over a file until the whole sheet has been checked.
            print(tr.format(N_("Nothing was written to {path}."), path=args.save),
                  file=sys.stderr)
        return 2
    print("\n".join(lines))
    if args.save:
        try:
            save_sheet(sheet, args.save, tr)
        except SheetError as err:
            print(tr.message(err), file=sys.stderr)
            return 2
    return 0


def _interrupted(sheet, save: str | None, tr: Translator) -> int:
    """Entry stopped part-way: keep every player typed, in the --save file or, failing
    that, in the state folder, and show them as a sheet file too."""
    import shlex
    import time

    from ..practice.scoresheet import SheetError, save_sheet
    from ..storage import state_dir

    if not sheet.entries:
        print(tr.gettext(N_("Entry interrupted before any player was entered.")))
        return 1
    print(tr.gettext(N_("Entry interrupted. The players entered so far, as a score "
                        "sheet file:")))
    print(sheet.to_toml(tr), end="")
    places = [save] if save else []
    places.append(str(state_dir() / f"score-sheet-{time.strftime('%Y%m%d-%H%M%S')}.toml"))
    for place in places:
        try:
            save_sheet(sheet, place, tr)
        except SheetError as err:
            print(tr.message(err), file=sys.stderr)
            continue
        quoted = shlex.quote(place)
        command = (f"celestia score --file {quoted} --save {quoted} --player "
                   f'"{tr.gettext(N_("NAME:VALUES"))}"')
        print(tr.format(N_("They are saved in {path}. To finish the sheet, add the other "
                           "players: {command}"), path=place, command=command))
        return 1
    return 1


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
