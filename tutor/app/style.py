"""The tutor's style: class names → prompt-toolkit style rules, colourless when asked."""

from __future__ import annotations

import os
import sys

UI_STYLE: dict[str, str] = {
    "header": "reverse bold",
    "footer": "reverse",
    "rule": "",
    "selected": "reverse bold",
    "done": "bold",
    "locked": "",
    "notice": "bold",
    "say": "",
    "event": "italic",
    "prompt": "bold",
    "chosen": "",
    "wrong": "bold",
    "refused": "bold",
    "right": "bold",
    "hint": "italic",
    "colour.done": "fg:ansigreen",
    "colour.wrong": "fg:ansired",
    "colour.refused": "fg:ansired",
    "colour.right": "fg:ansigreen",
    "colour.hint": "fg:ansicyan",
    "colour.event": "fg:ansibrightblack",
    "colour.notice": "fg:ansiyellow",
}


def colour_wanted() -> bool:
    """Colour unless ``NO_COLOR`` is set (https://no-color.org)."""
    return not os.environ.get("NO_COLOR")


def build_style():  # -> prompt_toolkit.styles.BaseStyle
    """The app's style. The board's rules join it once a board has been drawn, so that the
    menu's first screen does without the board's module."""
    # start-up: the tutor's first screen (benchmarks/tutor.py)
    from prompt_toolkit.styles import DynamicStyle, Style

    made: dict[bool, Style] = {}

    def rules(board: bool) -> Style:
        if board not in made:
            found = {**sys.modules["tutor.app.board"].BOARD_STYLE, **UI_STYLE} if board \
                else dict(UI_STYLE)
            if not colour_wanted():
                found = {k: v for k, v in found.items() if ".colour." not in f".{k}"
                         and not k.startswith("colour.")}
            made[board] = Style.from_dict(found)
        return made[board]

    return DynamicStyle(lambda: rules("tutor.app.board" in sys.modules))


def cls(name: str, colour: bool) -> str:
    """The class names for a piece of text: its role, plus its colour when allowed."""
    return f"class:{name} class:colour.{name}" if colour else f"class:{name}"
