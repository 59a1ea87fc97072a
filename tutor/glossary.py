"""The game's terms in English, French and Hungarian, read from ``glossary.yaml``.

The terms are data: each language's word is written once in the YAML file. Definitions and
notes are English messages, extracted into the "celestia" domain and translated through the
catalogs. Lookups ignore case and accents, so "kodkurt" finds "ködkürt".
"""

from __future__ import annotations

import difflib
import unicodedata
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from .engine import data
from .engine.messages import N_, CelestiaError
from .file_errors import os_reason, yaml_reason
from .grammar import Term

SOURCE = Path(__file__).with_name("glossary.yaml")
LANGUAGES: tuple[str, ...] = ("en", "fr", "hu")

# One message per language, so that each names its language in words ("no French term",
# "nincs francia kifejezése") instead of showing the code "fr".
_NO_TERM = {
    "en": N_('{path}: the concept "{id}" has no English term.'),
    "fr": N_('{path}: the concept "{id}" has no French term.'),
    "hu": N_('{path}: the concept "{id}" has no Hungarian term.'),
}
_BAD_GENDER = {
    "en": N_('{path}: the English gender of "{id}" is "{gender}"; write m or f.'),
    "fr": N_('{path}: the French gender of "{id}" is "{gender}"; write m or f.'),
    "hu": N_('{path}: the Hungarian gender of "{id}" is "{gender}"; write m or f.'),
}


class GlossaryError(CelestiaError):
    """The glossary file is missing or malformed."""


@dataclass(frozen=True)
class Concept:
    """One concept of the game and its words."""

    id: str
    #: language → (term, alternatives and short forms…); the first is the one to use.
    terms: dict[str, tuple[str, ...]]
    definition: str
    note: str = ""
    #: The engine identifier this concept stands for (a card, a die face), if any.
    engine: str | None = None
    #: language → words for this concept that our texts must not use (one word per thing).
    avoid: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: language → the term's plural, where the glossary gives one (a card's, in en and fr).
    plurals: dict[str, str] = field(default_factory=dict)
    #: language → the term's grammatical gender ("m" or "f"), where given (French cards).
    genders: dict[str, str] = field(default_factory=dict)
    #: language → the short word a person types for it, where the term is long ("longue-vue").
    typed_words: dict[str, str] = field(default_factory=dict)

    def term(self, language: str) -> str:
        return self.terms[language][0]

    def typed(self, language: str) -> str:
        """The word to show where a person types this concept: its ``typed`` form, else
        its term."""
        return self.typed_words.get(language) or self.term(language)


def fold(text: str) -> str:
    """Lower case without accents or apostrophes' variants: the form lookups compare."""
    decomposed = unicodedata.normalize("NFKD", text.casefold().replace("’", "'"))
    return "".join(c for c in decomposed if not unicodedata.combining(c)).strip()


def definition_params() -> dict[str, Any]:
    """Numbers that definitions quote, read from the engine's data (never retyped)."""
    return {"cities": data.BEGINNER_CITIES_TO_END}


def _concept(raw: Any, number: int) -> Concept:
    if not isinstance(raw, dict) or not isinstance(raw.get("id"), str):
        raise GlossaryError(N_("{path}: entry {number} has no id."), path=str(SOURCE),
                            number=number)
    terms: dict[str, tuple[str, ...]] = {}
    avoid: dict[str, tuple[str, ...]] = {}
    plurals: dict[str, str] = {}
    genders: dict[str, str] = {}
    typed: dict[str, str] = {}
    for language in LANGUAGES:
        entry = raw.get(language)
        if not isinstance(entry, dict) or not isinstance(entry.get("term"), str):
            raise GlossaryError(_NO_TERM[language], path=str(SOURCE), id=raw["id"])
        also = entry.get("also", [])
        terms[language] = (entry["term"], *(str(a) for a in also))
        avoid[language] = tuple(str(a) for a in entry.get("avoid", []))
        if isinstance(entry.get("plural"), str):
            plurals[language] = entry["plural"]
        if isinstance(entry.get("typed"), str):
            typed[language] = entry["typed"]
        if "gender" in entry:
            if entry["gender"] not in ("m", "f"):
                raise GlossaryError(_BAD_GENDER[language], path=str(SOURCE), id=raw["id"],
                                    gender=str(entry["gender"]))
            genders[language] = entry["gender"]
    definition = raw.get("definition")
    if not isinstance(definition, str) or not definition.strip():
        raise GlossaryError(N_('{path}: the concept "{id}" has no definition.'),
                            path=str(SOURCE), id=raw["id"])
    return Concept(id=raw["id"], terms=terms, definition=definition.strip(),
                   note=str(raw.get("note", "")).strip(), engine=raw.get("engine"),
                   avoid=avoid, plurals=plurals, genders=genders, typed_words=typed)


