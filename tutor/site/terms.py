"""The game's words in the page's language, from the glossary (never retyped here)."""

from __future__ import annotations

from ..i18n import Translator


def label(identifier: str, tr: Translator) -> str:
    """The glossary's word for an engine identifier (``compass``, ``fog``…) with a capital
    first letter, for pictures: the translator's word, as every other text names it."""
    word = str(tr.term(identifier))
    return word[:1].upper() + word[1:]
