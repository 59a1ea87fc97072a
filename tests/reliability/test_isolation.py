"""No test writes the real user's files: every state file honours CELESTIA_STATE_DIR, and
the suite gives each test its own HOME and state folder (issue 15, data lost #1)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import REAL_ENVIRONMENT, real_user_folders, snapshot

from .helpers import run

#: What this module finds when it is imported (collected), before any fixture.
AT_IMPORT = {"HOME": os.environ.get("HOME"), "state": os.environ.get("CELESTIA_STATE_DIR")}


@pytest.fixture(scope="session")
def seen_by_a_session_fixture() -> dict[str, Any]:
    """What a session-wide fixture (such as the site's build, which reads the lessons)
    finds and writes: it is set up before any test's own folders exist."""
    from tutor.lessons import library

    real = real_user_folders()
    before = snapshot(real)
    library._cache_path().unlink(missing_ok=True)
    library.load_all()  # keeps the lessons' cache in the state folder
    return {"environment": dict(os.environ), "cache": library._cache_path(),
            "real_before": before, "real_after": snapshot(real)}


def test_each_test_has_its_own_home_and_state_folder(user_folders) -> None:
    assert os.environ["HOME"] == str(user_folders.home)
    assert os.environ["CELESTIA_STATE_DIR"] == str(user_folders.state)
    assert os.environ["HOME"] != REAL_ENVIRONMENT.get("HOME")
    for variable in ("XDG_STATE_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"):
        assert os.environ[variable].startswith(str(user_folders.home))


def test_session_fixtures_have_their_own_home_and_state_folder(
        seen_by_a_session_fixture: dict[str, Any], session_user_folders) -> None:
    seen = seen_by_a_session_fixture
    environment = seen["environment"]
    assert environment["HOME"] == str(session_user_folders.home)
    assert environment["CELESTIA_STATE_DIR"] == str(session_user_folders.state)
    assert environment["HOME"] != REAL_ENVIRONMENT.get("HOME")
    for variable in ("XDG_STATE_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"):
        assert environment[variable].startswith(str(session_user_folders.home))
    assert seen["cache"].is_file()
    # Test modules are imported with the session's folders too (some read the lessons
    # at import time).
    assert {"HOME": str(session_user_folders.home),
                         "state": str(session_user_folders.state)} == AT_IMPORT
    assert seen["cache"].is_relative_to(session_user_folders.state)
    assert seen["real_after"] == seen["real_before"]


def test_every_state_file_lands_in_the_state_folder_and_nowhere_else(
        user_folders, tmp_path: Path, monkeypatch) -> None:
    real = real_user_folders()
    before = snapshot(real)
    monkeypatch.chdir(tmp_path)
    # A practice game (no --save), a tutor's progress, an interrupted score sheet, and a
    # crash report: everything Celestia writes on its own.
    assert run("play", "--batch", "--seed", "3", stdin="1\n").code == 1
    from tutor.lessons.progress import Progress

    Progress().record("goal", [0], False)
    import tutor.commands.score as score

    def ask(question: str, default: str) -> str:
        answers = ask.__dict__.setdefault("left", ["Ann", "25", "0"])
        if not answers:
            raise KeyboardInterrupt
        return answers.pop(0)

    monkeypatch.setattr(score, "_prompt", lambda: ask)
    assert run("score").code == 130   # Ctrl-C
    # In a child process too, with nothing but HOME and the state folder set.
    env = {"PATH": os.environ["PATH"], "HOME": str(user_folders.home),
           "CELESTIA_STATE_DIR": str(user_folders.state)}
    child = subprocess.run([sys.executable, "-m", "tutor", "play", "--batch", "--new",
                            "--seed", "4"], input="quit\n", text=True, capture_output=True,
                           env=env, cwd=tmp_path, timeout=120)
    assert child.returncode == 1, child.stderr
    names = sorted(p.name for p in user_folders.state.iterdir())
    assert "practice-game.json" in names and "progress.json" in names
    assert any(n.startswith("score-sheet-") for n in names)
    assert any(n.startswith("practice-game-") for n in names)   # kept by --new
    assert list(tmp_path.iterdir()) == []                       # nothing in the folder
    assert not any(user_folders.home.iterdir())                 # nor in HOME
    assert snapshot(real) == before
