"""The FAQ: questions players ask, answered, each resting on rule ids of ``rules``.

The entries live in ``faq.yaml`` (English, translated through the "content" catalogs).
``search`` finds the entries answering a question typed as players type it, in any of
the three languages: ``tutor.content.search`` turns words into forms (accents, endings,
players' words, synonyms); here the entries are ranked. An entry scores for each thing
the query asks about that it answers (rare words counting more, the question and the
keywords more than the answer; a card or a die's face also counting, less, as its kind,
so that "the captain has no rod" reaches an entry about any Equipment), multiplied by
the share of the query it answers (a term only its answer mentions counting half), by
how alike its question and the query are as wholes, by how much of its question the
query asks about, and by the kinds of answer both ask for ("who", "when", "what for",
and weighed more, "must" and "still": ``search.intents``), and by whether both are about
the same moment ("after the captain paid" is not "after I left", nor "I left, then it
crashed" "after the crash": ``search.order``), and by how alike the query is to the
nearest of the questions players ask about the entry (``faq_examples.yaml``: a situation
told in other words than the entry's own still reaches it), and by how likely all those
questions together make the query's words (naive Bayes: the few words that tell an entry
from its neighbours count, as one nearest question cannot tell). Of entries that match
alike, the one whose question is about the thing the query names first, and the main
entry of a card or of a number of the rules ("50"), come first; entries about the
beginner variant or the Grappling Hook come after the general rule unless the query
names them, and before it when it does. A word of the language is never "corrected" as a
typo. A rule's number in the query ("3.4.2", "rule 3.4", "règle 3.5": ``rule_refs``)
brings the entries resting on it, first those whose main rule it is; ``celestia faq``
and the tutor's look-up show the rule itself first.

The website's pages run this same search on the data of ``page_data`` (the script
``tutor/site/static/celestia-faq.js`` follows ``search`` step by step; a conformance
test asks both every evaluation question).

    >>> from tutor.content import faq
    >>> len(faq.entries()) >= 30
    True
"""

from __future__ import annotations

import gettext
import math
import re
from collections.abc import Collection
from functools import cache
from pathlib import Path
from typing import NamedTuple

from ..engine import data
from ..engine.messages import N_
from ..i18n import LANGUAGES, LOCALE_DIR, Translator
from . import loader
from . import search as search_module  # the module: ``search`` is this module's own function
from .loader import Checker, load, placeholders
from .search import (
    _SENTENCE_END,
    _STOP,
    CONCEPT,
    FRAMING_GROUPS,
    GROUP,
    OPPOSITE,
    RULE_WORDS,
    STOP_WORDS,
    Vocabulary,
    _phrases,
    _single_word_target,
    _spelled,
    canonical,
    closest_spelling,
    first_question,
    fold,
    index_terms,
    intents,
    kinds,
    lexicon,
    order,
    page_tables,
    query_terms,
    read_json_cache,
    stem,
    words,
    write_json_cache,
)
from .search import concepts as named_in
from .values import LIST_ITEMS, PLAIN, Values, fill, for_language

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
        # start-up: the command-line lookups (benchmarks/lookup.py)
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


#: A first sentence shorter than this ("No.", "Igen.") says too little alone: the next
#: one comes with it.
SHORT_SENTENCE = 30
_SENTENCE_BREAK = re.compile(r"(?<=[.!?…])\s+")


def render_gist(entry: Entry, tr: Translator) -> str:
    """The answer's first sentence, translated (with the next when the first is only
    "Yes." or "No."): what a list of results shows under the question."""
    sentences = _SENTENCE_BREAK.split(render_answer(entry, tr).strip())
    gist = sentences[0]
    if len(gist) < SHORT_SENTENCE and len(sentences) > 1:
        gist = f"{gist} {sentences[1]}"
    return gist


# --- Search ---------------------------------------------------------------------------
#
# Each language has an index of the FAQ as that language's reader sees it (translated,
# numbers filled in): for each entry, the forms of ``search.index_terms`` with the weight
# of the field they were found in, and its question as a ``search.canonical`` sequence.
# Building it means rendering every entry, so it is kept in a cache file beside the
# content, keyed by the digest of everything it is built from.

# COVERAGE_POWER and the constant factors of order, negation, subject and variant below
# were fitted by benchmarks/faq_factors.py (one exponent per factor of the ranking, by
# conditional logit on the cross-validated development questions; a constant c fitted to
# the exponent e became c ** e). The main entry's factor was kept: fitted, it let a card's
# name alone ("szellokes") find one of the card's finer points before the card itself.

