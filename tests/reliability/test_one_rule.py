"""One rule for numbers and one exit status for Ctrl-C, in every command (issue 27).

Every numeric option reads the digits 0 to 9 only (``inputs.argument``): "٣" (an
Arabic-Indic three) is refused by ``simulate`` as by ``odds``. Values read from a file are
shown in the reader's words, never as Python prints them ("inf", "nan", "3.0"). Ctrl-C
ends every command with 130, once what must be kept is kept.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pexpect
import pytest

from .helpers import leaks, run

NUMERIC_OPTIONS = [
    ["simulate", "--games"], ["simulate", "--jobs"], ["simulate", "--players"],
    ["simulate", "--seed"], ["simulate", "--spyglass-points"], ["faq", "--limit"],
    ["docs", "--port"], ["odds", "--players"], ["odds", "--city"], ["odds", "--seat"],
    ["score", "--spyglass-points"], ["play", "--seed"], ["play", "--spyglass-points"],
]


@pytest.mark.parametrize("option", NUMERIC_OPTIONS, ids=" ".join)
@pytest.mark.parametrize("digits", ["٣", "３", "²", "3.0", "inf", " "])
def test_every_numeric_option_reads_the_digits_0_to_9_only(option: list[str],
                                                           digits: str) -> None:
    done = run(*option, digits, "--lang", "en")
    assert done.code == 2, done
    assert f'"{digits}" is not a whole number from ' in done.err, done


def test_the_bounds_are_written_the_reader_way() -> None:
    french = run("docs", "--port", "99999", "--lang", "fr")
    assert french.code == 2 and "de 0 à 65\u202f535." in french.err, french
    hungarian = run("simulate", "--games", "0", "--lang", "hu")
    assert hungarian.code == 2 and "1 és 100\xa0000 közötti" in hungarian.err, hungarian


def test_plain_digits_are_taken_everywhere() -> None:
    assert run("simulate", "--games", "3", "--jobs", "1", "--seed", "7", "--lang", "en"
               ).code == 0
    found = run("faq", "compass", "--limit", "1", "--lang", "en")
    assert found.code == 0 and found.out.count("Rules: ") == 1


def _record(tmp_path: Path, players: str) -> Path:
    path = tmp_path / "record.json"
    path.write_text('{"format": "celestia-record", "format_version": 1, "options": '
                    f'{{"players": {players}}}, "seats": ["A", "B", "C"], "history": []}}',
                    encoding="utf-8")
    return path


@pytest.mark.parametrize(("players", "shown"), [
    ("3.0", {"en": "not 3.0.", "fr": "pas à 3,0.", "hu": "3,0"}),
    ("2.5", {"en": "not 2.5.", "fr": "pas à 2,5.", "hu": "2,5"}),
    ("true", {"en": "not true.", "fr": "pas à true.", "hu": "true"}),
    ("1e25", {"en": "not 1E25.", "fr": "pas à 1E25.", "hu": "1E25"}),
])
@pytest.mark.parametrize("language", ["en", "fr", "hu"])
def test_a_record_value_is_shown_in_the_reader_words(
        players: str, shown: dict[str, str], language: str, tmp_path: Path) -> None:
    done = run("replay", str(_record(tmp_path, players)), "--lang", language)
    assert done.code == 2 and shown[language] in done.err, done
    assert "True" not in done.err and not leaks(done.text)


@pytest.mark.parametrize("players", ["NaN", "Infinity", "-Infinity", "1e400"])
@pytest.mark.parametrize("language", ["en", "fr", "hu"])
def test_numbers_json_does_not_have_are_refused(players: str, language: str,
                                                tmp_path: Path) -> None:
    done = run("replay", str(_record(tmp_path, players)), "--lang", language)
    assert done.code == 2, done
    assert players.lstrip("-") in done.err and " inf" not in done.err \
        and " nan" not in done.err, done
    if language == "en":
        assert "which is not a number JSON allows" in done.err


# --- Ctrl-C -----------------------------------------------------------------------------
def _spawn(tmp_path: Path, *argv: str) -> pexpect.spawn:
    env = {**os.environ, "TERM": "xterm", "NO_COLOR": "1", "CELESTIA_STATE_DIR": str(tmp_path)}
    env.pop("CELESTIA_DEBUG", None)
    return pexpect.spawn(sys.executable, ["-m", "tutor", *argv, "--lang", "en"],
                         dimensions=(30, 100), encoding="utf-8", timeout=60, env=env,
                         cwd=str(tmp_path))


def _ended(child: pexpect.spawn) -> int:
    child.expect(pexpect.EOF)
    child.close()
    return child.exitstatus


def test_ctrl_c_in_score_keeps_the_sheet_and_ends_with_130(tmp_path: Path) -> None:
    child = _spawn(tmp_path, "score")
    child.expect("Name of player 1")
    child.sendline("Ann")
    child.expect("Treasure values of Ann")
    child.sendline("25 20 4")
    child.expect("Unused Magic Spyglasses of Ann")
    child.sendline("1")
    child.expect("Name of player 2")
    child.sendcontrol("c")
    assert _ended(child) == 130
    (draft,) = tmp_path.glob("score-sheet-*.toml")
    assert 'name = "Ann"' in draft.read_text(encoding="utf-8")


def test_ctrl_c_in_a_practice_game_saves_it_and_ends_with_130(tmp_path: Path) -> None:
    child = _spawn(tmp_path, "play", "--seed", "3")
    child.expect("q: quit")
    child.sendcontrol("c")
    child.expect("Game saved to")
    assert _ended(child) == 130
    assert json.loads((tmp_path / "practice-game.json").read_text(encoding="utf-8"))


def test_ctrl_c_in_the_tutor_saves_and_ends_with_130(tmp_path: Path) -> None:
    child = _spawn(tmp_path, "tutor")
    child.expect("Celestia")
    child.send("\r")
    child.expect("Celestia")
    child.sendcontrol("c")
    assert _ended(child) == 130
    assert (tmp_path / "progress.json").exists()


def test_ctrl_c_at_the_question_about_an_unfinished_game_ends_with_130(
        tmp_path: Path) -> None:
    assert run("play", "--batch", "--seed", "3", "--save", str(tmp_path / "g.json"),
               stdin="1\n").code == 1
    child = _spawn(tmp_path, "play", "--seed", "4", "--save", str(tmp_path / "g.json"))
    child.expect("Your choice")
    child.sendcontrol("c")
    assert _ended(child) == 130
