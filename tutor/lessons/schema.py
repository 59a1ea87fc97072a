"""Lessons as data: the data classes a lesson file is read into (``Lesson``, ``Step``…) and
the format's vocabulary. Reading a file is ``tutor.lessons.reader``; the format is
documented in ``scenarios/README.md``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

ID_PATTERN = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
RULE_PATTERN = re.compile(r"^[0-9]+(\.[0-9]+){0,2}$")
LESSON_KEYS = {"id", "title", "summary", "prerequisites", "seats", "learner", "options",
               "setup", "steps", "recap", "genders", "ideas", "needs"}
#: Keys that annotate the texts of their mapping for translators (tutor/tools/yaml_extract).
NOTE_KEYS = {"context", "translators"}
SETUP_KEYS = {"hands", "draw", "piles", "rolls", "shuffles", "seed"}
OPTION_KEYS = {"first_captain", "variant", "grappling_hook", "spyglass_points"}
CHECK_KEYS = {"phase", "actor", "captain", "city", "dest", "dice", "aboard", "voyage",
              "route", "hand", "points", "treasures", "piles", "draw", "over", "winners",
              "scores", "leader", "ashore", "any", "left_at", "cities"}
#: Check keys whose values may be bounds, ``{min: 6}`` / ``{max: 2}``, per seat.
BOUNDED_KEYS = {"points", "treasures", "scores", "left_at", "cities"}
STEP_KINDS = ("say", "do", "prompt", "move", "goal", "check", "fast_forward", "position",
              "drill")
#: The step kinds an exercise of a drill may hold (a new position is the exercise itself).
EXERCISE_KINDS = ("say", "do", "prompt", "move", "goal", "check")
#: Placeholders filled from the odds coach (``Runner._odds``).
ODDS_VALUES = ("pay_chance", "leave_points", "next_points", "stay_points")
#: The step kinds where the learner decides.
ASKING_KINDS = ("prompt", "move", "goal")


@dataclass(frozen=True)
class Choice:
    """One numbered choice of a question: an engine action (or none, for a quiz)."""

    label: str
    action: str | None
    correct: bool
    why: str
    rules: tuple[str, ...]
    line: int
    context: str | None = None
    #: What would give this choice away if printed above the question (``giveaway``):
    #: English words or numbers; empty for the words that tell it from the other choices.
    fact: tuple[str, ...] = ()


@dataclass(frozen=True)
class Explanation:
    """Why a move is not the one a ``move`` step accepts (or, with ``accepted``, the
    feedback for one accepted move)."""

    action: str
    text: str
    line: int
    accepted: bool = False
    context: str | None = None


@dataclass(frozen=True)
class Setup:
    """The chance script: hands, the top of the draw pile and of some city piles, the
    rolls and reshuffles in order, and a seed for what the script leaves open."""

    hands: tuple[tuple[str, ...], ...] | None = None
    draw: tuple[str, ...] = ()
    piles: dict[int, tuple[str, ...]] = field(default_factory=dict)
    rolls: tuple[tuple[str, ...], ...] = ()
    shuffles: tuple[tuple[str, ...], ...] = ()
    seed: int | None = None


@dataclass(frozen=True)
class Step:
    """One step of a lesson. ``kind`` is one of ``STEP_KINDS``."""

    kind: str
    line: int
    text: str = ""                       # say; the question of prompt, move and goal
    actions: tuple[str, ...] = ()        # do; the accepted moves of a move step
    by: str | None = None                # do: the seat that must be deciding
    choices: tuple[Choice, ...] = ()     # prompt
    hints: tuple[str, ...] = ()
    check: dict[str, Any] = field(default_factory=dict)   # check, fast_forward, goal: until
    prefer: tuple[str, ...] = ()         # fast_forward
    max_moves: int = 0                   # fast_forward, goal
    feedback: str = ""                   # move, goal: said when the move/goal is right
    explain: tuple[Explanation, ...] = ()  # move: why a move is not accepted
    otherwise: str = ""                  # move: for any other move not accepted
    fail: str = ""                       # goal: said when the goal is missed
    rules: tuple[str, ...] = ()          # move, goal: the rules a wrong move concerns
    success: dict[str, Any] = field(default_factory=dict)  # goal
    others: str = "sensible"             # goal: the bot style of the other seats
    solution: tuple[str, ...] = ()       # goal: the learner's moves that reach it
    mistake: tuple[str, ...] = ()        # goal: the learner's moves that miss it
    coach: bool = False                  # goal: hints are the coach's advice
    options: dict[str, Any] = field(default_factory=dict)  # position
    setup: Setup | None = None           # position
    context: str | None = None           # the translators' context of the step's texts
    teaches: tuple[str, ...] = ()        # say: the ideas taught here
    asks: tuple[str, ...] = ()           # prompt, move, goal: the ideas needed to answer
    exercises: tuple[Exercise, ...] = ()  # drill
    #: An exercise's start in a played lesson (``runner``): its number as shown, of how many.
    place: tuple[int, int] = (0, 0)

    @property
    def prompt(self) -> str:
        """The question put to the learner (prompt, move and goal steps)."""
        return self.text

    def feedback_for(self, action: str) -> tuple[str, str | None]:
        """The feedback for an accepted move, with its translators' context."""
        for item in self.explain:
            if item.action == action and item.accepted:
                return item.text, item.context
        return self.feedback, self.context

    def why_not(self, action: str) -> tuple[str, str | None]:
        """Why a move is not accepted, with its translators' context."""
        for item in self.explain:
            if item.action == action and not item.accepted:
                return item.text, item.context
        return self.otherwise, self.context


