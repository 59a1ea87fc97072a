"""The pseudo-language qps (tutor.pseudo): accepted only under CELESTIA_PSEUDO=1, English
accented, 40 % longer and bracketed; every command run under it at 80 columns shows only
catalog text and lines that fit (tutor.tools.pseudo_check, which CI runs too)."""

from pathlib import Path

import pytest

from tutor import i18n, pseudo
from tutor.cli import main
from tutor.lessons.library import load_all
from tutor.practice.parse import _accepted
from tutor.tools import pseudo_check


@pytest.fixture
def qps(monkeypatch):
    monkeypatch.setenv("CELESTIA_PSEUDO", "1")
    monkeypatch.setenv("COLUMNS", "80")
    yield
    # English again for the tests that follow, in this process (not through monkeypatch,
    # which would put back the value the run set).
    i18n.PSEUDO_ON = False
    i18n.catalog.cache_clear()
    _accepted.cache_clear()


def test_qps_is_refused_without_the_switch(capsys, monkeypatch) -> None:
    monkeypatch.delenv("CELESTIA_PSEUDO", raising=False)
    assert main(["rules", "1.1", "--lang", "qps"]) == 2
    assert 'Unknown language "qps"' in capsys.readouterr().err


def test_a_message_is_accented_longer_and_bracketed() -> None:
    text = "Stay aboard with {player}, or type --bots cautious."
    shown = pseudo.pseudo(text)
    assert shown.startswith(pseudo.OPEN) and shown.endswith(pseudo.CLOSE)
    assert "{player}" in shown and "--bots" in shown and "Šţåý åƀöåŕð" in shown
    assert len(shown) >= 1.4 * len(text)
    assert pseudo.pseudo("y") == "y"  # a key stays a key


def test_only_the_catalogs_text_is_bracketed(qps, capsys) -> None:
    main(["rules", "1.1", "--lang", "qps"])
    out = capsys.readouterr().out
    assert pseudo.OPEN in out and not pseudo_check.problems(out)
    assert pseudo_check.problems("Not from a catalog " + pseudo.pseudo("Stay aboard"))
    assert pseudo_check.problems("x" * 81)


def _params(folder: Path) -> list:
    found = []
    for argv in pseudo_check.runs(folder):
        reason = pseudo_check.known(argv)
        marks = [pytest.mark.xfail(reason=reason, strict=True)] if reason else []
        found.append(pytest.param(argv, marks=marks, id=" ".join(argv)[:60]))
    return found


@pytest.mark.parametrize("argv", _params(Path("/nonexistent-celestia-folder")))
def test_every_command_fits_80_columns_in_the_pseudo_language(qps, tmp_path, argv) -> None:
    argv = [a.replace("/nonexistent-celestia-folder", str(tmp_path)) for a in argv]
    if argv[0] == "replay":  # a record to replay: the practice game's
        pseudo_check.run(["play", "--batch", "--seed", "3", "--new", "--save", argv[1]])
    assert not pseudo_check.problems(pseudo_check.run(argv))


def test_a_screen_check_finds_foreign_words_and_cut_text() -> None:
    screen = pseudo.pseudo("Stay aboard") + " Typed here\n" + pseudo.pseudo("Pass")[:8]
    found = pseudo_check.screen_problems(screen, [pseudo.pseudo("Pass")])
    assert "not from a catalog: 'Typed'" in found
    assert any(p.startswith("not whole at 80x24") for p in found)
    assert not pseudo_check.screen_problems(pseudo.pseudo("Stay aboard"),
                                            [pseudo.pseudo("Stay aboard")])


def test_the_tutor_s_menu_fits_80x24_in_the_pseudo_language(qps) -> None:
    screen = pseudo_check.menu_screen()
    assert pseudo.OPEN in screen
    assert not pseudo_check.screen_problems(screen, [])


@pytest.mark.parametrize("lesson_id", [lesson.id for lesson in load_all()])
def test_every_lesson_screen_fits_80x24_in_the_pseudo_language(qps,
                                                                lesson_id) -> None:
    screens = 0
    for screen, whole in pseudo_check.lesson_screens(lesson_id):
        screens += 1
        assert pseudo.OPEN in screen
        problems = pseudo_check.screen_problems(screen, whole)
        assert not problems, f"{problems[0]}\n{screen}"
    assert screens > 2
