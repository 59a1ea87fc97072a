"""The lesson library: finding, loading and checking every lesson in ``scenarios/``."""

from __future__ import annotations

import contextlib
import gettext
import hashlib
import os
import pickle
import sys
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine.messages import N_, CelestiaError, excerpt
from ..i18n import LANGUAGES, LOCALE_DIR, Translator
from ..storage import open_regular, state_dir, write_atomic
from .errors import LessonError
from .schema import Lesson, Step

if TYPE_CHECKING:  # loading the lessons for the menu does not need the runner
    from .runner import Runner

ROOT = Path(__file__).resolve().parents[2]
#: Where a built (non-editable) install carries its copy of the lessons (see setup.py).
PACKAGED = Path(__file__).resolve().parents[1] / "scenarios"
#: Changed when a cached lesson could no longer be used by this code.
CACHE_FORMAT = 1
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
    """Every lesson, checked for unique ids and for prerequisites that come earlier.

    The lessons read are kept in the state folder's cache, keyed by their files and the
    lesson format's code, so that the tutor's menu comes without parsing YAML again."""
    files = lesson_files(folder)
    key = _cache_key(files)
    cached = _cached(key)
    if cached is not None:
        return cached
    lessons = _load_files(files, folder)
    _keep(key, lessons)
    return lessons


def _cache_path() -> Path:
    """Raises ImportError where the platform's folders cannot be known (in a web page,
    which has no ``platformdirs``): there is then no cache."""
    return state_dir() / "cache" / "lessons.pickle"


def _cache_key(files: list[Path]) -> str:
    """What the cache depends on: each lesson file, the code that reads lessons, Python."""
    here = Path(__file__).resolve().parent  # the code that reads lessons (not imported)
    parts = [sys.version, str(CACHE_FORMAT)]
    for path in [here / "schema.py", here / "reader.py", *files]:
        info = path.stat()
        parts.append(f"{path}|{info.st_mtime_ns}|{info.st_size}")
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def _cached(key: str) -> list[Lesson] | None:
    """The cached lessons for ``key``; None if there are none, or they cannot be used (a
    damaged or foreign cache is simply read again from the lesson files)."""
    try:
        with open_regular(_cache_path()) as handle:   # a state file: never a pipe waited on
            data = handle.read()
        found = pickle.loads(data)
        if isinstance(found, dict) and found.get("key") == key and isinstance(
                found.get("lessons"), list) and all(isinstance(x, Lesson)
                                                     for x in found["lessons"]):
            return found["lessons"]
    except Exception:
        return None
    return None


def _keep(key: str, lessons: list[Lesson]) -> None:
    # Without a cache the lessons are read from their files each time.
    with contextlib.suppress(ImportError, OSError, pickle.PicklingError):
        write_atomic(_cache_path(), pickle.dumps({"key": key, "lessons": lessons}),
                     private=True)


def _load_files(files: list[Path], folder: Path | None) -> list[Lesson]:
    # start-up: the tutor's first screen (benchmarks/tutor.py) comes from the cache,
    # without the reader and PyYAML
    from .reader import load_lesson

    lessons: list[Lesson] = []
    seen: dict[str, Lesson] = {}
    for path in files:
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

    # No file holds the mistake (it is in what was asked for): the folder is named instead.
    raise LessonError(N_('There is no lesson "{id}" in {file}; the lessons are: {ids}.'),
                      file=str(scenarios_dir()), line=0, id=excerpt(lesson_id),
                      ids=", ".join(lesson.id for lesson in lessons))


#: What the course must hold (issue "the tutor teaches by doing"): per lesson, learner
#: moves plus quiz questions; in all, learner moves.
MIN_DECISIONS_PER_LESSON = 3
MIN_MOVES_IN_COURSE = 60


@dataclass(frozen=True)
class Counts:
    """What a lesson asks of the learner: moves (answers that are moves, ``move`` steps,
    the moves of each goal's solution), quiz questions and goals."""

    moves: int = 0
    questions: int = 0
    goals: int = 0
    ideas: int = 0
    exercises: int = 0
    #: Found by playing the lesson through (``audit``): the learner's decisions, and the
    #: moves of the learner's seat the lesson made for them.
    decisions: int = 0
    automatic: int = 0

    def __add__(self, other: Counts) -> Counts:
        return Counts(self.moves + other.moves, self.questions + other.questions,
                      self.goals + other.goals, self.ideas + other.ideas,
                      self.exercises + other.exercises, self.decisions + other.decisions,
                      self.automatic + other.automatic)


def lesson_counts(lesson: Lesson) -> Counts:
    moves = questions = goals = 0
    for step in lesson.all_steps():
        if step.kind == "prompt":
            if step.choices[0].action is None:
                questions += 1
            else:
                moves += 1
        elif step.kind == "move":
            moves += 1
        elif step.kind == "goal":
            goals += 1
            moves += len(step.solution)
    exercises = sum(len(step.exercises) for step in lesson.steps)
    return Counts(moves, questions, goals, len(lesson.ideas), exercises)