@dataclass(frozen=True)
class Exercise:
    """One short position of a drill: a new game from ``setup`` (same seats), then its
    steps."""

    line: int
    options: dict[str, Any]
    setup: Setup
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class RecapLine:
    """A line of the lesson's recap: a rule it taught, in a sentence."""

    rule: str
    text: str
    line: int
    context: str | None = None


@dataclass(frozen=True)
class Lesson:
    id: str
    title: str
    summary: str
    prerequisites: tuple[str, ...]
    seats: tuple[str, ...]
    learner: int
    options: dict[str, Any]
    setup: Setup
    steps: tuple[Step, ...]
    path: str
    lines: dict[str, int]
    recap: tuple[RecapLine, ...] = ()
    #: Whether a text names one of the coach's figures (computed only then).
    uses_odds: bool = False
    #: Seat name → "m" or "f", for French agreement (``tutor.grammar``).
    genders: dict[str, str] = field(default_factory=dict)
    #: Idea id → the English sentence that states it: the ideas this lesson teaches.
    ideas: dict[str, str] = field(default_factory=dict)
    #: Ideas taught by earlier lessons that this one relies on.
    needs: tuple[str, ...] = ()
    #: Idea id → its line in the file.
    idea_lines: dict[str, int] = field(default_factory=dict)

    def all_steps(self) -> list[Step]:
        """Every step, those of each drill's exercises after the drill, in file order."""
        found: list[Step] = []
        for step in self.steps:
            found.append(step)
            for exercise in step.exercises:
                found.extend(exercise.steps)
        return found

    def texts(self) -> list[tuple[int, str, str | None]]:
        """Every piece of narration with its line and context, for the catalog and
        placeholder checks."""
        found: list[tuple[int, str, str | None]] = [
            (self.lines.get("title", 1), self.title, None),
            (self.lines.get("summary", 1), self.summary, None)]
        found += [(item.line, item.text, item.context) for item in self.recap]
        found += [(self.idea_lines.get(key, 1), text, None) for key, text in self.ideas.items()]
        for step in self.all_steps():
            for text in (step.text, *step.hints, step.feedback, step.otherwise, step.fail):
                if text:
                    found.append((step.line, text, step.context))
            found += [(item.line, item.text, item.context) for item in step.explain]
            for choice in step.choices:
                found.append((choice.line, choice.label, choice.context))
                if choice.why:
                    found.append((choice.line, choice.why, choice.context))
        return [item for item in found if item[1]]
