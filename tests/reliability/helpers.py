"""Running ``celestia`` in the test's process, as a user would from a shell."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import os
import re
import sys
from dataclasses import dataclass
from functools import cache
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


def run(*argv: str, stdin: str | bytes | None = "", output_closed: bool = False) -> Result:
    """``celestia ARGV`` with ``stdin`` as its input (not a terminal); a bug raises
    (``CELESTIA_DEBUG``), so that Hypothesis shows and shrinks it.

    ``stdin`` as bytes is read as a UTF-8 standard input would be; None is a closed
    standard input (``<&-``), and ``output_closed`` a closed standard output (``>&-``):
    Python then sets ``sys.stdin`` or ``sys.stdout`` to None.
    """
    out, err = io.StringIO(), io.StringIO()
    old_stdin = sys.stdin
    old_debug = os.environ.get("CELESTIA_DEBUG")
    if isinstance(stdin, bytes):
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    else:
        sys.stdin = None if stdin is None else io.StringIO(stdin)  # type: ignore[assignment]
    os.environ["CELESTIA_DEBUG"] = "1"
    try:
        with contextlib.redirect_stdout(None if output_closed else out), \
                contextlib.redirect_stderr(err):
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


@cache
def _english_leak_test():
    """tests/i18n/test_english_leak.py, whose word list is the one authority on what
    counts as English (tests/i18n is not a package: loaded from its file)."""
    path = Path(__file__).resolve().parents[1] / "i18n" / "test_english_leak.py"
    spec = importlib.util.spec_from_file_location("_english_leak", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


#: Identifiers shown as they are in every language (FAQ ids: "captain-must-pay").
_IDENTIFIER = re.compile(r"\b[a-z0-9]+(?:-[a-z0-9]+)+\b")
#: A list of a file's keys ("first_captain, grappling_hook, players et seed"): a list of
#: identifiers of which one at least has an underscore.
_KEY_LIST = re.compile(r"\b[a-z_]+(?:(?:, | and | et | ou | és | vagy | or )[a-z_]+)+\b")


def english_words(text: str, given: list[str] | tuple[str, ...] = ()) -> list[str]:
    """The English words (tests/i18n/test_english_leak.py's list) in a French or
    Hungarian ``text``, leaving out what the user gave (each argument, whole or quoted
    short) and identifiers that are the same in every language."""
    from tutor.inputs import excerpt

    for item in sorted(given, key=len, reverse=True):
        for shown in {item, excerpt(item)}:
            if len(shown) >= 3:   # a shorter one would cut words apart
                # Whole: the option --captain typed leaves --captain-cards as it is.
                text = re.sub(rf"(?<![\w-]){re.escape(shown)}(?![\w-])", " ", text)
    text = _IDENTIFIER.sub(" ", text)
    text = _KEY_LIST.sub(lambda keys: " " if "_" in keys.group() else keys.group(), text)
    typed = " ".join(given).lower()
    words = [w for w in _english_leak_test().english_words(text) if w.lower() not in typed]
    # "Usage" is also French ("Usage : pare le brouillard"); argparse's English is "usage:".
    if "usage: " not in text:
        words = [w for w in words if w.lower() != "usage"]
    return words
