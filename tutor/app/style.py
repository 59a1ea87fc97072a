"""The tutor's style: class names → prompt-toolkit style rules, colourless when asked."""

from __future__ import annotations

import os

from .board import BOARD_STYLE

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


def build_style():  # -> prompt_toolkit.styles.Style
    from prompt_toolkit.styles import Style

    rules = {**BOARD_STYLE, **UI_STYLE}
    if not colour_wanted():
        rules = {k: v for k, v in rules.items() if ".colour." not in f".{k}"
                 and not k.startswith("colour.")}
    return Style.from_dict(rules)


def cls(name: str, colour: bool) -> str:
    """The class names for a piece of text: its role, plus its colour when allowed."""
    return f"class:{name} class:colour.{name}" if colour else f"class:{name}"
