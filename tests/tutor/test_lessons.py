"""Every lesson plays on the full engine, through the controller, in every language; the
learner makes the moves, answers are shuffled, mistakes come back, the recap tells all."""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path

import pytest
from lessons_play import finish, right_position, wrong_position

from tutor.app.board import board_lines
from tutor.i18n import LANGUAGES, Translator
from tutor.lessons.controller import Session
from tutor.lessons.library import (
    MIN_DECISIONS_PER_LESSON,
    MIN_MOVES_IN_COURSE,
    check_all,
    lesson_counts,
    load_all,
)
from tutor.lessons.render import render_entry
from tutor.lessons.runner import Runner, first_answer
from tutor.lessons.transcript import transcript

LESSONS = load_all()
BY_ID = {lesson.id: lesson for lesson in LESSONS}
TOPICS = {"goal", "roll", "passengers", "paying", "turbo", "crash", "lone-captain", "ejection",
          "alternative-route", "gust-of-wind", "spyglass", "jetpack", "last-city",
          "empty-piles", "end-of-game", "beginner", "grappling-hook", "when-to-leave",
          "power-cards", "final-challenge"}
PLACEHOLDER = re.compile(r"\{[a-z_0-9:]+\}")
#: What a refused move must never show the learner: engine action strings.
ACTION_STRING = re.compile(r'"(leave|stay|pass|take|roll|crash|pay [a-z+-]+|play [a-z -]+)"')


def test_the_course_covers_every_topic_and_asks_enough() -> None:
    assert {lesson.id for lesson in LESSONS} >= TOPICS
    report = check_all()
    assert report.errors == [] and report.ok
    assert len(report.lessons) == len(LESSONS)
    counts = report.total
    assert counts.moves >= MIN_MOVES_IN_COURSE
    assert counts.goals >= 8
    for lesson in LESSONS:
        per_lesson = lesson_counts(lesson)
        assert per_lesson.moves + per_lesson.questions >= MIN_DECISIONS_PER_LESSON, lesson.id
        assert lesson.recap, f"{lesson.id} has no recap"


def test_the_learner_makes_their_own_moves(tmp_path: Path) -> None:
    """A ``do`` step may not play the learner's seat: the lesson check says so."""
    from tutor.lessons.errors import LessonError
    from tutor.lessons.library import check_lesson
    from tutor.lessons.reader import load_lesson

    text = (Path(BY_ID["paying"].path)).read_text(encoding="utf-8")
    text = text.replace("  - move: Two dice show fog. Pay for them.",
                        "  - do: pay compass+compass\n  - move: Two dice show fog. Pay for them.")
    path = tmp_path / "04-paying.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(LessonError) as caught:
        check_lesson(load_lesson(path))
    assert "is the learner's (Ada) to make" in Translator("en").message(caught.value)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_lesson_plays_through_the_controller(lesson, language: str) -> None:
    """Each question is first answered wrong where it can be (nothing moves, an explanation
    shows), then right; every missed question comes back in the review; the recap lists
    the mistakes; nothing is left in braces; the board fits 80 columns."""
    tr = Translator(language)
    session = Session(lesson)
    seen: list[str] = []
    missed: set[str] = set()
    for _ in range(3000):
        seen += session.page_text(tr)
        for line in board_lines(session.state, session.learner, tr):
            assert len(line) <= 80
        if session.finished:
            break
        if session.pause == "say":
            session.proceed()
            continue
        labels = session.choice_labels(tr)
        assert len(labels) == len(session.options()) >= 1
        ask = session.ask
        wrong = wrong_position(session)
        if wrong is not None and not session.in_review and ask.key not in missed:
            missed.add(ask.key)
            before = list(session.state.history)
            outcome = session.choose(wrong)
            assert outcome is not None and not outcome.correct
            assert session.state.history == before  # a wrong answer changes nothing
            feedback = [render_entry(e, tr) for e in session.feedback()]
            assert any(e.kind == "wrong" for e in session.feedback()) and all(feedback)
            assert not any(ACTION_STRING.search(text) for text in feedback), feedback
            seen += feedback
            continue
        assert session.choose(right_position(session)).correct
        seen += [render_entry(e, tr) for e in session.feedback()]
    assert session.finished
    assert len(session.mistakes) == len(missed)
    recap = [text for _, text in session.recap(tr, "Next")]
    assert len(recap) >= 2 + len(lesson.recap) + len(missed)
    text = "\n".join(seen + recap)
    assert not PLACEHOLDER.search(text), "a placeholder was left unfilled"


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_without_a_mistake_a_lesson_earns_three_stars(lesson) -> None:
    session = Session(lesson)
    finish(session)
    assert session.mistakes == [] and session.stars() == 3
    assert session.reviews_left() == 0


