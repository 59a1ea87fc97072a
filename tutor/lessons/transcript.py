"""A lesson played with its accepted answers, as clean text (``--transcript``)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..content.terminal import wrap
from ..engine.messages import N_
from ..i18n import Translator
from .render import render_entry
from .runner import Ask, Entry, Option, Runner, first_answer
from .schema import Lesson, Step

WIDTH = 78


def _para(text: str, indent: str = "") -> list[str]:
    return wrap(text, WIDTH, indent, indent) or [""]


@dataclass(frozen=True)
class Question:
    """A decision met while playing a lesson through, just before it is answered.

    ``options`` are in the file's order (a ``prompt``'s choices) or the engine's (moves);
    ``answer`` is the key of the option taken."""

    ask: Ask
    answer: str

    @property
    def step(self) -> Step:
        return self.ask.step

    @property
    def params(self) -> dict[str, Any]:
        return self.ask.params

    @property
    def options(self) -> tuple[Option, ...]:
        return self.ask.options


def walk_answered(lesson: Lesson, runner: Runner | None = None
                  ) -> Iterator[Entry | Question]:
    """Play ``lesson`` through with its first accepted answers (a goal with its solution),
    yielding every log entry and each decision (with its options) before it is taken;
    on ``runner`` if given (a new play of the lesson, in the file's order)."""
    runner = runner or Runner(lesson)
    solutions: dict[str, list[str]] = {}
    shown = 0
    while True:
        yield from runner.log[shown:]
        shown = len(runner.log)
        if runner.pause == "say":
            runner.proceed()
        elif runner.pause == "ask":
            assert runner.ask is not None
            question = Question(runner.ask, first_answer(runner, solutions=solutions))
            yield question
            runner.answer(question.answer)
        else:
            return


def transcript(lesson: Lesson, tr: Translator) -> list[str]:
    """Every line a learner reads, taking each decision's first accepted answer (choices
    in the file's order)."""
    if lesson.genders:
        tr = tr.with_genders(lesson.genders)
    lines = [tr.gettext(lesson.title), "=" * len(tr.gettext(lesson.title)), ""]
    lines += [*_para(tr.gettext(lesson.summary)), ""]
    after_events = False  # a blank line closes a run of events, not a list of choices
    for item in walk_answered(lesson):
        if isinstance(item, Question):
            for number, option in enumerate(item.options, start=1):
                lines.extend(wrap(option.label.render(tr), WIDTH, f"  {number}. ", "     "))
            after_events = False
            continue
        text = render_entry(item, tr)
        if item.kind == "event":
            lines.extend(wrap(text, WIDTH, "  · ", "    "))
            after_events = True
            continue
        if after_events:
            lines.append("")
            after_events = False
        if item.kind == "exercise":
            lines += [text, "-" * len(text), ""]
        elif item.kind == "chosen":
            lines.extend(wrap(text, WIDTH, "  → ", "    "))
            lines.append("")
        elif item.kind in ("prompt", "goal"):
            lines.extend(wrap(text, WIDTH, "? ", "  "))
        else:
            lines.extend(_para(text))
            lines.append("")
    if lines[-1].strip():
        lines.append("")
    lines.append(tr.gettext(N_("End of the lesson.")))
    return lines
