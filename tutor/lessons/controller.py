"""The tutor's controller: the lesson menu, one lesson's session, progress; no UI import.

The controller is the one place that knows how a lesson advances: the order in which
choices are shown, mistakes and the review at the end, stars, the recap. The
prompt-toolkit app (``tutor.app``) only draws what it says and forwards keys to it;
tests drive it directly.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from ..engine.messages import N_
from ..i18n import LANGUAGES, Translator
from .library import find_lesson, runner_at
from .order import shown_order
from .progress import Progress
from .schema import Lesson

if TYPE_CHECKING:  # the menu needs none of these: a lesson's play imports them
    from ..engine import State
    from ..names import Phrase
    from .runner import Ask, Entry, Option, Outcome, Runner

DONE = "done"
#: Finished with a single star: to practise again (it does not count as learned).
PRACTISE = "practise"
STARTED = "started"
NEW = "new"
#: The fewest stars of a lesson that counts as learned.
MASTERY_STARS = 2
#: Entry kinds that answer the learner's last decision: kept on screen until they go on.
FEEDBACK_KINDS = frozenset({"chosen", "right", "wrong", "refused", "reached", "missed"})
#: What ``inputs`` records besides option keys: an undo.
UNDO = "\x00undo"
#: What the recap of the last lesson suggests next: a practice game (``celestia play``).
PRACTICE_COMMAND = "celestia play --bots cautious,bold --coach"


def stars_for(mistakes: int) -> int:
    """★★★ without a mistake, ★★ for one or two, ★ for more."""
    return 3 if mistakes == 0 else 2 if mistakes <= 2 else 1


@dataclass(frozen=True)
class Mistake:
    """A wrong answer or a missed goal, for the recap."""

    key: str
    chosen: Phrase | None          # None: a goal missed
    right: tuple[Phrase, ...]
    goal: Phrase | None = None     # the goal, for a missed goal


@dataclass
class _Review:
    """A question answered wrong, asked again at the end on a copy of its position."""

    key: str
    origin: Runner                 # the position of the question, kept unchanged
    runner: Runner | None = None   # the copy being asked now
    round: int = 0
    clean: bool = True             # no wrong answer in this round


class Session:
    """One lesson being played: questions in a shuffled order, hints one at a time, undo,
    restart, mistakes, the review of missed questions, stars and the recap.

    ``inputs`` is everything the learner did (option keys, undos); replaying it on the
    lesson gives back the same session, so that a lesson is resumed exactly.
    """

    def __init__(self, lesson: Lesson, inputs: Sequence[str] = (), attempt: int = 0,
                 unit: str | None = None) -> None:
        self.lesson = lesson
        #: The learner's play of this lesson (0 the first): it orders the drills' exercises.
        self.lesson_attempt = attempt
        #: In the review: the one question or exercise asked again (``runner_at``).
        self.unit = unit
        self._fresh()
        try:
            for item in inputs:
                if not self._replay(item):
                    raise ValueError(item)
        except (ValueError, AssertionError):
            self._fresh()  # the lesson changed since: start it again
        self.page_start = self._page_start()
        self.feedback_entries = []

    def _fresh(self) -> None:
        # start-up: the tutor's first screen (benchmarks/tutor.py)
        from .runner import Runner

        if self.unit is not None:
            found = runner_at(self.lesson, self.unit)
            if found is None:
                raise ValueError(self.unit)
            self.runner = found
        else:
            self.runner = Runner(self.lesson, self.lesson_attempt)
        self.inputs: list[str] = []
        #: The units (questions, exercises) with a mistake: they come back in the review.
        self.missed_units: list[str] = []
        self.mistakes: list[Mistake] = []
        self.wrong_tries: dict[str, int] = {}
        self.reviews: list[_Review] = []
        self.reviewing: _Review | None = None
        self.reviewed = 0
        self.hints_shown = 0
        self.last: Outcome | None = None
        self.page_start = 0
        self.feedback_entries: list[Entry] = []
        self.skipped = False
        #: Orders already worked out, by (question, options, attempt): the screen asks often.
        self._orders: dict[tuple[str, int, int], list[int]] = {}

    def _replay(self, item: str) -> bool:
        while self.pause == "say":
            self.proceed()
        if item == UNDO:
            return self.undo()
        if self.pause != "ask" or self.ask is None or self.ask.option(item) is None:
            return False
        self.answer(item)
        return True

    # --- What to show -----------------------------------------------------------------------
    @property
    def active(self) -> Runner:
        """The runner the learner faces: the lesson's, or the copy a review asks on."""
        if self.reviewing is not None and self.reviewing.runner is not None:
            return self.reviewing.runner
        return self.runner

    @property
    def state(self) -> State:
        return self.active.state

    @property
    def learner(self) -> int:
        return self.lesson.learner

    @property
    def pause(self) -> str:
        """``say`` (read, then continue), ``ask`` (decide) or ``end``."""
        return self.active.pause

    @property
    def finished(self) -> bool:
        return self.pause == "end"

    @property
    def ask(self) -> Ask | None:
        return self.active.ask if self.active.pause == "ask" else None

    @property
    def in_review(self) -> bool:
        return self.reviewing is not None

    def attempt(self) -> int:
        """How many times the current question was shown before, for its order: each wrong
        answer shows it again, and so does each round of the review."""
        ask = self.ask
        if ask is None:
            return 0
        if ask.kind == "goal":
            goal = self.runner._goal
            return goal.attempt if goal is not None else 0
        tries = self.wrong_tries.get(ask.key, 0)
        if self.reviewing is not None:
            return tries + self.reviewing.round + 1
        return tries

    def order(self) -> list[int]:
        """The options' positions in the order shown: a permutation seeded with the
        lesson, the question and the attempt (any order may come, the file's too), never
        the order of the attempt just before (when there is more than one order)."""
        ask = self.ask
        if ask is None:
            return []
        cache_key = (ask.key, len(ask.options), self.attempt())
        found = self._orders.get(cache_key)
        if found is None:
            found = self._orders[cache_key] = shown_order(len(ask.options), self.lesson.id,
                                                          ask.key, cache_key[2])
        return list(found)

    def options(self) -> list[Option]:
        ask = self.ask
        return [ask.options[i] for i in self.order()] if ask else []

    def choice_labels(self, tr: Translator) -> list[str]:
        return [option.label.render(tr) for option in self.options()]

    def page(self) -> list[Entry]:
        """The narration since the learner last moved on, without the pinned feedback (nor
        an earlier try's feedback that says the same: the same wrong answer again)."""
        shown = {id(e) for e in self.feedback_entries}
        same = {_entry_key(e) for e in self.feedback_entries}
        return [e for e in self.active.log[self.page_start:] if id(e) not in shown
                and not (e.kind in FEEDBACK_KINDS and _entry_key(e) in same)]

    def question(self) -> Entry | None:
        """The question being answered, or the goal being played: its entry, also when it
        was first shown before the current page (a goal's later decisions)."""
        if self.pause != "ask":
            return None
        for entry in reversed(self.active.log):
            if entry.kind in ("prompt", "goal"):
                return entry
        return None

    def page_text(self, tr: Translator) -> list[str]:
        # start-up: the tutor's first screen (benchmarks/tutor.py)
        from .render import render_entry

        return [render_entry(entry, tr) for entry in self.page()]

    def feedback(self) -> list[Entry]:
        """What answered the learner's last decision (kept on screen until they go on)."""
        return list(self.feedback_entries)

    def progress(self) -> tuple[int, int]:
        """(questions and moves passed, questions and moves in the lesson's steps)."""
        steps = self.runner.steps
        total = sum(1 for s in steps if s.kind in ("prompt", "move", "goal"))
        cursor = min(self.runner.cursor, len(steps))
        done = sum(1 for s in steps[:cursor] if s.kind in ("prompt", "move", "goal"))
        return done, total

    def stars(self) -> int:
        return stars_for(len(self.mistakes))

    def reviews_left(self) -> int:
        return len(self.reviews) + (1 if self.reviewing is not None else 0)

    # --- Moves ------------------------------------------------------------------------------
    def proceed(self) -> None:
        if self.pause == "say":
            self.page_start = len(self.active.log)
            self.feedback_entries = []
            self.active.proceed()
            self._after()

    def choose(self, position: int) -> Outcome | None:
        """Answer with the option shown at ``position`` (0-based); None if there is none."""
        options = self.options()
        if self.pause != "ask" or not 0 <= position < len(options):
            return None
        return self.answer(options[position].key)

    def answer(self, key: str) -> Outcome:
        """Answer the current question with option ``key``."""
        runner = self.active
        ask = runner.ask
        assert ask is not None and runner.pause == "ask"
        unit = runner.unit
        start = len(runner.log)
        self.inputs.append(key)
        # A review asks on a copy: only whether the answer is right matters.
        outcome = runner.judge(key) if self.reviewing is not None else runner.answer(key)
        self.last = outcome
        entries = runner.log[start:]
        self.feedback_entries = [e for e in entries if e.kind in FEEDBACK_KINDS]
        if (not outcome.correct or outcome.goal == "missed") and unit is not None \
                and unit not in self.missed_units:
            self.missed_units.append(unit)
        if not outcome.correct:
            self.wrong_tries[ask.key] = self.wrong_tries.get(ask.key, 0) + 1
            self.mistakes.append(Mistake(ask.key, outcome.option.label, _right(ask)))
            if self.reviewing is not None:
                self.reviewing.clean = False
            elif all(r.key != ask.key for r in self.reviews):
                self.reviews.append(_Review(ask.key, runner.fork()))
            return outcome
        self.hints_shown = 0
        if outcome.goal == "missed":
            # start-up: the tutor's first screen (benchmarks/tutor.py)
            from ..names import Phrase

            self.mistakes.append(Mistake(ask.key, None, (), goal=Phrase(
                ask.step.text, ask.params, context=ask.step.context)))
        if self.reviewing is not None:
            self._reviewed()
        else:
            self.page_start = start
        self._after()
        return outcome

    def _after(self) -> None:
        """At the end of the steps, the review of missed questions begins."""
        if self.reviewing is None and self.runner.pause == "end" and self.reviews:
            self._next_review(intro=True)

    def _next_review(self, intro: bool = False) -> None:
        # start-up: the tutor's first screen (benchmarks/tutor.py)
        from .runner import Entry

        item = self.reviews.pop(0)
        item.runner = item.origin.fork()
        item.clean = True
        log = item.runner.log
        start = len(log)
        if intro:
            count = self.reviews_left() + 1
            log.append(Entry("review", N_("Before the end, the questions you missed come "
                                          "back, in a new order: {count} to go. Answer each "
                                          "one right at the first try."), {"count": count}))
        ask = item.runner.ask
        assert ask is not None
        log.append(Entry("prompt", ask.step.text, ask.params, ask.step.context))
        self.reviewing = item
        self.page_start = start

    def _reviewed(self) -> None:
        """A review question answered right: done if at the first try, else again later."""
        # start-up: the tutor's first screen (benchmarks/tutor.py)
        from .runner import Entry

        item = self.reviewing
        assert item is not None and self.last is not None
        ask = self.active.ask
        if item.clean:
            self.reviewed += 1
        else:
            item.round += 1
            self.reviews.append(item)
        option = self.last.option
        if ask is not None and option.why:
            self.feedback_entries.append(Entry("right", option.why, ask.params, option.context))
        self.reviewing = None
        if self.reviews:
            self._next_review()
        else:
            self.page_start = len(self.runner.log)

    def hint(self) -> bool:
        """Show the next hint; False when every hint has been shown (or there are none).

        In a goal with the coach, the hint is the coach's advice for this decision."""
        # start-up: the tutor's first screen (benchmarks/tutor.py)
        from .runner import Entry

        ask = self.ask
        if ask is None:
            return False
        if ask.kind == "goal" and ask.step.coach:
            self.active.log.append(Entry("coach", "", {"_state": self.state.clone(),
                                                       "_player": self.learner}))
            return True
        if self.hints_shown >= len(ask.step.hints):
            return False
        text = ask.step.hints[self.hints_shown]
        self.hints_shown += 1
        self.active.log.append(Entry("hint", text, ask.params, ask.step.context))
        return True

    def hints_left(self) -> int:
        ask = self.ask
        if ask is None:
            return 0
        if ask.kind == "goal" and ask.step.coach:
            return 1
        return len(ask.step.hints) - self.hints_shown

    def undo(self) -> bool:
        """Back to the previous decision (not during the review)."""
        if self.reviewing is not None or not self.runner.undo():
            return False
        self.inputs.append(UNDO)
        self.hints_shown = 0
        self.last = None
        self.feedback_entries = []
        self.page_start = self._page_start()
        return True

    def restart(self) -> None:
        """Start the lesson again: a new attempt, with its drills in a new order."""
        self.lesson_attempt += 1
        self._fresh()

    def _page_start(self) -> int:
        """Where the page begins: the narration that led to the current say or question."""
        log = self.active.log
        for i in range(len(log) - 1, -1, -1):
            if log[i].kind in ("say", "prompt", "goal", "review"):
                j = i
                while j > 0 and log[j - 1].kind in ("event", "review", "exercise"):
                    j -= 1
                return j
        return 0

    # --- The recap --------------------------------------------------------------------------
    def recap(self, tr: Translator, next_title: str | None) -> list[tuple[str, str]]:
        """The end of the lesson as (kind, text) lines: stars, what it taught, the
        mistakes with the right answers, what comes next."""
        lines: list[tuple[str, str]] = []
        params = self.runner.placeholders()
        count = len(self.mistakes)
        stars = "★" * self.stars() + "☆" * (3 - self.stars())
        if count:
            text = tr.nformat("{stars} Lesson complete, with {n} mistake.",
                              "{stars} Lesson complete, with {n} mistakes.", count,
                              stars=stars)
        else:
            text = tr.format(N_("{stars} Lesson complete, without a single mistake!"),
                             stars=stars)
        lines.append(("title", text))
        if self.lesson.recap:
            lines.append(("heading", tr.gettext(N_("What you learned:"))))
            for item in self.lesson.recap:
                text = tr.pformat(item.context, item.text, **params) if item.context else \
                    tr.format(item.text, **params)
                lines.append(("recap", tr.format(N_("{rule} — {text}"), rule=item.rule,
                                                 text=text)))
        if self.mistakes:
            lines.append(("heading", tr.gettext(N_("Your mistakes, and the right answers:"))))
            # The same wrong answer given again (in the review) is one line, counted.
            counted: dict[tuple[str, str | None], list] = {}
            for mistake in self.mistakes:
                chosen = mistake.chosen.msgid if mistake.chosen is not None else None
                counted.setdefault((mistake.key.split(".")[0], chosen), [mistake, 0])[1] += 1
            for mistake, times in counted.values():
                lines.append(("mistake", _mistake_text(mistake, tr, times)))
        if next_title:
            lines.append(("next", tr.format(N_("Next: “{title}”. Press Enter to start it, or "
                                               "q for the menu."), title=next_title)))
        else:
            # After the course, the next step is a whole game: the practice command.
            lines.append(("next", tr.format(N_("That was the last lesson. Next, play whole "
                                               "games against the bots, with the coach: "
                                               "{command}. Press Enter or q for the menu."),
                                            command=PRACTICE_COMMAND)))
        return lines


