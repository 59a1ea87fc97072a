"""Bots: players the engine can field. Each sees only its own observation.

``RandomBot`` picks uniformly among the legal actions. ``HeuristicBot`` plays by rules of
thumb; its ``boldness`` (0 cautious … 1 bold) sets how much risk it takes. The practice
package adds the ``expert``, which plays the odds coach's advice.

Each style beats the random bot at every table size. Measured with
``tutor.commands.simulate.ladder`` (as ``celestia simulate --ladder``: seats alternating
and rotated), 2,000 games a pair from seed 0, every rate within ±2.2 points 19 times out
of 20 — the share of the games won against ``random``:

=========  ======  ======  ======  ======  ======
players    2       3       4       5       6
=========  ======  ======  ======  ======  ======
cautious   83.7 %  80.2 %  72.9 %  65.3 %  60.6 %
sensible   82.2 %  82.0 %  88.4 %  90.5 %  92.6 %
bold       71.7 %  66.3 %  75.2 %  82.2 %  89.8 %
=========  ======  ======  ======  ======  ======

The cautious bot's lead shrinks as the table grows, but stays clear at six players.
``tests/practice/test_bots.py`` checks on a fixed seed, at every table size, that each
style beats the random bot.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from itertools import product
from math import comb
from typing import Protocol

from . import data
from .data import ANSWERS, BLANK, TURBO
from .generator import Generator
from .payment import can_pay, hazard_counts, payments
from .state import State

BOT_STYLES = ("random", "cautious", "sensible", "bold")


class Bot(Protocol):
    def choose(self, state: State, player: int) -> str: ...


class RandomBot:
    def __init__(self, seed: int | None = None) -> None:
        self.rng = Generator(seed)

    def choose(self, state: State, player: int) -> str:
        actions = state.legal_actions(player)
        return actions[int(self.rng.random() * len(actions))]


#: The average treasure of each city's pile as dealt, Spyglasses at their default points:
#: a rule of thumb for what leaving there is worth.
_MEAN_TREASURE: dict[int, float] = {
    c: sum(t.value or data.SPYGLASS_POINTS_DEFAULT for t in data.pile_composition(c))
    / len(data.pile_composition(c))
    for c in data.CITY_VALUES
}


def _at_least(cards: int, chance: float, need: int) -> float:
    """The chance that at least ``need`` of ``cards`` independent cards are a match."""
    return sum(comb(cards, i) * chance ** i * (1 - chance) ** (cards - i)
               for i in range(need, cards + 1))


@cache
def _cover_chance(hazards: tuple[tuple[str, int], ...], hand_size: int, deck_size: int,
                  turbos: int) -> float:
    """A rule-of-thumb chance that a captain holding ``hand_size`` cards pays for
    ``hazards``: each hazard kind on its own, each card answering it (its Equipment or a
    Turbo) as often as in the deck. Good enough for a bot's judgement; the odds coach
    computes exactly."""
    chance = 1.0
    for hazard, count in hazards:
        share = (data.EQUIPMENT_COUNTS[ANSWERS[hazard]] + turbos) / deck_size
        chance *= _at_least(hand_size, share, count)
    return chance


@cache
def _own_pass_chance(hand: tuple[tuple[str, int], ...], dice: int) -> float:
    """The exact chance that this hand pays for a roll of ``dice`` dice."""
    cards = dict(hand)
    rolls = list(product(data.DIE_FACES, repeat=dice))
    return sum(can_pay(hazard_counts(r), cards) for r in rolls) / len(rolls)


def survival(counts: Mapping[str, int], captain_cards: int, variant: str = data.STANDARD,
             grappling_hook: bool = False) -> float:
    """The heuristic bots' rule-of-thumb chance that a captain holding ``captain_cards``
    cards pays for the hazards ``counts`` (see ``_cover_chance``)."""
    deck = data.deck_composition(variant, grappling_hook)
    return _cover_chance(tuple(sorted(counts.items())), captain_cards, sum(deck.values()),
                         deck[TURBO])


def stays_aboard(counts: Mapping[str, int], captain_cards: int, city: int, dest: int,
                 variant: str = data.STANDARD, grappling_hook: bool = False,
                 caution: float | None = None) -> bool:
    """A heuristic bot's choice as a passenger once the dice show ``counts`` (its rule
    about reaching 50 aside): stay when the gamble promises ``caution`` times the sure
    treasure (default: the sensible bot's). The coach's voyage model lets the other
    passengers leave by this rule."""
    caution = SENSIBLE_CAUTION if caution is None else caution
    survive = survival(counts, captain_cards, variant, grappling_hook)
    return survive * _MEAN_TREASURE[dest] >= _MEAN_TREASURE[city] * caution


#: How much more a gamble must promise than a sure treasure, by boldness: the cautious
#: want half as much again, the bold take a gamble that promises a little less.
def _caution(boldness: float) -> float:
    return 1.5 - 0.6 * boldness


#: The sensible bot's boldness, and so its caution.
SENSIBLE_BOLDNESS = 0.5
SENSIBLE_CAUTION = _caution(SENSIBLE_BOLDNESS)


class HeuristicBot:
    """A player with rules of thumb: leaves when the risk outweighs the prize, pays cheaply.

    ``boldness`` (0 cautious … 1 bold) sets how much more a gamble (staying aboard,
    rolling alone) must promise than the sure treasure of leaving now.
    """

    def __init__(self, boldness: float = 0.5, seed: int | None = None) -> None:
        self.boldness = boldness
        self.caution = _caution(boldness)
        self.rng = Generator(seed)

    def choose(self, state: State, player: int) -> str:
        actions = state.legal_actions(player)
        if len(actions) == 1:
            return actions[0]
        phase = state.phase
        if phase == "passengers":
            return self._stay_or_leave(state, player)
        if phase == "lone-captain":
            return self._take_or_roll(state, player)
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
        counts = hazard_counts(state.dice)
        captain_cards = sum(state.hands[state.captain].values())
        options = state.options
        if state.points(player) + _MEAN_TREASURE[state.city] >= data.END_SCORE and \
                survival(counts, captain_cards, options.variant, options.grappling_hook) < 0.9:
            return "leave"
        return "stay" if stays_aboard(counts, captain_cards, state.city, state.dest,
                                      options.variant, options.grappling_hook,
                                      self.caution) else "leave"

    def _take_or_roll(self, state: State, player: int) -> str:
        hand = tuple(sorted((c, k) for c, k in state.hands[player].items() if k))
        survive = _own_pass_chance(hand, data.dice_to_reach(state.dest))
        here = _MEAN_TREASURE[state.city]
        return "roll" if survive * _MEAN_TREASURE[state.dest] >= here * self.caution \
            else "take"

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
    boldness = {"cautious": 0.1, "sensible": SENSIBLE_BOLDNESS, "bold": 0.9}[style]
    return HeuristicBot(boldness, seed)
