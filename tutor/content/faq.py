"""The FAQ: questions players ask, answered, each resting on rule ids of ``rules``.

The entries live in ``faq.yaml`` (English, translated through the "content" catalogs).
``search`` finds entries for a few words typed in any of the three languages; see
``tutor.content.search`` for how words are matched.

    >>> from tutor.content import faq
    >>> len(faq.entries()) >= 30
    True
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from ..engine.messages import N_
from .loader import Checker, load
from .values import Values, fill, for_language

if TYPE_CHECKING:
    from ..i18n import Translator

FILE = "faq.yaml"
ENTRY_ID = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")
RULE_REF = re.compile(r"^[0-9]+(\.[0-9]+)*$")
#: How much a match counts in each part of an entry.
FIELD_WEIGHTS = {"keywords": 3.0, "question": 2.0, "answer": 1.0}


@dataclass(frozen=True)
class Entry:
    """One question and its answer. ``question``, ``answer`` and each keyword are English
    message ids; ``rules`` the ids of the rule statements or sections it rests on."""

    id: str
    question: str
    answer: str
    rules: tuple[str, ...]
    keywords: tuple[str, ...]


@cache
def _entries() -> tuple[Entry, ...]:
    from . import rules as rulebook

    check = Checker(FILE)
    root = check.mapping(load(FILE), "", "entries")
    check.unknown_keys(root, "", {"entries"})
    found = []
    seen: set[str] = set()
    for position, node in enumerate(check.items(root.get("entries"), "", "entries"), 1):
        node = check.mapping(node, str(position), "entries")
        ident = check.ident(node, position)
        check.unknown_keys(node, ident, {"id", "question", "answer", "rules", "keywords"})
        if not ENTRY_ID.match(ident):
            raise check.fail(N_('{file}, entry {id}: an FAQ id is made of lower-case words '
                                'joined by hyphens, like "captain-must-pay".'), ident)
        check.unique(seen, ident)
        refs = tuple(str(r) for r in check.items(node.get("rules"), ident, "rules"))
        if not refs:
            raise check.fail(N_('{file}, entry {id}: "rules" must name at least one rule.'),
                             ident)
        for ref in refs:
            if not rulebook.exists(ref):
                raise check.fail(N_('{file}, entry {id}: "rules" names the unknown rule '
                                    '"{rule}".'), ident, rule=ref)
        keywords = check.texts(node, ident, "keywords")
        if not keywords:
            raise check.fail(N_('{file}, entry {id}: "keywords" must list at least one '
                                'search word.'), ident)
        found.append(Entry(ident, check.text(node, ident, "question"),
                           check.text(node, ident, "answer"), refs, keywords))
    return tuple(found)


def entries() -> list[Entry]:
    """Every FAQ entry, in file order."""
    return list(_entries())


def get(entry_id: str) -> Entry | None:
    """The entry with this id, or None."""
    for entry in _entries():
        if entry.id == entry_id:
            return entry
    return None


def _render(msgid: str, tr: Translator) -> str:
    values = for_language(tr.language)
    try:
        return fill(tr.gettext(msgid), values)
    except (KeyError, IndexError, ValueError):
        return fill(msgid, values)


def render_question(entry: Entry, tr: Translator) -> str:
    """The question, translated, numbers filled in."""
    return _render(entry.question, tr)


def render_answer(entry: Entry, tr: Translator) -> str:
    """The answer, translated, numbers filled in."""
    return _render(entry.answer, tr)


# --- Search ---------------------------------------------------------------------------

class _Index:
    """The FAQ's words in one language: for each entry, the best field weight of each of
    its words; and every distinct word, so that a query word is compared once per word."""

    def __init__(self, language: str) -> None:
        from ..i18n import Translator
        from .search import words

        tr = Translator(language)
        # Lists ("1, 2, 4 and 6") are joined plainly: the numbers stay searchable and
        # indexing needs no Babel locale data.
        plain = Values(language, plain_lists=True)

        def render(msgid: str) -> str:
            try:
                return fill(tr.gettext(msgid), plain)
            except (KeyError, IndexError, ValueError):
                return fill(msgid, plain)

        self.entries: list[dict[str, float]] = []
        self.vocabulary: set[str] = set()
        for entry in _entries():
            weights: dict[str, float] = {}
            fields = {
                # The id's words ("reshuffle", "lone-captain") count in every language.
                "keywords": " ".join([*(tr.gettext(k) for k in entry.keywords), entry.id]),
                "question": render(entry.question),
                "answer": render(entry.answer),
            }
            for name, text in fields.items():
                for word in words(text):
                    weights[word] = max(weights.get(word, 0.0), FIELD_WEIGHTS[name])
            self.entries.append(weights)
            self.vocabulary.update(weights)


@cache
def _index(language: str) -> _Index:
    return _Index(language)


def _scores(query_words: list[str], language: str) -> list[float]:
    """One score per entry: for each query word, the best weighted match in the entry,
    weighted by how rare the matched word is among the entries."""
    from .search import similarity

    index = _index(language)
    total = len(index.entries)
    scores = [0.0] * total
    for q in query_words:
        close = {w: v for w in index.vocabulary if (v := similarity(q, w))}
        if not close:
            continue
        best = [max((weight * close[w] for w, weight in entry.items() if w in close),
                    default=0.0) for entry in index.entries]
        hits = sum(1 for m in best if m)
        rarity = math.log((total + 1) / hits)
        for i, m in enumerate(best):
            scores[i] += m * (rarity + 0.1)
    return scores


def search(query: str, language: str, limit: int = 5) -> list[Entry]:
    """Entries matching ``query``, best first: matches in ``language`` come first, then
    entries found only through the other languages. Rule ids ("3.4") in the query match
    the entries resting on that rule."""
    from ..i18n import LANGUAGES
    from .search import fold, words

    everything = _entries()
    tokens = fold(query).split()
    # "3.4" is a rule id; a lone number ("50") is a word that matches the rendered texts.
    refs = [t.strip(".§") for t in tokens if "." in t.strip(".§")
            and RULE_REF.match(t.strip(".§"))]
    query_words = words(" ".join(t for t in tokens if t.strip(".§") not in refs))
    ranked: list[Entry] = []
    bonus = [0.0] * len(everything)
    for ref in refs:
        for i, entry in enumerate(everything):
            if any(r == ref or r.startswith(ref + ".") for r in entry.rules):
                bonus[i] += 5.0
    for lang in [language, *(x for x in LANGUAGES if x != language)]:
        if len(ranked) >= limit:
            break  # the chosen language found enough: the others need not be indexed
        scores = _scores(query_words, lang) if query_words else [0.0] * len(everything)
        scores = [s + b for s, b in zip(scores, bonus, strict=True)]
        order = sorted(range(len(everything)), key=lambda i: -scores[i])
        for i in order:
            if scores[i] > 0 and everything[i] not in ranked:
                ranked.append(everything[i])
    return ranked[:limit]
