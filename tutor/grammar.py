"""Grammar-aware placeholders: the forms a translation asks for, chosen by the value.

A translation names the form it needs in the placeholder's format spec, and this module
supplies it for the value the message is filled with, so that the translator writes a
natural sentence instead of naming the value after a colon.

Hungarian (numbers, player names, game terms)
---------------------------------------------
The spec holds an article, a suffix, or both, separated by a space:

- ``{city:a}`` → "az 1", "a 2", "az 50" (``{city:A}`` at the start of a sentence);
- ``{city:-ra}`` → "1-re", "6-ra", "25-re"; ``{city:a -es}`` → "az 1-es", "a 6-os",
  "a 20-as", "a 25-ös"; ``{n:-val}`` → "5-tel", "1-gyel", "20-szal";
- ``{player:-val}`` → "Adával", "Brunóval", "Emillel", "Nimbusszal";
- ``{card:A}`` → "A katapult", "Az alternatív útvonal"; ``{card:a -t}`` → "a jetpacket".

Write the suffix in any of its forms (``-ra`` or ``-re``, ``-t`` or ``-ot``): the value
decides. A number takes the article and the suffix of the way it is read aloud ("húsz"
→ "a 20-as", "huszonöt" → "a 25-ös"), for every whole number. Suffixes offered:
``-ban -ba -ból -nál -tól -ra -ról -nak -hoz -szor`` (vowel harmony), ``-val -vá``
(assimilation: "5-tel", "Bobbal"), ``-t -n -s`` (linking vowel: "6-ot", "az 1-en",
"a 20-as"), ``-ig -ért -kor -ként -é`` (invariable), and ``-s`` followed by a case:
``-esre`` → "a 2-esre", "a 6-osra". A list value (``Translator.join``, the rule texts'
``{spyglass_cities}``) takes the form on each item: ``{cities:a -es}`` → "az 1-es, a
2-es, a 4-es és a 6-os".

A name's suffix follows its vowels ("Adával", "Emillel", "Dáviddal", "Ann-nal"). A name
this module cannot judge — written with letters Hungarian spelling does not use, with an
ending other languages read otherwise (a silent e: "Kate", "Mike"; a final s read [s]:
"Chris"; "Sarah", "Paul", "Tony"), or with no vowel — is given the safe form "Kate nevű
játékossal": the suffix goes on "játékos".

A numbered noun ("1. játékos", the name of a player who gave none) takes the definite
article wherever it stands, even with no spec: "{player} a kapitány." → "Az 1. játékos a
kapitány." (capital where a sentence begins); where it is a label (quoted, before a remark
in brackets, after a rank) it stays bare, as a name does.

``egy`` is the indefinite article: ``{card:egy -t}`` → "egy iránytűt". A list of cards
(``Translator.cards``: :class:`Term` items with their counts) takes the form on each item,
and a number takes the place of ``egy``: ``{cards:az -val}`` → "a két iránytűvel és a
turbóval", ``{cards:egy -val}`` → "két iránytűvel és egy turbóval".

French (named characters, elision)
----------------------------------
- ``{player:seul|seule}`` is the word that agrees with the character's gender (masculine
  form first); ``{player:seul|seule|sans personne d’autre}`` adds the form for a name
  whose gender is not known. Only lesson seats declare a gender; a name a user typed has
  none, so a message that can show such a name is worded so that it needs no agreement
  (épicène), or gives the third form. Without a third form an unknown gender gets the
  first one.
- ``{player:de}`` → "de Bruno", "d’Ada"; ``{player:que}`` → "que Bruno", "qu’Emil".
- ``{x:point|points}`` on a :class:`Quantity` (the coach's expected points) or a whole
  number (a lesson's points) is the noun that agrees with the amount, singular below 2:
  "{x} {x:point|points}" → "0,6 point", "9,3 points", "0 point", "2 points".
- ``{card:le}`` and ``{card:un}`` (``Le``, ``Un`` at the start of a sentence): a game term
  (:class:`Term`) with the article of its gender, "la boussole", "l’Itinéraire bis", "un
  Turbo"; on a list of cards, on each card, a counted one with its number: ``{cards:un}``
  → "deux boussoles et un Turbo", ``{cards:le}`` → "les deux boussoles et le Turbo".

Declaring genders (for lesson seats)
------------------------------------
A lesson file lists its seats' genders, e.g. ``genders: {Ada: f, Bruno: m}``, validated
with :func:`parse_genders`, and the lesson's translator knows them::

    tr = Translator("fr").with_genders(parse_genders({"Ada": "f", "Bruno": "m"}))
    tr.format("{player}, {player:seul|seule} à bord.", player="Ada")  # "Ada, seule à bord."

A value may also carry its own gender: ``Person("Ada", "f")``.

French typography
-----------------
:func:`french_typography` puts a narrow no-break space (U+202F) before ``: ; ! ?`` and
inside « », replacing whatever space the translation had; ``Translator`` applies it once
to every French translation it returns.

A spec this module does not understand raises :class:`GrammarError` (a ``ValueError``),
which ``Translator`` answers as it answers any broken translation: with the English text.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from typing import Any, NamedTuple

__all__ = [
    "GENDERS",
    "GrammarError",
    "GrammarFormatter",
    "Listing",
    "Person",
    "Quantity",
    "Term",
    "count_word",
    "french_typography",
    "has_grammar_spec",
    "hu_article",
    "hu_inflect",
    "hu_takes_article",
    "is_grammar_spec",
    "parse_genders",
    "render",
    "specs_in",
    "validate_spec",
]


class GrammarError(ValueError):
    """A grammar spec that cannot be applied (unknown form, wrong kind of value)."""


#: The genders a seat may declare: masculine, feminine.
GENDERS = ("m", "f")


class Person(str):
    """A name that knows its grammatical gender (``"m"`` or ``"f"``); prints as the name."""

    gender: str | None

    def __new__(cls, name: str, gender: str | None = None) -> Person:
        person = super().__new__(cls, name)
        if gender is not None and gender not in GENDERS:
            raise GrammarError(f"unknown gender {gender!r}; use one of {', '.join(GENDERS)}")
        person.gender = gender
        return person


def parse_genders(declared: Mapping[str, Any]) -> dict[str, str]:
    """``{"Ada": "f", "Bruno": "m"}`` checked: names are texts, genders ``m`` or ``f``."""
    genders = {}
    for name, gender in declared.items():
        if not isinstance(name, str) or not name.strip():
            raise GrammarError(f"a gender is declared for {name!r}, which is not a name")
        if gender not in GENDERS:
            raise GrammarError(f"the gender of {name} is {gender!r}; write m or f")
        genders[name] = gender
    return genders


class Quantity(str):
    """A number as it is shown ("0,6", "12,5") that knows its amount, so that the noun
    after it can agree: French ``{x:point|points}`` gives the singular below 2 ("0,6
    point", "1,5 point", "2,0 points"), as French writes it."""

    amount: float

    def __new__(cls, shown: str, amount: float) -> Quantity:
        quantity = super().__new__(cls, shown)
        quantity.amount = float(amount)
        return quantity


class Listing(str):
    """A list in words ("1, 2, 4 és 6") that remembers its items, so that a grammar spec
    can inflect each of them ("az 1-es, a 2-es, a 4-es és a 6-os")."""

    items: tuple[Any, ...]
    #: Joins the inflected items again. Not ``join``: that would hide str.join.
    joined: Callable[[list[str]], str]

    def __new__(cls, text: str, items: Iterable[Any],
                join: Callable[[list[str]], str]) -> Listing:
        listing = super().__new__(cls, text)
        listing.items = tuple(items)
        listing.joined = join
        return listing


#: Counts written as words in running text; larger ones keep their digits.
_COUNT_WORDS = {
    "en": ("", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"),
    "fr": ("", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix"),
    # The form before a noun: "két iránytű", not "kettő iránytű".
    "hu": ("", "egy", "két", "három", "négy", "öt", "hat", "hét", "nyolc", "kilenc", "tíz"),
}


def count_word(language: str, count: int) -> str:
    """A count as running text writes it before a noun: 2 → "two", "deux", "két"; from 11
    on, the digits."""
    words = _COUNT_WORDS.get(language, _COUNT_WORDS["en"])
    return words[count] if 0 < count < len(words) else str(count)


class Term(str):
    """A game term in one language ("boussole") with what its grammar needs: the French
    gender, the plural (English, French) and, in a list of cards, how many are meant.

    Without a count it prints as the word. With one (:meth:`times`) it prints as a list
    item does without a grammar spec: "a compass", "two compasses"; "boussole", "deux
    boussoles"; "iránytű", "két iránytű". French and Hungarian leave the one bare, and
    their specs give it an article: ``{cards:un}`` → "une boussole et deux Turbo",
    ``{cards:le}`` → "la boussole et les deux Turbo", ``{cards:az -val}`` → "az iránytűvel
    és a két turbóval", ``{cards:egy -val}`` → "egy iránytűvel és két turbóval"."""

    language: str
    singular: str
    plural: str
    gender: str | None
    #: How many are meant (None: the bare word). Not ``count``: that would hide str.count.
    how_many: int | None

    def __new__(cls, singular: str, language: str, plural: str | None = None,
                gender: str | None = None, count: int | None = None) -> Term:
        plural = plural or singular
        if gender is not None and gender not in GENDERS:
            raise GrammarError(f"unknown gender {gender!r}; use one of {', '.join(GENDERS)}")
        term = super().__new__(cls, _counted(language, singular, plural, count))
        term.language, term.singular, term.plural = language, singular, plural
        term.gender, term.how_many = gender, count
        return term

    def times(self, count: int) -> Term:
        """The same term, ``count`` of it: ``boussole.times(2)`` → "deux boussoles"."""
        return Term(self.singular, self.language, self.plural, self.gender, count)

    def __reduce__(self) -> tuple[Any, ...]:
        return Term, (self.singular, self.language, self.plural, self.gender, self.how_many)


def _counted(language: str, singular: str, plural: str, count: int | None) -> str:
    if count is None:
        return singular
    if count != 1:
        return f"{count_word(language, count)} {plural if language != 'hu' else singular}"
    if language == "en":
        return ("an " if singular[:1].lower() in "aeiou" else "a ") + singular
    return singular


# --- Hungarian --------------------------------------------------------------------------

BACK, FRONT, ROUNDED = "back", "front", "rounded"
_BACK_VOWELS = set("aáoóuú")
_FRONT_VOWELS = set("eéií")
_ROUNDED_VOWELS = set("öőüű")
_VOWELS = _BACK_VOWELS | _FRONT_VOWELS | _ROUNDED_VOWELS
_LETTERS = _VOWELS | set("bcdfghjklmnprstvzy")
#: Consonants written with several letters, longest first (doubling doubles the first).
_DIGRAPHS = ("dzs", "cs", "dz", "gy", "ly", "ny", "sz", "ty", "zs")
#: After these consonants the accusative -t needs no linking vowel ("Emilt", "Nimbust").
_DIRECT_T = {"j", "l", "ly", "n", "ny", "r", "s", "sz", "z", "zs"}
#: Final short vowels that lengthen before a suffix ("Ada" → "Adát", "Bruno" → "Brunót").
_LENGTHEN = {"a": "á", "e": "é", "o": "ó", "ö": "ő"}

#: Suffix families: every written form a translator may use → the family's name.
_TWO_WAY = {"ban": ("ban", "ben"), "ba": ("ba", "be"), "ból": ("ból", "ből"),
            "nál": ("nál", "nél"), "tól": ("tól", "től"), "ra": ("ra", "re"),
            "ról": ("ról", "ről"), "nak": ("nak", "nek")}
_THREE_WAY = {"hoz": ("hoz", "hez", "höz"), "szor": ("szor", "szer", "ször")}
_ASSIMILATING = {"val": ("al", "el"), "vá": ("á", "é")}
_LINKING = {"t": ("ot", "et", "öt"), "n": ("on", "en", "ön"), "s": ("os", "es", "ös")}
_INVARIABLE = ("ig", "ért", "kor", "ként", "é")
#: These attach to the word as it is written ("Adaként"), with no lengthening.
_NO_LENGTHENING = {"kor", "ként"}

_FAMILY_OF: dict[str, str] = {}
for _family, _forms in [*_TWO_WAY.items(), *_THREE_WAY.items()]:
    for _form in _forms:
        _FAMILY_OF[_form] = _family
for _family, _forms in _ASSIMILATING.items():
    for _form in _forms:
        _FAMILY_OF["v" + _form] = _family
for _family, _forms in _LINKING.items():
    _FAMILY_OF[_family] = _family
    for _form in (*_forms, "a" + _family):
        _FAMILY_OF[_form] = _family
for _form in _INVARIABLE:
    _FAMILY_OF[_form] = _form


class _Stem(NamedTuple):
    """What a suffix needs to know about the word it follows."""

    written: str  # the word (a number's digits) as shown, before the suffix
    harmony: str  # BACK, FRONT or ROUNDED: which vowel the suffixes take
    final: str  # "" when the word ends in a vowel, else its last consonant ("sz", "t")
    digits: bool = False  # a number: suffixes follow a hyphen ("6-ra"), no doubling
    double: bool = False  # ends in a doubled consonant ("Bernadett", "Ann")
    lowering: bool = False  # takes -at/-as for -ot/-os ("útvonalat", "hármat")
    #: the final consonant as heard, when the spelling is not Hungarian ("Nimbus": sz).
    sound: str = ""
    #: family → the suffix exactly as written (numbers: "ot" for 6, "szer" for 2).
    forms: tuple[tuple[str, str], ...] = ()
    #: family → the whole value with that suffix (words whose stem changes: "távcsövet").
    whole: tuple[tuple[str, str], ...] = ()

    def form(self, family: str) -> str | None:
        return dict(self.forms).get(family)


def _pick(forms: tuple[str, ...], harmony: str) -> str:
    if len(forms) == 2:
        return forms[0] if harmony == BACK else forms[1]
    return forms[{BACK: 0, FRONT: 1, ROUNDED: 2}[harmony]]


def _suffix(stem: _Stem, family: str) -> str:
    """The suffix of ``family`` after ``stem``, as written after it (hyphen excluded)."""
    fixed = stem.form(family)
    if fixed is not None:
        return fixed
    if family in _TWO_WAY:
        return _pick(_TWO_WAY[family], stem.harmony)
    if family in _THREE_WAY:
        return _pick(_THREE_WAY[family], stem.harmony)
    if family in _INVARIABLE:
        return family
    if family in _ASSIMILATING:
        ending = _pick(_ASSIMILATING[family], stem.harmony)
        return "v" + ending if not stem.final else stem.final + ending
    if family in _LINKING:
        if not stem.final or (family == "t" and stem.final in _DIRECT_T and not stem.digits
                              and not stem.lowering):
            return family
        linked = _pick(_LINKING[family], stem.harmony)
        if stem.lowering and family != "n":
            linked = linked.replace("o", "a")
        return linked
    raise GrammarError(f"unknown Hungarian suffix -{family}")


def _attach(stem: _Stem, family: str) -> str:
    """``stem`` with the suffix of ``family``: "6-ra", "Adával", "Bobbal", "Ann-nal"."""
    whole = dict(stem.whole).get(family)
    if whole is not None:
        return whole
    ending = _suffix(stem, family)
    if stem.digits:
        return f"{stem.written}-{ending}"
    word = stem.written
    if not stem.final and family not in _NO_LENGTHENING and word[-1] in _LENGTHEN:
        word = word[:-1] + _LENGTHEN[word[-1]]
    if family in _ASSIMILATING and stem.final:
        if stem.sound:
            # Written as heard after a foreign spelling: "Nimbusszal" ([nimbus]).
            return word + stem.sound + ending[len(stem.final):]
        if stem.double:
            # A doubled consonant cannot be tripled: the suffix follows a hyphen.
            return f"{word}-{ending}"
        doubled = stem.final[0]
        return word[: len(word) - len(stem.final)] + doubled + ending
    if stem.double and ending.startswith(stem.final[-1]):
        return f"{word}-{ending}"  # "Ann-nak", not three n
    return word + ending


def _after_s(stem: _Stem) -> _Stem:
    """The word with the adjectival -s ("2-es", "6-os"): a new stem ending in s."""
    linked = _suffix(stem, "s")
    harmony = {"o": BACK, "a": BACK, "e": FRONT, "ö": ROUNDED}.get(
        linked[0] if len(linked) > 1 else "", stem.harmony)
    return _Stem(written=_attach(stem, "s"), harmony=harmony, final="s")


# Numbers, by the last word read aloud: (harmony, -t, -s, -n, consonant that -val/-vá
# assimilate to, as written after the hyphen; "" after a vowel).
_NUMBER_TAILS: dict[str, tuple[str, str, str, str, str]] = {
    "nulla": (BACK, "t", "s", "n", ""),
    "egy": (FRONT, "et", "es", "en", "gy"),
    "kettő": (ROUNDED, "t", "es", "n", ""),
    "három": (BACK, "at", "as", "on", "m"),
    "négy": (FRONT, "et", "es", "en", "gy"),
    "öt": (ROUNDED, "öt", "ös", "ön", "t"),
    "hat": (BACK, "ot", "os", "on", "t"),
    "hét": (FRONT, "et", "es", "en", "t"),
    "nyolc": (BACK, "at", "as", "on", "c"),
    "kilenc": (FRONT, "et", "es", "en", "c"),
    "tíz": (FRONT, "et", "es", "en", "z"),
    "húsz": (BACK, "at", "as", "on", "sz"),
    "harminc": (BACK, "at", "as", "on", "c"),
    "negyven": (FRONT, "et", "es", "en", "n"),
    "ötven": (FRONT, "et", "es", "en", "n"),
    "hatvan": (BACK, "at", "as", "on", "n"),
    "hetven": (FRONT, "et", "es", "en", "n"),
    "nyolcvan": (BACK, "at", "as", "on", "n"),
    "kilencven": (FRONT, "et", "es", "en", "n"),
    "száz": (BACK, "at", "as", "on", "z"),
    "ezer": (FRONT, "et", "es", "en", "r"),
    "millió": (BACK, "t", "s", "n", ""),
    "milliárd": (BACK, "ot", "os", "on", "d"),
}
_UNITS = ("", "egy", "kettő", "három", "négy", "öt", "hat", "hét", "nyolc", "kilenc")
_TENS = ("", "tíz", "húsz", "harminc", "negyven", "ötven", "hatvan", "hetven", "nyolcvan",
         "kilencven")
_SPACES = re.compile(r"[\s\u00a0\u202f.,'’]")


def _whole_number(value: Any) -> int | None:
    """The whole number a value shows (``6``, ``"12 345"``), or None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        text = value.strip()
        if text.startswith(("-", "−")):
            rest = _whole_number(text[1:])
            return None if rest is None else -rest
        digits = _SPACES.sub("", text)
        if digits.isdigit() and digits.isascii() and text[0].isdigit():
            # "1,5" is a decimal in Hungarian: only group separators may stand between
            # digits, and those always group by three.
            groups = [g for g in re.split(r"[\s\u00a0\u202f]", text) if g]
            if all(g.isdigit() for g in groups) and all(len(g) == 3 for g in groups[1:]):
                return int(digits)
    return None


def _last_word(number: int) -> str:
    """The last word of ``number`` read aloud in Hungarian (25 → "öt", 200 → "száz")."""
    number = abs(number)
    if number == 0:
        return "nulla"
    if number % 10:
        return _UNITS[number % 10]
    if number % 100:
        return _TENS[number // 10 % 10]
    if number % 1000:
        return "száz"
    if number % 10**6:
        return "ezer"
    if number % 10**9:
        return "millió"
    return "milliárd"


def _number_starts_with_vowel(number: int) -> bool:
    """Whether ``number`` read aloud starts with a vowel: "egy", "öt…", "ezer…"."""
    if number < 0:
        return False  # "mínusz"
    leading = number
    while leading >= 1000:
        leading //= 1000
    # 1 is "egy", 1000 "ezer", 1 000 000 "egymillió"; 5, 50–59 and 500–599 start "öt".
    return leading == 1 or leading == 5 or 50 <= leading <= 59 or 500 <= leading <= 599


def _number_stem(number: int, written: str) -> _Stem:
    word = _last_word(number)
    harmony, t, s, n, consonant = _NUMBER_TAILS[word]
    forms = {"t": t, "s": s, "n": n}
    if word == "kettő":
        forms["szor"] = "szer"  # "kétszer"
    return _Stem(written=written, harmony=harmony, final=consonant, digits=True,
                 forms=tuple(forms.items()))


class _Lexeme(NamedTuple):
    """A word whose forms spelling alone does not tell."""

    harmony: str | None = None
    lowering: bool = False
    final: str | None = None
    sound: str = ""  # the final consonant as heard, if the spelling is foreign
    #: family → the word with that suffix, for words whose stem changes.
    whole: tuple[tuple[str, str], ...] = ()


#: The game's Hungarian words that spelling rules would get wrong (glossary terms).
_LEXICON: dict[str, _Lexeme] = {
    "útvonal": _Lexeme(lowering=True),  # útvonalat, útvonalas
    "jetpack": _Lexeme(harmony=FRONT, final="k"),  # read "dzsetpek": jetpacket, jetpackkel
    "távcső": _Lexeme(whole=(("t", "távcsövet"), ("n", "távcsövön"), ("s", "távcsöves"))),
    "madarak": _Lexeme(lowering=True),  # madarakat
    "kalózok": _Lexeme(lowering=True),  # kalózokat
    "kardok": _Lexeme(lowering=True),  # kardokat
    "kockák": _Lexeme(lowering=True),  # kockákat
    # The practice bots' cloud names are Latin, read with [s]: "Nimbusszal", "Nimbust".
    **{name: _Lexeme(final="sz", sound="sz")
       for name in ("nimbus", "cirrus", "stratus", "cumulus", "altus")},
}
#: Vowel pairs that other languages' spellings read as one sound ("Marie", "Claude").
_FOREIGN_PAIRS = {"ie", "ee", "oo", "ou", "au", "ai", "ei", "eu", "ue", "oe", "ae", "ui"}


def _split_final(word: str) -> str:
    for digraph in _DIGRAPHS:
        if word.endswith(digraph):
            return digraph
    return word[-1]


def _harmony_of(vowels: list[str]) -> str | None:
    last = vowels[-1]
    if last in _ROUNDED_VOWELS:
        return ROUNDED
    if last in _BACK_VOWELS:
        return BACK
    if last in "ií" or (last == "é" and len(vowels) > 1):
        # i, í and a last é are neutral: the vowel before them decides ("Dávid", "Fanni",
        # "kávéval", "Zoéval").
        for vowel in reversed(vowels):
            if vowel not in "ií" and not (vowel == "é" and vowel is last):
                return BACK if vowel in _BACK_VOWELS else FRONT
    return FRONT


#: Hungarian first names that the rules for foreign spellings below would refuse: a final
#: e that is read ("Bence"), a final s read [ʃ] ("Lajos"), a final c, ly, d or t.
_HUNGARIAN_NAMES = frozenset((
    "bence", "emese", "levente", "imre", "endre", "vince", "kende", "zente", "lenke", "etele",
    "ede", "lajos", "ambrus", "kolos", "vilmos", "dénes", "illés", "ferenc", "gergely",
    "albert", "norbert", "hubert", "gellért", "roland", "botond"))
_ALL_VOWELS = "aeiouáéíóöőúüű"
#: Letters and digraphs only Hungarian spelling uses: a name with one is read as written.
_HUNGARIAN_MARKS = re.compile(r"[áóúíöüőű]|cs|dz|gy|ny|sz|ty|zs")
#: Vowels that other languages' spellings write as one sound, before a final consonant
#: ("Paul", "Klaus", "Arnaud", "Jean"): which vowel is heard is not written.
_FOREIGN_GROUPS = {"ou", "au", "eu", "ai", "ei", "oi", "ee", "oo", "ue", "oe", "ui", "ea"}
_LAST_GROUP = re.compile(f"([{_ALL_VOWELS}]+)[^{_ALL_VOWELS}]+$")
#: Endings other languages read otherwise than Hungarian: an e after a consonant or an é,
#: silent or a schwa ("Mike", "Anne", "Renée"); s and z read [s] ("Chris", "Inez"); c read
#: [k] ("Marc"); English -y after g, l, n, t ("Kelly", "Tony"); French silent endings
#: ("Bernard", "Roland", "Vincent", "Margot", "Olivier") and their English readings.
_FOREIGN_ENDINGS = re.compile(
    f"(?:[^{_ALL_VOWELS}é]e|ée|(?<![cz])s|(?<![sd])z|c|[glnt]y|rd|nd|rt|nt|ot|ier)$")


def _foreign_name(low: str) -> bool:
    """Whether a name (in lower case, of Hungarian letters) may be read otherwise than
    Hungarian spelling reads it, so that its suffixes cannot be judged from its letters:
    "Mike", "Alice", "Chris", "Paul". Hungarian names are read as written: those with a
    letter or a digraph only Hungarian uses ("Tünde", "Balázs", "Mihály"), and the common
    ones these rules would refuse (``_HUNGARIAN_NAMES``)."""
    # A final gy, ly, ny, ty may be an English -y ("Tony"): it does not make a name Hungarian.
    body = low[:-2] if low.endswith(("gy", "ly", "ny", "ty")) else low
    if low in _HUNGARIAN_NAMES or _HUNGARIAN_MARKS.search(body):
        return False
    if low[-2:] in _FOREIGN_PAIRS:
        return True  # "Marie", "Joe", "Lou"
    group = _LAST_GROUP.search(low)
    if group and group.group(1) in _FOREIGN_GROUPS:
        return True
    return bool(_FOREIGN_ENDINGS.search(low))


def _word_stem(text: str, name: bool = True) -> _Stem | None:
    """The stem of a word or name, or None when spelling cannot tell how it is read.
    ``name=False`` for the game's own Hungarian words, which are Hungarian for sure."""
    words = text.split()
    last = words[-1] if words else ""
    part = last.rsplit("-", 1)[-1]
    low = part.lower()
    if not low or not set(low) <= _LETTERS:
        return None
    if "y" in low and not re.fullmatch(r"(?:[^y]|(?<=[glnt])y)*", low):
        return None  # y outside gy, ly, ny, ty: a foreign spelling
    vowels = [c for c in low if c in _VOWELS]
    if not vowels:
        return None
    lexeme = _LEXICON.get(low)
    if lexeme is None:
        if name and _foreign_name(low):
            return None
        lexeme = _Lexeme()
    harmony = lexeme.harmony or _harmony_of(vowels)
    if low[-1] in _VOWELS:
        final = ""
        if low[-2:] in _FOREIGN_PAIRS:
            return None
    else:
        final = lexeme.final or _split_final(low)
        foreign = low.endswith(("ch", "th", "ph", "sh", "gh", "ck")) and not lexeme.final
        if final == "h" or foreign:
            return None  # a silent or foreign ending ("Sarah", "Judith", "Dick")
    rest = low[: len(low) - len(final)]
    double = bool(final) and rest.endswith(final[0]) and (len(final) == 2 or
                                                          rest.endswith(final))
    whole = tuple((family, _same_case(part, form) if part else form)
                  for family, form in lexeme.whole)
    prefix = text[: len(text) - len(part)]
    return _Stem(written=text, harmony=harmony, final=final, double=double,
                 lowering=lexeme.lowering, sound=lexeme.sound,
                 whole=tuple((family, prefix + form) for family, form in whole))


def _same_case(model: str, word: str) -> str:
    return word[0].upper() + word[1:] if model[:1].isupper() else word


_ASSIMILATED = re.compile(r"[bcdfghjklmnprstyz]{1,3}[ae]l")


def _parse_hu_suffix(token: str) -> tuple[str, ...]:
    """``-ra`` → ("ra",); ``-esre`` → ("s", "ra"); unknown → GrammarError."""
    written = token[1:].lower()
    if written in _FAMILY_OF:
        return (_FAMILY_OF[written],)
    if _ASSIMILATED.fullmatch(written):
        return ("val",)  # written as assimilated: "-tel", "-gyel", "-szal"
    for adjectival in ("as", "es", "os", "ös", "s"):
        rest = written[len(adjectival):]
        if written.startswith(adjectival) and rest in _FAMILY_OF:
            return ("s", _FAMILY_OF[rest])
        if written.startswith(adjectival) and rest in ("sal", "sel"):
            return ("s", "val")
    raise GrammarError(f"unknown Hungarian suffix {token}")


#: The definite article (chosen by the value: "a 2", "az 1") and the indefinite one, which
#: a counted term replaces with its number ("egy iránytű", "két iránytű").
_HU_ARTICLES = ("a", "az", "A", "Az", "egy", "Egy")


def _parse_hu_spec(spec: str) -> tuple[str | None, tuple[str, ...]]:
    article, suffix = None, ()
    for token in spec.split():
        if token in _HU_ARTICLES:
            if article is not None:
                raise GrammarError(f"two articles in {spec!r}")
            article = token
        elif token.startswith("-") and len(token) > 1:
            if suffix:
                raise GrammarError(f"two suffixes in {spec!r}")
            suffix = _parse_hu_suffix(token)
        else:
            raise GrammarError(f"{token!r} is neither an article (a, az, egy) nor a suffix "
                               "(-ra)")
    if article is None and not suffix:
        raise GrammarError(f"empty Hungarian spec {spec!r}")
    return article, suffix


def hu_article(value: Any, capital: bool = False) -> str:
    """"a" or "az" before ``value`` as it is read aloud ("az 1", "a 2", "az iránytű")."""
    number = _whole_number(value)
    text = str(value).lstrip("„\"'«(")
    leading = re.match(r"\d+", text)
    if number is None and leading:
        number = int(leading.group())  # "3.4" (a rule) is read from its first number
    if number is not None:
        vowel = _number_starts_with_vowel(number)
    else:
        vowel = bool(text) and text[0].lower() in _VOWELS
    article = "az" if vowel else "a"
    return article.capitalize() if capital else article


def _stem_of(value: Any) -> _Stem | None:
    number = _whole_number(value)
    if number is not None:
        return _number_stem(number, str(value).strip())
    return _word_stem(str(value), name=not isinstance(value, Term))


#: The safe form for a name whose suffixes cannot be judged: "Kate nevű játékossal".
_SAFE_NAME = "{name} nevű"
_PLAYER = _Stem(written="játékos", harmony=BACK, final="s")


def hu_inflect(value: Any, suffix: str) -> str:
    """``value`` with a Hungarian suffix written in any of its forms: ``hu_inflect(6,
    "-ra")`` → "6-ra"; ``hu_inflect("Ada", "-val")`` → "Adával"."""
    return _inflect(value, _parse_hu_suffix(suffix if suffix.startswith("-")
                                            else "-" + suffix))


def _inflect(value: Any, families: tuple[str, ...]) -> str:
    stem = _stem_of(value)
    if stem is None:
        name = str(value).strip()
        if not any(c.isalpha() for c in name):
            raise GrammarError(f"no Hungarian suffix for {name!r}")  # not a word, not a name
        stem = _PLAYER._replace(written=f"{_SAFE_NAME.format(name=name)} játékos")
    for _ in families[:-1]:
        stem = _after_s(stem)
    return _attach(stem, families[-1])


#: A name made of an ordinal and a common noun ("1. játékos", the default name of a
#: player who gave none): a noun phrase, which takes the definite article wherever it
#: stands ("Az 1. játékos a kapitány.", "az 1. játékossal"), unlike a person's name.
_NUMBERED_NOUN = re.compile(r"\d+\. [a-záéíóöőúüű]+")


def hu_takes_article(value: Any) -> bool:
    """Whether ``value`` (or an item of a list) is a numbered noun such as "1. játékos",
    which Hungarian writes with its article even where a name stands bare."""
    if isinstance(value, Listing):
        return any(hu_takes_article(item) for item in value.items)
    return (isinstance(value, str) and not isinstance(value, Term)
            and _NUMBERED_NOUN.fullmatch(value.strip()) is not None)


def _render_hu(value: Any, spec: str, start: bool | None = False) -> str:
    """``start``: the value begins a sentence (an article it takes of itself is capital);
    None: it stands in a label, not a sentence (it takes no article of itself)."""
    article, families = _parse_hu_spec(spec) if spec else (None, ())
    if isinstance(value, Listing):
        items = [_render_hu_one(item, article if i == 0 else _lower(article), families,
                                start and i == 0)
                 for i, item in enumerate(value.items)]
        return value.joined(items)
    return _render_hu_one(value, article, families, start)


def _lower(article: str | None) -> str | None:
    return article.lower() if article else None


def _render_hu_one(value: Any, article: str | None, families: tuple[str, ...],
                   start: bool | None = False) -> str:
    if article is None and start is not None and hu_takes_article(value):
        article = "A" if start else "a"
    text = _inflect(value, families) if families else str(value)
    if article is None:
        return text
    if article.lower() == "egy":
        if isinstance(value, Term) and value.how_many not in (None, 1):
            # "két iránytű": the number takes the indefinite article's place.
            return text[:1].upper() + text[1:] if article[0].isupper() else text
        return f"{article} {text}"
    if families and _stem_of(value) is None:
        # "a Kate nevű játékossal": the article goes with the safe form's first word.
        return f"{hu_article(str(value), article[0].isupper())} {text}"
    return f"{hu_article(value, article[0].isupper())} {text}"


# --- French -----------------------------------------------------------------------------

_FRENCH_VOWELS = set("aeiouyàâäéèêëîïôöùûüÿæœ")
_ELIDING = {"de": "d’", "que": "qu’"}


def _french_elides(value: Any) -> bool:
    number = _whole_number(value)
    if number is not None:
        return number == 1  # "d’1 point"; "de 8", "de 11": huit and onze do not elide
    text = str(value).strip()
    return bool(text) and text[0].lower() in _FRENCH_VOWELS


#: Articles a French translation may ask for before a game term: definite, indefinite.
_FR_ARTICLES = ("le", "Le", "un", "Un")


def _fr_article(value: Any, spec: str) -> str:
    """A game term with its article: "la boussole", "l’Itinéraire bis", "les deux
    boussoles" (``le``); "une boussole", "deux boussoles" (``un``)."""
    if not isinstance(value, Term) or value.gender is None:
        raise GrammarError(f"the French article {spec!r} needs a game term, not {value!r}")
    capital = spec[0].isupper()
    if value.how_many not in (None, 1):
        text = f"les {value}" if spec.lower() == "le" else str(value)
    elif spec.lower() == "un":
        text = ("un " if value.gender == "m" else "une ") + value.singular
    elif value.singular[:1].lower() in _FRENCH_VOWELS | {"h"}:
        text = "l’" + value.singular
    else:
        text = ("le " if value.gender == "m" else "la ") + value.singular
    return text[:1].upper() + text[1:] if capital else text


def _render_fr(value: Any, spec: str, gender_of: Callable[[Any], str | None]) -> str:
    if spec in _FR_ARTICLES:
        if isinstance(value, Listing):
            return value.joined([_fr_article(item, spec if i == 0 else spec.lower())
                               for i, item in enumerate(value.items)])
        return _fr_article(value, spec)
    if spec in _ELIDING:
        if isinstance(value, Listing) and value.items:
            first = value.items[0]
            return (_ELIDING[spec] if _french_elides(first) else spec + " ") + str(value)
        return (_ELIDING[spec] if _french_elides(value) else spec + " ") + str(value)
    forms = spec.split("|")
    if len(forms) == 2 and all(f.strip() for f in forms):
        # A count (a lesson's points, the coach's figures) agrees its noun: French takes
        # the singular below 2, "0 point", "1,5 point", "2 points".
        if isinstance(value, Quantity):
            return forms[0] if abs(value.amount) < 2 else forms[1]
        if isinstance(value, int) and not isinstance(value, bool):
            return forms[0] if abs(value) < 2 else forms[1]
    if len(forms) in (2, 3) and all(form.strip() for form in forms):
        gender = gender_of(value)
        if gender == "m":
            return forms[0]
        if gender == "f":
            return forms[1]
        return forms[2] if len(forms) == 3 else forms[0]
    raise GrammarError(f"unknown French spec {spec!r}: use le, un, de, que, or "
                       "masculine|feminine")


_SPACE_BEFORE = re.compile(r"(?<=\S)[ \u00a0\u202f]+(?=[;:!?])")
_AFTER_OPENING = re.compile(r"«[ \u00a0\u202f]*")
_BEFORE_CLOSING = re.compile(r"[ \u00a0\u202f]*»")


def french_typography(text: str) -> str:
    """A narrow no-break space before ``: ; ! ?`` (where the text has a space) and inside
    « » (always): "Scores : " → "Scores\u202f: ", "« x »" → "«\u202fx\u202f»"."""
    if not any(c in text for c in ";:!?«»"):
        return text
    text = _SPACE_BEFORE.sub("\u202f", text)
    text = _AFTER_OPENING.sub("«\u202f", text)
    return _BEFORE_CLOSING.sub("\u202f»", text)


# --- Spec dispatch ----------------------------------------------------------------------

_HU_TOKEN = re.compile(r"^(?:[Aa]z?|[Ee]gy|-\w+)$")


def is_grammar_spec(spec: str) -> bool:
    """Whether a format spec is one of ours rather than Python's (``>3``, ``.1f``)."""
    if not spec:
        return False
    if "|" in spec or spec in _ELIDING or spec in _FR_ARTICLES:
        return True
    return all(_HU_TOKEN.match(token) for token in spec.split())


def render(language: str, value: Any, spec: str,
           gender_of: Callable[[Any], str | None] | None = None,
           start: bool | None = False) -> str:
    """``value`` in the form ``spec`` asks for, in ``language``; ``start``: the value
    begins a sentence (None: it stands in a label, which is no sentence)."""
    gender_of = gender_of or (lambda v: getattr(v, "gender", None))
    if language == "hu":
        return _render_hu(value, spec, start)
    if language == "fr":
        return _render_fr(value, spec, gender_of)
    raise GrammarError(f"no grammar forms for language {language!r} (spec {spec!r})")


def validate_spec(language: str, spec: str) -> None:
    """Raise GrammarError if ``spec`` is not a valid grammar spec for ``language``."""
    if language == "hu":
        _parse_hu_spec(spec)
    elif language == "fr":
        if spec not in _FR_ARTICLES:
            _render_fr("Ada", spec, lambda _: None)
    else:
        raise GrammarError(f"no grammar forms for language {language!r} (spec {spec!r})")


def specs_in(text: str) -> list[tuple[str, str]]:
    """The (field, spec) pairs of ``text``'s placeholders that carry a grammar spec."""
    found = []
    for _, field, spec, _ in string.Formatter().parse(text):
        if field is not None and spec and is_grammar_spec(spec):
            found.append((field, spec))
    return found


@lru_cache(maxsize=4096)
def has_grammar_spec(text: str) -> bool:
    """Whether any placeholder of ``text`` carries a grammar spec (cached: the same
    translations are filled again and again)."""
    if ":" not in text:
        return False
    try:
        return bool(specs_in(text))
    except ValueError:
        return False


class GrammarFormatter(string.Formatter):
    """``str.format`` that understands grammar specs for one language."""

    def __init__(self, language: str,
                 gender_of: Callable[[Any], str | None] | None = None) -> None:
        self.language = language
        self.gender_of = gender_of

    #: Whether the field being filled begins a sentence; None in a label (see ``parse``).
    _start: bool | None = False

    def parse(self, format_string: str) -> Iterable[tuple[str, str | None, str | None,
                                                          str | None]]:
        # Notes, for each field, whether it begins a sentence: a Hungarian numbered noun
        # ("1. játékos") there takes a capital article. Where a name stands as a label
        # it stays bare, as a name does: quoted („{name}”), before a remark in brackets
        # ("{player} (te, kapitány)") or after a rank ("{rank}. {player}: …").
        items = list(super().parse(format_string))
        for i, (literal, field, spec, conversion) in enumerate(items):
            if field is not None:
                after = items[i + 1][0] if i + 1 < len(items) else ""
                ranked = literal == ". " and i > 0 and items[i - 1][1] is not None
                bare = (ranked or literal.endswith(_OPENING_QUOTES)
                        or after.startswith(_AFTER_A_LABEL))
                self._start = None if bare else (
                    (i == 0 and not literal) or literal.endswith(_SENTENCE_ENDS))
            yield literal, field, spec, conversion

    def format_field(self, value: Any, format_spec: str) -> str:
        if is_grammar_spec(format_spec):
            return render(self.language, value, format_spec, self.gender_of, self._start)
        if (not format_spec and self.language == "hu" and self._start is not None
                and hu_takes_article(value)):
            return _render_hu(value, "", self._start)
        return super().format_field(value, format_spec)


#: What ends the sentence before a field, so that the field begins the next one.
_SENTENCE_ENDS = (". ", "! ", "? ", "\n")
#: What opens a quotation, and what follows a name used as a label.
_OPENING_QUOTES = ("„", "“", "\"", "«", "« ", "‘", "'")
_AFTER_A_LABEL = (" (", "”", "\"", "»", " »", "’", "'")
