"""The board as one player sees it, as plain text or as prompt-toolkit formatted text.

Stable public surface (shared by the tutor and by practice games)::

    board_fragments(state, viewer, tr, width=80, color=None, compact=False,
                    max_lines=None) -> list[tuple[str, str]]
    board_lines(state, viewer, tr, width=80, compact=False, max_lines=None) -> list[str]
    board_text(state, viewer, tr, width=80, compact=False) -> str
    BOARD_STYLE: dict[str, str]   # style rules for the class names used in the fragments

``viewer`` is the seat whose hand and treasures are shown (``None``: an onlooker who sees
only public facts). Other seats show only what the rules make public (RULES.md §5.4): the
number of cards in hand and of treasures. Every line fits ``width`` columns (long lines
are wrapped at spaces); with ``max_lines``, the least needed lines give way first (the
voyage's title, the treasure piles, the dice per city…) so that the board fits.
Fragments are ``(style, text)`` pairs, the shape prompt-toolkit calls
``StyleAndTextTuples``; this module imports nothing from prompt-toolkit so that it
stays cheap to import. With ``color=False`` (the default when ``NO_COLOR`` is set) only
colourless class names are used, so the view reads the same without colour.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from babel.lists import format_list

from ..engine import data
from ..engine.messages import N_
from ..i18n import Translator
from ..names import card_name, decision_text, face_name

Fragment = tuple[str, str]
Line = list[Fragment]

#: Style rules for the class names below (prompt-toolkit style syntax).
BOARD_STYLE: dict[str, str] = {
    "board.title": "bold",
    "board.label": "bold",
    "board.airship": "bold reverse",
    "board.dest": "bold underline",
    "board.offroute": "",
    "board.you": "bold",
    "board.captain": "bold",
    "board.turn": "italic",
    "board.hazard": "bold",
    "board.colour.airship": "fg:ansicyan",
    "board.colour.dest": "fg:ansiyellow",
    "board.colour.offroute": "fg:ansibrightblack",
    "board.colour.you": "fg:ansigreen",
    "board.colour.fog": "fg:ansiblue",
    "board.colour.lightning": "fg:ansiyellow",
    "board.colour.birds": "fg:ansired",
    "board.colour.pirates": "fg:ansimagenta",
    "board.colour.blank": "",
}

#: What each kind of line is worth on a small screen: the highest number gives way first.
#: The dice, the route with the airship, who is aboard and the learner's hand stay.
KEEP, OTHERS, TREASURES, DICE_ROW, PILES, TITLE, NO_TREASURES, LEGEND = range(8)


CELL = 5  # columns per city on the route rows, when the width allows
# TRANSLATORS: the row of the board giving how many treasures are left in each city's pile.
PILES_LEFT = N_("Treasures left")

#: What the player who decides now is asked, by phase.
_DECISIONS: dict[str, str] = {
    "lone-captain": N_("{player} decides: take a treasure or roll."),
    "passengers": N_("{player} decides: stay aboard or leave."),
    "power-window": N_("{player} may play a Power card or pass."),
    "reroll-choice": N_("{player} chooses the dice to reroll."),
    "payment": N_("{player} pays for the hazards or announces a crash."),
    "spyglass": N_("{player} may play a Magic Spyglass or pass."),
    "jetpack": N_("{player} may play a Jetpack or pass."),
    "grappling-hook": N_("{player} may play the Grappling Hook or pass."),
}


def _colour_default() -> bool:
    return not os.environ.get("NO_COLOR")


def _cls(name: str, color: bool, colour_name: str = "") -> str:
    classes = [f"class:board.{name}"]
    if color and colour_name:
        classes.append(f"class:board.colour.{colour_name}")
    return " ".join(classes)


def board_fragments(state, viewer: int | None, tr: Translator, width: int = 80,
                    color: bool | None = None, compact: bool = False,
                    max_lines: int | None = None) -> list[Fragment]:
    """The board as formatted text, lines ending with ``"\\n"``.

    ``compact`` leaves out the route's legend and the line saying who decides, for small
    screens where the surrounding text already says it; ``max_lines`` leaves out more, the
    least needed first, until the board fits (the last lines are cut if even the
    essentials do not).
    """
    if color is None:
        color = _colour_default()
    out: list[Fragment] = []
    for wrapped in _fitted(_ranked(state, viewer, tr, color, compact, width), width,
                           max_lines):
        out.extend(wrapped)
        out.append(("", "\n"))
    return out


def board_lines(state, viewer: int | None, tr: Translator, width: int = 80,
                compact: bool = False, max_lines: int | None = None) -> list[str]:
    """The board as plain text lines, none longer than ``width``."""
    return ["".join(text for _, text in wrapped).rstrip()
            for wrapped in _fitted(_ranked(state, viewer, tr, False, compact, width), width,
                                   max_lines)]


def board_text(state, viewer: int | None, tr: Translator, width: int = 80,
               compact: bool = False) -> str:
    return "\n".join(board_lines(state, viewer, tr, width, compact))


def _fitted(lines: list[tuple[int, Line]], width: int, max_lines: int | None) -> list[Line]:
    """The lines wrapped to ``width``; the least needed left out while more than
    ``max_lines`` screen lines remain."""
    wrapped = [(rank, _wrap(line, width)) for rank, line in lines]
    if max_lines is not None:
        max_lines = max(0, max_lines)
        while wrapped and sum(len(w) for _, w in wrapped) > max_lines:
            # The last line of the least needed kind goes first; then, if even the
            # essentials do not fit, whole lines from the bottom (never half a hand).
            worst = max(rank for rank, _ in wrapped)
            index = max(i for i, (rank, _) in enumerate(wrapped) if rank == worst)
            del wrapped[index]
    return [line for _, group in wrapped for line in group]


# --- Building the lines --------------------------------------------------------------------
def _board(state, viewer: int | None, tr: Translator, color: bool, compact: bool = False,
           width: int = 80) -> list[Line]:
    """The board's lines (the page's board, ``tutor.web.board``, reads them too)."""
    return [line for _, line in _ranked(state, viewer, tr, color, compact, width)]


def _ranked(state, viewer: int | None, tr: Translator, color: bool,
            compact: bool = False, width: int = 80) -> list[tuple[int, Line]]:
    """The board's lines, each with its rank (``KEEP`` … ``LEGEND``: what gives way first)."""
    lines: list[tuple[int, Line]] = []
    seats = state.seats
    over = state.phase == "game-over"
    if state.voyage:
        lines.append((TITLE, [(_cls("title", color), tr.format(
            N_("Voyage {voyage}, step {step}. Captain: {captain}."), voyage=state.voyage,
            step=state.step, captain=seats[state.captain]))]))
    lines.extend(_ranked_route(state, tr, color, compact, width))
    if state.dice:
        line: Line = [(_cls("label", color), tr.gettext(N_("Dice:")) + " ")]
        for i, face in enumerate(state.dice):
            if i:
                line.append(("", ", "))
            style = "hazard" if face in data.HAZARDS else "offroute"
            line.append((_cls(style, color, face), face_name(face, tr)))
        lines.append((KEEP, line))
    if not over:
        lines.append((KEEP, _aboard(state, viewer, tr, color)))
    if viewer is not None:
        lines.extend(_own(state, viewer, tr, color))
    lines.extend((OTHERS, line) for line in _others(state, viewer, tr, color))
    if not compact:
        lines.extend((LEGEND, line) for line in _turn(state, viewer, tr, color))
    return lines


