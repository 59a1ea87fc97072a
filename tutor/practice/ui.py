"""The practice game on screen: a full-screen prompt-toolkit application.

Layout, from the top: the board (the tutor's board view, from the learner's seat), the
narration of what happened, the coach (toggled with ``c``, or always on: its advice in
one sentence, ``m`` for all it says), the learner's decision and choices, and a line of
keys. Every move is saved at once when a save file is given.
"""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import NamedTuple

from prompt_toolkit.application import Application, get_app
from prompt_toolkit.data_structures import Point
from prompt_toolkit.filters import Condition
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.layout import (
    ConditionalContainer,
    Container,
    DynamicContainer,
    FormattedTextControl,
    HSplit,
    Layout,
    Window,
)
from prompt_toolkit.layout.dimension import Dimension
from prompt_toolkit.styles import Style

from ..app.board import BOARD_STYLE, board_fragments, board_lines
from ..engine import CelestiaError
from ..engine.messages import N_
from ..i18n import Translator
from ..names import decision_text, move_label
from ..std_streams import INTERRUPTED
from .coach import Advice
from .game import GAME_SAVED, PracticeGame
from .words import bots_line, summary_lines

#: The title of the coach's panel, wherever it shows.
COACH_TITLE = N_("Coach:")

STYLE = Style.from_dict({
    **BOARD_STYLE,
    "rule": "fg:ansibrightblack",
    "log": "",
    "log.latest": "bold",
    "coach": "fg:ansicyan",
    "coach.title": "bold fg:ansicyan",
    "coach.more": "reverse fg:ansicyan",
    "header": "bold",
    "choice": "",
    "choice.selected": "reverse",
    "error": "bold fg:ansired",
    "keys": "reverse",
    "small": "bold",
})

#: How much of the narration can be scrolled back to.
LOG_KEPT = 400
#: The smallest window the practice game is laid out for.
MIN_COLUMNS = 60
MIN_ROWS = 20


def _wrap(text: str, width: int, indent: str = "  ") -> list[str]:
    """``text`` broken between words into lines of at most ``width`` columns."""
    return textwrap.wrap(text, width, subsequent_indent=indent) or [""]


class Plan(NamedTuple):
    """How the rows of the screen are shared out, from the top."""

    board: int
    log: int
    rules: int
    #: The coach's sentence as shown, line by line (empty when the coach is off).
    head: tuple[str, ...]
    #: True when the coach's whole text fits below its sentence.
    details: bool
    #: True when the decision is worded above the choices.
    header: bool
    keys: tuple[str, ...]


#: The board's label of the learner's treasures: the lines after it (the others' cards and
#: treasures) are the first to go on a short screen. The board's catalog translates it.
_TREASURES_LABEL = "Your treasures:"
#: The order in which key groups give way on a narrow screen: play, more, quit, coach, save.
_KEY_PRIORITY = (0, 2, 4, 1, 3)


