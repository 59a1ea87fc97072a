"""One word for one thing: the words tutor/glossary.yaml lists under `avoid` for a concept
(the other names the catalogs used for it) appear in no translation of that language; nor
do the other names of the program's own things (PROGRAM_WORDS), in any of their forms.

They are matched as whole words, ignoring case: "passage" is avoided in French, "passager"
is not. A domain listing "one-word" under report_only in locales/domains.toml is reported as
an expected failure (XFAIL, or XPASS once fixed: then remove the switch).
"""

import re
from pathlib import Path

import pytest

from tutor.glossary import concepts
from tutor.tools import catalogs as tool

PLACEHOLDER = re.compile(r"\{[^{}]*\}|%\(\w+\)\w")


CATALOGS = [pytest.param(path, marks=[pytest.mark.xfail(reason=reason)] if reason else [],
                         id=f"{language}-{path.stem}")
            for language, path, reason in tool.translated_catalogs("one-word")]


#: The program's own words (not the game's, so not in the glossary): a stem avoided in
#: any of its forms ("opciók", "játékfelvételben"), and the word to write instead.
PROGRAM_WORDS = {"hu": {"opció": "beállítás", "játékfelvétel": "játszmafelvétel"}}


def avoided(language: str) -> list[tuple[str, re.Pattern[str], str]]:
    """(concept id, pattern, the word to use instead) for each avoided word."""
    found = []
    for concept in concepts():
        for word in concept.avoid.get(language, ()):
            pattern = re.compile(r"(?<!\w)" + re.escape(word) + r"(?!\w)", re.IGNORECASE)
            found.append((concept.id, pattern, concept.term(language)))
    for stem, instead in PROGRAM_WORDS.get(language, {}).items():
        found.append(("the program's words",
                      re.compile(r"(?<!\w)" + re.escape(stem) + r"\w*", re.IGNORECASE), instead))
    return found


def test_the_glossary_lists_the_words_the_issue_names() -> None:
    fr = {p.pattern for _, p, _ in avoided("fr")}
    hu = {p.pattern for _, p, _ in avoided("hu")}
    for word in ("fenêtre des cartes Pouvoir", "Turbos", "passage", "trajet complet"):
        assert any(re.escape(word) in p for p in fr), word
    for word in ("útvonalból", "erőkártyák kijátszásakor", "lefordított", "{seat}. hely"):
        assert any(re.escape(word) in p for p in hu), word


@pytest.mark.parametrize("path", CATALOGS)
def test_translations_use_one_word_for_one_thing(path: Path) -> None:
    language = path.parent.parent.name
    rules = avoided(language)
    found = []
    for message in tool.read(path, locale=language):
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            text = PLACEHOLDER.sub(" ", text or "")  # {turbos} is a name, not a word
            for concept, pattern, term in rules:
                if text and pattern.search(text):
                    found.append(f"{pattern.search(text).group()!r} ({concept}: write "
                                 f"{term!r}) in {text[:70]!r}")
    assert not found, f"{path.relative_to(tool.ROOT)}:\n  " + "\n  ".join(found)