#: How steeply an entry that answers only part of the query falls behind (the share it
#: answers, to this power).
COVERAGE_POWER = 0.68
#: How much the whole-question likeness of an entry adds to its score (as a factor).
QUESTION_WEIGHT = 2.0
#: How much the share of an entry's question that the query asks about adds (a factor).
FOCUS_WEIGHT = 0.5
#: The factor applied to an entry about the beginner variant or the Grappling Hook when
#: the query does not name it: the general rule comes first.
VARIANT_FACTOR = 0.7
#: The weight of a match found only through another language than the one asked for.
OTHER_LANGUAGE_FACTOR = 0.8
#: The factor given to the main entry of a card, or of a number of the rules, that the
#: query names.
MAIN_ENTRY_FACTOR = 1.25
#: How much each kind of answer that both the query and an entry's question ask for
#: (who, when, where, which, why, how, all, not, purpose: ``search.intents``) adds (a
#: factor).
INTENT_WEIGHT = 0.5
#: Kinds of answer that are the whole point of a question, weighed more: "do I have to
#: pay?" asks whether it is forced before it asks about paying.
INTENT_WEIGHTS = {"must": 1.0, "still": 0.75}
#: The factor given to an entry whose question is about the same moment as the query
#: ("after the captain paid"), and to one about another moment of the same kind ("after
#: I left", when the query says "after the captain paid").
ORDER_WEIGHT = 0.07
ORDER_MISMATCH = 0.92
#: The factor given to an entry whose question asks about a negation ("…reroll no die at
#: all?") when the query asks about none.
NEGATION_FACTOR = 0.86
#: The synonym group of "empty" (players_words.yaml).
EMPTY_GROUP = "#empty"
#: The factor given to an entry whose question's first game term is one the query names.
SUBJECT_FACTOR = 1.06
#: Of a query term found only in an entry's answer, the share of the term that counts
#: as answered (found in the question or the keywords, all of it counts).
ANSWER_ONLY_SHARE = 0.5
#: The weight of a player's word taken literally rather than as the term it stands for.
LITERAL_FACTOR = 0.75
#: The weight of a card or a face taken as its kind (a Cannon as any Equipment).
KIND_FACTOR = 0.3
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
        self.intents: list[list[str]] = data["intents"]
        self.orders: list[list[str]] = data["orders"]
        self.spellings: list[str] = data["spellings"]
        #: The same as a set: words the FAQ's texts use are never taken as half typed.
        self.spelled = frozenset(self.spellings)
        self.postings: dict[str, list[tuple[int, float]]] = {}
        for i, weights in enumerate(self.weights):
            for form, weight in weights.items():
                self.postings.setdefault(form, []).append((i, weight))
        self.vocabulary = Vocabulary([f for f in self.postings if not f.startswith("@")],
                                     language)
        self._known: frozenset[str] | None = None

    @property
    def known(self) -> frozenset[str]:
        """Every word of this language that the program's texts use (folded): a word
        the typo fixer must leave as it is. Read only when a word of a query matches
        nothing (``faq-words.<language>.cache.json``, built with the index)."""
        if self._known is None:
            name = f"faq-words.{self.language}.cache.json"
            digest = _index_digest(self.language)
            words = read_json_cache(name, digest)
            if not isinstance(words, list):
                words = _catalog_words(self.language)
                write_json_cache(name, digest, words)
            self._known = frozenset(words)
        return self._known


INDEX_KEYS = {"ids", "weights", "questions", "topics", "main", "intents", "orders",
              "spellings"}


def _catalog_words(language: str) -> list[str]:
    """The folded words of every message of the program in ``language`` (all domains'
    catalogs; for English their msgids), with its stop words."""
    found = {fold(w) for w in _STOP.get(language, "").split()}
    for path in sorted(LOCALE_DIR.glob(f"{'*' if language == 'en' else language}"
                                       "/LC_MESSAGES/*.mo")):
        try:
            with path.open("rb") as handle:
                # gettext has no public way to list a catalog's messages.
                messages = gettext.GNUTranslations(handle)._catalog  # type: ignore[attr-defined]
        except (OSError, ValueError, LookupError):
            continue
        for key, value in messages.items():
            text = key[0] if isinstance(key, tuple) else key
            if not text:
                continue  # the header
            for part in ([text] if language == "en" else [value]):
                if isinstance(part, str):
                    found.update(words(part.replace("\x04", " ")))
    return sorted(found)


