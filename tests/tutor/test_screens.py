"""Every screen of every lesson at 60x20, 80x24 and 120x40: the text being read, the whole
question or goal with every one of its choices, and the whole feedback to each answer are
on screen (the narration above gives way first, then the board). The real app, drawn in
this process onto a terminal emulator (``app_screen``)."""

from __future__ import annotations

import pytest
from app_screen import AppScreen
from lessons_play import right_position, wrong_position
from prompt_toolkit.application.current import set_app

from tutor.app.main import make_tutor
from tutor.i18n import Translator
from tutor.lessons.library import load_all
from tutor.lessons.render import render_entry

LESSONS = load_all()
SIZES = [(20, 60), (24, 80), (40, 120)]


def _squashed(text: str) -> str:
    return "".join(text.split())


def _narration_on_screen(app: AppScreen) -> tuple[list[str], list[str]]:
    """The narration's rows on screen (between the feedback and the question or the text
    being read), and the first line of each of its paragraphs."""
    ui = app.ui
    with set_app(app.app):
        feedback = ui._feedback_lines()
        question = ui._question_lines()
        blocks = ui._narration_blocks()
    rows = [_spaces(row.rstrip()) for row in app.screen.display]
    rules = [i for i, row in enumerate(rows) if row.startswith("────")]
    body = rows[rules[0] + 1:rules[1]]
    while body and not body[0]:
        body = body[1:]  # the spare lines above the text
    body = body[len(feedback):len(body) - len(question)]
    # The screen keeps no-break spaces as spaces ("2 points"): compare the lines so.
    return body, [_spaces(block[0][1].rstrip()) for block in blocks]


def _spaces(text: str) -> str:
    return text.replace("\xa0", " ").replace("\u202f", " ")


def _play_and_look(lesson_id: str, rows: int, cols: int, language: str) -> list[str]:
    """Play the lesson, each question first answered wrong where it can be; return what
    should have been on screen and was not, and any narration that starts in the middle
    of a paragraph (when it does not all fit, whole paragraphs give way)."""
    tutor = make_tutor(LESSONS, Translator(language), explicit_language=True)
    app = AppScreen(tutor, lesson_id, rows, cols)
    session = tutor.session
    tr = tutor.lesson_tr()
    missing: list[str] = []

    def look(entry, what: str) -> None:
        text = render_entry(entry, tr)
        if _squashed(text) not in app.squashed():
            missing.append(f"{what} {text!r} at {cols}x{rows}:\n{app.text()}")

    tried: set[str] = set()
    for _ in range(1000):
        if session.finished:
            break
        shown, firsts = _narration_on_screen(app)
        if shown and shown[0] not in firsts:
            missing.append(f"the narration starts mid-paragraph at {cols}x{rows}:\n"
                           f"{app.text()}")
        if session.pause == "say":
            look([e for e in session.page() if e.kind == "say"][-1], "the narration")
            app.send("\r")
            continue
        look(session.question(), "the question")
        screen = app.squashed()
        for number, option in enumerate(session.options(), start=1):
            choice = f"{number}. {option.label.render(tr)}"
            if _squashed(choice) not in screen:
                missing.append(f"the choice {choice!r} at {cols}x{rows}:\n{app.text()}")
        ask = session.ask
        wrong = wrong_position(session)
        if wrong is not None and ask.key not in tried and not session.in_review:
            tried.add(ask.key)
            app.send(str(wrong + 1))
        else:
            app.send(str(right_position(session) + 1))
        for entry in session.feedback():
            look(entry, "the feedback")
    assert session.finished
    return missing


@pytest.mark.parametrize(("rows", "cols"), SIZES)
@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_what_matters_is_on_screen(lesson, rows: int, cols: int) -> None:
    missing = _play_and_look(lesson.id, rows, cols, "en")
    assert not missing, missing[0]


@pytest.mark.parametrize("language", ["fr", "hu"])
@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_what_matters_is_on_a_small_screen_in_every_language(lesson, language: str) -> None:
    missing = _play_and_look(lesson.id, 20, 60, language)
    assert not missing, missing[0]


@pytest.mark.parametrize("language", ["en", "fr", "hu"])
def test_a_long_title_gives_way_to_where_the_learner_stands(language: str) -> None:
    """At 60 columns the last lesson's title does not fit the header: it is shortened
    with "…", and "question 1 of N" and the language are read whole."""
    tutor = make_tutor(LESSONS, Translator(language), explicit_language=True)
    app = AppScreen(tutor, LESSONS[-1].id, 20, 60)
    tr = tutor.tr
    header = app.text().splitlines()[0].rstrip()
    total = tutor.session.progress()[1]
    counter = tr.format("question {number} of {total}", number=1, total=total)
    title = tr.gettext(LESSONS[-1].title)
    assert len(f" {title} · {counter}") > 50  # it could not fit beside the language
    assert f"… · {counter}" in header, header
    assert header.startswith(" " + title[:10]) and header.endswith(("English", "Français",
                                                                     "Magyar")), header


