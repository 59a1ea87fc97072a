"""The board for the page, as plain data: the terminal's board (``tutor.app.board``) with
its route drawn as a table instead of columns of text.

Every word comes from the terminal's board, so both show the same texts: its lines are
taken as they are (styled fragments), and the route's three text rows become a table of
cities whose row labels and description are the terminal's own.
"""

from __future__ import annotations

from typing import Any

from ..app import board as terminal
from ..engine import data
from ..i18n import Translator
from ..names import face_name

Fragments = list[dict[str, str]]


def _fragments(line: list[tuple[str, str]]) -> Fragments:
    """Styled fragments → ``{"text", "cls"}`` with CSS-friendly class names
    (``class:board.colour.fog`` → ``colour-fog``)."""
    out: Fragments = []
    for style, text in line:
        names = [part.removeprefix("class:board.").replace(".", "-")
                 for part in style.split() if part.startswith("class:board.")]
        out.append({"text": text, "cls": " ".join(names)})
    return out


def board(state: Any, viewer: int, tr: Translator) -> dict[str, Any]:
    """The board as ``viewer`` sees it: a title, the route (a table of cities), the dice
    and the lines about the players, with every text in ``tr``'s language."""
    lines = terminal._board(state, viewer, tr, True, False)
    route = terminal._route(state, tr, True, False)
    first = 1 if state.voyage else 0
    title = "".join(text for _, text in lines[0]) if first else ""
    rest = lines[first + len(route):]
    # The terminal's route rows start with their labels (City, Dice to reach, Treasures),
    # padded to a column; a fifth row, if any, says where the airship is and heads.
    labels = [row[0][1].strip() for row in route[:3]]
    description = "".join(text for _, text in route[4]) if len(route) > 4 else ""
    at = state.city if state.voyage and state.phase != "game-over" else None
    dest = state.dest if at is not None and state.dest else None
    on_route = set(state.route())
    cities = [{"value": city,
               "dice": data.DICE_TO_REACH.get(city, 0),
               "pile": len(state.piles[city]),
               "at": city == at,
               "dest": city == dest,
               "offroute": city not in on_route}
              for city in data.CITY_VALUES]
    dice = [{"face": face, "name": face_name(face, tr), "hazard": face in data.HAZARDS}
            for face in state.dice]
    if dice:
        rest = rest[1:]  # the dice line: drawn from ``dice`` instead
    return {"title": title,
            "route": {"labels": labels, "cities": cities, "description": description},
            "dice": {"label": "".join(t for _, t in lines[first + len(route)][:1]).strip()
                     if dice else "", "faces": dice},
            "lines": [_fragments(line) for line in rest]}


def board_words(view: dict[str, Any]) -> list[str]:
    """Every text of a board view, in reading order (for tests: the same words as the
    terminal's board)."""
    words = [view["title"]] if view["title"] else []
    words += view["route"]["labels"]
    words += [str(city["value"]) for city in view["route"]["cities"]]
    if view["route"]["description"]:
        words.append(view["route"]["description"])
    if view["dice"]["faces"]:
        words.append(view["dice"]["label"])
        words += [face["name"] for face in view["dice"]["faces"]]
    words += ["".join(f["text"] for f in line) for line in view["lines"]]
    return words