@cache
def _index_digest(language: str) -> str:
    """The stamp of everything the index of ``language`` is built from: the FAQ, the
    language's catalogs, the game's numbers, the glossary and this code."""
    paths = [loader.FOLDER / FILE, Path(data.__file__), Path(search_module.__file__),
             Path(__file__), search_module.GLOSSARY_FILE, search_module.PLAYERS_FILE,
             search_module.COMMON_WORDS_FILE,
             *sorted((LOCALE_DIR / language / "LC_MESSAGES").glob("*.mo"))]
    return loader.stamp(*paths)


def _build_index(language: str) -> dict[str, object]:
    tr = Translator(language)
    # Lists ("1, 2, 4 and 6") are left out: the entries are not about those numbers.
    plain = Values(language, plain_lists=True)

    def render(msgid: str) -> str:
        try:
            return fill(tr.gettext(msgid), plain)
        except (KeyError, IndexError, ValueError):
            return fill(msgid, plain)

    weights: list[dict[str, float]] = []
    questions: list[list[str]] = []
    topics: list[list[str]] = []
    asks: list[list[str]] = []
    orders: list[list[str]] = []
    # The language's stop words too (those read as stop words without their accents):
    # "somoene" is a typo of "someone", no game word.
    spellings: set[str] = set(lexicon()[language]["spellings"]) | {
        fold(w) for w in _STOP.get(language, "").split() if fold(w) in STOP_WORDS}
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
        # The id's English words are no spelling a French or Hungarian typo may be
        # corrected into ("cares" is "cartes", not "cards").
        for text in (*(tr.gettext(k) for k in entry.keywords),
                     *([entry.id.replace("-", " ")] if language == "en" else []),
                     fields["question"], fields["answer"]):
            spellings.update(words(text))
        weights.append(found)
        questions.append(canonical(fields["question"], language))
        topics.append(sorted(set(index_terms(fields["question"], language))))
        asks.append(sorted(intents(first_question(fields["question"]), language)))
        orders.append(order(fields["question"], language))
    return {"ids": [e.id for e in _entries()], "weights": weights, "questions": questions,
            "topics": topics, "main": _main_entries(), "intents": asks,
            "orders": orders,
            "spellings": sorted(w for w in spellings if len(w) >= 4 and not w.isdigit())}


@cache
def _index(language: str) -> _Index:
    return _Index(language)


def _corrected(query: str, index: _Index) -> str:
    """``query`` with each word that matches nothing known replaced by the known word it
    is most likely a typo of ("jetpak" → "jetpack"); its clauses stay apart (a comma
    ends the moment "after the captain paid")."""
    return ", ".join(_corrected_clause(clause, index)
                     for clause in _SENTENCE_END.split(query))


def _corrected_clause(query: str, index: _Index) -> str:
    table, _, single = _phrases(index.language, True)
    out = []
    # In the query's language: a Hungarian verb's prefix is put back first ("lőhetek
    # ki" is "kilőhetek", a word to keep, not a typo of another).
    for word in _spelled(query, index.language):
        folded = fold(word)
        # A word of the language (one the program's texts use, or a stop word) is never
        # "corrected" into another: "mire" (what for) is no typo of "kire" (on whom).
        if (word not in STOP_WORDS and len(folded) >= 4 and not folded.isdigit()
                and max(index.vocabulary.related(stem(folded, index.language)).values(),
                        default=0.0) < WELL_KNOWN
                and not _single_word_target(stem(folded, index.language), table, single,
                                            typing=True)
                and folded not in index.known):
            word = closest_spelling(folded, index.spellings, index.language) or word
        out.append(word)
    return " ".join(out)


# --- Example questions ----------------------------------------------------------------
#
# ``faq_examples.yaml`` holds, for each entry, questions as players ask it in each
# language. A query is compared with every one of them as a whole question: its features
# (the ``canonical`` forms, the kinds of answer it asks for and the moments it names,
# exactly as ``_scores`` reads a query) against each example's, by cosine similarity with
# each feature weighed by its rarity among the examples (TF-IDF on sets). An entry's
# likeness is that of its nearest example, and it multiplies the entry's score: the
# entries that match the query's words come first when players ask about them in the
# query's way. The examples' features and the rarities are computed once, kept in a cache
# beside the content, and exported to the website with the index (``page_data``).
# The nearest example alone cannot learn which few words tell two neighbouring entries
# apart ("left before the crash" and "crashed before leaving" share most words), so the
# same features also give each entry how likely its examples, all together, make the
# query (multinomial naive Bayes, ``_Examples.likely``): counts only, which the page's
# script takes from the same exported features. A logistic regression on the same
# features does little better (benchmarks/faq_discriminative.py) and would need its
# weights shipped and retrained for every cross-validation fold.

