"""Wall time of a clean build of the rulebook site in English, French and Hungarian, and
the size of what it publishes.

    python benchmarks/docs.py [--runs N]

Each run builds into a new empty folder (no Sphinx environment to reuse), exactly as
``celestia docs --strict`` does, and the script prints every run's time and the median,
then the published folder's size: in all, per language, the search index, the heaviest
page, and what a phone downloads to open one rule page (HTML, CSS, scripts).
Target: 40 s or less on a 2-core machine.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.i18n import LANGUAGES
from tutor.site.build import build


def kilobytes(size: int) -> str:
    return f"{size / 1024:.0f} KB"


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def page_weight(page: Path) -> int:
    """The page and the local styles and scripts it loads."""
    text = page.read_text(encoding="utf-8")
    total = page.stat().st_size
    for link in re.findall(r'(?:href|src)="(_static/[^"?]+)', text):
        total += (page.parent / link).stat().st_size
    return total


def report(site: Path) -> None:
    print(f"published folder: {kilobytes(folder_size(site))} in "
          f"{sum(1 for p in site.rglob('*') if p.is_file())} files")
    for language in LANGUAGES:
        folder = site / language
        pages = [p for p in folder.glob("*.html")]
        heaviest = max(pages, key=lambda p: p.stat().st_size)
        index = folder / "searchindex-celestia.js"
        print(f"  {language}: {kilobytes(folder_size(folder))}, search index "
              f"{kilobytes(index.stat().st_size)}, heaviest page {heaviest.name} "
              f"{kilobytes(heaviest.stat().st_size)}, payment.html with its styles and "
              f"scripts {kilobytes(page_weight(folder / 'payment.html'))}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    times = []
    for run in range(1, args.runs + 1):
        with tempfile.TemporaryDirectory(prefix="celestia-site-") as folder:
            started = time.perf_counter()
            build(Path(folder), strict=True)
            times.append(time.perf_counter() - started)
            if run == args.runs:
                report(Path(folder))
        print(f"run {run}: {times[-1]:.2f} s")
    print(f"clean three-language build (en, fr, hu), median of {len(times)}: "
          f"{statistics.median(times):.2f} s on {os.cpu_count()} cores (target: <= 40 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
