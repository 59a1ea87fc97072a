"""The tutor's progress: two windows never lose each other's work, a newer file is left
alone, a damaged one never stops the tutor from starting (issue 15)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tutor.i18n import Translator
from tutor.lessons.progress import Progress


def _path(user_folders) -> Path:
    return user_folders.state / "progress.json"


def test_two_tutors_at_once_keep_each_others_progress(user_folders) -> None:
    a = Progress()
    b = Progress()                       # opened before A saves anything
    a.record("goal", ["c0", "c1"], False)      # A answers and quits
    b.record("roll", ["c2"], False)      # B answers another lesson
    b.set_language("hu")                 # and switches language, then quits
    saved = json.loads(_path(user_folders).read_text(encoding="utf-8"))
    assert saved["lessons"]["goal"]["inputs"] == ["c0", "c1"]
    assert saved["lessons"]["roll"]["inputs"] == ["c2"]
    assert saved["language"] == "hu"
    assert a.notice is None and b.notice is None
    # B now sees A's lesson too.
    assert b.inputs("goal") == ["c0", "c1"]


def test_the_newer_answer_wins_and_a_tick_stays(user_folders) -> None:
    a, b = Progress(), Progress()
    a.record("goal", ["c0"], False)
    b.record("goal", ["c0", "c1", "c2"], False)   # later
    assert Progress().inputs("goal") == ["c0", "c1", "c2"]
    a.record("roll", [], True, stars=2)  # A finishes "roll"
    b.record("roll", ["c1"], False)         # B, later, is half-way through it again
    fresh = Progress()
    assert fresh.done("roll") and fresh.stars("roll") == 2


def test_unknown_keys_of_a_lesson_and_of_the_file_are_kept(user_folders) -> None:
    path = _path(user_folders)
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({
        "format": "celestia-tutor-progress", "version": 1, "language": "fr", "last": "goal",
        "theme": "dark",
        "lessons": {"goal": {"done": True, "inputs": [], "stars": 3, "mistakes": [1, 2]},
                    "roll": {"done": False, "inputs": ["c1"]}}}), encoding="utf-8")
    progress = Progress()
    progress.record("roll", ["c1", "c0"], False)
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["theme"] == "dark"
    assert saved["lessons"]["goal"]["stars"] == 3 and saved["lessons"]["goal"]["mistakes"] == [1, 2]
    other = Progress()
    other.lessons["goal"]["mistakes"] = [3]   # a later version's field, changed elsewhere
    other.record("goal", [], True, stars=2)
    progress.record("passengers", ["c0"], False)
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["lessons"]["goal"]["mistakes"] == [3] and saved["lessons"]["goal"]["stars"] == 3
    assert saved["lessons"]["roll"]["inputs"] == ["c1", "c0"]


def test_a_newer_version_is_refused_and_left_alone(user_folders) -> None:
    path = _path(user_folders)
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"format": "celestia-tutor-progress", "version": 99,
                                "lessons": {}, "future": {"x": 1}}), encoding="utf-8")
    before = path.read_bytes()
    progress = Progress()
    assert progress.notice is not None
    for language in ("en", "fr", "hu"):
        text = Translator(language).format(progress.notice[0], **progress.notice[1])
        assert "99" in text
    progress.record("goal", ["c0"], False)
    progress.set_language("fr")
    assert path.read_bytes() == before
    assert sorted(p.name for p in path.parent.iterdir()) == ["progress.json"]


def _nested_file(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": "celestia-tutor-progress", "lessons": ' + "[" * 100_000
                    + "]" * 100_000 + "}", encoding="utf-8")


def test_a_file_nested_deeply_is_set_aside_and_the_tutor_starts(user_folders) -> None:
    from tutor.app.main import make_tutor
    from tutor.lessons.library import load_all

    path = _path(user_folders)
    _nested_file(path)
    tutor = make_tutor(load_all(), Translator("fr"), explicit_language=True)
    notice = tutor.progress.notice
    assert notice is not None
    text = tutor.tr.format(notice[0], **notice[1])
    assert "imbriqués trop profondément" in text and "progress.json.corrupt-" in text
    assert not path.exists() and len(list(path.parent.glob("progress.json.corrupt-*"))) == 1
    assert tutor.menu()


def test_a_file_changed_on_disk_into_rubbish_is_set_aside_at_the_next_save(user_folders) -> None:
    progress = Progress()
    progress.record("goal", ["c0"], False)
    _path(user_folders).write_text("rubbish", encoding="utf-8")
    progress.record("goal", ["c0", "c1"], False)
    assert json.loads(_path(user_folders).read_text())["lessons"]["goal"]["inputs"] == ["c0", "c1"]
    aside = list(user_folders.state.glob("progress.json.corrupt-*"))
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8") == "rubbish"


#: One tutor window saving a lesson again and again.
_TUTOR = """
from tutor.lessons.progress import Progress
import sys
progress = Progress()
for i in range(int(sys.argv[2])):
    progress.record(sys.argv[1], ["c0"] * (i + 1), False)
assert progress.notice is None, progress.notice
"""


def test_many_tutors_saving_at_once_lose_nothing(user_folders) -> None:
    lessons = ["goal", "roll", "passengers", "window"]
    workers = [subprocess.Popen([sys.executable, "-c", _TUTOR, lesson, "15"])
               for lesson in lessons]
    assert [worker.wait(120) for worker in workers] == [0] * len(lessons)
    saved = json.loads(_path(user_folders).read_text(encoding="utf-8"))
    assert {k: len(v["inputs"]) for k, v in saved["lessons"].items()} == dict.fromkeys(lessons, 15)
    assert not list(user_folders.state.glob("*.tmp")) and not list(
        user_folders.state.glob("progress.json.corrupt-*"))