EXAMPLES_FILE = "faq_examples.yaml"
#: How much the likeness of an entry's nearest example question adds (a factor), and how
#: many times that factor is applied: squared, a close example question outweighs a
#: score that the entry's own words alone gave (the fresh questions of
#: tests/content/faq_fresh*.tsv come first more often: 95-98 % against 92-95 %).
EXAMPLE_WEIGHT = 2.0
EXAMPLE_POWER = 2
#: And how much it adds on its own, times the query's total rarity (the most its words
#: can score is three times that) and the likeness squared: an entry whose example
#: questions are told like the query is reached even when its own words share few of the
#: query's ("no cannon and the dice show pirates" is about a captain who cannot pay).
#: Fitted on the development questions that are in no example: 625 → 640 of 706 first.
EXAMPLE_SCORE = 15.0
#: The likeness below which an example question says nothing of the query.
EXAMPLE_FLOOR = 0.2
#: How much is added to every count of a feature among an entry's example questions
#: (``_Examples.likely``): a feature none of an entry's examples has makes it less
#: likely, not impossible. Smaller is sharper: 0.03 put more development questions first
#: than 0.01, 0.1, 0.3 or 1 (benchmarks/faq_discriminative.py).
BAYES_SMOOTHING = 0.03
#: The power of that likelihood (a share of 1 among the entries) in an entry's score:
#: fitted by benchmarks/faq_factors.py.
BAYES_POWER = 0.1
#: Example questions whose text (folded) is one of these take no part in the search: a
#: cross-validation holds back the questions it asks (benchmarks/faq_quality.py).
_held_back: frozenset[str] = frozenset()


def example_questions() -> list[tuple[str, str, str]]:
    """(language, entry id, question) of each example question, checked."""
    check = Checker(EXAMPLES_FILE)
    root = check.mapping(load(EXAMPLES_FILE), "", "examples")
    check.unknown_keys(root, "", {"examples"})
    known = {e.id for e in _entries()}
    found = []
    for position, node in enumerate(check.items(root.get("examples"), "", "examples"), 1):
        node = check.mapping(node, str(position), "examples")
        ident = check.ident(node, position)
        check.unknown_keys(node, ident, {"id", *LANGUAGES})
        if ident not in known:
            raise check.fail(N_("{file}, entry {id}: no FAQ entry has this id."), ident)
        for language in LANGUAGES:
            found.extend((language, ident, text) for text in check.texts(node, ident,
                                                                         language))
    return found


def _search_text(query: str) -> tuple[list[str], str]:
    """The rule ids ``query`` names and the rest of it, folded, as ``search`` reads it."""
    refs = rule_refs(query)
    # With a rule's number, the word "rule" says only that the number is one.
    text = " ".join(t for t in fold(query[:MAX_QUERY]).split()
                    if t.strip(REF_PUNCTUATION) not in refs
                    and not (refs and t.strip(REF_PUNCTUATION) in RULE_WORDS))
    return refs, text


def _features(query: str, language: str, index: _Index) -> tuple[
        list[str], frozenset[str], set[str], list[str]]:
    """A corrected query's ``canonical`` forms, kinds of answer and moments, and all of
    them as the features compared with the example questions."""
    shape = canonical(query, language, typing=True, known=index.spelled)
    asks = intents(query, language)
    moments = set(order(query, language, typing=True, known=index.spelled))
    return shape, asks, moments, sorted({*shape, *(f"?{a}" for a in asks), *moments})


