"""Reading a lesson file (YAML, loaded safely) into a checked ``Lesson``.

The format is documented in ``scenarios/README.md``. Every structural mistake is reported
with the file, the line (from the YAML node marks) and what is wrong; whether the moves
are legal is checked afterwards by playing the lesson on the engine (``runner``).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import yaml
from yaml.constructor import ConstructorError, SafeConstructor

from ..engine import data
from ..engine.messages import N_
from ..file_errors import os_reason, yaml_reason
from ..grammar import GrammarError, parse_genders
from ..storage import read_text
from .errors import LessonError
from .schema import (
    ASKING_KINDS,
    BOUNDED_KEYS,
    CHECK_KEYS,
    EXERCISE_KINDS,
    ID_PATTERN,
    LESSON_KEYS,
    NOTE_KEYS,
    ODDS_VALUES,
    OPTION_KEYS,
    RULE_PATTERN,
    SETUP_KEYS,
    STEP_KINDS,
    Choice,
    Exercise,
    Explanation,
    Lesson,
    RecapLine,
    Setup,
    Step,
)

#: The fewest choices a question may offer.
MIN_CHOICES = 3

_NOT_A_LIST = N_('{file}, line {line}: "{key}" must be a list.')
_NOT_A_STEP = N_('{file}, line {line}: each entry of "steps" is a mapping whose first key is '
                 "one of: {kinds}.")
_NOT_A_RULE = N_('{file}, line {line}: "{rule}" is not a rule id such as "3.4".')
_NOT_A_SEAT = N_('{file}, line {line}: "{name}" is not one of the seats.')


class _Reader:
    """Walks the composed YAML nodes, so that every error can name its line."""

    def __init__(self, file: str) -> None:
        self.file = file
        self._constructor = SafeConstructor()

    def fail(self, node: yaml.Node | None, msgid: str, **params: Any) -> LessonError:
        line = node.start_mark.line + 1 if node is not None else 1
        return LessonError(msgid, file=self.file, line=line, **params)

    def value(self, node: yaml.Node) -> Any:
        try:
            return self._constructor.construct_object(node, deep=True)
        except ConstructorError as err:
            raise self.fail(node, N_("{file}, line {line}: this value cannot be read: "
                                     "{reason}"), reason=str(err.problem)) from err

    def mapping(self, node: yaml.Node, where: str, allowed: set[str], texts: bool = False
                ) -> dict[str, tuple[yaml.Node, yaml.Node]]:
        """A mapping's keys and values; ``texts``: its texts may carry a ``context`` and a
        ``translators`` note (``scenarios/README.md``)."""
        if texts:
            allowed = allowed | NOTE_KEYS
        if not isinstance(node, yaml.MappingNode):
            raise self.fail(node, N_("{file}, line {line}: {where} must be a mapping of keys "
                                     "to values."), where=where)
        found: dict[str, tuple[yaml.Node, yaml.Node]] = {}
        for key, value in node.value:
            name = str(key.value)
            if name in found:
                raise self.fail(key, N_('{file}, line {line}: the key "{key}" appears twice.'),
                                key=name)
            if name not in allowed:
                raise self.fail(key, N_('{file}, line {line}: unknown key "{key}" in {where}; '
                                        "the keys are: {known}."), key=name, where=where,
                                known=", ".join(sorted(allowed)))
            found[name] = (key, value)
        return found

    def text(self, node: yaml.Node, key: str) -> str:
        value = self.value(node)
        if not isinstance(value, str) or not value.strip():
            raise self.fail(node, N_('{file}, line {line}: "{key}" must be a text that is not '
                                     "empty."), key=key)
        return value

    def texts(self, node: yaml.Node, key: str) -> tuple[str, ...]:
        if not isinstance(node, yaml.SequenceNode):
            raise self.fail(node, _NOT_A_LIST, key=key)
        return tuple(self.text(item, key) for item in node.value)

    def words(self, node: yaml.Node, key: str) -> tuple[str, ...]:
        """A list of words, written as a YAML list or as one string separated by spaces."""
        value = self.value(node)
        if isinstance(value, str):
            return tuple(value.split())
        if isinstance(value, list) and all(isinstance(v, str | int) and not isinstance(v, bool)
                                           for v in value):
            return tuple(str(v) for v in value)
        raise self.fail(node, N_('{file}, line {line}: "{key}" must be a list of words.'),
                        key=key)

    def whole(self, node: yaml.Node, key: str, low: int) -> int:
        """A whole number of at least ``low``."""
        value = self.value(node)
        if not isinstance(value, int) or isinstance(value, bool) or value < low:
            raise self.fail(node, N_('{file}, line {line}: "{key}" is a whole number of {low} '
                                     "or more."), key=key, low=low)
        return value

    def sequence(self, node: yaml.Node, key: str) -> list[yaml.Node]:
        if not isinstance(node, yaml.SequenceNode):
            raise self.fail(node, _NOT_A_LIST, key=key)
        return list(node.value)


#: Far more than any lesson file takes (the longest is some 8 kB).
MAX_LESSON_BYTES = 1024 * 1024


def load_lesson(path: str | Path) -> Lesson:
    """Read and check one lesson file's structure."""
    path = Path(path)
    file = path.name
    reader = _Reader(file)
    try:
        source = read_text(path, MAX_LESSON_BYTES)
    except (OSError, UnicodeDecodeError) as err:
        raise LessonError(N_("{file}, line {line}: the file cannot be read: {reason}"),
                          file=file, line=1, reason=os_reason(err)) from err
    try:
        # libyaml's parser when present: several times faster, with the same line marks.
        root = yaml.compose(source, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        raise LessonError(N_("{file}, line {line}: this is not valid YAML: {reason}"),
                          file=file, line=mark.line + 1 if mark else 1,
                          reason=yaml_reason(err)) from err
    if root is None:
        raise LessonError(N_("{file}, line {line}: the file is empty."), file=file, line=1)
    top = reader.mapping(root, "the lesson", LESSON_KEYS)
    for required in ("id", "title", "summary", "seats", "steps"):
        if required not in top:
            raise reader.fail(root, N_('{file}, line {line}: the lesson needs the key '
                                       '"{key}".'), key=required)
    lines = {k: key.start_mark.line + 1 for k, (key, _) in top.items()}

    id_node = top["id"][1]
    lesson_id = reader.value(id_node)
    if not isinstance(lesson_id, str) or not ID_PATTERN.match(lesson_id):
        raise reader.fail(id_node, N_("{file}, line {line}: a lesson id is written in lower "
                                      "case letters, digits and dashes, such as "
                                      '"passengers-choice".'))
    prerequisites = reader.words(top["prerequisites"][1], "prerequisites") \
        if "prerequisites" in top else ()

    seats_node = top["seats"][1]
    seats = reader.words(seats_node, "seats")
    if not data.MIN_PLAYERS <= len(seats) <= data.MAX_PLAYERS or len(set(seats)) != len(seats):
        raise reader.fail(seats_node, N_("{file}, line {line}: a lesson seats {low} to {high} "
                                         "players with different names."),
                          low=data.MIN_PLAYERS, high=data.MAX_PLAYERS)
    learner = 0
    if "learner" in top:
        node = top["learner"][1]
        name = reader.value(node)
        if name not in seats:
            raise reader.fail(node, N_('{file}, line {line}: the learner "{name}" is not one '
                                       "of the seats."), name=str(name))
        learner = seats.index(name)

    genders: dict[str, str] = {}
    if "genders" in top:
        node = top["genders"][1]
        declared = reader.value(node)
        try:
            genders = parse_genders(declared if isinstance(declared, dict) else {None: None})
        except GrammarError:
            genders = {}
        if not genders or set(genders) - set(seats):
            raise reader.fail(node, N_('{file}, line {line}: "genders" gives seats their '
                                       "grammatical gender, m or f, such as {{Ada: f, "
                                       "Bruno: m}}."))
    options = _options(reader, top["options"][1], seats) if "options" in top else \
        {"players": len(seats)}
    setup = _setup(reader, top["setup"][1], seats) if "setup" in top else Setup()
    recap = tuple(_recap_line(reader, item)
                  for item in reader.sequence(top["recap"][1], "recap")) \
        if "recap" in top else ()

    ideas: dict[str, str] = {}
    idea_lines: dict[str, int] = {}
    if "ideas" in top:
        for key, (key_node, value) in reader.mapping(top["ideas"][1], "ideas",
                                                    _AnyKey()).items():
            _idea_id(reader, key_node, key)
            ideas[key] = reader.text(value, "ideas")
            idea_lines[key] = key_node.start_mark.line + 1
    needs = _ideas(reader, top["needs"][1], "needs") if "needs" in top else ()

    steps = tuple(_step(reader, node, seats, options)
                  for node in reader.sequence(top["steps"][1], "steps"))
    if not any(step.kind in ASKING_KINDS or step.exercises for step in steps):
        raise reader.fail(top["steps"][1], N_("{file}, line {line}: a lesson asks the learner "
                                              "at least one question."))
    lesson = Lesson(
        id=lesson_id, title=reader.text(top["title"][1], "title"),
        summary=reader.text(top["summary"][1], "summary"), prerequisites=prerequisites,
        seats=seats, learner=learner, options=options, setup=setup, steps=steps,
        path=str(path), lines=lines, recap=recap, ideas=ideas, needs=needs,
        idea_lines=idea_lines,
    )
    uses_odds = any("{" + name in text for _, text, _ in lesson.texts()
                    for name in ODDS_VALUES)
    return replace(lesson, uses_odds=uses_odds, genders=genders)


def _options(reader: _Reader, node: yaml.Node, seats: tuple[str, ...]) -> dict[str, Any]:
    """Engine options; ``first_captain`` is written as a seat name."""
    fields = reader.mapping(node, "options", OPTION_KEYS)
    options = {key: reader.value(value) for key, (_, value) in fields.items()}
    captain = options.get("first_captain")
    if isinstance(captain, str):
        if captain not in seats:
            raise reader.fail(node, N_('{file}, line {line}: the first captain "{name}" is '
                                       "not one of the seats."), name=captain)
        options["first_captain"] = seats.index(captain)
    options["players"] = len(seats)
    return options


def _setup(reader: _Reader, node: yaml.Node, seats: tuple[str, ...]) -> Setup:
    setup = reader.mapping(node, "setup", SETUP_KEYS)
    hands: tuple[tuple[str, ...], ...] | None = None
    draw: tuple[str, ...] = ()
    piles: dict[int, tuple[str, ...]] = {}
    rolls: list[tuple[str, ...]] = []
    shuffles: tuple[tuple[str, ...], ...] = ()
    seed: int | None = None
    if "hands" in setup:
        node = setup["hands"][1]
        items = reader.sequence(node, "hands")
        if len(items) != len(seats):
            # TRANSLATORS: {count} is 2 or more (the seats were checked before).
            raise reader.fail(node, N_("{file}, line {line}: give one hand for each of the "
                                       "{count} seats."), count=len(seats))
        hands = tuple(_cards(reader, item, "hands") for item in items)
    if "draw" in setup:
        draw = _cards(reader, setup["draw"][1], "draw")
    if "piles" in setup:
        node = setup["piles"][1]
        for key, value in reader.mapping(
                node, "piles", {str(c) for c in data.CITY_VALUES}).items():
            piles[int(key)] = reader.words(value[1], "piles")
    if "rolls" in setup:
        for item in reader.sequence(setup["rolls"][1], "rolls"):
            rolls.extend(_rolls(reader, item))
    if "shuffles" in setup:
        shuffles = tuple(_cards(reader, item, "shuffles")
                         for item in reader.sequence(setup["shuffles"][1], "shuffles"))
    if "seed" in setup:
        seed = reader.whole(setup["seed"][1], "seed", low=0)
    return Setup(hands=hands, draw=draw, piles=piles, rolls=tuple(rolls), shuffles=shuffles,
                 seed=seed)


def _recap_line(reader: _Reader, node: yaml.Node) -> RecapLine:
    fields = reader.mapping(node, "a recap line", {"rule", "text"}, texts=True)
    if "rule" not in fields or "text" not in fields:
        raise reader.fail(node, N_('{file}, line {line}: a recap line needs "rule" and '
                                   '"text".'))
    rule = str(reader.value(fields["rule"][1]))
    if not RULE_PATTERN.match(rule):
        raise reader.fail(fields["rule"][1], _NOT_A_RULE, rule=rule)
    return RecapLine(rule=rule, text=reader.text(fields["text"][1], "text"),
                     line=node.start_mark.line + 1, context=_context(reader, fields))


def _cards(reader: _Reader, node: yaml.Node, key: str) -> tuple[str, ...]:
    cards = reader.words(node, key)
    for card in cards:
        if card not in data.HAND_CARDS:
            raise reader.fail(node, N_('{file}, line {line}: "{card}" is not a card; the cards '
                                       "are: {cards}."), card=card,
                              cards=", ".join(data.HAND_CARDS))
    return cards


def _rolls(reader: _Reader, node: yaml.Node) -> list[tuple[str, ...]]:
    """One roll (``fog blank``), or ``{repeat: N, roll: ...}`` for N identical rolls.

    A roll may list more faces than the dice rolled: the first faces are used, so that one
    entry can serve steps with different numbers of dice.
    """
    count = 1
    roll_node = node
    if isinstance(node, yaml.MappingNode):
        fields = reader.mapping(node, "a repeated roll", {"repeat", "roll"})
        if "roll" not in fields or "repeat" not in fields:
            raise reader.fail(node, N_('{file}, line {line}: a repeated roll needs "repeat" '
                                       'and "roll".'))
        count = reader.whole(fields["repeat"][1], "repeat", low=1)
        roll_node = fields["roll"][1]
    faces = reader.words(roll_node, "rolls")
    bad = [f for f in faces if f not in data.FACES]
    if bad or not faces or len(faces) > data.DICE_IN_BOX:
        raise reader.fail(roll_node, N_('{file}, line {line}: a roll is 1 to {count} faces '
                                        "among: {faces}."), count=data.DICE_IN_BOX,
                          faces=", ".join(data.FACES))
    return [faces] * count


def _rule_ids(reader: _Reader, fields: dict[str, tuple[yaml.Node, yaml.Node]]
              ) -> tuple[str, ...]:
    rules = reader.words(fields["rules"][1], "rules") if "rules" in fields else ()
    for rule in rules:
        if not RULE_PATTERN.match(rule):
            raise reader.fail(fields["rules"][1], _NOT_A_RULE, rule=rule)
    return rules


def _hints(reader: _Reader, fields: dict[str, tuple[yaml.Node, yaml.Node]]
           ) -> tuple[str, ...]:
    return reader.texts(fields["hints"][1], "hints") if "hints" in fields else ()


def _context(reader: _Reader, fields: dict[str, tuple[yaml.Node, yaml.Node]]) -> str | None:
    """The translators' context of a mapping's texts, written as the extractor reads it."""
    if "context" not in fields:
        return None
    return " ".join(reader.text(fields["context"][1], "context").split())


def _optional_text(reader: _Reader, fields: dict[str, tuple[yaml.Node, yaml.Node]],
                   key: str) -> str:
    return reader.text(fields[key][1], key) if key in fields else ""


class _AnyKey(set):
    """Every key is allowed (the keys of ``ideas`` are the lesson's own ids)."""

    def __contains__(self, item: object) -> bool:
        return True


def _idea_id(reader: _Reader, node: yaml.Node, value: Any) -> str:
    if not isinstance(value, str) or not ID_PATTERN.match(value):
        raise reader.fail(node, N_('{file}, line {line}: "{id}" is not an idea id: lower case '
                                   'letters, digits and dashes, such as "fog-needs-compass".'),
                          id=str(value))
    return value


def _ideas(reader: _Reader, node: yaml.Node, key: str) -> tuple[str, ...]:
    """A list of idea ids (``needs``, ``teaches``, ``asks``)."""
    found = reader.words(node, key)
    for item in found:
        _idea_id(reader, node, item)
    return found


def _step(reader: _Reader, node: yaml.Node, seats: tuple[str, ...],
          options: dict[str, Any], kinds: tuple[str, ...] = STEP_KINDS) -> Step:
    if not isinstance(node, yaml.MappingNode) or not node.value:
        raise reader.fail(node, _NOT_A_STEP, kinds=", ".join(kinds))
    kind = str(node.value[0][0].value)
    line = node.start_mark.line + 1
    if kind not in kinds:
        raise reader.fail(node, _NOT_A_STEP, kinds=", ".join(kinds))
    step = _step_fields(reader, node, kind, line, seats, options)
    fields = {str(key.value): value for key, value in node.value}
    if "asks" in fields:
        step = replace(step, asks=_ideas(reader, fields["asks"], "asks"))
    if "teaches" in fields:
        step = replace(step, teaches=_ideas(reader, fields["teaches"], "teaches"))
    return step


def _drill(reader: _Reader, node: yaml.Node, line: int, seats: tuple[str, ...],
           options: dict[str, Any]) -> Step:
    """``drill``: an introduction, then short positions played one after the other."""
    fields = reader.mapping(node, "a drill", {"drill", "exercises"}, texts=True)
    if "exercises" not in fields:
        raise reader.fail(node, N_('{file}, line {line}: a drill needs "exercises".'))
    exercises = []
    for item in reader.sequence(fields["exercises"][1], "exercises"):
        spec = reader.mapping(item, "an exercise", {"options", "setup", "steps"})
        if "steps" not in spec:
            raise reader.fail(item, N_('{file}, line {line}: an exercise needs "steps".'))
        ex_options = _options(reader, spec["options"][1], seats) if "options" in spec else \
            dict(options)
        setup = _setup(reader, spec["setup"][1], seats) if "setup" in spec else Setup()
        steps = tuple(_step(reader, step, seats, ex_options, EXERCISE_KINDS)
                      for step in reader.sequence(spec["steps"][1], "steps"))
        if not any(step.kind in ASKING_KINDS for step in steps):
            raise reader.fail(item, N_("{file}, line {line}: an exercise asks the learner at "
                                       "least one question."))
        exercises.append(Exercise(item.start_mark.line + 1, ex_options, setup, steps))
    if not exercises:
        raise reader.fail(fields["exercises"][1], N_("{file}, line {line}: a drill holds at "
                                                     "least one exercise."))
    return Step("drill", line, text=reader.text(fields["drill"][1], "drill"),
                exercises=tuple(exercises), context=_context(reader, fields))


#: Keys any step of its kind may carry besides its own.
_IDEA_KEYS = {"say": {"teaches"}, "prompt": {"asks"}, "move": {"asks"}, "goal": {"asks"}}


def _step_fields(reader: _Reader, node: yaml.Node, kind: str, line: int,
                 seats: tuple[str, ...], options: dict[str, Any]) -> Step:
    extra = _IDEA_KEYS.get(kind, set())
    if kind == "say":
        fields = reader.mapping(node, "a say step", {"say"} | extra, texts=True)
        return Step("say", line, text=reader.text(fields["say"][1], "say"),
                    context=_context(reader, fields))
    if kind == "drill":
        return _drill(reader, node, line, seats, options)
    if kind == "do":
        fields = reader.mapping(node, "a do step", {"do", "by"})
        value = fields["do"][1]
        actions = (reader.text(value, "do"),) if isinstance(value, yaml.ScalarNode) else \
            reader.texts(value, "do")
        by = None
        if "by" in fields:
            by = reader.value(fields["by"][1])
            if by not in seats:
                raise reader.fail(fields["by"][1], _NOT_A_SEAT, name=str(by))
        return Step("do", line, actions=actions, by=by)
    if kind == "check":
        fields = reader.mapping(node, "a check step", {"check"})
        return Step("check", line, check=_check(reader, fields["check"][1], seats))
    if kind == "fast_forward":
        fields = reader.mapping(node, "a fast_forward step", {"fast_forward"})
        spec = reader.mapping(fields["fast_forward"][1], "fast_forward",
                              {"until", "prefer", "max_moves"})
        if "until" not in spec:
            raise reader.fail(node, N_('{file}, line {line}: fast_forward needs "until".'))
        prefer = reader.texts(spec["prefer"][1], "prefer") if "prefer" in spec else ()
        max_moves = reader.whole(spec["max_moves"][1], "max_moves", low=1) \
            if "max_moves" in spec else 1000
        return Step("fast_forward", line, check=_check(reader, spec["until"][1], seats),
                    prefer=prefer, max_moves=max_moves)
    if kind == "prompt":
        fields = reader.mapping(node, "a question", {"prompt", "choices", "hints"} | extra,
                                texts=True)
        if "choices" not in fields:
            raise reader.fail(node, N_('{file}, line {line}: a question needs "choices".'))
        choices = tuple(_choice(reader, item)
                        for item in reader.sequence(fields["choices"][1], "choices"))
        # Two choices would let a learner who always presses the same key guess half the
        # answers right: a question offers three at least.
        if len(choices) < MIN_CHOICES or not any(c.correct for c in choices):
            raise reader.fail(fields["choices"][1], N_("{file}, line {line}: a question offers "
                                                       "at least three choices, one or more "
                                                       "of them correct."))
        if len({c.action is None for c in choices}) > 1:
            raise reader.fail(fields["choices"][1], N_("{file}, line {line}: either every "
                                                       "choice of a question is a move, or "
                                                       "none is."))
        return Step("prompt", line, text=reader.text(fields["prompt"][1], "prompt"),
                    choices=choices, hints=_hints(reader, fields),
                    context=_context(reader, fields))
    if kind == "move":
        return _move(reader, node, line, extra)
    if kind == "goal":
        return _goal(reader, node, line, seats, extra)
    if kind == "position":
        fields = reader.mapping(node, "a position step", {"position"})
        spec = reader.mapping(fields["position"][1], "position", {"options", "setup"})
        options = _options(reader, spec["options"][1], seats) if "options" in spec else \
            {"players": len(seats)}
        setup = _setup(reader, spec["setup"][1], seats) if "setup" in spec else Setup()
        return Step("position", line, options=options, setup=setup)
    raise reader.fail(node, _NOT_A_STEP, kinds=", ".join(STEP_KINDS))


def _move(reader: _Reader, node: yaml.Node, line: int, extra: set[str]) -> Step:
    """``move``: the learner picks any legal move; ``accept`` lists the right ones."""
    fields = reader.mapping(node, "a move step", {"move", "accept", "feedback", "explain",
                                                  "otherwise", "rules", "hints"} | extra,
                            texts=True)
    accepted: list[str] = []
    explain: list[Explanation] = []
    if "accept" in fields:
        for item in reader.sequence(fields["accept"][1], "accept"):
            if isinstance(item, yaml.MappingNode):
                spec = reader.mapping(item, "an accepted move", {"action", "feedback"}, texts=True)
                if "action" not in spec:
                    raise reader.fail(item, N_('{file}, line {line}: an accepted move needs '
                                               'an "action".'))
                action = reader.text(spec["action"][1], "action")
                if "feedback" in spec:
                    explain.append(Explanation(action, reader.text(spec["feedback"][1],
                                                                   "feedback"),
                                               item.start_mark.line + 1, accepted=True,
                                               context=_context(reader, spec)))
            else:
                action = reader.text(item, "accept")
            accepted.append(action)
    if "explain" in fields:
        for item in reader.sequence(fields["explain"][1], "explain"):
            spec = reader.mapping(item, "an explanation", {"action", "why"}, texts=True)
            if "action" not in spec or "why" not in spec:
                raise reader.fail(item, N_('{file}, line {line}: an explanation needs '
                                           '"action" and "why".'))
            explain.append(Explanation(reader.text(spec["action"][1], "action"),
                                       reader.text(spec["why"][1], "why"),
                                       item.start_mark.line + 1,
                                       context=_context(reader, spec)))
    rules = _rule_ids(reader, fields)
    if (any(not e.accepted for e in explain) or "otherwise" in fields) and not rules:
        raise reader.fail(node, N_('{file}, line {line}: a move step that explains wrong '
                                   'moves names the "rules" they concern.'))
    return Step("move", line, text=reader.text(fields["move"][1], "move"),
                actions=tuple(accepted), feedback=_optional_text(reader, fields, "feedback"),
                explain=tuple(explain), otherwise=_optional_text(reader, fields, "otherwise"),
                rules=rules, hints=_hints(reader, fields), context=_context(reader, fields))


def _goal(reader: _Reader, node: yaml.Node, line: int, seats: tuple[str, ...],
          extra: set[str]) -> Step:
    """``goal``: the learner plays every decision of their seat until ``until`` holds;
    the goal is reached when ``success`` holds then."""
    fields = reader.mapping(node, "a goal step", {
        "goal", "until", "success", "others", "feedback", "fail", "rules", "hints",
        "solution", "mistake", "coach", "max_moves"} | extra, texts=True)
    for required in ("until", "success", "fail", "solution"):
        if required not in fields:
            raise reader.fail(node, N_('{file}, line {line}: a goal needs "{key}".'),
                              key=required)
    # The style is checked when the goal is played (the engine's bots are not loaded for
    # the lesson menu).
    others = str(reader.value(fields["others"][1])) if "others" in fields else "sensible"
    coach = reader.value(fields["coach"][1]) if "coach" in fields else False
    if not isinstance(coach, bool):
        raise reader.fail(fields["coach"][1], N_('{file}, line {line}: "coach" is true or '
                                                 "false."))
    solution = reader.texts(fields["solution"][1], "solution")
    mistake = reader.texts(fields["mistake"][1], "mistake") if "mistake" in fields else ()
    max_moves = reader.whole(fields["max_moves"][1], "max_moves", low=1) \
        if "max_moves" in fields else 2000
    return Step("goal", line, text=reader.text(fields["goal"][1], "goal"),
                check=_check(reader, fields["until"][1], seats),
                success=_check(reader, fields["success"][1], seats), others=others,
                feedback=_optional_text(reader, fields, "feedback"),
                fail=reader.text(fields["fail"][1], "fail"), rules=_rule_ids(reader, fields),
                hints=_hints(reader, fields), solution=solution, mistake=mistake,
                coach=coach, max_moves=max_moves, context=_context(reader, fields))


def _choice(reader: _Reader, node: yaml.Node) -> Choice:
    fields = reader.mapping(node, "a choice", {"label", "action", "correct", "why", "rules",
                                               "fact"}, texts=True)
    if "label" not in fields:
        raise reader.fail(node, N_('{file}, line {line}: a choice needs a "label".'))
    action = reader.text(fields["action"][1], "action") if "action" in fields else None
    correct = reader.value(fields["correct"][1]) if "correct" in fields else False
    if not isinstance(correct, bool):
        raise reader.fail(fields["correct"][1], N_('{file}, line {line}: "correct" is true or '
                                                   "false."))
    why = _optional_text(reader, fields, "why")
    rules = _rule_ids(reader, fields)
    if not correct and (not why or not rules):
        raise reader.fail(node, N_('{file}, line {line}: a wrong choice needs a "why" that '
                                   'explains it and the "rules" it cites.'))
    fact = reader.words(fields["fact"][1], "fact") if "fact" in fields else ()
    return Choice(label=reader.text(fields["label"][1], "label"), action=action,
                  correct=correct, why=why, rules=rules, line=node.start_mark.line + 1,
                  context=_context(reader, fields), fact=fact)


def _check(reader: _Reader, node: yaml.Node, seats: tuple[str, ...]) -> dict[str, Any]:
    fields = reader.mapping(node, "a check", CHECK_KEYS)
    found: dict[str, Any] = {}
    for key, (_, value) in fields.items():
        if key == "any":
            found[key] = [_check(reader, item, seats) for item in reader.sequence(value, "any")]
            continue
        found[key] = reader.value(value)
        if key in BOUNDED_KEYS and isinstance(found[key], dict):
            for name, bound in found[key].items():
                if isinstance(bound, dict) and (not bound or set(bound) - {"min", "max"} or not
                                                all(isinstance(v, int) for v in bound.values())):
                    raise reader.fail(value, N_('{file}, line {line}: a bound is written '
                                                '{{min: N}}, {{max: N}} or both.'))
                if name not in seats:
                    raise reader.fail(value, _NOT_A_SEAT, name=str(name))
    found["_line"] = node.start_mark.line + 1
    return found
