"""Plain-text output of the lookups: wrapped to the terminal (at most 80 columns),
coloured only on a terminal and only when ``NO_COLOR`` is not set (no-color.org)."""

from __future__ import annotations

import os
import re
import sys
from typing import TextIO

from ..terminal_text import columns

MAX_WIDTH = 80
BOLD = "\033[1m"
DIM = "\033[2m"
RESET = "\033[0m"


def width(least: int = 20) -> int:
    """The width to wrap to: the terminal's, at most ``MAX_WIDTH`` (80 when piped) and at
    least ``least`` (a terminal of 2 columns must not stop a command)."""
    return max(least, min(MAX_WIDTH, columns(MAX_WIDTH)))


#: The characters ``textwrap`` breaks lines at; no-break spaces (U+00A0, U+202F) are not.
_BREAKS = str.maketrans("\t\n\x0b\x0c\r", "     ")
_SPACES = re.compile(r"( +)")
#: A number and the word it counts stay on one line ("2 exemplaires", "84 cartes"): the
#: space between them is held by a private character while the text is wrapped.
_COUNT = re.compile(r"(?<![\w.,])(\d+) (?=[^\W\d])")
_HELD = "\ue000"
#: A dash between two clauses ends its line rather than starting the next one.
_DASH = re.compile(r" (?=[–—] )")


def wrap(text: str, columns: int, first: str = "", rest: str = "") -> list[str]:
    """``text`` in lines of at most ``columns`` characters, the first starting with
    ``first`` and the others with ``rest``: what ``textwrap.wrap`` gives with
    ``break_on_hyphens=False``, without importing it (its patterns cost a lookup more
    than the wrapping does). Lines break only at ordinary spaces, which are kept inside a
    line ("Rules: 3.4  Entry: …") and dropped around a break; a word too long for a line
    is cut."""
    lines: list[str] = []
    line, gap, indent = "", "", first
    held = _DASH.sub(_HELD, _COUNT.sub(r"\1" + _HELD, text.translate(_BREAKS)))
    for chunk in _SPACES.split(held):
        if not chunk:
            continue
        if chunk[0] == " ":
            gap = chunk if line else ""
            continue
        word, room = chunk, columns - len(indent)
        if line and len(line) + len(gap) + len(word) <= room:
            line += gap + word
            continue
        if line and len(word) > max(1, columns - len(rest)) and len(line) + 2 <= room:
            # A word too long for any line starts at the end of this one, as textwrap
            # does it.
            cut = room - len(line) - len(gap)
            if cut > 0:
                line, word = line + gap + word[:cut], word[cut:]
        if line:
            lines.append(indent + line)
            indent, room = rest, columns - len(rest)
        while len(word) > max(1, room):
            lines.append(indent + word[:max(1, room)])
            word = word[max(1, room):]
            indent, room = rest, columns - len(rest)
        line, gap = word, ""
    if line:
        lines.append(indent + line)
    return [line.replace(_HELD, " ") for line in lines]


def wrap_lines(lines: list[str], columns: int) -> list[str]:
    """Each of ``lines`` wrapped to ``columns``, keeping the spaces it starts with and
    indenting its further lines by two more."""
    out: list[str] = []
    for line in lines:
        body = line.lstrip(" ")
        lead = line[:len(line) - len(body)]
        out += wrap(body, columns, lead, lead + "  ") or [""]
    return out


def use_colour(stream: TextIO | None = None) -> bool:
    stream = stream or sys.stdout
    if os.environ.get("NO_COLOR"):
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


class Writer:
    """Writes wrapped paragraphs to one stream."""

    def __init__(self, stream: TextIO | None = None, columns: int | None = None) -> None:
        self.stream = stream or sys.stdout
        self.width = columns or width()
        self.colour = use_colour(self.stream)
        self.at_start = True  # nothing written yet, or a blank line last

    def style(self, text: str, code: str) -> str:
        return f"{code}{text}{RESET}" if self.colour and text else text

    def paragraph(self, body: str, label: str = "", indent: str = "",
                  code: str = BOLD) -> None:
        """``body`` wrapped; ``label`` (an id) starts the first line and is styled,
        following lines hang under the start of the body."""
        head = f"{indent}{label}  " if label else indent
        lines = wrap(body, self.width, head, " " * len(head)) or [head.rstrip()]
        if label:
            lines[0] = indent + self.style(label, code) + lines[0][len(indent) + len(label):]
        self.stream.write("\n".join(lines) + "\n")
        self.at_start = False

    def block(self, text: str) -> None:
        """Pre-formatted lines (a table), written as they are."""
        self.stream.write(text + "\n")
        self.at_start = False

    def blank(self) -> None:
        """One empty line; never two in a row, none at the start."""
        if not self.at_start:
            self.stream.write("\n")
        self.at_start = True


def error(message: str) -> None:
    """``message`` on the standard error, wrapped like the rest of the output."""
    Writer(sys.stderr).paragraph(message)
