"""The tutor's key bindings: each key calls the controller, then the screen redraws."""

from __future__ import annotations

from prompt_toolkit.filters import Condition
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent

from ..engine.messages import N_
from .layout import LESSON, MENU, TutorUI


def build_keys(ui: TutorUI) -> KeyBindings:
    keys = KeyBindings()
    tutor = ui.tutor
    browsing = Condition(lambda: not ui.lookup_open)
    in_menu = Condition(lambda: ui.screen == MENU and not ui.lookup_open)
    in_lesson = Condition(lambda: ui.screen == LESSON and not ui.lookup_open)
    asking = Condition(lambda: ui.screen == LESSON and not ui.lookup_open
                       and tutor.session is not None and tutor.session.pause == "prompt")

    def say(msgid: str | None, **params: object) -> None:
        ui.message = (msgid, params) if msgid else None

    def open_lesson(index: int) -> None:
        items = tutor.menu()
        item = items[index]
        tutor.open(item.lesson.id, resume=True)
        ui.screen = LESSON
        ui.choice_index = 0
        ui.scroll = 0
        say(None)

    def back_to_menu() -> None:
        session = tutor.session
        tutor.close()
        ui.screen = MENU
        if session is not None:
            ids = [item.lesson.id for item in tutor.menu()]
            ui.menu_index = ids.index(session.lesson.id)
        say(None)

    # --- Leaving: progress is saved first ---------------------------------------------------
    @keys.add("c-c", eager=True)
    @keys.add("c-d", eager=True)
    def _quit(event: KeyPressEvent) -> None:
        tutor.close()
        event.app.exit(result=0)

    @keys.add("q", filter=in_menu)
    @keys.add("escape", filter=in_menu, eager=True)
    def _quit_menu(event: KeyPressEvent) -> None:
        tutor.close()
        event.app.exit(result=0)

    @keys.add("q", filter=in_lesson)
    @keys.add("escape", filter=in_lesson, eager=True)
    def _menu(event: KeyPressEvent) -> None:
        back_to_menu()

    # --- Menu -------------------------------------------------------------------------------
    @keys.add("up", filter=in_menu)
    @keys.add("k", filter=in_menu)
    def _up(event: KeyPressEvent) -> None:
        ui.menu_index = (ui.menu_index - 1) % len(tutor.lessons)
        say(None)

    @keys.add("down", filter=in_menu)
    @keys.add("j", filter=in_menu)
    def _down(event: KeyPressEvent) -> None:
        ui.menu_index = (ui.menu_index + 1) % len(tutor.lessons)
        say(None)

    @keys.add("enter", filter=in_menu)
    def _open(event: KeyPressEvent) -> None:
        open_lesson(ui.menu_index)

    # --- Lesson -----------------------------------------------------------------------------
    @keys.add("up", filter=asking)
    def _choice_up(event: KeyPressEvent) -> None:
        ui.choice_index = (ui.choice_index - 1) % len(tutor.session.choices)

    @keys.add("down", filter=asking)
    def _choice_down(event: KeyPressEvent) -> None:
        ui.choice_index = (ui.choice_index + 1) % len(tutor.session.choices)

    def choose(index: int) -> None:
        session = tutor.session
        outcome = session.choose(index)
        if outcome is None:
            return
        ui.scroll = 0
        if outcome.correct:
            ui.choice_index = 0
            tutor.save()
            say(None)
        else:
            ui.choice_index = index
            say(N_("Not this one: read why above, then try again (h for a hint, ? to look up "
                   "the rule)."))

    for digit in range(1, 10):
        @keys.add(str(digit), filter=asking)
        def _number(event: KeyPressEvent, index: int = digit - 1) -> None:
            choose(index)

    @keys.add("enter", filter=in_lesson)
    @keys.add("space", filter=in_lesson)
    def _enter(event: KeyPressEvent) -> None:
        session = tutor.session
        if session.pause == "prompt":
            choose(ui.choice_index)
        elif session.pause == "say":
            session.proceed()
            ui.scroll = 0
            ui.choice_index = 0
            say(None)
            tutor.save()
        else:  # finished: on to the next lesson
            tutor.save()
            ids = [lesson.id for lesson in tutor.lessons]
            position = ids.index(session.lesson.id)
            if position + 1 < len(ids):
                open_lesson(position + 1)
            else:
                back_to_menu()
                say(N_("You have reached the end of the lessons. Well flown!"))

    @keys.add("h", filter=in_lesson)
    def _hint(event: KeyPressEvent) -> None:
        if tutor.session.pause != "prompt":
            return
        if tutor.session.hint():
            ui.scroll = 0
            say(None)
        else:
            say(N_("No more hints for this question."))

    @keys.add("u", filter=in_lesson)
    @keys.add("backspace", filter=in_lesson)
    def _undo(event: KeyPressEvent) -> None:
        if tutor.session.undo():
            ui.choice_index = 0
            ui.scroll = 0
            tutor.save()
            say(N_("Undone: you are back at the previous question."))
        else:
            say(N_("Nothing to undo yet."))

    @keys.add("r", filter=in_lesson)
    def _restart(event: KeyPressEvent) -> None:
        tutor.session.restart()
        tutor.save()
        ui.choice_index = 0
        ui.scroll = 0
        say(N_("The lesson starts again from the beginning."))

    @keys.add("s", filter=in_lesson)
    def _skip(event: KeyPressEvent) -> None:
        next_id = tutor.skip()
        if next_id is None:
            ui.screen = MENU
            say(N_("That was the last lesson."))
            return
        ids = [lesson.id for lesson in tutor.lessons]
        open_lesson(ids.index(next_id))

    @keys.add("pageup", filter=in_lesson)
    def _scroll_up(event: KeyPressEvent) -> None:
        ui.scroll += 3

    @keys.add("pagedown", filter=in_lesson)
    def _scroll_down(event: KeyPressEvent) -> None:
        ui.scroll = max(0, ui.scroll - 3)

    # --- Everywhere -------------------------------------------------------------------------
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
                and not session.last.correct and session.last.choice.rules:
            query = session.last.choice.rules[0]
        ui.open_lookup(query)

    @keys.add("escape", filter=Condition(lambda: ui.lookup_open), eager=True)
    def _close_lookup(event: KeyPressEvent) -> None:
        ui.close_lookup()

    return keys
