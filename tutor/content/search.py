"""Word matching for the FAQ search: accent- and case-insensitive, tolerant of suffixes.

How a query word matches a text word (after both are *folded*: lower-cased, accents
removed, so "Ködkürt" and "kodkurt" are the same word):

1. equal words match fully;
2. words equal after a light *stem* (dropping common plural and case endings of English,
   French and Hungarian: "compasses" → "compass", "boussoles" → "boussol",
   "iránytűvel" → "iranytu") match fully;
3. otherwise, if one word begins with the other and the shorter has at least
   ``MIN_PREFIX`` letters and at least half of the longer word ("jetpack" / "jetpacket",
   "debarque" / "debarquement"), they match in part, weighted by how much of the longer
   word is covered;
4. otherwise, two words that share all but the last one or two letters of the shorter
   (at least ``MIN_PREFIX`` + 1 letters: "refuse" / "refusing") match more weakly.

Stop words (articles, pronouns and the like in the three languages) are ignored.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

MIN_PREFIX = 4
WORD = re.compile(r"[^\W_]+(?:-[^\W_]+)*", re.UNICODE)

# Endings stripped by ``stem``, longest first. Deliberately light: over-stemming would
# merge unrelated words, and the prefix rule already covers most inflections.
_ENDINGS = sorted({
    # English plurals and verb endings
    "es", "s", "ing", "ed",
    # French plurals and common noun/verb endings
    "x", "aux", "ement", "er", "ez", "ee", "ees", "ent",
    # Hungarian plural, accusative and common case endings (accents already folded)
    "k", "t", "ok", "ek", "ak", "at", "et", "ot", "nak", "nek", "val", "vel",
    "ban", "ben", "ba", "be", "ra", "re", "rol", "tol", "hoz", "hez", "nal",
    "nel", "on", "en", "ig", "kent", "ert", "bol", "ja", "je", "ai", "ei",
}, key=len, reverse=True)

_STOP = """
a an the of to in on at by for and or is are be can do does if it its it's my i me
what when who whom which how why with from as this that there than then may must not
no yes you your he his him she her they them their we our any all one
le la les l un une des du de d et ou est sont il elle ils elles on je j que qu qui quoi
dont quand comment pourquoi avec sans pour par en dans au aux ce cet cette ces son sa ses
leur leurs se s y ne pas peut peux doit faut si mon ma mes me moi nous vous lui
az egy es vagy is nem igen mi mit mikor ki kit hogyan miert van volt lehet kell ha
hogy de meg mar csak ez azt ezt en te o mas minden sem
"""
STOP_WORDS = frozenset(_STOP.split())


def fold(text: str) -> str:
    """Lower-case ``text`` and remove accents ("Débarquement" → "debarquement")."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


@cache
def stem(word: str) -> str:
    """``word`` (folded) without one common ending, keeping at least four letters."""
    for ending in _ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= MIN_PREFIX:
            return word[: -len(ending)]
    return word


def words(text: str) -> list[str]:
    """The folded words of ``text`` that carry meaning (no stop words)."""
    found = []
    for match in WORD.finditer(fold(text)):
        for part in match.group().split("-"):
            if part and part not in STOP_WORDS:
                found.append(part)
    return found


def similarity(query: str, word: str) -> float:
    """How well the folded query word matches a folded text word, from 0 to 1."""
    if query == word:
        return 1.0
    if stem(query) == stem(word):
        return 0.9
    short, long = (query, word) if len(query) <= len(word) else (word, query)
    if len(short) < MIN_PREFIX:
        return 0.0
    # A prefix must cover at least half of the longer word: "dont" is not "döntetlen".
    if (long.startswith(short) or long.startswith(stem(short))) and 2 * len(short) >= len(long):
        return 0.5 + 0.4 * len(short) / len(long)
    common = len(_common_prefix(short, long))
    # Two inflections of one stem ("refuse" / "refusing", "payer" / "payez") share all
    # but the last letter or two of the shorter word.
    if common >= MIN_PREFIX + 1 and common >= len(short) - 2:
        return 0.4 + 0.4 * common / len(long)
    return 0.0


def _common_prefix(a: str, b: str) -> str:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return a[:n]
