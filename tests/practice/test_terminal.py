"""`celestia play` in a real pseudo-terminal, read back as a screen (pyte) at 80×24 and
60×20: the coach's advice line is always on screen, ``m`` opens the rest, a window too
small says what it needs, q saves."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pexpect
import pyte
import pytest


class Terminal:
    """A child process in a pseudo-terminal and the screen it draws."""

    def __init__(self, argv: list[str], columns: int, rows: int, home: Path) -> None:
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.child = pexpect.spawn(sys.executable, ["-m", "tutor", *argv],
                                   dimensions=(rows, columns), timeout=30,
                                   env={"TERM": "xterm", "PATH": "/usr/bin:/bin",
                                        "NO_COLOR": "1", "HOME": str(home),
                                        "CELESTIA_STATE_DIR": str(home / "state")})

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def wait_for(self, *wanted: str, timeout: float = 30, changed_from: str = "") -> str:
        """Read the output until every string in ``wanted`` is on screen (and the screen
        is no longer ``changed_from``)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                self.stream.feed(self.child.read_nonblocking(65536, timeout=0.2))
            except pexpect.TIMEOUT:
                pass
            except pexpect.EOF:
                break
            text = self.text()
            if text != changed_from and all(w in text for w in wanted):
                return text
        raise AssertionError(f"not on screen: {wanted}\n{self.text()}")

    def send(self, keys: str) -> None:
        self.child.send(keys)

    def close(self) -> int | None:
        self.child.expect(pexpect.EOF)
        self.child.close()
        return self.child.exitstatus


def test_play_in_a_pseudo_terminal(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    term = Terminal(["play", "--seed", "3", "--bots", "2", "--save", str(save), "--lang", "en"],
                    100, 40, tmp_path)
    term.wait_for("Your decision:")
    term.send("1")
    term.send("q")
    assert term.close() == 1          # the game is not over: it can be resumed
    history = json.loads(save.read_text(encoding="utf-8"))["history"]
    assert any(actor == 0 for actor, _ in history)


@pytest.mark.parametrize(("columns", "rows"), [(80, 24), (60, 20)])
def test_the_advice_line_is_always_on_screen(tmp_path: Path, columns: int, rows: int) -> None:
    term = Terminal(["play", "--seed", "3", "--bots", "cautious,bold", "--coach", "--lang",
                     "en", "--save", str(tmp_path / "g.json")], columns, rows, tmp_path)
    screen = term.wait_for("Your hand:", "Coach:", "▸ m: more", "1. Pass",
                           "Play Ejection: Cirrus must leave the airship", "q: quit")
    assert "Your decision: play a Power card or pass." in screen
    # m opens all the coach says; any other key goes back to the game.
    term.send("m")
    # (The game screen may show that heading too: the view is known by its own keys.)
    term.wait_for("↑↓ scroll", "Points you can expect from the rest of the voyage:")
    term.send("x")
    screen = term.wait_for("Your decision:", "q: quit")
    # Play on for a few decisions: the advice line stays on screen at each.
    for _ in range(4):
        term.send("1")
        screen = term.wait_for("Coach:", "▸ m: more", "1. ", "q: quit", changed_from=screen)
        assert "Window too small" not in screen
    term.send("q")
    term.close()


def test_a_window_too_small_names_the_size_it_needs(tmp_path: Path) -> None:
    term = Terminal(["play", "--seed", "3", "--bots", "2", "--coach", "--lang", "en",
                     "--save", str(tmp_path / "g.json")], 50, 16, tmp_path)
    screen = term.wait_for("Window too small")
    flat = " ".join(screen.split())
    assert "needs at least 60×" in flat and "the window is 50×16" in flat
    term.send("1")                   # no move is played blind
    term.send("q")
    term.close()
    history = json.loads((tmp_path / "g.json").read_text(encoding="utf-8"))["history"]
    assert not any(actor == 0 for actor, _ in history)
