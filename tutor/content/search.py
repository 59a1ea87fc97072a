"""One normaliser of players' words, for every search of the project.

``celestia faq``, the tutor's ``?`` lookup and the rulebook website all turn texts and
questions into the same *forms* with this module, so that a word finds the same things
everywhere. Nothing heavy is imported here: a form costs a few string operations.

The forms
---------
``fold(text)``
    lower case, accents removed: "Ködkürt" and "kodkurt" are the same word.
``tokens(text)``
    every folded word, in order, stop words included ("+" is a word of its own; hyphens
    and apostrophes split words: "lehet-e" → "lehet", "e"; "can't" → "can", "not").
``words(text)``
    the tokens that carry meaning: stop words (articles, pronouns, question words and
    filler such as "what happens", "est-ce que", "mi történik", "lehet-e") are dropped.
    A stop word is recognised with its accents, so "dés" (dice) is kept while "des" (an
    article) is dropped.
``stem(word)``
    a folded word without one common ending of English, French or Hungarian
    ("compasses" → "compass", "boussoles" → "boussol", "iránytűvel" → "iranytu").
``concepts(text, language, players=…)``
    the game's terms found in ``text``, as ``"@"`` + the concept id of ``glossary.yaml``
    ("draw pile", "pioche", "húzópakli" → ``"@draw-pile"``); with ``players=True`` also
    the words players use (``players_words.yaml``: "deck", "paquet", "pakli").
``similarity(a, b)``
    how well two folded words match, from 0 to 1 (equal, same stem, one a prefix of the
    other, two inflections of one stem).

How another index gets the same forms
-------------------------------------
Index each document with ``index_terms(text, language)``: the stems of its ``words``
plus the ``@concept`` forms of the glossary terms it uses. Turn a query into
``query_terms(query, language)``: one list of alternative forms for each thing the
query asks about, where a player's word brings its glossary concept ("deck" →
``["@draw-pile", "deck"]``) and a word of a synonym group brings its group. A document
matches a query term when it holds any of its alternatives (compare stems with
``similarity`` to forgive prefixes and inflections). ``celestia faq`` ranks with these
forms (``tutor.content.faq``); a search box in a browser can use ``index_terms`` at
build time and the same rules on its side.

The players' words are data (``tutor/players_words.yaml``, beside the glossary); the
compiled table of each language is cached beside the content files (see ``lexicon``).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import unicodedata
from bisect import bisect_left
from functools import cache
from pathlib import Path
from typing import Any

MIN_PREFIX = 4
WORD = re.compile(r"[^\W_]+|\+", re.UNICODE)
LANGUAGES = ("en", "fr", "hu")
TUTOR = Path(__file__).resolve().parents[1]
GLOSSARY_FILE = TUTOR / "glossary.yaml"
PLAYERS_FILE = TUTOR / "players_words.yaml"
#: Concept forms start with this; synonym groups with ``GROUP``.
CONCEPT = "@"
GROUP = "#"

# Endings stripped by ``stem``, longest first, per language. Deliberately light:
# over-stemming would merge unrelated words, and ``similarity`` already forgives most
# other inflections. Without a language, every language's endings are tried.
_ENDINGS_BY_LANGUAGE = {
    # plurals and verb endings
    "en": {"es", "s", "ing", "ed"},
    # plurals and common noun/verb endings
    "fr": {"s", "x", "es", "aux", "ement", "er", "ez", "ee", "ees", "ent", "e"},
    # plural, accusative and common case endings (accents already folded)
    "hu": {"k", "t", "ok", "ek", "ak", "at", "et", "ot", "nak", "nek", "val", "vel",
           "ban", "ben", "ba", "be", "ra", "re", "rol", "tol", "hoz", "hez", "nal", "nel",
           "on", "en", "ig", "kent", "ert", "bol", "ja", "je", "ai", "ei", "tal", "tel",
           "ni", "hat", "het", "ik"},
}
_ENDINGS = {
    language: sorted(endings, key=len, reverse=True)
    for language, endings in [*_ENDINGS_BY_LANGUAGE.items(),
                              (None, set().union(*_ENDINGS_BY_LANGUAGE.values()))]
}

# Stop words, written as they are spelt (accents included): a query word is compared
# before its accents are folded, so "dés" (dice) is not "des" (an article). Unaccented
# spellings are listed too where they cannot be a word of the game.
_STOP = {
    "en": """
        a an the of to in on at by for and or is are was were be been being am can could
        do does did done doing if it its it's i i'm me my we us our you your he him his
        she her they them their this that these those there here what what's whats when
        who whom whose which how why with from as than then so may might shall should
        will would not no yes any all one some such about into onto up out off still just
        also even else really ok okay possible allowed happen happens happened happening
        mean means get gets got have has had having anyone anybody someone somebody
        everyone everybody nobody thing things way case
    """,
    "fr": """
        le la les l un une des du de d et ou où ou est sont été être suis es il elle ils
        elles on je j tu te t me m se s y en ne n pas que qu qui quoi quel quelle quels
        quelles quand comment pourquoi avec sans pour par dans au aux ce c cet cette ces
        ça ca cela ceci son sa ses leur leurs mon ma mes ton ta tes nous vous lui moi toi
        peut peux peuvent pouvez pouvons puis doit dois doivent devez faut si est-ce
        passe arrive arriver droit possible permis autorisé autorise faire fait a à ai as
        avons avez ont tout tous toute toutes alors donc bien aussi quelqu quelqu'un
        quelque chose cas
    """,
    "hu": """
        a az egy és es vagy is nem igen mi mit mik mikor ki kit kik hogyan hogy miért
        miert melyik mely milyen hol hova honnan van vannak volt lesz lehet lehetséges
        lehetseges kell e de meg már mar csak ez azt ezt ezek azok én en te ő mi ti ők ok
        engem téged neki nekem nekik maga magát mindig sem ha akkor amikor aki ami amit
        történik tortenik szabad tudok tud tudja tudom szerint valaki valami mindenki
        senki dolog eset
    """,
}
STOP_WORDS = frozenset(w for lang in _STOP.values() for w in lang.split())


@cache
def fold(text: str) -> str:
    """Lower-case ``text`` and remove accents ("Débarquement" → "debarquement")."""
    # Compatibility forms first ("𝓐" is "A"), then case, then decomposed again.
    decomposed = unicodedata.normalize(
        "NFKD", unicodedata.normalize("NFKD", text).casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


@cache
def stem(word: str, language: str | None = None) -> str:
    """``word`` (folded) without one common ending of ``language`` (of any of our
    languages when None), keeping at least four letters."""
    for ending in _ENDINGS.get(language, _ENDINGS[None]):
        if word.endswith(ending) and len(word) - len(ending) >= MIN_PREFIX:
            return word[: -len(ending)]
    return word


def _spelled(text: str) -> list[str]:
    """The words of ``text`` in lower case, accents kept ("can't" → "can", "not")."""
    text = text.casefold().replace("’", "'")
    for short, full in _CONTRACTIONS:
        text = text.replace(short, full)
    return [m.group() for m in WORD.finditer(text)]


_CONTRACTIONS = (("can't", "can not"), ("won't", "will not"), ("n't", " not"),
                 ("cannot", "can not"))


def tokens(text: str) -> list[str]:
    """Every folded word of ``text``, in order, stop words included."""
    return [fold(w) for w in _spelled(text)]


def is_stop(word: str) -> bool:
    """Whether ``word`` (as spelt, lower case) is a stop word in one of our languages."""
    return word in STOP_WORDS


def words(text: str) -> list[str]:
    """The folded words of ``text`` that carry meaning (no stop words)."""
    return [fold(w) for w in _spelled(text) if w not in STOP_WORDS]


def similarity(query: str, word: str, language: str | None = None) -> float:
    """How well the folded query word matches a folded text word, from 0 to 1."""
    if query == word:
        return 1.0
    if stem(query, language) == stem(word, language):
        return 0.9
    short, long = (query, word) if len(query) <= len(word) else (word, query)
    if len(short) < MIN_PREFIX:
        return 0.0
    # A prefix must cover at least half of the longer word: "dont" is not "döntetlen".
    if ((long.startswith(short) or long.startswith(stem(short, language)))
            and 2 * len(short) >= len(long)):
        return 0.5 + 0.4 * len(short) / len(long)
    common = _common_prefix_length(short, long)
    # Two inflections of one stem ("refuse" / "refusing", "payer" / "payez") share all
    # but the last letter or two of the shorter word.
    if common >= MIN_PREFIX + 1 and common >= len(short) - 2:
        return 0.4 + 0.4 * common / len(long)
    return 0.0


def _common_prefix_length(a: str, b: str) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


# --- Vocabularies: related words among a known set ---------------------------------------

class Vocabulary:
    """A set of stems that answers "which of you match this stem, and how well" without
    comparing with every one (sorted for prefix look-ups)."""

    def __init__(self, stems: set[str] | list[str], language: str | None = None) -> None:
        self.sorted = sorted(set(stems))
        self.known = set(self.sorted)
        self.language = language

    def _starting(self, prefix: str) -> list[str]:
        i = bisect_left(self.sorted, prefix)
        found = []
        while i < len(self.sorted) and self.sorted[i].startswith(prefix):
            found.append(self.sorted[i])
            i += 1
        return found

    def related(self, form: str) -> dict[str, float]:
        """The known stems that match ``form`` (a stem), with their ``similarity``."""
        found: dict[str, float] = {}
        if form in self.known:
            found[form] = 1.0
        if len(form) < MIN_PREFIX:
            return found
        # Known stems that ``form`` begins (or that share all but its last two letters).
        for other in self._starting(form[: max(MIN_PREFIX, len(form) - 2)]):
            if other != form and (score := similarity(form, other, self.language)):
                found[other] = score
        # Known stems that begin ``form`` ("kiszall" in "kiszallhat").
        for k in range(MIN_PREFIX, len(form)):
            if form[:k] in self.known and (score := similarity(form, form[:k],
                                                                self.language)):
                found[form[:k]] = max(found.get(form[:k], 0.0), score)
        return found


def closest_spelling(word: str, candidates: list[str]) -> str | None:
    """The candidate spelt most like ``word`` when ``word`` looks like a typo of it: one
    edit (a letter wrong, missing, extra, or two swapped) for words of up to seven
    letters, two for longer ones; None otherwise. Uses rapidfuzz, imported only here:
    a query without a misspelt word never pays for it."""
    if len(word) < MIN_PREFIX or word.isdigit() or not candidates:
        return None
    from rapidfuzz import process
    from rapidfuzz.distance import OSA

    limit = 1 if len(word) <= 7 else 2
    best = process.extract(word, candidates, scorer=OSA.distance, score_cutoff=limit,
                           limit=None)
    if not best:
        return None
    # The fewest edits; then the candidate closest in length, then the first in order.
    best.sort(key=lambda hit: (hit[1], abs(len(hit[0]) - len(word)), hit[2]))
    return best[0][0]


# --- The lexicon: glossary terms, players' words and synonym groups ----------------------

def _phrase(text: str, language: str) -> str:
    """The key of a term or a player's word: its tokens' stems, space-separated."""
    return " ".join(stem(t, language) for t in tokens(text))


def _sources_digest(*paths: Path) -> str:
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.read_bytes())
    return digest.hexdigest()


def _build_lexicon() -> dict[str, Any]:
    """Per language: ``glossary`` (phrase → @concept for the glossary's words, → #group
    for the words of a synonym group), ``players`` (the same and the players' words, for
    queries), ``texts`` (the same without the broad words, for indexing), ``groups``
    (#group → its one-word stems) and ``spellings`` (every word, for typos)."""
    from .. import glossary

    extra = _players_words({c.id for c in glossary.concepts()})
    table: dict[str, Any] = {}
    for language in LANGUAGES:
        terms: dict[str, str] = {}
        for concept in glossary.concepts():
            for form in concept.terms[language]:
                terms.setdefault(_phrase(form, language), CONCEPT + concept.id)
        groups: dict[str, list[str]] = {}
        for group in extra.get("groups") or []:
            key = GROUP + str(group["id"])
            members = [_phrase(str(form), language) for form in group.get(language, [])]
            groups[key] = sorted({m for m in members if " " not in m})
            for member in members:
                terms.setdefault(member, key)
        players: dict[str, str] = dict(terms)
        for ident, by_language in (extra.get("terms") or {}).items():
            for form in (by_language or {}).get(language, []):
                players.setdefault(_phrase(str(form), language), CONCEPT + str(ident))
        broad = {_phrase(str(w), language) for w in (extra.get("broad") or {}).get(language, [])}
        texts = {k: v for k, v in players.items() if k not in broad or k in terms}
        spellings: set[str] = set()
        for concept in glossary.concepts():
            spellings.update(words(" ".join(concept.terms[language])))
        for by_language in (extra.get("terms") or {}).values():
            spellings.update(words(" ".join(map(str, (by_language or {}).get(language, [])))))
        for group in extra.get("groups") or []:
            spellings.update(words(" ".join(map(str, group.get(language, [])))))
        table[language] = {"glossary": terms, "players": players, "texts": texts,
                           "groups": groups,
                           "spellings": sorted(w for w in spellings if len(w) >= MIN_PREFIX)}
    return table


def _players_words(concept_ids: set[str]) -> dict[str, Any]:
    """``players_words.yaml``, checked; a mistake is reported with the file and what."""
    import yaml

    from ..engine.messages import N_
    from .loader import ContentError

    path = str(PLAYERS_FILE)
    try:
        with PLAYERS_FILE.open(encoding="utf-8") as handle:
            data = yaml.load(handle, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as err:
        from ..file_errors import os_reason, yaml_reason

        reason = yaml_reason(err) if isinstance(err, yaml.YAMLError) else os_reason(err)
        raise ContentError(N_("The players' words file {path} cannot be read: {reason}"),
                           path=path, reason=reason) from err
    data = data if data is not None else {}
    allowed = ("terms", "groups", "broad")
    if not isinstance(data, dict):
        raise ContentError(N_("{path}: the players' words file must be a mapping with the "
                              "keys {allowed}."), path=path, allowed=", ".join(allowed))
    for key in data:
        if key not in allowed:
            raise ContentError(N_('{path}: unknown key "{key}"; allowed keys: {allowed}.'),
                               path=path, key=str(key), allowed=", ".join(allowed))

    def word_lists(node: Any) -> bool:
        return isinstance(node, dict) and all(
            language in LANGUAGES and isinstance(words, list)
            and all(isinstance(w, str) and w.strip() for w in words)
            for language, words in node.items())

    terms = data.get("terms") or {}
    if not isinstance(terms, dict):
        raise ContentError(N_('{path}: "terms" must map concepts of the glossary to their '
                              'words in each language (en, fr, hu).'), path=path)
    for ident, node in terms.items():
        if ident not in concept_ids:
            raise ContentError(N_('{path}: "{id}" under "terms" is not a concept of the '
                                  'glossary.'), path=path, id=str(ident))
        if not word_lists(node):
            raise ContentError(N_('{path}: the words of "{id}" must be lists of words per '
                                  'language (en, fr, hu).'), path=path, id=str(ident))
    groups = data.get("groups") or []
    if not isinstance(groups, list) or not all(
            isinstance(g, dict) and isinstance(g.get("id"), str)
            and word_lists({k: v for k, v in g.items() if k != "id"}) for g in groups):
        raise ContentError(N_('{path}: each synonym group under "groups" needs an id and '
                              'lists of words per language (en, fr, hu).'), path=path)
    if not word_lists(data.get("broad") or {}):
        raise ContentError(N_('{path}: "broad" must list words per language (en, fr, '
                              'hu).'), path=path)
    return data


def cache_folder() -> Path:
    """Where the compiled search tables are kept: beside the content files."""
    from . import loader

    return loader.FOLDER


def read_json_cache(name: str, digest: str) -> Any | None:
    """The data of cache file ``name`` if it was built from ``digest``, else None."""
    try:
        with (cache_folder() / name).open(encoding="utf-8") as handle:
            cached = json.load(handle)
    except (OSError, ValueError):
        return None
    if isinstance(cached, dict) and cached.get("sha256") == digest:
        return cached.get("data")
    return None


def write_json_cache(name: str, digest: str, data: Any) -> None:
    """Keep ``data`` for the next run; silently skipped where the folder is read-only."""
    target = cache_folder() / name
    try:
        temporary = target.with_suffix(f".{os.getpid()}.tmp")
        temporary.write_text(json.dumps({"sha256": digest, "data": data},
                                        ensure_ascii=False, separators=(",", ":")),
                             encoding="utf-8")
        os.replace(temporary, target)
    except (OSError, TypeError, ValueError):
        pass


@cache
def lexicon() -> dict[str, Any]:
    """The compiled players' words of every language (see ``_build_lexicon``), cached in
    ``search-lexicon.cache.json`` with the digest of the glossary, the players' words and
    this module, and rebuilt when any of them changes."""
    digest = _sources_digest(GLOSSARY_FILE, PLAYERS_FILE, Path(__file__))
    name = "search-lexicon.cache.json"
    data = read_json_cache(name, digest)
    if not isinstance(data, dict) or set(data) != set(LANGUAGES):
        data = _build_lexicon()
        write_json_cache(name, digest, data)
    return data


@cache
def _phrases(language: str, players: bool | str) -> tuple[dict[str, str], int, Vocabulary]:
    table = lexicon()[language][{True: "players", False: "glossary"}.get(players, players)]
    longest = max((k.count(" ") + 1 for k in table), default=1)
    single = Vocabulary([k for k in table if " " not in k], language)
    return table, longest, single


def _single_word_target(word: str, table: dict[str, str], single: Vocabulary,
                        typing: bool) -> str | None:
    """The lexicon entry a one-word stem stands for: the same stem, or an inflection of
    it ("katapulttal" → "katapult"); in a query (``typing``) also a word being typed."""
    if word in table:
        return table[word]
    if len(word) < MIN_PREFIX:
        return None
    for k in range(len(word) - 1, MIN_PREFIX - 1, -1):
        if word[:k] in single.known and 5 * k >= 3 * len(word):
            return table[word[:k]]
    if typing:
        hits = [w for w, s in single.related(word).items() if s >= 0.75]
        if len(hits) == 1:
            return table[hits[0]]
    return None


def segments(spelled: list[str], language: str, players: bool | str,
             typing: bool = False) -> list[tuple[int, int, str | None]]:
    """Split words as spelt (``_spelled``) into (start, end, target) pieces: the longest
    phrase of the lexicon at each place (target ``@concept`` or ``#group``), else one
    word (target None). A stop word alone is never a term ("de" is not "dé").
    ``players``: False for the glossary's words, True to add the players' words (a
    query), "texts" to add those that are not broad (a text being indexed)."""
    table, longest, single = _phrases(language, players)
    stems = [stem(fold(w), language) for w in spelled]
    found: list[tuple[int, int, str | None]] = []
    i = 0
    while i < len(stems):
        for size in range(min(longest, len(stems) - i), 1, -1):
            target = table.get(" ".join(stems[i:i + size]))
            if target:
                found.append((i, i + size, target))
                i += size
                break
        else:
            target = (None if spelled[i] in STOP_WORDS
                      else _single_word_target(stems[i], table, single, typing))
            found.append((i, i + 1, target))
            i += 1
    return found


def group_members(language: str, group: str) -> list[str]:
    """The one-word stems of a synonym group (``"#win"``) in ``language``."""
    return list(lexicon()[language]["groups"].get(group, []))


def concepts(text: str, language: str, players: bool = False) -> list[str]:
    """The ``@concept`` forms of the game's terms that ``text`` uses, in order."""
    return [target for _, _, target in segments(_spelled(text), language, players)
            if target and target.startswith(CONCEPT)]


def index_terms(text: str, language: str) -> list[str]:
    """What an index stores for ``text``: the stems of its meaningful words, then the
    ``@concept`` forms of the game's terms it uses (glossary terms and players' words
    alike: a text about "treasures" is about the Treasure cards) and the ``#group`` of
    each synonym group it uses."""
    return [stem(w, language) for w in words(text)] + [
        target for _, _, target in segments(_spelled(text), language, players="texts")
        if target]


def query_terms(query: str, language: str) -> list[list[str]]:
    """For each thing ``query`` asks about, the forms any of which may match: a glossary
    term or a player's word gives its ``@concept`` (and the word itself, when it is one
    word); a word of a synonym group gives the group's words; any other meaningful word
    gives its stem."""
    spelled = _spelled(query)
    stems = [stem(fold(w), language) for w in spelled]
    terms: list[list[str]] = []
    for start, end, target in segments(spelled, language, players=True, typing=True):
        single = end - start == 1 and spelled[start] not in STOP_WORDS
        if target and target.startswith(GROUP):
            terms.append([target, *group_members(language, target)])
        elif target:
            terms.append([target, stems[start]] if single else [target])
        elif single:
            terms.append([stems[start]])
    return terms


#: Question words and negations: stop words, but part of how a question is asked, so
#: ``canonical`` keeps them ("when can I…" is not "who can…", "cannot" is not "can").
_QUESTION = """
    what when who which how why where not no do does quand qui quoi quel quelle comment
    pourquoi où ou combien pas ne fait font mi mit mikor ki kit hogyan miért melyik hol
    hány nem
"""
QUESTION_WORDS = frozenset(_QUESTION.split())


def canonical(text: str, language: str, typing: bool = False) -> list[str]:
    """``text`` as a sequence for comparing whole questions: each token's stem, with the
    game's terms replaced by their ``@concept`` and the words of a synonym group by its
    ``#group``; ``typing`` for a query (a word may be half typed). Of the stop words,
    the question words stay: "what … when" is part of how a question is asked."""
    spelled = _spelled(text)
    return [target or stem(fold(spelled[start]), language)
            for start, _, target in segments(spelled, language,
                                             players=True if typing else "texts",
                                             typing=typing)
            if target or spelled[start] not in STOP_WORDS
            or spelled[start] in QUESTION_WORDS]
