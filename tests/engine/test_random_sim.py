"""Random-simulation invariants, in the manner of OpenSpiel's ``random_sim_test``.

Thousands of full games between random (and some heuristic) bots, over every option
combination: 2–6 players, standard and beginner, Grappling Hook on and off, both Spyglass
scorings, every first captain. At every step: only the deciding player has legal actions
and nobody else may act; action strings are unique and ``apply`` accepts exactly them;
every card and treasure is conserved; scores add up. Every game ends; its record replays
(through JSON) to an identical state; clones are independent; an observation never holds
another player's hidden cards nor the order of any pile.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from itertools import product
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.engine import (
    CHANCE,
    TERMINAL,
    IllegalAction,
    Options,
    SeededChance,
    State,
    data,
    make_bot,
    replay,
    to_record,
)
from tutor.engine.state import SECRET_PHASES

MAX_ACTIONS = 5_000

COMBOS = [
    Options(players=n, variant=variant, grappling_hook=hook, spyglass_points=points)
    for n, (variant, hook), points in product(
        range(data.MIN_PLAYERS, data.MAX_PLAYERS + 1),
        (("standard", False), ("standard", True), ("beginner", False)),
        (data.SPYGLASS_POINTS_DEFAULT, 0),
    )
]


def fingerprint(s: State) -> tuple[Any, ...]:
    """Everything that makes a state, for equality checks."""
    return (s.phase, s.actor, s.captain, s.last_captain, s.city, s.dest, tuple(s.dice),
            tuple(s.aboard), tuple(tuple(sorted(h.items())) for h in s.hands),
            tuple(tuple(t) for t in s.treasures), tuple((c, tuple(p)) for c, p in s.piles.items()),
            tuple(s.draw), tuple(s.discard), tuple(s.spent), s.voyage, s.step, s.winners,
            tuple(s.history), tuple(s.left_with), s.chance_request, s.crashes, s.end_reason)


def all_treasures(variant: str) -> Counter:
    return Counter(t for c in data.CITY_VALUES for t in data.pile_composition(c, variant))


def check_conservation(s: State, deck: Counter, treasures: Counter) -> None:
    cards = Counter(s.draw) + Counter(s.discard)
    for h in s.hands:
        assert min(h.values()) >= 0
        cards.update({c: k for c, k in h.items() if k})
    assert cards == deck
    held = Counter(s.spent)
    for c, pile in s.piles.items():
        assert all(t.city == c for t in pile)
        held.update(pile)
    for t in s.treasures:
        held.update(t)
    assert held == treasures
    assert all(t.is_spyglass for t in s.spent)


def check_scores(s: State) -> None:
    for p in range(s.players):
        values = [t.value for t in s.treasures[p]]
        glasses = values.count(0)
        assert s.points(p) == sum(values)
        assert s.score(p) == sum(values) + s.options.spyglass_points * glasses
    if s.actor == TERMINAL:
        best = max(s.scores())
        assert s.winners == tuple(p for p in range(s.players) if s.score(p) == best)
        assert s.end_reason in ("points", "cities", "route")
        if s.end_reason == "points":
            assert max(s.points(p) for p in range(s.players)) >= data.END_SCORE
        if s.end_reason == "cities":
            assert max(s.cities_held(p) for p in range(s.players)) >= 5


def check_actors(s: State, rng: random.Random) -> list[str]:
    actor = s.actor
    for p in range(s.players):
        if p != actor:
            assert s.legal_actions(p) == []
    if actor < 0:
        assert s.legal_actions() == []
        return []
    legal = s.legal_actions()
    assert legal and legal == s.legal_actions(actor)
    assert len(set(legal)) == len(legal)
    assert all(a == " ".join(a.split()) for a in legal)
    other = rng.choice([p for p in range(s.players) if p != actor])
    with pytest.raises(IllegalAction):
        s.apply(legal[0], player=other)
    return legal


def check_refusals(s: State, legal: list[str], rng: random.Random) -> None:
    """Strings outside the legal list are refused and change nothing."""
    before = fingerprint(s)
    pick = rng.choice(legal)
    for wrong in (pick + " 1", pick.upper(), "play " + pick, pick.replace(" ", "  "),
                  rng.choice(("stay", "leave", "pass", "crash", "take", "roll", "pay turbo",
                              "play ejection 0", "play jetpack", "reroll 1+2+3+4"))):
        if wrong not in legal:
            with pytest.raises(IllegalAction):
                s.apply(wrong)
    assert fingerprint(s) == before


def check_each_action_parses_back(s: State, legal: list[str]) -> None:
    before = fingerprint(s)
    for action in legal:
        twin = s.clone()
        twin.apply(action)
        assert twin.history[-1] == (s.actor, action)
    assert fingerprint(s) == before  # clones are independent of the original


def hide_from(s: State, player: int, rng: random.Random) -> State:
    """A state that differs from ``s`` only in what ``player`` may not know."""
    twin = s.clone()
    twin.draw.reverse()
    for c in twin.piles:
        rng.shuffle(twin.piles[c])
    for p in range(twin.players):
        if p == player:
            continue
        size = sum(twin.hands[p].values())
        twin.hands[p] = dict.fromkeys(data.HAND_CARDS, 0)
        for _ in range(size):
            twin.hands[p][rng.choice(data.HAND_CARDS)] += 1
        if twin.actor != TERMINAL:  # at the end, scores are public
            twin.treasures[p] = [data.Treasure(25, 25)] * len(twin.treasures[p])
    return twin


def check_observation(s: State, rng: random.Random) -> None:
    player = rng.randrange(s.players)
    obs = s.observation(player)
    assert obs["hand"] == {c: k for c, k in s.hands[player].items() if k}
    assert obs["treasures"] == [(t.city, t.value) for t in s.treasures[player]]
    assert obs["hand_sizes"] == [sum(h.values()) for h in s.hands]
    if s.phase in SECRET_PHASES and s.actor != player:
        assert obs["actor"] is None
    twin = hide_from(s, player, rng)
    assert twin.observation(player) == obs
    json.dumps(obs)


def play_checked(options: Options, seed: int, *, heavy: bool, styles: tuple[str, ...]) -> State:
    rng = random.Random(seed)
    state = State(options)
    chance = SeededChance(seed)
    bots = [make_bot(styles[p % len(styles)], seed * 7 + p) for p in range(options.players)]
    deck = Counter(data.deck_composition(options.variant, options.grappling_hook))
    treasures = all_treasures(options.variant)
    for _ in range(MAX_ACTIONS):
        legal = check_actors(state, rng)
        if state.actor == TERMINAL:
            break
        if heavy and legal:
            check_refusals(state, legal, rng)
            if rng.random() < 0.2:
                check_each_action_parses_back(state, legal)
            if state.phase != "setup" and rng.random() < 0.2:
                check_observation(state, rng)
        if state.actor == CHANCE:
            action = chance.outcome(state)
        else:
            action = bots[state.actor].choose(state, state.actor)
            assert action in legal
        events = state.apply(action)
        assert all(e.to is None or 0 <= e.to < state.players for e in events)
        if state.phase != "setup" and (heavy or state.actor == TERMINAL or rng.random() < 0.1):
            check_conservation(state, deck, treasures)
            check_scores(state)
    assert state.actor == TERMINAL, "the game did not end"
    check_conservation(state, deck, treasures)
    check_scores(state)
    return state


def check_record(state: State) -> None:
    text = json.dumps(to_record(state))
    again = replay(json.loads(text))
    assert fingerprint(again) == fingerprint(state)


@pytest.mark.parametrize("options", COMBOS, ids=lambda o: (
    f"{o.players}p-{o.variant}-{'hook' if o.grappling_hook else 'nohook'}-sp{o.spyglass_points}"))
def test_random_games_keep_every_invariant(options: Options) -> None:
    """100 games per combination (3,000 in all), every first captain, light checks."""
    kinds: Counter = Counter()
    for i in range(100):
        seed = 1000 * options.players + i
        opts = Options(**{**options.to_dict(), "first_captain": i % options.players})
        styles = ("random",) if i % 5 else ("random", "sensible", "bold")
        state = play_checked(opts, seed, heavy=False, styles=styles)
        assert state.captain in range(opts.players)
        if i % 10 == 0:
            check_record(state)
        kinds.update(e for e, _ in state.history)
    assert kinds[CHANCE] > 0


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=st.sampled_from(COMBOS), seed=st.integers(0, 2**32 - 1),
       first=st.integers(0, 5), heuristic=st.booleans())
def test_random_games_heavy_checks(options: Options, seed: int, first: int,
                                   heuristic: bool) -> None:
    """Every check at every step: refusals, every legal action on a clone, observations
    against a state with other hidden cards, and the record through JSON."""
    opts = Options(**{**options.to_dict(), "first_captain": first % options.players})
    styles = ("sensible", "random", "bold", "cautious") if heuristic else ("random",)
    state = play_checked(opts, seed, heavy=True, styles=styles)
    check_record(state)


def test_simulations_reach_every_kind_of_event() -> None:
    """The games above explore the whole game: every event kind shows up."""
    seen: Counter = Counter()
    for i in range(300):
        players = 2 + i % 5
        options = Options(players=players, grappling_hook=i % 2 == 0)
        bots = [make_bot(("random", "bold")[p % 2], i * 10 + p) for p in range(players)]
        state = State(options)
        chance = SeededChance(i)
        while state.actor != TERMINAL:
            action = (chance.outcome(state) if state.actor == CHANCE
                      else bots[state.actor].choose(state, state.actor))
            seen.update(e.kind for e in state.apply(action))
    expected = {"deal", "voyage", "step", "roll", "stay", "leave", "treasure", "treasure-private",
                "must-stay", "lone-take", "ejection", "alternative-route", "reroll-choice",
                "reroll", "gust-of-wind", "no-hazard", "pay", "crash-announced", "spyglass",
                "jetpack", "crash", "grappling-hook", "arrive", "last-city", "voyage-end",
                "draw", "draw-private", "reshuffle", "game-over"}
    assert expected <= set(seen), expected - set(seen)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), size=st.integers(0, 120))
def test_the_engine_shuffles_as_python_does(seed: int, size: int) -> None:
    """The engine's generator shuffles faster, but a seed must deal the same deck and piles
    as Python's own shuffle would: the games recorded with a seed stay the same games."""
    from tutor.engine.generator import Generator

    ours, theirs = list(range(size)), list(range(size))
    mine, python = Generator(seed), random.Random(seed)
    mine.shuffle(ours)
    python.shuffle(theirs)
    assert ours == theirs
    # The same numbers drawn: what comes next (the dice) is the same too.
    assert mine.random() == python.random()
