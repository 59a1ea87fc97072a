"""Packaging hook. A built wheel carries:

- a copy of the lessons, which live in ``scenarios/`` (outside the package, where lesson
  authors find them), as ``tutor/scenarios``;
- the rulebook website built in English, French and Hungarian, as ``tutor/site/published``,
  so that ``celestia docs --serve`` works after a plain ``pip install`` with no source tree.

An editable install reads ``scenarios/`` in place and builds the site on demand
(``celestia docs``), so it needs neither copy.
"""

import os
import shutil
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


class BuildWithLessonsAndSite(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        target = Path(self.build_lib) / "tutor" / "scenarios"
        target.mkdir(parents=True, exist_ok=True)
        for lesson in sorted((ROOT / "scenarios").glob("*.yaml")):
            shutil.copy2(lesson, target / lesson.name)
        self.build_site(Path(self.build_lib) / "tutor" / "site" / "published")

    def build_site(self, target: Path) -> None:
        # The site is built from this source tree with the build's own Python, which has
        # Sphinx and Furo (pyproject.toml's build requirements).
        sys.path.insert(0, str(ROOT))
        from tutor.site.build import build

        if target.exists():
            shutil.rmtree(target)
        # A site already built from this very tree (the test session's) is copied as it is.
        prebuilt = os.environ.get("CELESTIA_PREBUILT_SITE")
        if prebuilt and (Path(prebuilt) / "index.html").is_file():
            shutil.copytree(prebuilt, target)
            return
        build(target, strict=True)


setup(cmdclass={"build_py": BuildWithLessonsAndSite})
