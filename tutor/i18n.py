"""Language choice and translation: gettext catalogs, Babel formatting.

Every user-visible string is English in the source and goes through ``Translator``;
the compiled catalogs live in ``tutor/locale/<lang>/LC_MESSAGES/celestia.mo``. A string
missing from a catalog falls back to English for that string alone.
"""

from __future__ import annotations

import gettext
import os
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
                raise UnknownLanguage(
                    N_('Unknown language "{language}". Available languages: {available}.'),
                    language=explicit,
                    available=", ".join(LANGUAGES),
                )
            return code
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(variable, "")
        # LANGUAGE may list several, "hu:fr:en"; the first we have wins.
        for part in value.split(":") if variable == "LANGUAGE" else [value]:
            code = _normalise(part) if part else ""
            if code in LANGUAGES:
                return code
    return DEFAULT_LANGUAGE


@cache
def catalog(language: str) -> gettext.NullTranslations:
    """All compiled catalogs of ``language`` (one per domain), chained into one.

    English has none: the source is English, and a msgid missing from every catalog
    falls back to itself.
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
        except (OSError, gettext.error) as err:
            raise CelestiaError(N_("The {language} catalog at {path} cannot be read: {reason}"),
                                language=language, path=str(path), reason=str(err)) from err
        if first is None:
            first = loaded
        else:
            first.add_fallback(loaded)
    return first if first is not None else chain


class Translator:
    """Translates and formats for one language."""

    def __init__(self, language: str = DEFAULT_LANGUAGE) -> None:
        if language not in LANGUAGES:
            raise UnknownLanguage(
                N_('Unknown language "{language}". Available languages: {available}.'),
                language=language,
                available=", ".join(LANGUAGES),
            )
        self.language = language
        self._catalog = catalog(language)

    def gettext(self, msgid: str) -> str:
        return self._catalog.gettext(msgid) if msgid else msgid

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._catalog.ngettext(singular, plural, n)

    def format(self, msgid: str, **params: Any) -> str:
        """Translate ``msgid`` and fill its named placeholders."""
        text = self.gettext(msgid)
        try:
            return text.format(**params)
        except (KeyError, IndexError, ValueError):
            # A broken translation must not hide the message: fall back to English.
            return msgid.format(**params)

    def message(self, item: Any) -> str:
        """Render anything with ``msgid`` and ``params`` (engine events and errors)."""
        return self.format(item.msgid, **item.params)


def translator(language: str | None = None) -> Translator:
    return Translator(pick_language(language))
