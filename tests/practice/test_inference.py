"""The captain's hand inferred from his public deeds (``inference``): a crash announced
shows a lack (§3.4), a Turbo paid for a hazard shows no more of its Equipment."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from tutor.engine import Options, SeededChance, State, data
from tutor.engine.state import Deed
from tutor.practice import evaluate, inference
from tutor.practice.expert import ExpertBot
from tutor.practice.odds import View, unseen_cards
from tutor.practice.voyage import Voyage, captain_odds_now, hazard_key

C, L = "compass", "lightning-rod"


def view(deeds: tuple[Deed, ...], dice: tuple[str, ...], size: int = 3,
         hand: dict[str, int] | None = None) -> View:
    """Ann (seat 0) watches Bob, captain, with ``size`` cards; Ann holds every Turbo unless
    ``hand`` says otherwise."""
    hand = {data.TURBO: data.TURBO_COUNT} if hand is None else hand
    unseen = unseen_cards(data.deck_composition(), hand, ())
    return inference.inferred(replace(View(
        me=0, players=3, captain=1, phase="passengers", city=1, route=(1, 2, 4, 6),
        pile_sizes={c: 4 for c in (1, 2, 4, 6)}, dice=dice, aboard=(True, True, True),
        hand=hand, treasures=(), hand_sizes=(sum(hand.values()), size, 5), unseen=unseen,
        seats=("Ann", "Bob", "Cy"), deeds=deeds)))


def test_a_crash_facing_two_fog_rules_out_two_compasses() -> None:
    crashed = (Deed(1, "crash", 3, (), ("fog", "fog")),)
    seen = view(crashed, ("fog", "fog"))
    assert seen.inferred is not None
    assert all(hand[0] < 2 for hand, _ in seen.inferred)
    # No Turbo is out of Ann's sight: Bob cannot pay for two fog now.
    assert captain_odds_now(seen) == 0
    assert Voyage(seen).hidden_pay(0, 1, hazard_key(("fog", "fog"))) == 0.0
    assert inference.figures(seen).captain_pays.with_turbos == 0
    # Blind, he could: the deed is what rules it out.
    blind = view((), ("fog", "fog"))
    assert blind.inferred is None
    assert captain_odds_now(blind) > Fraction(1, 10)
    # One fog: he may hold one Compass.
    one = captain_odds_now(view(crashed, ("fog", "blank")))
    assert 0 < one < captain_odds_now(view((), ("fog", "blank")))


def test_a_crash_shows_that_turbos_could_not_pay_either() -> None:
    """A captain whose Turbos could pay does not crash by choice: neither two Compasses
    nor a Compass and a Turbo, nor two Turbos, facing two fog."""
    crashed = (Deed(1, "crash", 3, (), ("fog", "fog")),)
    seen = view(crashed, ("fog", "fog"), hand={})
    assert all(hand[0] + hand[4] < 2 for hand, _ in seen.inferred)
    assert captain_odds_now(seen) == 0 < captain_odds_now(view((), ("fog", "fog"), hand={}))


def test_a_turbo_paid_for_lightning_shows_no_lightning_rod() -> None:
    paid = (Deed(1, "pay", 4, ("turbo",), ("lightning", "blank")),)
    seen = view(paid, ("lightning", "blank"))
    assert all(hand[1] == 0 for hand, _ in seen.inferred)
    assert captain_odds_now(seen) == 0
    assert evaluate._hidden_reroll_chance(replace(seen, dice=("lightning", "lightning"))) \
        < evaluate._hidden_reroll_chance(replace(view((), ("lightning", "lightning"))))


def test_what_tells_nothing_infers_nothing_and_draws_since_count() -> None:
    # A payment without a Turbo, a card played, a Spyglass: nothing ruled out.
    plain = (Deed(1, "pay", 4, (C,), ("fog", "blank")),
             Deed(1, "play", 3, ("ejection",), ("blank", "blank")),
             Deed(1, "spyglass", 2, (), ("fog", "fog")))
    assert view(plain, ("fog", "blank"), size=2).inferred is None
    # Someone else's crash tells nothing of Bob's hand.
    assert view((Deed(2, "crash", 5, (), ("fog",)),), ("fog", "blank")).inferred is None
    # Bob crashed with 3 cards and has drawn 2 since: a Compass may have come.
    crashed = (Deed(1, "crash", 3, (), ("fog", "blank")),)
    assert captain_odds_now(view(crashed, ("fog", "blank"), size=5)) > 0
    # Bob paid a Lightning Rod since, and drew nothing: still no Compass.
    later = (*crashed, Deed(1, "pay", 3, (L,), ("lightning", "blank")))
    assert captain_odds_now(view(later, ("fog", "blank"), size=2)) == 0


def test_the_answer_is_the_same_each_time_and_the_expert_still_deterministic() -> None:
    crashed = (Deed(1, "crash", 3, (), ("fog", "fog")),)
    first = view(crashed, ("fog", "blank"), hand={C: 1}).inferred
    inference.infer_hands.cache_clear()
    assert view(crashed, ("fog", "blank"), hand={C: 1}).inferred == first

    def play() -> tuple[list, list]:
        state = State(Options(players=4, seed=3))
        chance = SeededChance(3)
        bots = [ExpertBot() for _ in range(4)]
        while not state.is_terminal():
            if state.is_chance():
                state.apply(chance.outcome(state))
            else:
                state.apply(bots[state.actor].choose(state, state.actor))
        return state.history, state.deeds

    history, deeds = play()
    assert any(d.kind == "crash" for d in deeds)
    inference.infer_hands.cache_clear()
    assert play() == (history, deeds)


def test_the_coach_says_where_the_chance_comes_from() -> None:
    from tutor.i18n import Translator
    from tutor.practice.coach import advise_view

    crashed = (Deed(1, "crash", 3, (), ("fog", "fog", "blank")),)
    details = advise_view(view(crashed, ("fog", "blank"), hand={C: 1, data.TURBO: 8}),
                          ["stay", "leave"], Translator("en")).details
    assert "Bob announced a crash on dice (fog and fog) that the cards in hand could not pay " \
           "for, even with Turbos." in "\n".join(details)
    paid = (Deed(1, "pay", 4, ("turbo",), ("lightning", "blank")),)
    details = advise_view(view(paid, ("lightning", "blank")), ["stay", "leave"],
                          Translator("en")).details
    assert any(line.startswith("Bob paid a Turbo on dice (lightning) whose hazards the hand "
                               "held no more Equipment for") for line in details)
    # Nothing inferred: nothing said.
    details = advise_view(view((), ("fog", "blank")), ["stay", "leave"],
                          Translator("en")).details
    assert not any("drawn blind" in line for line in details)


def test_his_later_captaincies_in_the_voyage_keep_what_his_deeds_told() -> None:
    crashed = (Deed(1, "crash", 3, (), ("fog", "fog")),)
    seen = Voyage(view(crashed, ("blank", "blank")))
    blind = Voyage(view((), ("blank", "blank")))
    two_fog = (2, 0, 0, 0)
    assert seen.later_inferred is not None and seen.later_inferred[4] == 0  # no Turbo
    assert seen.hidden_pay(1, 1, two_fog) < blind.hidden_pay(1, 1, two_fog)
    # Another captain's later captaincy: drawn from the unseen cards, as before.
    assert seen.hidden_pay(1, 2, two_fog) == blind.hidden_pay(1, 2, two_fog)