class PracticeApp:
    """The screen of one practice game.

    From the top: the board, the narration, the coach (its advice in one sentence, with a
    "more" mark when the rest does not fit: ``m`` opens all of it), the decision and the
    choices, and the keys. The board, the coach's sentence, the choices and the keys are
    always shown whole; the narration takes the rows left over. A window too small for
    that says which size it needs.
    """

    def __init__(self, game: PracticeGame, tr: Translator, save_path: Path | None = None,
                 coach: bool = False) -> None:
        self.game = game
        self.tr = tr
        self.save_path = save_path
        self.coach = coach
        #: True while the coach's whole text is on screen (the ``m`` key).
        self.more = False
        self.scroll = 0
        self.selected = 0
        self.notice = ""
        self.lines: list[str] = [bots_line(game, tr)] + [tr.message(e) for e in game.log]
        self.fresh = len(self.lines)
        self._advice: tuple[tuple[int, str], Advice | str] | None = None
        self.plan = Plan(0, 0, 0, (), False, True, ())
        #: True while the window is too small to show the game (its keys then sleep).
        self.too_small = False
        self._main = self._main_container()
        self.app: Application[int] = Application(
            layout=Layout(DynamicContainer(self._screen)), key_bindings=self._keys(),
            style=STYLE, full_screen=True, mouse_support=False)

    # --- What the coach says (computed once per decision) -------------------------------
    def advice(self) -> Advice | str:
        """The coach's advice now, or the error that stops it (a message)."""
        key = (len(self.game.state.history), self.tr.language)
        if self._advice is None or self._advice[0] != key:
            try:
                found: Advice | str = self.game.advice(self.tr)
            except CelestiaError as err:
                found = self.tr.message(err)
            self._advice = (key, found)
        return self._advice[1]

    def coaching(self) -> bool:
        """True when the coach speaks: switched on, and the learner has a decision."""
        return self.coach and self.game.waiting

    # --- Layout -------------------------------------------------------------------------
    @staticmethod
    def _size() -> tuple[int, int]:
        size = get_app().output.get_size()
        return size.columns, size.rows

    def _screen(self) -> Container:
        width, rows = self._size()
        if self.more and self.coaching():
            return self._more_container(width, rows)
        plan = self._plan(width, rows)
        self.too_small = plan is None
        if plan is None:
            return self._too_small(width, rows)
        self.plan = plan
        return self._main

    def _plan(self, width: int, rows: int) -> Plan | None:
        """Share out the rows; None when even the essentials do not fit.

        The board, the coach's sentence, the choices and a line of keys always show. When
        rows are short, what gives way, in order: the rules between the parts, the
        narration, the words above the choices, the second line of keys, the others'
        cards and treasures on the board, and the end of the coach's sentence (a "more"
        mark stays: ``m`` shows it all).
        """
        if width < MIN_COLUMNS:
            return None
        full, trimmed = self._board_heights(width)
        head = tuple(self._coach_head(width)) if self.coaching() else ()
        choices = len(self._choice_lines(width, header=False))
        worded = len(self._choice_lines(width, header=True)) - choices
        keys = tuple(self._keys_text(width))
        short_keys = tuple(self._keys_text(width, one_line=True))
        for board, header, shown_keys in ((full, True, keys), (full, False, keys),
                                          (full, False, short_keys),
                                          (trimmed, False, short_keys)):
            used = board + len(head) + choices + worded * header + len(shown_keys)
            if used <= rows:
                break
        else:
            room = rows - board - choices - len(shown_keys)
            if room < (1 if head else 0):
                return None
            head = self._cut(head, room, width)
            used = rows
        spare = rows - used
        # Rules between the parts first, then the coach's whole text if it fits with a
        # few lines of narration, and the narration gets what is left.
        rules = min(spare, 3 if head else 2)
        spare -= rules
        details = False
        if head:
            rest = len(self._coach_rest(width))
            if spare >= rest + 3:
                details = True
                spare -= rest
        return Plan(board, spare, rules, head, details, header, shown_keys)

    def _board_heights(self, width: int) -> tuple[int, int]:
        """The board's rows, whole and without the others' cards and treasures."""
        lines = self._board_lines(width)
        label = self.tr.gettext(_TREASURES_LABEL)
        mine = next((i for i, line in enumerate(lines) if line.startswith(label)), None)
        if mine is None:
            return len(lines), len(lines)
        end = mine + 1
        while end < len(lines) and lines[end].startswith("  "):
            end += 1
        return len(lines), end

    def _cut(self, head: tuple[str, ...], room: int, width: int) -> tuple[str, ...]:
        """The coach's sentence cut to ``room`` lines, ending with "…" and the more mark."""
        if len(head) <= room:
            return head
        mark = self._more_mark()
        last = head[room - 1][:max(width - 1 - len(mark) - 3, 1)].rstrip()
        return (*head[:room - 1], f"{last}…  {mark}")

    def _needed(self, width: int) -> tuple[int, int]:
        """The smallest window that shows the essentials at ``width`` (or the narrowest)."""
        width = max(width, MIN_COLUMNS)
        _, board = self._board_heights(width)
        head = len(self._coach_head(width)) if self.coaching() else 0
        rows = board + head + len(self._choice_lines(width, header=False)) + 1
        return width, max(rows, MIN_ROWS)

    def _too_small(self, width: int, rows: int) -> Container:
        need_width, need_rows = self._needed(width)
        text = self.tr.format(N_("Window too small: this game needs at least {columns}×{rows} "
                                 "characters, and the window is {width}×{height}. Enlarge "
                                 "it, or press q to quit (the game is saved)."),
                              columns=need_width, rows=need_rows, width=width, height=rows)
        lines = _wrap(text, max(width - 1, 10), "")
        return Window(FormattedTextControl([("class:small", "\n".join(lines))]))

    def _main_container(self) -> HSplit:
        def rule(index: int) -> Window:
            return Window(char="─", style="class:rule",
                          height=lambda: Dimension.exact(int(self.plan.rules > index)))

        return HSplit([
            Window(FormattedTextControl(self._board),
                   height=lambda: Dimension.exact(self.plan.board)),
            rule(0),
            # The narration keeps its last line in view: the cursor sits on it.
            Window(FormattedTextControl(self._log, show_cursor=False,
                                        get_cursor_position=self._log_end),
                   height=lambda: Dimension.exact(self.plan.log)),
            ConditionalContainer(HSplit([
                rule(2),
                Window(FormattedTextControl(self._coach), height=lambda: Dimension.exact(
                    len(self.plan.head) + (len(self._coach_rest(self._size()[0]))
                                           if self.plan.details else 0))),
            ]), filter=Condition(self.coaching)),
            rule(1),
            Window(FormattedTextControl(self._choices), height=lambda: Dimension.exact(
                len(self._choice_lines(self._size()[0], self.plan.header)))),
            Window(FormattedTextControl(self._keys_line), style="class:keys",
                   height=lambda: Dimension.exact(len(self.plan.keys))),
        ])

    # The board, from the learner's seat. Compact: the decision is worded below it, from
    # the learner's legal actions.
    def _board(self) -> StyleAndTextTuples:
        return board_fragments(self.game.state, self.game.learner, self.tr,
                               width=self._size()[0], compact=True)

    def _board_lines(self, width: int) -> list[str]:
        return board_lines(self.game.state, self.game.learner, self.tr, width=width,
                           compact=True)

    def _wrapped_log(self) -> list[tuple[bool, str]]:
        """The narration's lines wrapped between words, each marked new or not."""
        width = max(self._size()[0] - 1, 20)
        kept = self.lines[-LOG_KEPT:]
        first = len(self.lines) - len(kept)
        out: list[tuple[bool, str]] = []
        for i, line in enumerate(kept, start=first):
            for part in _wrap(line, width):
                out.append((i >= self.fresh, part))
        return out

    def _log_end(self) -> Point:
        return Point(0, max(len(self._wrapped_log()) - 1, 0))

    def _log(self) -> StyleAndTextTuples:
        lines = self._wrapped_log()
        return [("class:log.latest" if new else "class:log",
                 text + ("\n" if i < len(lines) - 1 else ""))
                for i, (new, text) in enumerate(lines)]

    # --- The coach ----------------------------------------------------------------------
    def _more_mark(self) -> str:
        return self.tr.gettext(N_("▸ m: more"))

    def _coach_head(self, width: int) -> list[str]:
        """The coach's sentence, wrapped, ending with the "more" mark."""
        advice = self.advice()
        sentence = advice.sentence if isinstance(advice, Advice) else advice
        title = self.tr.gettext(COACH_TITLE)
        # The mark is never cut between two lines: its spaces wait until after wrapping.
        mark = self._more_mark().replace(" ", "\0")
        lines = _wrap(f"{title} {sentence}  {mark}", max(width - 1, 20))
        return [line.replace("\0", " ") for line in lines]

    def _coach_rest(self, width: int) -> list[str]:
        advice = self.advice()
        if not isinstance(advice, Advice):
            return []
        return [part for line in advice.details for part in _wrap(line, max(width - 1, 20),
                                                                    "    ")]

    def _coach(self) -> StyleAndTextTuples:
        width = self._size()[0]
        title = self.tr.gettext(COACH_TITLE)
        mark = self._more_mark()
        out: StyleAndTextTuples = []
        head = self.plan.head
        for i, line in enumerate(head):
            text = line
            if i == 0:
                out.append(("class:coach.title", title))
                text = line[len(title):]
            if i == len(head) - 1 and text.endswith(mark):
                text = text[:-len(mark)]
                if self.plan.details:
                    out.append(("class:coach", text.rstrip() + "\n"))
                    continue
                out.append(("class:coach", text))
                out.append(("class:coach.more", mark))
                out.append(("", "\n"))
                continue
            out.append(("class:coach", text + "\n"))
        if self.plan.details:
            out.extend(("class:coach", line + "\n") for line in self._coach_rest(width))
        return out

    def _more_container(self, width: int, rows: int) -> Container:
        """All the coach says, scrolled with the arrow keys; any other key goes back."""
        advice = self.advice()
        text = [advice.sentence, *advice.details] if isinstance(advice, Advice) else [advice]
        lines = [part for line in text for part in _wrap(line, max(width - 1, 20), "    ")]
        room = max(rows - 2, 1)
        self.scroll = max(0, min(self.scroll, len(lines) - room))
        shown = lines[self.scroll:self.scroll + room]
        body: StyleAndTextTuples = [("class:coach.title", self.tr.gettext(COACH_TITLE) + "\n")]
        body.extend(("class:coach", line + "\n") for line in shown)
        keys = self.tr.gettext(N_(" ↑↓ scroll  any other key: back to the game "))
        if len(lines) > room:  # where the view is in the whole text: lines 12–28/40
            keys += f" {self.scroll + 1}–{self.scroll + len(shown)}/{len(lines)} "
        return HSplit([Window(FormattedTextControl(body)),
                       Window(FormattedTextControl([("", keys)]), style="class:keys",
                              height=1)])

    # --- The decision -------------------------------------------------------------------
    def _choice_lines(self, width: int, header: bool = True) -> list[str]:
        return [part for _, line in self._choice_items(header) for part in _wrap(line, width)]

    def _choice_items(self, header: bool = True) -> list[tuple[str, str]]:
        tr = self.tr
        out: list[tuple[str, str]] = []
        if self.notice:
            out.append(("class:error", self.notice))
        if self.game.over:
            out.extend(("", line) for line in summary_lines(self.game, tr))
            return out
        if self.game.waiting and header:
            out.append(("class:header", decision_text(self.game.state, self.game.learner,
                                                        tr)))
        for i, action in enumerate(self.game.choices()):
            style = "class:choice.selected" if i == self.selected else "class:choice"
            number = f"{i + 1}. " if i < 9 else "   "
            out.append((style, number + move_label(action, self.game.state, tr)))
        return out

    def _choices(self) -> StyleAndTextTuples:
        width = self._size()[0]
        out: StyleAndTextTuples = []
        for style, line in self._choice_items(self.plan.header):
            out.extend((style, part + "\n") for part in _wrap(line, width))
        return out

    def _keys_text(self, width: int, one_line: bool = False) -> list[str]:
        """The keys, whole groups packed into lines that fit; with ``one_line``, the
        groups that fit on one line, the least needed left out first."""
        tr = self.tr
        if self.game.over:
            text = tr.gettext(N_(" q: quit "))
        else:
            text = tr.gettext(N_(" ↑↓ Enter 1–9: play  c: coach  m: more  s: save  q: quit "))
        groups = [g.strip() for g in text.split("  ") if g.strip()]
        width = max(width - 2, 20)
        if one_line:
            kept: set[int] = set()
            used = -2
            for i in (*_KEY_PRIORITY, *range(len(groups))):
                if i < len(groups) and i not in kept and used + 2 + len(groups[i]) <= width:
                    kept.add(i)
                    used += 2 + len(groups[i])
            return ["  ".join(g for i, g in enumerate(groups) if i in kept)]
        lines: list[str] = []
        for group in groups:
            if lines and len(lines[-1]) + 2 + len(group) <= width:
                lines[-1] += "  " + group
            else:
                lines.append(group)
        return lines or [""]

    def _keys_line(self) -> StyleAndTextTuples:
        return [("", " " + "\n ".join(self.plan.keys))]

    # --- Keys ---------------------------------------------------------------------------
    def _keys(self) -> KeyBindings:
        keys = KeyBindings()
        reading = Condition(lambda: self.more and self.coaching())
        shown = Condition(lambda: not self.too_small) & ~reading

        @keys.add("up", filter=shown)
        def _up(event: KeyPressEvent) -> None:
            self.selected = max(self.selected - 1, 0)

        @keys.add("down", filter=shown)
        def _down(event: KeyPressEvent) -> None:
            self.selected = min(self.selected + 1, max(len(self.game.choices()) - 1, 0))

        @keys.add("enter", filter=shown)
        def _enter(event: KeyPressEvent) -> None:
            if self.game.over:
                self.quit()
            else:
                self.choose(self.selected)

        for digit in "123456789":
            @keys.add(digit, filter=shown)
            def _digit(event: KeyPressEvent) -> None:
                self.choose(int(event.key_sequence[0].key) - 1)

        @keys.add("c", filter=shown)
        def _coach(event: KeyPressEvent) -> None:
            self.coach = not self.coach

        @keys.add("m", filter=shown)
        def _more(event: KeyPressEvent) -> None:
            self.coach = True
            self.more = True
            self.scroll = 0

        @keys.add("up", filter=reading)
        def _scroll_up(event: KeyPressEvent) -> None:
            self.scroll = max(self.scroll - 1, 0)

        @keys.add("down", filter=reading)
        def _scroll_down(event: KeyPressEvent) -> None:
            self.scroll += 1

        @keys.add("<any>", filter=reading)
        def _back(event: KeyPressEvent) -> None:
            self.more = False

        @keys.add("s", filter=shown)
        def _save(event: KeyPressEvent) -> None:
            self.save(announce=True)

        @keys.add("q", filter=~reading)
        @keys.add("c-d")
        def _quit(event: KeyPressEvent) -> None:
            self.quit()

        @keys.add("c-c")
        def _interrupt(event: KeyPressEvent) -> None:
            self.quit(interrupted=True)

        return keys

    # --- Actions ------------------------------------------------------------------------
    def choose(self, index: int) -> None:
        choices = self.game.choices()
        if not 0 <= index < len(choices):
            return
        self.notice = ""
        before = len(self.game.log)
        try:
            self.game.play(choices[index])
        except CelestiaError as err:
            self.notice = self.tr.message(err)
            return
        self.fresh = len(self.lines)
        self.lines.extend(self.tr.message(e) for e in self.game.log[before:])
        self.selected = 0
        self.save()

    def save(self, announce: bool = False) -> None:
        if self.save_path is None:
            if announce:
                self.notice = self.tr.gettext(N_("No save file: start the game with --save "
                                                 "FILE to save it."))
            return
        try:
            self.game.save(self.save_path)
            if announce:
                self.notice = self.tr.format(GAME_SAVED,
                                             path=str(self.save_path))
        except CelestiaError as err:
            self.notice = self.tr.message(err)

    def quit(self, interrupted: bool = False) -> None:
        """Save and leave: 0 if the game is over, 1 if not, ``INTERRUPTED`` for Ctrl-C."""
        self.save()
        self.app.exit(result=INTERRUPTED if interrupted else 0 if self.game.over else 1)

    def run(self) -> int:
        return self.app.run() or 0
