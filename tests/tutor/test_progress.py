"""Progress: keyed by lesson id, saved atomically, a corrupt file set aside, never a crash."""

from __future__ import annotations

import json
from pathlib import Path

from tutor.i18n import Translator
from tutor.lessons.controller import DONE, NEW, STARTED, Tutor
from tutor.lessons.library import load_all
from tutor.lessons.progress import Progress


def _finish_first_question(tutor: Tutor, lesson_id: str) -> None:
    session = tutor.open(lesson_id)
    while session.pause == "say":
        session.proceed()
    index = next(i for i, c in enumerate(session.choices) if c.correct)
    session.choose(index)
    tutor.save()


def test_progress_is_saved_in_the_state_dir_and_offered_for_resuming(state_dir: Path) -> None:
    lessons = load_all()
    tutor = Tutor(lessons, Progress(), "en")
    _finish_first_question(tutor, "goal")
    saved = json.loads((state_dir / "progress.json").read_text(encoding="utf-8"))
    goal = saved["lessons"]["goal"]
    assert goal["answers"] == [0] and goal["done"] is False and goal["at"] > 0
    assert saved["last"] == "goal"
    again = Tutor(lessons, Progress(), "en")
    assert again.resumable() is not None and again.resumable().id == "goal"
    statuses = {item.lesson.id: item.status for item in again.menu()}
    assert statuses["goal"] == STARTED and statuses["roll"] == NEW
    session = again.open("goal")
    assert session.answers == [0]


def test_a_finished_lesson_gets_its_tick(state_dir: Path) -> None:
    lessons = load_all()
    tutor = Tutor(lessons, Progress(), "en")
    session = tutor.open("goal")
    while not session.finished:
        if session.pause == "say":
            session.proceed()
        else:
            session.choose(next(i for i, c in enumerate(session.choices) if c.correct))
    tutor.close()
    again = Tutor(lessons, Progress(), "en")
    assert again.menu()[0].status == DONE
    assert again.counts() == (1, len(lessons))
    assert again.menu()[1].ready  # its prerequisite is done


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
    progress.record("goal", [0], False)  # and saving works again
    assert json.loads((state_dir / "progress.json").read_text())["lessons"]["goal"]


def test_a_wrongly_shaped_file_is_set_aside_too(state_dir: Path) -> None:
    state_dir.mkdir(parents=True)
    (state_dir / "progress.json").write_text(json.dumps(
        {"format": "celestia-tutor-progress", "lessons": {"goal": {"answers": "zero"}}}))
    progress = Progress()
    assert progress.notice is not None and progress.lessons == {}


def test_saving_leaves_no_temporary_file(state_dir: Path) -> None:
    progress = Progress()
    for i in range(3):
        progress.record("goal", [0] * i, False)
    # The file and its lock, nothing else.
    assert sorted(p.name for p in state_dir.iterdir()) == [".progress.json.lock",
                                                          "progress.json"]


def test_an_unwritable_state_dir_is_reported_not_raised(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    progress = Progress(blocker / "sub" / "progress.json")
    progress.record("goal", [0], False)
    assert progress.notice is not None