def _route(state, tr: Translator, color: bool, compact: bool = False,
           width: int = 80) -> list[Line]:
    """The route's rows: cities, dice to reach them, treasures left, where the airship is."""
    return [line for _, line in _ranked_route(state, tr, color, compact, width)]


def _ranked_route(state, tr: Translator, color: bool, compact: bool = False,
                  width: int = 80) -> list[tuple[int, Line]]:
    city_label = tr.gettext(N_("City"))
    dice_label = tr.gettext(N_("Dice to reach"))
    pile_label = tr.gettext(PILES_LEFT)
    pad = max(len(city_label), len(dice_label), len(pile_label)) + 1
    # Narrower columns rather than rows that wrap (a city's value has two digits at most).
    cell = next((c for c in (CELL, 4) if pad + c * len(data.CITY_VALUES) <= width), 4)
    on_route = set(state.route())
    at = state.city if state.voyage and state.phase != "game-over" else None
    dest = state.dest if at is not None and state.dest else None
    cities: Line = [(_cls("label", color), city_label.ljust(pad))]
    dice: Line = [(_cls("label", color), dice_label.ljust(pad))]
    piles: Line = [(_cls("label", color), pile_label.ljust(pad))]
    marks: Line = [("", " " * pad)]
    for city in data.CITY_VALUES:
        if city == at:
            style = _cls("airship", color, "airship")
        elif city == dest:
            style = _cls("dest", color, "dest")
        elif city not in on_route:
            style = _cls("offroute", color, "offroute")
        else:
            style = ""
        cities.append(("", " " * (cell - len(str(city)) - 1)))
        cities.append((style, str(city)))
        cities.append(("", " "))
        count = data.DICE_TO_REACH.get(city)
        dice.append(("", (str(count) if count else "–").rjust(cell - 1) + " "))
        size = len(state.piles[city])
        piles.append(("", (str(size) if size else "-").rjust(cell - 1) + " "))
        mark = "▲" if city == at else "→" if city == dest else " "
        marks.append(("", mark.rjust(cell - 1) + " "))
    lines: list[tuple[int, Line]] = [(KEEP, cities), (DICE_ROW, dice), (PILES, piles)]
    if at is not None:
        lines.append((KEEP, marks))
        if dest and not compact:
            count = data.DICE_TO_REACH[dest]
            lines.append((LEGEND, [("", tr.ngettext(
                "▲ The airship is at city {city}; → it heads for city {dest} "
                "({count} die).",
                "▲ The airship is at city {city}; → it heads for city {dest} "
                   "({count} dice).", count).format(city=at, dest=dest, count=count))]))
    return lines