class _Examples:
    """The example questions of one language as feature sets, with each feature's
    rarity and each example's length (the Euclidean norm of its weights)."""

    def __init__(self, entries: list[int], features: list[list[str]]) -> None:
        self.entries = entries
        self.features = features
        count: dict[str, int] = {}
        for found in features:
            for feature in found:
                count[feature] = count.get(feature, 0) + 1
        total = len(features)
        self.rarity = {f: math.log(1 + total / n) for f, n in sorted(count.items())}
        self.postings: dict[str, list[int]] = {}
        self.norms = []
        for k, found in enumerate(features):
            for feature in found:
                self.postings.setdefault(feature, []).append(k)
            self.norms.append(self._length(found))
        #: How many features each entry's examples have in all (for ``likely``; counted
        #: when first asked: a look-up's start-up is short).
        self._sizes: list[int] | None = None

    def likely(self, features: list[str], total: int) -> list[float]:
        """For each of ``total`` entries, how likely its example questions make the
        query's ``features`` (sorted): multinomial naive Bayes, each entry equally likely
        beforehand, each feature's share among an entry's examples' features smoothed by
        ``BAYES_SMOOTHING``. The shares sum to 1 over the entries. Unlike the nearest
        example, it weighs every example of an entry at once, so that the few words that
        tell two neighbouring entries apart count.

        Only products, quotients and sums, in a fixed order (the page's script computes
        the same bits from the examples' features); the products are brought back to at
        most 1 after each feature, so that a long query cannot run below the smallest
        double."""
        known = [f for f in features if f in self.rarity]
        if self._sizes is None:
            self._sizes = [0] * total
            for entry, found in zip(self.entries, self.features, strict=True):
                self._sizes[entry] += len(found)
        spread = BAYES_SMOOTHING * len(self.rarity)
        below = [size + spread for size in self._sizes]
        chances = [1.0] * total
        for feature in known:
            # how many of each entry's examples have it
            counts: dict[int, int] = {}
            for k in self.postings[feature]:
                counts[self.entries[k]] = counts.get(self.entries[k], 0) + 1
            for i in range(total):
                chances[i] *= (counts.get(i, 0) + BAYES_SMOOTHING) / below[i]
            top = max(chances)
            chances = [c / top for c in chances]
        everything = 0.0
        for c in chances:
            everything += c
        return [c / everything for c in chances]

    def _length(self, features: list[str]) -> float:
        # Added one by one, as the page's script adds them: ``sum`` compensates the
        # rounding of floats since Python 3.12, and the two sides must agree to the bit.
        total = 0.0
        for feature in features:
            total += self.rarity[feature] * self.rarity[feature]
        return math.sqrt(total)

    def page_data(self) -> dict[str, object]:
        """The same as plain data, for the website's script (the rarities as computed
        here, since a logarithm may differ in its last bit from one language to another;
        the script adds up each example's length itself, in the same order, so that the
        page's data stays small). Each example's features are numbers in the sorted list
        of every feature, which has one rarity each."""
        names = list(self.rarity)
        number = {name: n for n, name in enumerate(names)}
        return {"entries": self.entries, "names": names,
                "rarity": [self.rarity[name] for name in names],
                "features": [[number[f] for f in found] for found in self.features]}

    def likeness(self, features: list[str], total: int) -> list[float]:
        """For each of ``total`` entries, the cosine likeness of ``features`` (sorted) to
        its nearest example question (0 below ``EXAMPLE_FLOOR``)."""
        known = [f for f in features if f in self.rarity]
        norm = self._length(known)
        dots: dict[int, float] = {}
        for feature in known:
            weight = self.rarity[feature] * self.rarity[feature]
            for k in self.postings[feature]:
                dots[k] = dots.get(k, 0.0) + weight
        best = [0.0] * total
        for k, dot in dots.items():
            cosine = dot / (norm * self.norms[k])
            if cosine >= EXAMPLE_FLOOR and cosine > best[self.entries[k]]:
                best[self.entries[k]] = cosine
        return best


def _example_digest(language: str) -> str:
    return loader.stamp(loader.FOLDER / EXAMPLES_FILE) + _index_digest(language)


@cache
def _example_data(language: str) -> dict[str, list]:
    """The example questions of ``language``: their folded texts, entries (numbers) and
    features, from the cache or computed."""
    name = f"faq-examples.{language}.cache.json"
    digest = _example_digest(language)
    found = read_json_cache(name, digest)
    if not isinstance(found, dict) or set(found) != {"texts", "entries", "features"}:
        index = _index(language)
        numbers = {e.id: i for i, e in enumerate(_entries())}
        found = {"texts": [], "entries": [], "features": []}
        for lang, ident, text in example_questions():
            if lang == language:
                folded = _search_text(text)[1]
                found["texts"].append(folded)
                found["entries"].append(numbers[ident])
                found["features"].append(_features(_corrected(folded, index), language,
                                                   index)[3])
        write_json_cache(name, digest, found)
    return found


@cache
def _examples(language: str, held_back: frozenset[str] = frozenset()) -> _Examples:
    data = _example_data(language)
    kept = [k for k, text in enumerate(data["texts"]) if text not in held_back]
    return _Examples([data["entries"][k] for k in kept], [data["features"][k] for k in kept])


