"""The practice game on screen: a full-screen prompt-toolkit application.

Layout, from the top: the board (the tutor's board view, from the learner's seat), the
narration of what happened, the coach (toggled with ``c``, or always on), the learner's
choices, and a line of keys. Every move is saved at once when a save file is given.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from prompt_toolkit.application import Application, get_app
from prompt_toolkit.data_structures import Point
from prompt_toolkit.filters import Condition
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.layout import (
    ConditionalContainer,
    FormattedTextControl,
    HSplit,
    Layout,
    Window,
)
from prompt_toolkit.layout.dimension import Dimension
from prompt_toolkit.styles import Style

from ..app.board import BOARD_STYLE, board_fragments, board_lines
from ..engine import CelestiaError
from ..engine.messages import N_
from ..i18n import Translator
from .coach import advice_lines
from .game import GAME_SAVED, PracticeGame
from .words import action_label, bots_line, summary_lines

STYLE = Style.from_dict({
    **BOARD_STYLE,
    "rule": "fg:ansibrightblack",
    "log": "",
    "log.latest": "bold",
    "coach": "fg:ansicyan",
    "coach.title": "bold fg:ansicyan",
    "choice": "",
    "choice.selected": "reverse",
    "error": "bold fg:ansired",
    "keys": "reverse",
})

LOG_LINES = 12
#: Below this many rows the board leaves out its legend lines.
ROOMY_ROWS = 30
#: How much of the narration can be scrolled back to.
LOG_KEPT = 400


def _exact(fragments: StyleAndTextTuples) -> Dimension:
    """Exactly as many rows as ``fragments`` has lines (a trailing newline ends the last)."""
    text = "".join(part[1] for part in fragments)
    return Dimension.exact(max(text.rstrip("\n").count("\n") + 1, 1))


class PracticeApp:
    """The screen of one practice game."""

    def __init__(self, game: PracticeGame, tr: Translator, save_path: Path | None = None,
                 coach: bool = False) -> None:
        self.game = game
        self.tr = tr
        self.save_path = save_path
        self.coach = coach
        self.selected = 0
        self.notice = ""
        self.lines: list[str] = [bots_line(game, tr)] + [tr.message(e) for e in game.log]
        self.fresh = len(self.lines)
        self.app: Application[int] = Application(
            layout=Layout(self._container()), key_bindings=self._keys(), style=STYLE,
            full_screen=True, mouse_support=False)

    # --- Layout -------------------------------------------------------------------------
    def _container(self) -> HSplit:
        rule = Window(height=1, char="─", style="class:rule")
        return HSplit([
            # The board is always shown whole; the narration takes what room is left.
            Window(FormattedTextControl(self._board), wrap_lines=True,
                   height=lambda: Dimension.exact(len(self._board_lines()))),
            rule,
            # The narration keeps its last line in view: the cursor sits on it.
            Window(FormattedTextControl(self._log, show_cursor=False,
                                        get_cursor_position=self._log_end),
                   height=Dimension(min=3, preferred=LOG_LINES)),
            ConditionalContainer(HSplit([rule, Window(FormattedTextControl(self._coach),
                                                      height=self._coach_height)]),
                                 filter=Condition(lambda: self.coach)),
            rule,
            Window(FormattedTextControl(self._choices), wrap_lines=True,
                   height=lambda: _exact(self._choices())),
            Window(FormattedTextControl(self._keys_line), style="class:keys",
                   height=lambda: Dimension.exact(len(self._keys_text()))),
        ])

    @staticmethod
    def _size() -> tuple[int, int]:
        size = get_app().output.get_size()
        return size.columns, size.rows

    def _board(self) -> StyleAndTextTuples:
        width, rows = self._size()
        return board_fragments(self.game.state, self.game.learner, self.tr, width=width,
                               compact=rows < ROOMY_ROWS)

    def _board_lines(self) -> list[str]:
        width, rows = self._size()
        return board_lines(self.game.state, self.game.learner, self.tr, width=width,
                           compact=rows < ROOMY_ROWS)

    def _wrapped_log(self) -> list[tuple[bool, str]]:
        """The narration's lines wrapped between words, each marked new or not."""
        width = max(self._size()[0] - 1, 20)
        kept = self.lines[-LOG_KEPT:]
        first = len(self.lines) - len(kept)
        out: list[tuple[bool, str]] = []
        for i, line in enumerate(kept, start=first):
            for part in textwrap.wrap(line, width, subsequent_indent="  ") or [""]:
                out.append((i >= self.fresh, part))
        return out

    def _log_end(self) -> Point:
        return Point(0, max(len(self._wrapped_log()) - 1, 0))

    def _log(self) -> StyleAndTextTuples:
        lines = self._wrapped_log()
        return [("class:log.latest" if new else "class:log",
                 text + ("\n" if i < len(lines) - 1 else ""))
                for i, (new, text) in enumerate(lines)]

    def _coach(self) -> StyleAndTextTuples:
        tr = self.tr
        out: StyleAndTextTuples = [("class:coach.title", tr.gettext(N_("Coach")) + "\n")]
        try:
            lines = advice_lines(self.game.advice(), tr)
        except CelestiaError as err:
            lines = [tr.message(err)]
        width = max(self._size()[0] - 1, 20)
        for line in lines:
            out.extend(("class:coach", part + "\n")
                       for part in textwrap.wrap(line, width, subsequent_indent="  ") or [""])
        return out

    def _coach_height(self) -> Dimension:
        # The coach gives way to the board and the choices on a small screen.
        rows = _exact(self._coach()).preferred
        return Dimension(min=min(rows, 2), preferred=rows, max=rows)

    def _choices(self) -> StyleAndTextTuples:
        tr = self.tr
        out: StyleAndTextTuples = []
        if self.notice:
            out.append(("class:error", self.notice + "\n"))
        if self.game.over:
            out.extend(("", line + "\n") for line in summary_lines(self.game, tr))
            return out
        out.append(("", tr.gettext(N_("Your choices:")) + "\n"))
        for i, action in enumerate(self.game.choices()):
            style = "class:choice.selected" if i == self.selected else "class:choice"
            number = f"{i + 1}. " if i < 9 else "   "
            out.append((style, number + action_label(action, self.game, tr) + "\n"))
        return out

    def _keys_text(self) -> list[str]:
        tr = self.tr
        if self.game.over:
            text = tr.gettext(N_(" q: quit "))
        else:
            text = tr.gettext(N_(" ↑↓ choose  Enter or 1–9: play  c: coach on/off  "
                                 "s: save  q: quit "))
        # Pack whole key groups (separated by two spaces) into lines that fit.
        width = max(self._size()[0] - 2, 20)
        lines: list[str] = []
        for group in (g.strip() for g in text.split("  ") if g.strip()):
            if lines and len(lines[-1]) + 2 + len(group) <= width:
                lines[-1] += "  " + group
            else:
                lines.append(group)
        return lines or [""]

    def _keys_line(self) -> StyleAndTextTuples:
        return [("", " " + "\n ".join(self._keys_text()))]

    # --- Keys ---------------------------------------------------------------------------
    def _keys(self) -> KeyBindings:
        keys = KeyBindings()

        @keys.add("up")
        def _up(event: KeyPressEvent) -> None:
            self.selected = max(self.selected - 1, 0)

        @keys.add("down")
        def _down(event: KeyPressEvent) -> None:
            self.selected = min(self.selected + 1, max(len(self.game.choices()) - 1, 0))

        @keys.add("enter")
        def _enter(event: KeyPressEvent) -> None:
            if self.game.over:
                self.quit()
            else:
                self.choose(self.selected)

        for digit in "123456789":
            @keys.add(digit)
            def _digit(event: KeyPressEvent) -> None:
                self.choose(int(event.key_sequence[0].key) - 1)

        @keys.add("c")
        def _coach(event: KeyPressEvent) -> None:
            self.coach = not self.coach

        @keys.add("s")
        def _save(event: KeyPressEvent) -> None:
            self.save(announce=True)

        @keys.add("q")
        @keys.add("c-c")
        @keys.add("c-d")
        def _quit(event: KeyPressEvent) -> None:
            self.quit()

        return keys

    # --- Actions ------------------------------------------------------------------------
    def choose(self, index: int) -> None:
        choices = self.game.choices()
        if not 0 <= index < len(choices):
            return
        self.notice = ""
        before = len(self.game.log)
        try:
            self.game.play(choices[index])
        except CelestiaError as err:
            self.notice = self.tr.message(err)
            return
        self.fresh = len(self.lines)
        self.lines.extend(self.tr.message(e) for e in self.game.log[before:])
        self.selected = 0
        self.save()

    def save(self, announce: bool = False) -> None:
        if self.save_path is None:
            if announce:
                self.notice = self.tr.gettext(N_("No save file: start the game with --save "
                                                 "FILE to save it."))
            return
        try:
            self.game.save(self.save_path)
            if announce:
                self.notice = self.tr.format(GAME_SAVED,
                                             path=str(self.save_path))
        except CelestiaError as err:
            self.notice = self.tr.message(err)

    def quit(self) -> None:
        self.save()
        self.app.exit(result=0 if self.game.over else 1)

    def run(self) -> int:
        return self.app.run() or 0
