"""The tutor's lessons as worked examples: each lesson replayed on the engine with its
accepted answers, as the tutor's ``--transcript`` does, and written out as reST.

The lesson runner (``tutor.lessons``) plays the lesson on the full engine; this module only
lays out what it narrates: the teacher's words, the engine's events, each question with
its numbered choices, the answer chosen, and why each other choice is wrong.
"""

from __future__ import annotations

from typing import Any

from ..engine.messages import N_
from ..i18n import Translator
from . import rst


def _events(lines: list[str]) -> str:
    return "\n".join(f"* {line}" for line in lines) + "\n"


def render_lesson(lesson: Any, tr: Translator, depth: int) -> str:
    from ..lessons.render import render_entry, rules_text
    from ..lessons.runner import Runner

    out = [rst.label(f"lesson-{lesson.id}"), rst.heading(tr.gettext(lesson.title), depth),
           rst.paragraph(tr.gettext(lesson.summary))]
    runner = Runner(lesson)
    shown = 0
    events: list[str] = []

    def flush() -> None:
        nonlocal shown, events
        for entry in runner.log[shown:]:
            plain = rst.squash(render_entry(entry, tr))
            text = rst.text(plain)
            if entry.kind == "event":
                events.append(text)
                continue
            if events:
                out.append(_events(events))
                events = []
            if entry.kind == "prompt":
                out.append(f"**{text}**\n")
            elif entry.kind == "chosen":
                out.append(f".. rst-class:: celestia-chosen\n\n{text}\n")
            else:
                out.append(rst.paragraph(plain))
        shown = len(runner.log)

    while True:
        flush()
        if runner.pause == "say":
            runner.proceed()
        elif runner.pause == "prompt":
            step = runner.step
            assert step is not None
            params = runner.placeholders()
            labels = [rst.text(rst.squash(tr.format(c.label, **params)))
                      for c in step.choices]
            out.append("\n".join(f"#. {label}" for label in labels) + "\n")
            correct = runner.correct_indices()[0]
            for choice, label in zip(step.choices, labels, strict=True):
                if choice.correct or not choice.why:
                    continue
                why = rst.squash(tr.format(choice.why, **params))
                if choice.rules:
                    why += " " + rules_text(choice.rules, tr)
                line = tr.format(N_("Why not “{choice}”? {why}"), choice="\x00",
                                 why=rst.text(why))
                out.append(".. rst-class:: celestia-why\n\n"
                           + line.replace("\x00", label) + "\n")
            runner.try_choice(correct)
        else:
            break
    if events:
        out.append(_events(events))
    return "\n".join(out)


def render_lessons(tr: Translator, depth: int) -> str:
    """Every lesson, in the tutor's order."""
    from ..lessons.library import load_all

    return "\n".join(render_lesson(lesson, tr, depth) for lesson in load_all())
