"""The game's words in the page's language, from the glossary (never retyped here)."""

from __future__ import annotations

from ..glossary import concepts, engine_term


def term(identifier: str, language: str) -> str:
    """The word for an engine identifier (``compass``, ``fog``…) or a glossary concept id."""
    word = engine_term(identifier, language)
    if word is None:
        for concept in concepts():
            if concept.id == identifier:
                return concept.term(language)
        raise KeyError(identifier)
    return word


def label(identifier: str, language: str) -> str:
    """``term`` with a capital first letter, for headings, table cells and pictures."""
    word = term(identifier, language)
    return word[:1].upper() + word[1:]
