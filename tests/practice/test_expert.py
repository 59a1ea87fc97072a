"""The expert follows, from what is public, which piles the others' treasures came from."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tutor.engine import Options, SeededChance, State
from tutor.practice import endgame
from tutor.practice.expert import ExpertBot
from tutor.practice.voyage import View


@pytest.mark.parametrize(("players", "seed", "variant"),
                         [(3, 5, "beginner"), (4, 2, "beginner"), (4, 2, "standard")])
def test_each_treasure_seen_taken_comes_from_a_pile_the_watch_names(players: int, seed: int,
                                                                    variant: str) -> None:
    """At every decision of every expert, each other player has as many mixes as
    treasures, and each treasure's city is one of the piles its mix names. (Who played a
    Magic Spyglass is not in the observation, only its city: in the standard game one
    played may be taken from the wrong player, so there only the numbers are checked.)"""
    state = State(Options(players=players, seed=seed, variant=variant))
    bots = [ExpertBot() for _ in range(players)]
    chance = SeededChance(seed)
    named = 0
    while state.actor >= 0 or state.is_chance():
        if state.is_chance():
            state.apply(chance.outcome(state))
            continue
        actor = state.actor
        action = bots[actor].choose(state, actor)
        sources = bots[actor].watch.sources
        assert sources is not None
        for seat in range(players):
            if seat == actor:
                continue
            held = state.treasures[seat]
            assert len(sources[seat]) == len(held)
            named += sum(len(mix) == 1 for mix in sources[seat])
            if variant == "beginner":
                # Each treasure has a mix of its own that names its pile (a matching).
                assert matched([t.city for t in held], sources[seat])
        state.apply(action)
    assert named > 0  # some treasures are pinned to a single pile


def matched(cities: list[int], mixes: tuple[tuple[tuple[int, int], ...], ...]) -> bool:
    """Whether each city can be given a mix of its own that names it (augmenting paths)."""
    owner: dict[int, int] = {}  # mix -> city index

    def place(i: int, seen: set[int]) -> bool:
        for m, mix in enumerate(mixes):
            if m in seen or cities[i] not in {c for c, _ in mix}:
                continue
            seen.add(m)
            if m not in owner or place(owner[m], seen):
                owner[m] = i
                return True
        return False

    return all(place(i, set()) for i in range(len(cities)))


def test_an_opponents_points_come_from_the_piles_he_drew_from() -> None:
    state = State(Options(players=4, seed=1))
    while state.is_chance():
        state.apply(SeededChance(1).outcome(state))
    view = View.from_observation(state.observation(0))
    # Two treasures from city 25, one from city 20 or 25 (as many cards gone from each).
    assert endgame.sourced(view, (((25, 1),), ((25, 1),)), 9.0, 4.0) == (50.0, 0.0)
    total, spread = endgame.sourced(view, (((20, 1), (25, 1)),), 9.0, 4.0)
    assert total == pytest.approx(22.5) and spread == pytest.approx(2.5)
    # An empty mix is any treasure gone.
    assert endgame.sourced(view, ((),), 9.0, 4.0) == (9.0, 2.0)
    # The rivals' estimate reads them: three treasures of city 25 and 20 cannot all be
    # small, unlike three average treasures.
    counted = replace(view, treasure_counts=(0, 3, 0, 0))
    sourced = replace(counted, sources=((), (((25, 1),), ((20, 1),), ((25, 1),)), (), ()))
    assert endgame.rivals(sourced, gains=False)[0].now > \
        endgame.rivals(counted, gains=False)[0].now + 20
