"""The three checks of every question and goal (``celestia tutor --check``), and what a
lesson asks of the learner as it is played.

(a) *Not given away*: each question's screen, as the learner sees it (every line since
    the lesson or the exercise began, game events too), must not already print the right
    choice's key fact (``key_facts``; documented in ``scenarios/README.md``).
(b) *Taught before asked*: the ideas a question, move or goal ``asks`` are taught by an
    earlier step of the lesson, or named in its ``needs`` and taught by an earlier lesson.
(c) *Goals on what the learner sees*: a goal's ``success`` uses only what the learner's
    seat can see (``VISIBLE_KEYS``), and its text, shown before the first move, states
    the target's numbers.

Check (a) reads the English text: translations say the same things, and the key facts
(and a choice's ``fact``) are English words.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine.messages import N_
from ..i18n import Translator
from ..names import ngettext
from .errors import LessonError
from .render import render_entry
from .runner import Runner
from .schema import Lesson, Step
from .transcript import Question, walk_answered

#: What ``success`` may look at: what the learner's seat sees on the board. The learner's
#: own ``hand`` is visible too (``_hidden_keys``); the end scores (``scores``, ``winners``,
#: ``leader``) only once the game is over. Not ``points``: a treasure's value comes from
#: the hidden order of its pile, so a goal judged on it rewards luck, not the decision
#: (``left_at``, the city the learner left at, says what was decided).
VISIBLE_KEYS = frozenset({"phase", "actor", "captain", "city", "dest", "dice", "aboard",
                          "voyage", "route", "treasures", "piles", "draw", "over", "ashore",
                          "left_at", "cities", "any"})
END_KEYS = frozenset({"scores", "winners", "leader"})

_STOP = """
a an the and or but nor of to in into on onto at for with without by from as about
is are was were be been being am it its it's this that these those there here then than
i me my mine you your yours we us our he him his she her they them their one's
what which who whom whose when where why how
do does did done not so if else
will would can could may might must shall should has have had
just only still also too very now again yet even ever
right wrong answer choice
"""
#: Words that never make a key fact: they tell no choice from another.
STOP_WORDS = frozenset(_STOP.split())
_WORD = re.compile(r"[0-9]+(?:[.,][0-9]+)?|[^\W\d_]+(?:'[^\W\d_]+)?", re.UNICODE)
_SENTENCE_END = re.compile(r"(?<=[.!?;:])\s+|\n")


def _stem(word: str) -> str:
    """A crude English singular: enough to match "compasses" with "compass"."""
    word = word.lower().removesuffix("'s")
    if len(word) > 4 and word.endswith(("sses", "xes", "ches", "shes")):
        return word[:-2]
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def words(text: str) -> set[str]:
    """The content words and numbers of a text, lower case, singular."""
    return {_stem(w) for w in _WORD.findall(text) if w.lower() not in STOP_WORDS}


NUMBER_WORDS = frozenset({"zero", "two", "three", "four", "five", "six", "seven",
                          "eight", "nine", "ten", "eleven", "twelve", "twice"})


#: Words of almost every line of a lesson: they do not make a line about the question.
GENERIC_WORDS = frozenset({"airship", "city", "fly", "voyage", "player", "game", "route"})


def sentences(lines: Iterable[str]) -> list[str]:
    found = []
    for line in lines:
        found += [part for part in _SENTENCE_END.split(line) if part.strip()]
    return found


@dataclass(frozen=True)
class KeyFact:
    """What would give an accepted choice away: ``words`` (automatic, with the question's
    ``topic``) or ``phrases`` (the choice's ``fact``)."""

    label: str
    words: frozenset[str] = frozenset()
    phrases: tuple[str, ...] = ()
    topic: frozenset[str] = frozenset()

    def printed_in(self, sentence: str) -> bool:
        if self.phrases:
            low = sentence.lower()
            return all(p.lower() in low for p in self.phrases)
        if not self.words:
            return False
        found = words(sentence)
        return self.words <= found and (not self.topic or bool(self.topic & found))


def key_facts(question: str, right: Sequence[tuple[str, tuple[str, ...]]],
              wrong: Sequence[str], names: Iterable[str] = (), moves: bool = False
              ) -> list[KeyFact]:
    """The key fact of each accepted choice ``(label, fact)``: its ``fact`` if it has one;
    else the names and numbers of its label that no wrong choice has, if there are some
    (the rest of a label is often its reason); else all the words of its label that no
    wrong choice has (none when every word of it is in a wrong choice too: then it cannot
    be given away by words alone). A move's label is its words (``moves``): the city it
    names is not its point. A line is about the question when it shares a word of the
    question's topic: its words, without numbers and ``GENERIC_WORDS``."""
    others: set[str] = set()
    for label in wrong:
        others |= words(label)
    topic = frozenset(w for w in words(question)
                      if w not in GENERIC_WORDS and not w[0].isdigit())
    proper = {_stem(name) for name in names}
    facts = []
    for label, fact in right:
        if fact:
            facts.append(KeyFact(label, phrases=fact))
            continue
        own = words(label) - others
        sharp = set() if moves else {w for w in own if w in proper or w in NUMBER_WORDS
                                     or w[0].isdigit()}
        facts.append(KeyFact(label, words=frozenset(sharp or own), topic=topic))
    return facts


@dataclass
class Audit:
    """What playing a lesson through found: the learner's decisions, those made for them,
    and the problems of checks (a) and (c)."""

    decisions: int = 0
    automatic: int = 0
    problems: list[LessonError] = field(default_factory=list)


def audit_play(lesson: Lesson) -> Audit:
    """Play the lesson with its accepted answers, in English, checking (a) at each
    question and move and (c) at each goal; count the decisions."""
    tr = Translator("en")
    if lesson.genders:
        tr = tr.with_genders(lesson.genders)
    file = Path(lesson.path).name
    audit = Audit()
    screen: list[tuple[str, str]] = []   # (entry kind, text) since the lesson/exercise began
    goals_seen: set[int] = set()
    runner = Runner(lesson)
    for item in walk_answered(lesson, runner):
        if not isinstance(item, Question):
            if item.kind == "exercise":
                screen = []
            screen.append((item.kind, render_entry(item, tr)))
            continue
        audit.decisions += 1
        step = item.step
        if step.kind == "goal":
            if step.line not in goals_seen:
                goals_seen.add(step.line)
                audit.problems += _goal_problems(lesson, step, item.params, tr, file)
            continue
        right = [(o.label.render(tr), _fact(step, o.key)) for o in item.options if o.correct]
        wrong = [o.label.render(tr) for o in item.options if not o.correct]
        if not wrong:
            continue
        # A move the others made, or the learner's own earlier choice, says nothing of
        # the right move now: for moves only the narration counts.
        moves = any(o.action is not None for o in item.options)
        lines = [text for kind, text in screen[:-1]
                 if not moves or kind not in ("event", "chosen")]
        question = tr.format(step.text, **item.params)
        for fact in key_facts(question, right, wrong, lesson.seats, moves):
            printed = next((s for s in sentences(lines) if fact.printed_in(s)), None)
            if printed is not None:
                audit.problems.append(LessonError(
                    N_('{file}, line {line}: the answer "{answer}" is on the screen before '
                       'the question is asked: "{shown}". Move that line after the question, '
                       'or ask something the screen does not say.'),
                    file=file, line=step.line, answer=fact.label[:60],
                    shown=printed.strip()[:80]))
                break
    audit.automatic = runner.automatic
    if runner.automatic:
        singular, plural = ngettext(
            "{file}, line {line}: the lesson plays {n} move of the learner's seat for them "
            "(fast_forward): let the learner make it, with a move, a question or a goal.",
            "{file}, line {line}: the lesson plays {n} moves of the learner's seat for them "
            "(fast_forward): let the learner make them, with a move, a question or a goal.",
            runner.automatic)
        audit.problems.append(LessonError(singular, plural=plural, file=file,
                                          line=_fast_forward_line(lesson), n=runner.automatic))
    return audit


def _fast_forward_line(lesson: Lesson) -> int:
    return next((s.line for s in lesson.all_steps() if s.kind == "fast_forward"), 1)


def _fact(step: Step, key: str) -> tuple[str, ...]:
    if step.kind == "prompt" and key.startswith("c") and key[1:].isdigit():
        return step.choices[int(key[1:])].fact
    return ()


def _goal_problems(lesson: Lesson, step: Step, params: dict[str, Any], tr: Any,
                   file: str) -> list[LessonError]:
    """Check (c) for one goal."""
    problems = []
    hidden = _hidden_keys(lesson, step.success, step.check)
    if hidden:
        problems.append(LessonError(
            N_('{file}, line {line}: the goal is judged on "{key}", which the learner cannot '
               "see; judge it on what the board shows: {keys}."),
            file=file, line=step.success.get("_line", step.line), key=hidden[0],
            keys=", ".join(sorted(VISIBLE_KEYS - {"any"}))))
    text = tr.format(step.text, **params)
    shown = set(re.findall(r"[0-9]+", text))
    for number in _numbers(step.success):
        if str(number) not in shown:
            problems.append(LessonError(
                N_('{file}, line {line}: the goal does not state its target: its success '
                   'needs {number}, which its text "{text}" does not say.'),
                file=file, line=step.line, number=number, text=text[:80]))
            break
    return problems


def _hidden_keys(lesson: Lesson, spec: dict[str, Any], until: dict[str, Any]) -> list[str]:
    learner = lesson.seats[lesson.learner]
    over = until.get("over") is True or spec.get("over") is True
    found = []
    for key, value in spec.items():
        if key == "_line":
            continue
        if key == "any":
            for option in value:
                found += _hidden_keys(lesson, option, until)
        elif key == "hand":
            if set(value or {}) - {learner}:
                found.append(key)
        elif key in END_KEYS:
            if not over:
                found.append(key)
        elif key not in VISIBLE_KEYS:
            found.append(key)
    return found


def _numbers(spec: dict[str, Any]) -> list[int]:
    """The numbers a success check names (cities, bounds, counts) from 2 up, not seat
    names."""
    found: list[int] = []

    def walk(value: Any) -> None:
        if isinstance(value, bool):
            return
        if isinstance(value, int) and value > 1:
            # 0 and 1 are said in words ("no cannon", "a treasure").
            found.append(value)
        elif isinstance(value, dict):
            for key, inner in value.items():
                if key != "_line":
                    walk(inner)
        elif isinstance(value, list | tuple):
            for inner in value:
                walk(inner)

    for key, value in spec.items():
        if key not in ("_line", "any", "over", "phase", "actor", "voyage"):
            walk(value)
    return found


def check_ideas(lessons: Sequence[Lesson], strict: bool) -> list[LessonError]:
    """Check (b) over the course, in menu order. ``strict``: every lesson declares its
    ideas and every asking step what it asks; otherwise lessons without ``ideas`` are
    left out (they are converted one at a time)."""
    problems: list[LessonError] = []
    taught_before: dict[str, str] = {}   # idea → the lesson that teaches it
    for lesson in lessons:
        file = Path(lesson.path).name
        declared = "ideas" in lesson.lines
        if not declared and not strict:
            continue
        if not declared:
            problems.append(LessonError(
                N_('{file}, line {line}: the lesson declares no "ideas": say which ideas it '
                   "teaches, and mark where with teaches."), file=file, line=1))
            continue
        for idea in lesson.ideas:
            if idea in taught_before:
                problems.append(LessonError(
                    N_('{file}, line {line}: the idea "{idea}" is already taught by the lesson '
                       '"{other}": name it in needs instead.'), file=file,
                    line=lesson.idea_lines.get(idea, 1), idea=idea, other=taught_before[idea]))
        for idea in lesson.needs:
            if idea not in taught_before:
                problems.append(LessonError(
                    N_('{file}, line {line}: the lesson needs the idea "{idea}", which no '
                       "earlier lesson teaches."), file=file,
                    line=lesson.lines.get("needs", 1), idea=idea))
        problems += _lesson_ideas(lesson, file, strict,
                                  {i for i in lesson.needs if i in taught_before})
        for idea in lesson.ideas:
            taught_before.setdefault(idea, lesson.id)
    return problems


def _lesson_ideas(lesson: Lesson, file: str, strict: bool, needed: set[str]
                  ) -> list[LessonError]:
    problems: list[LessonError] = []
    taught: dict[str, int] = {}

    def teach(step: Step, known: set[str]) -> None:
        for idea in step.teaches:
            if idea not in lesson.ideas:
                problems.append(LessonError(
                    N_('{file}, line {line}: the step teaches "{idea}", which is not one of '
                       "the lesson's ideas."), file=file, line=step.line, idea=idea))
            elif idea in taught:
                problems.append(LessonError(
                    N_('{file}, line {line}: the idea "{idea}" is taught a second time (first '
                       "at line {first}); an idea is taught by one step."), file=file,
                    line=step.line, idea=idea, first=taught[idea]))
            else:
                taught[idea] = step.line
            known.add(idea)

    def ask(step: Step, known: set[str]) -> None:
        if not step.asks and strict:
            problems.append(LessonError(
                N_("{file}, line {line}: the question does not say which ideas it asks "
                   "(asks)."), file=file, line=step.line))
        for idea in step.asks:
            if idea not in known and idea not in needed:
                problems.append(LessonError(
                    N_('{file}, line {line}: the idea "{idea}" is asked before it is taught: '
                       "teach it in an earlier step, or name it in needs if an earlier lesson "
                       "teaches it."), file=file, line=step.line, idea=idea))

    known: set[str] = set()
    for step in lesson.steps:
        teach(step, known)
        if step.kind in ("prompt", "move", "goal"):
            ask(step, known)
        for exercise in step.exercises:
            inside = set(known)
            for inner in exercise.steps:
                teach(inner, inside)
                if inner.kind in ("prompt", "move", "goal"):
                    ask(inner, inside)
    for idea in lesson.ideas:
        if idea not in taught:
            problems.append(LessonError(
                N_('{file}, line {line}: the idea "{idea}" is never taught: mark the step that '
                   "teaches it with teaches."), file=file,
                line=lesson.idea_lines.get(idea, 1), idea=idea))
    return problems
