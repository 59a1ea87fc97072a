"""``celestia score``: the score sheet for a game played at the table (RULES.md §5, §7)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from ..engine import data
from ..engine.messages import N_, CelestiaError
from ..i18n import Translator
from ..inputs import read_line, spyglass_points_argument, typed
from ..practice.parse import variant_argument, variant_metavar
from ..std_streams import INTERRUPTED, require_input

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
    parser.add_argument("--variant", type=variant_argument(tr), metavar=variant_metavar(tr),
                        default=None,
                        help=_("rules variant (default: standard, or the file's)"))
    parser.add_argument("--spyglass-points", type=spyglass_points_argument(tr), default=None,
                        metavar=_("N"),
                        help=tr.format(N_("points for each unused Magic Spyglass (default "
                                          "{points}, or the file's)"),
                                       points=data.SPYGLASS_POINTS_DEFAULT))


def run(args: argparse.Namespace, tr: Translator) -> int:
    # start-up: `celestia --help` imports every command's module (benchmarks/lookup.py)
    from ..practice.scoresheet import (
        ScoreSheet,
        SheetError,
        in_file,
        load_sheet,
        sheet_from_arguments,
    )
    from ..practice.scoreview import enter_sheet, result_lines
    from ..practice.sheetfiles import check_target
    from ..practice.sheetkeep import Keeper

    variant = args.variant or data.STANDARD
    points = data.SPYGLASS_POINTS_DEFAULT if args.spyglass_points is None \
        else args.spyglass_points
    if args.save:   # before anything is typed: a --save that cannot take a sheet
        check_target(args.save)
    given = [typed(p) for p in args.player], [typed(s) for s in args.spyglasses]
    problems: list[SheetError] = []
    ask = None
    if args.file:
        # The command's --variant and --spyglass-points apply before any player is checked.
        sheet, problems = load_sheet(args.file, args.variant, args.spyglass_points)
        if args.player or args.spyglasses:
            extra, more = sheet_from_arguments(*given, sheet.variant, sheet.spyglass_points)
            problems += more
            for entry in extra.entries:
                found = sheet.problems(entry)
                problems += found
                if not found:
                    sheet.add(entry)
    elif args.player or args.spyglasses:
        sheet, problems = sheet_from_arguments(*given, variant, points)
    else:
        require_input()   # the sheet is typed there
        ask = _prompt()
        sheet = ScoreSheet(variant, points)
        watched = _Watched(ask)
        if not enter_sheet(sheet, watched, print, tr):
            if watched.error is not None:   # a line that could not be read: said first
                print(tr.message(watched.error), file=sys.stderr)
            code = _interrupted(sheet, args.save, tr)
            if watched.interrupted:   # Ctrl-C ends every command so, once the sheet is kept
                return INTERRUPTED
            return code   # 1: the entry stopped, what was typed is kept
    if not problems:
        try:
            lines = result_lines(sheet, tr)
        except SheetError as err:  # too few players: in the file, if there is one
            problems.append(in_file(err, args.file) if args.file else err)
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
    if not args.save:
        return 0
    return Keeper(sheet, tr, ask).keep(args.save, complete=True)


def _interrupted(sheet, save: str | None, tr: Translator) -> int:
    """Entry stopped part-way: keep every player typed, in the --save file or, failing
    that, in the state folder, and show them as a sheet file too."""
    if not sheet.entries:
        print(tr.gettext(N_("Entry interrupted before any player was entered.")))
        return 1
    print(tr.gettext(N_("Entry interrupted. The players entered so far, as a score "
                        "sheet file:")))
    print(sheet.to_toml(tr), end="")
    # Whoever stopped the entry wants to leave: no more questions.
    # start-up: `celestia --help` imports every command's module (benchmarks/lookup.py)
    from ..practice.sheetkeep import Keeper

    return Keeper(sheet, tr, None, typed=True).keep(save, complete=False)


class _Ask:
    """Ask one question at a time; an empty answer takes the default shown.

    On a terminal, a prompt-toolkit session shows the default as a grey placeholder; from
    a pipe, plain lines are read (the end of the input stops the entry).
    """

    def __init__(self) -> None:
        #: A person answers (a terminal): a choice may be asked; from a pipe, never.
        self.interactive = sys.stdin.isatty()
        self._session = None

    def __call__(self, question: str, default: str) -> str:
        if not self.interactive:
            print(question, end="", flush=True)
            line = read_line(sys.stdin)
            if not line:
                print()
                raise EOFError
            print(line.rstrip("\n"))
            return line.strip() or default
        if self._session is None:
            # start-up: `celestia --help` imports every command's module (benchmarks/lookup.py)
            from prompt_toolkit import PromptSession

            self._session = PromptSession()
        answer = typed(self._session.prompt(question, placeholder=default))
        return answer.strip() or default


class _Watched:
    """An ``ask`` that remembers why the entry stopped: Ctrl-C, or an input that could not
    be read (a line that is not text), which stops the entry as its end does, so that
    every player typed before is kept."""

    def __init__(self, ask: Callable[[str, str], str]) -> None:
        self.ask = ask
        self.interrupted = False
        self.error: CelestiaError | None = None

    def __call__(self, question: str, default: str) -> str:
        try:
            return self.ask(question, default)
        except KeyboardInterrupt:
            self.interrupted = True
            raise
        except CelestiaError as err:
            self.error = err
            print()
            raise EOFError from err


def _prompt() -> _Ask:
    return _Ask()
