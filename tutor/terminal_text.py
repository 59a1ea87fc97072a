"""Write what the terminal can take.

Under an ASCII or Latin-1 locale (``LC_ALL=C`` with ``PYTHONUTF8=0``, an old terminal),
printing "é", "ő", "—" or "▲" would raise ``UnicodeEncodeError``. The output streams get
an error handler instead that writes the nearest plain letters ("e", "o", "-", "^"),
and "?" for what has none; bytes that came in undecodable (file names, typed text) go
out as they came.
"""

from __future__ import annotations

import codecs
import contextlib
import os
import sys
import unicodedata

HANDLER = "celestia-plain"

#: Characters that decomposition does not bring down to ASCII.
_PLAIN: dict[str, str] = {
    "—": "-", "–": "-", "‐": "-", "‑": "-", "−": "-",
    "‘": "'", "’": "'", "‚": "'", "“": '"', "”": '"', "„": '"',
    "«": "<<", "»": ">>", "‹": "<", "›": ">",
    "…": "...", "×": "x", "·": ".", "•": "*", "°": "o",
    "→": "->", "←": "<-", "↑": "^", "↓": "v", "▲": "^", "▼": "v", "►": ">", "◄": "<",
    "✓": "+", "✔": "+", "✗": "x", "★": "*", "☆": "*",
    "─": "-", "━": "-", "│": "|", "┃": "|", "═": "=", "║": "|",
    "┌": "+", "┐": "+", "└": "+", "┘": "+", "├": "+", "┤": "+", "┬": "+", "┴": "+",
    "┼": "+", "█": "#", "░": ".", "▒": ":", "▓": "#",
    "\u00a0": " ", "\u202f": " ", "\u2009": " ", "\u2007": " ", "\u200b": "",
    "œ": "oe", "Œ": "OE", "æ": "ae", "Æ": "AE", "ß": "ss", "ø": "o", "Ø": "O",
    "đ": "d", "Đ": "D", "ł": "l", "Ł": "L", "⁄": "/", "€": "EUR",
}


def plain(ch: str) -> str:
    """The nearest ASCII for one character ("ő" → "o", "—" → "-"), else "?"."""
    if ch in _PLAIN:
        return _PLAIN[ch]
    decomposed = unicodedata.normalize("NFKD", ch)
    ascii_part = "".join(c for c in decomposed if c.isascii())
    if ascii_part:
        return ascii_part
    return "".join(_PLAIN.get(c, "") for c in decomposed) or "?"


def _handler(err: UnicodeError) -> tuple[str | bytes, int]:
    if not isinstance(err, UnicodeEncodeError):
        raise err
    chunk = err.object[err.start:err.end]
    if all("\udc80" <= ch <= "\udcff" for ch in chunk):
        # Undecodable bytes read earlier (surrogateescape): write them back as they were.
        return bytes(ord(ch) - 0xDC00 for ch in chunk), err.end
    replacement = "".join(plain(ch) for ch in chunk)
    try:
        replacement.encode(err.encoding)
    except (UnicodeError, LookupError):
        replacement = "?" * len(chunk)
    return replacement, err.end


codecs.register_error(HANDLER, _handler)


def make_streams_safe() -> None:
    """Give stdout and stderr the handler, so that no text makes them raise."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is None:
            continue
        # A stream replaced by a test, or closed, is left as it is.
        with contextlib.suppress(ValueError, OSError, LookupError):
            reconfigure(errors=HANDLER)


def columns(fallback: int = 80) -> int:
    """``shutil.get_terminal_size((fallback, 24)).columns``: COLUMNS when set, else the
    terminal's width, else ``fallback``; without importing shutil, which brings the
    compression modules (a tenth of a lookup's start-up)."""
    try:
        found = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        found = 0
    if found <= 0:
        try:
            found = os.get_terminal_size(sys.__stdout__.fileno()).columns
        except (AttributeError, ValueError, OSError):
            found = 0
    return found or fallback
