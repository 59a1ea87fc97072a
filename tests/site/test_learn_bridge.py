"""The page's lesson player without a browser: ``tutor.web.bridge`` in this Python (and
from the archive the page loads, with nothing else importable), the board it draws, and
progress in the terminal's format (resume, export, import, a damaged copy)."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest

from tutor import i18n, pseudo
from tutor.app.board import board_lines
from tutor.i18n import LANGUAGES, Translator
from tutor.lessons.library import load_all
from tutor.lessons.progress import FORMAT, Progress
from tutor.lessons.runner import Runner
from tutor.lessons.transcript import Question, walk_answered
from tutor.web import bridge
from tutor.web.board import board, board_words
from tutor.web.publish import prepared_screens, write_archive

LESSONS = load_all()


def call(folder: Path, op: str, stored: str | None = None, **args: Any) -> dict[str, Any]:
    return json.loads(bridge.handle(json.dumps({"op": op, "args": args, "stored": stored}),
                                    folder))


def test_the_archive_runs_the_lessons_with_nothing_else_installed(tmp_path: Path) -> None:
    """The archive the page loads holds every module and file a lesson needs: a Python
    with no site-packages plays a goal with the coach from it, in Hungarian."""
    archive = tmp_path / "celestia.zip"
    write_archive(archive)
    folder = tmp_path / "lib"
    with zipfile.ZipFile(archive) as opened:
        opened.extractall(folder)
        names = opened.namelist()
    assert "tutor/scenarios/21-final-challenge.yaml" in names
    assert "tutor/web/prepared.pickle" in names and "filelock/__init__.py" in names
    assert [n for n in names if n.startswith("filelock/")] == ["filelock/__init__.py"]
    assert not any(name.endswith(".so") or "prompt_toolkit" in name for name in names)
    assert not any("/locale-data/de" in name for name in names)
    script = f"""
import json, sys
sys.path.insert(0, {str(folder)!r})
from pathlib import Path
from tutor.web import bridge
STATE = Path({str(tmp_path / "state")!r})
def call(op, **args):
    return json.loads(bridge.handle(json.dumps({{"op": op, "args": args}}), STATE))
view = call("start", language="hu", lesson="final-challenge")["view"]
while view["lesson"]["pause"] == "say":
    view = call("proceed")["view"]
view = call("hint")["view"]
print(json.dumps(view["lesson"]["narration"][-1]))
# The lessons and the glossary come parsed from the build: no YAML parser starts; the
# page's filelock is the archive's own, one file that imports nothing.
assert "yaml" not in sys.modules and "babel" in sys.modules
assert sys.modules["filelock"].__file__.startswith({str(folder)!r})
assert not any(m.startswith(("prompt_toolkit", "rapidfuzz", "sphinx", "logging"))
               for m in sys.modules)
