"""Keeping a score sheet after ``celestia score``: in the ``--save`` file when that loses
nothing, else in a draft of the state folder, and the player is told where.

- A sheet already in the ``--save`` file is never written over with fewer of its
  players: at a terminal the player chooses (add the players entered to it, replace it,
  or keep it and put this sheet elsewhere); from a pipe or the arguments it is refused.
- A sheet that was typed and could not be saved where asked (a full disk, a refused
  file) goes to a draft in the state folder; at a terminal the player may name another
  file. A sheet given on the command line is not drafted: the command keeps it.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

from ..engine.messages import N_
from ..i18n import Translator
from .scoresheet import ScoreSheet, SheetError, save_sheet
from .scoreview import result_lines
from .sheetfiles import (
    Existing,
    add_command,
    check_target,
    finish_command,
    merged,
    players_dropped,
    save_draft,
    shown_names,
)

Ask = Callable[[str, str], str]

ADD, REPLACE, ELSEWHERE = "add", "replace", "elsewhere"


def _wrapped(text: str) -> str:
    """One line of text wrapped to the terminal, a numbered choice indented under its
    words; paths and commands are never cut."""
    indent = " " * (text.index(".") + 2) if text.startswith("  ") and "." in text[:6] else ""
    return textwrap.fill(text, max(20, shutil.get_terminal_size().columns - 1),
                         subsequent_indent=indent, break_long_words=False,
                         break_on_hyphens=False)


class Keeper:
    """Where the sheet goes, and what the player is told."""

    def __init__(self, sheet: ScoreSheet, tr: Translator, ask: Ask | None,
                 typed: bool | None = None) -> None:
        self.sheet, self.tr, self.ask = sheet, tr, ask
        #: The sheet was typed at the prompts (not given on the command line).
        self.typed = ask is not None if typed is None else typed
        #: Questions may be asked (a terminal, an entry that was not interrupted).
        self.interactive = ask is not None and bool(getattr(ask, "interactive", False))

    def say(self, text: str, error: bool = False) -> None:
        stream = sys.stderr if error else sys.stdout
        if "\n" not in text and stream.isatty():
            text = _wrapped(text)
        print(text, file=stream)

    # --- The --save file -------------------------------------------------------------
    def keep(self, save: str | None, complete: bool) -> int:
        """Save the sheet; the exit code: 0 saved where asked, 1 an interrupted entry
        (kept), 2 the sheet was not saved where asked."""
        tr = self.tr
        existing = None
        if save:
            try:
                # Looked at again: the file may have changed while the scores were typed.
                existing = check_target(save)
            except SheetError as err:
                self.say(tr.message(err), error=True)
                chosen = None
            else:
                chosen = self._chosen_sheet(save, existing)
            if chosen is not None:
                try:
                    save_sheet(chosen, save, self.tr)
                except SheetError as err:
                    self.say(tr.message(err), error=True)
                else:
                    return self._saved(save, chosen, complete)
            if not self.typed:
                # TRANSLATORS: Same role wherever a sheet is refused: after the reasons.
                self.say(tr.format(N_("Nothing was written to {path}."), path=save),
                         error=True)
                return 2
        elif complete:
            return 0
        return self._draft(complete, save, existing)

    def _chosen_sheet(self, save: str, existing: Existing | None) -> ScoreSheet | None:
        """The sheet to write in ``save``: this one, or the file's with this one's
        players added; None if nothing may be written there."""
        tr = self.tr
        dropped = players_dropped(self.sheet, existing)
        if not dropped:
            if existing is not None and existing.sheet is not None \
                    and self.sheet.document is None:
                # The same players, corrected: the file's comments and layout stay.
                self.sheet.document = existing.sheet.document
            return self.sheet
        assert existing is not None
        players = tr.join(shown_names(dropped))
        if not self.interactive:
            self.say(tr.nformat("{path} already holds a score sheet with {players}, who is "
                                "not on this one: it is left as it is.",
                                "{path} already holds a score sheet with {players}, who are "
                                "not on this one: it is left as it is.", len(dropped),
                                path=save, players=players), error=True)
            command = add_command(save, self.sheet)
            if not self.typed and command is not None:
                self.say(tr.format(N_("To add the players of this sheet to it: {command}"),
                                   command=command), error=True)
            return None
        choice = self._choose(save, players, len(dropped))
        if choice == REPLACE:
            return self.sheet
        if choice == ELSEWHERE:
            return None
        both, problems = merged(existing, self.sheet)
        for problem in problems:
            self.say(tr.message(problem), error=True)
        if both is None:
            self.say(tr.format(N_("Nothing was written to {path}."), path=save), error=True)
        return both

    def _choose(self, save: str, players: str, count: int) -> str:
        tr = self.tr
        assert self.ask is not None
        self.say(tr.nformat("{path} already holds a score sheet with {players}, who is not "
                            "on this one.",
                            "{path} already holds a score sheet with {players}, who are not "
                            "on this one.", count, path=save, players=players))
        self.say("  1. " + tr.gettext(N_("Add the players entered to that sheet (a player "
                                         "entered again takes the new values)")))
        self.say("  2. " + tr.gettext(N_("Replace that sheet with this one")))
        self.say("  3. " + tr.gettext(N_("Leave that file as it is, and save this sheet "
                                         "elsewhere")))
        # TRANSLATORS: Same role after every numbered list of three choices.
        question = N_("Your choice (1, 2 or 3): ")
        # TRANSLATORS: Same role after every numbered list of three choices.
        again = N_("Type 1, 2 or 3.")
        while True:
            try:
                answer = self.ask(tr.gettext(question), "").strip()
            except (EOFError, KeyboardInterrupt):
                self.say("")
                return ELSEWHERE
            if answer in ("1", "2", "3"):
                return {"1": ADD, "2": REPLACE, "3": ELSEWHERE}[answer]
            self.say(tr.gettext(again))

    def _saved(self, path: str, sheet: ScoreSheet, complete: bool) -> int:
        tr = self.tr
        if not complete:
            # TRANSLATORS: Same role wherever an interrupted entry is kept.
            self.say(tr.format(N_("They are saved in {path}. To finish the sheet, add the "
                                  "other players: {command}"), path=path,
                               command=self._finish(path)))
            return 1
        if sheet is not self.sheet:   # the players entered were added to the file's

            self.say(tr.format(N_("The players entered are added to the sheet in {path}, "
                                  "which now reads:"), path=path))
            self.say("\n".join(result_lines(sheet, tr)))
        return 0

    def _finish(self, path: str | Path) -> str:
        # TRANSLATORS: Same role everywhere: the placeholder of --player in a command.
        placeholder = N_("NAME:VALUES")
        return f'{finish_command(path)} --player "{self.tr.gettext(placeholder)}"'

    # --- The draft in the state folder ------------------------------------------------
    def _draft(self, complete: bool, save: str | None, existing: Existing | None) -> int:
        tr = self.tr
        try:
            draft = save_draft(self.sheet, self.tr)
        except SheetError as err:
            self.say(tr.message(err), error=True)
            if complete:   # an interrupted entry has already shown it
                self.say(tr.gettext(N_("The sheet could not be saved anywhere: here it is "
                                       "as a score sheet file, to copy:")))
                self.say(self.sheet.to_toml(self.tr).rstrip("\n"))
            return 2 if complete else 1
        if not complete:
            self.say(tr.format(N_("They are saved in {path}. To finish the sheet, add the "
                                  "other players: {command}"), path=str(draft),
                               command=self._finish(draft)))
        else:
            self.say(tr.format(N_("The score sheet is kept in {path}."), path=str(draft)))
            if self.interactive and self._elsewhere(draft):
                return 0
            command = finish_command(draft).rsplit(" --save ", 1)[0]
            self.say(tr.format(N_("To save it in a file of your choice: {command}"),
                               command=f"{command} --save {tr.gettext(N_('FILE'))}"))
        if save and existing is not None and players_dropped(self.sheet, existing):
            adding = add_command(save, self.sheet)
            if adding is not None:
                self.say(tr.format(N_("To add the players entered to {path} instead: {command}"),
                                   path=save, command=adding))
        return 2 if complete else 1

    def _elsewhere(self, draft: Path) -> bool:
        """Ask for another file until the sheet is saved there (True) or the player
        leaves it in the draft (an empty answer: False)."""
        tr = self.tr
        assert self.ask is not None
        while True:
            try:
                answer = self.ask(tr.gettext(N_("Another file to save it in (Enter leaves "
                                                "it there): ")), "").strip()
            except (EOFError, KeyboardInterrupt):
                self.say("")
                return False
            if not answer:
                return False
            try:
                existing = check_target(answer)
                if players_dropped(self.sheet, existing):
                    self.say(tr.format(N_("{path} already holds a score sheet with other "
                                          "players: choose another file."), path=answer))
                    continue
                save_sheet(self.sheet, answer, self.tr)
            except SheetError as err:
                self.say(tr.message(err))
                continue
            self.say(tr.format(N_("The score sheet is saved in {path}."), path=answer))
            with contextlib.suppress(OSError):
                os.unlink(draft)   # it was only there to keep the sheet safe
            return True
