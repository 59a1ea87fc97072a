"""Time the command-line lookups as whole processes (start-up included).

    python benchmarks/lookup.py [--runs N]

Runs each command N times (after one warm-up run that fills the OS file cache) and prints
the median, the fastest and the slowest wall-clock time. Target: median ≤ 150 ms each.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

COMMANDS = [
    ["faq", "jetpack", "--lang", "hu"],
    ["rules", "3.4", "--lang", "fr"],
]
TARGET_MS = 150.0


def launcher() -> list[str]:
    """The installed ``celestia`` script beside this Python, else ``python -m tutor``."""
    script = Path(sys.executable).with_name("celestia")
    if script.exists():
        return [str(script)]
    found = shutil.which("celestia")
    return [found] if found else [sys.executable, "-m", "tutor"]


def time_once(argv: list[str]) -> float:
    env = dict(os.environ, NO_COLOR="1")
    start = time.perf_counter()
    result = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            env=env, check=False)
    elapsed = (time.perf_counter() - start) * 1000
    if result.returncode != 0:
        sys.exit(f"{' '.join(argv)} failed ({result.returncode}): "
                 f"{result.stderr.decode(errors='replace')}")
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    base = launcher()
    print(f"launcher: {' '.join(base)}; {args.runs} runs each; target ≤ {TARGET_MS:.0f} ms")
    worst = 0.0
    for command in COMMANDS:
        argv = base + command
        time_once(argv)  # warm-up
        times = [time_once(argv) for _ in range(args.runs)]
        median = statistics.median(times)
        worst = max(worst, median)
        verdict = "ok" if median <= TARGET_MS else "SLOW"
        print(f"celestia {' '.join(command):28} median {median:6.1f} ms  "
              f"(min {min(times):6.1f}, max {max(times):6.1f})  {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
