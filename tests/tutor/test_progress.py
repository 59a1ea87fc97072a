"""Progress: keyed by lesson id, saved atomically, a corrupt file set aside, never a crash."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lessons_play import finish, right_position, wrong_position

from tutor.i18n import Translator
from tutor.lessons.controller import DONE, NEW, PRACTISE, STARTED, Tutor
from tutor.lessons.library import load_all
from tutor.lessons.progress import Progress


def _answer_first_question(tutor: Tutor, lesson_id: str, wrong_first: bool = False) -> None:
    session = tutor.open(lesson_id)
    while session.pause == "say":
        session.proceed()
    if wrong_first:
        session.choose(wrong_position(session))
    session.choose(right_position(session))
    tutor.save()


def test_progress_is_saved_in_the_state_dir_and_offered_for_resuming(state_dir: Path) -> None:
    lessons = load_all()
    tutor = Tutor(lessons, Progress(), "en")
    _answer_first_question(tutor, "goal", wrong_first=True)
    saved = json.loads((state_dir / "progress.json").read_text(encoding="utf-8"))
    entry = saved["lessons"]["goal"]
    assert entry["done"] is False and entry["stars"] == 0 and len(entry["inputs"]) == 2
    assert entry["at"] > 0
    assert saved["last"] == "goal"
    again = Tutor(lessons, Progress(), "en")
    assert again.resumable() is not None and again.resumable().id == "goal"
    statuses = {item.lesson.id: item.status for item in again.menu()}
    assert statuses["goal"] == STARTED and statuses["roll"] == NEW
    session = again.open("goal")
    assert session.inputs == entry["inputs"] and len(session.mistakes) == 1


@pytest.mark.parametrize(("mistakes", "stars"), [(0, 3), (1, 2), (2, 2), (3, 1)])
def test_a_finished_lesson_keeps_its_best_stars_across_restarts(state_dir: Path, mistakes: int,
                                                                 stars: int) -> None:
    lessons = load_all()
    tutor = Tutor(lessons, Progress(), "en")
    session = tutor.open("goal")
    while session.pause == "say":
        session.proceed()
    for _ in range(mistakes):
        session.choose(wrong_position(session))
    finish(session)
    assert session.stars() == stars
    tutor.close()
    again = Tutor(lessons, Progress(), "en")
    item = again.menu()[0]
    # Learned with two stars or more; with one, to practise again (not counted).
    learned = stars >= 2
    assert item.status == (DONE if learned else PRACTISE) and item.stars == stars
    assert again.counts() == (int(learned), len(lessons))
    assert again.menu()[1].ready == learned  # its prerequisite is learned
    # Playing it again worse keeps the best result; better raises it.
    session = again.open("goal", resume=False)
    while session.pause == "say":
        session.proceed()
    for _ in range(4):
        session.choose(wrong_position(session))
    finish(session)
    again.close()
    assert Tutor(lessons, Progress(), "en").menu()[0].stars == stars


def test_a_corrupt_progress_file_is_set_aside_with_a_message(state_dir: Path) -> None:
    state_dir.mkdir(parents=True)
    (state_dir / "progress.json").write_text("{not json", encoding="utf-8")
    progress = Progress()
    assert progress.lessons == {}
    assert progress.notice is not None
    msgid, params = progress.notice
    text = Translator("fr").format(msgid, **params)
    assert "progress.json.corrupt-" in text and text != msgid.format(**params)
    aside = list(state_dir.glob("progress.json.corrupt-*"))
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8") == "{not json"
    assert not (state_dir / "progress.json").exists()
    progress.record("goal", ["c0"], False)  # and saving works again
    assert json.loads((state_dir / "progress.json").read_text())["lessons"]["goal"]


def test_a_wrongly_shaped_file_is_set_aside_too(state_dir: Path) -> None:
    state_dir.mkdir(parents=True)
    (state_dir / "progress.json").write_text(json.dumps(
        {"format": "celestia-tutor-progress", "lessons": {"goal": {"inputs": "zero"}}}))
    progress = Progress()
    assert progress.notice is not None and progress.lessons == {}


def test_saving_leaves_no_temporary_file(state_dir: Path) -> None:
    progress = Progress()
    for i in range(3):
        progress.record("goal", ["c0"] * i, False)
    # The file and its lock, nothing else.
    assert sorted(p.name for p in state_dir.iterdir()) == [".progress.json.lock",
                                                          "progress.json"]


def test_an_unwritable_state_dir_is_reported_not_raised(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    progress = Progress(blocker / "sub" / "progress.json")
    progress.record("goal", ["c0"], False)
    assert progress.notice is not None