def test_choices_are_shown_shuffled_and_a_retry_shows_a_new_order() -> None:
    session = Session(BY_ID["goal"])
    while session.pause == "say":
        session.proceed()
    file_order = [o.key for o in session.ask.options]
    orders = [[o.key for o in session.options()]]
    for _ in range(5):  # each wrong answer shows the question again, in a new order
        session.choose(wrong_position(session))
        orders.append([o.key for o in session.options()])
    assert all(sorted(order) == sorted(file_order) for order in orders)
    assert all(a != b for a, b in pairwise(orders))
    # The same lesson, question and attempt always give the same order.
    again = Session(BY_ID["goal"])
    while again.pause == "say":
        again.proceed()
    assert [o.key for o in again.options()] == orders[0]


@pytest.mark.parametrize("count", [2, 3, 4])
def test_any_order_can_come_the_files_too(count: int) -> None:
    """The order is a permutation drawn from the lesson, the question and the attempt:
    over many questions every order comes, the file's included, about equally often; and
    an attempt never repeats the order of the attempt before."""
    from collections import Counter
    from itertools import permutations

    from tutor.lessons.controller import shown_order

    every = set(permutations(range(count)))
    draws = 100 * len(every)  # about 100 of each order expected
    firsts = Counter(tuple(shown_order(count, "lesson", str(key), 0)) for key in range(draws))
    assert set(firsts) == every
    assert all(50 <= seen <= 160 for seen in firsts.values()), firsts
    for key in range(50):
        orders = [shown_order(count, "lesson", str(key), attempt) for attempt in range(6)]
        assert all(a != b for a, b in pairwise(orders))


def test_the_review_never_shows_the_order_just_answered() -> None:
    """Every question of every lesson answered wrong once: in the review it comes back in
    an order that differs from the retry's, the last order the learner saw."""
    compared = 0
    for lesson in LESSONS:
        session = Session(lesson)
        last_shown: dict[str, list[str]] = {}
        for _ in range(3000):
            if session.finished:
                break
            if session.pause == "say":
                session.proceed()
                continue
            ask = session.ask
            order = [o.key for o in session.options()]
            if session.in_review:
                if len(order) > 1:
                    assert order != last_shown[ask.key], (lesson.id, ask.key)
                    compared += 1
                session.choose(right_position(session))
                continue
            wrong = wrong_position(session)
            if wrong is not None and ask.key not in last_shown:
                session.choose(wrong)
            last_shown[ask.key] = [o.key for o in session.options()]
            session.choose(right_position(session))
        assert session.finished
    assert compared >= 40


def test_across_the_course_the_right_answer_is_not_always_first() -> None:
    positions = []
    for lesson in LESSONS:
        session = Session(lesson)
        while not session.finished:
            if session.pause == "say":
                session.proceed()
                continue
            if session.ask.kind in ("quiz", "choice"):
                positions.append(right_position(session))
            session.choose(right_position(session))
    assert len(set(positions)) >= 3
    assert positions.count(0) < len(positions) / 2


