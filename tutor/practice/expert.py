"""The expert bot, which plays the coach's advice, and every bot style by name.

The engine's bots (``tutor.engine.bots``) need nothing but the engine; the expert needs
the coach's judgement (``evaluate``), so it lives here, and ``make_player`` is the one
place that makes a bot of any style, the expert included.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..engine import BOT_STYLES, Options, State, data, make_bot
from ..engine.bots import Bot
from .evaluate import evaluate
from .inference import inferred
from .voyage import View

EXPERT = "expert"
#: Every bot style, weakest first: the engine's, then the expert.
STYLES: tuple[str, ...] = (*BOT_STYLES, EXPERT)

#: For each seat, each treasure's mix: the cities it may come from, with weights.
Mix = tuple[tuple[int, int], ...]


class Watch:
    """Where the others' treasures came from, as one player at the table sees it happen.

    Which pile a player draws from is public (he leaves at the city where the airship is,
    or draws at the last city; pile sizes are public); only the card's face is hidden. The
    player is shown the table at each of his decisions: a treasure that another player
    gained since the last one came from one of the piles that lost cards since then (the
    player's own draws taken out), as likely as the cards each lost. ``endgame`` counts it
    as an average card of that mix. Who played a Magic Spyglass is not in the observation:
    a player's treasure fewer is taken as one; a Spyglass played by someone who also gained
    a treasure since goes unseen (and a pile lost to a Spyglass of your own is counted as
    drawn). (Following them, together with another change, scored lower in the duel.)
    """

    def __init__(self) -> None:
        self.sources: list[list[Mix]] | None = None
        self.piles: dict[int, int] = {}
        self.mine: dict[int, int] = {}

    def see(self, obs: Mapping[str, Any], variant: str) -> tuple[tuple[Mix, ...], ...]:
        counts = obs["treasure_counts"]
        piles = dict(obs["pile_sizes"])
        mine: dict[int, int] = {}
        for city, _ in obs["treasures"]:
            mine[city] = mine.get(city, 0) + 1
        if self.sources is None:
            # From the start of the game, every pile as dealt.
            self.sources = [[] for _ in counts]
            self.piles = {c: len(data.pile_composition(c, variant)) for c in piles}
        gone = tuple((c, k) for c in sorted(piles)
                     if (k := self.piles.get(c, 0) - piles[c]
                         - (mine.get(c, 0) - self.mine.get(c, 0))) > 0)
        for seat, count in enumerate(counts):
            held = self.sources[seat]
            if seat == obs["player"]:
                continue
            while len(held) > count:
                # A Spyglass played or a treasure given back (Grappling Hook): the one most
                # likely to be a Spyglass (from the lowest piles) goes.
                held.remove(min(held))
            held.extend([gone] * (count - len(held)))
        self.piles, self.mine = piles, mine
        return tuple(tuple(held) for held in self.sources)


class ExpertBot:
    """Plays what the coach recommends, from its own observation only (and what it has
    seen of the game so far: ``Watch``)."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed  # the expert is deterministic; the seed is kept for symmetry
        self.watch = Watch()

    def choose(self, state: State, player: int) -> str:
        observation = state.observation(player)
        sources = self.watch.see(observation, state.options.variant)  # every decision
        legal = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        return evaluate(self.view(observation, state.options, sources), legal,
                        expert=True).action

    @staticmethod
    def view(observation: Mapping[str, Any], options: Options,
             sources: tuple[tuple[Mix, ...], ...]) -> View:
        """What the expert judges by: the coach's View of ``observation``, the captain's
        hand inferred from his deeds, the others' treasures from ``sources``."""
        view = inferred(View.from_observation(observation, options.variant,
                                              options.grappling_hook,
                                              options.spyglass_points))
        return replace(view, sources=sources)


def make_player(style: str, seed: int | None = None) -> Bot:
    """A bot of any style in ``STYLES``."""
    if style == EXPERT:
        return ExpertBot(seed)
    return make_bot(style, seed)
