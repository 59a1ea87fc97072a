"""Playing a lesson on the full engine: set-up, scripted chance, steps, goals, undo.

The runner knows nothing of screens. It advances through the steps until the learner
must read (a ``say``), decide (``ask``: a question, a move or a decision within a goal) or
the lesson ends, and records what was said and what happened as ``Entry`` items that are
translated only when shown, so that the language can change at any moment. Any move the
engine rejects, any failed state check and any missing die roll is a ``LessonError``
naming the file and line.

Every decision of the learner's seat is the learner's (``prompt`` with moves, ``move``,
``goal``); ``do`` steps move the other seats, and only ``fast_forward`` may move the
learner, to set a position up.
"""

from __future__ import annotations

import copy
import zlib
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..content.values import PLAIN
from ..engine import CHANCE, TERMINAL, Options, ScriptedChance, SeededChance, State, data
from ..engine.bots import BOT_STYLES, make_bot
from ..engine.messages import N_, CelestiaError, ChanceError, Event, IllegalAction
from ..names import Phrase, move_phrase
from ..practice.odds import figures
from ..practice.voyage import View
from .errors import LessonError
from .order import shown_order
from .schema import Exercise, Lesson, Setup, Step

#: The message id of the engine's refusal of a move that is not open now; the runner says
#: it again in the learner's words.
NOT_POSSIBLE = '"{action}" is not a possible move now; the choices are: {choices}.'
#: The rule that says when each kind of move may be made: the one to cite when the engine
#: refuses a move that is not open now (its own message cites the rule of the moment).
MOVE_RULES = {"stay": "3.2", "leave": "3.2", "take": "3.0", "roll": "3.0", "pass": "3.3",
              "pay": "3.4", "crash": "3.4", "reroll": "4.3", "play ejection": "4.1",
              "play jetpack": "4.2", "play alternative-route": "4.3",
              "play gust-of-wind": "4.4", "play spyglass": "4.5",
              "play grappling-hook": "4.6"}
NOT_LEGAL = N_('{file}, line {line}: the accepted answer "{action}" is not a legal move here; '
               "the legal moves are: {legal}.")


def move_rule(action: str) -> str | None:
    """The RULES.md section that governs ``action`` (``leave`` → 3.2)."""
    words = action.split()
    for length in (2, 1):
        rule = MOVE_RULES.get(" ".join(words[:length]))
        if rule is not None:
            return rule
    return None


#: What the box holds, named as the rule texts name it (``tutor.content.values``).
BOX_VALUES = ("equipment_total", "compass_count", "lightning_rod_count", "foghorn_count",
              "cannon_count", "turbo_count", "power_total", "power_each", "deck_total",
              "die_faces", "blank_faces", "spyglass_total")


def box_values() -> dict[str, Any]:
    """The deck's and the dice's counts, the cities whose pile hides a Spyglass
    (``spyglass_cities``, a list in words), and each city's pile: ``values_2`` (the values
    it holds, a list), ``pile_2_6`` (how many treasures of 6 in city 2's pile) and
    ``cards_2`` (its cards, Spyglass included) — for the lesson on the box."""
    found: dict[str, Any] = {name: PLAIN[name]() for name in BOX_VALUES}
    found["spyglass_cities"] = data.SPYGLASS_CITIES
    for city, pile in data.TREASURE_PILES.items():
        found[f"values_{city}"] = tuple(value for value, _ in pile)
        found[f"cards_{city}"] = len(data.pile_composition(city))
        for value, count in pile:
            found[f"pile_{city}_{value}"] = count
    return found


@dataclass
class Entry:
    """One line of narration, translated when shown.

    ``kind``: ``say``, ``event``, ``prompt``, ``chosen``, ``right``, ``wrong``, ``refused``,
    ``hint``, ``goal``, ``reached``, ``missed``, ``review``, ``coach``.
    ``msgid``/``params`` are rendered by ``tutor.lessons.render``.
    """

    kind: str
    msgid: str
    params: dict[str, Any] = field(default_factory=dict)
    context: str | None = None   # the translators' context of a lesson text


@dataclass(frozen=True)
class Percent:
    """A chance, shown the reader's way ("68.3%", "68,3 %")."""

    value: Fraction


@dataclass(frozen=True)
class Points:
    """A number of points with one decimal, shown the reader's way ("6.5", "6,5")."""

    value: Fraction