def hold_back(questions: Collection[str]) -> None:
    """Leave the example questions equal to one of ``questions`` out of the search (a
    cross-validation asks them as unseen questions); ``hold_back(())`` brings them all
    back."""
    global _held_back
    _held_back = frozenset(_search_text(q)[1] for q in questions)


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
    index = _index(language)
    query = _corrected(query, index)
    terms = query_terms(query, language, index.spelled)
    # "quick game rules", "gyors játék szabályai": every entry is about the rules (and
    # about something "during the game"), so the words only say that the query is about
    # the rest of it.
    if len(terms) > 1:
        terms = [t for t in terms if t[0] not in FRAMING_GROUPS] or terms
    wanted = {form for alternatives in terms for form in alternatives}
    # A card or a face also counts, less, as its kind: "the captain has no rod" is
    # about Equipment the captain lacks, as an entry about any Equipment may answer.
    terms = [[*t, *kinds(language, t[0])] for t in terms]
    total = len(index.weights)
    scores = [0.0] * total
    if not terms:
        return scores, 0
    matched = [0.0] * total
    unmatched = 0
    weight_of_all = 0.0
    full = FIELD_WEIGHTS["question"]
    for alternatives in terms:
        best = [0.0] * total
        as_kind = kinds(language, alternatives[0])
        for n, form in enumerate(alternatives):
            related = ({form: 1.0} if form[0] in CONCEPT + GROUP
                       else index.vocabulary.related(form))
            # A word that stands for a game term counts most as that term: "pakli" is
            # the draw pile before it is any pile.
            trust = LITERAL_FACTOR if n and alternatives[0][0] in CONCEPT + GROUP else 1.0
            if n and form in as_kind:
                trust = KIND_FACTOR
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
                # A term the entry's question or keywords hold is answered; one only
                # its answer mentions, in part: long answers touch many words.
                matched[i] += rarity * min(1.0, max(ANSWER_ONLY_SHARE, b / full))
    asked = Vocabulary([f for f in wanted if not f.startswith(CONCEPT)], language)
    close: dict[str, bool] = {}  # entries share topics: each is looked up once
    shape, asks, moments, features = _features(query, language, index)
    relations = {m.split(":", 1)[0] for m in moments}
    opposites = {f"{OPPOSITE[r]}:{thing}" for r, thing in (m.split(":", 1) for m in moments)}
    if len(shape) < 3:
        # a word or two: nothing to compare as a whole, with the entries' questions or
        # with the example questions (nor enough for their likelihood to mean much: "on
        # a 9 joueurs" is no question about the cards in hand, whose examples often
        # count)
        shape = []
        nearest = [0.0] * total
        likely = [1.0] * total
    else:
        examples = _examples(language, _held_back)
        nearest = examples.likeness(features, total)
        likely = examples.likely(features, total)
    everything = _entries()
    named_parts = wanted & set(SPECIAL_PARTS.values())
    for i, score in enumerate(scores):
        # what the nearest example alone gives (squared as a product: the page's script
        # multiplies the same doubles in the same order)
        told_alike = EXAMPLE_SCORE * weight_of_all * nearest[i] * nearest[i]
        if not score:
            scores[i] = told_alike
            continue
        # The share of what the query asks that the entry answers, rare words counting
        # more: an entry that matches the query as a whole beats one sharing a word.
        coverage = matched[i] / weight_of_all
        factor = coverage ** COVERAGE_POWER * (1 + QUESTION_WEIGHT
                                        * _likeness(shape, index.questions[i]))
        # The share of the entry's question that the query asks about: of two entries
        # that match alike, the one about just that comes first.
        topics = index.topics[i]
        focus = sum(1 for t in topics if _asked(t, wanted, asked, close)) / max(1, len(topics))
        factor *= 1 + FOCUS_WEIGHT * focus
        factor *= 1 + sum(INTENT_WEIGHTS.get(a, INTENT_WEIGHT)
                          for a in asks & set(index.intents[i]))
        if moments & set(index.orders[i]):
            factor *= 1 + ORDER_WEIGHT
        elif relations & {m.split(":", 1)[0] for m in index.orders[i]} or (
                opposites & set(index.orders[i])):
            # another moment of the same kind, or the same thing the other way round
            # ("after the crash" when the query's moment came before it)
            factor *= ORDER_MISMATCH
        # A question about a negated or emptied situation ("…has no cards", "…pile is
        # empty") answers a query that says so.
        if ("not" in index.intents[i] and "not" not in asks) or (
                EMPTY_GROUP in index.questions[i] and EMPTY_GROUP not in wanted):
            factor *= NEGATION_FACTOR
        # A question names what it is about first ("What does a blank die ask for?" is
        # about the blank; "What is on the dice, and … a blank?" about the dice).
        subject = next((f for f in index.questions[i] if f[0] in CONCEPT + GROUP), None)
        if subject in wanted:
            factor *= SUBJECT_FACTOR
        # And the other way round: a query about the variant or the card is answered
        # by the entries about it before the general rule.
        part = _special_part(everything[i])
        special = SPECIAL_PARTS[part] if part else None
        if (part and special not in wanted) or (
                special is None and named_parts):
            factor *= VARIANT_FACTOR
        # Asked as players ask this entry (its nearest example question); multiplied
        # one factor at a time, as the page's script does.
        for _ in range(EXAMPLE_POWER):
            factor *= 1 + EXAMPLE_WEIGHT * nearest[i]
        # And as its example questions, all at once, make likely: the words that tell
        # it from its neighbours.
        factor *= likely[i] ** BAYES_POWER
        scores[i] = score * factor + told_alike
    # Of entries that match alike, the one about a card itself comes before the finer
    # points of that card.
    for concept, i in index.main.items():
        if concept in wanted:
            scores[i] *= MAIN_ENTRY_FACTOR
    return scores, unmatched