def test_a_wrong_answer_comes_back_in_the_review_in_a_new_order() -> None:
    session = Session(BY_ID["goal"])
    while session.pause == "say":
        session.proceed()
    question = session.ask
    session.choose(wrong_position(session))
    order_after_mistake = [o.key for o in session.options()]
    session.choose(right_position(session))
    while not session.in_review and not session.finished:
        if session.pause == "say":
            session.proceed()
        else:
            session.choose(right_position(session))
    assert session.in_review and not session.finished
    assert session.ask.step is question.step
    assert session.page()[0].kind == "review"
    assert [o.key for o in session.options()] != order_after_mistake
    # Wrong again in the review: explained, and it comes back once more.
    session.choose(wrong_position(session))
    assert session.in_review
    session.choose(right_position(session))
    assert session.in_review and session.ask.step is question.step
    session.choose(right_position(session))
    assert session.finished and session.stars() == 2 and len(session.mistakes) == 2


def test_a_missed_goal_sets_the_position_up_again_and_costs_a_star() -> None:
    lesson = BY_ID["passengers"]
    session = Session(lesson)
    while not (session.ask is not None and session.ask.kind == "goal"):
        if session.pause == "say":
            session.proceed()
        else:
            session.choose(right_position(session))
    start = list(session.state.history)
    first_order = [o.key for o in session.options()]
    for action in session.ask.step.mistake:
        outcome = session.answer(action)
    assert outcome.goal == "missed"
    assert session.state.history == start
    assert any(e.kind == "missed" for e in session.feedback())
    assert [o.key for o in session.options()] != first_order or len(first_order) < 2
    finish(session)
    assert session.stars() == 2 and session.mistakes[0].chosen is None


def test_a_goal_judged_on_different_cities_counts_cities_not_treasures() -> None:
    """The beginner lesson's three-city goal: three treasures from one city miss it, three
    from three cities reach it."""
    lesson = BY_ID["beginner"]
    runner, solutions = Runner(lesson), {}
    while not (runner.ask is not None and "cities" in runner.ask.step.success):
        if runner.pause == "say":
            runner.proceed()
        else:
            runner.answer(first_answer(runner, solutions=solutions))
    step = runner.ask.step
    missed = runner.fork()
    for action in step.mistake[:-1]:
        missed.answer(action)
    # Riding to the end twice: two treasures, both of the last city.
    assert len(missed.state.treasures[0]) == 2 and missed.state.cities_held(0) == 1
    assert missed.answer(step.mistake[-1]).goal == "missed"
    for action in step.solution:
        outcome = runner.answer(action)
    assert outcome.goal == "reached" and runner.state.cities_held(0) == 3


def test_a_refused_move_is_explained_in_the_learners_words() -> None:
    """The captain tries to leave (lesson "roll"): the rules say no, in words, with the
    rule that forbids leaving (3.2, not the payment's 3.4), naming only the choices on
    screen that the rules allow."""
    session = Session(BY_ID["roll"])
    while not (session.ask is not None and session.ask.kind == "choice"):
        if session.pause == "say":
            session.proceed()
        else:
            session.choose(right_position(session))
    leave = next(i for i, o in enumerate(session.options()) if o.action == "leave")
    outcome = session.choose(leave)
    assert outcome.refusal is not None
    for language in LANGUAGES:
        tr = Translator(language)
        text = " ".join(render_entry(e, tr) for e in session.feedback())
        assert '"leave"' not in text and "„leave" not in text
    refused = next(e for e in session.feedback() if e.kind == "refused")
    english = render_entry(refused, Translator("en"))
    allowed = [o.label.render(Translator("en")).rstrip(".") for o in session.options()
               if o.action != "leave"]
    assert english.startswith("The rules do not allow this now; of your choices, they "
                              "allow “")
    assert all(f"“{label}”" in english for label in allowed)
    assert english.endswith("See rule 3.2.")
    # Only what is on screen: no other payment the engine would accept is named.
    assert english.count("“") == len(allowed)
    # In French and Hungarian too: the choices as the learner reads them, no engine word.
    for language, opening in (("fr", "Les règles ne le permettent pas maintenant"),
                              ("hu", "A szabályok ezt most nem engedik")):
        tr = Translator(language)
        text = render_entry(refused, tr)
        assert text.startswith(opening), text
        labels = [o.label.render(tr).rstrip(".") for o in session.options()
                  if o.action != "leave"]
        assert all(label in text for label in labels), (text, labels)
        assert not re.search(r"\b(pay|take|roll|leave|compass|lightning-rod)\b", text), text

