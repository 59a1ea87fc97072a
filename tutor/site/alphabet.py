"""Alphabetical order of the glossary in the page's language.

French and English sort letters without their accents. Hungarian has its own alphabet:
"cs", "gy", "ny", "sz"… are letters of their own (after "c", "g", "n", "s"), "ö"/"ő" come
after "o"/"ó" and "ü"/"ű" after "u"/"ú", while a long vowel sorts with its short one.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from ..glossary import concepts

#: Hungarian letters in order; letters on one line (a space between) sort as one letter.
_HUNGARIAN = ["a á", "b", "c", "cs", "d", "dz", "dzs", "e é", "f", "g", "gy", "h", "i í",
              "j", "k", "l", "ly", "m", "n", "ny", "o ó", "ö ő", "p", "q", "r", "s", "sz",
              "t", "ty", "u ú", "ü ű", "v", "w", "x", "y", "z", "zs"]
_HU_RANK = {form: rank for rank, line in enumerate(_HUNGARIAN) for form in line.split()}
_HU_DIGRAPHS = sorted((f for f in _HU_RANK if len(f) > 1), key=len, reverse=True)


def _plain(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def letters(word: str, language: str) -> list[str]:
    """The letters of ``word`` (lower case) as the language counts them."""
    word = word.casefold()
    if language != "hu":
        return [ch for ch in _plain(word) if ch.isalnum()]
    out, i = [], 0
    while i < len(word):
        for digraph in _HU_DIGRAPHS:
            if word.startswith(digraph, i):
                out.append(digraph)
                i += len(digraph)
                break
        else:
            if word[i].isalnum():
                out.append(word[i])
            i += 1
    return out


def sort_key(word: str, language: str) -> tuple[Any, ...]:
    """Primary order by the language's letters, then the word itself for ties."""
    if language == "hu":
        primary = [(_HU_RANK.get(letter, 100), _plain(letter)) for letter in
                   letters(word, language)]
    else:
        primary = [(0, letter) for letter in letters(word, language)]
    return (primary, word.casefold())


def initial(word: str, language: str) -> str:
    """The heading letter of ``word``: "Cs" for "csáklya", "Ö" for "ötös", "E" for "été"."""
    first = letters(word, language)[:1] or ["#"]
    letter = first[0]
    if language == "hu":
        letter = _HUNGARIAN[_HU_RANK[letter]].split()[0] if letter in _HU_RANK else letter
    return letter[:1].upper() + letter[1:]


def by_letter(language: str) -> list[tuple[str, str, list[Any]]]:
    """The glossary's concepts as (anchor key, heading letter, concepts) groups, A to Z."""
    ordered = sorted(concepts(), key=lambda c: sort_key(c.term(language), language))
    groups: list[tuple[str, str, list[Any]]] = []
    for concept in ordered:
        letter = initial(concept.term(language), language)
        if not groups or groups[-1][1] != letter:
            key = _plain(letter).replace(" ", "") + ("2" if letter in ("Ö", "Ü") else "")
            groups.append((key, letter, []))
        groups[-1][2].append(concept)
    return groups