@dataclass(frozen=True)
class Option:
    """One thing the learner may pick: a file choice (``key`` ``c0``, ``c1``…) or a move
    (``key`` is the action)."""

    key: str
    action: str | None
    correct: bool
    label: Phrase
    why: str = ""                 # feedback when right, explanation when wrong (msgid)
    rules: tuple[str, ...] = ()
    context: str | None = None    # the translators' context of ``why``


@dataclass(frozen=True)
class Ask:
    """What the learner must decide now.

    ``kind``: ``quiz`` (a question about the rules), ``choice`` (a question whose choices
    are moves), ``move`` (any legal move, some accepted) or ``goal`` (a decision while
    playing towards a goal). ``key`` is stable within a play of the lesson.
    """

    key: str
    kind: str
    step: Step
    options: tuple[Option, ...]
    params: dict[str, Any]

    def option(self, key: str) -> Option | None:
        return next((o for o in self.options if o.key == key), None)


@dataclass
class Outcome:
    """What answering did. ``goal`` is ``reached`` or ``missed`` when the answer ended a
    goal's attempt."""

    correct: bool
    option: Option
    refusal: IllegalAction | None = None
    goal: str | None = None


class LessonChance(ScriptedChance):
    """The lesson's chance script: a roll may list more faces than the dice rolled (the
    first ones are used), a reshuffle the script does not order keeps the discard pile in
    card order, and past the script a lesson with a ``seed`` rolls from it — so that every
    lesson is fully determined."""

    def __init__(self, setup: Setup) -> None:
        super().__init__(
            setup.rolls,
            hands=[list(h) for h in setup.hands] if setup.hands is not None else None,
            draw=setup.draw,
            piles={c: list(top) for c, top in setup.piles.items()},
            shuffles=setup.shuffles,
            fallback=SeededChance(setup.seed) if setup.seed is not None else None,
        )

    def has_roll(self) -> bool:
        return self.rolls_used < len(self.rolls) or self.fallback is not None

    def outcome(self, state: State) -> str:
        request = state.chance_request
        assert request is not None
        if request.kind == "roll" and self.rolls_used < len(self.rolls):
            faces = self.rolls[self.rolls_used]
            if len(faces) < request.count:
                # TRANSLATORS: {count} is 2 or more (every step rolls 2 dice or more).
                raise ChanceError(N_("Roll number {number} of the script shows {faces} faces, "
                                     "but {count} dice are rolled."),
                                  number=self.rolls_used + 1, faces=len(faces),
                                  count=request.count)
            self.rolls_used += 1
            return "roll " + " ".join(faces[:request.count])
        if request.kind == "shuffle" and self.shuffles_used >= len(self.shuffles) \
                and self.fallback is None:
            order = sorted(state.discard, key=data.HAND_CARDS.index)
            return "shuffle " + " ".join(order)
        return super().outcome(state)


@dataclass
class _Goal:
    """A goal being played: where its attempt started, the other seats' bots, counts."""

    step: Step
    start: _Snapshot
    bots: dict[int, Any]
    attempt: int = 0
    decisions: int = 0
    moves: int = 0

    def __deepcopy__(self, memo: dict[int, Any]) -> _Goal:
        # The step is the lesson's and the start is only ever copied from, never changed:
        # shared, so that an undo point costs the bots' state, not the lesson's.
        return _Goal(self.step, self.start, copy.deepcopy(self.bots, memo), self.attempt,
                     self.decisions, self.moves)


@dataclass
class _Snapshot:
    cursor: int
    state: State
    chance: LessonChance
    goal: _Goal | None
    log_length: int
    decisions: int
    ask: Ask | None = None


def exercise_order(count: int, lesson_id: str, drill: int, attempt: int | None) -> list[int]:
    """The order a drill's exercises are played in at this attempt of the lesson: the
    file's without an attempt (``--check``, ``--transcript``), else drawn from the lesson,
    the drill and the attempt, never the order of the attempt before."""
    if attempt is None:
        return list(range(count))
    return shown_order(count, lesson_id, f"drill{drill}", attempt)


