"""The tutor app in this process, drawn onto a terminal emulator (pyte): the real
application, its key bindings and its layout, with the keys fed and each screen drawn at
once instead of through an event loop — so that a test or a check can read every screen
of every lesson at several sizes in seconds, where a pseudo-terminal takes minutes.

pyte comes with the ``test`` extra: only the tests and ``tutor.tools.pseudo_check`` use
this module."""

from __future__ import annotations

from typing import Any

import pyte
from prompt_toolkit.application.current import set_app
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import DummyInput
from prompt_toolkit.input.vt100_parser import Vt100Parser
from prompt_toolkit.key_binding import KeyPress
from prompt_toolkit.output.vt100 import Vt100_Output

from tutor.app.main import create_app


class _Terminal:
    """What the app writes goes to the emulator."""

    encoding = "utf-8"

    def __init__(self, stream: pyte.Stream) -> None:
        self.stream = stream

    def write(self, data: str) -> None:
        self.stream.feed(data)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return True


class AppScreen:
    """``tutor``'s app on a ``rows`` × ``cols`` screen (the lesson ``lesson_id`` open)."""

    def __init__(self, tutor: Any, lesson_id: str | None = None, rows: int = 24,
                 cols: int = 80) -> None:
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.Stream(self.screen)
        output = Vt100_Output(_Terminal(self.stream), lambda: Size(rows=rows, columns=cols),
                              term="xterm", enable_cpr=False)
        self.app = create_app(tutor, lesson_id, input=DummyInput(), output=output)
        # Keys come whole: no waiting to see whether more of an escape sequence follows.
        self.app.timeoutlen = None
        self.app.ttimeoutlen = None
        self.ui = self.app.tutor_ui
        self.tutor = tutor
        self._presses: list[KeyPress] = []
        self._parser = Vt100Parser(self._presses.append)
        self.draw()

    def draw(self) -> None:
        with set_app(self.app):
            # As Application._redraw does: the controls keep their text for one drawing.
            self.app.render_counter += 1
            self.app.layout.update_parents_relations()
            self.app.renderer.render(self.app, self.app.layout)
        self.app.output.flush()

    def send(self, keys: str) -> None:
        """Type ``keys`` (escape sequences for arrows and PgUp as a terminal sends them),
        each handled by the app's own key bindings, then draw the screen. (Keys that quit
        the app need a running one: use the pipe input of ``test_app`` for those.)"""
        self._parser.feed(keys)
        self._parser.flush()
        presses, self._presses[:] = list(self._presses), []
        with set_app(self.app):
            for press in presses:
                self.app.key_processor.feed(press)
                self.app.key_processor.process_keys()
        self.draw()

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    def squashed(self) -> str:
        """The screen without any whitespace: text wrapped anywhere reads as one."""
        return "".join(self.text().split())
