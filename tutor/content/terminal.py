"""Plain-text output of the lookups: wrapped to the terminal (at most 80 columns),
coloured only on a terminal and only when ``NO_COLOR`` is not set (no-color.org)."""

from __future__ import annotations

import os
import shutil
import sys
import textwrap
from typing import TextIO

MAX_WIDTH = 80
BOLD = "\033[1m"
DIM = "\033[2m"
RESET = "\033[0m"


def width() -> int:
    """The width to wrap to: the terminal's, at most ``MAX_WIDTH`` (80 when piped)."""
    columns = shutil.get_terminal_size((MAX_WIDTH, 24)).columns
    return max(20, min(MAX_WIDTH, columns))


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
        lines = textwrap.wrap(body, self.width, initial_indent=head,
                              subsequent_indent=" " * len(head),
                              break_on_hyphens=False) or [head.rstrip()]
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
