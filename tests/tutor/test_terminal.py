"""The tutor in a real pseudo-terminal, and the command line around it."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pexpect
import pytest

from tutor.cli import main


def test_a_real_terminal_session_saves_progress(state_dir: Path) -> None:
    env = {**os.environ, "CELESTIA_STATE_DIR": str(state_dir), "TERM": "xterm",
           "NO_COLOR": "1", "CELESTIA_LANG": "en"}
    child = pexpect.spawn(sys.executable, ["-m", "tutor", "tutor"], env=env,
                          dimensions=(24, 80), encoding="utf-8", timeout=10)
    try:
        child.expect("guided lessons")
        child.send("\r")
        child.expect("Welcome aboard")
        child.send("\r")
        child.expect("face-down pile")
        child.send("\r")
        child.expect("When does the game end")
        child.send("3")
        child.expect("Leaving only ends")
        child.send("1")
        child.expect("After each voyage")
        child.send("q")
        child.expect("in progress")
        child.send("q")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    saved = json.loads((state_dir / "progress.json").read_text(encoding="utf-8"))
    assert saved["lessons"]["goal"]["answers"] == [0]


def test_without_a_terminal_the_tutor_says_how_to_read_a_lesson(capsys) -> None:
    assert main(["tutor"]) == 2  # pytest's stdin is not a terminal
    assert "--transcript" in capsys.readouterr().err


def test_transcript_and_check_on_the_command_line(capsys) -> None:
    assert main(["tutor", "--lesson", "jetpack", "--transcript", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Le Jetpack\n")
    assert "\x1b" not in out and "Fin de la leçon." in out
    assert main(["tutor", "--check"]) == 0
    assert "16" in capsys.readouterr().out


def test_an_unknown_lesson_is_named(capsys) -> None:
    assert main(["tutor", "--lesson", "nope", "--transcript"]) == 2
    err = capsys.readouterr().err
    assert '"nope"' in err and "goal" in err


@pytest.mark.parametrize("language", ["en", "fr", "hu"])
def test_list_shows_every_lesson(capsys, language: str) -> None:
    assert main(["tutor", "--list", "--lang", language]) == 0
    assert len(capsys.readouterr().out.splitlines()) >= 14


@pytest.mark.parametrize(("chosen", "expected"), [({"CELESTIA_LANG": "fr"}, "leçons guidées"),
                                                  ({"LANG": "fr_FR.UTF-8"}, "vezetett leckék")])
def test_an_explicit_language_beats_the_remembered_one_which_beats_the_locale(
        state_dir: Path, chosen: dict[str, str], expected: str) -> None:
    from tutor.lessons.progress import Progress

    remembered = Progress(state_dir / "progress.json")
    remembered.set_language("hu")
    env = {k: v for k, v in os.environ.items()
           if k not in ("CELESTIA_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    env.update({"CELESTIA_STATE_DIR": str(state_dir), "TERM": "xterm", "NO_COLOR": "1",
                **chosen})
    child = pexpect.spawn(sys.executable, ["-m", "tutor", "tutor"], env=env,
                          dimensions=(24, 80), encoding="utf-8", timeout=10)
    try:
        child.expect(expected)
        child.send("q")
        child.expect(pexpect.EOF)
    finally:
        child.close()
