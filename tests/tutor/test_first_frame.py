"""The menu's first frame, drawn before prompt-toolkit is imported: the same screen the
app then draws, cell for cell (text, colours, bold, reverse); keys typed before the app
starts are neither echoed nor lost; the terminal is given back as it was."""

from __future__ import annotations

import fcntl
import os
import struct
import subprocess
import sys
import termios
from pathlib import Path

import pexpect
import pyte
import pytest
from app_screen import AppScreen
from screen import Terminal

from tutor.app import first_frame, screen_text
from tutor.app.main import make_tutor, run_app
from tutor.app.style import UI_STYLE
from tutor.i18n import Translator
from tutor.lessons.library import load_all
from tutor.lessons.progress import Progress

LESSONS = load_all()
IDS = [lesson.id for lesson in LESSONS]


def _cells(screen: pyte.Screen) -> list[list[tuple]]:
    return [[(cell.data, cell.fg, cell.bg, cell.bold, cell.italics, cell.underscore,
              cell.reverse) for cell in (screen.buffer[y][x] for x in range(screen.columns))]
            for y in range(screen.lines)]


def _progress(state_dir: Path, kind: str) -> Progress:
    path = state_dir / "progress.json"
    if kind == "damaged":
        state_dir.mkdir(parents=True, exist_ok=True)
        path.write_text("{ not json", encoding="utf-8")
    progress = Progress(path)
    if kind == "under way":
        # Finished lessons in green with their stars, one further down left half done:
        # the menu opens on it, scrolled, with an offer to resume.
        for lesson_id, stars in zip(IDS[:3], (3, 2, 1), strict=True):
            progress.record(lesson_id, [], done=True, stars=stars)
        progress.record(IDS[-2], ["1"], done=False)
    elif kind == "skipped ahead":
        progress.record(IDS[5], [], done=True, stars=3)  # done before its prerequisites
        progress.record(IDS[7], ["1"], done=False)
    return progress


def _frame_screen(rows_of_text, rows: int, cols: int) -> pyte.Screen:
    screen = pyte.Screen(cols, rows)
    pyte.Stream(screen).feed(first_frame.frame_text(rows_of_text))
    return screen


@pytest.mark.parametrize("kind", ["new", "under way", "skipped ahead", "damaged"])
@pytest.mark.parametrize(("rows", "cols"), [(24, 80), (20, 60), (40, 120), (16, 50)])
@pytest.mark.parametrize("language", ["en", "fr", "hu"])
def test_the_first_frame_is_the_apps_first_screen(state_dir: Path, language: str, rows: int,
                                                 cols: int, kind: str) -> None:
    tutor = make_tutor(LESSONS, Translator(language), explicit_language=True,
                       progress=_progress(state_dir, kind))
    drawn = screen_text.menu_rows(tutor, tutor.suggested(), screen_text.opening_message(tutor),
                                  cols, rows, colour=True)
    assert drawn is not None
    app = AppScreen(tutor, None, rows, cols)
    assert _cells(_frame_screen(drawn, rows, cols)) == _cells(app.screen), app.text()


