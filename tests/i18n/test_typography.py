"""French and Hungarian punctuation as printed books have it: the typographic apostrophe ’
(never the typewriter '), and the language's quotation marks (« » in French, „ ” in
Hungarian; never the typewriter "), in every catalog and in the glossary's words.

What a person types or copies is left as it is: command lines (the help's sample lines,
`pip install -e '.[docs]'`), a file's sample key (`id: "3.4"`), HTML tags and code in
backquotes. The narrow no-break spaces of French are tests/i18n/test_rendering.py's.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from tutor.glossary import SOURCE as GLOSSARY
from tutor.tools import catalogs as tool

PLAYERS_WORDS = GLOSSARY.with_name("players_words.yaml")

#: Text that is typed or copied as it is, taken out before looking.
CODE = re.compile(
    r"<[^>]*>"                      # HTML tags and their attributes
    r"|`[^`]*`"                     # code in backquotes (reST, Markdown)
    r"|^\s+(?:celestia|pip)\b.*$"   # a sample command line of a help text
    r"|\bpip install\b.*$"          # a command given in a sentence
    r"|^\s+\w+ = .*$"               # a sample line of a TOML file
    r"|\b\w+: \"[^\"]*\""           # a sample key of a YAML file: id: "3.4"
    r"|\"\w+\": \"[^\"]*\""          # a key and value of a JSON record: "format": "x"
    r"|\{[^{}]*\}|%\(\w+\)\w",      # placeholders
    re.MULTILINE)
TYPEWRITER = re.compile(r"['\"]")
WRONG_QUOTES = {"fr": re.compile(r"[“”„]"), "hu": re.compile(r"[«»“]")}


def faults(language: str, text: str) -> list[str]:
    text = CODE.sub(" ", text)
    found = [text[max(0, m.start() - 20):m.end() + 20] for m in TYPEWRITER.finditer(text)]
    found += [text[max(0, m.start() - 20):m.end() + 20]
              for m in WRONG_QUOTES[language].finditer(text)]
    return found


CATALOGS = [pytest.param(language, path, id=f"{language}-{path.stem}")
            for language, path, _ in tool.translated_catalogs("typography")]


@pytest.mark.parametrize(("language", "path"), CATALOGS)
def test_catalogs_use_the_typographic_apostrophe_and_quotes(language: str, path: Path) -> None:
    found = []
    for message in tool.read(path, locale=language):
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            found += [f"{bad!r} in {message.id!r}" for bad in faults(language, text or "")]
    assert not found, f"{path.relative_to(tool.ROOT)}:\n  " + "\n  ".join(found)


def _words(document: object, language: str) -> list[str]:
    """Every string under a key ``language`` of a YAML document, at any depth."""
    found: list[str] = []
    if isinstance(document, dict):
        for key, value in document.items():
            if key == language:
                found += [str(v) for v in _flatten(value)]
            else:
                found += _words(value, language)
    elif isinstance(document, list):
        for item in document:
            found += _words(item, language)
    return found


def _flatten(value: object) -> list[object]:
    if isinstance(value, dict):
        return [v for item in value.values() for v in _flatten(item)]
    if isinstance(value, list):
        return [v for item in value for v in _flatten(item)]
    return [value]


@pytest.mark.parametrize("source", [GLOSSARY, PLAYERS_WORDS], ids=lambda p: p.name)
@pytest.mark.parametrize("language", ["fr", "hu"])
def test_the_glossary_and_players_words_use_the_typographic_apostrophe(
        source: Path, language: str) -> None:
    document = yaml.safe_load(source.read_text(encoding="utf-8"))
    words = _words(document, language)
    assert words
    bad = [w for w in words if faults(language, w)]
    assert not bad, f"{source.name} ({language}): {bad}"


def test_the_check_finds_what_it_should() -> None:
    assert faults("fr", "l'aéronef") and faults("fr", 'le "Turbo"') and faults("fr", "“x”")
    assert faults("hu", "a «turbó»") and faults("hu", 'a "turbó"')
    assert not faults("fr", "l’aéronef, « Turbo », avec : pip install -e '.[docs]'")
    assert not faults("hu", "„turbó”; írd: id: \"3.4\"\n  celestia score --player \"Ann:1\"")
    assert not faults("fr", 'pas de "format": "celestia-record"')
    assert not faults("fr", '<a href="https://x">Sphinx</a>')
