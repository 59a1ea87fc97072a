"""Language choice and translation: gettext catalogs, Babel formatting.

Every user-visible string is English in the source and goes through ``Translator``;
the compiled catalogs live in ``tutor/locale/<lang>/LC_MESSAGES/celestia.mo``. A string
missing from a catalog falls back to English for that string alone.
"""

from __future__ import annotations

import gettext
import os
import re
import struct
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from .engine.messages import N_, CelestiaError

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
        language=language, available=", ".join(LANGUAGES))


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
        return chain
    folder = LOCALE_DIR / language / "LC_MESSAGES"
    # The core domain first, then the others in a fixed order.
    paths = sorted(folder.glob("*.mo"), key=lambda p: (p.stem != DOMAIN, p.stem))
    first: gettext.NullTranslations | None = None
    for path in paths:
        try:
            with path.open("rb") as handle:
                loaded = gettext.GNUTranslations(handle)
        # A damaged file fails in many ways inside gettext's parser (bad magic number,
        # truncated tables, undecodable text): each is the same problem for the reader.
        except (OSError, ValueError, LookupError, struct.error) as err:
            raise CatalogError(
                N_("The {language} catalog at {path} cannot be read ({reason}). Reinstall "
                   "the program, or choose another language with --lang."),
                language=language, path=str(path), reason=str(err) or type(err).__name__,
            ) from err
        if first is None:
            first = loaded
        else:
            first.add_fallback(loaded)
    return first if first is not None else chain


#: Parameters of engine messages whose values are game terms (engine identifiers):
#: rendered with the glossary's word in the reader's language.
TERM_PARAMS = frozenset({"card", "cards", "face", "faces", "dice", "treasure", "treasures",
                         "hazard", "hazards", "equipment"})
_SEPARATORS = re.compile(r"\s*[+,]\s*|\s+")


def _is_message(value: Any) -> bool:
    """A message id with parameters (an error, an event, a ``file_errors.Reason``)."""
    return (not isinstance(value, str) and isinstance(getattr(value, "msgid", None), str)
            and isinstance(getattr(value, "params", None), dict))


class Translator:
    """Translates and formats for one language.

    Babel is imported only when a number, list or term is formatted, so that importing
    this module stays cheap for the quick lookups.
    """

    def __init__(self, language: str = DEFAULT_LANGUAGE) -> None:
        if language not in LANGUAGES:
            raise unknown_language(language)
        self.language = language
        self._catalog = catalog(language)

    def gettext(self, msgid: str) -> str:
        return self._catalog.gettext(msgid) if msgid else msgid

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._catalog.ngettext(singular, plural, n)

    def format(self, msgid: str, **params: Any) -> str:
        """Translate ``msgid`` and fill its named placeholders.

        A parameter that is itself a message (it has ``msgid`` and ``params``, like the
        ``reason`` of a file error) is rendered in this language first.
        """
        return self._fill(self.gettext(msgid), msgid, self._rendered(params))

    def nformat(self, singular: str, plural: str, n: int, **params: Any) -> str:
        """The plural form for ``n``, filled; ``{n}`` is ``n`` written the local way.

        ``tr.nformat("{n} card", "{n} cards", 3)`` → ``"3 kártya"``.
        """
        params.setdefault("n", self.number(n))
        english = singular if n == 1 else plural
        return self._fill(self.ngettext(singular, plural, n), english, self._rendered(params))

    def _rendered(self, params: dict[str, Any]) -> dict[str, Any]:
        return {name: self.message(value) if _is_message(value) else value
                for name, value in params.items()}

    @staticmethod
    def _fill(text: str, english: str, params: dict[str, Any]) -> str:
        try:
            return text.format(**params)
        except (KeyError, IndexError, ValueError):
            # A broken translation must not hide the message: fall back to English.
            return english.format(**params)

    def message(self, item: Any) -> str:
        """Render anything with ``msgid`` and ``params`` (engine events and errors).

        Parameters that name game terms (``card="compass"``, ``faces=("fog", "blank")``)
        show the glossary's word in this language ("boussole", "iránytű").
        """
        params = {name: self.term_value(name, value) for name, value in item.params.items()}
        return self.format(item.msgid, **params)

    # --- Babel formatting -------------------------------------------------------------
    def number(self, value: float) -> str:
        """``12345`` → ``"12,345"`` (en), ``"12 345"`` (fr, hu)."""
        from babel.numbers import format_decimal

        return format_decimal(value, locale=self.language)

    def percent(self, value: float) -> str:
        """``0.683`` → ``"68.3%"`` (en), ``"68,3 %"`` (fr), ``"68,3%"`` (hu): the
        language's own percent pattern with one decimal."""
        from babel import Locale
        from babel.numbers import format_percent

        pattern = Locale.parse(self.language).percent_formats[None].pattern
        for space in ("", "\u00a0", "\u202f"):
            pattern = pattern.replace(f"0{space}%", f"0.0{space}%")
        return format_percent(value, pattern, locale=self.language)

    def join(self, items: Any, style: str = "and") -> str:
        """A list in words: style ``"and"`` gives "a, b és c"; ``"or"`` gives "a, b vagy c"."""
        from babel.lists import format_list

        words = [str(item) for item in items]
        return format_list(words, style="standard" if style == "and" else style,
                           locale=self.language)

    # --- Game terms -------------------------------------------------------------------
    def term(self, identifier: str) -> str:
        """The glossary's word for an engine identifier (``"compass"`` → ``"boussole"``);
        anything that is not a term (a number, a typo) is returned unchanged."""
        from .glossary import engine_term

        return engine_term(identifier, self.language) or identifier

    def term_value(self, name: str, value: Any) -> Any:
        """``value`` of the parameter ``name``, with engine identifiers made words.

        A string of several identifiers (``"compass+turbo"``, ``"fog blank"``) or a
        tuple becomes a list in words; a value with anything unknown in it (what a person
        typed, say) is shown exactly as it is.
        """
        if name not in TERM_PARAMS:
            return value
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
        words = [self.term(p) for p in parts]
        return words[0] if len(words) == 1 else self.join(words)


def translator(language: str | None = None) -> Translator:
    return Translator(pick_language(language))
