"""Language choice and translation: gettext catalogs, Babel formatting.

Every user-visible string is English in the source and goes through ``Translator``;
the compiled catalogs live in ``tutor/locale/<lang>/LC_MESSAGES/celestia.mo``. A string
missing from a catalog falls back to English for that string alone.

Translations may ask for grammatical forms in their placeholders' format specs
(``{city:a -es}``, ``{player:de}``; see ``tutor.grammar``); French translations get their
typography (narrow no-break spaces before ``: ; ! ?`` and inside « ») here, once.
"""

from __future__ import annotations

import gettext
import os
import re
import struct
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .engine.messages import N_, CelestiaError, excerpt

if TYPE_CHECKING:
    from . import grammar as _grammar_module


def _grammar() -> _grammar_module:
    """``tutor.grammar``, imported when a text first needs it: English never does, so the
    tutor's menu starts without it."""
    # start-up: the tutor's first screen (benchmarks/tutor.py)
    from . import grammar

    return grammar


DOMAIN = "celestia"
LANGUAGES: tuple[str, ...] = ("en", "fr", "hu")
DEFAULT_LANGUAGE = "en"
LOCALE_DIR = Path(__file__).parent / "locale"
#: Each language's name in itself, for menus.
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "fr": "Français", "hu": "Magyar"}


class UnknownLanguage(CelestiaError):
    """A language this program has no catalog for."""


def _normalise(code: str) -> str:
    """``fr_FR.UTF-8`` → ``fr``; ``C``/``POSIX`` → ``""``."""
    code = code.strip().split(".")[0].split("@")[0].replace("-", "_")
    if code in ("C", "POSIX"):
        return ""
    return code.split("_")[0].lower()


def unknown_language(language: str) -> UnknownLanguage:
    """The error for a language we have no catalog for, listing those we have."""
    return UnknownLanguage(
        N_('Unknown language "{language}". Available languages: {available}.'),
        language=excerpt(language), available=", ".join(LANGUAGES))


#: The pseudo-language is on (``--lang qps`` under ``CELESTIA_PSEUDO=1``; see
#: ``tutor.pseudo``): English is then shown through it, in every translator made.
PSEUDO_ON = False


def pseudo_allowed(environ: Mapping[str, str] | None = None) -> bool:
    """Whether ``qps`` may be chosen: only where the environment says so (CI, tests)."""
    return (os.environ if environ is None else environ).get("CELESTIA_PSEUDO") == "1"


def use_pseudo() -> None:
    """Show English through the pseudo-language from now on (in this process)."""
    global PSEUDO_ON
    PSEUDO_ON = True
    catalog.cache_clear()


def known_language(code: str | None) -> bool:
    """True if ``code`` (``fr``, ``hu_HU.UTF-8``…) names a language we have."""
    return bool(code) and _normalise(code or "") in LANGUAGES


def pick_language(requested: str | None = None,
                  environ: Mapping[str, str] | None = None) -> str:
    """The language to use: ``requested`` (``--lang``), then ``CELESTIA_LANG``, then the
    locale variables ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, then English.

    An explicit choice (``--lang`` or ``CELESTIA_LANG``) that we do not have is an error;
    a locale we do not have is skipped, as gettext does.
    """
    env = os.environ if environ is None else environ
    for explicit in (requested, env.get("CELESTIA_LANG")):
        if explicit:
            code = _normalise(explicit)
            if code == "qps" and pseudo_allowed(env):
                use_pseudo()
                return DEFAULT_LANGUAGE
            if code not in LANGUAGES:
                raise unknown_language(explicit)
            return code
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(variable, "")
        # LANGUAGE may list several, "hu:fr:en"; the first we have wins.
        for part in value.split(":") if variable == "LANGUAGE" else [value]:
            code = _normalise(part) if part else ""
            if code in LANGUAGES:
                return code
    return DEFAULT_LANGUAGE


class CatalogError(CelestiaError):
    """A compiled catalog that exists but cannot be read."""


@cache
def catalog(language: str) -> gettext.NullTranslations:
    """All compiled catalogs of ``language`` (one per domain), chained into one.

    English has none: the source is English, and a msgid missing from every catalog
    falls back to itself — for that message alone, the rest stays translated.
    """
    chain = gettext.NullTranslations()
    if language == DEFAULT_LANGUAGE:
        if PSEUDO_ON:
            # start-up: only a pseudo-language run needs it (benchmarks/lookup.py)
            from .pseudo import PseudoCatalog

            return PseudoCatalog()
        return chain
    folder = LOCALE_DIR / language / "LC_MESSAGES"
    # The core domain first (read now: a damaged one is said before anything is shown),
    # then the others in a fixed order, each read at its first look-up.
    paths = sorted(folder.glob("*.mo"), key=lambda p: (p.stem != DOMAIN, p.stem))
    if not paths:
        return chain
    first = _read_catalog(paths[0], language)
    for path in paths[1:]:
        first.add_fallback(_DeferredCatalog(path, language))
    return first


