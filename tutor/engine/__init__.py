"""The Celestia rules engine: pure Python, no I/O, deterministic chance.

The public names below are imported on first use (PEP 562), so that a program needing
only ``tutor.engine.messages`` or ``tutor.engine.data`` (every command-line lookup) does
not pay for the state machine and the bots at start-up.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from . import data
    from .bots import BOT_STYLES, HeuristicBot, RandomBot, make_bot
    from .chance import ChanceSource, ScriptedChance, SeededChance
    from .messages import (
        CelestiaError,
        ChanceError,
        Event,
        IllegalAction,
        OptionsError,
        RecordError,
    )
    from .options import Options
    from .play import play_game
    from .record import replay, to_record, undo
    from .state import CHANCE, TERMINAL, ChanceRequest, State

#: Public name → the submodule that defines it.
_HOMES: dict[str, str] = {
    "data": "",
    **dict.fromkeys(("BOT_STYLES", "HeuristicBot", "RandomBot", "make_bot"), "bots"),
    **dict.fromkeys(("ChanceSource", "ScriptedChance", "SeededChance"), "chance"),
    **dict.fromkeys(("CelestiaError", "ChanceError", "Event", "IllegalAction",
                     "OptionsError", "RecordError"), "messages"),
    "Options": "options",
    "play_game": "play",
    **dict.fromkeys(("replay", "to_record", "undo"), "record"),
    **dict.fromkeys(("CHANCE", "TERMINAL", "ChanceRequest", "State"), "state"),
}

__all__ = [
    "BOT_STYLES",
    "CHANCE",
    "TERMINAL",
    "CelestiaError",
    "ChanceError",
    "ChanceRequest",
    "ChanceSource",
    "Event",
    "HeuristicBot",
    "IllegalAction",
    "Options",
    "OptionsError",
    "RandomBot",
    "RecordError",
    "ScriptedChance",
    "SeededChance",
    "State",
    "data",
    "make_bot",
    "play_game",
    "replay",
    "to_record",
    "undo",
]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = (importlib.import_module(f"{__name__}.{name}") if not home
             else getattr(importlib.import_module(f"{__name__}.{home}"), name))
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOMES))
