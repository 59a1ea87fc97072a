"""The coach agrees with the lessons: at every decision of every lesson (its positions
played with the accepted answers, exercises included), the coach never advises a move
the lesson explains as a mistake."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.lessons.library import load_all
from tutor.lessons.reader import load_lesson
from tutor.lessons.runner import Runner
from tutor.lessons.transcript import Question, walk_answered
from tutor.practice.coach import advise

LESSONS = load_all()
FIXTURE = Path(__file__).parent / "fixtures" / "drill-lesson.yaml"


def disagreements(lesson) -> list[str]:
    """Each decision where the coach's advice is a move the lesson calls wrong."""
    found = []
    runner = Runner(lesson)
    for item in walk_answered(lesson, runner):
        if not isinstance(item, Question):
            continue
        wrong = {o.action for o in item.options if o.action is not None and not o.correct}
        if not wrong or runner.state.actor != lesson.learner:
            continue
        advice = advise(runner.state, lesson.learner)
        if advice.action in wrong:
            found.append(f"{lesson.id}, line {item.step.line}: the coach advises "
                         f"{advice.action!r}, which the lesson explains as a mistake")
    return found


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.id for lesson in LESSONS])
def test_the_coach_never_advises_what_a_lesson_calls_a_mistake(lesson) -> None:
    assert disagreements(lesson) == []


def test_the_check_sees_a_lesson_that_calls_the_coachs_move_wrong(tmp_path: Path) -> None:
    """A lesson that accepts paying fog with a Turbo, and calls two compasses wrong,
    contradicts the coach (who keeps the Turbo): the check names it."""
    text = FIXTURE.read_text(encoding="utf-8")
    assert disagreements(load_lesson(FIXTURE)) == []
    path = tmp_path / "01-drill.yaml"
    path.write_text(text.replace("accept: [pay compass+compass]",
                                 "accept: [pay compass+turbo]"), encoding="utf-8")
    (found,) = disagreements(load_lesson(path))
    assert "the coach advises 'pay compass+compass'" in found
