"""The tutor's controller: the lesson menu, one lesson's session, progress; no UI import.

The prompt-toolkit app (``tutor.app``) only draws what this module says and forwards
keys to it; tests drive it directly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import State
from ..engine.messages import N_
from ..i18n import LANGUAGES, Translator
from .progress import Progress
from .render import render_entry
from .runner import Entry, Outcome, Runner
from .schema import Choice, Lesson, Step

DONE = "done"
STARTED = "started"
NEW = "new"


class Session:
    """One lesson being played: questions, hints one at a time, undo, restart."""

    def __init__(self, lesson: Lesson, answers: Sequence[int] = ()) -> None:
        self.lesson = lesson
        self.runner = Runner(lesson)
        self.hints_shown = 0
        self.last: Outcome | None = None
        self.page_start = 0
        self.skipped = False
        for answer in answers:
            if not self._replay(answer):
                self.runner = Runner(lesson)  # the lesson changed: start it again
                break
        # A resumed learner reads again what followed the last answer.
        chosen = [i for i, e in enumerate(self.runner.log) if e.kind == "chosen"]
        self.page_start = chosen[-1] if chosen else 0

    def _replay(self, answer: int) -> bool:
        while self.runner.pause == "say":
            self.runner.proceed()
        step = self.runner.step
        if self.runner.pause != "prompt" or step is None or not (
                0 <= answer < len(step.choices) and step.choices[answer].correct):
            return False
        self.runner.try_choice(answer)
        return True

    def _page_start(self) -> int:
        """Where the current page begins: after the narration already read."""
        log = self.runner.log
        for i in range(len(log) - 1, -1, -1):
            if log[i].kind in ("say", "prompt"):
                # The page holds the events that led to this say/prompt, too.
                j = i
                while j > 0 and log[j - 1].kind == "event":
                    j -= 1
                return j
        return 0

    # --- What to show ---------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.runner.state

    @property
    def learner(self) -> int:
        return self.lesson.learner

    @property
    def pause(self) -> str:
        """``say`` (read, then continue), ``prompt`` (choose) or ``end``."""
        return self.runner.pause

    @property
    def finished(self) -> bool:
        return self.runner.pause == "end"

    @property
    def question(self) -> Step | None:
        return self.runner.step if self.runner.pause == "prompt" else None

    @property
    def choices(self) -> tuple[Choice, ...]:
        step = self.question
        return step.choices if step else ()

    @property
    def answers(self) -> list[int]:
        return list(self.runner.answers)

    def page(self) -> list[Entry]:
        """The narration since the learner last moved on."""
        return self.runner.log[self.page_start:]

    def page_text(self, tr: Translator) -> list[str]:
        return [render_entry(entry, tr) for entry in self.page()]

    def choice_labels(self, tr: Translator) -> list[str]:
        params = self.runner.placeholders()
        return [tr.format(choice.label, **params) for choice in self.choices]

    def progress(self) -> tuple[int, int]:
        """(questions answered, questions in the lesson)."""
        total = sum(1 for s in self.lesson.steps if s.kind == "prompt")
        return len(self.runner.answers), total

    # --- Moves ----------------------------------------------------------------------------
    def proceed(self) -> None:
        if self.pause == "say":
            self.page_start = len(self.runner.log)
            self.runner.proceed()

    def choose(self, index: int) -> Outcome | None:
        """Answer the question with choice ``index`` (0-based); None if out of range."""
        if self.pause != "prompt" or not 0 <= index < len(self.choices):
            return None
        start = len(self.runner.log)
        outcome = self.runner.try_choice(index)
        self.last = outcome
        if outcome.correct:
            self.hints_shown = 0
            self.page_start = start
        elif outcome.refusal is not None:
            refusal = outcome.refusal
            self.runner.log.append(Entry("refused", N_("The rules forbid it: {reason}"),
                                         {"_error": refusal}))
        return outcome

    def hint(self) -> bool:
        """Show the next hint; False when every hint has been shown (or there are none)."""
        step = self.question
        if step is None or self.hints_shown >= len(step.hints):
            return False
        text = step.hints[self.hints_shown]
        self.hints_shown += 1
        self.runner.log.append(Entry("hint", text, self.runner.placeholders()))
        return True

    def hints_left(self) -> int:
        step = self.question
        return len(step.hints) - self.hints_shown if step else 0

    def undo(self) -> bool:
        if not self.runner.undo():
            return False
        self.hints_shown = 0
        self.last = None
        self.page_start = self._page_start()
        return True

    def restart(self) -> None:
        self.runner = Runner(self.lesson)
        self.hints_shown = 0
        self.last = None
        self.page_start = 0


@dataclass
class MenuItem:
    lesson: Lesson
    status: str          # DONE, STARTED or NEW
    ready: bool          # every prerequisite done


class Tutor:
    """The lesson menu, the open session and the saved progress."""

    def __init__(self, lessons: Sequence[Lesson], progress: Progress, language: str) -> None:
        self.lessons = list(lessons)
        self.progress = progress
        self.language = language
        self.tr = Translator(language)
        self.session: Session | None = None

    def menu(self) -> list[MenuItem]:
        items = []
        for lesson in self.lessons:
            if self.progress.done(lesson.id):
                status = DONE
            elif self.progress.started(lesson.id):
                status = STARTED
            else:
                status = NEW
            ready = all(self.progress.done(p) for p in lesson.prerequisites)
            items.append(MenuItem(lesson, status, ready))
        return items

    def counts(self) -> tuple[int, int]:
        """(lessons finished, lessons in all)."""
        return sum(1 for item in self.menu() if item.status == DONE), len(self.lessons)

    def suggested(self) -> int:
        """The menu position to offer first: the lesson to resume, else the first not done."""
        items = self.menu()
        last = self.progress.last
        for i, item in enumerate(items):
            if item.lesson.id == last and item.status == STARTED:
                return i
        for i, item in enumerate(items):
            if item.status != DONE:
                return i
        return 0

    def resumable(self) -> Lesson | None:
        last = self.progress.last
        for item in self.menu():
            if item.lesson.id == last and item.status == STARTED:
                return item.lesson
        return None

    def lesson(self, lesson_id: str) -> Lesson:
        from .library import find_lesson

        return find_lesson(self.lessons, lesson_id)

    def open(self, lesson_id: str, resume: bool = True) -> Session:
        answers = self.progress.answers(lesson_id) if resume else []
        if not resume:
            self.progress.forget(lesson_id)
        self.session = Session(self.lesson(lesson_id), answers)
        self.progress.last = lesson_id
        return self.session

    def save(self) -> None:
        """Record the open session's answers (and its ✓ when finished)."""
        session = self.session
        if session is not None and not session.skipped:
            self.progress.record(session.lesson.id, session.answers, session.finished)

    def skip(self) -> str | None:
        """Leave the open lesson unfinished; return the id of the next lesson, if any."""
        session = self.session
        if session is None:
            return None
        self.save()
        session.skipped = True
        ids = [lesson.id for lesson in self.lessons]
        position = ids.index(session.lesson.id)
        self.session = None
        return ids[position + 1] if position + 1 < len(ids) else None

    def close(self) -> None:
        self.save()
        self.session = None

    def set_language(self, language: str) -> None:
        if language in LANGUAGES:
            self.language = language
            self.tr = Translator(language)
            self.progress.set_language(language)

    def next_language(self) -> str:
        position = LANGUAGES.index(self.language)
        self.set_language(LANGUAGES[(position + 1) % len(LANGUAGES)])
        return self.language