def runner_at(lesson: Lesson, unit: str) -> Runner | None:
    """A play of the lesson (its accepted answers, the file's order) stopped where
    ``unit`` begins, ending when it is over: what the review asks again. None if the
    lesson has no such unit any more (it changed)."""
    # start-up: the tutor's first screen (benchmarks/tutor.py)
    from .runner import Runner, first_answer

    runner = Runner(lesson)
    if unit not in runner.units:
        return None
    solutions: dict[str, list[str]] = {}
    while runner.pause != "end":
        if runner.unit == unit:
            runner.stop_unit = unit
            return runner
        if runner.pause == "say":
            runner.proceed()
        else:
            runner.answer(first_answer(runner, solutions=solutions))
    return None


def answer_paths(lesson: Lesson) -> Iterator[dict[str, str]]:
    """Ways through a lesson: the first accepted answers, and each other accepted answer
    of a question (question key → option key)."""
    # start-up: the tutor's first screen (benchmarks/tutor.py)
    from .runner import Runner, first_answer

    yield {}
    runner = Runner(lesson)
    alternatives: list[tuple[str, str]] = []
    solutions: dict[str, list[str]] = {}
    while runner.pause != "end":
        if runner.pause == "say":
            runner.proceed()
            continue
        ask = runner.ask
        assert ask is not None
        if ask.kind != "goal":
            alternatives += [(ask.key, o.key) for o in ask.options if o.correct][1:]
        runner.answer(first_answer(runner, solutions=solutions))
    for key, option in alternatives:
        yield {key: option}


def play_through(lesson: Lesson, overrides: dict[str, str] | None = None) -> Runner:
    """Play the whole lesson with accepted answers, trying every wrong one on the way (it
    must leave the position unchanged) and each goal's ``mistake`` (it must miss)."""
    # start-up: the tutor's first screen (benchmarks/tutor.py)
    from .runner import Runner, first_answer

    runner = Runner(lesson)
    solutions: dict[str, list[str]] = {}
    tried: set[str] = set()
    while runner.pause != "end":
        if runner.pause == "say":
            runner.proceed()
            continue
        ask = runner.ask
        assert ask is not None
        if ask.kind == "goal":
            goal_key = ask.key.split(".")[0]
            if ask.step.mistake and goal_key not in tried:
                tried.add(goal_key)
                _miss(runner, ask.step)
                continue
        else:
            for option in ask.options:
                if not option.correct:
                    runner.judge(option.key)
        runner.answer(first_answer(runner, overrides, solutions))
    return runner


def _miss(runner: Runner, step: Step) -> None:
    """Play a goal's ``mistake`` line: it must end the attempt with the goal missed."""
    file = Path(runner.lesson.path).name
    for number, action in enumerate(step.mistake, start=1):
        ask = runner.ask
        if runner.pause != "ask" or ask is None or ask.option(action) is None:
            raise LessonError(N_('{file}, line {line}: the mistake\'s move "{action}" is not a '
                                 "legal move here."), file=file, line=step.line, action=action)
        outcome = runner.answer(action)
        if outcome.goal == "reached" or (outcome.goal == "missed"
                                         and number < len(step.mistake)):
            break
        if outcome.goal == "missed":
            return
    raise LessonError(N_("{file}, line {line}: the goal's mistake line does not miss the "
                         "goal."), file=file, line=step.line)


def missing_translations(lesson: Lesson) -> list[tuple[str, int, str]]:
    """(language, line, text) of every lesson text absent from a compiled catalog."""
    missing = []
    for language in TRANSLATED:
        path = LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.mo"
        try:
            with path.open("rb") as handle:
                messages = gettext.GNUTranslations(handle)._catalog  # type: ignore[attr-defined]
        except OSError:
            messages = {}
        for line, text, context in lesson.texts():
            if not messages.get(f"{context}\x04{text}" if context else text):
                missing.append((language, line, text))
    return missing


def check_lesson(lesson: Lesson) -> Counts:
    """Raise ``LessonError`` if the lesson does not play through, asks too little or lacks
    translations; return what it asks of the learner."""
    counts = lesson_counts(lesson)
    _check_counts(lesson, counts)
    _check_play(lesson)
    return counts


def _check_counts(lesson: Lesson, counts: Counts) -> None:
    # start-up: the tutor's first screen (benchmarks/tutor.py)
    from ..names import ngettext  # the plural marker; not needed to open the menu

    found = counts.moves + counts.questions
    if found < MIN_DECISIONS_PER_LESSON:
        singular, plural = ngettext(
            "{file}, line {line}: the lesson “{id}” asks the learner for {n} move or "
            "question; a lesson needs at least {count}.",
            "{file}, line {line}: the lesson “{id}” asks the learner for {n} moves or "
            "questions; a lesson needs at least {count}.", found)
        raise LessonError(singular, plural=plural, file=Path(lesson.path).name,
                          line=lesson.lines.get("steps", 1), id=lesson.id, n=found,
                          count=MIN_DECISIONS_PER_LESSON)