@cache
def concepts() -> tuple[Concept, ...]:
    """Every concept, in the glossary's order."""
    # start-up: the lessons page (benchmarks/web.py) gets the concepts parsed by the build,
    # and loads no YAML parser
    import yaml

    try:
        with SOURCE.open(encoding="utf-8") as handle:
            document = yaml.safe_load(handle)
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as err:
        reason = yaml_reason(err) if isinstance(err, yaml.YAMLError) else os_reason(err)
        raise GlossaryError(N_("The glossary {path} cannot be read: {reason}"),
                            path=str(SOURCE), reason=reason) from err
    raw = document.get("concepts") if isinstance(document, dict) else None
    if not isinstance(raw, list):
        raise GlossaryError(N_("{path}: a list of concepts was expected."), path=str(SOURCE))
    return tuple(_concept(item, i + 1) for i, item in enumerate(raw))


@cache
def by_engine() -> dict[str, Concept]:
    """Engine identifier (``compass``, ``fog``, ``spyglass``…) → concept."""
    return {c.engine: c for c in concepts() if c.engine}


def engine_term(identifier: str, language: str) -> Term | None:
    """The word for an engine identifier in ``language`` (a ``grammar.Term``, which knows
    its plural and French gender), or None if it is not a term."""
    concept = by_engine().get(identifier)
    if concept is None:
        return None
    return Term(concept.term(language), language, concept.plurals.get(language),
                concept.genders.get(language))


def _keys(concept: Concept) -> set[str]:
    keys = {fold(concept.id), fold(concept.id.replace("-", " "))}
    if concept.engine:
        keys |= {fold(concept.engine), fold(concept.engine.replace("-", " "))}
    for words in concept.terms.values():
        keys |= {fold(w) for w in words}
    return keys


def find(query: str) -> list[Concept]:
    """Concepts whose term (any language, any form) or id matches ``query``.

    An exact match (ignoring case and accents) wins; otherwise every concept with a term
    that contains the query, or that the query contains as a whole word (so "compasses"
    and "iránytűt" still find the compass).
    """
    wanted = fold(query)
    if not wanted:
        return []
    exact = [c for c in concepts() if wanted in _keys(c)]
    if exact:
        return exact
    found = []
    for concept in concepts():
        for key in _keys(concept):
            if wanted in key or (len(key) >= 4 and wanted.startswith(key)):
                found.append(concept)
                break
    return found


#: How alike (difflib's ratio, 0 to 1) a term must be to the query to be suggested.
CLOSE_ENOUGH = 0.65


def closest(query: str, language: str, limit: int = 3) -> list[tuple[Concept, str | None]]:
    """The concepts whose terms are closest in spelling to ``query``, for a "did you mean"
    hint in ``language``: each concept once, ``(concept, None)`` when its term in that
    language is close, first; then ``(concept, word)`` when only another language's
    ``word`` is (what the reader typed was that language's: "comapss" → "compass")."""
    wanted = fold(query)
    own: list[tuple[float, Concept]] = []
    foreign: list[tuple[float, Concept, str]] = []
    for concept in concepts():
        best: tuple[float, str] | None = None
        for words_language, words in concept.terms.items():
            for word in words:
                score = difflib.SequenceMatcher(None, wanted, fold(word)).ratio()
                if score < CLOSE_ENOUGH:
                    continue
                if words_language == language:
                    own.append((score, concept))
                elif best is None or score > best[0]:
                    best = (score, word)
        if best is not None and not any(c is concept for _, c in own):
            foreign.append((best[0], concept, best[1]))
    found: list[tuple[Concept, str | None]] = []
    for _, concept in sorted(own, key=lambda item: -item[0]):
        if all(c is not concept for c, _ in found):
            found.append((concept, None))
    found += [(concept, word) for _, concept, word in sorted(foreign, key=lambda i: -i[0])]
    return found[:limit]
