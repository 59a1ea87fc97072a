"""`pip install .` builds the wheel in an isolated environment that holds only the
build-system requirements, and that build runs the program (the site, the lessons' first
screens): every run-time dependency must be among them, or the install fails."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _names(requirements: list[str]) -> set[str]:
    return {re.split(r"[<>=!~\[; ]", item, maxsplit=1)[0].lower().replace("_", "-")
            for item in requirements}


def test_the_wheel_is_built_with_every_run_time_dependency() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    needed = _names(project["project"]["dependencies"])
    present = _names(project["build-system"]["requires"])
    assert needed <= present, f"missing from [build-system] requires: {needed - present}"
