"""Every test runs with a temporary HOME and state directory: no test ever reads or
writes the real user's files (progress, saved games, score sheets).

The session also looks, when it ends, whether the real user's Celestia folders or the
project's working tree changed, and warns if they did.

``pytest -m fuzz`` runs the deeper fuzzers (see ``tests/reliability``); without ``-m``
they are left out.
"""

from __future__ import annotations

import os
import subprocess
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import settings

# Property tests judge what the code does, never how fast: a busy CI machine must not
# turn a slow example into a failure (speed is measured in benchmarks/).
settings.register_profile("celestia", deadline=None)
settings.load_profile("celestia")

ROOT = Path(__file__).resolve().parents[1]
#: The environment before any test changed it: where the real user's files are.
REAL_ENVIRONMENT = dict(os.environ)


@dataclass(frozen=True)
class UserFolders:
    """The temporary folders that stand for the user's own."""

    root: Path
    home: Path
    state: Path


def real_user_folders() -> list[Path]:
    """The folders where Celestia would keep the real user's files."""
    import platformdirs

    saved = dict(os.environ)
    try:
        os.environ.clear()
        os.environ.update(REAL_ENVIRONMENT)
        os.environ.pop("CELESTIA_STATE_DIR", None)
        folders = {Path(platformdirs.user_state_dir("celestia")),
                   Path(platformdirs.user_config_dir("celestia")),
                   Path(platformdirs.user_data_dir("celestia")),
                   Path(platformdirs.user_cache_dir("celestia"))}
        if REAL_ENVIRONMENT.get("CELESTIA_STATE_DIR"):
            folders.add(Path(REAL_ENVIRONMENT["CELESTIA_STATE_DIR"]))
    finally:
        os.environ.clear()
        os.environ.update(saved)
    return sorted(folders)


def snapshot(folders: list[Path]) -> dict[str, tuple[int, int]]:
    """Every file under ``folders``: its size and modification time."""
    seen: dict[str, tuple[int, int]] = {}
    for folder in folders:
        if not folder.exists():
            continue
        for path in [folder, *folder.rglob("*")]:
            try:
                info = path.lstat()
            except OSError:
                continue
            seen[str(path)] = (info.st_size, info.st_mtime_ns)
    return seen


def _git_status() -> set[str] | None:
    try:
        done = subprocess.run(["git", "status", "--porcelain", "--untracked-files=all"],
                              cwd=ROOT, capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return None
    return set(done.stdout.splitlines()) if done.returncode == 0 else None


@pytest.fixture(scope="session", autouse=True)
def _nothing_written_outside() -> Iterator[None]:
    """After the whole session, a warning if the working tree or the real user's Celestia
    folders changed (something else may have changed them: ``test_isolation.py`` is the
    proof that the tests do not)."""
    folders = real_user_folders()
    before = snapshot(folders)
    status = _git_status()
    yield
    after = snapshot(folders)
    changed = sorted({path for path, _ in set(before.items()) ^ set(after.items())})
    if changed:
        # A warning, not a failure: the real user (or another program) may use Celestia
        # while the tests run; test_isolation.py proves the tests themselves do not.
        warnings.warn(f"the real user's Celestia files changed during the tests: "
                      f"{changed[:5]}", stacklevel=1)
    now = _git_status()
    if status is not None and now is not None and now - status:
        warnings.warn(f"the working tree changed during the tests (by a test, or by an "
                      f"editor): {sorted(now - status)[:5]}", stacklevel=1)


def _isolate(root: Path, monkeypatch: pytest.MonkeyPatch) -> UserFolders:
    """Point HOME, the XDG folders and ``CELESTIA_STATE_DIR`` into ``root``."""
    home = root / "home"
    state = root / "state"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    for variable, name in (("XDG_STATE_HOME", ".local/state"), ("XDG_CONFIG_HOME", ".config"),
                           ("XDG_DATA_HOME", ".local/share"), ("XDG_CACHE_HOME", ".cache")):
        monkeypatch.setenv(variable, str(home / name))
    monkeypatch.setenv("CELESTIA_STATE_DIR", str(state))
    return UserFolders(root, home, state)


#: The session's own user folders (``pytest_configure``), and how to undo them.
_SESSION: dict[str, object] = {}


def _isolate_the_session() -> None:
    """From the start of the session — before test modules are imported, which may read
    the lessons (and keep their cache in the state folder) at import time, and before any
    session fixture, such as the site built once — HOME and the state folder are the
    session's own. Each test then gets folders of its own (``user_folders``)."""
    import tempfile

    monkeypatch = pytest.MonkeyPatch()
    root = Path(tempfile.mkdtemp(prefix="celestia-session-"))
    _SESSION.update(folders=_isolate(root, monkeypatch), undo=monkeypatch.undo, root=root)


@pytest.fixture(scope="session")
def session_user_folders() -> UserFolders:
    """The folders every session-wide step (collection, session fixtures) writes in."""
    folders = _SESSION["folders"]
    assert isinstance(folders, UserFolders)
    return folders


@pytest.fixture(autouse=True)
def user_folders(tmp_path_factory: pytest.TempPathFactory,
                 monkeypatch: pytest.MonkeyPatch) -> UserFolders:
    """HOME, the XDG folders and ``CELESTIA_STATE_DIR`` point into a fresh folder."""
    return _isolate(tmp_path_factory.mktemp("user"), monkeypatch)


def pytest_configure(config: pytest.Config) -> None:
    _isolate_the_session()
    # A translation that cannot be filled is an error here, where the program would show
    # the English instead: tests that check that fallback switch it off.
    import tutor.i18n

    tutor.i18n.STRICT = True
    config.addinivalue_line(
        "markers", "fuzz: a deep fuzzing run for before a release (pytest -m fuzz)")


def pytest_unconfigure(config: pytest.Config) -> None:
    import shutil

    undo = _SESSION.pop("undo", None)
    if callable(undo):
        undo()
    root = _SESSION.pop("root", None)
    if isinstance(root, Path):
        shutil.rmtree(root, ignore_errors=True)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Leave the deep fuzzers out unless ``-m`` chooses tests."""
    if config.getoption("markexpr", ""):
        return
    kept, left = [], []
    for item in items:
        (left if item.get_closest_marker("fuzz") else kept).append(item)
    if left:
        config.hook.pytest_deselected(items=left)
        items[:] = kept
