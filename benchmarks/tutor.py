"""Tutor benchmark: time to the first screen of `celestia tutor` in a pseudo-terminal,
the controller's latency per step (open a lesson, continue, answer), and what the course
asks of the learner.

    python benchmarks/tutor.py [--runs N]

Prints figures; the target for the first screen is 250 ms. The last line reads
``lessons: <L> lessons, <M> learner moves, <Q> questions, <G> goals``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def _cpu() -> float:
    """CPU seconds used so far by this script's finished children (user and system)."""
    import resource

    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def first_screen(runs: int) -> tuple[list[float], list[float], list[float], list[float],
                                     list[float]]:
    """Times to the tutor's first screen, and of a bare ``python -c pass`` beside each;
    the time until the app answers a key typed the moment the menu shows (the first screen
    is drawn before prompt-toolkit is imported); then the CPU time of each (a whole run:
    start, first screen, quit), which other work on a busy machine inflates less than the
    time on the clock."""
    import pexpect

    from tutor.lessons.library import load_all

    # The selection moving down shows the second lesson's summary under the list.
    second = " ".join(load_all()[1].summary.split()[:3])
    times: list[float] = []
    answered: list[float] = []
    bare: list[float] = []
    cpu: list[float] = []
    bare_cpu: list[float] = []
    with tempfile.TemporaryDirectory() as state:
        # Bytecode is written and read as an installed package has it (an environment may
        # forbid it); the first, untimed run writes it.
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env.update({"CELESTIA_STATE_DIR": state, "TERM": "xterm", "CELESTIA_LANG": "en"})
        for run in range(runs + 1):
            # The bare interpreter, right before: how fast this machine is at this moment.
            started, used = time.perf_counter(), _cpu()
            subprocess.run([sys.executable, "-c", "pass"], env=env, check=True)
            if run:
                bare.append(time.perf_counter() - started)
                bare_cpu.append(_cpu() - used)
            started, used = time.perf_counter(), _cpu()
            child = pexpect.spawn(sys.executable, ["-m", "tutor", "tutor"], env=env,
                                  dimensions=(24, 80), encoding="utf-8", timeout=20, cwd=ROOT)
            child.delaybeforesend = None  # a key goes the moment the menu shows
            child.expect("guided lessons")
            if run:
                times.append(time.perf_counter() - started)
            child.send("j")
            _wait_for_screen(child, second)
            if run:
                answered.append(time.perf_counter() - started)
            child.send("q")
            child.expect(pexpect.EOF)
            child.close()
            if run:
                cpu.append(_cpu() - used)
    return times, bare, answered, cpu, bare_cpu


def _wait_for_screen(child, words: str) -> None:
    """Read the program's output onto a terminal emulator until ``words`` show: the app
    redraws only what changed, so the words need not come whole in the output."""
    import pexpect
    import pyte

    screen = pyte.Screen(80, 24)
    stream = pyte.Stream(screen)
    stream.feed(child.before + child.after)
    while words not in " ".join(" ".join(screen.display).split()):
        try:
            stream.feed(child.read_nonblocking(65536, timeout=20))
        except pexpect.TIMEOUT:
            raise SystemExit(f"{words!r} never showed") from None


def step_latency() -> tuple[list[float], list[float]]:
    from tutor.i18n import Translator
    from tutor.lessons.controller import Session
    from tutor.lessons.library import load_all
    from tutor.lessons.runner import first_answer

    tr = Translator("fr")
    opens, steps = [], []
    for lesson in load_all():
        started = time.perf_counter()
        session = Session(lesson)
        session.page_text(tr)
        opens.append(time.perf_counter() - started)
        solutions: dict[str, list[str]] = {}
        while not session.finished:
            started = time.perf_counter()
            if session.pause == "say":
                session.proceed()
            else:
                session.answer(first_answer(session.active, solutions=solutions))
            session.page_text(tr)
            session.choice_labels(tr)
            steps.append(time.perf_counter() - started)
    return opens, steps


def course() -> str:
    from tutor.lessons.library import lesson_counts, load_all

    lessons = load_all()
    moves = questions = goals = 0
    for lesson in lessons:
        counts = lesson_counts(lesson)
        moves, questions, goals = (moves + counts.moves, questions + counts.questions,
                                   goals + counts.goals)
    return (f"lessons: {len(lessons)} lessons, {moves} learner moves, {questions} questions, "
            f"{goals} goals")


def ms(values: list[float]) -> str:
    return (f"median {statistics.median(values) * 1000:.1f} ms, "
            f"max {max(values) * 1000:.1f} ms over {len(values)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    screens, bare, answered, cpu, bare_cpu = first_screen(args.runs)
    print(f"first screen of `celestia tutor` (pty, 80x24): {ms(screens)} (target 250 ms)")
    print(f"bare `python -c pass` beside it:             {ms(bare)}")
    print(f"a key typed at the first screen, answered:   {ms(answered)}")
    print(f"CPU time, tutor run to its first screen and out: {ms(cpu)}")
    print(f"CPU time, bare `python -c pass`:                 {ms(bare_cpu)}")
    opens, steps = step_latency()
    print(f"controller, open a lesson:  {ms(opens)}")
    print(f"controller, one step:       {ms(steps)}")
    print(course())


if __name__ == "__main__":
    main()
