"""Messages the engine emits: events and errors as message ids with parameters.

The engine never translates. A message id is the English sentence with named
placeholders; the i18n layer looks it up in the catalogs and fills the placeholders.
``N_`` marks a literal for extraction without translating it here.
"""

from __future__ import annotations

import unicodedata
from typing import Any, NamedTuple

#: How much of a bad input an error message quotes.
EXCERPT_CHARS = 40


def N_(msgid: str) -> str:  # noqa: N802 - the conventional gettext marker name
    """Mark ``msgid`` for extraction; return it unchanged."""
    return msgid


class Event(NamedTuple):
    """Something that happened, to be narrated.

    ``kind`` is a short stable code for programs; ``msgid``/``params`` are for people.
    ``to`` is None for a public event, or the one player allowed to see it.
    """

    kind: str
    msgid: str
    params: dict[str, Any]
    to: int | None = None

    def english(self) -> str:
        return self.msgid.format(**self.params)


class CelestiaError(Exception):
    """An error a person should read: a message id with parameters. A message about a
    count gives its ``plural`` message id too; the count is then the parameter ``n``."""

    def __init__(self, msgid: str, *, plural: str = "", **params: Any) -> None:
        self.msgid = msgid
        self.plural = plural
        self.params = params
        super().__init__(self.english())

    def __deepcopy__(self, memo: dict[int, Any]) -> CelestiaError:
        return self  # never changed once raised: a copy of what holds it may share it

    def english(self) -> str:
        text = self.plural if self.plural and self.params.get("n") != 1 else self.msgid
        return text.format(**self.params)


class IllegalAction(CelestiaError):
    """An action the rules forbid; ``rule`` is the RULES.md section it breaks."""

    def __init__(self, rule: str, msgid: str, *, action: str = "", **params: Any) -> None:
        self.rule = rule
        self.action = action
        super().__init__(msgid, action=action, rule=rule, **params)


class ChanceError(CelestiaError):
    """A chance outcome that is impossible, or a chance script that ran out."""


class OptionsError(CelestiaError):
    """Game options that do not describe a playable game."""


class RecordError(CelestiaError):
    """A game record that cannot be read or replayed.

    ``entry`` is the 1-based number of the history entry at fault (None when the fault is
    not in one entry); ``cause`` is the engine's own error for that entry, if any, so that
    a front end can show both messages translated.
    """

    def __init__(self, msgid: str, *, entry: int | None = None,
                 cause: CelestiaError | None = None, **params: Any) -> None:
        self.entry = entry
        self.cause = cause
        super().__init__(msgid, **params)


def excerpt(text: str, limit: int = EXCERPT_CHARS) -> str:
    """At most ``limit`` characters of ``text`` to quote in an error, control characters
    shown as escapes and a cut marked with "…"."""
    shown = text if len(text) <= limit else text[:limit]
    shown = "".join(ch if unicodedata.category(ch)[0] != "C" else _escape(ch) for ch in shown)
    return shown + ("…" if len(text) > limit else "")


def _escape(ch: str) -> str:
    return repr(ch)[1:-1] if ch.isascii() else f"\\u{ord(ch):04x}"
