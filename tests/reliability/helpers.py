"""Running ``celestia`` in the test's process, as a user would from a shell."""

from __future__ import annotations

import contextlib
import io
import os
import sys
from dataclasses import dataclass
from pathlib import Path

from tutor.cli import main

#: English that must never reach a French or Hungarian reader: the operating system's
#: and the parsers' own words, argparse's, and Python's.
ENGLISH_LEAKS = ("No such file", "Is a directory", "Not a directory", "Permission denied",
                 "Expecting value", "Expecting ", "Errno", "Traceback", "No space left",
                 "Read-only file system", "invalid int value", "Exceeds the limit",
                 "Unexpected character", "Invalid number", "Cannot read", "Cannot write",
                 "is not a valid", "UnicodeEncodeError", "Error:")


@dataclass
class Result:
    code: int
    out: str
    err: str

    @property
    def text(self) -> str:
        return self.out + self.err


def run(*argv: str, stdin: str = "") -> Result:
    """``celestia ARGV`` with ``stdin`` as its input (not a terminal); a bug raises
    (``CELESTIA_DEBUG``), so that Hypothesis shows and shrinks it."""
    out, err = io.StringIO(), io.StringIO()
    old_stdin = sys.stdin
    old_debug = os.environ.get("CELESTIA_DEBUG")
    sys.stdin = io.StringIO(stdin)
    os.environ["CELESTIA_DEBUG"] = "1"
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(list(argv))
            except SystemExit as done:  # argparse: --help, or a bad argument
                code = done.code if isinstance(done.code, int) else 1
    finally:
        sys.stdin = old_stdin
        if old_debug is None:
            os.environ.pop("CELESTIA_DEBUG", None)
        else:
            os.environ["CELESTIA_DEBUG"] = old_debug
    return Result(code, out.getvalue(), err.getvalue())


def files(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (relative path → content)."""
    if not folder.exists():
        return {}
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


def leaks(text: str, given: str = "") -> list[str]:
    """The English phrases in ``text`` that are not in what the user gave."""
    return [phrase for phrase in ENGLISH_LEAKS if phrase in text and phrase not in given]
