"""A lesson played with its accepted answers, as clean text (``--transcript``)."""

from __future__ import annotations

import textwrap
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..engine.messages import N_
from ..i18n import Translator
from .render import render_entry
from .runner import Entry, Runner
from .schema import Lesson, Step

WIDTH = 78


def _para(text: str, indent: str = "") -> list[str]:
    return textwrap.wrap(text, WIDTH, initial_indent=indent, subsequent_indent=indent) or [""]


@dataclass(frozen=True)
class Question:
    """A question met while playing a lesson through, just before it is answered."""

    step: Step
    params: dict[str, Any]
    answer: int


def walk_answered(lesson: Lesson) -> Iterator[Entry | Question]:
    """Play ``lesson`` through with its first accepted answers, yielding every log entry
    and each question (with its choices) before it is answered."""
    runner = Runner(lesson)
    shown = 0
    while True:
        yield from runner.log[shown:]
        shown = len(runner.log)
        if runner.pause == "say":
            runner.proceed()
        elif runner.pause == "prompt":
            assert runner.step is not None
            question = Question(runner.step, runner.placeholders(),
                                runner.correct_indices()[0])
            yield question
            runner.try_choice(question.answer)
        else:
            return


def transcript(lesson: Lesson, tr: Translator) -> list[str]:
    """Every line a learner reads, answering each question with its first accepted answer."""
    lines = [tr.gettext(lesson.title), "=" * len(tr.gettext(lesson.title)), ""]
    lines += [*_para(tr.gettext(lesson.summary)), ""]
    for item in walk_answered(lesson):
        if isinstance(item, Question):
            for number, choice in enumerate(item.step.choices, start=1):
                lines.extend(textwrap.wrap(tr.format(choice.label, **item.params), WIDTH,
                                           initial_indent=f"  {number}. ",
                                           subsequent_indent="     "))
            continue
        text = render_entry(item, tr)
        if item.kind == "event":
            lines.extend(textwrap.wrap(text, WIDTH, initial_indent="  · ",
                                       subsequent_indent="    "))
            continue
        if lines[-1].startswith(("  · ", "    ")) and lines[-1].strip():
            lines.append("")
        if item.kind == "chosen":
            lines.extend(textwrap.wrap(text, WIDTH, initial_indent="  → ",
                                       subsequent_indent="    "))
            lines.append("")
        elif item.kind == "prompt":
            lines.extend(textwrap.wrap(text, WIDTH, initial_indent="? ",
                                       subsequent_indent="  "))
        else:
            lines.extend(_para(text))
            lines.append("")
    if lines[-1].strip():
        lines.append("")
    lines.append(tr.gettext(N_("End of the lesson.")))
    return lines
