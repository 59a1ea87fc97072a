"""The lesson format's ideas, asks and drills: read with their lines, played in a new
order at each attempt, in the file's order by the transcript and the check."""

from __future__ import annotations

import io
from itertools import pairwise
from pathlib import Path

import pytest
from lessons_play import finish, right_position

from tutor.i18n import Translator
from tutor.lessons.controller import Session, Tutor
from tutor.lessons.errors import LessonError
from tutor.lessons.library import lesson_counts, play_through
from tutor.lessons.progress import Progress
from tutor.lessons.reader import load_lesson
from tutor.lessons.runner import Runner, program
from tutor.lessons.transcript import transcript

FIXTURE = Path(__file__).parent / "fixtures" / "drill-lesson.yaml"


def _exercise_lines(lesson, attempt):
    return [step.line for step in (s for s, _, _ in program(lesson, attempt))
            if step.kind == "exercise"]


def test_ideas_needs_teaches_and_asks_are_read() -> None:
    lesson = load_lesson(FIXTURE)
    assert lesson.ideas == {"fog-compass": "Each fog die is paid with a compass.",
                            "blank-free": "A blank face costs nothing."}
    assert lesson.needs == ()
    assert [s.teaches for s in lesson.steps if s.kind == "say"] == [("fog-compass",),
                                                                    ("blank-free",)]
    asks = [s.asks for s in lesson.all_steps() if s.kind in ("move", "prompt")]
    assert asks == [("fog-compass",), ("fog-compass", "blank-free"), ("blank-free",)]
    counts = lesson_counts(lesson)
    assert (counts.ideas, counts.exercises, counts.moves, counts.questions) == (2, 3, 2, 1)
    # The ideas' sentences are lesson texts, translated like the others.
    assert "A blank face costs nothing." in [text for _, text, _ in lesson.texts()]


def test_each_attempt_plays_the_exercises_in_a_new_order() -> None:
    lesson = load_lesson(FIXTURE)
    file_order = _exercise_lines(lesson, None)
    assert file_order == sorted(file_order) and len(file_order) == 3
    orders = [_exercise_lines(lesson, attempt) for attempt in range(12)]
    for before, after in pairwise(orders):
        assert before != after
        assert sorted(after) == file_order
    assert len({tuple(o) for o in orders}) > 2
    # The same attempt always gives the same order (a lesson is resumed exactly).
    assert _exercise_lines(lesson, 5) == _exercise_lines(lesson, 5)


def test_the_transcript_and_the_check_play_every_exercise_in_file_order() -> None:
    lesson = load_lesson(FIXTURE)
    text = "\n".join(transcript(lesson, Translator("en")))
    assert text.index("Exercise 1 of 3") < text.index("Exercise 2 of 3") \
        < text.index("Exercise 3 of 3")
    assert text.count("? Pay for the dice.") == 2
    assert "What must you pay for these dice?" in text
    runner = play_through(lesson)
    assert runner.pause == "end"
    assert sum(1 for e in runner.log if e.kind == "exercise") == 3


def test_an_exercise_starts_a_new_game_from_its_setup() -> None:
    lesson = load_lesson(FIXTURE)
    runner = Runner(lesson)
    seen = []
    while runner.pause != "end":
        if runner.pause == "say":
            runner.proceed()
            continue
        assert runner.ask is not None
        seen.append((runner.state.voyage, runner.state.city, " ".join(runner.state.dice)))
        runner.answer(next(o.key for o in runner.ask.options if o.correct))
    # Each exercise starts at the first city of the first voyage with its own dice.
    assert seen == [(1, 1, "fog fog"), (1, 1, "fog blank"), (1, 2, "")]


def test_a_session_resumes_its_attempt_and_a_new_start_changes_the_order(
        state_dir: Path) -> None:
    lesson = load_lesson(FIXTURE)
    tutor = Tutor([lesson], Progress(), "en")
    session = tutor.open(lesson.id)
    assert session.lesson_attempt == 0
    while session.pause == "say":
        session.proceed()
    session.choose(right_position(session))
    while session.pause == "say":
        session.proceed()
    where = session.runner.step
    tutor.save()
    resumed = Tutor([lesson], Progress(), "en").open(lesson.id)
    assert resumed.lesson_attempt == 0
    assert resumed.runner.step == where
    finish(resumed)
    assert resumed.finished
    tutor.session = resumed
    tutor.save()
    again = Tutor([lesson], Progress(), "en").open(lesson.id)
    assert again.lesson_attempt == 1
    assert _exercise_lines(lesson, 1) != _exercise_lines(lesson, 0)
    restarted = Session(lesson, attempt=1)
    restarted.restart()
    assert restarted.lesson_attempt == 2


@pytest.mark.parametrize(("old", "new", "message"), [
    ("          - do: [stay, stay]\n          - move: Pay for the dice.\n"
     "            asks: [fog-compass]\n",
     "          - drill: Nested.\n            exercises: []\n          - move: Pay for the dice.\n"
     "            asks: [fog-compass]\n", "line 33: each entry"),
    ("  - say: A blank face needs no card.\n    teaches: [blank-free]",
     "  - say: A blank face needs no card.\n    teaches: [Blank_Free]", "line 23"),
    ("  - say: The captain pays for fog with a compass.\n    teaches: [fog-compass]",
     "  - say: The captain pays for fog with a compass.\n    asks: [fog-compass]",
     'line 21: unknown key "asks"'),
])
def test_format_mistakes_name_the_line(tmp_path: Path, old: str, new: str,
                                       message: str) -> None:
    text = FIXTURE.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "01-drill.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(LessonError) as err:
        load_lesson(path)
    assert message in err.value.english()


def test_ideas_and_drills_are_extracted_for_translation() -> None:
    from babel.messages.extract import DEFAULT_KEYWORDS, extract

    from tutor.tools.yaml_extract import extract_yaml

    found = [m[1] for m in extract(extract_yaml, io.BytesIO(FIXTURE.read_bytes()),
                                   keywords=DEFAULT_KEYWORDS)]
    assert "Each fog die is paid with a compass." in found
    assert "Three short positions. You are the captain each time." in found
    assert "fog-compass" not in found
