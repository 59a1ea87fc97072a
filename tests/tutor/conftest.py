"""Shared fixtures for the tutor's tests: a private state directory for progress."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def state_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Progress goes to a fresh folder, never to the real user's state directory."""
    folder = tmp_path / "state"
    monkeypatch.setenv("CELESTIA_STATE_DIR", str(folder))
    monkeypatch.delenv("NO_COLOR", raising=False)
    return folder


# The tests of this folder share a few helpers (``lessons_play``): make them importable.
sys.path.insert(0, str(Path(__file__).resolve().parent))
