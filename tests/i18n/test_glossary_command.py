"""`celestia glossary [TERM]`: any language, any case, no accents needed; fits 80 columns."""

import io
import os
import subprocess
import sys

import pytest

from tutor.cli import main
from tutor.commands.glossary import use_colour
from tutor.engine import data
from tutor.glossary import by_engine, concepts, find


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["glossary", *argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(("query", "english"), [
    ("kodkurt", "foghorn"), ("KÖDKÜRT", "foghorn"), ("boussole", "compass"),
    ("debarquement", "Ejection"), ("Longue-vue magique", "Magic Spyglass"),
    ("lightning rod", "lightning rod"), ("hajó", "airship"), ("iránytűt", "compass"),
])
def test_a_term_in_any_language_shows_all_three(capsys: pytest.CaptureFixture[str],
                                                query: str, english: str) -> None:
    code, out, _ = run(capsys, *query.split(), "--lang", "en")
    assert code == 0
    concept = next(c for c in concepts() if c.term("en") == english)
    assert out.splitlines()[0] == english
    for language in ("en", "fr", "hu"):
        assert concept.term(language) in out


def test_the_definition_is_in_the_chosen_language(capsys: pytest.CaptureFixture[str]) -> None:
    _, english, _ = run(capsys, "beginner", "--lang", "en")
    assert f"{data.BEGINNER_CITIES_TO_END} different cities" in english
    _, out, _ = run(capsys, "compass", "--lang", "hu")
    assert out.splitlines()[0] == "iránytű"
    definition = out.splitlines()[-1].strip()
    assert definition and definition != "The Equipment card that answers fog."


def test_no_match_suggests_the_closest_terms(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "compess", "--lang", "en")
    assert code == 1 and out == ""
    assert "compess" in err and "compass" in err
    code, _, err = run(capsys, "zzzzqqq", "--lang", "en")
    assert code == 1 and "celestia glossary" in err


@pytest.mark.parametrize(("query", "language", "suggested", "not_suggested"), [
    # A typo of the reader's own word: that word, never the other languages' terms.
    ("iránitű", "hu", "iránytű", ["compass", "boussole"]),
    ("boussolle", "fr", "boussole", ["compass", "iránytű"]),
    ("lightnig rod", "en", "lightning rod", ["parafoudre", "villámhárító"]),
    # A typo of another language's word: that word, with the reader's.
    ("comapss", "hu", "compass (iránytű)", ["boussole"]),
    ("boussolle", "hu", "boussole (iránytű)", ["compass", "brouillard", "üres oldal"]),
    ("kodkurd", "fr", "ködkürt (corne de brume)", ["foghorn"]),
])
def test_suggestions_are_in_the_readers_language_first(
        capsys: pytest.CaptureFixture[str], query: str, language: str, suggested: str,
        not_suggested: list[str]) -> None:
    code, out, err = run(capsys, query, "--lang", language)
    assert code == 1 and out == ""
    err = " ".join(err.split())
    assert suggested in err, err
    for word in not_suggested:
        assert word not in err.replace(suggested, ""), err


def test_a_concept_is_suggested_once_in_the_readers_words(
        capsys: pytest.CaptureFixture[str]) -> None:
    # "pass" and "passz" are one concept: one suggestion, in Hungarian.
    _, _, err = run(capsys, "pasz", "--lang", "hu")
    assert err.count("passz") == 1 and "pass " not in err and "pass," not in err, err


def test_without_a_term_every_concept_is_listed(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--lang", "fr")
    assert code == 0
    assert out.splitlines()[0].split() == ["Français", "Anglais", "Hongrois"]
    for concept in concepts():
        assert concept.term("fr") in out


@pytest.mark.parametrize("argv", [[], ["crash"], ["beginner"], ["spyglass"]])
@pytest.mark.parametrize("language", ["en", "fr", "hu"])
def test_output_fits_80_columns_without_colour_when_piped(
        capsys: pytest.CaptureFixture[str], argv: list[str], language: str) -> None:
    code, out, _ = run(capsys, *argv, "--lang", language)
    assert code == 0
    assert max(len(line) for line in out.splitlines()) <= 80
    assert "\033[" not in out


def test_colour_only_on_a_terminal_without_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    assert use_colour(Terminal()) and not use_colour(io.StringIO())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not use_colour(Terminal())


def test_works_in_a_pipe_as_a_whole_process() -> None:
    env = {**os.environ, "CELESTIA_LANG": "hu", "COLUMNS": "200"}
    result = subprocess.run([sys.executable, "-m", "tutor", "glossary", "boussole"],
                            capture_output=True, text=True, env=env, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0] == "iránytű"
    assert max(len(line) for line in result.stdout.splitlines()) <= 80


def test_every_engine_card_and_face_is_a_glossary_term() -> None:
    assert set(by_engine()) == {*data.HAND_CARDS, *data.FACES, data.SPYGLASS}
    ids = [c.id for c in concepts()]
    assert len(ids) == len(set(ids))


def test_find_prefers_exact_matches() -> None:
    assert [c.id for c in find("lightning")] == ["lightning"]
    assert [c.id for c in find("route")] == ["route"]
    assert find("   ") == []