def test_the_first_frame_has_no_colour_under_no_color(state_dir: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    tutor = make_tutor(LESSONS, Translator("en"), explicit_language=True,
                       progress=_progress(state_dir, "under way"))
    drawn = screen_text.menu_rows(tutor, tutor.suggested(), screen_text.opening_message(tutor),
                                  80, 24, colour=False)
    frame = _frame_screen(drawn, 24, 80)
    app = AppScreen(tutor, None, 24, 80)
    assert _cells(frame) == _cells(app.screen)
    assert {cell[1] for row in _cells(frame) for cell in row} == {"default"}
    assert "(in progress)" in "\n".join(frame.display)


def test_the_tip_to_do_earlier_lessons_first_is_only_for_lessons_not_finished(
        state_dir: Path) -> None:
    progress = _progress(state_dir, "skipped ahead")   # lesson 6 done, its prerequisite not
    tutor = make_tutor(LESSONS, Translator("en"), explicit_language=True, progress=progress)
    tip = "Tip: this lesson builds on earlier ones"

    def notes(index: int) -> str:
        return " ".join(t for _, t in screen_text.menu_notes(tutor, index, None, 200, False))

    assert tip not in notes(5) and tip in notes(4) and tip not in notes(0)


def test_a_screen_too_small_for_the_list_gets_no_first_frame(state_dir: Path) -> None:
    """Where the app has no room for even one lesson, there is no frame to draw ahead."""
    tutor = make_tutor(LESSONS, Translator("en"), explicit_language=True,
                       progress=_progress(state_dir, "new"))
    assert screen_text.menu_rows(tutor, 0, None, 80, 7, colour=True) is not None
    assert screen_text.menu_rows(tutor, 0, None, 80, 6, colour=True) is None
    assert "1. The goal" not in AppScreen(tutor, None, 6, 80).text()


def test_every_style_of_the_app_has_its_escape_sequence() -> None:
    for name in UI_STYLE:
        assert first_frame.sgr(f"class:{name}").startswith("\x1b[0")
    assert first_frame.sgr("class:header") == "\x1b[0;7;1m"
    assert first_frame.sgr("class:done class:colour.done") == "\x1b[0;1;32m"
    assert first_frame.sgr("class:event class:colour.event") == "\x1b[0;3;90m"
    with pytest.raises(ValueError):
        first_frame.sgr("bold")  # styles are class names only


def test_the_first_frame_needs_no_prompt_toolkit() -> None:
    """What the first frame imports stays light: prompt-toolkit is what it draws ahead of."""
    code = ("import sys; import tutor.app.first_frame, tutor.app.main, tutor.lessons.library; "
            "print(sorted(m for m in sys.modules if m.startswith(('prompt_toolkit', 'yaml'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


# --- The terminal around it ------------------------------------------------------------------

class _Tty:
    """A pseudo-terminal in this process, standing in for stdin and stdout."""

    def __init__(self, rows: int = 24, cols: int = 80) -> None:
        self.master, self.slave = os.openpty()
        fcntl.ioctl(self.slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        self.stream = open(self.slave, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
        self.before = termios.tcgetattr(self.slave)

    def written(self) -> str:
        os.set_blocking(self.master, False)
        chunks = []
        try:
            while data := os.read(self.master, 65536):
                chunks.append(data)
        except BlockingIOError:
            pass
        return b"".join(chunks).decode("utf-8")

    def close(self) -> None:
        self.stream.close()
        os.close(self.slave)
        os.close(self.master)


@pytest.fixture
def tty(monkeypatch: pytest.MonkeyPatch):
    """The terminal as stdin and stdout. (Set in the test itself: pytest puts its own
    stdout back between a fixture and the test.)"""
    terminal = _Tty()
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.delenv("PROMPT_TOOLKIT_COLOR_DEPTH", raising=False)
    reader = open(terminal.slave, encoding="utf-8", closefd=False)  # noqa: SIM115

    def install() -> None:
        monkeypatch.setattr(sys, "stdin", reader)
        monkeypatch.setattr(sys, "stdout", terminal.stream)

    terminal.install = install
    yield terminal
    reader.close()
    terminal.close()


def test_the_frame_stops_the_echo_until_it_is_closed(tty: _Tty, state_dir: Path) -> None:
    tty.install()
    tutor = make_tutor(LESSONS, Translator("en"), explicit_language=True)
    frame = first_frame.FirstFrame()
    assert frame.draw(tutor, 0, None)
    quiet = termios.tcgetattr(tty.slave)
    assert not quiet[3] & termios.ECHO and not quiet[3] & termios.ICANON
    assert quiet[3] & termios.ISIG  # Ctrl-C still interrupts
    assert "guided lessons" in tty.written()
    frame.close(app_started=False)
    assert termios.tcgetattr(tty.slave) == tty.before
    assert tty.written().endswith("\x1b[?1049l\x1b[?25h")  # back on the normal screen


@pytest.mark.parametrize("failure", [KeyboardInterrupt, EOFError])
def test_ctrl_c_before_the_app_starts_gives_the_terminal_back(
        tty: _Tty, state_dir: Path, monkeypatch: pytest.MonkeyPatch,
        failure: type[BaseException]) -> None:
    def interrupted(*args, **kwargs):
        raise failure

    monkeypatch.setattr("tutor.app.main.create_app", interrupted)
    tty.install()
    # Ctrl-C ends every command with 130; the end of the input is a plain quit.
    assert run_app(LESSONS, Translator("en"), explicit_language=True) == (
        130 if failure is KeyboardInterrupt else 0)
    written = tty.written()
    assert "guided lessons" in written and written.endswith("\x1b[?1049l\x1b[?25h")
    assert termios.tcgetattr(tty.slave) == tty.before


def test_no_frame_where_the_app_would_not_draw_in_colour_words(
        tty: _Tty, state_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tty.install()
    tutor = make_tutor(LESSONS, Translator("en"), explicit_language=True)
    for name, value in [("TERM", "dumb"), ("PROMPT_TOOLKIT_COLOR_DEPTH", "DEPTH_1_BIT")]:
        with monkeypatch.context() as env:
            env.setenv(name, value)
            assert not first_frame.FirstFrame().draw(tutor, 0, None)
    assert tty.written() == ""
    assert termios.tcgetattr(tty.slave) == tty.before


def test_keys_typed_before_the_app_starts_are_not_lost(state_dir: Path) -> None:
    """The real program: lesson 3 picked and opened the moment the menu shows, before the
    app has started; the keys are not echoed over the frame (what follows it is the app's
    drawing, not a "3")."""
    term = Terminal(["tutor"], state_dir)
    try:
        term.child.expect(rb"q quit *\x1b\[0m")   # the end of the first frame
        term.child.send("3\r")
        term.child.expect(b"The passengers")
        assert term.child.before.startswith(b"\x1b"), term.child.before[:40]
        term.send("qq")
        term.child.expect(pexpect.EOF)
    finally:
        term.close()


def test_the_shell_gets_its_echo_back(state_dir: Path) -> None:
    env = {**os.environ, "CELESTIA_STATE_DIR": str(state_dir), "TERM": "xterm",
           "CELESTIA_LANG": "en"}
    child = pexpect.spawn("sh", ["-c", f"'{sys.executable}' -m tutor tutor; stty -a"],
                          env=env, dimensions=(24, 80), encoding="utf-8", timeout=10)
    try:
        child.expect("guided lessons")
        child.send("q")
        child.expect(pexpect.EOF)
        settings = child.before.split()
    finally:
        child.close()
    assert "echo" in settings and "icanon" in settings and "icrnl" in settings