"""
    result = subprocess.run([sys.executable, "-I", "-S", "-c", script], capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    hint = json.loads(result.stdout.splitlines()[-1])
    assert hint["kind"] == "coach"
    assert hint["text"].startswith(Translator("hu").gettext("The coach says: “{advice}”")[:8])


def test_a_pseudo_language_build_ships_the_pseudo_language_to_the_page(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Only a site built in the pseudo-language (the layout check's) gives the page's
    Python the pseudo-language, its templates and Babel's reader of them; the page's
    engine then shows every message bracketed, as the build showed the prepared screens.
    A published archive holds none of it."""
    published = tmp_path / "published.zip"
    write_archive(published)
    with zipfile.ZipFile(published) as opened:
        names = opened.namelist()
    assert "tutor/pseudo.py" not in names and not any(n.startswith("locales/") for n in names)
    assert not any(n.startswith("babel/messages/") for n in names)

    monkeypatch.setattr(i18n, "PSEUDO_ON", True)
    archive = tmp_path / "celestia.zip"
    write_archive(archive)
    folder = tmp_path / "lib"
    with zipfile.ZipFile(archive) as opened:
        opened.extractall(folder)
    assert (folder / "tutor" / "pseudo.py").is_file()
    assert sorted(p.name for p in (folder / "locales").iterdir()) == \
        sorted(p.name for p in Path("locales").glob("*.pot"))
    script = f"""
import json, sys
sys.path.insert(0, {str(folder)!r})
from pathlib import Path
from tutor.web import bridge
STATE = Path({str(tmp_path / "state")!r})
def call(op, **args):
    return json.loads(bridge.handle(json.dumps({{"op": op, "args": args}}), STATE))
plain = call("start", language="en", lesson="goal")["view"]["lesson"]["title"]
told = call("start", language="en", lesson="goal", pseudo=True)["view"]["lesson"]["title"]
print(json.dumps([plain, told]))
"""
    result = subprocess.run([sys.executable, "-I", "-S", "-c", script], capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    plain, told = json.loads(result.stdout.splitlines()[-1])
    assert pseudo.OPEN not in plain
    assert told == pseudo.pseudo(plain)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_board_says_what_the_terminal_board_says(language: str) -> None:
    tr = Translator(language)
    for lesson in LESSONS[:6]:
        from tutor.lessons.controller import Session

        session = Session(lesson)
        while session.pause == "say":
            session.proceed()
        view = board(session.state, session.learner, tr)
        words = " ".join(board_words(view))
        route = set(view["route"]["labels"])
        for line in board_lines(session.state, session.learner, tr, width=1000):
            first = line.split("  ")[0].strip()
            if first in route or not line.strip() or set(line.strip()) <= set("▲→ "):
                continue  # the route's rows: a table in the page
            if line.startswith(tr.gettext("Dice:")):
                continue  # the dice: one chip each, named
            assert line.strip() in words, (lesson.id, line)


def test_every_lesson_is_prepared_up_to_a_decision() -> None:
    """Reading on from a lesson's prepared start reaches a question whose every answer
    is prepared too (the page judges it before the engine is ready)."""
    for lesson in LESSONS:
        nodes = prepared_screens(lesson.id, ("fr",), LESSONS)["fr"]["nodes"]
        number, seen = 0, set()
        while nodes[number]["lesson"]["pause"] == "say":
            seen.add(number)
            number = nodes[number]["proceed"]
            assert number is not None and number not in seen, lesson.id
        ask = nodes[number]
        assert ask["lesson"]["pause"] == "ask" and ask["lesson"]["choices"], lesson.id
        # The first play of a lesson is its attempt 0 (which orders its drills).
        first = next(item for item in walk_answered(lesson, Runner(lesson, 0))
                     if isinstance(item, Question))
        if first.ask.kind == "goal":  # a free move: the engine judges it
            assert ask["choose"] is None, lesson.id
        else:
            assert len(ask["choose"]) == len(ask["lesson"]["choices"]), lesson.id
            assert all(isinstance(n, int) for n in ask["choose"]), lesson.id


@pytest.mark.parametrize("lesson_id", ["goal", "paying", "ejection", "empty-piles"])
def test_the_prepared_screens_are_the_engines(tmp_path: Path, lesson_id: str) -> None:
    """Each prepared screen is the one the engine draws after the same actions: the page
    shows it before the engine is ready, and the engine, replaying those actions, takes
    over on the very same screen (the first twelve screens, reached as the page does)."""
    nodes = prepared_screens(lesson_id, ("hu",), LESSONS)["hu"]["nodes"]
    paths: dict[int, list[dict[str, Any]]] = {0: []}
    queue = [0]
    while queue and len(paths) < 12:
        number = queue.pop(0)
        links = [({"op": "proceed"}, nodes[number]["proceed"])]
        links += [({"op": "choose", "args": {"position": position}}, target)
                  for position, target in enumerate(nodes[number]["choose"] or [])]
        for action, target in links:
            if target is not None and target not in paths:
                paths[target] = [*paths[number], action]
                queue.append(target)
    assert len(paths) > 3
    for number, actions in paths.items():
        answer = call(tmp_path / str(number), "start", language="hu", lesson=lesson_id,
                      actions=actions)
        assert answer["view"]["lesson"] == nodes[number]["lesson"], (number, actions)


def test_progress_is_the_terminals_and_resumes(tmp_path: Path) -> None:
    answer = call(tmp_path, "start", language="en", lesson="passengers")
    stored = answer["stored"]
    assert json.loads(stored)["format"] == FORMAT
    view = answer["view"]
    while view["lesson"]["pause"] == "say":
        answer = call(tmp_path, "proceed", stored)
        stored, view = answer["stored"], answer["view"]
    key = view["lesson"]["choices"][0]["key"]
    answer = call(tmp_path, "choose", stored, position=0)
    stored = answer["stored"]
    assert json.loads(stored)["lessons"]["passengers"]["inputs"] == [key]
    # The terminal reads it as its own progress file.
    path = tmp_path / "terminal.json"
    path.write_text(call(tmp_path, "export", stored)["export"], encoding="utf-8")
    assert Progress(path).inputs("passengers") == [key]
    # A new page resumes the lesson after that answer.
    again = call(tmp_path / "other", "start", stored, language="fr", lesson="passengers")
    assert again["view"]["lesson"]["feedback"] == [] and again["view"]["language"] == "fr"
    assert json.loads(again["stored"])["lessons"]["passengers"]["inputs"] == [key]


def test_import_merges_like_two_windows(tmp_path: Path) -> None:
    mine = {"format": FORMAT, "version": 1, "language": "en", "last": "roll",
            "lessons": {"goal": {"done": True, "stars": 3, "inputs": [], "at": 10.0},
                        "roll": {"done": False, "stars": 0, "inputs": ["c1"], "at": 50.0}}}
    theirs = {"format": FORMAT, "version": 1, "language": "en", "last": "paying",
              "lessons": {"goal": {"done": False, "stars": 0, "inputs": ["c2"], "at": 90.0},
                          "paying": {"done": True, "stars": 2, "inputs": [], "at": 20.0}}}
    call(tmp_path, "start", json.dumps(mine), language="en")
    answer = call(tmp_path, "import", json.dumps(mine), text=json.dumps(theirs),
                  name="progress.json")
    merged = json.loads(answer["stored"])["lessons"]
    assert merged["goal"]["done"] and merged["goal"]["stars"] == 3  # a ✓ stays
    assert merged["roll"]["inputs"] == ["c1"] and merged["paying"]["stars"] == 2
    assert answer["view"]["message"] == "Progress loaded from progress.json: 2 lessons."
    status = {item["id"]: item["status"] for item in answer["view"]["menu"]["items"]}
    assert status["paying"] == "done" and status["roll"] == "started"


@pytest.mark.parametrize(("text", "reason"), [
    ("{not json", "progress.json"),
    (json.dumps({"format": "something else"}), "it is not a progress file of the tutor."),
    (json.dumps({"format": FORMAT, "version": 99, "lessons": {}}), "newer version"),
])
def test_a_file_that_is_no_progress_is_refused_and_nothing_is_lost(tmp_path: Path, text: str,
                                                                   reason: str) -> None:
    kept = {"format": FORMAT, "version": 1, "language": "en", "last": None,
            "lessons": {"goal": {"done": True, "stars": 3, "inputs": [], "at": 10.0}}}
    call(tmp_path, "start", json.dumps(kept), language="en")
    answer = call(tmp_path, "import", json.dumps(kept), text=text, name="progress.json")
    assert reason in answer["view"]["message"]
    assert json.loads(answer["stored"])["lessons"] == kept["lessons"]


def test_a_damaged_copy_in_the_browser_is_kept_aside(tmp_path: Path) -> None:
    answer = call(tmp_path, "start", "{damaged", language="fr")
    assert answer["aside"] == "{damaged"
    assert "n’a pas pu être lue" in answer["view"]["message"]
    assert answer["stored"] is None or json.loads(answer["stored"])["lessons"] == {}


def test_an_unknown_lesson_is_an_error_in_the_page_language(tmp_path: Path) -> None:
    call(tmp_path, "start", language="hu")
    answer = call(tmp_path, "open", lesson="no-such-lesson")
    assert "no-such-lesson" in answer["error"] and "goal" in answer["error"]


def test_the_readme_gives_the_engine_s_own_size(site: Path) -> None:
    """One figure for the engine's download: the README says what the page says, and the
    page says what its files weigh."""
    import re

    from tutor.web.publish import megabytes

    runtime = site / "_learn"
    sizes = {p.relative_to(runtime).as_posix(): p.stat().st_size
             for p in runtime.rglob("*") if p.is_file() and p.name != "worker.js"}
    figure = megabytes(sizes)
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    assert re.findall(r"about (\d+) MB", readme) == [str(figure)]
    page = (site / "en" / "learn.html").read_text(encoding="utf-8")
    assert f"about {figure} MB" in page


def _play_in_page(folder: Path, lesson: str, mistakes: int, stored: str | None = None
                  ) -> str:
    """Play a lesson on the page to its recap, answering wrong at its first ``mistakes``
    questions (the positions come from the lesson's own answers); return the progress."""
    sys.path.insert(0, str(Path(__file__).parents[1] / "tutor"))
    from lessons_play import right_position, wrong_position

    # The first lesson starts the page's visit; the next one is opened in the same visit.
    answer = call(folder, "start", stored, language="en", lesson=lesson) if stored is None \
        else call(folder, "open", stored, lesson=lesson)
    made = 0
    for _ in range(500):
        stored, view = answer["stored"], answer["view"]
        if view["lesson"]["pause"] == "end":
            return stored
        if view["lesson"]["pause"] == "say":
            answer = call(folder, "proceed", stored)
            continue
        session = bridge._LEARN.tutor.session
        wrong = wrong_position(session)
        if made < mistakes and wrong is not None and not session.in_review:
            made += 1
            answer = call(folder, "choose", stored, position=wrong)
        else:
            answer = call(folder, "choose", stored, position=right_position(session))
    raise AssertionError("the lesson did not end")


def test_stars_and_the_review_on_the_page(tmp_path: Path) -> None:
    """A one-star lesson is "to practise again" in the page's list too, and what was
    answered wrong comes back in the page's review in a later visit."""
    stored = _play_in_page(tmp_path, "goal", mistakes=3)
    stored = _play_in_page(tmp_path, "roll", mistakes=1, stored=stored)
    menu = call(tmp_path, "menu", stored)["view"]["menu"]
    status = {item["id"]: (item["status"], item["status_text"]) for item in menu["items"]}
    assert status["goal"] == ("practise", "to practise again")
    assert status["roll"] == ("done", "finished")
    assert menu["counts"] == f"1 of {len(LESSONS)} finished"
    # Nothing comes back in the visit where the mistakes were made…
    assert menu["review"]["due"] == 0 and menu["review"]["title"] == "Review: nothing due now"
    # …but in the next one.
    later = call(tmp_path / "later", "start", stored, language="en")["view"]["menu"]
    due = later["review"]["due"]
    assert due >= 2 and later["review"]["title"] == f"Review: {due} questions or exercises due"
    answer = call(tmp_path / "later", "review", stored)
    for _ in range(200):
        stored, view = answer["stored"], answer["view"]
        if view["screen"] == "menu":
            break
        lesson = view["lesson"]
        assert lesson["review"] and lesson["title"].startswith("Review: ")
        if lesson["pause"] == "end":
            assert lesson["recap"][0]["text"].startswith("✓ Right at the first try")
            answer = call(tmp_path / "later", "next", stored)
        elif lesson["pause"] == "say":
            answer = call(tmp_path / "later", "proceed", stored)
        else:
            sys.path.insert(0, str(Path(__file__).parents[1] / "tutor"))
            from lessons_play import right_position

            position = right_position(bridge._LEARN.tutor.session)
            answer = call(tmp_path / "later", "choose", stored, position=position)
    assert answer["view"]["message"] == "The review is over for now."
    assert answer["view"]["menu"]["review"]["due"] == 0
    boxes = [item["box"] for entry in json.loads(stored)["lessons"].values()
             for item in entry.get("review", {}).values()]
    assert boxes and set(boxes) == {1}
