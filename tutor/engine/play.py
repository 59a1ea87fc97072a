"""Driving a game: chance outcomes from a source, decisions from bots."""

from __future__ import annotations

from collections.abc import Sequence

from .bots import Bot
from .chance import ChanceSource, SeededChance
from .state import CHANCE, State


def play_game(state: State, bots: Sequence[Bot], chance: ChanceSource | None = None,
              max_actions: int = 100_000) -> State:
    """Play ``state`` to the end with one bot per seat; returns the same state.

    Without a chance source, chance is seeded with the game's ``seed`` option.
    """
    if chance is None:
        chance = SeededChance(state.options.seed)
    for _ in range(max_actions):
        actor = state.actor
        if actor == CHANCE:
            state.apply(chance.outcome(state))
        elif actor < 0:
            return state
        else:
            state.apply(bots[actor].choose(state, actor))
    raise RuntimeError(f"game did not end within {max_actions} actions")
