"""Reading what people type: card and die-face names in any of the three languages."""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..engine import data
from ..engine.messages import N_, CelestiaError
from ..glossary import by_engine, fold
from ..i18n import Translator
from ..inputs import excerpt


class InputError(CelestiaError):
    """Something typed that does not describe the game."""


#: A count before a name, as players write it: ``2xcompass`` (or ``2×compass``).
_COUNTED = re.compile(r"^(\d+)\s*[x×]\s*(\D.*)$", re.IGNORECASE)
#: The old way, a count and a space (``2 compass``): the shell cuts it unless quoted.
_SPACED = re.compile(r"^(\d+)\s+(\D.*)$")


def _names(identifiers: Iterable[str]) -> dict[str, str]:
    """Every way to write each identifier (engine id, glossary terms) → identifier."""
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
                kind: str = "card", most: int | None = None,
                too_many: str | None = None) -> list[str]:
    """``"2xcompass,turbo"`` → ``["compass", "compass", "turbo"]``.

    Names may be engine identifiers or the glossary's words in any language, separated by
    commas; ``2xcompass`` repeats one. An unknown name raises ``InputError`` naming it, the
    option and the accepted names; a count written the old way, ``2 compass``, raises one
    that shows the new way. More than ``most`` names in all (by default, the cards of the
    whole game) raise ``too_many`` (with ``{option}``, ``{most}`` and ``{count}``) before
    the list is built: ``999xcompass`` ten thousand times would be ten million cards.
    """
    if most is None:
        most = sum(data.deck_composition(data.STANDARD, grappling_hook=True).values())
    allowed = tuple(identifiers)
    names = _names(allowed)
    counted_names: list[tuple[str, int]] = []
    total = 0
    for raw in text.split(","):
        item = raw.strip()
        if not item:
            continue
        count = 1
        spaced = _SPACED.match(item)
        if spaced:
            raise InputError(N_('"{item}" in {option}: write a number of cards with an x and '
                                'no space, as in {example}.'), item=excerpt(item), option=option,
                             example=excerpt(f"{spaced.group(1)}x{spaced.group(2).strip()}"))
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
        total += count
        counted_names.append((ident, count))
    if total > most:
        # TRANSLATORS: {count} is more than {most}.
        raise InputError(too_many or N_("{option} names {count} cards, but the whole game "
                                        "holds only {most}."),
                         option=option, most=most, count=total)
    return [ident for ident, count in counted_names for _ in range(count)]