def test_hints_come_one_at_a_time_and_undo_goes_back() -> None:
    session = Session(BY_ID["goal"])
    while session.ask is None or not session.ask.step.text.startswith(
            "Suppose that after this voyage Csilla holds"):
        if session.pause == "say":
            session.proceed()
        else:
            session.choose(right_position(session))
    hints = session.ask.step.hints
    assert len(hints) == 2
    assert session.hint() and session.page()[-1].msgid == hints[0]
    assert session.hint() and session.page()[-1].msgid == hints[1]
    assert not session.hint()
    first = session.ask
    assert session.choose(right_position(session)).correct
    assert session.undo()
    assert session.ask is first


def test_the_coach_is_the_hint_in_a_goal_with_the_coach() -> None:
    session = Session(BY_ID["final-challenge"])
    while session.ask is None or session.ask.kind != "goal":
        if session.pause == "say":
            session.proceed()
        else:
            session.choose(right_position(session))
    assert session.hint()
    text = render_entry(session.page()[-1], Translator("en"))
    assert text.startswith("The coach says: “") and text.endswith("”") and "%" in text


def test_a_resumed_session_replays_everything_the_learner_did() -> None:
    lesson = BY_ID["goal"]
    session = Session(lesson)
    while session.pause == "say":
        session.proceed()
    session.choose(wrong_position(session))
    session.choose(right_position(session))
    resumed = Session(lesson, session.inputs)
    assert resumed.state.history == session.state.history
    assert len(resumed.mistakes) == 1 and resumed.reviews_left() == 1
    # The learner reads again what followed the last answer, then goes on as before.
    assert [e.msgid for e in resumed.page()] == [e.msgid for e in session.page()]
    for twin in (session, resumed):
        while twin.pause == "say":
            twin.proceed()
    assert [o.key for o in resumed.options()] == [o.key for o in session.options()]
    # Inputs from another version of the lesson start it afresh instead of failing.
    fresh = Session(lesson, ["no-such-option"])
    assert fresh.inputs == [] and fresh.mistakes == []


def test_the_recap_names_rules_mistakes_and_what_comes_next() -> None:
    session = Session(BY_ID["goal"])
    while session.pause == "say":
        session.proceed()
    wrong = session.options()[wrong_position(session)]
    session.choose(wrong_position(session))
    finish(session)
    tr = Translator("en")
    recap = session.recap(tr, "The captain's roll")
    kinds = [kind for kind, _ in recap]
    text = "\n".join(t for _, t in recap)
    assert kinds[0] == "title" and "★★☆" in recap[0][1] and "1 mistake" in recap[0][1]
    assert "5.1 — " in text and "3.4 — " in text
    assert wrong.label.render(tr).rstrip(".") in text
    assert "Next: “The captain's roll”" in text
    for language in ("fr", "hu"):
        other = "\n".join(t for _, t in session.recap(Translator(language), "X"))
        assert "What you learned" not in other and "Next:" not in other


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_last_lessons_recap_says_what_comes_after_the_course(language: str) -> None:
    session = Session(LESSONS[-1])
    finish(session)
    recap = session.recap(Translator(language), None)
    kinds = [kind for kind, _ in recap]
    assert kinds[0] == "title" and "★★★" in recap[0][1]
    assert kinds.count("recap") == len(LESSONS[-1].recap) >= 2
    assert kinds[-1] == "next" and "celestia play --bots" in recap[-1][1]
    assert ("Next, play whole games" in recap[-1][1]) == (language == "en")


@pytest.mark.parametrize("language", ["fr", "hu"])
def test_transcripts_are_translated(language: str) -> None:
    english = transcript(LESSONS[0], Translator("en"))
    translated = transcript(LESSONS[0], Translator(language))
    assert english[0] != translated[0]
    shared = set(english) & set(translated) - {""}
    assert len(shared) < 5  # nothing but a few untranslatable lines (names, numbers)


