"""`celestia score --save`: a finished sheet is never lost when the save fails, an
existing sheet is never replaced by one with fewer of its players, a file that is not a
sheet is refused before anything is typed, and drafts never overwrite each other."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from .helpers import files, leaks, run
from .test_score_sheet_kept import _interactive

EVENING = """# Friday: Ann and Bob, the first game
variant = "standard"
spyglass_points = 2

[[players]]
name = "Ann"
treasures = [25, 20, 4]
spyglasses = 1

[[players]]
name = "Bob"
treasures = [15, 12, 9]
"""

ANN_AND_BOB = "Ann\n25 20 4\n1\nBob\n15 12 9\n0\n\n"


def _evening(tmp_path: Path) -> Path:
    sheet = tmp_path / "ev.toml"
    sheet.write_text(EVENING, encoding="utf-8")
    return sheet


def _drafts(user_folders) -> list[Path]:
    return sorted(user_folders.state.glob("score-sheet-*.toml"))


# --- A finished sheet whose save fails -----------------------------------------------------
def test_a_save_that_cannot_work_is_refused_before_anything_is_typed(tmp_path: Path,
                                                                     user_folders) -> None:
    done = run("score", "--save", str(tmp_path), "--lang", "fr", stdin=ANN_AND_BOB)
    assert done.code == 2
    assert "est un dossier" in done.err and not leaks(done.text)
    assert "Nom du joueur" not in done.out          # nothing was asked
    assert _drafts(user_folders) == []


def test_a_finished_sheet_whose_save_fails_is_kept_in_a_draft(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, user_folders) -> None:
    target = tmp_path / "sheet.toml"
    # While the scores are typed, a folder takes the sheet's name: the save fails.
    _interactive(["Ann", "25 20 4", "1", "Bob", "15 12 9", "0", ""], monkeypatch,
                 during={3: target.mkdir})
    done = run("score", "--save", str(target), "--lang", "hu")
    assert done.code == 2, done
    assert "Ann nyert." in done.out
    [draft] = _drafts(user_folders)
    assert str(draft) in done.out and not leaks(done.text)
    again = run("score", "--file", str(draft), "--lang", "en")
    assert again.code == 0 and "Ann wins." in again.out


def test_at_a_terminal_another_file_is_asked_for(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, user_folders) -> None:
    target = tmp_path / "sheet.toml"
    other = tmp_path / "other.toml"
    answers = _interactive(["Ann", "25 20 4", "1", "Bob", "15 12 9", "0", "",
                            str(tmp_path), str(other)], monkeypatch, terminal=True,
                           during={3: target.mkdir})
    done = run("score", "--save", str(target), "--lang", "en")
    assert done.code == 0, done
    assert answers.questions[-1] == answers.questions[-2]   # the folder: asked again
    assert f"The score sheet is saved in {other}." in done.out
    assert 'name = "Bob"' in other.read_text(encoding="utf-8")
    assert _drafts(user_folders) == []                       # the draft did its job


def test_without_any_place_to_save_the_sheet_is_shown_to_copy(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, user_folders) -> None:
    target = tmp_path / "sheet.toml"
    user_folders.state.parent.mkdir(parents=True, exist_ok=True)
    user_folders.state.write_text("a file where the state folder should be", encoding="utf-8")
    _interactive(["Ann", "25", "0", "Bob", "4", "0", ""], monkeypatch,
                 during={3: target.mkdir})
    done = run("score", "--save", str(target), "--lang", "en")
    assert done.code == 2
    assert "here it is as a score sheet file" in done.out
    assert 'name = "Ann"' in done.out and "treasures = [4]" in done.out


# --- A sheet already in the --save file ---------------------------------------------------
def test_an_interrupted_entry_never_replaces_a_sheet_with_more_players(
        tmp_path: Path, user_folders) -> None:
    sheet = _evening(tmp_path)
    done = run("score", "--save", str(sheet), "--lang", "en", stdin="Cy\n4\n0\n")
    assert done.code == 1, done
    assert sheet.read_text(encoding="utf-8") == EVENING
    assert f"{sheet} already holds a score sheet with Ann and Bob" in done.err
    [draft] = _drafts(user_folders)
    assert 'name = "Cy"' in draft.read_text(encoding="utf-8")
    assert str(draft) in done.out


@pytest.mark.parametrize("language", ["fr", "hu"])
def test_a_piped_sheet_is_not_written_over_another_and_says_how_to_add(
        tmp_path: Path, user_folders, language: str) -> None:
    sheet = _evening(tmp_path)
    done = run("score", "--save", str(sheet), "--lang", language,
               stdin="Cy\n4\n0\nDan\n2 6\n0\n\n")
    assert done.code == 2, done
    assert sheet.read_text(encoding="utf-8") == EVENING
    assert len(_drafts(user_folders)) == 1 and not leaks(done.text)
    # The command offered adds Cy and Dan to the evening's sheet, comments kept.
    [command] = [line[line.index("celestia score"):] for line in done.out.splitlines()
                 if f"--file {sheet} --save {sheet}" in line]
    import shlex

    argv = shlex.split(command)[1:]
    assert run(*argv, "--lang", "en").code == 0
    text = sheet.read_text(encoding="utf-8")
    assert text.startswith(EVENING) and 'name = "Dan"' in text and "[2, 6]" in text


def test_arguments_are_refused_over_a_sheet_with_other_players(tmp_path: Path,
                                                                user_folders) -> None:
    sheet = _evening(tmp_path)
    done = run("score", "--player", "Cy:4", "--player", "Dan:2", "--save", str(sheet),
               "--lang", "en")
    assert done.code == 2
    assert sheet.read_text(encoding="utf-8") == EVENING
    assert "To add the players of this sheet to it: celestia score --file" in done.err
    assert f"Nothing was written to {sheet}." in done.err
    assert _drafts(user_folders) == []        # the command line still holds it all


def test_correcting_the_same_players_needs_no_question(tmp_path: Path) -> None:
    sheet = _evening(tmp_path)
    done = run("score", "--save", str(sheet), "--lang", "en",
               stdin="Ann\n25 20 6\n1\nBob\n15 12 9\n0\n\n")
    assert done.code == 0, done
    text = sheet.read_text(encoding="utf-8")
    assert "treasures = [25, 20, 6]" in text and text.startswith("# Friday")


@pytest.mark.parametrize(("choice", "names"), [("1", ["Ann", "Bob", "Cy", "Dan"]),
                                                ("2", ["Cy", "Dan"]),
                                                ("3", ["Ann", "Bob"])])
def test_at_a_terminal_the_player_chooses(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          user_folders, choice: str,
                                          names: list[str]) -> None:
    sheet = _evening(tmp_path)
    _interactive(["Cy", "4", "0", "Dan", "2", "0", "", "7", choice, ""], monkeypatch,
                 terminal=True)
    done = run("score", "--save", str(sheet), "--lang", "en")
    assert "Type 1, 2 or 3." in done.out                       # "7" is asked again
    text = sheet.read_text(encoding="utf-8")
    assert [line.split('"')[1] for line in text.splitlines()
            if line.startswith("name =")] == names
    if choice == "1":
        assert done.code == 0 and text.startswith(EVENING)
        assert "which now reads:" in done.out and "Ann wins." in done.out
    elif choice == "2":
        assert done.code == 0
    else:
        assert done.code == 2 and len(_drafts(user_folders)) == 1


def test_files_that_are_not_sheets_are_refused_before_the_entry(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    run("play", "--batch", "--seed", "3", "--save", str(game), stdin="quit\n")
    before = game.read_bytes()
    for language in ("en", "fr"):
        done = run("score", "--save", str(game), "--lang", language, stdin=ANN_AND_BOB)
        assert done.code == 2 and game.read_bytes() == before
        assert language == "en" or not leaks(done.text)
    assert "It is not written over" in run("score", "--save", str(game), stdin="").err


def test_a_read_only_sheet_is_never_replaced(tmp_path: Path) -> None:
    sheet = _evening(tmp_path)
    sheet.chmod(0o444)
    try:
        done = run("score", "--file", str(sheet), "--save", str(sheet), "--player", "Cy:4",
                   "--lang", "fr")
        assert done.code == 2 and "lecture seule" in done.err and not leaks(done.text)
        assert sheet.read_text(encoding="utf-8") == EVENING
    finally:
        sheet.chmod(0o644)


# --- Drafts, sizes, byte order marks ---------------------------------------------------------
def test_two_drafts_in_the_same_second_are_both_kept(monkeypatch: pytest.MonkeyPatch,
                                                     user_folders) -> None:
    monkeypatch.setattr(time, "strftime", lambda pattern, *a: "20250101-120000")
    first = run("score", "--lang", "en", stdin="Ann\n25\n0\n")
    second = run("score", "--lang", "en", stdin="Bob\n4\n0\n")
    assert first.code == second.code == 1
    drafts = _drafts(user_folders)
    assert [d.name for d in drafts] == ["score-sheet-20250101-120000-2.toml",
                                        "score-sheet-20250101-120000.toml"]
    assert {'name = "Ann"' in d.read_text(encoding="utf-8") for d in drafts} == {True, False}
    assert str(drafts[0]) in second.out


@pytest.mark.parametrize("language", ["en", "fr", "hu"])
def test_a_sheet_far_larger_than_a_game_is_refused_unread(tmp_path: Path,
                                                          language: str) -> None:
    sheet = tmp_path / "big.toml"
    sheet.write_text(EVENING + "# a long note\n" * 2000, encoding="utf-8")
    before = sheet.read_bytes()
    done = run("score", "--file", str(sheet), "--save", str(sheet), "--lang", language)
    assert done.code == 2 and "16" in done.err and not leaks(done.text)
    assert sheet.read_bytes() == before


def test_a_sheet_saved_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    sheet = tmp_path / "bom.toml"
    sheet.write_bytes("\ufeff".encode() + EVENING.encode())
    done = run("score", "--file", str(sheet), "--lang", "en")
    assert done.code == 0 and "Ann wins." in done.out, done


def test_names_typed_on_an_ascii_terminal_are_read_as_typed(tmp_path: Path) -> None:
    """Under LC_ALL=C (PYTHONUTF8=0) Python reads "é" as two escapes; the bytes were UTF-8."""
    import subprocess
    import sys

    env = {**os.environ, "PYTHONUTF8": "0", "LC_ALL": "C", "LANG": "C"}
    env.pop("PYTHONIOENCODING", None)
    sheet = tmp_path / "zoe.toml"
    done = subprocess.run([sys.executable, "-m", "tutor", "score", "--save", str(sheet),
                           "--lang", "en"], input="Zoé\n25\n0\nÁdám\n4\n0\n\n".encode(),
                          capture_output=True, env=env, cwd=tmp_path, timeout=120)
    assert done.returncode == 0, done.stdout.decode(errors="replace")
    assert b"control character" not in done.stdout
    text = sheet.read_text(encoding="utf-8")
    assert 'name = "Zoé"' in text and 'name = "Ádám"' in text
    # Latin-1 bytes (an old terminal) are read too.
    latin = tmp_path / "latin.toml"
    subprocess.run([sys.executable, "-m", "tutor", "score", "--save", str(latin),
                    "--lang", "en"], input="Zoé\n25\n0\nBob\n4\n0\n\n".encode("latin-1"),
                   capture_output=True, env=env, cwd=tmp_path, timeout=120)
    assert 'name = "Zoé"' in latin.read_text(encoding="utf-8")
    assert files(tmp_path).keys() == {"zoe.toml", "latin.toml"}
