"""Language choice: --lang, then CELESTIA_LANG, then the locale variables, then English."""

import pytest

from tutor.cli import main
from tutor.i18n import LANGUAGES, UnknownLanguage, pick_language


def test_the_command_line_wins_over_everything() -> None:
    env = {"CELESTIA_LANG": "hu", "LANGUAGE": "fr", "LC_ALL": "hu_HU.UTF-8", "LANG": "fr_FR"}
    assert pick_language("en", env) == "en"
    assert pick_language("fr", env) == "fr"


def test_celestia_lang_comes_before_the_locale() -> None:
    assert pick_language(None, {"CELESTIA_LANG": "hu", "LANGUAGE": "fr", "LANG": "fr"}) == "hu"


@pytest.mark.parametrize(("env", "expected"), [
    ({"LANGUAGE": "hu", "LC_ALL": "fr_FR.UTF-8", "LC_MESSAGES": "fr", "LANG": "fr"}, "hu"),
    ({"LC_ALL": "fr_FR.UTF-8", "LC_MESSAGES": "hu_HU", "LANG": "hu"}, "fr"),
    ({"LC_MESSAGES": "hu_HU.UTF-8", "LANG": "fr_FR"}, "hu"),
    ({"LANG": "fr_CA.UTF-8"}, "fr"),
    ({"LANGUAGE": "de:hu:fr"}, "hu"),          # the first one we have wins
    ({"LANGUAGE": "de", "LANG": "fr_FR"}, "fr"),  # a locale we lack is skipped
    ({"LC_ALL": "C", "LANG": "hu_HU"}, "hu"),
    ({}, "en"),
    ({"LANG": "de_DE.UTF-8"}, "en"),
])
def test_locale_variables_in_order(env: dict[str, str], expected: str) -> None:
    assert pick_language(None, env) == expected


@pytest.mark.parametrize("code", ["fr_FR.UTF-8", "FR", "hu-HU", "en_GB"])
def test_regional_codes_name_their_language(code: str) -> None:
    assert pick_language(code, {}) == code[:2].lower()


@pytest.mark.parametrize(("requested", "env"), [("de", {}), (None, {"CELESTIA_LANG": "klingon"})])
def test_an_explicit_unknown_language_is_an_error_listing_the_available_ones(
        requested: str | None, env: dict[str, str]) -> None:
    with pytest.raises(UnknownLanguage) as caught:
        pick_language(requested, env)
    assert all(code in caught.value.english() for code in LANGUAGES)


def test_cli_unknown_language_is_a_clear_error(capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CELESTIA_LANG", raising=False)
    assert main(["glossary", "compass", "--lang", "de"]) == 2
    err = capsys.readouterr().err
    assert '"de"' in err and "en, fr, hu" in err and "Traceback" not in err


def test_cli_reads_celestia_lang(capsys: pytest.CaptureFixture[str],
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CELESTIA_LANG", "hu")
    assert main(["glossary", "compass"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "iránytű"
    monkeypatch.setenv("CELESTIA_LANG", "xx")   # said once, then set aside
    assert main(["glossary", "compass"]) == 0
    assert "en, fr, hu" in capsys.readouterr().err
