"""The FAQ: questions players ask, answered, each resting on rule ids of ``rules``.

The entries live in ``faq.yaml`` (English, translated through the "content" catalogs).
``search`` finds the entries answering a question typed as players type it, in any of
the three languages: ``tutor.content.search`` turns words into forms (accents, endings,
players' words, synonyms); here the entries are ranked. An entry scores for each thing
the query asks about that it answers (rare words counting more, the question and the
keywords more than the answer), multiplied by the share of the query it answers, by how
alike its question and the query are as wholes, and by how much of its question the
query asks about; entries about the beginner variant or the Grappling Hook come after
the general rule unless the query names them.

    >>> from tutor.content import faq
    >>> len(faq.entries()) >= 30
    True
"""

from __future__ import annotations

import math
import re
from functools import cache
from typing import TYPE_CHECKING, NamedTuple

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


class Entry(NamedTuple):
    """One question and its answer. ``question``, ``answer`` and each keyword are English
    message ids; ``rules`` the ids of the rule statements or sections it rests on."""

    id: str
    question: str
    answer: str
    rules: tuple[str, ...]
    keywords: tuple[str, ...]


@cache
def _entries() -> tuple[Entry, ...]:
    known = _rule_ids()
    if known is None:  # the rulebook's data is damaged: let the rulebook report it
        from .rules import exists
    else:
        def exists(rule_id: str) -> bool:
            return rule_id in known

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
            if not exists(ref):
                raise check.fail(N_('{file}, entry {id}: "rules" names the unknown rule '
                                    '"{rule}".'), ident, rule=ref)
        keywords = check.texts(node, ident, "keywords")
        if not keywords:
            raise check.fail(N_('{file}, entry {id}: "keywords" must list at least one '
                                'search word.'), ident)
        found.append(Entry(ident, check.text(node, ident, "question"),
                           check.text(node, ident, "answer"), refs, keywords))
    return tuple(found)


@cache
def _rule_ids() -> frozenset[str] | None:
    """The ids of the rulebook's sections and statements, read straight from its data
    (building the rulebook itself, with its tables, is more than a lookup needs); None
    when the data is not shaped as expected."""
    try:
        ids: set[str] = set()
        for section in load("rules.yaml")["sections"]:
            ids.add(str(section["id"]))
            ids.update(str(rule["id"]) for rule in section.get("rules", []))
    except (KeyError, TypeError, AttributeError):
        return None
    return frozenset(ids)


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
#
# Each language has an index of the FAQ as that language's reader sees it (translated,
# numbers filled in): for each entry, the forms of ``search.index_terms`` with the weight
# of the field they were found in, and its question as a ``search.canonical`` sequence.
# Building it means rendering every entry, so it is kept in a cache file beside the
# content, keyed by the digest of everything it is built from.

#: How much the whole-question likeness of an entry adds to its score (as a factor).
QUESTION_WEIGHT = 2.0
#: How much the share of an entry's question that the query asks about adds (a factor).
FOCUS_WEIGHT = 0.5
#: The factor applied to an entry about the beginner variant or the Grappling Hook when
#: the query does not name it: the general rule comes first.
VARIANT_FACTOR = 0.5
#: The weight of a match found only through another language than the one asked for.
OTHER_LANGUAGE_FACTOR = 0.8
#: The factor given to the main entry of a card that the query names.
MAIN_ENTRY_FACTOR = 1.1
#: The weight of a player's word taken literally rather than as the term it stands for.
LITERAL_FACTOR = 0.75
#: A query word that matches no known word at least this well may be a typo.
WELL_KNOWN = 0.8
#: Entries scoring less than this share of the best score are not shown.
RELATIVE_CUTOFF = 0.15
#: The longest query searched, in characters: a question players type is far shorter,
#: and a pasted page must not keep the lookup busy (``search`` reads only this much;
#: ``celestia faq`` refuses a longer one and says so).
MAX_QUERY = 300
#: Which part of the rules an entry is mainly about (its first rule), and the concept a
#: query must name to ask about that part rather than the general rule.
SPECIAL_PARTS = {"6": "@beginner-variant", "4.6": "@grappling-hook"}


class _Index:
    """The FAQ's search forms in one language (see the comment above)."""

    def __init__(self, language: str) -> None:
        from .search import Vocabulary, read_json_cache, write_json_cache

        name = f"faq-search.{language}.cache.json"
        digest = _index_digest(language)
        data = read_json_cache(name, digest)
        if not isinstance(data, dict) or set(data) != INDEX_KEYS or (
                data["ids"] != [e.id for e in _entries()]):
            data = _build_index(language)
            write_json_cache(name, digest, data)
        self.language = language
        self.weights: list[dict[str, float]] = data["weights"]
        self.questions: list[list[str]] = data["questions"]
        self.topics: list[list[str]] = data["topics"]
        self.main: dict[str, int] = data["main"]
        self.spellings: list[str] = data["spellings"]
        self.postings: dict[str, list[tuple[int, float]]] = {}
        for i, weights in enumerate(self.weights):
            for form, weight in weights.items():
                self.postings.setdefault(form, []).append((i, weight))
        self.vocabulary = Vocabulary([f for f in self.postings if not f.startswith("@")],
                                     language)


