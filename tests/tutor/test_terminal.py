"""The tutor in a real pseudo-terminal, and the command line around it."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pexpect
import pytest
from lessons_play import right_position, wrong_position
from screen import Terminal

from tutor.cli import main
from tutor.lessons.controller import Session
from tutor.lessons.library import lesson_counts, load_all

BY_ID = {lesson.id: lesson for lesson in load_all()}


def test_a_real_terminal_session_saves_progress(state_dir: Path) -> None:
    term = Terminal(["tutor"], state_dir)
    try:
        term.wait_for("guided lessons")
        term.send("\r")
        term.wait_for("Welcome aboard")
        term.wait_for("Dice to reach")
        term.send("\r")
        term.wait_for("The board above shows the route")
        term.send("\r")
        term.wait_for("Bruno could take a treasure of city 4")
        term.send("\r")                                   # nothing is preselected
        term.wait_for("Choose an answer first")
        twin = Session(BY_ID["goal"])
        while twin.pause == "say":
            twin.proceed()
        term.send(str(right_position(twin) + 1))
        term.wait_for("✓ Right. City 12 lies further along the route")
        term.send("q")
        term.wait_for("in progress")
        term.send("q")
        term.child.expect(pexpect.EOF)
    finally:
        term.close()
    saved = json.loads((state_dir / "progress.json").read_text(encoding="utf-8"))
    assert len(saved["lessons"]["goal"]["inputs"]) == 1


def test_the_feedback_to_every_answer_stays_on_a_real_small_terminal(state_dir: Path) -> None:
    """A whole lesson in a real 60x20 terminal, with one wrong answer first at each
    question: after every answer, what the learner chose and why it is right or wrong is
    on screen (every lesson at every size: ``test_screens``)."""
    from tutor.i18n import Translator
    from tutor.lessons.render import render_entry

    tr = Translator("en")
    twin = Session(BY_ID["passengers"])
    term = Terminal(["tutor", "--lesson", "passengers"], state_dir, rows=20, cols=60)
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
                words = "".join(render_entry(entry, tr).split())
                assert term.wait_for_squashed(words), \
                    f"{words!r} not on the 60x20 screen:\n{term.text()}"
        assert twin.finished and answers >= 5
        term.wait_for("Lesson complete")
    finally:
        term.close()


@pytest.mark.parametrize("lesson_id", ["goal", "paying"])
@pytest.mark.parametrize("masher", ["\r", "1"])
def test_mashing_one_key_in_a_real_terminal_finishes_nothing(state_dir: Path, lesson_id: str,
                                                             masher: str) -> None:
    """Enter alone reads on but never answers; "1" alone never reads on: in a real
    terminal, 80 presses leave the lesson unfinished and unanswered."""
    term = Terminal(["tutor", "--lesson", lesson_id], state_dir)
    try:
        term.wait_for("Enter ▸ continue")
        for _ in range(8):
            term.send(masher * 10)
        term.send("q")
        term.wait_for("guided lessons")
        term.send("q")
        term.child.expect(pexpect.EOF)
    finally:
        term.close()
    saved = json.loads((state_dir / "progress.json").read_text(encoding="utf-8"))
    entry = saved["lessons"].get(lesson_id, {})
    assert not entry.get("done") and not entry.get("stars")
    assert entry.get("inputs", []) == []


def test_without_a_terminal_the_tutor_says_how_to_read_a_lesson(capsys) -> None:
    assert main(["tutor"]) == 2  # pytest's stdin is not a terminal
    assert "--transcript" in capsys.readouterr().err


def test_transcript_and_check_on_the_command_line(capsys) -> None:
    assert main(["tutor", "--lesson", "jetpack", "--transcript", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Jetpack\n")
    assert "\x1b" not in out and "Fin de la leçon." in out
    assert main(["tutor", "--check"]) == 0
    out = capsys.readouterr().out
    assert f"{len(BY_ID)} lessons checked" in out
    # One row per lesson, then the totals: ideas, exercises, decisions, decisions made for
    # the learner, questions, goals.
    # A header too wide for 80 columns takes two lines ("Made for" over "them").
    lines = out.splitlines()
    assert lines[0].split() == ["Made", "for"]
    assert lines[1].split() == ["Lesson", "Ideas", "Exercises", "Decisions", "them",
                                "Questions", "Goals"]
    assert lines[0].rindex("for") == lines[1].rindex("them") + 1
    rows = {line.split()[1]: line.split()[2:] for line in lines
            if re.match(r"\s*\d+\. ", line)}
    assert list(rows) == list(BY_ID)
    assert all(len(counts) == 6 for counts in rows.values())
    total = next(line for line in lines if line.startswith("In all")).split()[2:]
    assert [int(t) for t in total] == [sum(int(c[i]) for c in rows.values()) for i in range(6)]
    assert int(total[2]) >= 150   # the learner's decisions as the course is played


@pytest.mark.parametrize("language", ["en", "fr", "hu"])
def test_the_check_table_fits_a_terminal_of_80_columns(capsys, language: str) -> None:
    assert main(["tutor", "--check", "--lang", language]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert max(len(line) for line in lines) <= 80
    rule = next(k for k, line in enumerate(lines) if set(line) == {"-"})
    assert 1 <= rule <= 2 and len(lines[rule + 1].split()) == 8


def _course(folder: Path, names: list[str]) -> Path:
    """A lesson folder of its own, with copies of these lesson files."""
    import shutil

    folder.mkdir()
    for name in names:
        shutil.copy(Path(next(x.path for x in BY_ID.values() if x.path.endswith(name))),
                    folder / name)
    return folder


def test_check_names_a_lesson_that_asks_too_little(tmp_path: Path, monkeypatch, capsys) -> None:
    folder = _course(tmp_path / "lessons", ["01-goal.yaml"])
    lesson = folder / "01-goal.yaml"
    # Without its questions and its drill, the first lesson leaves the learner two moves.
    blocks: list[list[str]] = [[]]
    for line in lesson.read_text(encoding="utf-8").splitlines(keepends=True):
        if line.startswith("  - ") or not line.startswith(" "):
            blocks.append([])
        blocks[-1].append(line)
    lesson.write_text("".join("".join(b) for b in blocks
                              if not (b and b[0].startswith(("  - prompt:", "  - drill:")))),
                      encoding="utf-8")
    monkeypatch.setenv("CELESTIA_SCENARIOS", str(folder))
    assert main(["tutor", "--check"]) == 1
    captured = capsys.readouterr()
    assert "01-goal.yaml, line " in captured.err
    assert "the lesson “goal” asks the learner for 2 moves or questions; a lesson needs at " \
           "least 3." in captured.err
    assert " 1. goal" in captured.out  # the counts are printed all the same


@pytest.mark.parametrize(("language", "expected"), [
    ("en", "the lesson “goal” asks the learner for 1 move or question; a lesson needs at "
           "least 3."),
    ("fr", "la leçon «\u202fgoal\u202f» ne demande à l’apprenant que 1\u00a0coup ou "
           "question\u202f; une leçon en demande au moins 3."),
    ("hu", "a lecke, amelynek azonosítója „goal”, csak 1 lépést vagy kérdést kér a "
           "tanulótól; egy leckének legalább 3 kell."),
])
def test_check_names_a_lesson_with_one_question_in_the_learners_language(
        tmp_path: Path, monkeypatch, capsys, language: str, expected: str) -> None:
    folder = _course(tmp_path / "lessons", ["01-goal.yaml"])
    lesson = folder / "01-goal.yaml"
    # The first lesson cut short after its first question: one thing asked of the learner.
    head, body = lesson.read_text(encoding="utf-8").split("\nsteps:\n", 1)
    welcome, board, question = re.split(r"(?m)^(?=  - )", body)[1:4]
    lesson.write_text(f"{head}\nsteps:\n{welcome}{board}{question}", encoding="utf-8")
    monkeypatch.setenv("CELESTIA_SCENARIOS", str(folder))
    assert main(["tutor", "--check", "--lang", language]) == 1
    err = capsys.readouterr().err
    assert "01-goal.yaml" in err and expected in err


def test_check_fails_a_course_with_too_few_moves(tmp_path: Path, monkeypatch, capsys) -> None:
    folder = _course(tmp_path / "lessons", ["01-goal.yaml", "02-roll.yaml"])
    monkeypatch.setenv("CELESTIA_SCENARIOS", str(folder))
    assert main(["tutor", "--check"]) == 1
    err = capsys.readouterr().err
    moves = sum(c.moves for c in (lesson_counts(BY_ID["goal"]), lesson_counts(BY_ID["roll"])))
    assert f"ask the learner for {moves} moves in all; the course needs at least 60." in err
    # The course's exercises and decisions are counted too: three problems, each named.
    counts = [lesson_counts(BY_ID[i]) for i in ("goal", "roll")]
    exercises = sum(c.exercises for c in counts)
    assert f"The course holds {exercises} exercises; it needs at least 60." in err
    assert "decisions; it needs at least 150." in err
    assert "3 problems found." in err


def test_an_unknown_lesson_is_named(capsys) -> None:
    assert main(["tutor", "--lesson", "nope", "--transcript"]) == 2
    err = capsys.readouterr().err
    assert '"nope"' in err and "goal" in err
    assert "line 0" not in err and "scenarios" in err  # the folder, not a line of a file


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


@pytest.mark.parametrize("language", ["fr", "hu"])
def test_transcripts_break_lines_at_spaces_only(capsys, language: str) -> None:
    """A hyphenated word (« Gardez-le », « Longue-vue ») stays on one line."""
    for lesson_id in ("ejection", "spyglass", "jetpack"):
        assert main(["tutor", "--lesson", lesson_id, "--transcript", "--lang", language]) == 0
        out = capsys.readouterr().out
        assert not re.search(r"\w-\n", out), lesson_id