def _entry_key(entry: Entry) -> tuple:
    """What an entry says, to tell two entries that say the same thing."""
    return (entry.kind, entry.msgid, entry.context,
            tuple(sorted((name, repr(value)) for name, value in entry.params.items())))


def _right(ask: Ask) -> tuple[Phrase, ...]:
    return tuple(o.label for o in ask.options if o.correct)


def _mistake_text(mistake: Mistake, tr: Translator, times: int) -> str:
    if mistake.chosen is None:
        assert mistake.goal is not None
        return tr.nformat("Goal missed once: {goal}", "Goal missed {n} times: {goal}", times,
                          goal=mistake.goal.render(tr))
    right = [_quoted(p, tr) for p in mistake.right]
    return tr.nformat("You chose {chosen}; right: {right}.",
                      "You chose {chosen} ({n} times); right: {right}.", times,
                      chosen=_quoted(mistake.chosen, tr), right=tr.join(right, "or"))


def _quoted(phrase: Phrase, tr: Translator) -> str:
    """A choice's words in the reader's quotation marks, without a closing full stop."""
    # start-up: the tutor's first screen (benchmarks/tutor.py)
    from ..names import QUOTED

    return tr.format(QUOTED, text=phrase.render(tr).rstrip().rstrip("."))


@dataclass
class MenuItem:
    lesson: Lesson
    status: str          # DONE, STARTED or NEW
    ready: bool          # every prerequisite done
    stars: int           # best stars earned, 0 if not finished

    @property
    def advise_earlier(self) -> bool:
        """Whether to suggest the earlier lessons first: some are not done, and neither is
        this one (a lesson finished needs no such advice)."""
        return not self.ready and self.status != DONE