INDEX_KEYS = {"ids", "weights", "questions", "topics", "main", "spellings"}


def _index_digest(language: str) -> str:
    """The digest of everything the index of ``language`` is built from: the FAQ, the
    language's catalogs, the game's numbers, the glossary and this code."""
    from pathlib import Path

    from ..engine import data
    from ..i18n import LOCALE_DIR
    from . import loader, search

    paths = [loader.FOLDER / FILE, Path(data.__file__), Path(search.__file__),
             Path(__file__), search.GLOSSARY_FILE, search.PLAYERS_FILE,
             *sorted((LOCALE_DIR / language / "LC_MESSAGES").glob("*.mo"))]
    chunks = []
    for path in paths:
        try:
            chunks.append(path.read_bytes())
        except OSError:
            chunks.append(b"-")
    return loader.digest(*chunks)


def _build_index(language: str) -> dict[str, object]:
    from ..i18n import Translator
    from .search import canonical, index_terms, lexicon, words

    tr = Translator(language)
    # Lists ("1, 2, 4 and 6") are joined plainly: the numbers stay searchable and
    # indexing needs no Babel locale data.
    plain = Values(language, plain_lists=True)

    def render(msgid: str) -> str:
        try:
            return fill(tr.gettext(msgid), plain)
        except (KeyError, IndexError, ValueError):
            return fill(msgid, plain)

    weights: list[dict[str, float]] = []
    questions: list[list[str]] = []
    topics: list[list[str]] = []
    spellings: set[str] = set(lexicon()[language]["spellings"])
    for entry in _entries():
        fields = {
            # The id's words ("reshuffle", "lone-captain") count in every language.
            "keywords": " ".join([*(tr.gettext(k) for k in entry.keywords),
                                  entry.id.replace("-", " ")]),
            "question": render(entry.question),
            "answer": render(entry.answer),
        }
        found: dict[str, float] = {}
        for field, text in fields.items():
            for form in index_terms(text, language):
                found[form] = max(found.get(form, 0.0), FIELD_WEIGHTS[field])
            spellings.update(words(text))
        weights.append(found)
        questions.append(canonical(fields["question"], language))
        topics.append(sorted(set(index_terms(fields["question"], language))))
    return {"ids": [e.id for e in _entries()], "weights": weights, "questions": questions,
            "topics": topics, "main": _main_entries(),
            "spellings": sorted(w for w in spellings if len(w) >= 4 and not w.isdigit())}


@cache
def _index(language: str) -> _Index:
    return _Index(language)


def _corrected(query: str, index: _Index) -> str:
    """``query`` with each word that matches nothing known replaced by the known word it
    is most likely a typo of ("jetpak" → "jetpack")."""
    from .search import (
        STOP_WORDS,
        _phrases,
        _single_word_target,
        _spelled,
        closest_spelling,
        fold,
        stem,
    )

    table, _, single = _phrases(index.language, True)
    out = []
    for word in _spelled(query):
        folded = fold(word)
        if (word not in STOP_WORDS and len(folded) >= 4 and not folded.isdigit()
                and max(index.vocabulary.related(stem(folded, index.language)).values(),
                        default=0.0) < WELL_KNOWN
                and not _single_word_target(stem(folded, index.language), table, single,
                                            typing=True)):
            word = closest_spelling(folded, index.spellings) or word
        out.append(word)
    return " ".join(out)


def _likeness(query: list[str], question: list[str]) -> float:
    """How alike two canonical sequences are as wholes (Dice coefficient, 0 to 1)."""
    if not query or not question:
        return 0.0
    rest = list(question)
    shared = 0
    for form in query:
        if form in rest:
            rest.remove(form)
            shared += 1
    return 2 * shared / (len(query) + len(question))


