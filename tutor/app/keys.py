"""The tutor's key bindings, one small set per mode: each key calls the controller, then
the screen redraws.

- everywhere: quit (Ctrl-C, Ctrl-D), language, lookup;
- the menu: move, open, a lesson by its number, quit;
- a lesson: choose (number keys, arrows and Enter), continue, hint, undo, restart, skip,
  scroll, back to the menu;
- a yes/no question (restart, skip): ``y`` (or the language's own: ``o``, ``i``) confirms,
  any other key cancels;
- the lookup panel: close, and typing over the selected text.
"""

from __future__ import annotations

import time

from prompt_toolkit.filters import Condition
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent, merge_key_bindings
from prompt_toolkit.keys import Keys

from ..engine.messages import N_
from ..std_streams import INTERRUPTED
from .layout import LESSON, MENU, SCROLL_STEP, TutorUI


def build_keys(ui: TutorUI):
    return merge_key_bindings([global_keys(ui), menu_keys(ui), lesson_keys(ui),
                               confirm_keys(ui), lookup_keys(ui)])


def _say(ui: TutorUI, msgid: str | None, **params: object) -> None:
    ui.message = (msgid, params) if msgid else None


def open_lesson(ui: TutorUI, index: int) -> None:
    """Open the lesson at ``index`` of the menu, or the review (the entry after them)."""
    if index >= len(ui.tutor.lessons):
        open_review(ui)
        return
    item = ui.tutor.menu()[index]
    ui.tutor.open(item.lesson.id, resume=True)
    ui.screen = LESSON
    ui.choice_index = None
    ui.scroll = 0
    _say(ui, None)


def open_review(ui: TutorUI, following: bool = False) -> None:
    """Start the review (or, ``following``, go on to its next item); the menu says when
    there is nothing (more) to review."""
    tutor = ui.tutor
    session = tutor.next_review() if following else tutor.open_review()
    if session is None:
        ui.screen = MENU
        ui.menu_index = len(tutor.lessons)
        # TRANSLATORS: Same role on the page: a message in the list of lessons.
        _say(ui, N_("The review is over for now.") if following else
             # TRANSLATORS: Same role on the page: a message in the list of lessons.
             N_("Nothing to review now."))
        return
    ui.screen = LESSON
    ui.choice_index = None
    ui.scroll = 0
    _say(ui, None)


def back_to_menu(ui: TutorUI) -> None:
    tutor = ui.tutor
    session = tutor.session
    tutor.close()
    ui.screen = MENU
    if session is not None and session.unit is not None:
        ui.menu_index = len(tutor.lessons)
    elif session is not None:
        ids = [item.lesson.id for item in tutor.menu()]
        ui.menu_index = ids.index(session.lesson.id)
    _say(ui, None)


def global_keys(ui: TutorUI) -> KeyBindings:
    keys = KeyBindings()
    tutor = ui.tutor
    browsing = Condition(lambda: not ui.lookup_open and ui.confirm is None)

    @keys.add("c-d", eager=True)
    def _quit(event: KeyPressEvent) -> None:
        tutor.close()  # progress is saved first
        event.app.exit(result=0)

    @keys.add("c-c", eager=True)
    def _interrupt(event: KeyPressEvent) -> None:
        tutor.close()  # progress is saved first
        event.app.exit(result=INTERRUPTED)

    @keys.add("l", filter=browsing)
    @keys.add("f2", filter=browsing)
    def _language(event: KeyPressEvent) -> None:
        tutor.next_language()

    @keys.add("?", filter=browsing)
    @keys.add("f1", filter=browsing)
    def _lookup(event: KeyPressEvent) -> None:
        query = ""
        session = tutor.session
        if ui.screen == LESSON and session is not None and session.last is not None \
                and not session.last.correct and session.last.option.rules:
            query = session.last.option.rules[0]
        ui.open_lookup(query)

    return keys


