"""Bots: players the engine can field. Each sees only its own observation.

``RandomBot`` picks uniformly among the legal actions. ``HeuristicBot`` plays like a
sensible person; its ``boldness`` (0 cautious … 1 bold) sets how much risk it takes.
"""

from __future__ import annotations

import random
from typing import Protocol

from . import data
from .data import ANSWERS, BLANK, TURBO
from .payment import hazard_counts, payments
from .state import State

BOT_STYLES = ("random", "cautious", "sensible", "bold")


class Bot(Protocol):
    def choose(self, state: State, player: int) -> str: ...


class RandomBot:
    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, player: int) -> str:
        actions = state.legal_actions(player)
        return actions[int(self.rng.random() * len(actions))]


def _cover_chance(hazards: int, hand_size: int) -> float:
    """A rough chance that a hand of ``hand_size`` answers ``hazards`` dice.

    About three cards in ten answer a given hazard (its Equipment or a Turbo): good
    enough for a bot's judgement; the odds coach computes exactly.
    """
    per_die = 1 - 0.7 ** max(hand_size, 0)
    return per_die ** hazards


class HeuristicBot:
    """A reasonable player: leaves when the risk outweighs the prize, pays cheaply."""

    def __init__(self, boldness: float = 0.5, seed: int | None = None) -> None:
        self.boldness = boldness
        self.rng = random.Random(seed)

    def choose(self, state: State, player: int) -> str:
        actions = state.legal_actions(player)
        if len(actions) == 1:
            return actions[0]
        phase = state.phase
        if phase == "passengers":
            return self._stay_or_leave(state, player)
        if phase == "lone-captain":
            return "take" if state.city >= 9 - 6 * self.boldness else "roll"
        if phase == "payment":
            return self._pay(state, player, actions)
        if phase == "reroll-choice":
            return self._reroll(state, player, actions)
        if phase == "power-window":
            return self._window(state, player, actions)
        if phase in ("spyglass", "jetpack"):
            return actions[0]
        if phase == "grappling-hook":
            ahead = state.next_city(state.dest) or state.dest
            taken = state.left_with[player]
            return actions[0] if taken is not None and taken.value < ahead / 2 else "pass"
        return actions[0]

    def _stay_or_leave(self, state: State, player: int) -> str:
        hazards = sum(hazard_counts(state.dice).values())
        captain_cards = sum(state.hands[state.captain].values())
        survive = _cover_chance(hazards, captain_cards)
        here = state.city
        ahead = state.dest
        gain_if_stay = survive * ahead
        threshold = 0.6 + 0.8 * self.boldness
        if state.points(player) + here >= data.END_SCORE and survive < 0.9:
            return "leave"
        return "stay" if gain_if_stay * threshold >= here else "leave"

    def _pay(self, state: State, player: int, actions: list[str]) -> str:
        counts = hazard_counts(state.dice)
        options = payments(counts, state.hands[player])
        if not options:
            return "crash"
        cheapest = options[0]
        if "crash" in actions and cheapest.get(TURBO, 0) > 1 + 2 * self.boldness:
            return "crash"
        return actions[0]

    def _reroll(self, state: State, player: int, actions: list[str]) -> str:
        hand = state.hands[player]
        need: dict[str, int] = {}
        uncovered = []
        for i, face in enumerate(state.dice):
            if face == BLANK:
                continue
            need[face] = need.get(face, 0) + 1
            if need[face] > hand[ANSWERS[face]]:
                uncovered.append(str(i + 1))
        wanted = "reroll " + "+".join(uncovered)
        return wanted if wanted in actions else actions[-1]

    def _window(self, state: State, player: int, actions: list[str]) -> str:
        counts = hazard_counts(state.dice)
        stuck = not payments(counts, state.hands[player])
        if player == state.captain and stuck and "play alternative-route" in actions:
            return "play alternative-route"
        gusty = self.rng.random() < 0.5 + 0.5 * self.boldness
        if not state.aboard[player] and gusty and "play gust-of-wind" in actions:
            return "play gust-of-wind"
        ejections = [a for a in actions if a.startswith("play ejection")]
        # Others' treasures are hidden (§5.4): judge the leader by treasure counts.
        counts = [len(t) for t in state.treasures]
        if ejections and counts[player] < max(counts) and self.rng.random() < 0.3 * self.boldness:
            return ejections[0]
        return "pass"


def make_bot(style: str, seed: int | None = None) -> Bot:
    """A bot of the named style (see ``BOT_STYLES``)."""
    if style == "random":
        return RandomBot(seed)
    boldness = {"cautious": 0.1, "sensible": 0.5, "bold": 0.9}[style]
    return HeuristicBot(boldness, seed)
