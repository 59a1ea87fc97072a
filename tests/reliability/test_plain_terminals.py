"""`PYTHONUTF8=0 LC_ALL=C`: every command writes what the terminal can take."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tutor.terminal_text import plain

COMMANDS = [
    ["rules", "--lang", "hu"],
    ["rules", "3.4", "--lang", "fr"],
    ["glossary", "--lang", "fr"],
    ["glossary", "távcső", "--lang", "hu"],
    ["faq", "kodkurt", "--lang", "hu"],
    ["tutor", "--lesson", "passengers", "--transcript", "--lang", "hu"],
    ["tutor", "--list", "--lang", "fr"],
    ["odds", "--dice", "fog,pirates", "--city", "4", "--hand", "compass", "--lang", "hu"],
    ["score", "--player", "Ádám:25,20", "--player", "Őz:4", "--lang", "hu"],
    ["play", "--batch", "--seed", "3", "--name", "Zoé", "--lang", "fr"],
    ["simulate", "--games", "3", "--lang", "hu"],
    ["replay", "/nonexistent/é.json", "--lang", "fr"],
    ["--help", "--lang", "hu"],
]


@pytest.mark.parametrize("argv", COMMANDS, ids=lambda a: " ".join(a[:2]))
def test_an_ascii_terminal_gets_plain_letters_not_an_error(argv: list[str],
                                                         tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONUTF8": "0", "LC_ALL": "C", "LANG": "C",
           "PYTHONIOENCODING": ""}
    env.pop("PYTHONIOENCODING")
    done = subprocess.run([sys.executable, "-m", "tutor", *argv], input=b"quit\n",
                          capture_output=True, env=env, cwd=tmp_path, timeout=120)
    output = done.stdout + done.stderr
    for ch in {c for arg in argv for c in arg if not c.isascii()}:
        output = output.replace(ch.encode("utf-8"), b"")  # typed bytes come back as typed
    text = output.decode("ascii", errors="strict")  # the rest is plain ASCII
    assert "Traceback" not in text and "UnicodeEncodeError" not in text
    assert done.returncode in (0, 1, 2), text[-2000:]
    assert text.strip()


def test_plain_letters_are_the_nearest_ones() -> None:
    assert "".join(plain(c) for c in "Ádám őz — «oui» ▲ ✓ œuf") == "Adam oz - <<oui>> ^ + oeuf"
    assert plain("\u202f") == " " and plain("漢") == "?"