def test_every_lesson_text_is_in_the_catalogs() -> None:
    from tutor.lessons.library import missing_translations

    for lesson in LESSONS:
        assert missing_translations(lesson) == []


def _lesson_file(folder: Path, body: str) -> Path:
    path = folder / "01-broken.yaml"
    path.write_text(body, encoding="utf-8")
    return path


GOOD = Path(__file__).resolve().parents[2] / "scenarios" / "01-goal.yaml"


@pytest.mark.parametrize(("change", "line", "words"), [
    (("title:", "titel:"), 2, 'unknown key "titel"'),
    (("- say: >-", "- sayy: >-"), None, "first key"),
    (("    - fog blank", "    - fog blanc"), 28, "a roll is"),
    (("- action: pay compass\n", "- action: pay cannon+cannon\n"), None, "not a legal move"),
    (("dice: fog blank}", "dice: fog fog}"), None, 'check of "dice"'),
    (("learner: Ada", "learner: Zoe"), 5, '"Zoe"'),
    (("why: >-\n          Reaching", "why2: >-\n          Reaching"), None, "unknown key"),
    (("options: {first_captain: Ada}", "options: {first_captain: Ada"), None, "not valid YAML"),
    (("  - rule: \"5.1\"", "  - rule: \"3.99\""), None, 'the recap cites rule "3.99"'),
    (("    otherwise: Pay one card", "    otherwise2: Pay one card"), None, "unknown key"),
    # A question with two choices: the third of the first question goes.
    (("      - label: The one of city 4, closer to the start.\n"
      "        why: The cities closer to the start hold the poorer treasures; the richest lie at "
      "the end of the route.\n        rules: [\"1.2\"]\n", ""), 56, "at least three choices"),
])
def test_malformed_lessons_name_file_line_and_problem(tmp_path: Path, change, line, words) -> None:
    from tutor.lessons.errors import LessonError
    from tutor.lessons.library import check_lesson
    from tutor.lessons.reader import load_lesson

    text = GOOD.read_text(encoding="utf-8")
    assert change[0] in text
    path = _lesson_file(tmp_path, text.replace(change[0], change[1], 1))
    with pytest.raises(LessonError) as caught:
        check_lesson(load_lesson(path))
    message = Translator("en").message(caught.value)
    assert message.startswith("01-broken.yaml, line ")
    assert words in message
    if line is not None:
        assert caught.value.line == line


def test_a_legal_move_neither_accepted_nor_explained_is_reported(tmp_path: Path) -> None:
    from tutor.lessons.errors import LessonError
    from tutor.lessons.library import check_lesson
    from tutor.lessons.reader import load_lesson

    text = GOOD.read_text(encoding="utf-8")
    text = text.replace(
        "    otherwise: Pay one card for the fog die, and nothing for the blank face.\n",
                        "").replace("      - action: pay turbo\n", "      - action: pay cannon\n")
    path = _lesson_file(tmp_path, text)
    with pytest.raises(LessonError) as caught:
        check_lesson(load_lesson(path))
    message = Translator("en").message(caught.value)
    assert 'the move "pay turbo" is neither accepted nor explained' in message


def test_a_goal_whose_solution_misses_is_reported(tmp_path: Path) -> None:
    from tutor.lessons.errors import LessonError
    from tutor.lessons.library import check_lesson
    from tutor.lessons.reader import load_lesson

    text = Path(BY_ID["passengers"].path).read_text(encoding="utf-8")
    text = text.replace("solution: [stay, stay, leave]", "solution: [stay, leave]")
    path = tmp_path / "03-passengers.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(LessonError) as caught:
        check_lesson(load_lesson(path))
    assert "solution ends before the goal is reached" in Translator("en").message(caught.value)