def menu_keys(ui: TutorUI) -> KeyBindings:
    keys = KeyBindings()
    tutor = ui.tutor
    in_menu = Condition(lambda: ui.screen == MENU and not ui.lookup_open)

    @keys.add("q", filter=in_menu)
    @keys.add("escape", filter=in_menu, eager=True)
    def _quit_menu(event: KeyPressEvent) -> None:
        tutor.close()
        event.app.exit(result=0)

    @keys.add("up", filter=in_menu)
    @keys.add("k", filter=in_menu)
    def _up(event: KeyPressEvent) -> None:
        # The lessons, then the review.
        ui.menu_index = (ui.menu_index - 1) % (len(tutor.lessons) + 1)
        _say(ui, None)

    @keys.add("down", filter=in_menu)
    @keys.add("j", filter=in_menu)
    def _down(event: KeyPressEvent) -> None:
        ui.menu_index = (ui.menu_index + 1) % (len(tutor.lessons) + 1)
        _say(ui, None)

    @keys.add("enter", filter=in_menu)
    def _open(event: KeyPressEvent) -> None:
        open_lesson(ui, ui.menu_index)

    # A lesson by its number: one digit, or two typed within a second ("1", "2" → 12).
    typed = {"text": "", "at": 0.0}
    for digit in "0123456789":
        @keys.add(digit, filter=in_menu)
        def _number(event: KeyPressEvent, digit: str = digit) -> None:
            now = time.monotonic()
            text = typed["text"] + digit if now - typed["at"] < 1 else digit
            count = len(tutor.lessons)
            if len(text) == 2 and not 1 <= int(text) <= count:
                text = digit  # "9", "7": not lesson 97, but lesson 7
            typed["text"], typed["at"] = text, now
            if 1 <= int(text) <= count:
                ui.menu_index = int(text) - 1
                _say(ui, None)

    return keys


def lesson_keys(ui: TutorUI) -> KeyBindings:
    keys = KeyBindings()
    tutor = ui.tutor
    in_lesson = Condition(lambda: ui.screen == LESSON and not ui.lookup_open
                          and ui.confirm is None)
    asking = in_lesson & Condition(lambda: tutor.session is not None
                                   and tutor.session.pause == "ask")

    @keys.add("q", filter=in_lesson)
    @keys.add("escape", filter=in_lesson, eager=True)
    def _menu(event: KeyPressEvent) -> None:
        back_to_menu(ui)

    @keys.add("up", filter=asking)
    def _choice_up(event: KeyPressEvent) -> None:
        count = len(tutor.session.options())
        ui.choice_index = count - 1 if ui.choice_index is None else \
            (ui.choice_index - 1) % count

    @keys.add("down", filter=asking)
    def _choice_down(event: KeyPressEvent) -> None:
        count = len(tutor.session.options())
        ui.choice_index = 0 if ui.choice_index is None else (ui.choice_index + 1) % count

    def choose(index: int) -> None:
        session = tutor.session
        outcome = session.choose(index)
        if outcome is None:
            return
        ui.scroll = 0
        ui.choice_index = None  # a retry shows the choices in a new order
        tutor.save()
        # The feedback pane says what was right or wrong, and why.
        _say(ui, None)

    for digit in range(1, 10):
        @keys.add(str(digit), filter=in_lesson)
        def _number(event: KeyPressEvent, index: int = digit - 1) -> None:
            if tutor.session.pause == "ask":
                choose(index)
            elif tutor.session.pause == "say":
                _say(ui, N_("Press Enter to read on."))

    @keys.add("enter", filter=in_lesson)
    @keys.add("space", filter=in_lesson)
    def _enter(event: KeyPressEvent) -> None:
        session = tutor.session
        if session.pause == "ask":
            if ui.choice_index is None:
                _say(ui, N_("Choose an answer first: its number, or the arrows then Enter."))
            else:
                choose(ui.choice_index)
        elif session.pause == "say":
            session.proceed()
            ui.scroll = 0
            ui.choice_index = None
            _say(ui, None)
            tutor.save()
        elif session.unit is not None:  # a review item answered: on to the next
            tutor.save()
            open_review(ui, following=True)
        else:  # finished: on to the next lesson
            tutor.save()
            following = tutor.next_lesson(session.lesson.id)
            if following is not None:
                ids = [lesson.id for lesson in tutor.lessons]
                open_lesson(ui, ids.index(following.id))
            else:
                back_to_menu(ui)
                _say(ui, N_("You have reached the end of the lessons. Well flown!"))

    @keys.add("h", filter=in_lesson)
    def _hint(event: KeyPressEvent) -> None:
        if tutor.session.pause != "ask":
            return
        if tutor.session.hint():
            ui.scroll = 0
            _say(ui, None)
        else:
            _say(ui, N_("No more hints for this question."))

    @keys.add("u", filter=in_lesson)
    @keys.add("backspace", filter=in_lesson)
    def _undo(event: KeyPressEvent) -> None:
        if tutor.session.undo():
            ui.choice_index = None
            ui.scroll = 0
            tutor.save()
            _say(ui, N_("Undone: you are back at your previous decision."))
        else:
            _say(ui, N_("Nothing to undo here."))

    @keys.add("r", filter=in_lesson)
    def _restart(event: KeyPressEvent) -> None:
        ui.confirm = "restart"

    @keys.add("s", filter=in_lesson)
    def _skip(event: KeyPressEvent) -> None:
        ui.confirm = "skip"

    @keys.add("pageup", filter=in_lesson)
    def _scroll_up(event: KeyPressEvent) -> None:
        # Only as far back as there is text hidden above: "Scrolled back" means it.
        ui.scroll = min(ui.scroll + SCROLL_STEP, ui.max_scroll())

    @keys.add("pagedown", filter=in_lesson)
    def _scroll_down(event: KeyPressEvent) -> None:
        # The recap reads from the top: there PgDn goes further down.
        floor = -10_000 if tutor.session.finished else 0
        ui.scroll = max(floor, ui.scroll - SCROLL_STEP)

    return keys