class Tutor:
    """The lesson menu, the open session and the saved progress."""

    def __init__(self, lessons: Sequence[Lesson], progress: Progress, language: str) -> None:
        self.lessons = list(lessons)
        self.progress = progress
        self.language = language
        self.tr = Translator(language)
        self.session: Session | None = None
        #: When this session of the tutor began: mistakes made since come back in a later one.
        self.started_at = time.time()
        #: The review under way: the items still to ask after the open one, and how many
        #: it held in all.
        self.review_queue: list[tuple[str, str]] = []
        self.review_total = 0

    def menu(self) -> list[MenuItem]:
        items = []
        for lesson in self.lessons:
            if self.progress.mastered(lesson.id):
                status = DONE
            elif self.progress.started(lesson.id):
                status = STARTED
            elif self.progress.done(lesson.id):
                status = PRACTISE
            else:
                status = NEW
            ready = all(self.progress.mastered(p) for p in lesson.prerequisites)
            items.append(MenuItem(lesson, status, ready, self.progress.stars(lesson.id)))
        return items

    def counts(self) -> tuple[int, int]:
        """(lessons learned: finished with ★★ or more, lessons in all)."""
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
        return find_lesson(self.lessons, lesson_id)

    def next_lesson(self, lesson_id: str) -> Lesson | None:
        ids = [lesson.id for lesson in self.lessons]
        position = ids.index(lesson_id)
        return self.lessons[position + 1] if position + 1 < len(ids) else None

    def open(self, lesson_id: str, resume: bool = True) -> Session:
        inputs = self.progress.inputs(lesson_id) if resume else []
        if not resume:
            self.progress.forget(lesson_id)
        # A lesson resumed replays its attempt; a new start is the next attempt.
        last = self.progress.attempt(lesson_id)
        attempt = last if inputs and last is not None else (last + 1 if last is not None
                                                            else 0)
        self.session = Session(self.lesson(lesson_id), inputs, attempt)
        self.progress.last = lesson_id
        return self.session

    def save(self) -> None:
        """Record the open session: what the learner did, and the stars when finished;
        the questions missed, for the review. A review item is recorded when answered."""
        session = self.session
        if session is None or session.skipped:
            return
        if session.unit is not None:
            if session.finished and not getattr(session, "recorded", False):
                session.recorded = True
                self.progress.reviewed(session.lesson.id, session.unit,
                                       clean=not session.mistakes)
            return
        self.progress.remember_mistakes(session.lesson.id, session.missed_units)
        self.progress.record(session.lesson.id, session.inputs, session.finished,
                             stars=session.stars() if session.finished else 0,
                             attempt=session.lesson_attempt)

    # --- The review across lessons ------------------------------------------------------------
    def due_reviews(self) -> list[tuple[str, str]]:
        """The questions and exercises to review now (lesson id, unit), soonest first: those
        of lessons that still have them."""
        units: dict[str, set[str]] = {}
        for lesson in self.lessons:
            units[lesson.id] = {str(s.line) for s in lesson.steps} | {
                str(e.line) for s in lesson.steps for e in s.exercises}
        return [(lesson_id, unit) for lesson_id, unit in
                self.progress.due(time.time(), self.started_at)
                if unit in units.get(lesson_id, ())]

    def open_review(self) -> Session | None:
        """Start the review with the items due now; None when there are none."""
        self.review_queue = self.due_reviews()
        self.review_total = len(self.review_queue)
        return self.next_review()

    def next_review(self) -> Session | None:
        """Open the next review item; None when the review is over."""
        while self.review_queue:
            lesson_id, unit = self.review_queue.pop(0)
            try:
                self.session = Session(self.lesson(lesson_id), unit=unit)
            except ValueError:
                continue  # the lesson changed: that item is no longer there
            return self.session
        self.session = None
        return None

    def review_title(self) -> str:
        """The review's entry in the menu: how many questions and exercises are due."""
        tr = self.tr
        due = len(self.due_reviews())
        if not due:
            return tr.gettext(N_("Review: nothing due now"))
        return tr.nformat("Review: {n} question or exercise due",
                          "Review: {n} questions or exercises due", due)

    def review_note(self) -> str:
        """What the review is, under the menu: why items come back, and when the next one
        does if none is due."""
        tr = self.tr
        if self.due_reviews():
            return tr.gettext(N_("The questions and exercises you got wrong come back here "
                                 "in later sessions, spaced further apart each time you get "
                                 "them right."))
        when = self.progress.next_due()
        if when is None:
            return tr.gettext(N_("Nothing to review: the questions and exercises you get "
                                 "wrong in a lesson come back here in a later session."))
        # start-up: the tutor's first screen (benchmarks/tutor.py)
        from babel.dates import format_date

        day = format_date(datetime.fromtimestamp(when).date(), "long", locale=tr.language)
        return tr.format(N_("Nothing to review now; the next review comes on {date}, or in "
                            "your next session for today's mistakes."), date=day)

    def review_done(self) -> int:
        """How many items of the review under way have been asked (the open one too)."""
        return self.review_total - len(self.review_queue)

    def lesson_tr(self) -> Translator:
        """The translator for the open lesson: it knows its seats' genders (French
        agreement, ``tutor.grammar``)."""
        session = self.session
        if session is None or not session.lesson.genders:
            return self.tr
        key = (self.language, session.lesson.id)
        if getattr(self, "_lesson_tr_key", None) != key:
            self._lesson_tr = self.tr.with_genders(session.lesson.genders)
            self._lesson_tr_key = key
        return self._lesson_tr

    def recap(self) -> list[tuple[str, str]]:
        session = self.session
        if session is None:
            return []
        if session.unit is not None:
            return self._review_recap(session)
        following = self.next_lesson(session.lesson.id)
        return session.recap(self.lesson_tr(),
                             self.tr.gettext(following.title) if following else None)

    def _review_recap(self, session: Session) -> list[tuple[str, str]]:
        tr = self.tr
        if session.mistakes:
            text = tr.gettext(N_("✗ Not at the first try: this one comes back in your next "
                                 "session."))
        else:
            text = tr.gettext(N_("✓ Right at the first try: this one comes back later, less "
                                 "often."))
        lines = [("title", text), ("heading", tr.format(
            N_("From the lesson “{title}”."), title=tr.gettext(session.lesson.title)))]
        left = len(self.review_queue)
        if left:
            lines.append(("next", tr.nformat(
                "Review: {n} more to go. Press Enter for the next one, or q for the menu.",
                "Review: {n} more to go. Press Enter for the next one, or q for the menu.",
                left)))
        else:
            lines.append(("next", tr.gettext(N_("The review is over for now. Press Enter or q "
                                                "for the menu."))))
        return lines

    def skip(self) -> str | None:
        """Leave the open lesson unfinished; return the id of the next lesson, if any."""
        session = self.session
        if session is None:
            return None
        self.save()
        session.skipped = True
        following = self.next_lesson(session.lesson.id)
        self.session = None
        return following.id if following else None

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
