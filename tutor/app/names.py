"""The words people read for the engine's card and die-face identifiers.

The engine speaks in stable identifiers (``lightning-rod``, ``fog``); people read the
glossary's terms (``tutor/glossary.yaml``, the one source of the game's words in every
language). Kept free of any UI import so that the lesson controller, the transcript and
practice games share it.
"""

from __future__ import annotations

from ..i18n import Translator


def term(identifier: str, tr: Translator) -> str:
    """The glossary's word for a card or face identifier (the identifier if it has none,
    or if the glossary cannot be read: a board is still drawn)."""
    from ..glossary import GlossaryError

    try:
        return tr.term(identifier)
    except GlossaryError:
        return identifier


def card_name(card: str, tr: Translator) -> str:
    return term(card, tr)


def face_name(face: str, tr: Translator) -> str:
    return term(face, tr)


def capitalised(text: str) -> str:
    """First letter in capitals, for a word that starts a line or a list item."""
    return text[:1].upper() + text[1:]


def dice_text(dice: str | list[str] | tuple[str, ...], tr: Translator) -> str:
    """``fog blank`` → ``fog, blank`` with the face names translated."""
    faces = dice.split() if isinstance(dice, str) else list(dice)
    return ", ".join(face_name(f, tr) for f in faces)