def _scores(query: str, language: str) -> tuple[list[float], int]:
    """One score per entry in ``language``, and how many of the query's terms matched
    nothing at all there."""
    from .search import CONCEPT, GROUP, Vocabulary, canonical, query_terms

    index = _index(language)
    query = _corrected(query, index)
    terms = query_terms(query, language)
    total = len(index.weights)
    scores = [0.0] * total
    if not terms:
        return scores, 0
    matched = [0.0] * total
    unmatched = 0
    weight_of_all = 0.0
    for alternatives in terms:
        best = [0.0] * total
        for n, form in enumerate(alternatives):
            related = ({form: 1.0} if form[0] in CONCEPT + GROUP
                       else index.vocabulary.related(form))
            # A word that stands for a game term counts most as that term: "pakli" is
            # the draw pile before it is any pile.
            trust = LITERAL_FACTOR if n and alternatives[0][0] in CONCEPT + GROUP else 1.0
            for other, likeness in related.items():
                for i, weight in index.postings.get(other, ()):
                    best[i] = max(best[i], weight * likeness * trust)
        hits = sum(1 for b in best if b)
        if not hits:
            unmatched += 1
            continue
        rarity = math.log((total + 1) / hits) + 0.1
        weight_of_all += rarity
        for i, b in enumerate(best):
            if b:
                scores[i] += b * rarity
                matched[i] += rarity
    wanted = {form for alternatives in terms for form in alternatives}
    asked = Vocabulary([f for f in wanted if not f.startswith(CONCEPT)], language)
    shape = canonical(query, language, typing=True)
    if len(shape) < 3:
        shape = []  # a word or two: nothing to compare as a whole
    everything = _entries()
    for i, score in enumerate(scores):
        if not score:
            continue
        # The share of what the query asks that the entry answers, rare words counting
        # more: an entry that matches the query as a whole beats one sharing a word.
        coverage = matched[i] / weight_of_all
        factor = coverage * coverage * (1 + QUESTION_WEIGHT
                                        * _likeness(shape, index.questions[i]))
        # The share of the entry's question that the query asks about: of two entries
        # that match alike, the one about just that comes first.
        topics = index.topics[i]
        focus = sum(1 for t in topics if t in wanted or any(
            v >= 0.75 for v in asked.related(t).values())) / max(1, len(topics))
        factor *= 1 + FOCUS_WEIGHT * focus
        part = _special_part(everything[i])
        if part and SPECIAL_PARTS[part] not in wanted:
            factor *= VARIANT_FACTOR
        scores[i] = score * factor
    # Of entries that match alike, the one about a card itself comes before the finer
    # points of that card.
    for concept, i in index.main.items():
        if concept in wanted:
            scores[i] *= MAIN_ENTRY_FACTOR
    return scores, unmatched


def _main_entries() -> dict[str, int]:
    """Card → the entry about that card itself: the one resting first on the first
    statement of the section of section 4 named after it ("4.4.1" for Gust of Wind)."""
    from . import rules
    from .search import canonical

    firsts: dict[str, str] = {}
    for section in rules.sections():
        named = canonical(section.title, "en")
        if (section.parent == "4" and len(named) == 1 and named[0].startswith("@")
                and section.rules):
            firsts[section.rules[0].id] = named[0]
    found: dict[str, int] = {}
    for i, entry in enumerate(_entries()):
        concept = firsts.get(entry.rules[0])
        if concept:
            found.setdefault(concept, i)
    return found


def _special_part(entry: Entry) -> str | None:
    home = entry.rules[0]
    for part in SPECIAL_PARTS:
        if home == part or home.startswith(part + "."):
            return part
    return None


def search(query: str, language: str, limit: int = 5) -> list[Entry]:
    """Entries answering ``query``, best first (see ``tutor.content.search`` for how
    words are matched). The query is read in ``language`` first; when some of its words
    mean nothing there, the other languages are tried too. Rule ids ("3.4") in the query
    bring the entries resting on that rule. Only the first ``MAX_QUERY`` characters are
    read."""
    from ..i18n import LANGUAGES
    from .search import fold

    everything = _entries()
    tokens = fold(query[:MAX_QUERY]).split()
    # "3.4" is a rule id; a lone number ("50") is a word that matches the rendered texts.
    refs = [t.strip(".§") for t in tokens if "." in t.strip(".§")
            and RULE_REF.match(t.strip(".§"))]
    text = " ".join(t for t in tokens if t.strip(".§") not in refs)
    scores, unmatched = _scores(text, language)
    if unmatched or not any(scores):
        for other in LANGUAGES:
            if other != language:
                more, _ = _scores(text, other)
                scores = [max(s, OTHER_LANGUAGE_FACTOR * m) for s, m in zip(scores, more,
                                                                            strict=True)]
    for ref in refs:
        for i, entry in enumerate(everything):
            if any(r == ref or r.startswith(ref + ".") for r in entry.rules):
                scores[i] += 5.0
    best = max(scores, default=0.0)
    if best <= 0:
        return []
    order = sorted(range(len(everything)), key=lambda i: -scores[i])
    return [everything[i] for i in order
            if scores[i] > 0 and scores[i] >= RELATIVE_CUTOFF * best][:limit]