def confirm_keys(ui: TutorUI) -> KeyBindings:
    keys = KeyBindings()
    tutor = ui.tutor
    confirming = Condition(lambda: ui.confirm is not None)

    def yes() -> None:
        what, ui.confirm = ui.confirm, None
        if what == "restart":
            tutor.session.restart()
            tutor.save()
            ui.choice_index = None
            ui.scroll = 0
            _say(ui, N_("The lesson starts again from the beginning."))
            return
        if tutor.session is not None and tutor.session.unit is not None:
            open_review(ui, following=True)  # skipped: it stays due
            return
        next_id = tutor.skip()
        if next_id is None:
            ui.screen = MENU
            _say(ui, N_("That was the last lesson."))
            return
        ids = [lesson.id for lesson in tutor.lessons]
        open_lesson(ui, ids.index(next_id))

    @keys.add(Keys.Any, filter=confirming)
    @keys.add("enter", filter=confirming)
    @keys.add("escape", filter=confirming, eager=True)
    def _answer(event: KeyPressEvent) -> None:
        """``y``, or the language's own key for yes (``o``, ``i``), confirms; any other key
        cancels."""
        if event.data.lower() in ui.yes_keys():
            yes()
        else:
            ui.confirm = None

    return keys


def lookup_keys(ui: TutorUI) -> KeyBindings:
    keys = KeyBindings()
    looking = Condition(lambda: ui.lookup_open)
    selected = looking & Condition(lambda: ui.lookup_buffer.selection_state is not None)

    @keys.add("escape", filter=looking, eager=True)
    def _close_lookup(event: KeyPressEvent) -> None:
        ui.close_lookup()

    @keys.add(Keys.Any, filter=selected)
    def _type_over(event: KeyPressEvent) -> None:
        """Typing replaces the selected text, as in any search box; any other key (Enter,
        arrows) keeps the text and does what it always does."""
        buffer = ui.lookup_buffer
        if event.data.isprintable():
            buffer.cut_selection()
            buffer.insert_text(event.data)
            return
        buffer.exit_selection()
        for press in reversed(event.key_sequence):
            event.app.key_processor.feed(press, first=True)

    @keys.add("backspace", filter=selected)
    def _erase(event: KeyPressEvent) -> None:
        ui.lookup_buffer.cut_selection()

    return keys