def _player(state, p: int, viewer: int | None, tr: Translator, color: bool,
            captain: bool = False) -> Fragment:
    """A seat's name, marked when it is the viewer and (if asked) when it is the captain."""
    name = state.seats[p]
    is_captain = captain and p == state.captain
    if p == viewer:
        msgid = N_("{player} (you, captain)") if is_captain else N_("{player} (you)")
        return (_cls("you", color, "you"), tr.format(msgid, player=name))
    if is_captain:
        return (_cls("captain", color), tr.format(N_("{player} (captain)"), player=name))
    return ("", name)


def _joined(items: Sequence[Fragment], tr: Translator) -> Line:
    """Fragments joined as a list in the reader's language ("a, b and c")."""
    if not items:
        return []
    # Join placeholders, then cut the joined text back into styled fragments.
    marks = [f"\x00{i}\x00" for i in range(len(items))]
    joined = format_list(marks, locale=tr.language)
    out: Line = []
    for i, piece in enumerate(joined.split("\x00")):
        if i % 2:
            out.append(items[int(piece)])
        elif piece:
            out.append(("", piece))
    return out


def _aboard(state, viewer: int | None, tr: Translator, color: bool) -> Line:
    aboard = [p for p in range(state.players) if state.aboard[p]]
    line: Line = [(_cls("label", color), tr.gettext(N_("Aboard:")) + " ")]
    if not aboard:
        line.append(("", tr.gettext(N_("nobody"))))
        return line
    items = [_player(state, p, viewer, tr, color, captain=True) for p in aboard]
    return line + _joined(items, tr)


def _own(state, viewer: int, tr: Translator, color: bool) -> list[tuple[int, Line]]:
    hand = state.hands[viewer]
    cards = [(card, k) for card, k in hand.items() if k]
    line: Line = [(_cls("label", color), tr.gettext(N_("Your hand:")) + " ")]
    if cards:
        # The glossary's words as they are ("compass", "Turbo"), as in the moves.
        text = ", ".join(card_name(card, tr) + (f" ×{k}" if k > 1 else "")
                         for card, k in cards)
        line.append(("", text))
    else:
        line.append(("", tr.gettext(N_("no cards"))))
    treasures = state.treasures[viewer]
    tline: Line = [(_cls("label", color), tr.gettext(N_("Your treasures:")) + " ")]
    if treasures:
        names = [card_name("spyglass", tr) if t.is_spyglass else str(t.value)
                 for t in treasures]
        tline.append(("", ", ".join(names) + " — " + _worth(state, viewer, tr)))
    else:
        tline.append(("", tr.gettext(N_("none yet"))))
    return [(KEEP, line), (TREASURES if treasures else NO_TREASURES, tline)]


