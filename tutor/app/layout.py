"""The tutor's screens: the lesson menu, a lesson (board, feedback, narration, choices) and
the lookup panel. Everything shown is read from the controller at each redraw; this
module only lays it out. Key bindings are in ``keys``, colours in ``style``.

A lesson's screen, top to bottom: the board as it is at the moment the question is about;
the feedback to the learner's last answer, pinned so that it is never scrolled away; the
narration, which gives way when the screen is small (PgUp/PgDn scroll it, and the footer
says so); the choices, none selected until the learner picks one.
"""

from __future__ import annotations

from prompt_toolkit.application import get_app
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.data_structures import Point
from prompt_toolkit.filters import Condition
from prompt_toolkit.layout import (
    BufferControl,
    ConditionalContainer,
    Dimension,
    FormattedTextControl,
    HSplit,
    Layout,
    Window,
)
from prompt_toolkit.selection import SelectionState

from ..content.terminal import wrap as terminal_wrap
from ..engine.messages import N_
from ..lessons.controller import Tutor
from ..lessons.keys import yes_keys
from . import screen_text
from .screen_text import KEY_LANGUAGE, KEY_LOOKUP
from .style import cls, colour_wanted

MENU, LESSON = "menu", "lesson"
#: The keys of a lesson, in the footer; the spare ones give way on a narrow screen.
LESSON_KEYS = (N_("h hint"), N_("u undo"), N_("r restart"), N_("s skip"), KEY_LANGUAGE,
               KEY_LOOKUP, N_("q menu"))
SPARE_KEYS = tuple(LESSON_KEYS[i] for i in (3, 2, 4, 1))
#: The lines a lesson's screen always takes: the header, two rules, the footer.
CHROME = 4
#: The lines one PgUp or PgDn moves the narration by.
SCROLL_STEP = 3


def _per_render(method):
    """Work a lesson screen's part out once per drawing: the layout asks for the same
    lines several times (heights, then text) while nothing changes in between."""
    name = method.__name__

    def cached(self):
        key = self._render_key()
        cache = self._render_cache
        if cache.get("\x00key") != key:
            cache.clear()
            cache["\x00key"] = key
        if name not in cache:
            cache[name] = method(self)
        return cache[name]

    cached.__doc__ = method.__doc__
    return cached


