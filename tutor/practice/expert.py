"""The expert bot, which plays the coach's advice, and every bot style by name.

The engine's bots (``tutor.engine.bots``) need nothing but the engine; the expert needs
the coach's judgement (``evaluate``), so it lives here, and ``make_player`` is the one
place that makes a bot of any style, the expert included.
"""

from __future__ import annotations

from ..engine import BOT_STYLES, State, make_bot
from ..engine.bots import Bot
from .evaluate import evaluate
from .voyage import View

EXPERT = "expert"
#: Every bot style, weakest first: the engine's, then the expert.
STYLES: tuple[str, ...] = (*BOT_STYLES, EXPERT)


class ExpertBot:
    """Plays what the coach recommends, from its own observation only."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed  # the expert is deterministic; the seed is kept for symmetry

    def choose(self, state: State, player: int) -> str:
        legal = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        options = state.options
        view = View.from_observation(state.observation(player), options.variant,
                                     options.grappling_hook, options.spyglass_points)
        return evaluate(view, legal).action


def make_player(style: str, seed: int | None = None) -> Bot:
    """A bot of any style in ``STYLES``."""
    if style == EXPERT:
        return ExpertBot(seed)
    return make_bot(style, seed)
