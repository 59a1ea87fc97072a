"""The pseudo-language ``qps``: English made accented and 40 % longer, for testing layout.

Not a language for people, and never shipped as one: ``--lang qps`` is accepted only when
the environment sets ``CELESTIA_PSEUDO=1`` (CI and the tests do). Every message of the
catalogs' templates (``locales/*.pot``) is shown as "⟦Ŝţåý åƀöåŕð ~~~~⟧": its letters
accented, its placeholders kept, padded by 40 % and bracketed, so that a screen in ``qps``
shows at once a text that no catalog holds (it has no brackets) and a line that no longer
fits (it is longer than any real translation). Game terms from the glossary get the same
treatment (``Translator.term``).
"""

from __future__ import annotations

import gettext
import math
import re
from functools import cache
from pathlib import Path

CODE = "qps"
SWITCH = "CELESTIA_PSEUDO"
OPEN, CLOSE = "⟦", "⟧"
TEMPLATES = Path(__file__).resolve().parent.parent / "locales"

_ACCENTS = str.maketrans(
    "abcdeghijklnorstuwyzABCDEGHIJKLNORSTUWYZ",
    "åƀçðéĝĥîĵķļñöŕšţûŵýžÅƁÇÐÉĜĤÎĴĶĻÑÖŔŠŢÛŴÝŽ")
#: Kept as they are: placeholders, options and commands that people type, escapes.
_KEEP = re.compile(r"\{[^{}]*\}|%\(\w+\)\w|%[sd%]|(?<![\w-])--?[\w-]+|`[^`]*`"
                   r"|^[ \t]+celestia\b.*?(?= {2,}|$)|\bcelestia(?: \w+)?|\\\w|<[^>]*>"
                   r"|\"[^\"\n]*\"|^[ \t]+\w+ = [^#\n]*|^[ \t]+\[\[\w+\]\]", re.MULTILINE)


def accented(text: str) -> str:
    """``text`` with its letters accented, what must stay as typed left alone."""
    out, last = [], 0
    for kept in _KEEP.finditer(text):
        out.append(text[last:kept.start()].translate(_ACCENTS))
        out.append(kept.group())
        last = kept.end()
    out.append(text[last:].translate(_ACCENTS))
    return "".join(out)


def pseudo(text: str) -> str:
    """"Stay aboard" → "⟦Šţåý åƀöåŕð ~~~~⟧": accented, 40 % longer, bracketed. A text of one
    character (a key: "y") stays as it is."""
    if len(text.strip()) <= 1:
        return text
    # Each line grows by 40 %: a text laid out in lines (a help's sample commands) keeps
    # its lines, each as much longer as a translation's may be.
    lines = [line + _padding(line) if line.strip() else line
             for line in accented(text).split("\n")]
    if lines[-1] == "":  # a text that ends a line keeps ending it
        return OPEN + "\n".join(lines[:-1]) + CLOSE + "\n"
    return OPEN + "\n".join(lines) + CLOSE


def _padding(line: str) -> str:
    """" ~~~~": 40 % of the line's length more, in words that lines may break between."""
    extra = math.ceil(len(line) * 0.4)
    return " " + " ".join("~" * min(8, extra - i) for i in range(0, extra, 9))


@cache
def _templates() -> frozenset[tuple[str | None, str]]:
    """(context, msgid) of every message of every template; plurals by their singular."""
    # start-up: only a pseudo-language run reads the templates (benchmarks/lookup.py)
    from babel.messages.pofile import read_po

    found = set()
    for path in sorted(TEMPLATES.glob("*.pot")):
        with path.open("rb") as handle:
            for message in read_po(handle):
                ids = message.id if isinstance(message.id, tuple) else (message.id,)
                for msgid in ids:
                    if msgid:
                        found.add((message.context, msgid))
    return frozenset(found)


def known(msgid: str, context: str | None = None) -> bool:
    return (context, msgid) in _templates()


class PseudoCatalog(gettext.NullTranslations):
    """English through ``pseudo``, for the messages the templates hold; any other text is
    left as it is, so that it shows (without brackets) as not from a catalog."""

    def gettext(self, message: str) -> str:
        return pseudo(message) if known(message) else message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        chosen = msgid1 if n == 1 else msgid2
        return pseudo(chosen) if known(msgid1) else chosen

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message) if known(message, context) else message

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        chosen = msgid1 if n == 1 else msgid2
        return pseudo(chosen) if known(msgid1, context) else chosen


def outside_brackets(text: str) -> str:
    """What ``text`` shows outside the brackets of the pseudo-language's messages (they
    nest: a message filled with another)."""
    out, depth = [], 0
    for ch in text:
        if ch == OPEN:
            depth += 1
        elif ch == CLOSE:
            depth = max(0, depth - 1)
        elif depth == 0:
            out.append(ch)
    return "".join(out)