def program(lesson: Lesson, attempt: int | None = None) -> tuple[tuple[Step, str, str], ...]:
    """The steps as played, each with the key that seeds its bots and its unit (what the
    review asks again: a step of the lesson, or a whole exercise; its line as a string).
    A drill becomes its introduction, then each exercise's start (a new position) and
    steps, in the order of ``exercise_order``."""
    found: list[tuple[Step, str, str]] = []
    drills = 0
    for index, step in enumerate(lesson.steps):
        found.append((step, str(index), str(step.line)))
        if step.kind != "drill":
            continue
        order = exercise_order(len(step.exercises), lesson.id, drills, attempt)
        drills += 1
        for number, position in enumerate(order, start=1):
            exercise: Exercise = step.exercises[position]
            unit = str(exercise.line)
            found.append((Step("exercise", exercise.line, options=exercise.options,
                               setup=exercise.setup,
                               place=(number, len(step.exercises))), f"x{exercise.line}",
                          unit))
            found += [(inner, f"x{inner.line}", unit) for inner in exercise.steps]
    return tuple(found)


class Runner:
    """One play of a lesson. ``pause`` is ``"say"``, ``"ask"`` or ``"end"``.

    ``attempt`` numbers the learner's plays of the lesson: it orders each drill's
    exercises (None: the file's order)."""

    def __init__(self, lesson: Lesson, attempt: int | None = None) -> None:
        self.lesson = lesson
        self.attempt = attempt
        played = program(lesson, attempt)
        #: The steps as played (``program``), the key of each that seeds its bots, and
        #: the unit of the review each belongs to.
        self.steps = tuple(step for step, _, _ in played)
        self._seeds = tuple(seed for _, seed, _ in played)
        self.units = tuple(unit for _, _, unit in played)
        #: Set by the review: the play ends when this unit is over.
        self.stop_unit: str | None = None
        #: Moves of the learner's seat that the lesson played for them (``fast_forward``).
        self.automatic = 0
        self.learner = lesson.learner
        self.log: list[Entry] = []
        #: The learner's decisions so far: the option key taken at each one.
        self.decisions: list[str] = []
        self.cursor = 0
        self.pause = ""
        self.ask: Ask | None = None
        self._goal: _Goal | None = None
        self._undo: list[_Snapshot] = []
        self._position(lesson.options, lesson.setup, lesson.lines.get("setup", 1))
        self._advance()

    def _position(self, options: dict[str, Any], setup: Setup, line: int) -> None:
        """A new game from ``options`` and ``setup``: deal, lay the piles, stop before the
        first roll (so that narration can announce it)."""
        try:
            self.state = State(Options.from_dict(dict(options)), list(self.lesson.seats))
            self.chance = LessonChance(setup)
        except CelestiaError as err:
            raise self._error(line, err) from err
        self._resolve_chance(line, narrate=False, rolls=False)

    # --- Deciding ---------------------------------------------------------------------------
    @property
    def step(self) -> Step | None:
        steps = self.steps
        return steps[self.cursor] if self.cursor < len(steps) else None

    @property
    def unit(self) -> str | None:
        """The unit of the review the current step belongs to."""
        return self.units[self.cursor] if self.cursor < len(self.units) else None

    def proceed(self) -> None:
        """Go on after a ``say`` pause."""
        if self.pause == "say":
            self.cursor += 1
            self._advance()

    def judge(self, key: str) -> Outcome:
        """Whether option ``key`` is right, logged, without playing it.

        A wrong move is explained, with the engine's reason in the learner's words if the
        rules forbid it; the position does not change.
        """
        ask = self.ask
        assert self.pause == "ask" and ask is not None
        option = ask.option(key)
        assert option is not None, key
        self.log.append(Entry("chosen", N_("You chose: {choice}"), {"_choice": option.label}))
        if option.correct:
            return Outcome(True, option)
        refusal = None
        if option.action is not None and option.action not in self.state.legal_actions():
            try:
                self.state.clone().apply(option.action)
            except IllegalAction as err:
                refusal = err
        self.log.append(Entry("wrong", option.why, {**ask.params, "_rules": option.rules},
                              option.context))
        if refusal is not None:
            self.log.append(self._refusal_entry(refusal, option.action, ask))
        return Outcome(False, option, refusal)

    def answer(self, key: str) -> Outcome:
        """Answer with option ``key``: a right answer is played and the lesson goes on; a
        wrong one leaves everything as it was (the learner may try again)."""
        outcome = self.judge(key)
        if not outcome.correct:
            return outcome
        ask = self.ask
        assert ask is not None
        self._undo.append(_Snapshot(self.cursor, self.state.clone(), copy.deepcopy(self.chance),
                                    copy.deepcopy(self._goal), len(self.log) - 1,
                                    len(self.decisions), ask))
        self.decisions.append(key)
        option = outcome.option
        if option.why and ask.kind != "goal":
            self.log.append(Entry("right", option.why, ask.params, option.context))
        step = ask.step
        if option.action is not None:
            self._play(option.action, step.line, narrate=True)
        if self._goal is not None:
            self._goal.decisions += 1
            self.ask = None
            outcome.goal = self._run_goal()
            if outcome.goal == "missed":
                # A new attempt starts afresh: undo goes back before the goal, not into the
                # attempt that missed it.
                self._undo = [s for s in self._undo if s.goal is None]
        else:
            self.cursor += 1
        self._advance()
        return outcome

    def undo(self) -> bool:
        """Go back to the learner's last decision; False when there is none."""
        if not self._undo:
            return False
        snap = self._undo.pop()
        self.cursor = snap.cursor
        self.state = snap.state
        self.chance = snap.chance
        self._goal = snap.goal
        del self.log[snap.log_length:]
        del self.decisions[snap.decisions:]
        self.ask = snap.ask
        self.pause = "ask"
        return True

    def fork(self) -> Runner:
        """An independent copy at this very moment (the review asks a question again on
        its copy, so that the lesson itself stays where it is)."""
        twin = copy.copy(self)
        twin.state = self.state.clone()
        twin.chance = copy.deepcopy(self.chance)
        twin._goal = copy.deepcopy(self._goal)
        twin.log = list(self.log)
        twin.decisions = list(self.decisions)
        twin._undo = []
        return twin

    # --- Texts ------------------------------------------------------------------------------
    def placeholders(self) -> dict[str, Any]:
        """The values a lesson's texts may name in braces, e.g. ``{dice}``."""
        state = self.state
        dest = state.dest if state.dest else None
        found: dict[str, Any] = {
            "learner": state.seats[self.learner],
            "captain": state.seats[state.captain],
            "city": state.city,
            "dest": dest or "",
            "dice": data.DICE_TO_REACH.get(dest, 0) if dest else 0,
            "pile": len(state.piles[state.city]),
            "points": state.points(self.learner),
            "score": state.score(self.learner),
            "voyage": state.voyage,
            "captain_cards": sum(state.hands[state.captain].values()),
            "hazards": sum(1 for face in state.dice if face in data.HAZARDS),
            "end_score": data.END_SCORE,
            "hand_size": data.hand_size(state.players),
            "spyglass_points": state.options.spyglass_points,
            "beginner_cities": data.BEGINNER_CITIES_TO_END,
            "first_city": data.CITY_VALUES[0],
            "last_city": data.CITY_VALUES[-1],
            "cities": len(data.CITY_VALUES),
            "dice_in_box": data.DICE_IN_BOX,
        }
        for city, count in data.DICE_TO_REACH.items():
            found[f"dice_to_{city}"] = count
        found.update(box_values())
        if self.lesson.uses_odds:
            found.update(self._odds())
        return found

    def _odds(self) -> dict[str, Any]:
        """The coach's exact figures, as the learner may know them (``tutor.practice.odds``):
        ``pay_chance`` (the captain gets through the dice shown, or the coming roll),
        ``pay_chance_equipment`` (with Equipment alone), ``leave_points`` (a treasure
        taken here, on average), ``next_points`` (one taken at the next city) and
        ``stay_points`` (staying now and leaving at the next city: ``pay_chance`` ×
        ``next_points``, as a crash brings nothing)."""
        state = self.state
        options = state.options
        found: dict[str, Any] = {"pay_chance": Percent(Fraction(0)),
                                 "pay_chance_equipment": Percent(Fraction(0)),
                                 "leave_points": Points(Fraction(0)),
                                 "next_points": Points(Fraction(0)),
                                 "stay_points": Points(Fraction(0))}
        if not state.voyage or state.actor == TERMINAL:
            return found
        try:
            advice = figures(View.from_observation(
                state.observation(self.learner), options.variant, options.grappling_hook,
                options.spyglass_points))
        except CelestiaError:
            return found
        pays = advice.captain_pays or advice.captain_step or advice.own_pass
        if pays is not None:
            found["pay_chance"] = Percent(pays.with_turbos)
            found["pay_chance_equipment"] = Percent(pays.equipment)
        if advice.leave_now is not None:
            found["leave_points"] = Points(advice.leave_now)
        if advice.leave_next is not None:
            found["next_points"] = Points(advice.leave_next)
            if pays is not None:
                found["stay_points"] = Points(pays.with_turbos * advice.leave_next)
        return found

    # --- Playing the steps ------------------------------------------------------------------
    def _advance(self) -> None:
        steps = self.steps
        self.ask = None
        while True:
            if self._goal is not None:
                if self._goal_pause():
                    return
                continue
            if self.cursor >= len(steps) or (self.stop_unit is not None
                                              and self.units[self.cursor] != self.stop_unit):
                self.pause = "end"
                return
            step = steps[self.cursor]
            if step.kind in ("say", "drill"):
                self.log.append(Entry("say", step.text, self.placeholders(), step.context))
                self._check_text(step.text, step.line)
                self.pause = "say"
                return
            if step.kind in ("prompt", "move"):
                self._open_question(step)
                return
            if step.kind == "goal":
                self._start_goal(step)
                continue
            if step.kind == "do":
                for action in step.actions:
                    self._need_decision(step.line)
                    actor = self.state.actor
                    if actor == self.learner:
                        raise LessonError(N_("{file}, line {line}: this move is the learner's "
                                             "({name}) to make: ask for it with a prompt, a "
                                             "move or a goal step."), file=self._file,
                                          line=step.line, name=self.state.seats[actor])
                    if step.by is not None and actor != self.state.seats.index(step.by):
                        raise LessonError(N_("{file}, line {line}: {name} should decide now, "
                                             "but the engine waits for {actor}."),
                                          file=self._file, line=step.line, name=step.by,
                                          actor=self._actor_name())
                    self._play(action, step.line, narrate=True)
            elif step.kind == "check":
                # Roll a new step's dice only if the check is about the roll or who
                # decides after it, so that narration after a check can announce the roll.
                rolls = bool({"phase", "actor", "dice"} & step.check.keys())
                self._resolve_chance(step.line, rolls=rolls)
                self._verify(step.check, step.line)
            elif step.kind == "fast_forward":
                self._fast_forward(step)
            elif step.kind == "position":
                assert step.setup is not None
                self._position(step.options, step.setup, step.line)
            elif step.kind == "exercise":
                assert step.setup is not None
                self._position(step.options, step.setup, step.line)
                number, count = step.place
                self.log.append(Entry("exercise", N_("Exercise {number} of {count}"),
                                      {"number": number, "count": count}))
            self.cursor += 1

    def _open_question(self, step: Step) -> None:
        """Pause at a ``prompt`` or ``move`` step."""
        for text in (step.text, *step.hints, step.feedback, step.otherwise,
                     *(e.text for e in step.explain),
                     *(t for c in step.choices for t in (c.label, c.why) if t)):
            if text:
                self._check_text(text, step.line)
        moves = step.kind == "move" or step.choices[0].action is not None
        if moves:
            self._need_decision(step.line)
            if self.state.actor != self.learner:
                raise LessonError(N_("{file}, line {line}: the question offers moves, but the "
                                     "engine waits for {actor}, not the learner."),
                                  file=self._file, line=step.line, actor=self._actor_name())
        params = self.placeholders()
        if step.kind == "move":
            options = self._move_options(step)
            kind = "move"
        else:
            options = self._choice_options(step, params)
            kind = "choice" if moves else "quiz"
        self.log.append(Entry("prompt", step.text, params, step.context))
        self.ask = Ask(str(self.cursor), kind, step, options, params)
        self.pause = "ask"

    def _choice_options(self, step: Step, params: dict[str, Any]) -> tuple[Option, ...]:
        legal = self.state.legal_actions() if step.choices[0].action is not None else []
        options = []
        for i, choice in enumerate(step.choices):
            if choice.action is not None:
                if choice.correct and choice.action not in legal:
                    raise LessonError(NOT_LEGAL, file=self._file, line=choice.line,
                                      action=choice.action, legal=", ".join(legal))
                if not choice.correct and choice.action not in legal:
                    try:
                        self.state.clone().apply(choice.action)
                    except IllegalAction:
                        pass
                    except CelestiaError as err:
                        raise self._error(choice.line, err) from err
            options.append(Option(f"c{i}", choice.action, choice.correct,
                                  Phrase(choice.label, params, context=choice.context),
                                  choice.why, choice.rules, choice.context))
        return tuple(options)

    def _move_options(self, step: Step) -> tuple[Option, ...]:
        """Every legal move; those the step accepts (all, if it names none) are right."""
        legal = self.state.legal_actions()
        for action in step.actions:
            if action not in legal:
                raise LessonError(NOT_LEGAL, file=self._file, line=step.line, action=action,
                                  legal=", ".join(legal))
        accepted = set(step.actions or legal)
        options = []
        for action in legal:
            right = action in accepted
            why, context = step.feedback_for(action) if right else step.why_not(action)
            if not right and not why:
                raise LessonError(N_('{file}, line {line}: the move "{action}" is neither '
                                     'accepted nor explained: add it to "explain", or write '
                                     '"otherwise".'), file=self._file, line=step.line,
                                  action=action)
            options.append(Option(action, action, right, move_phrase(action, self.state), why,
                                  () if right else step.rules, context))
        return tuple(options)

    # --- Goals ------------------------------------------------------------------------------
    def _start_goal(self, step: Step) -> None:
        for text in (step.text, step.feedback, step.fail, *step.hints):
            if text:
                self._check_text(text, step.line)
        self.log.append(Entry("goal", step.text, self.placeholders(), step.context))
        start = _Snapshot(self.cursor, self.state.clone(), copy.deepcopy(self.chance), None,
                          len(self.log), len(self.decisions))
        self._goal = _Goal(step, start, self._bots(step))

    def _bots(self, step: Step) -> dict[int, Any]:
        """The other seats' players for a goal: the same every attempt."""
        if step.others not in BOT_STYLES:
            raise LessonError(N_('{file}, line {line}: "{name}" is not a bot style; the styles '
                                 "are: {styles}."), file=self._file, line=step.line,
                              name=step.others, styles=", ".join(BOT_STYLES))
        seed = self._seeds[self.cursor]
        return {p: make_bot(step.others,
                            seed=zlib.crc32(f"{self.lesson.id}|{seed}|{p}".encode()))
                for p in range(self.state.players) if p != self.learner}

    def _goal_pause(self) -> bool:
        """Play the goal on until the learner decides (True) or the attempt ends (False)."""
        goal = self._goal
        assert goal is not None
        result = self._run_goal()
        if result is not None:
            return False
        state = self.state
        legal = state.legal_actions()
        options = tuple(Option(action, action, True, move_phrase(action, state))
                        for action in legal)
        self.ask = Ask(f"{self.cursor}.{goal.decisions}", "goal", goal.step, options,
                       self.placeholders())
        self.pause = "ask"
        return True

    def _run_goal(self) -> str | None:
        """Let chance and the other seats play until the learner must decide (None) or the
        goal's ``until`` holds: then ``reached`` or ``missed`` (a new attempt starts)."""
        goal = self._goal
        assert goal is not None
        step = goal.step
        while True:
            # The goal is judged as soon as ``until`` holds, before chance moves on (a new
            # voyage's dice are not rolled for nothing).
            if not self._mismatches(step.check) or self.state.actor == TERMINAL:
                return self._judge_goal()
            actor = self.state.actor
            if actor == CHANCE:
                self._need_decision(step.line)
                continue
            if actor == self.learner:
                return None
            goal.moves += 1
            if goal.moves > step.max_moves:
                raise LessonError(N_("{file}, line {line}: the goal is still not decided after "
                                     "{count} moves."), file=self._file, line=step.line,
                                  count=step.max_moves)
            self._play(goal.bots[actor].choose(self.state, actor), step.line, narrate=True)

    def _judge_goal(self) -> str:
        goal = self._goal
        assert goal is not None
        step = goal.step
        if not self._mismatches(step.success):
            if step.feedback:
                self.log.append(Entry("reached", step.feedback, self.placeholders(),
                                      step.context))
            self._goal = None
            self.cursor += 1
            return "reached"
        self.log.append(Entry("missed", step.fail, {**self.placeholders(),
                                                    "_rules": step.rules}, step.context))
        start = goal.start
        self.state = start.state.clone()
        self.chance = copy.deepcopy(start.chance)
        goal.attempt += 1
        goal.decisions = 0
        goal.moves = 0
        goal.bots = self._bots(step)
        self.log.append(Entry("goal", step.text, self.placeholders(), step.context))
        return "missed"

    # --- Moves and chance -------------------------------------------------------------------
    def _need_decision(self, line: int) -> None:
        """Roll the dice the game waits for; fail if the script has none left."""
        self._resolve_chance(line)
        if self.state.actor == CHANCE:
            raise LessonError(N_("{file}, line {line}: the chance script has no more dice "
                                 "rolls (roll number {number} is needed here)."),
                              file=self._file, line=line, number=self.chance.rolls_used + 1)

    def _check_text(self, text: str, line: int) -> None:
        try:
            text.format(**self.placeholders())
        except (KeyError, IndexError, ValueError) as err:
            raise LessonError(N_("{file}, line {line}: the text names a value that does not "
                                 "exist: {name}. Known values: {known}."),
                              file=self._file, line=line, name=str(err),
                              known=", ".join(sorted(self.placeholders()))) from err

    def _play(self, action: str, line: int, narrate: bool,
              kinds: frozenset[str] | None = None) -> None:
        self._need_decision(line)
        if self.state.actor < 0:
            raise LessonError(N_('{file}, line {line}: "{action}" cannot be played: nobody '
                                 "decides now."), file=self._file, line=line, action=action)
        try:
            events = self.state.apply(action)
        except CelestiaError as err:
            raise self._error(line, err, action) from err
        if narrate:
            self._narrate(events, kinds)

    def _resolve_chance(self, line: int, narrate: bool = True,
                        kinds: frozenset[str] | None = None, rolls: bool = True) -> None:
        while self.state.actor == CHANCE:
            request = self.state.chance_request
            if request is not None and request.kind == "roll" and (
                    (not rolls and self.state.phase == "roll") or not self.chance.has_roll()):
                # A new step's roll waits until a step needs it (rerolls do not wait);
                # past the end of the script, a step that needs the roll reports it.
                return
            try:
                events = self.state.apply(self.chance.outcome(self.state))
            except CelestiaError as err:
                raise self._error(line, err) from err
            if narrate:
                self._narrate(events, kinds)

    def _narrate(self, events: list[Event], kinds: frozenset[str] | None) -> None:
        for event in events:
            if event.to not in (None, self.learner):
                continue
            if kinds is not None and event.kind not in kinds:
                continue
            self.log.append(Entry("event", event.msgid, dict(event.params)))

    def _fast_forward(self, step: Step) -> None:
        """Play on until ``until`` holds, narrating every move as it happens; a new
        voyage's dice are rolled only if the position needs them (never before the
        narration that follows can announce them)."""
        for _ in range(step.max_moves):
            self._resolve_chance(step.line, rolls=False)
            if not self._mismatches(step.check):
                return
            self._need_decision(step.line)
            if not self._mismatches(step.check):
                return
            legal = self.state.legal_actions()
            if not legal:
                break
            action = next((a for a in step.prefer if a in legal), legal[0])
            if self.state.actor == self.learner:
                self.automatic += 1
            self._play(action, step.line, narrate=True)
        self._verify(step.check, step.line)

    def _refusal_entry(self, err: IllegalAction, action: str, ask: Ask) -> Entry:
        """The engine's refusal in the learner's words: the moves among the choices on
        screen that the rules allow now, or the engine's own sentence (cards and faces in
        the glossary's words); with the rule that forbids the move tried."""
        if err.msgid == NOT_POSSIBLE:
            legal = self.state.legal_actions()
            moves = tuple(o.label for o in ask.options
                          if o.action is not None and o.action in legal)
            rule = move_rule(action) or err.rule
            if not moves:
                return Entry("refused", N_("The rules do not allow this now."),
                             {"_rule": rule})
            return Entry("refused", N_("The rules do not allow this now; of your choices, "
                                       "they allow {moves}."),
                         {"_moves": moves, "_rule": rule})
        return Entry("refused", N_("The rules forbid it: {reason}"),
                     {"_error": err, "_rule": err.rule})

    # --- State checks -----------------------------------------------------------------------
    def _verify(self, spec: dict[str, Any], line: int) -> None:
        problems = self._mismatches(spec)
        if problems:
            key, expected, actual = problems[0]
            raise LessonError(N_('{file}, line {line}: the check of "{key}" expects {expected}, '
                                 "but the game shows {actual}."), file=self._file,
                              line=spec.get("_line", line), key=key, expected=str(expected),
                              actual=str(actual))

    def _mismatches(self, spec: dict[str, Any]) -> list[tuple[str, Any, Any]]:
        state = self.state
        seats = state.seats

        def seat(name: Any) -> int:
            return seats.index(name) if name in seats else -99

        def per_seat(expected: Any, value: Any) -> tuple[Any, Any]:
            """Seat → value, compared with a number or a ``{min, max}`` bound."""
            actual, wanted = {}, {}
            for name, bound in (expected or {}).items():
                number = value(seat(name)) if seat(name) >= 0 else None
                if isinstance(bound, dict) and number is not None:
                    ok = bound.get("min", number) <= number <= bound.get("max", number)
                    actual[name], wanted[name] = number, number if ok else bound
                else:
                    actual[name], wanted[name] = number, bound
            return wanted, actual

        problems: list[tuple[str, Any, Any]] = []
        for key, expected in spec.items():
            if key == "_line":
                continue
            if key == "any":
                if all(self._mismatches(option) for option in expected):
                    problems.append((key, expected, "none of them"))
                continue
            if key == "phase":
                actual: Any = state.phase
            elif key == "actor":
                actual = self._actor_name()
            elif key == "captain":
                actual = seats[state.captain]
            elif key in ("city", "dest", "voyage"):
                actual = getattr(state, key)
            elif key == "dice":
                actual = " ".join(state.dice)
            elif key == "aboard":
                actual = sorted(seats[p] for p in range(state.players) if state.aboard[p])
                expected = sorted(expected or [])
            elif key == "ashore":
                # These players' voyage is over (or the game is).
                actual = sorted(name for name in expected or []
                                if seat(name) >= 0 and (not state.aboard[seat(name)]
                                                        or state.actor == TERMINAL))
                expected = sorted(expected or [])
            elif key == "route":
                actual = state.route()
            elif key == "draw":
                actual = len(state.draw)
            elif key == "over":
                actual = state.actor == TERMINAL
            elif key == "winners":
                actual = sorted(seats[p] for p in state.winners)
                expected = sorted(expected or [])
            elif key == "leader":
                # The named player's score is at least every other player's.
                scores = state.scores()
                best = max(scores)
                actual = [name for name in seats if scores[seat(name)] == best]
                if expected in actual:
                    actual = expected
            elif key == "hand":
                actual = {name: {card: state.hands[seat(name)].get(card, 0) if seat(name) >= 0
                                 else None for card in cards}
                          for name, cards in (expected or {}).items()}
            elif key == "points":
                expected, actual = per_seat(expected, state.points)
            elif key == "scores":
                expected, actual = per_seat(expected, state.score)
            elif key == "treasures":
                expected, actual = per_seat(expected, lambda p: len(state.treasures[p]))
            elif key == "left_at":
                # The city of the seat's last treasure: where it left the airship.
                expected, actual = per_seat(expected, lambda p: state.treasures[p][-1].city
                                            if state.treasures[p] else 0)
            elif key == "cities":
                expected, actual = per_seat(expected, state.cities_held)
            else:  # piles
                actual = {city: len(state.piles.get(int(city), [])) for city in expected or {}}
            if actual != expected:
                problems.append((key, expected, actual))
        return problems

    # --- Errors -----------------------------------------------------------------------------
    @property
    def _file(self) -> str:
        return Path(self.lesson.path).name

    def _actor_name(self) -> str:
        actor = self.state.actor
        if actor == CHANCE:
            return "chance"
        if actor == TERMINAL:
            return "nobody (the game is over)"
        return self.state.seats[actor]

    def _error(self, line: int, err: CelestiaError, action: str = "") -> LessonError:
        if action:
            error = LessonError(N_('{file}, line {line}: the engine rejects "{action}": '
                                   "{reason}"), file=self._file, line=line, action=action,
                                reason=err.english())
        else:
            error = LessonError(N_("{file}, line {line}: {reason}"), file=self._file,
                                line=line, reason=err.english())
        error.cause = err
        return error


def first_answer(runner: Runner, overrides: dict[str, str] | None = None,
                 solutions: dict[str, list[str]] | None = None) -> str:
    """The option key a play-through takes at the runner's question: an override, else the
    first accepted answer in the file's order; in a goal, the next move of its solution."""
    ask = runner.ask
    assert ask is not None
    if ask.kind == "goal":
        goal_key = ask.key.split(".")[0]
        if solutions is None:
            solutions = {}
        moves = solutions.setdefault(goal_key, list(ask.step.solution))
        if not moves:
            raise LessonError(N_("{file}, line {line}: the goal's solution ends before the "
                                 "goal is reached."), file=Path(runner.lesson.path).name,
                              line=ask.step.line)
        action = moves.pop(0)
        if ask.option(action) is None:
            raise LessonError(N_('{file}, line {line}: the solution\'s move "{action}" is '
                                 "not a legal move here; the legal moves are: {legal}."),
                              file=Path(runner.lesson.path).name, line=ask.step.line,
                              action=action, legal=", ".join(o.key for o in ask.options))
        return action
    override = (overrides or {}).get(ask.key)
    if override is not None:
        return override
    return next(o.key for o in ask.options if o.correct)
