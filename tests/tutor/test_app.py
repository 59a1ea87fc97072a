"""The tutor app driven through prompt-toolkit's pipe input, drawn to a dummy output."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path

from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from tutor.app.main import create_app, make_tutor
from tutor.i18n import Translator
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


def test_a_lesson_from_the_menu_to_the_tick(state_dir: Path) -> None:
    seen: dict[str, object] = {}

    async def script(ui, send) -> None:
        tutor = ui.tutor
        await send("\r", lambda: tutor.session is not None)          # open lesson 1
        session = tutor.session
        await send("\r\r", lambda: session.pause == "prompt")       # read two pages
        await send("2", lambda: session.last is not None)            # a wrong answer…
        assert not session.last.correct
        seen["explanation"] = session.page_text(tutor.tr)[-1]
        seen["message"] = ui._message_text()
        await send("h", lambda: session.hints_shown == 1)            # one hint
        seen["hint"] = session.page_text(tutor.tr)[-1]
        await send("\x1b[A", lambda: ui.choice_index == 0)             # arrow up to choice 1
        await send("\r", lambda: session.answers == [0])             # …then the right one
        while not session.finished:
            if session.pause == "say":
                await send("\r")
            else:
                right = next(i for i, c in enumerate(session.choices) if c.correct)
                await send(str(right + 1))
        seen["finished"] = session.finished
        await send("q", lambda: tutor.session is None)               # back to the menu
        seen["menu"] = "".join(text for _, text in ui._menu())
        seen["header"] = "".join(text for _, text in ui._header())
        await send("q")                                              # quit

    _tutor, result = _run(script)
    assert result == 0
    assert seen["menu"].splitlines()[0].startswith(" ✓  1. The goal and the set-up")
    assert "1 of 16 finished" in seen["header"]
    assert "last city only ends the voyage" in seen["explanation"]
    assert "See rules 3.7 and 5.1." in seen["explanation"]
    assert "try again" in seen["message"]
    assert seen["hint"].startswith("Hint: Treasures are worth points")
    assert seen["finished"]
    saved = json.loads((state_dir / "progress.json").read_text(encoding="utf-8"))
    assert saved["lessons"]["goal"]["done"] is True


def test_language_switch_undo_restart_and_lookup(state_dir: Path) -> None:
    seen: dict[str, object] = {}

    async def script(ui, send) -> None:
        tutor = ui.tutor
        await send("l", lambda: tutor.language == "fr")
        seen["header"] = "".join(t for _, t in ui._header())
        await send("\r", lambda: tutor.session is not None)
        session = tutor.session
        await send("\r\r1", lambda: session.answers == [0])
        seen["page"] = session.page_text(tutor.tr)
        await send("u", lambda: session.answers == [])
        seen["undone"] = ui._message_text()
        await send("?", lambda: ui.lookup_open)
        await send("3.4\r", lambda: ui.lookup_lines[0].startswith("3.4"))
        seen["lookup"] = list(ui.lookup_lines)
        await send("\x1b", lambda: not ui.lookup_open)
        await send("r", lambda: session.pause == "say")
        await send("l", lambda: tutor.language == "hu")
        seen["hu"] = session.page_text(tutor.tr)
        await send("\x03")                                            # Ctrl-C: leave

    _tutor, result = _run(script)
    assert result == 0
    assert "leçons guidées" in seen["header"] and "Français" in seen["header"]
    assert any("Votre choix" in line for line in seen["page"])
    assert "précédente" in seen["undone"]
    assert seen["lookup"][0].startswith("3.4")
    assert seen["hu"] and seen["hu"][0].startswith("Üdv a fedélzeten")
    saved = json.loads((state_dir / "progress.json").read_text(encoding="utf-8"))
    assert saved["language"] == "hu"


def test_ctrl_d_saves_a_lesson_in_progress_and_the_next_start_resumes(state_dir: Path) -> None:
    async def first(ui, send) -> None:
        session = ui.tutor.session
        await send("\r\r1", lambda: session.answers == [0])
        await send("\x04")                                            # Ctrl-D

    _run(first, lesson_id="goal")
    seen = {}

    async def second(ui, send) -> None:
        seen["message"] = ui._message_text()
        seen["selected"] = ui.menu_index
        await send("\r", lambda: ui.tutor.session is not None)
        seen["answers"] = ui.tutor.session.answers
        await send("q", lambda: ui.tutor.session is None)
        await send("q")

    _run(second)
    assert "resume" in seen["message"] and "The goal and the set-up" in seen["message"]
    assert seen["selected"] == 0 and seen["answers"] == [0]
