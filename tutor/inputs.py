"""What people hand us, read in one place: whole numbers bounded to what the game allows,
names, what the terminal sent, and short excerpts of bad input for error messages.

``str.isdigit`` accepts characters that ``int`` refuses (``²``, other scripts' digits),
and ``int`` refuses texts of more than 4,300 digits: every number a person types goes
through ``whole`` instead, which reads only the digits 0 to 9 and refuses a number
outside its bounds before converting a long text.
"""

from __future__ import annotations

import argparse
import weakref
from collections.abc import Callable, Iterator
from typing import Any, Protocol, TextIO

from .engine import data
from .engine.messages import EXCERPT_CHARS as EXCERPT_CHARS
from .engine.messages import N_, CelestiaError
from .engine.messages import excerpt as excerpt
from .engine.seats import NAME_MAX as NAME_MAX
from .engine.seats import name_problem as name_problem


class Translator(Protocol):
    """What the argument types need of ``tutor.i18n.Translator`` (which stands above
    this module: it quotes a language typed with ``excerpt``)."""

    def format(self, msgid: str, **params: Any) -> str: ...

    def number(self, value: float) -> str: ...

#: Points for each unused Magic Spyglass (§5.2, option ``spyglass_points``).
SPYGLASS_POINTS_MAX = data.SPYGLASS_POINTS_MAX
#: A seed is any whole number a 64-bit integer holds.
SEED_MAX = 2**63 - 1


class NumberError(CelestiaError):
    """A number a person gave that is not a whole number within its bounds."""


def whole(text: str, low: int = 0, high: int = SEED_MAX) -> int | None:
    """``text`` (spaces around allowed) as a whole number from ``low`` to ``high``, or None.

    Only the digits 0 to 9 count (a leading ``-`` when ``low`` is negative); a text
    longer than ``high`` can be is refused without being converted.
    """
    text = text.strip()
    digits = text[1:] if text.startswith("-") and low < 0 else text
    if not digits or not (digits.isascii() and digits.isdigit()):
        return None
    if len(digits.lstrip("0")) > len(str(max(abs(low), abs(high)))):
        return None
    value = int(text)
    return value if low <= value <= high else None


#: No system takes a longer path (Linux: 4,096 bytes): a longer one is quoted short.
PATH_MAX = 4096


def shown_path(path: object) -> str:
    """A path to name in a message: whole, unless no system could take it (then it is
    not a path but, say, a file pasted by mistake, and it is quoted short)."""
    text = str(path)
    return text if len(text) <= PATH_MAX else excerpt(text)


def typed(text: str) -> str:
    """``text`` as the person typed it, though Python could not decode it.

    Under an ASCII locale (``LC_ALL=C`` with ``PYTHONUTF8=0``) Python reads each byte of
    "é" that is not ASCII as an escape (``\\udcc3``), which would look like control
    characters; the terminal almost surely sent UTF-8, else a Latin-1 encoding: the bytes
    are decoded again so. Text without such escapes is returned as it is.
    """
    if not any("\udc80" <= ch <= "\udcff" for ch in text):
        return text
    raw = text.encode("utf-8", "surrogateescape")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("cp1252", "replace")


class InputNotText(CelestiaError):
    """A line of the standard input that is not text in its encoding."""


#: Lines read so far from each input stream, to name a line that is not text.
_LINES_READ: weakref.WeakKeyDictionary[TextIO, int] = weakref.WeakKeyDictionary()


def read_line(stream: TextIO) -> str:
    """One line typed on ``stream``; "" at the end of the input.

    Bytes that are not text in the stream's encoding (a Latin-1 "é" in a UTF-8 input)
    raise ``InputNotText`` naming the line. An ASCII locale says nothing of what the
    terminal sends: the line is then read as ``typed`` reads it (UTF-8, else Latin-1).
    """
    number = _LINES_READ.get(stream, 0) + 1
    try:
        line = stream.readline()
    except UnicodeDecodeError as err:   # a stream without an error handler
        raise _not_text(number, err.object[err.start:err.end], stream) from err
    _LINES_READ[stream] = number
    if not any("\udc80" <= ch <= "\udcff" for ch in line):
        return line
    if _is_ascii(stream):
        return typed(line)
    raw = line.encode("utf-8", "surrogateescape")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise _not_text(number, err.object[err.start:err.end], stream) from err


def read_lines(stream: TextIO) -> Iterator[str]:
    """The lines of ``stream`` one by one, as ``read_line`` reads them."""
    while True:
        line = read_line(stream)
        if not line:
            return
        yield line


def _is_ascii(stream: TextIO) -> bool:
    encoding = str(getattr(stream, "encoding", None) or "")
    return encoding.lower().replace("_", "-") in ("ascii", "us-ascii", "ansi-x3.4-1968")


def _not_text(number: int, wrong: bytes, stream: TextIO) -> InputNotText:
    encoding = "utf-8" if _is_ascii(stream) else str(getattr(stream, "encoding", None)
                                                     or "utf-8")
    shown = "".join(f"\\x{byte:02x}" for byte in wrong[:8])
    return InputNotText(N_("Line {line} of the standard input is not {encoding} text: it "
                           "holds the bytes {bytes}, which cannot be read. Save the input as "
                           "{encoding} and try again."),
                        line=number, encoding=encoding.upper(), bytes=shown)


def argument(tr: Translator, low: int, high: int) -> Callable[[str], int]:
    """An argparse ``type`` for a whole number from ``low`` to ``high``, its error
    message translated, the bounds written the reader's way and the bad value quoted
    short.

    The one parser of every numeric option of every command, with ``whole``'s rule: the
    digits 0 to 9 only. Other scripts' digits ("٣") and look-alikes ("²", "３") are
    refused everywhere: the game's numbers are printed with 0 to 9 in all three
    languages, every keyboard that types them has those digits, and one rule means a
    number that one command takes, every command takes.
    """

    def parse(text: str) -> int:
        value = whole(text, low, high)
        if value is None:
            raise argparse.ArgumentTypeError(tr.format(
                N_('"{value}" is not a whole number from {low} to {high}.'),
                value=excerpt(text), low=tr.number(low), high=tr.number(high)))
        return value

    parse.__name__ = "whole number"
    return parse


def spyglass_points_argument(tr: Translator) -> Callable[[str], int]:
    """The ``--spyglass-points`` of every command: 0 to ``SPYGLASS_POINTS_MAX``."""
    return argument(tr, 0, SPYGLASS_POINTS_MAX)


def seed_argument(tr: Translator) -> Callable[[str], int]:
    return argument(tr, 0, SEED_MAX)