def _check_play(lesson: Lesson) -> None:
    """The recap's rules exist, every way through plays on the engine, every text renders
    in every language and is translated."""
    file = Path(lesson.path).name
    # start-up: the tutor's first screen (benchmarks/tutor.py)
    from ..content import rules

    for item in lesson.recap:
        if not rules.exists(item.rule):
            raise LessonError(N_('{file}, line {line}: the recap cites rule "{rule}", which '
                                 "the rulebook does not have."), file=file, line=item.line,
                              rule=item.rule)
    for overrides in answer_paths(lesson):
        play_through(lesson, overrides)
    # start-up: the tutor's first screen (benchmarks/tutor.py)
    from .transcript import transcript

    for language in LANGUAGES:  # every text renders in every language
        transcript(lesson, Translator(language))
    missing = missing_translations(lesson)
    if missing:
        language, line, text = missing[0]
        raise LessonError(N_('{file}, line {line}: the {language} catalog has no translation '
                             'of "{text}" ({count} missing in all).'),
                          file=file, line=line, language=language,
                          text=text[:60], count=len(missing))


def _course_problems(total: Counts) -> list[CelestiaError]:
    # start-up: the tutor's first screen (benchmarks/tutor.py)
    from ..names import ngettext

    problems: list[CelestiaError] = []
    for found, least, texts in (
            (total.exercises, MIN_EXERCISES_IN_COURSE, ngettext(
                "The course holds {n} exercise; it needs at least {count}.",
                "The course holds {n} exercises; it needs at least {count}.",
                total.exercises)),
            (total.decisions, MIN_DECISIONS_IN_COURSE, ngettext(
                "The course asks the learner for {n} decision; it needs at least {count}.",
                "The course asks the learner for {n} decisions; it needs at least {count}.",
                total.decisions))):
        if found < least:
            problems.append(CelestiaError(texts[0], plural=texts[1], n=found, count=least))
    return problems


@dataclass
class CheckReport:
    """What ``check_all`` found: every lesson read with what it asks of the learner (in
    menu order), the problems (at most one per lesson, then the course's), the totals."""

    lessons: list[tuple[Lesson, Counts]]
    errors: list[CelestiaError]
    total: Counts

    @property
    def ok(self) -> bool:
        return not self.errors


#: What the whole course must hold, with every question checked.
MIN_EXERCISES_IN_COURSE = 60
MIN_DECISIONS_IN_COURSE = 150


def check_all(folder: Path | None = None, strict: bool = True) -> CheckReport:
    """Load and check every lesson, and the course as a whole (at least
    ``MIN_MOVES_IN_COURSE`` learner moves); ``strict``: also the three checks of every
    question and goal (``tutor.lessons.audit``), every lesson's ideas, no move made for
    the learner, and the course's exercises and decisions (without it, only the lessons
    that declare their ideas are checked for them: for a course being converted)."""
    # start-up: the tutor's first screen (benchmarks/tutor.py)
    from .audit import audit_play, check_ideas

    errors: list[CelestiaError] = []
    try:
        lessons = load_all(folder)
    except LessonError as err:
        return CheckReport([], [err], Counts())
    found: list[tuple[Lesson, Counts]] = []
    total = Counts()
    problems_of: dict[str, list[LessonError]] = {lesson.id: [] for lesson in lessons}
    for problem in check_ideas(lessons, strict):
        for lesson in lessons:
            if Path(lesson.path).name == problem.params.get("file"):
                problems_of[lesson.id].append(problem)
    for lesson in lessons:
        counts = lesson_counts(lesson)
        try:
            _check_counts(lesson, counts)
            _check_play(lesson)
            audit = audit_play(lesson)
            counts = replace(counts, decisions=audit.decisions, automatic=audit.automatic)
            if strict:
                errors += audit.problems
        except LessonError as err:
            errors.append(err)
        errors += problems_of[lesson.id]
        found.append((lesson, counts))
        total = total + counts
    if strict:
        errors += _course_problems(total)
    if total.moves < MIN_MOVES_IN_COURSE:
        # start-up: the tutor's first screen (benchmarks/tutor.py)
        from ..names import ngettext

        singular, plural = ngettext(
            "The lessons in {folder} ask the learner for {n} move in all; the course needs "
            "at least {count}.",
            "The lessons in {folder} ask the learner for {n} moves in all; the course needs "
            "at least {count}.", total.moves)
        errors.append(CelestiaError(singular, plural=plural,
                                    folder=str(folder or scenarios_dir()), n=total.moves,
                                    count=MIN_MOVES_IN_COURSE))
    return CheckReport(found, errors, total)