class TutorUI:
    """What the screen shows now: which screen, what is selected, any message, and a
    question awaiting a yes or no (``confirm``: ``restart`` or ``skip``)."""

    def __init__(self, tutor: Tutor) -> None:
        self.tutor = tutor
        self.screen = MENU
        self.menu_index = tutor.suggested()
        self.choice_index: int | None = None   # nothing is preselected
        self.scroll = 0          # narration lines scrolled up from the bottom
        self.confirm: str | None = None
        self.lookup_open = False
        self.lookup_lines: list[str] = []
        self.message: screen_text.Message | None = screen_text.opening_message(tutor)
        self.colour = colour_wanted()
        self._render_cache: dict[str, object] = {}
        #: Each log entry's wrapped lines, by the entry (kept, so its id stays its own), the
        #: width, the language and the colours: a long lesson's history is drawn again on
        #: every key, and rendering it afresh each time grew with every mistake made.
        self._entry_blocks: dict[int, tuple[object, tuple, list[tuple[str, str]]]] = {}
        self.lookup_buffer = Buffer(multiline=False, accept_handler=self._accept_lookup)
        self.layout = self._layout()

    # --- Helpers ----------------------------------------------------------------------------
    @property
    def tr(self):
        return self.tutor.tr

    def _render_key(self) -> tuple:
        """What the lesson screen's lines depend on: the drawing, the size, the language,
        the message, and where the session is."""
        session = self.tutor.session
        where: tuple = ()
        if session is not None:
            where = (id(session), id(session.runner), id(session.active),
                     len(session.active.log), session.pause, len(session.inputs),
                     session.page_start, len(session.feedback_entries), session.finished)
        try:
            counter = get_app().render_counter
        except Exception:
            counter = 0
        return (counter, self._width(), self._height(), self.tutor.language, self.message,
                self.lookup_open, self.screen, where)

    def _width(self) -> int:
        try:
            return max(20, get_app().output.get_size().columns)
        except Exception:  # no running app (tests building fragments): a standard terminal
            return 80

    def _height(self) -> int:
        try:
            return get_app().output.get_size().rows
        except Exception:
            return 24

    def _message_text(self) -> str:
        return screen_text.message_text(self.tr, self.message)

    def _wrap(self, text: str, width: int, indent: str = "") -> list[str]:
        return screen_text.wrap(text, width, indent)

    # --- Header and footer ------------------------------------------------------------------
    def _header(self):
        return screen_text.header(self.tutor, self._width(), in_menu=self.screen == MENU)

    def yes_keys(self) -> set[str]:
        """The keys that answer yes: ``y``, and the reader's language's own (``o`` for
        oui, ``i`` for igen)."""
        return set(yes_keys(self.tr))

    def _yes_key(self) -> str:
        return yes_keys(self.tr)[-1]

    def _footer(self):
        tr = self.tr
        session = self.tutor.session
        if self.confirm == "restart":
            text = tr.format(N_("Start this lesson again from the beginning? {key}: yes · "
                                "any other key: no"), key=self._yes_key())
        elif self.confirm == "skip":
            text = tr.format(N_("Leave this lesson unfinished and go to the next one? {key}: "
                                "yes · any other key: no"), key=self._yes_key())
        elif self.lookup_open:
            text = tr.gettext(N_("Enter: look up · Esc: close"))
        elif self.screen == MENU:
            return screen_text.menu_footer(self.tutor, self._width())
        elif session is not None and session.finished:
            # What Enter does is said just above ("★★☆ Enter ▸ next lesson"): the footer
            # gives the other keys only, so that no line says the same twice.
            last = self.tutor.next_lesson(session.lesson.id) is None
            keys = [] if last else [tr.gettext(N_("q: back to the menu"))]
            keys.append(tr.gettext(KEY_LANGUAGE))
            if self._narration_hidden():
                keys.insert(0, tr.gettext(N_("PgDn/PgUp: the rest of the recap")))
            text = self._fitting(keys, spare=(len(keys) - 1, len(keys) - 2)[:len(keys) - 1])
        elif self.scroll > 0:
            text = tr.gettext(N_("Scrolled back: PgDn returns to the latest text · "
                                 "PgUp further back"))
        else:
            text = self._lesson_keys(self._narration_hidden())
        style = "class:footer" if not self.confirm else "class:confirm"
        return screen_text.footer(style, text, self._width())

    def _fitting(self, keys: list[str], spare: tuple[int, ...]) -> str:
        return screen_text.fitting(keys, spare, self._width() - 1)

    def _lesson_keys(self, hidden: bool) -> str:
        """The keys of a lesson, one label each ("h hint"), as many as the width holds:
        the least used give way first, and "PgUp" comes first when text is hidden above."""
        tr = self.tr
        keys = [N_("PgUp: earlier text")] if hidden else []
        keys += list(LESSON_KEYS)
        width = self._width() - 1
        for spare in SPARE_KEYS:
            if len(" · ".join(tr.gettext(k) for k in keys)) <= width:
                break
            keys.remove(spare)
        return " · ".join(tr.gettext(k) for k in keys)

    def _narration_hidden(self) -> bool:
        """Whether the narration has more lines than its window shows."""
        window = getattr(self, "narration_window", None)
        info = window.render_info if window is not None else None
        return info is not None and len(self._narration_lines()) > info.window_height

    # --- The menu ---------------------------------------------------------------------------
    def _menu(self):
        """The list of lessons, one line each; the window scrolls to keep the selection."""
        out = []
        for line in screen_text.menu(self.tutor, self.menu_index, self._width(), self.colour):
            out += [line, ("", "\n")]
        return out[:-1]

    def _menu_cursor(self) -> Point:
        return Point(0, self.menu_index)

    def _menu_notes(self) -> list[tuple[str, str]]:
        """Under the list: the selected lesson's summary, advice, and any message."""
        return screen_text.menu_notes(self.tutor, self.menu_index, self.message, self._width(),
                                self.colour)

    def _menu_notes_text(self):
        return [(style, text + "\n") for style, text in self._menu_notes()]

    def _menu_notes_height(self) -> Dimension:
        return Dimension.exact(len(self._menu_notes()) + 1)

    # --- A lesson ---------------------------------------------------------------------------
    @_per_render
    def _board(self):
        session = self.tutor.session
        if session is None:
            return []
        # start-up: the tutor's answer to a first key (benchmarks/tutor.py)
        from .board import board_fragments  # a lesson's screen: the menu does not need it

        fragments = board_fragments(session.state, session.learner, self.tutor.lesson_tr(),
                                    width=self._width(), color=self.colour,
                                    compact=self._height() < 32,
                                    max_lines=self._board_room())
        if fragments and fragments[-1] == ("", "\n"):
            fragments = fragments[:-1]
        return fragments

    def _board_room(self) -> int:
        """The lines left for the board once the feedback and the question have theirs:
        the narration above the question gives way first, then the board compacts."""
        return (self._height() - CHROME - self._choices_rows() - len(self._feedback_lines())
                - len(self._question_lines()))

    def _board_rows(self) -> int:
        """The lines the board takes on screen."""
        if self.tutor.session is None or self.tutor.session.finished:
            return 0  # the recap takes the screen
        if self.scroll > 0:
            return 0  # reading back: the text takes the board's room
        fragments = self._board()
        lines = sum(text.count("\n") for _, text in fragments) + 1 if fragments else 0
        return max(0, min(lines, self._board_room()))

    def _board_height(self) -> Dimension:
        return Dimension.exact(self._board_rows())

    @_per_render
    def _feedback_lines(self) -> list[tuple[str, str]]:
        """The answer to the learner's last decision, wrapped; cut only on a tiny screen."""
        session = self.tutor.session
        if session is None or self.lookup_open:
            return []
        width = self._width() - 1
        lines: list[tuple[str, str]] = []
        # start-up: the tutor's answer to a first key (benchmarks/tutor.py)
        from ..lessons.render import render_entry

        tr = self.tutor.lesson_tr()
        for entry in session.feedback():
            text = render_entry(entry, tr)
            mark = {"right": "✓ ", "reached": "✓ ", "wrong": "✗ ", "missed": "✗ ",
                    "chosen": "  "}.get(entry.kind, "")
            wrapped = terminal_wrap(mark + text, max(10, width), "", " " * len(mark)) or [""]
            lines.extend((cls(entry.kind, self.colour), w) for w in wrapped)
        # The board gives way to the feedback and the question, if it must entirely.
        room = max(2, self._height() - CHROME - self._choices_rows()
                   - len(self._question_lines()))
        if len(lines) > room:
            style, text = lines[room - 1]
            lines = [*lines[:room - 1], (style, text[:width - 2] + " …")]
        return lines

    def _feedback(self):
        return [(style, text + "\n") for style, text in self._feedback_lines()]

    def _feedback_height(self) -> Dimension:
        return Dimension.exact(len(self._feedback_lines()))

    @_per_render
    def _question_entries(self) -> list:
        """What is pinned above the choices: the text being read (at a ``say``), or the
        question or goal being answered with its hints, even when the goal was first
        shown earlier in the lesson."""
        session = self.tutor.session
        if session is None or session.finished:
            return []
        page = session.page()
        if session.pause == "say":
            says = [e for e in page if e.kind == "say"]
            return says[-1:]
        question = session.question()
        if question is None:
            return []
        after = page[next((i + 1 for i, e in enumerate(page) if e is question), 0):]
        return [question, *(e for e in after if e.kind in ("hint", "coach"))]

    @_per_render
    def _question_lines(self) -> list[tuple[str, str]]:
        if self.lookup_open:
            return []
        # start-up: the tutor's answer to a first key (benchmarks/tutor.py)
        from ..lessons.render import render_entry

        session = self.tutor.session
        width = self._width() - 1
        tr = self.tutor.lesson_tr()
        lines: list[tuple[str, str]] = []
        for entry in self._question_entries():
            lines.extend((cls(entry.kind, self.colour), w)
                         for w in self._wrap(render_entry(entry, tr), width))
        message = self._message_text()
        if message and session is not None and not session.finished:
            lines.extend((cls("notice", self.colour), w) for w in self._wrap(message, width))
        return lines

    def _question(self):
        return [(style, text + "\n") for style, text in self._question_lines()]

    def _question_height(self) -> Dimension:
        return Dimension.exact(len(self._question_lines()))

    @_per_render
    def _narration_blocks(self) -> list[list[tuple[str, str]]]:
        """What led to the question (events, the narration before it), or the recap:
        each paragraph's wrapped lines."""
        session = self.tutor.session
        if session is None:
            return []
        width = self._width() - 1
        blocks = self._page_blocks(session, width)
        if session.finished:
            recap: list[list[tuple[str, str]]] = []
            for kind, text in self.tutor.recap():
                indent = "  " if kind in ("recap", "mistake") else ""
                style = {"title": "right", "heading": "prompt", "mistake": "wrong",
                         "next": "prompt"}.get(kind, "say")
                recap.append([(cls(style, self.colour), w)
                              for w in self._wrap(("• " if indent else "") + text, width,
                                                  indent)])
            message = self._message_text()
            if message:
                recap.append([(cls("notice", self.colour), w)
                              for w in self._wrap(message, width)])
            # The last move's events (the airship flies on after a goal's payment) stay
            # above the recap, so the learner sees what their move did — as many of the
            # last ones as leave the recap on screen.
            room = self._board_room() - sum(len(block) for block in recap)
            kept: list[list[tuple[str, str]]] = []
            for block in reversed(blocks):
                if sum(len(b) for b in kept) + len(block) > room:
                    break
                kept.insert(0, block)
            return kept + recap
        self._history_count = 0
        if session.pause in ("say", "ask"):
            # Everything before the page, so that PgUp reaches the start of the lesson.
            history = self._history_blocks(session, width)
            self._history_count = len(history)
            blocks = history + blocks
        return blocks

    def _history_blocks(self, session, width: int) -> list[list[tuple[str, str]]]:
        """What the lesson showed before the current page, as it was read: narration,
        events, questions and the answers given."""
        # start-up: the tutor's first screen (benchmarks/tutor.py)
        from ..lessons.render import render_entry

        tr = self.tutor.lesson_tr()
        log = session.active.log
        return [self._entry_block(entry, tr, width, render_entry, history=True)
                for entry in log[:min(session.page_start, len(log))]]

    def _entry_block(self, entry, tr, width: int, render, history: bool
                     ) -> list[tuple[str, str]]:
        """One log entry's wrapped, styled lines (an answer given is marked in the
        history), worked out once for a width, language and colouring."""
        key = (width, tr.language, self.colour, history)
        kept = self._entry_blocks.get(id(entry))
        if kept is not None and kept[0] is entry and kept[1] == key:
            return kept[2]
        text = render(entry, tr)
        indent = "  " if entry.kind == "event" else ""
        if entry.kind == "event":
            text = "· " + text
        elif entry.kind == "chosen" and history:
            text = "→ " + text
        block = [(cls(entry.kind, self.colour), w) for w in self._wrap(text, width, indent)]
        if len(self._entry_blocks) > 50_000:  # a bound: entries undone are not kept forever
            self._entry_blocks.clear()
        self._entry_blocks[id(entry)] = (entry, key, block)
        return block

    @_per_render
    def _narration_lines(self) -> list[tuple[str, str]]:
        return [line for block in self._narration_blocks() for line in block]

    def _page_blocks(self, session, width: int) -> list[list[tuple[str, str]]]:
        """The page's entries since the learner last moved on, wrapped and styled."""
        # start-up: the tutor's answer to a first key (benchmarks/tutor.py)
        from ..lessons.render import render_entry

        tr = self.tutor.lesson_tr()
        pinned = {id(e) for e in self._question_entries()}
        return [self._entry_block(entry, tr, width, render_entry, history=False)
                for entry in session.page() if id(entry) not in pinned]

    def _narration_height(self) -> Dimension:
        """As many lines as the narration has, or fewer: then whole paragraphs, so that
        the text does not start in the middle of a sentence (PgUp shows the rest). The
        recap takes all there is."""
        session = self.tutor.session
        if session is not None and session.finished:
            return Dimension(min=0)
        count = len(self._narration_lines())
        if self.scroll == 0:
            count = self._whole_paragraphs(self._board_room() - self._board_rows())
        return Dimension(min=0, preferred=count, max=count)

    def _whole_paragraphs(self, room: int) -> int:
        """The lines of the page's last paragraphs that fit in ``room`` lines (none when
        not even the last one fits: the tail of a sentence would not read); what came
        before the page shows only when scrolled back."""
        shown = 0
        blocks = self._narration_blocks()
        for block in reversed(blocks[getattr(self, "_history_count", 0):]):
            if shown + len(block) > room:
                break
            shown += len(block)
        return shown

    def _spare_height(self) -> Dimension:
        session = self.tutor.session
        if session is None or session.finished:
            return Dimension.exact(0)
        return Dimension(min=0, preferred=0)

    def _narration(self):
        # Only the lines from the window's top on: a long lesson's history above it would
        # be split into lines again on every key. No newline after the last line: an empty
        # line there would let the window stay scrolled one line too far, showing a
        # sentence's tail above a blank.
        out: list[tuple[str, str]] = []
        for style, text in self._narration_lines()[self._narration_top():]:
            out += [(style, text), ("", "\n")]
        return out[:-1]

    def _narration_top(self) -> int:
        """The first narration line in the window: the latest text at the bottom (or,
        ``scroll`` lines further back: PgUp); the recap from its top (PgDn: further)."""
        session = self.tutor.session
        if session is None:
            return 0
        count = len(self._narration_lines())
        self.scroll = min(self.scroll, self.max_scroll())
        # Scrolled back, and at the recap, the board gives the text its room.
        room = self._board_room()
        if session.finished:
            return max(0, min(-self.scroll, count - room)) if self.scroll < 0 else 0
        if self.scroll <= 0:
            shown = self._whole_paragraphs(room - self._board_rows())
            return max(0, count - shown)
        # The first PgUp shows the text's last ``room`` lines (the board gives way), each
        # further one goes SCROLL_STEP lines back: no line between what the bottom view
        # showed and the window is skipped, however little the bottom view showed.
        return max(0, count - room - max(0, self.scroll - SCROLL_STEP))

    def _narration_scroll(self, window: Window) -> int:
        return 0  # the text given starts at the window's top line (``_narration``)

    def _narration_cursor(self) -> Point:
        # At the window's top line: the window then keeps the scroll it is given.
        return Point(0, 0)

    def max_scroll(self) -> int:
        """How far PgUp may go back: the narration lines hidden above its window (the
        whole lesson so far)."""
        session = self.tutor.session
        if session is None or session.finished:
            return 0  # the recap reads from its top
        count = len(self._narration_lines())
        room = self._board_room()
        hidden = count - self._whole_paragraphs(room - self._board_rows())
        # Scrolled back, the board gives the text its room: one step may show it all.
        return max(count - room + SCROLL_STEP, 1) if hidden > 0 else 0

    def _choices(self):
        session = self.tutor.session
        tr = self.tr
        width = self._width() - 1
        if session is None:
            return []
        if session.finished and session.unit is not None:
            text = N_("Enter ▸ next question") if self.tutor.review_queue else \
                N_("Enter ▸ back to the menu")
            return [(cls("right", self.colour), " " + tr.gettext(text))]
        if session.finished:
            stars = "★" * session.stars() + "☆" * (3 - session.stars())
            if self.tutor.next_lesson(session.lesson.id) is None:
                return [(cls("right", self.colour), " " + tr.format(
                    N_("{stars} Enter ▸ back to the menu"), stars=stars))]
            return [(cls("right", self.colour), " " + tr.format(
                N_("{stars} Enter ▸ next lesson"), stars=stars))]
        if session.pause == "say":
            return [("class:prompt", " " + tr.gettext(N_("Enter ▸ continue")))]
        out = []
        for i, label in enumerate(session.choice_labels(self.tutor.lesson_tr())):
            selected = i == self.choice_index
            wrapped = terminal_wrap(label, max(10, width - 5)) or [""]
            for j, line in enumerate(wrapped):
                prefix = (f"{'▸' if selected else ' '} {i + 1}. ") if j == 0 else "     "
                out.append(("class:selected" if selected else "", prefix + line))
                out.append(("", "\n"))
        if out:
            out.pop()
        return out

    @_per_render
    def _choices_rows(self) -> int:
        session = self.tutor.session
        if session is None or session.pause != "ask":
            return 1
        width = self._width() - 6
        return max(1, sum(len(terminal_wrap(label, max(10, width)) or [""])
                          for label in session.choice_labels(self.tutor.lesson_tr())))

    def _choices_height(self) -> Dimension:
        return Dimension.exact(self._choices_rows())

    # --- Lookup -----------------------------------------------------------------------------
    def open_lookup(self, query: str = "") -> None:
        """Open the lookup with ``query`` typed and selected: typing replaces it."""
        self.lookup_open = True
        self.lookup_buffer.text = query
        self.lookup_buffer.cursor_position = len(query)
        if query:
            self.lookup_buffer.selection_state = SelectionState(original_cursor_position=0)
        # start-up: the tutor's answer to a first key (benchmarks/tutor.py)
        from .lookup import lookup

        self.lookup_lines = lookup(query, self.tr, self._width() - 2)
        get_app().layout.focus(self.lookup_window)

    def close_lookup(self) -> None:
        self.lookup_open = False
        self.lookup_lines = []
        get_app().layout.focus(self.main_window)

    def _accept_lookup(self, buffer: Buffer) -> bool:
        # start-up: the tutor's answer to a first key (benchmarks/tutor.py)
        from .lookup import lookup

        self.lookup_lines = lookup(buffer.text, self.tr, self._width() - 2)
        return True  # keep the text, so that it can be refined

    def _lookup_text(self):
        return [("", line + "\n") for line in self.lookup_lines]

    # --- Layout -----------------------------------------------------------------------------
    def _layout(self) -> Layout:
        in_menu = Condition(lambda: self.screen == MENU and not self.lookup_open)
        in_lesson = Condition(lambda: self.screen == LESSON and not self.lookup_open)
        looking = Condition(lambda: self.lookup_open)
        rule = Window(height=1, char="─", style="class:rule")
        # The header holds the focus while no text is typed: it is always on screen.
        self.main_window = Window(FormattedTextControl(self._header, focusable=True,
                                                       show_cursor=False), height=1)
        menu = HSplit([
            Window(FormattedTextControl(self._menu, show_cursor=False,
                                        get_cursor_position=self._menu_cursor),
                   wrap_lines=False),
            Window(height=1, char="─", style="class:rule"),
            Window(FormattedTextControl(self._menu_notes_text), height=self._menu_notes_height,
                   wrap_lines=False),
        ])
        self.narration_window = Window(
            FormattedTextControl(self._narration, focusable=False, show_cursor=False,
                                 get_cursor_position=self._narration_cursor),
            wrap_lines=False, height=self._narration_height,
            get_vertical_scroll=self._narration_scroll)
        lesson = HSplit([
            Window(FormattedTextControl(self._board, show_cursor=False),
                   height=self._board_height, wrap_lines=False),
            rule,
            # Spare lines go above the text, so that it reads on into the question.
            Window(height=self._spare_height),
            Window(FormattedTextControl(self._feedback, show_cursor=False),
                   height=self._feedback_height, wrap_lines=False),
            self.narration_window,
            Window(FormattedTextControl(self._question, show_cursor=False),
                   height=self._question_height, wrap_lines=False),
            rule,
            Window(FormattedTextControl(self._choices, show_cursor=False),
                   height=self._choices_height, wrap_lines=False),
        ])
        self.lookup_window = Window(BufferControl(self.lookup_buffer), height=1)
        lookup_panel = HSplit([
            Window(FormattedTextControl(lambda: [("class:prompt", self.tr.gettext(
                N_("Look up a rule number or a word:")))]), height=1),
            self.lookup_window,
            rule,
            Window(FormattedTextControl(self._lookup_text), wrap_lines=True),
        ])
        body = HSplit([
            self.main_window,
            ConditionalContainer(menu, filter=in_menu),
            ConditionalContainer(lesson, filter=in_lesson),
            ConditionalContainer(lookup_panel, filter=looking),
            Window(FormattedTextControl(self._footer), height=1),
        ])
        return Layout(body, focused_element=self.main_window)