def _worth(state, viewer: int, tr: Translator) -> str:
    """What the viewer's treasures are worth: with unused Spyglasses, their end-of-game
    points are added (they count nothing towards the {end} points that end the game)."""
    points = state.points(viewer)
    glasses = state.spyglasses(viewer)
    bonus = glasses * state.options.spyglass_points
    if not bonus:
        return tr.nformat("{n} point", "{n} points", points)
    return tr.nformat("{score} points at the end: {points} in treasures and {bonus} for the "
                      "Spyglass", "{score} points at the end: {points} in treasures and "
                      "{bonus} for the Spyglasses", glasses, score=points + bonus,
                      points=points, bonus=bonus)


def _others(state, viewer: int | None, tr: Translator, color: bool) -> list[Line]:
    over = state.phase == "game-over"
    line: Line = []
    for p in range(state.players):
        if p == viewer:
            continue
        cards = sum(state.hands[p].values())
        count = len(state.treasures[p])
        text = tr.format(N_("{player}: {cards}, {treasures}"), player=state.seats[p],
                         cards=tr.ngettext("{count} card", "{count} cards",
                                           cards).format(count=cards),
                         treasures=tr.ngettext("{count} treasure", "{count} treasures",
                                               count).format(count=count))
        if line:
            line.append(("", " · "))
        line.append(("", text))
    lines = [line] if line and not over else []
    if over:
        scores = state.scores()
        winners = {state.seats[p] for p in state.winners}
        line = [(_cls("label", color), tr.gettext(N_("Final scores:")) + " ")]
        items = []
        for p in range(state.players):
            style, name = _player(state, p, viewer, tr, color)
            text = tr.format(N_("{player} {score}"), player=name, score=scores[p])
            if state.seats[p] in winners:
                style = (style + " " + _cls("captain", color)).strip()
            items.append((style, text))
        lines.append(line + _joined(items, tr))
    return lines


def _turn(state, viewer: int | None, tr: Translator, color: bool) -> list[Line]:
    if state.actor < 0:
        return []
    if state.actor == viewer:  # the viewer's own decision names only the open choices
        return [[(_cls("turn", color), decision_text(state, viewer, tr))]]
    msgid = _DECISIONS.get(state.phase)
    if msgid is None:
        return []
    return [[(_cls("turn", color), tr.format(msgid, player=state.seats[state.actor]))]]


# --- Wrapping styled lines -----------------------------------------------------------------
def _wrap(line: Line, width: int) -> list[Line]:
    """Break one styled line at spaces so that no piece is wider than ``width``.

    Any width is safe: below one column it counts as one, and continuation lines are
    indented only when the indent leaves room for the text (else a long word would never
    get shorter).
    """
    width = max(width, 1)
    if sum(len(text) for _, text in line) <= width:
        return [line]
    words: list[tuple[str, str]] = []  # (style, word-with-trailing-space)
    for style, text in line:
        start = 0
        for i, ch in enumerate(text):
            if ch == " ":
                words.append((style, text[start:i + 1]))
                start = i + 1
        if start < len(text):
            words.append((style, text[start:]))
    lines: list[Line] = [[]]
    used = 0
    indent = "  " if width > 2 * len("  ") else ""
    for style, word in words:
        if used + len(word.rstrip()) > width and used > len(indent):
            lines.append([("", indent)])
            used = len(indent)
        while len(word) > width - used:  # a single word wider than the line
            cut = width - used
            lines[-1].append((style, word[:cut]))
            word = word[cut:]
            lines.append([("", indent)])
            used = len(indent)
        lines[-1].append((style, word))
        used += len(word)
    return [[(s, t) for s, t in ln if t] for ln in lines]