@pytest.mark.parametrize("language", ["en", "fr", "hu"])
def test_the_last_move_s_events_stay_above_the_recap(language: str) -> None:
    """A payment ends the lesson (each exercise of alternative-route's drill ends with
    one, whatever their order): what the payment did (the airship reaches the next city)
    is on the final screen above the recap, not dropped."""
    tutor = make_tutor(LESSONS, Translator(language), explicit_language=True)
    app = AppScreen(tutor, "alternative-route", 24, 80)
    session = tutor.session
    for _ in range(1000):
        if session.finished:
            break
        app.send("\r" if session.pause == "say" else str(right_position(session) + 1))
    assert session.finished
    events = [e for e in session.page() if e.kind == "event"]
    assert events, "the lesson no longer ends on a move: pick another lesson for this test"
    tr = tutor.lesson_tr()
    screen = app.squashed()
    for entry in events:
        assert _squashed("·" + render_entry(entry, tr)) in screen, app.text()
    recap = tutor.recap()
    assert _squashed(recap[0][1]) in screen, app.text()


def _to_the_end(app: AppScreen) -> None:
    session = app.tutor.session
    for _ in range(2000):
        if session.finished:
            return
        app.send("\r" if session.pause == "say" else str(right_position(session) + 1))
    raise AssertionError("the lesson did not end")


@pytest.mark.parametrize(("rows", "cols"), [(24, 80), (20, 60)])
@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_the_recap_is_on_screen_when_the_lesson_ends(lesson, rows: int, cols: int) -> None:
    """However long the last move's events, the recap's first lines are on the final
    screen: the stars, and what the lesson taught."""
    tutor = make_tutor(LESSONS, Translator("en"), explicit_language=True)
    app = AppScreen(tutor, lesson.id, rows, cols)
    _to_the_end(app)
    recap = tutor.recap()
    screen = app.squashed()
    assert _squashed(recap[0][1]) in screen, app.text()
    heading = next((text for kind, text in recap if kind == "heading"), None)
    if heading is not None:
        assert _squashed(heading) in screen, app.text()


@pytest.mark.parametrize(("rows", "cols"), [(24, 80), (20, 60)])
@pytest.mark.parametrize("lesson_id", ["final-challenge", "crash", "ejection"])
def test_page_up_reaches_the_start_of_the_lesson(lesson_id: str, rows: int, cols: int
                                                 ) -> None:
    """Halfway through a lesson, PgUp goes back to its very first lines (a long goal's
    first voyage too), and PgDn comes back to the question."""
    tutor = make_tutor(LESSONS, Translator("en"), explicit_language=True)
    app = AppScreen(tutor, lesson_id, rows, cols)
    session = tutor.session
    tr = tutor.lesson_tr()
    first = render_entry(session.runner.log[0], tr)
    decisions = 0
    total = sum(1 for step in session.runner.steps if step.kind in ("prompt", "move"))
    while decisions < min(12, total - 1) and not session.finished:
        if session.pause == "say":
            app.send("\r")
        else:
            app.send(str(right_position(session) + 1))
            decisions += 1
    assert not session.finished
    question = session.question() or session.page()[-1]
    assert _squashed(first)[:40] not in app.squashed()
    for _ in range(400):
        app.send("\x1b[5~")  # PgUp
        if _squashed(first)[:40] in app.squashed():
            break
    assert _squashed(first)[:40] in app.squashed(), app.text()
    for _ in range(400):
        app.send("\x1b[6~")  # PgDn
        if app.ui.scroll == 0:
            break
    assert _squashed(render_entry(question, tr))[:40] in app.squashed(), app.text()


@pytest.mark.parametrize(("rows", "cols"), [(24, 80), (20, 60)])
@pytest.mark.parametrize("lesson_id", ["empty-piles", "beginner", "final-challenge"])
def test_page_up_shows_every_line_of_the_lesson_so_far(lesson_id: str, rows: int,
                                                        cols: int) -> None:
    """Deep into a lesson (a drill's games for six, a long goal, a full game), PgUp step
    by step shows every line the lesson has written since it began, none skipped: each
    entry's first and last words are on one of the screens on the way back to the top."""
    tutor = make_tutor(LESSONS, Translator("en"), explicit_language=True)
    app = AppScreen(tutor, lesson_id, rows, cols)
    session = tutor.session
    tr = tutor.lesson_tr()
    decisions = 0
    while decisions < 20:
        if session.pause == "say":
            app.send("\r")
        else:
            app.send(str(right_position(session) + 1))
            decisions += 1
    assert not session.finished
    log = list(session.active.log)
    assert len(log) > 3 * rows  # far more than one screen: the test scrolls for real
    screens = [app.squashed()]
    for _ in range(2000):
        before = app.ui.scroll
        app.send("\x1b[5~")  # PgUp
        screens.append(app.squashed())
        if app.ui.scroll == before:
            break
    missing = []
    for entry in log:
        text = _squashed(render_entry(entry, tr))
        for part in (text[:30], text[-30:]):
            if not any(part in screen for screen in screens):
                missing.append(render_entry(entry, tr))
                break
    assert not missing, missing[:3]
