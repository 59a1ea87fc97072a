"""The command line's own frame (usage, option headings, argparse's errors) speaks the
chosen language, and an error about the language itself uses the locale's."""

import pytest

from tutor.cli import main


def test_help_is_in_the_chosen_language(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--lang", "hu", "--help"])
    out = capsys.readouterr().out
    assert out.startswith("használat: celestia")
    assert "kapcsolók:" in out


def test_argparse_errors_are_translated(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--lang", "fr", "rules", "--no-such-option"])
    assert exit_info.value.code == 2
    assert "arguments non reconnus\u202f: --no-such-option" in capsys.readouterr().err


def test_unknown_language_is_reported_in_the_locale_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("CELESTIA_LANG", "de")
    # Set once in the environment, it must not make every command unusable: said once,
    # in the locale's language, which is then used.
    assert main(["rules", "1"]) == 0
    captured = capsys.readouterr()
    assert "«\u202fde\u202f»" in captured.err and "en, fr, hu" in captured.err
    assert captured.err.startswith("CELESTIA_LANG vaut")
    assert captured.err.count("\n") == 1 and "MATÉRIEL" in captured.out


@pytest.mark.parametrize(("language", "argv", "wanted"), [
    ("fr", ["nosuch"], "choix non valide\u202f: «\u202fnosuch\u202f» (choix possibles\u202f: "
                       "simulate, replay"),
    ("hu", ["nosuch"], "„nosuch” nem választható (lehetőségek: simulate, replay"),
    # Every numeric option has the one parser of inputs.argument, with its bounds.
    ("fr", ["simulate", "--games", "x"],
     "«\u202fx\u202f» n’est pas un nombre entier de 1 à 100\u202f000."),
    ("hu", ["simulate", "--games", "x"], "„x” nem 1 és 100\xa0000 közötti egész szám."),
    ("fr", ["simulate", "--ladder=x"],
     "cette option ne prend pas de valeur\u202f: «\u202fx\u202f»"),
    ("en", ["simulate", "--games", "x"], '"x" is not a whole number from 1 to 100,000.'),
])
def test_argparse_quotes_what_was_typed_the_language_s_way(
        capsys: pytest.CaptureFixture[str], language: str, argv: list[str], wanted: str) -> None:
    with pytest.raises(SystemExit):
        main(["--lang", language, *argv])
    err = capsys.readouterr().err
    assert wanted in err
    assert "'" not in err or language == "en"


@pytest.mark.parametrize(("language", "wanted"), [
    ("fr", "argument --variant\u202f: variante inconnue «\u202fnope\u202f»\u202f: choisissez"),
    ("en", 'argument --variant: unknown variant "nope": choose'),
])
def test_an_option_s_own_error_goes_on_in_lower_case_after_argparse_s_colon(
        capsys: pytest.CaptureFixture[str], language: str, wanted: str) -> None:
    with pytest.raises(SystemExit):
        main(["--lang", language, "play", "--variant", "nope"])
    assert wanted in capsys.readouterr().err


@pytest.mark.parametrize(("message", "wanted"), [
    ("Variante inconnue.", "variante inconnue."),
    ("Turbo refusé.", "Turbo refusé."),  # a game term keeps its capital
    ("Longue-vue magique perdue.", "Longue-vue magique perdue."),
    ("CELESTIA_LANG vaut x.", "CELESTIA_LANG vaut x."),
    ("«\u202fx\u202f» n’est pas un nombre.", "«\u202fx\u202f» n’est pas un nombre."),
    ("le dossier est vide.", "le dossier est vide."),
])
def test_after_a_colon_only_an_ordinary_first_word_loses_its_capital(message: str,
                                                                      wanted: str) -> None:
    from tutor.argparse_texts import after_colon

    assert after_colon(message, "fr") == wanted
