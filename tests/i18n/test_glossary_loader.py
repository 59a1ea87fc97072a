"""A broken glossary file is reported in the reader's language: the language it lacks named
in words, the reason why in our own sentences (never PyYAML's or the system's English)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tutor import glossary
from tutor.glossary import GlossaryError
from tutor.i18n import Translator

GOOD = """concepts:
  - id: compass
    en: {term: compass}
    fr: {term: boussole, gender: f}
    hu: {term: iránytű}
    definition: Answers fog.
"""


@pytest.fixture
def source(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    path = tmp_path / "glossary.yaml"
    monkeypatch.setattr(glossary, "SOURCE", path)
    glossary.concepts.cache_clear()
    yield path
    glossary.concepts.cache_clear()  # the real glossary again for the other tests


def error(path: Path, text: str | None) -> GlossaryError:
    if text is not None:
        path.write_text(text, encoding="utf-8")
    with pytest.raises(GlossaryError) as raised:
        glossary.concepts()
    return raised.value


def test_a_good_file_loads(source: Path) -> None:
    source.write_text(GOOD, encoding="utf-8")
    assert glossary.concepts()[0].genders == {"fr": "f"}


@pytest.mark.parametrize(("language", "fr", "hu"), [
    ("fr", "n’a pas de terme français", "nincs francia kifejezése"),
    ("hu", "n’a pas de terme hongrois", "nincs magyar kifejezése"),
])
def test_a_missing_term_names_its_language_in_words(source: Path, language: str, fr: str,
                                                     hu: str) -> None:
    err = error(source, GOOD.replace(f"    {language}: ", f"    x{language}: "))
    assert fr in Translator("fr").message(err)
    assert Translator("hu").message(err).endswith(f"az egyik fogalomnak – „compass” – {hu}.")


def test_a_wrong_gender_is_quoted(source: Path) -> None:
    err = error(source, GOOD.replace("gender: f", "gender: x"))
    text = Translator("fr").message(err)
    assert "le genre de «\u202fcompass\u202f» en français est «\u202fx\u202f»" in text
    assert "francia nyelvtani neme „x”" in Translator("hu").message(err)


@pytest.mark.parametrize("text", ["concepts: [a: b: c]", "concepts:\n\t- id: x", None,
                                  "concepts: 'unclosed\n"])
def test_an_unreadable_file_says_why_in_the_language(source: Path, text: str | None) -> None:
    err = error(source, text)  # None: the file does not exist
    for language, words in (("fr", "Le glossaire"), ("hu", ": a szójegyzék nem olvasható be")):
        shown = Translator(language).message(err)
        assert words in shown
        for english in ("mapping", "found", "while", "scanning", "No such", "Errno"):
            assert english not in shown, shown
