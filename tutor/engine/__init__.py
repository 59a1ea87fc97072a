"""The Celestia rules engine: pure Python, no I/O, deterministic chance."""

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
