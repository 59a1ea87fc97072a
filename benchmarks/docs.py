"""Wall time of a clean build of the rulebook site in English, French and Hungarian.

    python benchmarks/docs.py [--runs N]

Each run builds into a new empty folder (no Sphinx environment to reuse), exactly as
``celestia docs --strict`` does, and the script prints every run's time and the median.
Target: 40 s or less on a 2-core machine.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.site.build import build


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
        print(f"run {run}: {times[-1]:.2f} s")
    print(f"clean three-language build (en, fr, hu), median of {len(times)}: "
          f"{statistics.median(times):.2f} s on {os.cpu_count()} cores (target: <= 40 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