def test_an_installed_package_reads_its_own_copy_of_the_lessons(tmp_path, monkeypatch) -> None:
    """A built wheel carries the lessons as tutor/scenarios (setup.py); the source tree's
    scenarios/ serves an editable install; CELESTIA_SCENARIOS overrides both."""
    from tutor.lessons import library

    monkeypatch.delenv("CELESTIA_SCENARIOS", raising=False)
    monkeypatch.setattr(library, "PACKAGED", tmp_path / "absent")
    assert library.scenarios_dir() == library.ROOT / "scenarios"
    monkeypatch.setattr(library, "PACKAGED", tmp_path)
    assert library.scenarios_dir() == tmp_path
    monkeypatch.setenv("CELESTIA_SCENARIOS", str(tmp_path / "mine"))
    assert library.scenarios_dir() == tmp_path / "mine"


def test_the_lessons_are_kept_in_a_cache_that_follows_their_files(tmp_path: Path,
                                                                 state_dir: Path) -> None:
    """The menu comes from a cache of the parsed lessons; editing a lesson file, or a
    damaged cache, means reading the files again."""
    import shutil

    from tutor.lessons import library

    folder = tmp_path / "scenarios"
    shutil.copytree(library.scenarios_dir(), folder)
    first = library.load_all(folder)
    cache = library._cache_path()
    assert cache.is_file() and cache.parent.parent == state_dir
    again = library.load_all(folder)
    assert [lesson.title for lesson in again] == [lesson.title for lesson in first]
    lesson_file = folder / "01-goal.yaml"
    lesson_file.write_text(lesson_file.read_text(encoding="utf-8").replace(
        "title: The goal and the set-up", "title: The goal, edited"), encoding="utf-8")
    assert library.load_all(folder)[0].title == "The goal, edited"
    cache.write_bytes(b"not a pickle")
    assert library.load_all(folder)[0].title == "The goal, edited"


