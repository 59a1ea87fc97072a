"""A lesson played with its accepted answers, as clean text (``--transcript``)."""

from __future__ import annotations

import textwrap

from ..engine.messages import N_
from ..i18n import Translator
from .render import render_entry
from .runner import Runner
from .schema import Lesson

WIDTH = 78


def _para(text: str, indent: str = "") -> list[str]:
    return textwrap.wrap(text, WIDTH, initial_indent=indent, subsequent_indent=indent) or [""]


def transcript(lesson: Lesson, tr: Translator) -> list[str]:
    """Every line a learner reads, answering each question with its first accepted answer."""
    runner = Runner(lesson)
    lines = [tr.gettext(lesson.title), "=" * len(tr.gettext(lesson.title)), ""]
    lines += [*_para(tr.gettext(lesson.summary)), ""]
    shown = 0

    def flush() -> None:
        nonlocal shown
        for entry in runner.log[shown:]:
            text = render_entry(entry, tr)
            if entry.kind == "event":
                lines.extend(textwrap.wrap(text, WIDTH, initial_indent="  · ",
                                           subsequent_indent="    "))
                continue
            if lines[-1].startswith(("  · ", "    ")) and lines[-1].strip():
                lines.append("")
            if entry.kind == "chosen":
                lines.extend(textwrap.wrap(text, WIDTH, initial_indent="  → ",
                                           subsequent_indent="    "))
                lines.append("")
            elif entry.kind == "prompt":
                lines.extend(textwrap.wrap(text, WIDTH, initial_indent="? ",
                                           subsequent_indent="  "))
            else:
                lines.extend(_para(text))
                lines.append("")
        shown = len(runner.log)

    while True:
        flush()
        if runner.pause == "say":
            runner.proceed()
        elif runner.pause == "prompt":
            params = runner.placeholders()
            step = runner.step
            assert step is not None
            for number, choice in enumerate(step.choices, start=1):
                lines.extend(textwrap.wrap(tr.format(choice.label, **params), WIDTH,
                                           initial_indent=f"  {number}. ",
                                           subsequent_indent="     "))
            runner.try_choice(runner.correct_indices()[0])
        else:
            break
    if lines[-1].strip():
        lines.append("")
    lines.append(tr.gettext(N_("End of the lesson.")))
    return lines