def _asked(topic: str, wanted: set[str], asked: Vocabulary, close: dict[str, bool]) -> bool:
    """Whether the query asks about ``topic`` (a form of an entry's question): it holds
    the form or one close to it (remembered in ``close``)."""
    if topic in wanted:
        return True
    if topic not in close:
        close[topic] = any(v >= 0.75 for v in asked.related(topic).values())
    return close[topic]


def _main_entries() -> dict[str, int]:
    """What a query may name → the entry about that thing itself, the one that comes
    first of those that match alike:

    - a card → the entry resting first on the first statement of the section of section
      4 named after it ("4.4.1" for Gust of Wind), or, for Equipment and the Turbo, on
      the statement of section 1.1 that says what it does ("1.1.3" for the Turbo);
    - a number of the rules that only one placeholder has, and no city ("50",
      ``{end_score}``) → the entry resting first on the first statement that quotes it
      ("5.1.1")."""
    # start-up: the command-line lookups (benchmarks/lookup.py)
    from ..glossary import concepts
    from . import rules

    cards = {CONCEPT + c.id for c in concepts() if c.engine in data.HAND_CARDS}
    firsts: dict[str, list[str]] = {}
    numbers: dict[int, list[str]] = {}
    for name, compute in PLAIN.items():
        value = compute()
        if isinstance(value, int):
            numbers.setdefault(value, []).append(name)
    for name, items in LIST_ITEMS.items():  # "20" is a city as well as the compasses
        for value in items():
            numbers.setdefault(value, []).append(name)
    quoted: set[str] = set()
    for section in rules.sections():
        named = canonical(section.title, "en")
        if (section.parent == "4" and len(named) == 1 and named[0].startswith("@")
                and section.rules):
            firsts.setdefault(section.rules[0].id, []).append(named[0])
        for statement in section.rules:
            if section.id == "1.1":
                for concept in named_in(statement.text, "en"):
                    if concept in cards:
                        firsts.setdefault(statement.id, []).append(concept)
            for name in placeholders(statement.text):
                value = PLAIN[name]() if name in PLAIN else None
                if (isinstance(value, int) and value >= MIN_NAMED_NUMBER
                        and len(numbers[value]) == 1 and str(value) not in quoted):
                    quoted.add(str(value))
                    firsts.setdefault(statement.id, []).append(str(value))
    found: dict[str, int] = {}
    for i, entry in enumerate(_entries()):
        for named in firsts.get(entry.rules[0], ()):
            found.setdefault(named, i)
    return found


#: Numbers below this ("2", "4", "6") mean too many things to name one entry.
MIN_NAMED_NUMBER = 10


def _special_part(entry: Entry) -> str | None:
    home = entry.rules[0]
    for part in SPECIAL_PARTS:
        if home == part or home.startswith(part + "."):
            return part
    return None


#: What an entry gains when the query names its main rule (less for a later rule).
REF_BONUS = 5.0
#: Punctuation around a rule id as players type it ("(3.4.2)", "§3.4", "3.5?").
REF_PUNCTUATION = ".,;:!?()[]§"


def _ref_tokens(query: str) -> list[str]:
    return [t.strip(REF_PUNCTUATION) for t in fold(query[:MAX_QUERY]).split()]


