"""The tutor app driven through prompt-toolkit's pipe input, drawn to a dummy output."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from lessons_play import right_position, wrong_position
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from tutor.app.main import create_app, make_tutor
from tutor.i18n import Translator
from tutor.lessons.controller import DONE, PRACTISE
from tutor.lessons.library import load_all


async def _until(condition: Callable[[], bool], timeout: float = 5.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not condition():
        if loop.time() > end:
            raise AssertionError("the app did not get there in time")
        await asyncio.sleep(0.01)


def _run(script: Callable, language: str = "en", lesson_id: str | None = None):
    """Run the app with ``script(ui, send)`` feeding keys; return (tutor, result)."""
    tutor = make_tutor(load_all(), Translator(language), explicit_language=True)

    async def main():
        with create_pipe_input() as pipe:
            app = create_app(tutor, lesson_id, input=pipe, output=DummyOutput())
            ui = app.tutor_ui
            task = asyncio.ensure_future(app.run_async())

            async def send(keys: str, then: Callable[[], bool] | None = None) -> None:
                pipe.send_text(keys)
                if then is not None:
                    await _until(then)
                else:
                    await asyncio.sleep(0.02)

            await script(ui, send)
            return await asyncio.wait_for(task, 5)
    return tutor, asyncio.run(main())


def _saved(state_dir: Path) -> dict:
    return json.loads((state_dir / "progress.json").read_text(encoding="utf-8"))


def test_a_lesson_from_the_menu_to_its_recap(state_dir: Path) -> None:
    seen: dict[str, object] = {}

    async def script(ui, send) -> None:
        tutor = ui.tutor
        await send("\r", lambda: tutor.session is not None)          # open lesson 1
        session = tutor.session
        await send("\r\r", lambda: session.pause == "ask")          # read two pages
        await send("\r")                                             # nothing is preselected
        seen["enter"] = ui._message_text()
        assert session.last is None
        await send(str(wrong_position(session) + 1), lambda: session.last is not None)
        assert not session.last.correct
        seen["feedback"] = "".join(t for _, t in ui._feedback())
        await send("h", lambda: session.hints_shown == 1)            # one hint
        seen["hint"] = session.page_text(tutor.tr)[-1]
        # The arrows select, Enter answers.
        target = right_position(session)
        await send("\x1b[B" * (target + 1), lambda: ui.choice_index == target)
        await send("\r", lambda: session.last.correct)
        while not session.finished:
            if session.pause == "say":
                await send("5")                                      # digits do not read on
                assert session.pause == "say"
                await send("\r")
            else:
                await send(str(right_position(session) + 1))
        seen["recap"] = "".join(t for _, t in ui._narration())
        seen["choices"] = "".join(t for _, t in ui._choices())
        seen["footer"] = "".join(t for _, t in ui._footer())
        await send("q", lambda: tutor.session is None)               # back to the menu
        seen["menu"] = "".join(text for _, text in ui._menu())
        seen["header"] = "".join(text for _, text in ui._header())
        await send("q")                                              # quit

    _tutor, result = _run(script)
    assert result == 0
    assert "Choose an answer first" in seen["enter"]
    assert "You chose:" in seen["feedback"] and "✗" in seen["feedback"]
    assert "See rules" in seen["feedback"]
    assert seen["hint"] == "Hint: Read the first sentence of the lesson again."
    assert "★★☆ Lesson complete, with 1 mistake." in seen["recap"]
    assert "What you learned:" in seen["recap"] and "5.1 — " in seen["recap"]
    assert "Next: “The captain's roll”" in seen["recap"]
    assert "★★☆ Enter ▸ next lesson" in seen["choices"]
    # The footer does not say again what Enter does.
    assert "Enter" not in seen["footer"] and "q: back to the menu" in seen["footer"]
    assert seen["menu"].splitlines()[0].startswith(" ✓ ★★☆  1. The goal and the set-up")
    assert "1 of" in seen["header"]
    saved = _saved(state_dir)["lessons"]["goal"]
    assert saved["done"] is True and saved["stars"] == 2


def test_language_switch_undo_restart_skip_and_lookup(state_dir: Path) -> None:
    seen: dict[str, object] = {}

    async def script(ui, send) -> None:
        tutor = ui.tutor
        await send("l", lambda: tutor.language == "fr")
        seen["header"] = "".join(t for _, t in ui._header())
        await send("\r", lambda: tutor.session is not None)
        session = tutor.session
        await send("\r\r", lambda: session.pause == "ask")
        await send(str(right_position(session) + 1), lambda: len(session.inputs) == 1)
        seen["feedback"] = "".join(t for _, t in ui._feedback())
        await send("u", lambda: session.inputs[-1] != session.inputs[0])
        seen["undone"] = ui._message_text()
        # "?" opens the lookup with the text selected: typing replaces it.
        await send("?", lambda: ui.lookup_open)
        await send("3.4\r", lambda: ui.lookup_lines[0].startswith("3.4"))
        await send("\x1b", lambda: not ui.lookup_open)
        ui.open_lookup("3.4")
        assert ui.lookup_buffer.selection_state is not None
        await send("turbo", lambda: ui.lookup_buffer.text == "turbo")
        await send("\x1b", lambda: not ui.lookup_open)
        # Restart asks first: any other key keeps the lesson.
        await send("r", lambda: ui.confirm == "restart")
        seen["confirm"] = "".join(t for _, t in ui._footer())
        await send("n", lambda: ui.confirm is None)
        assert session.ask is not None
        await send("ro", lambda: session.pause == "say")              # "o" for "oui"
        await send("l", lambda: tutor.language == "hu")
        seen["hu"] = session.page_text(tutor.tr)
        # Skip asks too; in Hungarian "i" (igen) confirms.
        await send("s", lambda: ui.confirm == "skip")
        seen["confirm_hu"] = "".join(t for _, t in ui._footer())
        await send("i", lambda: tutor.session is not None and tutor.session.lesson.id == "roll")
        await send("\x03")                                            # Ctrl-C: leave

    _tutor, result = _run(script)
    assert result == 130   # Ctrl-C ends every command so
    assert "leçons guidées" in seen["header"] and "Français" in seen["header"]
    assert "Votre choix" in seen["feedback"]
    assert "précédente" in seen["undone"]
    assert "o\u202f: oui" in seen["confirm"] and "i: igen" in seen["confirm_hu"]
    assert seen["hu"] and seen["hu"][0].startswith("Üdv a fedélzeten")
    saved = _saved(state_dir)
    assert saved["language"] == "hu" and saved["last"] == "roll"


def test_the_number_keys_pick_a_lesson_in_the_menu(state_dir: Path) -> None:
    seen: list[int] = []

    async def script(ui, send) -> None:
        await send("3", lambda: ui.menu_index == 2)
        seen.append(ui.menu_index)
        await asyncio.sleep(1.1)
        await send("1")
        await send("2", lambda: ui.menu_index == 11)                 # "1", "2" quickly: 12
        seen.append(ui.menu_index)
        await send("\r", lambda: ui.tutor.session is not None)
        seen.append(ui.tutor.lessons.index(ui.tutor.session.lesson))
        await send("\x03")

    _run(script)
    assert seen == [2, 11, 11]


def test_ctrl_d_saves_a_lesson_in_progress_and_the_next_start_resumes(state_dir: Path) -> None:
    async def first(ui, send) -> None:
        session = ui.tutor.session
        await send("\r\r", lambda: session.pause == "ask")
        await send(str(right_position(session) + 1), lambda: len(session.inputs) == 1)
        await send("\x04")                                            # Ctrl-D

    _run(first, lesson_id="goal")
    seen = {}

    async def second(ui, send) -> None:
        seen["message"] = ui._message_text()
        seen["selected"] = ui.menu_index
        await send("\r", lambda: ui.tutor.session is not None)
        seen["inputs"] = ui.tutor.session.inputs
        await send("q", lambda: ui.tutor.session is None)
        await send("q")

    _run(second)
    assert "resume" in seen["message"] and "The goal and the set-up" in seen["message"]
    assert seen["selected"] == 0 and len(seen["inputs"]) == 1


# --- Keyboard mashers: pressing keys without reading never earns the lesson ----------------
#: A key the tutor does not use: the test sends it after each batch of keys to know when the
#: app has handled them all.
MARK = "\x14"  # Ctrl-T
BATCH = 20
LESSONS = load_all()


def _type(tutor, lesson_id: str, keys: Callable[[int], str], limit: int,
          through_mistakes: bool) -> None:
    """Open ``lesson_id`` in the app (pipe input) and type ``keys(i)`` for i = 0, 1, … in
    batches, until the recap, until a batch changes nothing (stuck: these keys answer
    nothing here), until ``limit`` keys, or, unless ``through_mistakes``, until the first
    mistake; then leave (Ctrl-C)."""
    from prompt_toolkit.key_binding import KeyBindings, merge_key_bindings

    handled = {"batches": 0}
    marker = KeyBindings()

    @marker.add("c-t")
    def _handled(event) -> None:
        handled["batches"] += 1

    def where(session) -> tuple:
        return (len(session.inputs), session.runner.cursor, session.pause,
                len(session.active.log), session.reviews_left())

    async def main() -> None:
        with create_pipe_input() as pipe:
            app = create_app(tutor, lesson_id, input=pipe, output=DummyOutput())
            app.key_bindings = merge_key_bindings([app.key_bindings, marker])
            task = asyncio.ensure_future(app.run_async())
            session = tutor.session
            for batch in range(limit // BATCH):
                before = where(session)
                pipe.send_text("".join(keys(batch * BATCH + i) for i in range(BATCH)) + MARK)
                await _until(lambda count=batch + 1: handled["batches"] >= count, timeout=60)
                # At the recap Enter would open the next lesson: stop there.
                if session.finished or tutor.session is not session:
                    break
                if (session.mistakes and not through_mistakes) or before == where(session):
                    break
            pipe.send_text("\x03")
            await asyncio.wait_for(task, 10)

    asyncio.run(main())


def _mash(lesson_id: str, keys: Callable[[int], str], tmp: Path, limit: int = 1200
          ) -> tuple[bool, int, int]:
    """Type ``keys`` into ``lesson_id`` with a progress file of its own until the first
    mistake (full marks are then out of reach); return (finished, stars, answers given)."""
    from tutor.lessons.progress import Progress

    path = tmp / f"{lesson_id}.json"
    tutor = make_tutor(LESSONS, Translator("en"), explicit_language=True,
                       progress=Progress(path))
    _type(tutor, lesson_id, keys, limit, through_mistakes=False)
    entry = json.loads(path.read_text(encoding="utf-8"))["lessons"].get(lesson_id, {}) \
        if path.exists() else {}
    return bool(entry.get("done")), int(entry.get("stars", 0)), len(entry.get("inputs", []))


def _fixed(key: str) -> Callable[[int], str]:
    """Enter to read on, then ``key`` at every question and decision."""
    return lambda i: "\r" if i % 2 == 0 else key


def _random(seed: int) -> Callable[[int], str]:
    import random

    rng = random.Random(seed)
    pool = ["\r", " ", "1", "2", "3", "4", "\x1b[A", "\x1b[B", "h", "u"]
    return lambda i: rng.choice(pool)


LESSON_IDS = [lesson.id for lesson in LESSONS]


@pytest.mark.parametrize("key", [str(k) for k in range(1, 10)])
def test_pressing_the_same_answer_key_never_masters_a_lesson(tmp_path: Path, key: str) -> None:
    """Enter to read on and always the same number at a question: whatever the number, no
    lesson ends with full marks (the order of the choices changes with each question and
    attempt, and every lesson asks enough to tell a guess from knowledge)."""
    results = {lesson_id: _mash(lesson_id, _fixed(key), tmp_path) for lesson_id in LESSON_IDS}
    assert [i for i, (done, stars, _) in results.items() if done and stars == 3] == [], results


@pytest.mark.parametrize("seed", [9, 10, 11])
def test_random_keys_never_master_a_lesson(tmp_path: Path, seed: int) -> None:
    """Random keys (numbers, arrows, Enter, hints, undo): no lesson with full marks, though
    the keys did answer questions in every lesson."""
    results = {lesson_id: _mash(lesson_id, _random(seed * 100 + n), tmp_path)
               for n, lesson_id in enumerate(LESSON_IDS)}
    assert [i for i, (done, stars, _) in results.items() if done and stars == 3] == [], results
    assert all(answers for _, _, answers in results.values()), results


@pytest.mark.parametrize("masher", ["enter", "one"])
def test_enter_alone_or_1_alone_finishes_no_lesson(tmp_path: Path, masher: str) -> None:
    keys = (lambda i: "\r") if masher == "enter" else (lambda i: "1")
    for lesson_id in LESSON_IDS:
        done, stars, _ = _mash(lesson_id, keys, tmp_path)
        assert not done and stars == 0, lesson_id


@pytest.mark.parametrize("pattern", [["\r"], ["1"], ["1", "\r"], ["1", "\r", "2", "\r", "3", "\r"]],
                         ids=["enter", "1", "1-enter", "1-enter-2-enter-3-enter"])
def test_mashing_finishes_no_lesson(tmp_path: Path, pattern: list[str]) -> None:
    """Mashing the same keys through every lesson, mistakes and all, learns none: a lesson
    counts as finished only with ★★ or more, and the menu says so."""
    from tutor.lessons.progress import Progress

    path = tmp_path / "progress.json"
    ended = []
    for lesson_id in LESSON_IDS:
        tutor = make_tutor(LESSONS, Translator("en"), explicit_language=True,
                           progress=Progress(path))
        # Through every mistake, up to 3000 keys.
        _type(tutor, lesson_id, lambda i: pattern[i % len(pattern)], 3000,
              through_mistakes=True)
        if Progress(path).done(lesson_id):
            ended.append(lesson_id)
    tutor = make_tutor(LESSONS, Translator("en"), explicit_language=True,
                       progress=Progress(path))
    assert tutor.counts() == (0, len(LESSONS))
    assert [item.lesson.id for item in tutor.menu() if item.status == DONE] == []
    # Mashing Enter and 1 between answers reaches the end of some lessons: with one star,
    # to practise again.
    if pattern != ["\r"] and pattern != ["1"]:
        assert ended, "the masher never reached a recap: the test would prove nothing"
        assert {item.lesson.id for item in tutor.menu() if item.status == PRACTISE} == \
            set(ended)
