"""Mastery that lasts: a lesson counts as learned only with ★★ or more, and what the
learner got wrong comes back in later sessions (spaced repetition), saved in progress."""

from __future__ import annotations

import json
import time
from pathlib import Path

from lessons_play import finish, right_position, wrong_position

from tutor.lessons.controller import DONE, NEW, PRACTISE, Tutor
from tutor.lessons.library import load_all
from tutor.lessons.progress import REVIEW_DAYS, Progress
from tutor.lessons.reader import load_lesson

FIXTURE = Path(__file__).parent / "fixtures" / "drill-lesson.yaml"
LESSONS = load_all()


def _play(tutor: Tutor, lesson_id: str, mistakes: int) -> None:
    """Play a lesson to its end, answering wrong at the first ``mistakes`` questions."""
    session = tutor.open(lesson_id, resume=False)
    made = 0
    while not session.finished:
        if session.pause == "say":
            session.proceed()
            continue
        wrong = wrong_position(session)
        if made < mistakes and wrong is not None and not session.in_review:
            session.choose(wrong)
            made += 1
        else:
            session.choose(right_position(session))
        tutor.save()
    tutor.save()


def _later(tutor: Tutor) -> Tutor:
    """The same learner in a later session of the tutor."""
    again = Tutor(tutor.lessons, Progress(tutor.progress.path), "en")
    again.started_at = time.time() + 1
    return again


def test_one_star_is_to_practise_again_and_does_not_count(state_dir: Path) -> None:
    tutor = Tutor(LESSONS, Progress(), "en")
    _play(tutor, "goal", mistakes=3)
    _play(tutor, "roll", mistakes=2)
    statuses = {item.lesson.id: (item.status, item.stars) for item in tutor.menu()}
    assert statuses["goal"] == (PRACTISE, 1)
    assert statuses["roll"] == (DONE, 2)
    assert statuses["passengers"][0] == NEW
    assert tutor.counts() == (1, len(LESSONS))
    # A lesson whose prerequisite has one star is not ready yet.
    ready = {item.lesson.id: item.ready for item in tutor.menu()}
    needing_goal = [lesson.id for lesson in LESSONS if "goal" in lesson.prerequisites]
    assert needing_goal and not any(ready[i] for i in needing_goal)
    # Practising it again with fewer mistakes makes it learned.
    _play(tutor, "goal", mistakes=1)
    assert {i.lesson.id: i.status for i in tutor.menu()}["goal"] == DONE


def test_a_progress_file_of_the_first_format_keeps_its_finished_lessons(state_dir: Path
                                                                         ) -> None:
    state_dir.mkdir(parents=True, exist_ok=True)
    (state_dir / "progress.json").write_text(json.dumps({
        "format": "celestia-tutor-progress", "version": 1,
        "lessons": {"goal": {"done": True, "answers": ["c1"]}}}), encoding="utf-8")
    tutor = Tutor(LESSONS, Progress(), "en")
    assert tutor.counts()[0] == 1
    assert tutor.due_reviews() == []


def test_mistakes_come_back_in_a_later_session_spaced_further_each_time(state_dir: Path
                                                                        ) -> None:
    tutor = Tutor(LESSONS, Progress(), "en")
    _play(tutor, "roll", mistakes=1)
    # Not in the session where the mistake was made…
    assert tutor.due_reviews() == []
    assert tutor.open_review() is None
    saved = json.loads((state_dir / "progress.json").read_text(encoding="utf-8"))
    review = saved["lessons"]["roll"]["review"]
    assert len(review) == 1 and next(iter(review.values()))["box"] == 0
    (unit,) = review
    # …but in the next one.
    later = _later(tutor)
    assert later.due_reviews() == [("roll", unit)]
    session = later.open_review()
    assert session is not None and session.unit == unit
    while session.pause == "say":
        session.proceed()
    # The question asked again is the one missed, at its position in the lesson.
    assert str(session.ask.step.line) == unit
    session.choose(right_position(session))
    finish(session)
    later.save()
    assert later.next_review() is None
    item = Progress(later.progress.path).lessons["roll"]["review"][unit]
    assert item["box"] == 1
    assert item["due"] > time.time() + REVIEW_DAYS[0] * 86400 - 60
    assert _later(later).due_reviews() == []   # due in a day, not now


def test_a_review_answered_wrong_goes_back_to_the_first_box(state_dir: Path) -> None:
    tutor = Tutor(LESSONS, Progress(), "en")
    _play(tutor, "roll", mistakes=1)
    later = _later(tutor)
    session = later.open_review()
    while session.pause == "say":
        session.proceed()
    session.choose(wrong_position(session))
    finish(session)
    later.save()
    (item,) = Progress(later.progress.path).lessons["roll"]["review"].values()
    assert item["box"] == 0
    assert len(_later(later).due_reviews()) == 1


def test_an_exercise_is_reviewed_whole(tmp_path: Path) -> None:
    lesson = load_lesson(FIXTURE)
    tutor = Tutor([lesson], Progress(tmp_path / "progress.json"), "en")
    session = tutor.open(lesson.id)
    while session.pause == "say":
        session.proceed()
    exercise = session.runner.unit
    session.choose(wrong_position(session))
    finish(session)
    tutor.save()
    later = _later(tutor)
    assert later.due_reviews() == [(lesson.id, exercise)]
    review = later.open_review()
    while review.pause == "say":
        review.proceed()
    # A new game from the exercise's set-up: "Exercise n of 3" heads it.
    assert any(e.kind == "exercise" for e in review.runner.log)
    assert review.runner.unit == exercise
    finish(review)
    assert review.finished
    asked = [e for e in review.runner.log[-20:] if e.kind == "prompt"]
    assert asked
