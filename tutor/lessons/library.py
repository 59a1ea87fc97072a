"""The lesson library: finding, loading and checking every lesson in ``scenarios/``."""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterator
from pathlib import Path

from ..engine.messages import N_, CelestiaError
from .errors import LessonError
from .runner import Runner
from .schema import Lesson, load_lesson

ROOT = Path(__file__).resolve().parents[2]
#: Where a built (non-editable) install carries its copy of the lessons (see setup.py).
PACKAGED = Path(__file__).resolve().parents[1] / "scenarios"
#: Compiled catalogs are checked for every lesson text in these languages.
TRANSLATED = ("fr", "hu")
DOMAIN = "lessons"


def scenarios_dir() -> Path:
    """Where the lessons are: ``CELESTIA_SCENARIOS`` if set, else the copy an installed
    package carries, else ``scenarios/`` of the source tree."""
    if os.environ.get("CELESTIA_SCENARIOS"):
        return Path(os.environ["CELESTIA_SCENARIOS"])
    return PACKAGED if PACKAGED.is_dir() else ROOT / "scenarios"


def lesson_files(folder: Path | None = None) -> list[Path]:
    """Lesson files in menu order (their names start with a number: ``03-passengers``)."""
    folder = folder or scenarios_dir()
    return sorted(p for p in folder.glob("*.yaml") if p.is_file())


def load_all(folder: Path | None = None) -> list[Lesson]:
    """Every lesson, checked for unique ids and for prerequisites that come earlier."""
    lessons: list[Lesson] = []
    seen: dict[str, Lesson] = {}
    for path in lesson_files(folder):
        lesson = load_lesson(path)
        if lesson.id in seen:
            raise LessonError(N_('{file}, line {line}: the id "{id}" is already used by '
                                 "{other}."), file=path.name, line=lesson.lines["id"],
                              id=lesson.id, other=Path(seen[lesson.id].path).name)
        for needed in lesson.prerequisites:
            if needed not in seen:
                raise LessonError(N_('{file}, line {line}: the prerequisite "{id}" is not a '
                                     "lesson that comes before this one."), file=path.name,
                                  line=lesson.lines.get("prerequisites", 1), id=needed)
        seen[lesson.id] = lesson
        lessons.append(lesson)
    if not lessons:
        raise LessonError(N_("{file}, line {line}: no lesson files were found there."),
                          file=str(folder or scenarios_dir()), line=0)
    return lessons


def find_lesson(lessons: list[Lesson], lesson_id: str) -> Lesson:
    for lesson in lessons:
        if lesson.id == lesson_id:
            return lesson
    raise LessonError(N_('{file}, line {line}: there is no lesson "{id}"; the lessons are: '
                         "{ids}."), file=scenarios_dir().name, line=0, id=lesson_id,
                      ids=", ".join(lesson.id for lesson in lessons))


def answer_paths(lesson: Lesson) -> Iterator[dict[int, int]]:
    """Ways through a lesson: the first accepted answers, and each other accepted answer.

    Yields, for each variant, question number → choice index overrides.
    """
    yield {}
    number = 0
    for step in lesson.steps:
        if step.kind != "prompt":
            continue
        correct = [i for i, c in enumerate(step.choices) if c.correct]
        for other in correct[1:]:
            yield {number: other}
        number += 1


def play_through(lesson: Lesson, overrides: dict[int, int] | None = None) -> Runner:
    """Play the whole lesson with accepted answers (and try every wrong one on the way)."""
    overrides = overrides or {}
    runner = Runner(lesson)
    question = 0
    while runner.pause != "end":
        if runner.pause == "say":
            runner.proceed()
            continue
        step = runner.step
        assert step is not None
        for i, choice in enumerate(step.choices):
            if not choice.correct:
                runner.try_choice(i)  # must leave the position unchanged
        runner.try_choice(overrides.get(question, runner.correct_indices()[0]))
        question += 1
    return runner


def missing_translations(lesson: Lesson) -> list[tuple[str, int, str]]:
    """(language, line, text) of every lesson text absent from a compiled catalog."""
    from ..i18n import LOCALE_DIR

    missing = []
    for language in TRANSLATED:
        path = LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.mo"
        try:
            with path.open("rb") as handle:
                messages = gettext.GNUTranslations(handle)._catalog  # type: ignore[attr-defined]
        except OSError:
            messages = {}
        for line, text in lesson.texts():
            if not messages.get(text):
                missing.append((language, line, text))
    return missing


def check_lesson(lesson: Lesson) -> None:
    """Raise ``LessonError`` if the lesson does not play through or lacks translations."""
    for overrides in answer_paths(lesson):
        play_through(lesson, overrides)
    from ..i18n import LANGUAGES, Translator
    from .transcript import transcript

    for language in LANGUAGES:  # every text renders in every language
        transcript(lesson, Translator(language))
    missing = missing_translations(lesson)
    if missing:
        language, line, text = missing[0]
        raise LessonError(N_('{file}, line {line}: the {language} catalog has no translation '
                             'of "{text}" ({count} missing in all).'),
                          file=Path(lesson.path).name, line=line, language=language,
                          text=text[:60], count=len(missing))


def check_all(folder: Path | None = None) -> tuple[list[Lesson], list[CelestiaError]]:
    """Load and check every lesson; return the lessons and the errors found (one per file)."""
    errors: list[CelestiaError] = []
    lessons: list[Lesson] = []
    try:
        lessons = load_all(folder)
    except LessonError as err:
        return [], [err]
    for lesson in lessons:
        try:
            check_lesson(lesson)
        except LessonError as err:
            errors.append(err)
    return lessons, errors
