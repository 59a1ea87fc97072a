"""The standard streams as a program may find them: closed, or carrying bytes that are
not text in the locale's encoding.

A service manager or a cron set-up may start a program with its standard input or output
closed (``<&-``, ``>&-``); Python then sets ``sys.stdin`` or ``sys.stdout`` to None, and
the first file the program opens takes the free descriptor 0 or 1 (a Sphinx process
started then would write its output into it). ``settle`` puts ``/dev/null`` on a closed
descriptor, says whether the input and output are closed, and gives the standard input an
error handler, so that a line that is not text is an error naming the line
(``inputs.read_line``) instead of a crash.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from typing import NamedTuple

from .engine.messages import N_, CelestiaError

#: The exit status of every command stopped by Ctrl-C, after it kept what it must (the
#: shells' convention: 128 + SIGINT).
INTERRUPTED = 130

#: Said by every command that must read what is typed when the standard input is closed.
INPUT_CLOSED = N_("The standard input is closed, and this command reads what you type from "
                  "it: run it from a terminal, or give it a file or a pipe (< FILE).")
#: Said by every command when the standard output is closed (on the error output).
OUTPUT_CLOSED = N_("The standard output is closed, so Celestia has nowhere to write what "
                   "it has to say: run it with its output going to a terminal, a file or a "
                   "pipe (> FILE).")


class InputClosed(CelestiaError):
    """The standard input is closed and the command needs it."""


class ClosedInput(io.TextIOBase):
    """Stands for a closed standard input: not a terminal, and reading it is an error
    that says so (``InputClosed``), never an empty input taken for the end of the moves."""

    def readable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return False

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        raise InputClosed(INPUT_CLOSED)

    def read(self, size: int | None = -1) -> str:
        raise InputClosed(INPUT_CLOSED)


class Settled(NamedTuple):
    """What ``settle`` found (a named tuple: ``dataclasses`` costs every command's start
    a few milliseconds of imports)."""

    input_closed: bool
    output_closed: bool


def _reopen(descriptor: int, mode: int) -> None:
    """Put ``/dev/null`` on ``descriptor`` if it is closed (no file of ours may take it)."""
    try:
        os.fstat(descriptor)
        return
    except OSError:
        pass
    with contextlib.suppress(OSError):
        opened = os.open(os.devnull, mode)
        if opened != descriptor:
            os.dup2(opened, descriptor)
            os.close(opened)


def settle() -> Settled:
    """Look at the standard streams before a command runs (see the module's text)."""
    input_closed = sys.stdin is None
    output_closed = sys.stdout is None
    if input_closed:
        _reopen(0, os.O_RDONLY)
        sys.stdin = ClosedInput()
    if output_closed:
        _reopen(1, os.O_WRONLY)
    if sys.stderr is None:
        _reopen(2, os.O_WRONLY)
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 (for the run)
    if output_closed:
        sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 (for the run)
    reconfigure = getattr(sys.stdin, "reconfigure", None)
    if reconfigure is not None:
        # A line that is not text in the locale's encoding is kept as escapes, and
        # ``inputs.read_line`` names it, instead of the reader raising on the whole block.
        with contextlib.suppress(ValueError, OSError, LookupError, io.UnsupportedOperation):
            reconfigure(errors="surrogateescape")
    return Settled(input_closed, output_closed)


def require_input() -> None:
    """Raise ``InputClosed`` if the standard input is closed (see ``settle``)."""
    if isinstance(sys.stdin, ClosedInput):
        raise InputClosed(INPUT_CLOSED)
