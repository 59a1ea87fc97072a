"""Reading what people type: card and die-face names in any of the three languages."""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..engine.messages import N_, CelestiaError
from ..i18n import Translator
from ..inputs import excerpt


class InputError(CelestiaError):
    """Something typed that does not describe the game."""


_COUNTED = re.compile(r"^(\d+)\s*[x×*]?\s*(\D.*)$")


def _names(identifiers: Iterable[str]) -> dict[str, str]:
    """Every way to write each identifier (engine id, glossary terms) → identifier."""
    from ..glossary import by_engine, fold

    known = by_engine()
    names: dict[str, str] = {}
    for ident in identifiers:
        names[fold(ident)] = ident
        names[fold(ident.replace("-", " "))] = ident
        concept = known.get(ident)
        if concept:
            for words in concept.terms.values():
                for word in words:
                    names.setdefault(fold(word), ident)
    return names


def parse_names(text: str, identifiers: Iterable[str], option: str, tr: Translator,
                kind: str = "card") -> list[str]:
    """``"2 compass, turbo"`` → ``["compass", "compass", "turbo"]``.

    Names may be engine identifiers or the glossary's words in any language, separated by
    commas; ``2 compass`` (or ``2x compass``) repeats one. An unknown name raises
    ``InputError`` naming it, the option and the accepted names.
    """
    from ..glossary import fold

    allowed = tuple(identifiers)
    names = _names(allowed)
    found: list[str] = []
    for raw in text.split(","):
        item = raw.strip()
        if not item:
            continue
        count = 1
        counted = _COUNTED.match(item)
        if counted:
            if len(counted.group(1)) > 3:  # more than any game holds: refuse before building
                raise InputError(N_('"{text}" in {option} names more cards than the whole '
                                    "game holds."), text=excerpt(item), option=option)
            count, item = int(counted.group(1)), counted.group(2).strip()
        ident = names.get(fold(item))
        if ident is None:
            choices = tr.join([tr.term(i) for i in allowed], style="or")
            if kind == "face":
                raise InputError(N_('"{name}" in {option} is not a die face; write {choices}.'),
                                 name=excerpt(item), option=option, choices=choices)
            raise InputError(N_('"{name}" in {option} is not a card of the game; write '
                                '{choices}.'), name=excerpt(item), option=option,
                             choices=choices)
        found.extend([ident] * count)
    return found
