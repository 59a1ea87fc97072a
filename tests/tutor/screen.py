"""A real pseudo-terminal running ``celestia``, read through a terminal emulator (pyte), so
that tests see the screen a person would see."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pexpect
import pyte


class Terminal:
    def __init__(self, args: list[str], state_dir: Path, rows: int = 24, cols: int = 80,
                 language: str = "en") -> None:
        env = {**os.environ, "CELESTIA_STATE_DIR": str(state_dir), "TERM": "xterm",
               "NO_COLOR": "1", "CELESTIA_LANG": language}
        self.child = pexpect.spawn(sys.executable, ["-m", "tutor", *args], env=env,
                                   dimensions=(rows, cols), timeout=10)
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)

    def pump(self, quiet: float = 0.2, limit: float = 10.0) -> None:
        """Read output until the program has been quiet for ``quiet`` seconds."""
        end = time.monotonic() + limit
        last = time.monotonic()
        while time.monotonic() < end:
            try:
                data = self.child.read_nonblocking(65536, timeout=0.05)
            except pexpect.TIMEOUT:
                if time.monotonic() - last > quiet:
                    return
                continue
            except pexpect.EOF:
                return
            self.stream.feed(data)
            last = time.monotonic()

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    def wait_for(self, words: str, limit: float = 10.0) -> str:
        end = time.monotonic() + limit
        while time.monotonic() < end:
            self.pump(quiet=0.05, limit=0.5)
            if words in self.text():
                return self.text()
        raise AssertionError(f"{words!r} never showed on the screen:\n{self.text()}")

    def flat(self) -> str:
        """The screen as one line of words (wrapped text joins up again)."""
        return " ".join(self.text().split())

    def wait_for_words(self, words: str, limit: float = 10.0) -> bool:
        end = time.monotonic() + limit
        while time.monotonic() < end:
            if words in self.flat():
                return True
            self.pump(quiet=0.05, limit=0.5)
        return words in self.flat()

    def wait_for_squashed(self, words: str, limit: float = 10.0) -> bool:
        """Whether ``words`` (without whitespace) show, wrapped anywhere on the screen."""
        end = time.monotonic() + limit
        while time.monotonic() < end:
            if words in "".join(self.text().split()):
                return True
            self.pump(quiet=0.05, limit=0.5)
        return words in "".join(self.text().split())

    def send(self, keys: str) -> None:
        self.child.send(keys)
        self.pump()

    def close(self) -> int | None:
        self.child.close(force=True)
        return self.child.exitstatus
