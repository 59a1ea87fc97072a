"""Every lesson plays on the full engine, through the controller, in every language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutor.app.board import board_lines
from tutor.i18n import LANGUAGES, Translator
from tutor.lessons.controller import Session
from tutor.lessons.library import check_all, load_all
from tutor.lessons.transcript import transcript

LESSONS = load_all()
TOPICS = {"goal", "roll", "passengers", "paying", "turbo", "crash", "lone-captain", "ejection",
          "alternative-route", "gust-of-wind", "spyglass", "jetpack", "last-city",
          "empty-piles", "end-of-game", "beginner"}
PLACEHOLDER = re.compile(r"\{[a-z_0-9]+\}")


def test_the_library_covers_every_topic_and_checks_clean() -> None:
    assert len(LESSONS) >= 14
    assert {lesson.id for lesson in LESSONS} >= TOPICS
    lessons, errors = check_all()
    assert errors == []
    assert len(lessons) == len(LESSONS)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_lesson_plays_through_the_controller(lesson, language: str) -> None:
    tr = Translator(language)
    session = Session(lesson)
    seen: list[str] = []
    for _ in range(500):
        seen += session.page_text(tr)
        for line in board_lines(session.state, session.learner, tr):
            assert len(line) <= 80
        if session.finished:
            break
        if session.pause == "say":
            session.proceed()
            continue
        labels = session.choice_labels(tr)
        assert len(labels) == len(session.choices) >= 2
        wrong = [i for i, c in enumerate(session.choices) if not c.correct]
        if wrong:
            before = session.state.history[:]
            outcome = session.choose(wrong[0])
            assert outcome is not None and not outcome.correct
            assert session.state.history == before  # a wrong answer changes nothing
            explanation = session.page_text(tr)[-1]
            assert explanation  # the why (or the engine's refusal) is shown
        right = next(i for i, c in enumerate(session.choices) if c.correct)
        assert session.choose(right).correct
    assert session.finished
    text = "\n".join(seen)
    assert not PLACEHOLDER.search(text), "a placeholder was left unfilled"


@pytest.mark.parametrize("language", ["fr", "hu"])
def test_transcripts_are_translated(language: str) -> None:
    english = transcript(LESSONS[0], Translator("en"))
    translated = transcript(LESSONS[0], Translator(language))
    assert english[0] != translated[0]
    shared = set(english) & set(translated) - {""}
    assert len(shared) < 5  # nothing but a few untranslatable lines (names, numbers)


def test_hints_come_one_at_a_time_and_undo_goes_back() -> None:
    lesson = next(lesson for lesson in LESSONS if lesson.id == "goal")
    session = Session(lesson)
    while session.pause == "say":
        session.proceed()
    hints = session.question.hints
    assert len(hints) == 2
    assert session.hint() and session.page()[-1].msgid == hints[0]
    assert session.hint() and session.page()[-1].msgid == hints[1]
    assert not session.hint()
    first = session.question
    assert session.choose(0).correct
    assert session.answers == [0]
    assert session.undo()
    assert session.question is first and session.answers == []
    assert not session.undo()


def test_a_resumed_session_replays_its_answers() -> None:
    lesson = next(lesson for lesson in LESSONS if lesson.id == "goal")
    session = Session(lesson)
    while session.pause == "say":
        session.proceed()
    session.choose(0)
    resumed = Session(lesson, session.answers)
    # The learner is back right after the last answer, reading what followed it.
    assert resumed.state.history == session.state.history
    assert [e.msgid for e in resumed.page()] == [e.msgid for e in session.page()]
    while resumed.pause == "say":
        resumed.proceed()
    assert resumed.question is not None and resumed.question.prompt.startswith("Bruno and")


def test_every_lesson_text_is_in_the_catalogs() -> None:
    from tutor.lessons.library import missing_translations

    for lesson in LESSONS:
        assert missing_translations(lesson) == []


def _lesson_file(folder: Path, body: str) -> Path:
    path = folder / "01-broken.yaml"
    path.write_text(body, encoding="utf-8")
    return path


GOOD = Path(__file__).resolve().parents[2] / "scenarios" / "01-goal.yaml"


@pytest.mark.parametrize(("change", "line", "words"), [
    (("title:", "titel:"), 2, 'unknown key "titel"'),
    (("- say: >-", "- sayy: >-"), None, "first key"),
    (("    - fog blank", "    - fog blanc"), 13, "a roll is"),
    (("action: pay compass\n", "action: pay cannon\n"), None, "not a legal move"),
    (("dice: fog blank}", "dice: fog fog}"), None, 'check of "dice"'),
    (("learner: Ada", "learner: Zoe"), 5, '"Zoe"'),
    (("why: >-\n          Reaching", "why2: >-\n          Reaching"), None, "unknown key"),
    (("options: {first_captain: Ada}", "options: {first_captain: Ada"), None, "not valid YAML"),
])
def test_malformed_lessons_name_file_line_and_problem(tmp_path: Path, change, line, words) -> None:
    from tutor.lessons.errors import LessonError
    from tutor.lessons.library import check_lesson
    from tutor.lessons.schema import load_lesson

    text = GOOD.read_text(encoding="utf-8")
    assert change[0] in text
    path = _lesson_file(tmp_path, text.replace(change[0], change[1], 1))
    with pytest.raises(LessonError) as caught:
        check_lesson(load_lesson(path))
    message = Translator("en").message(caught.value)
    assert message.startswith("01-broken.yaml, line ")
    assert words in message
    if line is not None:
        assert caught.value.line == line


def test_an_installed_package_reads_its_own_copy_of_the_lessons(tmp_path, monkeypatch) -> None:
    """A built wheel carries the lessons as tutor/scenarios (setup.py); the source tree's
    scenarios/ serves an editable install; CELESTIA_SCENARIOS overrides both."""
    from tutor.lessons import library

    monkeypatch.delenv("CELESTIA_SCENARIOS", raising=False)
    monkeypatch.setattr(library, "PACKAGED", tmp_path / "absent")
    assert library.scenarios_dir() == library.ROOT / "scenarios"
    monkeypatch.setattr(library, "PACKAGED", tmp_path)
    assert library.scenarios_dir() == tmp_path
    monkeypatch.setenv("CELESTIA_SCENARIOS", str(tmp_path / "mine"))
    assert library.scenarios_dir() == tmp_path / "mine"