def _read_catalog(path: Path, language: str) -> gettext.GNUTranslations:
    try:
        with path.open("rb") as handle:
            return gettext.GNUTranslations(handle)
    # A damaged file fails in many ways inside gettext's parser (bad magic number,
    # truncated tables, undecodable text): each is the same problem for the reader.
    except (OSError, ValueError, LookupError, struct.error) as err:
        raise CatalogError(
            N_("The {language} catalog at {path} cannot be read ({reason}). Reinstall "
               "the program, or choose another language with --lang."),
            language=language, path=str(path), reason=str(err) or type(err).__name__,
        ) from err


class _DeferredCatalog(gettext.NullTranslations):
    """One domain's catalog, read at its first look-up: a command reads only the
    catalogs its texts are in (a look-up in the FAQ never reads the lessons' catalog,
    the largest), which is most of a lookup's start-up in French or Hungarian."""

    def __init__(self, path: Path, language: str) -> None:
        super().__init__()
        self._path = path
        self._language = language
        self._read: gettext.NullTranslations | None = None

    def _catalog(self) -> gettext.NullTranslations:
        if self._read is None:
            read = _read_catalog(self._path, self._language)
            if self._fallback is not None:
                read.add_fallback(self._fallback)
            self._read = read
        return self._read

    def gettext(self, message: str) -> str:
        return self._catalog().gettext(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self._catalog().ngettext(msgid1, msgid2, n)

    def pgettext(self, context: str, message: str) -> str:
        return self._catalog().pgettext(context, message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return self._catalog().npgettext(context, msgid1, msgid2, n)


#: When true, a translation that cannot be filled raises ``UnfilledTranslation`` instead
#: of falling back to English: the test suite sets it, since a reader of French or
#: Hungarian would then see an English sentence.
STRICT = False


class UnfilledTranslation(RuntimeError):
    """A translation whose placeholders do not take the values given (``STRICT`` only)."""


#: Parameters of engine messages whose values are game terms (engine identifiers):
#: rendered with the glossary's word in the reader's language.
TERM_PARAMS = frozenset({"card", "cards", "face", "faces", "dice", "treasure", "treasures",
                         "hazard", "hazards", "equipment"})
_SEPARATORS = re.compile(r"\s*[+,]\s*|\s+")


def _has_spec(text: str) -> bool:
    """Whether a text has a grammar spec (a placeholder with one has a colon)."""
    return ":" in text and _grammar().has_grammar_spec(text)


_FIRST_WORD = re.compile(r"[^\W\d_][^\W\d_’'-]*")


def _capital_names(language: str) -> set[str]:
    """The first words of the glossary's terms that are written with a capital."""
    # start-up: only an error after a colon needs the glossary (benchmarks/lookup.py)
    from .glossary import concepts

    return {word.split()[0].split("-")[0] for concept in concepts()
            for word in concept.terms.get(language, ()) if word[:1].isupper()}


def after_colon(message: str, language: str) -> str:
    """``message`` as it reads after a colon: its first letter in lower case, unless its
    first word is a name (a game term with a capital, a word in capitals)."""
    first = _FIRST_WORD.match(message)
    if first is None or not first.group()[:1].isupper():
        return message
    word = first.group()
    if len(word) > 1 and not word[1:].islower():
        return message
    if word in _capital_names(language):
        return message
    return message[:1].lower() + message[1:]


def _starts_with_value(template: str) -> bool:
    """Whether a message's text starts with a value as it is (a name, a path: "{player}:
    …"), not with an article a grammar spec puts before it ("{number:Az} …")."""
    match = re.match(r"\{\w*(?::([^{}]*))?\}", template)
    if match is None:
        return False
    spec = (match.group(1) or "").split()
    return not (spec and spec[0].lower() in {"a", "az", "egy", "le", "un"})


class AfterColon:
    """A message that a message shows after a colon ("{path}: {reason}"): rendered in the
    reader's language, then from a lower-case letter (``after_colon``). The engine's and
    the files' errors are whole sentences; this is how one says where it was found."""

    def __init__(self, message: Any) -> None:
        self.message = message

    def english(self) -> str:
        english = getattr(self.message, "english", None)
        text = english() if callable(english) else str(self.message)
        msgid = str(getattr(self.message, "msgid", ""))
        return text if _starts_with_value(msgid) else after_colon(text, "en")

    def __str__(self) -> str:  # an English message that holds it reads well
        return self.english()


def _is_message(value: Any) -> bool:
    """A message id with parameters (an error, an event, a ``file_errors.Reason``)."""
    return (not isinstance(value, str) and isinstance(getattr(value, "msgid", None), str)
            and isinstance(getattr(value, "params", None), dict))


class Localised(str):
    """A translation with grammar specs (``{city:a -es}``) whose ``format``/``format_map``
    fill them and fall back to the English text if the translation is broken, so that
    callers formatting ``tr.ngettext(...)`` themselves get the same forms as
    ``Translator.format``."""

    _translator: Translator
    _english: str

    def __new__(cls, text: str, translator: Translator, english: str) -> Localised:
        localised = super().__new__(cls, text)
        localised._translator = translator
        localised._english = english
        return localised

    def format(self, *args: Any, **params: Any) -> str:  # type: ignore[override]
        return self._translator._fill(str(self), self._english, params, args)

    def format_map(self, mapping: Mapping[str, Any]) -> str:  # type: ignore[override]
        return self._translator._fill(str(self), self._english, mapping)

    def __reduce__(self) -> tuple[type[str], tuple[str]]:
        return str, (str(self),)  # pickled (by Sphinx, say) as the plain text


class Translator:
    """Translates and formats for one language.

    Babel is imported only when a number, list or term is formatted, so that importing
    this module stays cheap for the quick lookups.
    """

    def __init__(self, language: str = DEFAULT_LANGUAGE,
                 genders: Mapping[str, str] | None = None) -> None:
        if language not in LANGUAGES:
            raise unknown_language(language)
        self.language = language
        self._catalog = catalog(language)
        #: Names whose grammatical gender is known (lesson seats): name → "m" or "f".
        self.genders: dict[str, str] = _grammar().parse_genders(genders) if genders else {}
        self._formatter_made: Any = None

    def with_genders(self, genders: Mapping[str, str]) -> Translator:
        """A translator for the same language that knows these names' genders
        (``{"Ada": "f", "Bruno": "m"}``), for French agreement (``{player:seul|seule}``)."""
        return Translator(self.language, {**self.genders, **genders})

    @property
    def _formatter(self) -> Any:
        """``str.format`` with the grammar specs of this language (made when first used)."""
        if self._formatter_made is None:
            self._formatter_made = _grammar().GrammarFormatter(self.language, self.gender_of)
        return self._formatter_made

    def gender_of(self, value: Any) -> str | None:
        """"m", "f" or None (unknown: a name a user typed)."""
        gender = getattr(value, "gender", None)
        return gender if gender is not None else self.genders.get(str(value))

    def _localise(self, text: str, english: str) -> str:
        if self.language == DEFAULT_LANGUAGE:
            return text
        if self.language == "fr":
            text = _grammar().french_typography(text)
        # Only a text with grammar specs needs our own format(); every other stays a str.
        return Localised(text, self, english) if _has_spec(text) else text

    def gettext(self, msgid: str) -> str:
        if not msgid:
            return msgid
        return self._localise(self._catalog.gettext(msgid), msgid)

    def pgettext(self, context: str, msgid: str) -> str:
        """The translation of ``msgid`` in the role ``context`` (a ``msgctxt``)."""
        return self._localise(self._catalog.pgettext(context, msgid), msgid)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._localise(self._catalog.ngettext(singular, plural, n),
                              singular if n == 1 else plural)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self._localise(self._catalog.npgettext(context, singular, plural, n),
                              singular if n == 1 else plural)

    def format(self, msgid: str, **params: Any) -> str:
        """Translate ``msgid`` and fill its named placeholders.

        A parameter that is itself a message (it has ``msgid`` and ``params``, like the
        ``reason`` of a file error) is rendered in this language first.
        """
        return self._fill(self.gettext(msgid), msgid, self._rendered(params))

    def pformat(self, context: str, msgid: str, **params: Any) -> str:
        """``format`` for a message with a context (``msgctxt``)."""
        return self._fill(self.pgettext(context, msgid), msgid, self._rendered(params))

    def nformat(self, singular: str, plural: str, n: int, **params: Any) -> str:
        """The plural form for ``n``, filled; ``{n}`` is ``n`` written the local way.

        ``tr.nformat("{n} card", "{n} cards", 3)`` → ``"3 kártya"``.
        """
        params.setdefault("n", self.number(n))
        english = singular if n == 1 else plural
        return self._fill(self.ngettext(singular, plural, n), english, self._rendered(params))

    def _rendered(self, params: dict[str, Any]) -> dict[str, Any]:
        """Messages rendered in this language, a fractional number (``3.0`` read from a
        file) written the reader's way ("3,0") and a truth value as a file writes it
        (``true``), never as Python prints them."""
        return {name: self.message(value) if _is_message(value)
                else self._after_colon(value.message) if isinstance(value, AfterColon)
                else self.decimal(value) if isinstance(value, float)
                else ("true" if value else "false") if isinstance(value, bool)  # as in JSON
                else value
                for name, value in params.items()}

    def _after_colon(self, item: Any) -> str:
        """``item`` rendered to go on after a colon: from a lower-case letter, unless its
        text starts with a value (a player's name, a path), which stays as it is."""
        text = self.message(item)
        context = getattr(item, "context", None)
        plural = getattr(item, "plural", "")
        template = (self.ngettext(item.msgid, plural, 2) if plural
                    else self.pgettext(context, item.msgid) if context
                    else self.gettext(item.msgid))
        return text if _starts_with_value(str(template)) else after_colon(text, self.language)

    def decimal(self, value: float) -> str:
        """``3.0`` → ``"3.0"`` (en), ``"3,0"`` (fr, hu): at least one decimal, so that a
        fraction never reads as the whole number next to it."""
        # start-up: the tutor's first screen and the lookups (benchmarks/tutor.py, lookup.py)
        from babel.numbers import format_decimal, format_scientific

        try:
            return format_decimal(value, "#,##0.0##", locale=self.language)
        except ArithmeticError:   # more digits than a decimal holds (1e25): a power of ten
            return format_scientific(value, locale=self.language)

    def _fill(self, text: str, english: str, params: Mapping[str, Any],
              args: tuple[Any, ...] = ()) -> str:
        text = str(text)
        try:
            if not _has_spec(text) and not self._takes_articles(params):
                return text.format_map(params) if not args else text.format(*args, **params)
            return self._formatter.vformat(text, args, params)
        except (KeyError, IndexError, ValueError, AttributeError, TypeError) as err:
            # A broken translation (a misspelt placeholder, a grammar form that does not
            # exist) must not hide the message: fall back to English.
            if STRICT:
                raise UnfilledTranslation(
                    f"the {self.language} text {text!r} of {english!r} cannot be filled "
                    f"with {dict(params)!r}: {err!r}") from err
            english = str(english)
            if _has_spec(english):   # English texts count too: "{points:point|points}"
                return _grammar().GrammarFormatter("en").vformat(english, args, params)
            return english.format_map(params) if not args else english.format(*args, **params)

    def _takes_articles(self, params: Mapping[str, Any]) -> bool:
        """Whether a value needs the grammar formatter although the text has no spec: in
        Hungarian, a numbered noun ("1. játékos") takes its article wherever it stands."""
        return self.language == "hu" and any(
            isinstance(value, str) and ". " in value and _grammar().hu_takes_article(value)
            for value in params.values())

    def message(self, item: Any) -> str:
        """Render anything with ``msgid`` and ``params`` (engine events and errors).

        Parameters that name game terms (``card="compass"``, ``faces=("fog", "blank")``)
        show the glossary's word in this language ("boussole", "iránytű").
        """
        params = {name: self.term_value(name, value) for name, value in item.params.items()}
        plural = getattr(item, "plural", "")
        if plural:  # a message about a count: its form follows n (a parameter or not)
            count = params.pop("n") if "n" in params else getattr(item, "n", 0)
            return self.nformat(item.msgid, plural, count, **params)
        context = getattr(item, "context", None)
        if context:
            return self.pformat(context, item.msgid, **params)
        return self.format(item.msgid, **params)

    # --- Babel formatting -------------------------------------------------------------
    def number(self, value: float) -> str:
        """``12345`` → ``"12,345"`` (en), ``"12 345"`` (fr, hu)."""
        # start-up: the tutor's first screen and the lookups (benchmarks/tutor.py, lookup.py)
        from babel.numbers import format_decimal

        return format_decimal(value, locale=self.language)

    def percent(self, value: float) -> str:
        """``0.683`` → ``"68.3%"`` (en), ``"68,3 %"`` (fr), ``"68,3%"`` (hu): the
        language's own percent pattern with one decimal."""
        # start-up: the tutor's first screen and the lookups (benchmarks/tutor.py, lookup.py)
        from babel import Locale
        from babel.numbers import format_percent

        pattern = Locale.parse(self.language).percent_formats[None].pattern
        for space in ("", "\u00a0", "\u202f"):
            pattern = pattern.replace(f"0{space}%", f"0.0{space}%")
        return format_percent(value, pattern, locale=self.language)

    def join(self, items: Any, style: str = "and") -> str:
        """A list in words: style ``"and"`` gives "a, b és c"; ``"or"`` gives "a, b vagy c".

        The result remembers its items, so that a grammar spec inflects each of them
        (``{cities:a -es}`` → "az 1-es, a 2-es és a 6-os")."""
        # start-up: the tutor's first screen and the lookups (benchmarks/tutor.py, lookup.py)
        from babel.lists import format_list

        items = list(items)
        babel_style = "standard" if style == "and" else style

        def joined(words: list[str]) -> str:
            return format_list(words, style=babel_style, locale=self.language)

        return _grammar().Listing(joined([str(item) for item in items]), items, joined)

    # --- Game terms -------------------------------------------------------------------
    def term(self, identifier: str) -> str:
        """The glossary's word for an engine identifier (``"compass"`` → ``"boussole"``, a
        ``grammar.Term`` that knows its plural and French gender); anything that is not a
        term (a number, a typo) is returned unchanged."""
        # start-up: the tutor's first screen and the lookups (benchmarks/tutor.py, lookup.py)
        from .glossary import engine_term

        term = engine_term(identifier, self.language)
        if term is not None and PSEUDO_ON and self.language == DEFAULT_LANGUAGE:
            # start-up: only a pseudo-language run needs it (benchmarks/lookup.py)
            from .pseudo import pseudo

            return _grammar().Term(pseudo(term.singular), term.language, pseudo(term.plural))
        return term or identifier

    def cards(self, identifiers: Any, style: str = "and") -> _grammar_module.Listing:
        """Cards (engine identifiers, in any order) as a list in words, each card once with
        how many there are: ``["compass", "turbo", "compass"]`` → "two compasses and a
        Turbo", "deux boussoles et Turbo", "két iránytű és turbó". Translations give the
        items their article and case (``{cards:un}`` → "deux boussoles et un Turbo",
        ``{cards:az -val}`` → "a két iránytűvel és a turbóval"; see ``tutor.grammar``).
        Anything that is not a card (a treasure's value) is listed as it is, each time."""
        term_type = _grammar().Term
        counts: dict[str, int] = {}
        order: list[str] = []
        for identifier in identifiers:
            if isinstance(self.term(identifier), term_type):
                if identifier not in counts:
                    order.append(identifier)
                counts[identifier] = counts.get(identifier, 0) + 1
            else:
                order.append(identifier)
        items: list[Any] = []
        for identifier in order:
            word = self.term(identifier)
            items.append(word.times(counts[identifier]) if isinstance(word, term_type)
                         else word)
        return self.join(items, style)

    def variant_words(self) -> dict[str, str]:
        """Rules variant (engine identifier) → the reader's word for it, the word help and
        errors show and the word typed after ``--variant`` (English read too)."""
        # TRANSLATORS: Same role for both: the rules variant typed after --variant. One word,
        # lower case, easy to type; the English word is read too.
        return {"standard": self.pgettext("typed variant", "standard"),
                "beginner": self.pgettext("typed variant", "beginner")}

    def term_value(self, name: str, value: Any) -> Any:
        """``value`` of the parameter ``name``, with engine identifiers made words.

        A string of several identifiers (``"compass+turbo"``, ``"fog blank"``) or a
        tuple becomes a list in words; a value with anything unknown in it (what a person
        typed, say) is shown exactly as it is. Whatever the parameter, a tuple of numbers
        (the positions of dice) becomes a list in words too ("1 és 3").
        """
        if isinstance(value, tuple) and value \
                and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            return self.join([self.number(v) for v in value])
        if name == "variants" and isinstance(value, tuple):
            # The variants one may choose from (an unknown variant's error): the reader's
            # words, the ones they may type.
            words = self.variant_words()
            if value and all(v in words for v in value):
                return self.join([words[v] for v in value], "or")
        if name not in TERM_PARAMS:
            return value
        # start-up: the tutor's first screen and the lookups (benchmarks/tutor.py, lookup.py)
        from .glossary import by_engine

        known = by_engine()
        if isinstance(value, str):
            parts = [p for p in _SEPARATORS.split(value.strip()) if p]
        elif isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
            parts = list(value)
        else:
            return value
        if not parts or not all(p in known or p.isdigit() for p in parts):
            return value
        if name == "cards":
            return self.cards(parts)
        words = [self.term(p) for p in parts]
        return words[0] if len(words) == 1 else self.join(words)


def translator(language: str | None = None) -> Translator:
    return Translator(pick_language(language))
