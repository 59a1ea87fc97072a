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
from ..lessons.library import load_all
from ..lessons.render import render_entry, rules_text
from ..lessons.runner import Entry
from ..lessons.summary import summary_text
from ..lessons.transcript import Question, walk_answered
from . import rst


def _events(lines: list[str]) -> str:
    return "\n".join(f"* {line}" for line in lines) + "\n"


def _question(question: Any, tr: Translator) -> list[str]:
    """The numbered choices of a decision, then why each wrong one is wrong."""
    if question.ask.kind == "goal":
        return []  # within a goal every legal move is open; the move taken is shown
    options = question.options
    labels = [rst.text(rst.squash(o.label.render(tr))) for o in options]
    out = ["\n".join(f"#. {label}" for label in labels) + "\n"]
    for option, label in zip(options, labels, strict=True):
        if option.correct or not option.why:
            continue
        # Rendered as the tutor renders a line: chances and points the reader's way
        # ("91,8 %"), cards and faces in the glossary's words.
        why = render_entry(Entry("why", option.why, question.params, option.context), tr)
        why = rst.text(rst.squash(why))
        if option.rules:
            why += " " + _rule_links(option.rules, tr)
        line = tr.format(N_("Why not “{choice}”? {why}"), choice="\x00", why="\x01")
        out.append(".. rst-class:: celestia-why\n\n"
                   + rst.text(line).replace("\x00", label).replace("\x01", why) + "\n")
    return out


def _rule_links(rule_ids: tuple[str, ...], tr: Translator) -> str:
    """The lesson's "See rule 3.4." as reST, each rule number a link to the rule."""
    tokens = [f"\x02{n}\x02" for n in range(len(rule_ids))]
    text = rst.text(rules_text(tuple(tokens), tr))
    for token, rule_id in zip(tokens, rule_ids, strict=True):
        text = text.replace(token, f":ref:`{rule_id} <rule-{rule_id}>`")
    return text


def render_lesson(lesson: Any, tr: Translator, depth: int) -> str:
    if lesson.genders:
        tr = tr.with_genders(lesson.genders)
    out = [rst.label(f"lesson-{lesson.id}"), rst.heading(tr.gettext(lesson.title), depth),
           rst.paragraph(summary_text(lesson, tr))]
    events: list[str] = []
    for item in walk_answered(lesson):
        if not isinstance(item, Question) and item.kind == "event":
            events.append(rst.text(rst.squash(render_entry(item, tr))))
            continue
        if events:
            out.append(_events(events))
            events = []
        if isinstance(item, Question):
            out.extend(_question(item, tr))
            continue
        plain = rst.squash(render_entry(item, tr))
        text = rst.text(plain)
        if item.kind in ("prompt", "goal"):
            out.append(f"**{text}**\n")
        elif item.kind == "chosen":
            out.append(f".. rst-class:: celestia-chosen\n\n{text}\n")
        else:
            out.append(rst.paragraph(plain))
    if events:
        out.append(_events(events))
    return "\n".join(out)


def render_lessons(tr: Translator, depth: int) -> str:
    """Every lesson, in the tutor's order."""
    return "\n".join(render_lesson(lesson, tr, depth) for lesson in load_all())
