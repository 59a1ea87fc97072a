"""Packaging hook: the lessons live in ``scenarios/`` (outside the package, where lesson
authors find them); a built wheel carries a copy of them as ``tutor/scenarios``.
An editable install reads ``scenarios/`` in place and needs no copy."""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithLessons(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        source = Path(__file__).resolve().parent / "scenarios"
        target = Path(self.build_lib) / "tutor" / "scenarios"
        target.mkdir(parents=True, exist_ok=True)
        for lesson in sorted(source.glob("*.yaml")):
            shutil.copy2(lesson, target / lesson.name)


setup(cmdclass={"build_py": BuildWithLessons})
