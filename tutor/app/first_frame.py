"""The menu's first frame, drawn before prompt-toolkit is imported.

Importing prompt-toolkit takes most of the tutor's start. The menu's lines need none of
it (``screen_text``), so they are drawn at once, in the alternate screen, exactly as the
app will lay them out; the app then takes the screen over and draws the same frame. Keys
typed in between are neither echoed nor lost: the terminal stops echoing while the frame
is up, and the app reads them when it starts.
"""

from __future__ import annotations

import contextlib
import os
import sys
from typing import TextIO

from ..lessons.controller import Tutor
from . import screen_text
from .style import UI_STYLE, colour_wanted

try:
    import termios
except ImportError:  # not on every system (Windows): the keys are then left as they are
    termios = None  # type: ignore[assignment]

# Select Graphic Rendition codes for the words of ``UI_STYLE``.
_ATTRIBUTES = {"bold": "1", "italic": "3", "underline": "4", "reverse": "7"}
_COLOURS = {"black": 0, "red": 1, "green": 2, "yellow": 3, "blue": 4, "magenta": 5,
            "cyan": 6, "gray": 7}
_ENTER = "\x1b[?1049h\x1b[?25l\x1b[H\x1b[2J"   # alternate screen, no cursor, cleared
_LEAVE = "\x1b[0m\x1b[?1049l\x1b[?25h"


def _colour(name: str, background: bool) -> str:
    """``ansired`` → 31, ``ansibrightblack`` → 90 (40 and 100 for a background)."""
    if not name.startswith("ansi"):
        raise ValueError(name)
    name = name[4:]
    bright = name.startswith("bright")
    if bright:
        name = name[6:]
    if name == "white":  # prompt-toolkit's ansiwhite is the bright one
        name, bright = "gray", True
    base = (100 if bright else 40) if background else (90 if bright else 30)
    return str(base + _COLOURS[name])


def sgr(style: str) -> str:
    """The escape sequence for a fragment's style (``class:header class:colour.done``),
    after a reset, as prompt-toolkit's style would draw it. Raises ValueError for a style
    word it does not know."""
    codes = ["0"]
    for part in style.split():
        if not part.startswith("class:"):
            raise ValueError(part)
        for word in UI_STYLE.get(part[6:], "").split():
            if word in _ATTRIBUTES:
                codes.append(_ATTRIBUTES[word])
            elif word.startswith(("fg:", "bg:")):
                codes.append(_colour(word[3:], background=word.startswith("bg:")))
            else:
                codes.append(_colour(word, background=False))
    return f"\x1b[{';'.join(codes)}m"


def frame_text(rows: list[list[tuple[str, str]]]) -> str:
    """The escape sequences that draw ``rows`` from the top of a cleared screen."""
    out = [_ENTER]
    for number, row in enumerate(rows, start=1):
        out.append(f"\x1b[{number};1H")
        for style, text in row:
            out.append(sgr(style) + text)
        out.append("\x1b[0m")
    return "".join(out)


def _wanted(stream: TextIO) -> bool:
    """Only where the app will draw the same colours with VT100 sequences: a POSIX
    terminal that is not ``dumb`` (there prompt-toolkit draws without colour), with no
    ``PROMPT_TOOLKIT_COLOR_DEPTH`` setting its own."""
    return (os.name == "posix" and stream.isatty()
            and os.environ.get("TERM", "dumb") not in ("", "dumb")
            and os.environ.get("PROMPT_TOOLKIT_COLOR_DEPTH") in (None, ""))


class FirstFrame:
    """The menu drawn ahead of the app, and the terminal put back as it was afterwards.

    ``draw`` shows the frame if it can (it returns whether it did); ``close``, called
    once the app has run or failed to start, gives the terminal back its echo and, if
    the app never took the screen over, leaves the alternate screen.
    """

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stdout
        self.drawn = False
        self._saved: list | None = None

    def draw(self, tutor: Tutor, index: int, message: screen_text.Message | None) -> bool:
        if not _wanted(self.stream):
            return False
        try:
            size = os.get_terminal_size(self.stream.fileno())
        except (OSError, ValueError):
            return False
        rows = screen_text.menu_rows(tutor, index, message, size.columns, size.lines,
                                     colour_wanted())
        if rows is None:
            return False
        self._quiet_keys()
        self.stream.write(frame_text(rows))
        self.stream.flush()
        self.drawn = True
        return True

    def _quiet_keys(self) -> None:
        """No echo and no line editing while the frame waits for the app: a key typed now
        stays unseen until the app reads it (Ctrl-C still interrupts)."""
        if termios is None:
            return
        try:
            fd = sys.stdin.fileno()
            self._saved = termios.tcgetattr(fd)
            quiet = termios.tcgetattr(fd)
            quiet[0] &= ~termios.ICRNL        # Enter stays a carriage return, as in raw mode
            quiet[3] &= ~(termios.ECHO | termios.ICANON)
            termios.tcsetattr(fd, termios.TCSANOW, quiet)
        except (OSError, ValueError, termios.error):
            self._saved = None

    def close(self, app_started: bool) -> None:
        """Put the terminal back: its settings from before the frame (the app restores
        the ones it found, which were the frame's), and the normal screen if the app did
        not start (it leaves the alternate screen itself when it did)."""
        if self._saved is not None:
            with contextlib.suppress(OSError, ValueError, termios.error):
                termios.tcsetattr(sys.stdin.fileno(), termios.TCSANOW, self._saved)
            self._saved = None
        if self.drawn and not app_started:
            with contextlib.suppress(OSError, ValueError):
                self.stream.write(_LEAVE)
                self.stream.flush()
        self.drawn = False
