"""Playing a lesson on the full engine: set-up, scripted chance, steps, checks, undo.

The runner knows nothing of screens. It advances through the steps until the learner
must read (a ``say``), answer (a ``prompt``) or the lesson ends, and records what was
said and what happened as ``Entry`` items that are translated only when shown, so that
the language can change at any moment. Any move the engine rejects, any failed state
check and any missing die roll is a ``LessonError`` naming the file and line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine import CHANCE, TERMINAL, Options, ScriptedChance, State, data
from ..engine.messages import N_, CelestiaError, ChanceError, Event, IllegalAction
from .errors import LessonError
from .schema import Choice, Lesson, Step

#: Event kinds narrated while fast-forwarding (the rest would drown the reader).
FAST_FORWARD_KINDS = frozenset({"voyage", "reshuffle", "no-cards", "crash", "game-over",
                                "voyage-end"})


@dataclass
class Entry:
    """One line of narration, translated when shown.

    ``kind``: ``say``, ``event``, ``prompt``, ``chosen``, ``right``, ``wrong``, ``refused``,
    ``hint``, ``skip``. ``msgid``/``params`` are rendered by ``tutor.lessons.render``.
    """

    kind: str
    msgid: str
    params: dict[str, Any] = field(default_factory=dict)


@dataclass
class Outcome:
    """What answering a question did."""

    correct: bool
    choice: Choice
    refusal: IllegalAction | None = None   # the engine's reason, for a forbidden move


class LessonChance(ScriptedChance):
    """The lesson's chance script: a roll may list more faces than the dice rolled (the
    first ones are used), and a reshuffle the script does not order keeps the discard
    pile in card order, so that every lesson is fully determined."""

    def outcome(self, state: State) -> str:
        request = state.chance_request
        assert request is not None
        if request.kind == "roll":
            if self.rolls_used >= len(self.rolls):
                raise ChanceError(N_("The chance script has no more dice rolls (roll number "
                                     "{number} was asked for)."), number=self.rolls_used + 1)
            faces = self.rolls[self.rolls_used]
            if len(faces) < request.count:
                raise ChanceError(N_("Roll number {number} of the script shows {faces} faces, "
                                     "but {count} dice are rolled."),
                                  number=self.rolls_used + 1, faces=len(faces),
                                  count=request.count)
            self.rolls_used += 1
            return "roll " + " ".join(faces[:request.count])
        if request.kind == "shuffle" and self.shuffles_used >= len(self.shuffles):
            order = sorted(state.discard, key=data.HAND_CARDS.index)
            return "shuffle " + " ".join(order)
        return super().outcome(state)


@dataclass
class _Snapshot:
    cursor: int
    state: State
    rolls_used: int
    shuffles_used: int
    log_length: int
    answers: int


class Runner:
    """One play of a lesson. ``pause`` is ``"say"``, ``"prompt"`` or ``"end"``."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.learner = lesson.learner
        self.log: list[Entry] = []
        self.answers: list[int] = []       # index of the choice accepted at each question
        self.cursor = 0
        self.pause = ""
        self._undo: list[_Snapshot] = []
        try:
            self.state = State(Options.from_dict(dict(lesson.options)), list(lesson.seats))
            self.chance = LessonChance(
                lesson.rolls,
                hands=[list(h) for h in lesson.hands] if lesson.hands is not None else None,
                draw=lesson.draw,
                piles={c: list(top) for c, top in lesson.piles.items()},
                shuffles=lesson.shuffles,
            )
        except CelestiaError as err:
            raise self._error(lesson.lines.get("options", 1), err) from err
        # Deal and lay the piles now; dice are rolled only when a step needs them, so that
        # the narration can announce a roll before it happens.
        self._resolve_chance(lesson.lines.get("setup", 1), narrate=False, rolls=False)
        self._advance()

    # --- Questions -------------------------------------------------------------------------
    @property
    def step(self) -> Step | None:
        steps = self.lesson.steps
        return steps[self.cursor] if self.cursor < len(steps) else None

    def proceed(self) -> None:
        """Go on after a ``say`` pause."""
        if self.pause == "say":
            self.cursor += 1
            self._advance()

    def try_choice(self, index: int) -> Outcome:
        """Answer the current question with choice ``index`` (0-based).

        A correct choice is played and the lesson goes on; a wrong one leaves everything
        as it was (the learner may try again), with the engine's refusal if the rules
        forbid that move.
        """
        step = self.step
        assert self.pause == "prompt" and step is not None
        choice = step.choices[index]
        self.log.append(Entry("chosen", N_("You chose: {choice}"),
                              {**self.placeholders(), "_choice": choice.label}))
        if not choice.correct:
            refusal = None
            if choice.action is not None and choice.action not in self.state.legal_actions():
                try:
                    self.state.clone().apply(choice.action)
                except IllegalAction as err:
                    refusal = err
            self.log.append(Entry("wrong", choice.why, {**self.placeholders(),
                                                        "_rules": choice.rules}))
            return Outcome(False, choice, refusal)
        self._undo.append(_Snapshot(self.cursor, self.state.clone(), self.chance.rolls_used,
                                    self.chance.shuffles_used, len(self.log) - 1,
                                    len(self.answers)))
        self.answers.append(index)
        if choice.why:
            self.log.append(Entry("right", choice.why, self.placeholders()))
        if choice.action is not None:
            self._play(choice.action, step.line, narrate=True)
        self.cursor += 1
        self._advance()
        return Outcome(True, choice)

    def undo(self) -> bool:
        """Go back to the last question answered; False when there is none."""
        if not self._undo:
            return False
        snap = self._undo.pop()
        self.cursor = snap.cursor
        self.state = snap.state
        self.chance.rolls_used = snap.rolls_used
        self.chance.shuffles_used = snap.shuffles_used
        del self.log[snap.log_length:]
        del self.answers[snap.answers:]
        self.pause = "prompt"
        return True

    def correct_indices(self) -> list[int]:
        step = self.step
        return [i for i, c in enumerate(step.choices) if c.correct] if step else []

    # --- Texts -----------------------------------------------------------------------------
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
        return found

    # --- Playing the steps -----------------------------------------------------------------
    def _advance(self) -> None:
        steps = self.lesson.steps
        while self.cursor < len(steps):
            step = steps[self.cursor]
            if step.kind == "say":
                self.log.append(Entry("say", step.text, self.placeholders()))
                self._check_text(step.text, step.line)
                self.pause = "say"
                return
            if step.kind == "prompt":
                self._open_question(step)
                self.pause = "prompt"
                return
            if step.kind == "do":
                for action in step.actions:
                    self._need_decision(step.line)
                    if step.by is not None and self.state.actor != self.state.seats.index(step.by):
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
            self.cursor += 1
        self.pause = "end"

    def _open_question(self, step: Step) -> None:
        self.log.append(Entry("prompt", step.prompt, self.placeholders()))
        for text in (step.prompt, *step.hints,
                     *(t for c in step.choices for t in (c.label, c.why) if t)):
            self._check_text(text, step.line)
        if step.choices[0].action is None:
            return
        self._need_decision(step.line)
        if self.state.actor != self.learner:
            raise LessonError(N_("{file}, line {line}: the question offers moves, but the "
                                 "engine waits for {actor}, not the learner."),
                              file=self._file, line=step.line, actor=self._actor_name())
        legal = self.state.legal_actions()
        for choice in step.choices:
            if choice.correct and choice.action not in legal:
                raise LessonError(N_('{file}, line {line}: the accepted answer "{action}" is '
                                     "not a legal move here; the legal moves are: {legal}."),
                                  file=self._file, line=choice.line, action=choice.action,
                                  legal=", ".join(legal))
            if not choice.correct and choice.action not in legal:
                try:
                    self.state.clone().apply(choice.action)
                except IllegalAction:
                    continue
                except CelestiaError as err:
                    raise self._error(choice.line, err) from err

    def _need_decision(self, line: int, kinds: frozenset[str] | None = None) -> None:
        """Roll the dice the game waits for; fail if the script has none left."""
        self._resolve_chance(line, kinds=kinds)
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
        self._need_decision(line, kinds)
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
                    (not rolls and self.state.phase == "roll")
                    or self.chance.rolls_used >= len(self.chance.rolls)):
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
        for _ in range(step.max_moves):
            self._resolve_chance(step.line, kinds=FAST_FORWARD_KINDS)
            if not self._mismatches(step.check):
                return
            self._need_decision(step.line)
            legal = self.state.legal_actions()
            if not legal:
                break
            action = next((a for a in step.prefer if a in legal), legal[0])
            self._play(action, step.line, narrate=True, kinds=FAST_FORWARD_KINDS)
        self._verify(step.check, step.line)

    # --- State checks ----------------------------------------------------------------------
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

        problems: list[tuple[str, Any, Any]] = []
        for key, expected in spec.items():
            if key == "_line":
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
            elif key == "route":
                actual = state.route()
            elif key == "draw":
                actual = len(state.draw)
            elif key == "over":
                actual = state.actor == TERMINAL
            elif key == "winners":
                actual = sorted(seats[p] for p in state.winners)
                expected = sorted(expected or [])
            elif key == "hand":
                actual = {name: {card: state.hands[seat(name)].get(card, 0) if seat(name) >= 0
                                 else None for card in cards}
                          for name, cards in (expected or {}).items()}
            elif key == "points":
                actual = {name: state.points(seat(name)) if seat(name) >= 0 else None
                          for name in (expected or {})}
            elif key == "treasures":
                actual = {name: len(state.treasures[seat(name)]) if seat(name) >= 0 else None
                          for name in (expected or {})}
            else:  # piles
                actual = {city: len(state.piles.get(int(city), [])) for city in expected or {}}
            if actual != expected:
                problems.append((key, expected, actual))
        return problems

    # --- Errors ----------------------------------------------------------------------------
    @property
    def _file(self) -> str:
        from pathlib import Path

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
