"""The names people read for the engine's card and die-face identifiers.

The engine speaks in stable identifiers (``lightning-rod``, ``fog``); people read the
glossary's terms in their language. Kept free of any UI import so that the lesson
controller, the transcript and practice games share it.
"""

from __future__ import annotations

from ..engine.messages import N_
from ..i18n import Translator

#: Card identifier → its name (GLOSSARY.md terms).
CARD_NAMES: dict[str, str] = {
    "compass": N_("Compass"),
    "lightning-rod": N_("Lightning Rod"),
    "foghorn": N_("Foghorn"),
    "cannon": N_("Cannon"),
    "turbo": N_("Turbo"),
    "ejection": N_("Ejection"),
    "jetpack": N_("Jetpack"),
    "alternative-route": N_("Alternative Route"),
    "gust-of-wind": N_("Gust of Wind"),
    "grappling-hook": N_("Grappling Hook"),
    "spyglass": N_("Magic Spyglass"),
}

#: Die face identifier → its name.
FACE_NAMES: dict[str, str] = {
    "fog": N_("fog"),
    "lightning": N_("lightning"),
    "birds": N_("birds"),
    "pirates": N_("pirates"),
    "blank": N_("blank"),
}


def card_name(card: str, tr: Translator) -> str:
    """The translated name of a card identifier (unknown identifiers are shown as is)."""
    msgid = CARD_NAMES.get(card)
    return tr.gettext(msgid) if msgid else card


def face_name(face: str, tr: Translator) -> str:
    msgid = FACE_NAMES.get(face)
    return tr.gettext(msgid) if msgid else face


def cards_text(cards: str, tr: Translator) -> str:
    """``compass+turbo`` (an engine payment) → ``Compass, Turbo`` in the reader's language."""
    from babel.lists import format_list

    names = [card_name(c, tr) for c in cards.replace("+", " ").split() if c]
    return format_list(names, locale=tr.language) if names else ""


def dice_text(dice: str | list[str] | tuple[str, ...], tr: Translator) -> str:
    """``fog blank`` → ``fog, blank`` with the face names translated."""
    faces = dice.split() if isinstance(dice, str) else list(dice)
    return ", ".join(face_name(f, tr) for f in faces)
