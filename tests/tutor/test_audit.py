"""The three checks of every question and goal (``celestia tutor --check --strict``):
(a) no answer on screen before its question, (b) taught before asked, (c) goals judged on
what the learner sees; and the decisions counted as the lesson is played."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.lessons.audit import audit_play, check_ideas, key_facts, words
from tutor.lessons.reader import load_lesson

FIXTURE = Path(__file__).parent / "fixtures" / "drill-lesson.yaml"
HANDS = """  hands:
    - [compass, compass, turbo, foghorn, cannon, lightning-rod, lightning-rod, compass]
    - [compass, lightning-rod, foghorn, foghorn, cannon, cannon, turbo, compass]
    - [compass, compass, lightning-rod, foghorn, cannon, cannon, lightning-rod, foghorn]
"""
HEAD = f"""id: {{id}}
title: A test lesson
summary: For the tests.
seats: [Ada, Bruno, Csilla]
options: {{{{first_captain: Ada}}}}
setup:
{HANDS}  rolls: [fog blank, blank blank, blank blank]
  seed: 3
"""
CAPTAIN_QUESTION = """  - prompt: The airship flies on. Who will be the captain at the next city?
    choices:
      - label: Bruno, the next player on my left.
        correct: true
      - label: Csilla.
        why: The captaincy passes to the left.
        rules: ["3.3"]
      - label: I stay captain.
        why: The captaincy passes to the left.
        rules: ["3.3"]
"""


def _lesson(tmp_path: Path, steps: str, name: str = "01-test.yaml", lesson_id: str = "test",
            top: str = ""):
    path = tmp_path / name
    path.write_text(HEAD.format(id=lesson_id) + top + "steps:\n" + steps, encoding="utf-8")
    return load_lesson(path)


def _problems(lesson) -> list[str]:
    return [p.english() for p in audit_play(lesson).problems]


def test_an_answer_printed_above_its_question_is_found(tmp_path: Path) -> None:
    # Bruno's captaincy is printed by the game as the airship reaches city 2.
    given = _lesson(tmp_path, "  - do: [stay, stay]\n  - move: Pay.\n"
                    "  - check: {captain: Bruno}\n" + CAPTAIN_QUESTION)
    problems = _problems(given)
    assert len(problems) == 1
    assert problems[0].startswith('01-test.yaml, line 17: the answer "Bruno, the next player')
    assert "Bruno is the captain" in problems[0]
    # Asked before the airship flies on, the same question gives nothing away.
    fair = _lesson(tmp_path, "  - do: [stay, stay]\n" + CAPTAIN_QUESTION + "  - move: Pay.\n")
    assert _problems(fair) == []


def test_a_choice_may_name_its_own_key_fact(tmp_path: Path) -> None:
    steps = ("  - say: Every player aboard decides in turn, from the captain's left.\n"
             + CAPTAIN_QUESTION.replace("        correct: true\n",
                                        "        correct: true\n        fact: [captain's left]\n")
             + "  - do: [stay, stay]\n")
    problems = _problems(_lesson(tmp_path, steps))
    assert len(problems) == 1 and "from the captain's left" in problems[0]


def test_key_facts_are_the_words_that_tell_the_right_choice_apart() -> None:
    (fact,) = key_facts("Who will be the captain there?", [("Bruno, on my left.", ())],
                        ["Csilla.", "I stay captain."], names=["Ada", "Bruno", "Csilla"])
    assert fact.words == {"bruno"}
    assert fact.printed_in("· Bruno is the captain; the airship is at city 2.")
    assert not fact.printed_in("Bruno stays aboard.")   # not about the captain
    (fact,) = key_facts("Pay for the dice.", [("Pay with two compasses", ())],
                        ["Pay with a compass and a Turbo"], moves=True)
    assert fact.words == {"two"}
    assert words("Compasses, the Turbos and the dice") == {"compass", "turbo", "dice"}


def test_taught_before_asked(tmp_path: Path) -> None:
    lesson = load_lesson(FIXTURE)
    assert check_ideas([lesson], strict=True) == []
    text = FIXTURE.read_text(encoding="utf-8")
    # The first say no longer teaches: the first exercise asks it before it is taught.
    path = tmp_path / "01-drill.yaml"
    path.write_text(text.replace("    teaches: [fog-compass]\n", "", 1), encoding="utf-8")
    found = [p.english() for p in check_ideas([load_lesson(path)], strict=True)]
    assert 'line 33: the idea "fog-compass" is asked before it is taught' in found[0]
    assert any('"fog-compass" is never taught' in p for p in found)


def test_needs_follow_the_menu_order(tmp_path: Path) -> None:
    first = load_lesson(FIXTURE)
    later = _lesson(tmp_path, "  - do: [stay, stay]\n  - move: Pay.\n    asks: [blank-free]\n",
                    name="02-later.yaml", lesson_id="later",
                    top="ideas: {}\nneeds: [blank-free]\n")
    assert check_ideas([first, later], strict=False) == []
    problems = [p.english() for p in check_ideas([later, first], strict=True)]
    assert any('needs the idea "blank-free", which no earlier lesson teaches' in p
               for p in problems)
    # Strict: a lesson that declares no ideas, a step that asks nothing, are named.
    bare = _lesson(tmp_path, "  - do: [stay, stay]\n  - move: Pay.\n", name="03-bare.yaml")
    assert check_ideas([bare], strict=False) == []
    assert 'declares no "ideas"' in check_ideas([bare], strict=True)[0].english()


GOAL = """  - goal: Leave the airship at city {city} or later.
    until: {{ashore: [Ada]}}
    success: {success}
    fail: You left too early.
    solution: [pay compass, leave]
"""


@pytest.mark.parametrize(("city", "success", "problem"), [
    ("2", "{left_at: {Ada: {min: 2}}}", None),
    ("2", "{points: {Ada: {min: 2}}}", 'judged on "points", which the learner cannot see'),
    ("a later city", "{left_at: {Ada: {min: 2}}}", "its success needs 2"),
    ("2", "{hand: {Bruno: {turbo: 1}}}", 'judged on "hand"'),
])
def test_goals_are_judged_on_what_the_learner_sees(tmp_path: Path, city: str, success: str,
                                                    problem: str | None) -> None:
    lesson = _lesson(tmp_path, GOAL.format(city=city, success=success))
    problems = _problems(lesson)
    if problem is None:
        assert problems == []
    else:
        assert problems and problem in problems[0]


def test_moves_made_for_the_learner_are_counted(tmp_path: Path) -> None:
    lesson = _lesson(tmp_path, "  - fast_forward:\n      until: {city: 2}\n"
                     "      prefer: [stay]\n  - do: stay\n    by: Csilla\n"
                     "  - move: Stay or leave?\n")
    audit = audit_play(lesson)
    assert audit.automatic == 1  # Ada's payment at city 1: the learner's own decision
    assert "plays 1 move of the learner's seat" in audit.problems[0].english()
    assert audit.decisions == 1
