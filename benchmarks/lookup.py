"""Time the command-line lookups as whole processes (start-up included), side by side
with a bare ``python -c pass`` of the same interpreter.

    python benchmarks/lookup.py [--runs N]

Runs each command N times, interleaved with the bare interpreter so that both see the
same load on the machine, after one warm-up run (it fills the OS file cache, compiles the
bytecode and writes the search tables, as any first run does). For each it prints the
median, fastest and slowest wall-clock time and the ratio of the medians to the bare
interpreter's, then the same for the CPU time the process used (user + system, from the
operating system's account of the finished child): on a busy machine the wall clock
also counts the time spent waiting for a core, the CPU time does not. Queries with a typo
("jetpak", "boussolle", "kodkurt mire jo") go through the typo fixer. Target:
``celestia faq`` within 3× of ``python -c pass``. ``celestia --help`` is timed too, without
a target: it imports every command's module, and shows that they stay cheap to import.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

COMMANDS = [
    ["faq", "jetpack", "--lang", "hu"],
    ["faq", "what happens when nobody can pay?"],
    ["faq", "jetpak"],
    ["faq", "boussolle", "--lang", "fr"],
    ["faq", "kodkurt mire jo", "--lang", "hu"],
    # A situation described at the table, and a rule named by its number (shown first).
    ["faq", "my friend left at city 4 and then the ship crashed, does he keep his loot?"],
    ["faq", "règle 3.5", "--lang", "fr"],
    ["rules", "3.4", "--lang", "fr"],
    # Not a lookup: the list of commands, which imports every command's module (their
    # imports inside functions say so); shown without a target.
    ["--help"],
]
TARGET_RATIO = 3.0
# Bytecode is written as an installed package has it (an environment may forbid it).
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
ENV["NO_COLOR"] = "1"


def launcher() -> list[str]:
    """The installed ``celestia`` script beside this Python, else ``python -m tutor``."""
    script = Path(sys.executable).with_name("celestia")
    if script.exists():
        return [str(script)]
    found = shutil.which("celestia")
    return [found] if found else [sys.executable, "-m", "tutor"]


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def time_once(argv: list[str]) -> tuple[float, float]:
    """Wall-clock and CPU milliseconds of one run of ``argv``."""
    cpu = _children_cpu()
    start = time.perf_counter()
    result = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            env=ENV, check=False)
    elapsed = (time.perf_counter() - start) * 1000
    if result.returncode != 0:
        sys.exit(f"{' '.join(argv)} failed ({result.returncode}): "
                 f"{result.stderr.decode(errors='replace')}")
    return elapsed, (_children_cpu() - cpu) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    base = launcher()
    bare = [sys.executable, "-c", "pass"]
    print(f"launcher: {' '.join(base)}; {args.runs} runs each; "
          f"target ≤ {TARGET_RATIO:.0f}× python -c pass")
    worst = {"wall": 0.0, "CPU": 0.0}
    for command in COMMANDS:
        argv = base + command
        time_once(argv)  # warm-up
        time_once(bare)
        runs: dict[str, list[float]] = {"wall": [], "CPU": []}
        bares: dict[str, list[float]] = {"wall": [], "CPU": []}
        for _ in range(args.runs):
            for store, line in ((bares, bare), (runs, argv)):
                wall, cpu = time_once(line)
                store["wall"].append(wall)
                store["CPU"].append(cpu)
        shown = " ".join(f'"{c}"' if " " in c else c for c in command)
        print(f"celestia {shown}")
        for kind in ("wall", "CPU"):
            median = statistics.median(runs[kind])
            reference = statistics.median(bares[kind])
            ratio = median / reference
            if command[0] == "faq":
                worst[kind] = max(worst[kind], ratio)
            verdict = ("ok" if ratio <= TARGET_RATIO else "SLOW") \
                if command[0] in ("faq", "rules") else "(no target)"
            print(f"  {kind:4} median {median:6.1f} ms  (min {min(runs[kind]):6.1f}, "
                  f"max {max(runs[kind]):6.1f}); python -c pass {reference:5.1f} ms; "
                  f"{ratio:.1f}×  {verdict}")
    print(f"lookup: celestia faq worst {worst['wall']:.1f}× wall, {worst['CPU']:.1f}× CPU "
          f"of python -c pass (target ≤ {TARGET_RATIO:.0f}×)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
