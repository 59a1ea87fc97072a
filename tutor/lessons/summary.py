"""A lesson's summary as the menu, the page and the transcript show it: it comes before any
position is played, so the numbers it may name are the game's own (``{beginner_cities}``,
``{end_score}``: the names of ``tutor.content.values.PLAIN``), filled from the engine's
data."""

from __future__ import annotations

import string

from ..content.values import PLAIN
from ..i18n import Translator
from .schema import Lesson


def summary_names(text: str) -> set[str]:
    """The values ``text`` names in braces."""
    return {field for _, field, _, _ in string.Formatter().parse(text) if field}


def unknown_names(text: str) -> list[str]:
    """The values a summary names that the game's data do not give, sorted."""
    return sorted(summary_names(text) - set(PLAIN))


def summary_text(lesson: Lesson, tr: Translator) -> str:
    """``lesson``'s summary in ``tr``'s language, its numbers the game's."""
    names = summary_names(lesson.summary)
    return tr.format(lesson.summary, **{name: PLAIN[name]() for name in names})
