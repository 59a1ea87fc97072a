"""The tutor in a real pseudo-terminal, and the command line around it."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pexpect
import pytest
from lessons_play import right_position, wrong_position
from screen import Terminal

from tutor.cli import main
from tutor.lessons.controller import Session
from tutor.lessons.library import load_all

BY_ID = {lesson.id: lesson for lesson in load_all()}


def test_a_real_terminal_session_saves_progress(state_dir: Path) -> None:
    term = Terminal(["tutor"], state_dir)
    try:
        term.wait_for("guided lessons")
        term.send("\r")
        term.wait_for("Welcome aboard")
        term.send("\r")
        term.wait_for("Dice to reach")
        term.send("\r")
        term.wait_for("When does the game end")
        term.send("\r")                                   # nothing is preselected
        term.wait_for("Choose an answer first")
        twin = Session(BY_ID["goal"])
        while twin.pause == "say":
            twin.proceed()
        term.send(str(right_position(twin) + 1))
        term.wait_for("✓ Right. After each voyage")
        term.send("q")
        term.wait_for("in progress")
        term.send("q")
        term.child.expect(pexpect.EOF)
    finally:
        term.close()
    saved = json.loads((state_dir / "progress.json").read_text(encoding="utf-8"))
    assert len(saved["lessons"]["goal"]["inputs"]) == 1


@pytest.mark.parametrize(("rows", "cols"), [(24, 80), (20, 60), (40, 120)])
def test_the_feedback_to_every_answer_stays_on_screen(state_dir: Path, rows: int,
                                                      cols: int) -> None:
    """A whole lesson in a real terminal, with one wrong answer first at each question:
    after every answer, what the learner chose and why it is right or wrong is on screen,
    whatever the size; a scrolled narration says so in the footer."""
    from tutor.i18n import Translator
    from tutor.lessons.render import render_entry

    tr = Translator("en")
    twin = Session(BY_ID["passengers"])
    term = Terminal(["tutor", "--lesson", "passengers"], state_dir, rows=rows, cols=cols)
    tried: set[str] = set()
    answers = 0
    try:
        term.wait_for("Enter ▸ continue")  # the app is up: keys are not lost
        for _ in range(200):
            if twin.finished:
                break
            if twin.pause == "say":
                twin.proceed()
                term.send("\r")
                continue
            ask = twin.ask
            wrong = wrong_position(twin)
            position = wrong if wrong is not None and ask.key not in tried else \
                right_position(twin)
            tried.add(ask.key)
            twin.choose(position)
            term.send(str(position + 1))
            answers += 1
            for entry in twin.feedback():
                if entry.kind in ("chosen", "wrong", "right", "missed", "reached"):
                    words = " ".join(render_entry(entry, tr).split()[:4])
                    assert term.wait_for_words(words), \
                        f"{words!r} not on the {cols}x{rows} screen:\n{term.text()}"
        assert twin.finished and answers >= 5
        term.wait_for("Lesson complete")
    finally:
        term.close()


def test_without_a_terminal_the_tutor_says_how_to_read_a_lesson(capsys) -> None:
    assert main(["tutor"]) == 2  # pytest's stdin is not a terminal
    assert "--transcript" in capsys.readouterr().err


def test_transcript_and_check_on_the_command_line(capsys) -> None:
    assert main(["tutor", "--lesson", "jetpack", "--transcript", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Le Jetpack\n")
    assert "\x1b" not in out and "Fin de la leçon." in out
    assert main(["tutor", "--check"]) == 0
    out = capsys.readouterr().out
    assert f"{len(BY_ID)} lessons checked" in out and "The learner makes" in out


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