def rule_refs(query: str) -> list[str]:
    """The ids of the rulebook that ``query`` names, in order: a dotted number ("3.4.2",
    "§3.4"), or a number after the word "rule" in any language ("rule 3", "règle 3.5",
    "szabály 5.2"). Only ids the rulebook has."""
    known = _rule_ids() or frozenset()
    tokens = _ref_tokens(query)
    found: list[str] = []
    for n, token in enumerate(tokens):
        named = ("." in token or (n and tokens[n - 1] in RULE_WORDS)) and RULE_REF.match(token)
        if named and token in known and token not in found:
            found.append(token)
    return found


def search(query: str, language: str, limit: int = 5) -> list[Entry]:
    """Entries answering ``query``, best first (see ``tutor.content.search`` for how
    words are matched). The query is read in ``language`` first; when some of its words
    mean nothing there, the other languages are tried too (those that leave fewer of its
    words unmatched, or all when nothing matched in ``language``). Rule ids ("3.4") in
    the query bring the entries resting on that rule. Only the first ``MAX_QUERY``
    characters are read."""
    everything = _entries()
    # "3.4" is a rule id; a lone number ("50") is a word that matches the rendered texts.
    refs, text = _search_text(query)
    # Nothing but a rule's number: no words to read, in any language (nor any index to
    # load for them).
    scores, unmatched = _scores(text, language) if text else ([0.0] * len(everything), 0)
    if text and (unmatched or not any(scores)):
        found = any(scores)
        for other in LANGUAGES:
            if other != language:
                more, missed = _scores(text, other)
                # Another language counts only where it reads more of the query: an
                # English word the English texts lack ("doomed") is no French one.
                if found and missed >= unmatched:
                    continue
                scores = [max(s, OTHER_LANGUAGE_FACTOR * m) for s, m in zip(scores, more,
                                                                            strict=True)]
    for ref in refs:
        for i, entry in enumerate(everything):
            # The entries resting on that rule, first those whose main rule it is.
            places = [n for n, r in enumerate(entry.rules)
                      if r == ref or r.startswith(ref + ".")]
            if places:
                scores[i] += REF_BONUS / (1 + places[0])
    best = max(scores, default=0.0)
    if best <= 0:
        return []
    order = sorted(range(len(everything)), key=lambda i: -scores[i])
    return [everything[i] for i in order
            if scores[i] > 0 and scores[i] >= RELATIVE_CUTOFF * best][:limit]


def page_data() -> dict[str, object]:
    """The FAQ's search as plain data, for the website's script (``celestia-search.js``),
    which ranks with exactly these tables and these weights (see ``search.page_tables``):
    each language's index and known words, each entry's rules and special part, and the
    rulebook's ids."""
    languages = {}
    for language in LANGUAGES:
        index = _index(language)
        languages[language] = {
            "weights": index.weights, "questions": index.questions, "topics": index.topics,
            "main": index.main, "intents": index.intents, "orders": index.orders,
            "spellings": index.spellings, "known": sorted(index.known),
            "examples": _examples(language).page_data()}
    return {
        "tables": page_tables(),
        "ids": [e.id for e in _entries()],
        "rules": [list(e.rules) for e in _entries()],
        "special": [SPECIAL_PARTS.get(_special_part(e) or "") for e in _entries()],
        "rule_ids": sorted(_rule_ids() or ()),
        "languages": languages,
        "weights": {
            "fields": FIELD_WEIGHTS, "coverage_power": COVERAGE_POWER,
            "question": QUESTION_WEIGHT, "focus": FOCUS_WEIGHT, "variant": VARIANT_FACTOR,
            "other_language": OTHER_LANGUAGE_FACTOR, "main_entry": MAIN_ENTRY_FACTOR,
            "intent": INTENT_WEIGHT, "intents": INTENT_WEIGHTS, "order": ORDER_WEIGHT,
            "order_mismatch": ORDER_MISMATCH, "negation": NEGATION_FACTOR,
            "empty_group": EMPTY_GROUP,
            "subject": SUBJECT_FACTOR, "answer_only": ANSWER_ONLY_SHARE,
            "literal": LITERAL_FACTOR, "kind": KIND_FACTOR, "well_known": WELL_KNOWN,
            "cutoff": RELATIVE_CUTOFF, "max_query": MAX_QUERY,
            "example": EXAMPLE_WEIGHT, "example_power": EXAMPLE_POWER,
            "example_score": EXAMPLE_SCORE, "example_floor": EXAMPLE_FLOOR,
            "bayes_smoothing": BAYES_SMOOTHING, "bayes_power": BAYES_POWER,
            "ref_bonus": REF_BONUS, "ref_punctuation": REF_PUNCTUATION,
            "special_parts": sorted(set(SPECIAL_PARTS.values()))},
    }
