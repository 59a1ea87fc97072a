"""The practice game on screen: a full-screen prompt-toolkit application.

Layout, from the top: the board (the tutor's board view, from the learner's seat), the
narration of what happened, the coach (toggled with ``c``, or always on), the learner's
choices, and a line of keys. Every move is saved at once when a save file is given.
"""

from __future__ import annotations

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

from ..app.board import BOARD_STYLE, board_fragments
from ..engine import CelestiaError
from ..engine.messages import N_
from ..i18n import Translator
from .coach import advice_lines
from .game import PracticeGame
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
#: How much of the narration can be scrolled back to.
LOG_KEPT = 400


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
            Window(FormattedTextControl(self._board), wrap_lines=True, dont_extend_height=True),
            rule,
            # The narration keeps its last line in view: the cursor sits on it.
            Window(FormattedTextControl(self._log, show_cursor=False,
                                        get_cursor_position=self._log_end),
                   wrap_lines=True, height=Dimension(min=LOG_LINES // 2, preferred=LOG_LINES)),
            ConditionalContainer(HSplit([rule, Window(FormattedTextControl(self._coach),
                                                      wrap_lines=True,
                                                      dont_extend_height=True)]),
                                 filter=Condition(lambda: self.coach)),
            rule,
            Window(FormattedTextControl(self._choices), wrap_lines=True),
            Window(FormattedTextControl(self._keys_line), height=1, style="class:keys"),
        ])

    def _board(self) -> StyleAndTextTuples:
        width = get_app().output.get_size().columns
        return board_fragments(self.game.state, self.game.learner, self.tr, width=width)

    def _log_end(self) -> Point:
        return Point(0, max(len(self.lines[-LOG_KEPT:]) - 1, 0))

    def _log(self) -> StyleAndTextTuples:
        shown = self.lines[-LOG_KEPT:]
        first_new = len(self.lines) - max(len(self.lines) - self.fresh, 0)
        out: StyleAndTextTuples = []
        for i, line in enumerate(shown, start=len(self.lines) - len(shown)):
            end = "\n" if i < len(self.lines) - 1 else ""
            out.append(("class:log.latest" if i >= first_new else "class:log", line + end))
        return out

    def _coach(self) -> StyleAndTextTuples:
        tr = self.tr
        out: StyleAndTextTuples = [("class:coach.title", tr.gettext(N_("Coach")) + "\n")]
        try:
            lines = advice_lines(self.game.advice(), tr)
        except CelestiaError as err:
            lines = [tr.message(err)]
        out.extend(("class:coach", line + "\n") for line in lines)
        return out

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

    def _keys_line(self) -> StyleAndTextTuples:
        tr = self.tr
        if self.game.over:
            return [("", tr.gettext(N_(" q: quit ")))]
        return [("", tr.gettext(N_(" ↑↓ choose  Enter or 1–9: play  c: coach on/off  "
                                   "s: save  q: quit ")))]

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
                self.notice = self.tr.format(N_("Game saved to {path}."),
                                             path=str(self.save_path))
        except CelestiaError as err:
            self.notice = self.tr.message(err)

    def quit(self) -> None:
        self.save()
        self.app.exit(result=0 if self.game.over else 1)

    def run(self) -> int:
        return self.app.run() or 0