def test_the_lessons_load_where_no_state_folder_can_be_known(monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    """In a web page there is no ``platformdirs`` (nor a home): the lessons are read from
    their files, without a cache, instead of failing."""
    import sys

    from tutor.lessons import library

    monkeypatch.delenv("CELESTIA_STATE_DIR", raising=False)
    monkeypatch.setitem(sys.modules, "platformdirs", None)  # import platformdirs fails
    lessons = library.load_all()
    assert len(lessons) == len(library.lesson_files()) and lessons[0].id


# --- Strategy lessons agree with the coach ------------------------------------------------
COACHED = [lesson for lesson in LESSONS if any(s.kind == "goal" and s.coach for s in lesson.steps)]


def _learner_decisions(lesson):
    """Play ``lesson`` with its accepted answers and each goal's solution; yield (runner,
    ask, the move played) at every decision of the learner's seat that is a move."""
    from tutor.lessons.runner import Runner, first_answer

    runner = Runner(lesson)
    solutions: dict[str, list[str]] = {}
    while runner.pause != "end":
        if runner.pause == "say":
            runner.proceed()
            continue
        ask = runner.ask
        key = first_answer(runner, solutions=solutions)
        if ask.kind in ("goal", "move") or ask.option(key).action:
            yield runner, ask, ask.option(key).action or key
        runner.answer(key)


@pytest.mark.parametrize("lesson", COACHED, ids=lambda lesson: lesson.id)
def test_a_coached_goal_is_reached_by_following_the_coach(lesson) -> None:
    """The moves a goal with the coach accepts are the coach's advice, one by one, and its
    ``mistake`` line leaves the coach's advice: the lesson never contradicts the hint."""
    from tutor.practice.coach import advise

    assert COACHED and {"when-to-leave", "power-cards"} <= {x.id for x in COACHED}
    played = 0
    for runner, ask, action in _learner_decisions(lesson):
        if ask.kind == "goal":
            assert advise(runner.state, runner.learner).action == action, (ask.key, action)
            played += 1
    assert played == sum(len(s.solution) for s in lesson.all_steps() if s.kind == "goal")


@pytest.mark.parametrize("lesson_id", ["when-to-leave", "power-cards"])
def test_the_strategy_lessons_accept_the_coachs_move(lesson_id: str) -> None:
    """At every stay-or-leave and Power card decision of the strategy lessons, the move the
    lesson accepts is the one the coach advises, and the goal's mistake is not."""
    from tutor.practice.coach import advise

    moves = 0
    for runner, ask, action in _learner_decisions(BY_ID[lesson_id]):
        advice = advise(runner.state, runner.learner)
        assert advice.action == action, (ask.key, action, advice.points)
        if ask.kind == "goal":
            continue
        moves += 1
        for option in ask.options:
            if not option.correct and option.action in dict(advice.points):
                assert dict(advice.points)[option.action] < dict(advice.points)[action]
    assert moves >= 2


def test_the_when_to_leave_goals_mistake_is_not_the_coachs_advice() -> None:
    from tutor.lessons.runner import Runner, first_answer
    from tutor.practice.coach import advise

    lesson = BY_ID["when-to-leave"]
    goal = next(s for s in lesson.steps if s.kind == "goal" and s.coach)
    runner = Runner(lesson)
    solutions: dict[str, list[str]] = {}
    while runner.pause == "say" or runner.ask.step is not goal:
        if runner.pause == "say":
            runner.proceed()
        else:
            runner.answer(first_answer(runner, solutions=solutions))
    advised = []
    for action in goal.mistake:
        advised.append(advise(runner.state, runner.learner).action)
        outcome = runner.answer(action)
    assert outcome.goal == "missed"
    assert advised[:-1] == list(goal.mistake[:-1]) and advised[-1] != goal.mistake[-1]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_power_card_goal_quotes_the_exact_odds(language: str) -> None:
    """Lesson 19's goal names the chance that Bruno answers his two pirates as the odds
    module works it out from what the learner may know, in the learner's language."""
    from tutor.lessons.runner import Runner, first_answer
    from tutor.practice.odds import captain_pay_odds
    from tutor.practice.voyage import View

    runner = Runner(BY_ID["power-cards"])
    while runner.pause == "say" or runner.ask.kind != "goal":
        runner.proceed() if runner.pause == "say" else runner.answer(first_answer(runner))
    state = runner.state
    options = state.options
    view = View.from_observation(state.observation(runner.learner), options.variant,
                                 options.grappling_hook, options.spyglass_points)
    assert list(state.dice) == ["pirates", "pirates"]
    exact = captain_pay_odds(view.unseen, view.hand_sizes[view.captain], view.dice).with_turbos
    assert 0 < exact < 1
    tr = Translator(language)
    text = render_entry(runner.log[-1], tr)
    assert tr.percent(float(exact)) in text and text.count("%") == 1  # no figure retyped


@pytest.mark.parametrize(("language", "words"), [
    ("en", "treasures from {n} different cities"),
    ("fr", "des trésors de {n} cités différentes"),
    ("hu", "{n} különböző szigetről van kincse"),
])
def test_the_beginner_summary_shows_the_engine_s_number(monkeypatch, language: str,
                                                        words: str) -> None:
    """The summary of the beginner lesson names the cities that end the game as the lesson
    shows them: the engine's figure, in every language, on the menu and the transcript."""
    from tutor.engine import data
    from tutor.lessons.summary import summary_text

    lesson = next(lesson for lesson in load_all() if "{beginner_cities}" in lesson.summary)
    tr = Translator(language)
    shown = summary_text(lesson, tr)
    assert words.format(n=data.BEGINNER_CITIES_TO_END) in shown
    assert words.format(n=data.BEGINNER_CITIES_TO_END) in " ".join(transcript(lesson, tr)[:8])
    monkeypatch.setattr(data, "BEGINNER_CITIES_TO_END", 4)
    assert words.format(n=4) in summary_text(lesson, tr)


def test_a_summary_may_name_only_the_game_s_data(tmp_path: Path) -> None:
    from tutor.lessons.errors import LessonError
    from tutor.lessons.reader import load_lesson

    source = next(lesson for lesson in load_all() if "{beginner_cities}" in lesson.summary)
    text = Path(source.path).read_text(encoding="utf-8").replace("{beginner_cities}",
                                                                 "{points}", 1)
    path = tmp_path / Path(source.path).name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(LessonError) as err:
        load_lesson(path)
    assert err.value.english().startswith(f"{path.name}, line 3: the summary names {{points}}")
