"""The public record of the deeds that tell of a hand (``State.deeds``): what the whole table
sees a player do with his hand (§3.4 payments, §3.5 crashes, §4 cards played), nothing more."""

from __future__ import annotations

import random

from tutor.engine import CHANCE, Options, RandomBot, SeededChance, State
from tutor.engine.state import Deed

C, L, F = "compass", "lightning-rod", "foghorn"
AR, GW, JP = "alternative-route", "gust-of-wind", "jetpack"


def test_payment_crash_and_plays_are_recorded_as_the_table_sees_them(game, hand) -> None:
    g = game(3, hands=[hand([AR, F, "turbo"], 8, C), hand([GW], 8, L), hand([JP], 8, F)],
             rolls=[["fog", "birds"], ["blank"], ["pirates", "pirates"]])
    assert g.state.deeds == []
    g.do("stay", "stay")
    assert (g.state.phase, g.state.actor) == ("power-window", 0)
    g.do("play alternative-route", "reroll 1")
    assert g.state.deeds == [Deed(0, "play", 8, (AR,), ("fog", "birds"))]
    assert (g.state.phase, g.state.actor) == ("power-window", 1)
    g.do("pass")  # Bob keeps his Gust of Wind: passing in secret is no deed
    assert len(g.state.deeds) == 1
    assert g.state.phase == "payment"
    g.do("pay foghorn")
    assert g.state.deeds[-1] == Deed(0, "pay", 7, (F,), ("blank", "birds"))
    # Next step: Bob captain, no Cannon, crashes facing two pirates.
    g.do("stay", "stay")
    assert g.state.legal_actions() == ["crash"]
    g.do("crash")
    assert g.state.deeds[-1] == Deed(1, "crash", 8, (), ("pirates", "pirates"))
    assert g.state.phase == "jetpack"
    g.do("play jetpack")
    assert g.state.deeds[-1] == Deed(2, "play", 8, (JP,), ("pirates", "pirates"))
    # Every seat sees the same record; a clone keeps its own.
    seen = [g.state.observation(p)["deeds"] for p in range(3)]
    assert seen[0] == seen[1] == seen[2] == tuple(g.state.deeds)
    twin = g.state.clone()
    twin.deeds.append(Deed(0, "crash", 1, (), ()))
    assert len(twin.deeds) == len(g.state.deeds) + 1


def _hidden_shuffled(state: State, rng: random.Random) -> State:
    """The same game with what nobody sees changed: the draw pile's and the treasure
    piles' order, and each hand's cards swapped with the draw pile's (sizes kept)."""
    twin = state.clone()
    rng.shuffle(twin.draw)
    for pile in twin.piles.values():
        rng.shuffle(pile)
    for p, hand in enumerate(twin.hands):
        cards = [c for c, k in hand.items() for _ in range(k)]
        pool = cards + twin.draw
        rng.shuffle(pool)
        twin.hands[p] = dict.fromkeys(hand, 0)
        for card in pool[:len(cards)]:
            twin.hands[p][card] += 1
        twin.draw = pool[len(cards):]
    return twin


def test_the_record_tells_only_what_is_public() -> None:
    """Random games: each deed is what the table saw (the seat, the hand's public size, the
    cards named by the action, the dice shown); no pass in a secret phase and no draw makes
    one; and a state whose hidden cards differ shows the same record."""
    rng = random.Random(5)
    for seed in range(6):
        state = State(Options(players=4, seed=seed))
        chance = SeededChance(seed)
        bots = [RandomBot(seed * 10 + p) for p in range(4)]
        while not state.is_terminal():
            actor = state.actor
            if actor == CHANCE:
                before = len(state.deeds)
                state.apply(chance.outcome(state))
                assert len(state.deeds) == before  # draws, deals, rolls: no deed
                continue
            sizes = state.observation(actor)["hand_sizes"]
            dice = tuple(state.dice)
            phase = state.phase
            action = bots[actor].choose(state, actor)
            before = len(state.deeds)
            state.apply(action, actor)
            new = state.deeds[before:]
            if action == "pass" or (phase != "payment" and not action.startswith("play")):
                # A pass (secret or not), a stay or leave, a roll, a reroll's choice.
                assert not new, (phase, action)
                continue
            (deed,) = new
            assert (deed.seat, deed.size, deed.dice) == (actor, sizes[actor], dice)
            if action == "crash":
                assert (deed.kind, deed.cards) == ("crash", ())
            elif action.startswith("pay "):
                assert (deed.kind, "+".join(deed.cards)) == ("pay", action[4:])
            elif action == "play spyglass":
                assert (deed.kind, deed.cards) == ("spyglass", ())
            else:
                assert (deed.kind, deed.cards) == ("play", (action.split()[1],))
            if rng.random() < 0.05:
                twin = _hidden_shuffled(state, rng)
                assert twin.hands != state.hands or twin.draw != state.draw
                for p in range(4):
                    assert twin.observation(p)["deeds"] == state.observation(p)["deeds"]
