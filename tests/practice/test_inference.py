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
    assert seen.told_pools[1][4] == 0  # no Turbo
    assert seen.hidden_pay(1, 1, two_fog) < blind.hidden_pay(1, 1, two_fog)
    # Another captain's later captaincy: drawn from the unseen cards, as before.
    assert seen.hidden_pay(1, 2, two_fog) == blind.hidden_pay(1, 2, two_fog)


G, F = "gust-of-wind", "foghorn"


def test_the_inference_is_the_hypergeometric_chance_worked_by_hand() -> None:
    """Bob's 2 cards come from 2 Compasses, a Foghorn and 2 Gusts of Wind (10 hands)."""
    unseen = tuple(sorted({C: 2, F: 1, G: 2}.items()))
    # He crashed on a fog with these 2 cards: no Compass (and no Turbo). Of the 10 hands,
    # {Foghorn, Gust} in 2 ways and {Gust, Gust} in 1 remain.
    crashed = (Deed(1, "crash", 2, (), ("fog",)),)
    hands = dict(inference.infer_hands(crashed, 2, unseen))
    assert hands == {(0, 0, 1, 0, 0, 0): 2, (0, 0, 0, 0, 0, 0): 1}
    assert inference.inferred_pay_odds(tuple(hands.items()), ("birds",)).with_turbos \
        == Fraction(2, 3)
    # He crashed holding 1 card and has drawn 1 since: that card, one of his 2 now at
    # random, was no Compass. {C,C} (1 way) 0 of its 2 cards; {C,F} (2 ways) and {C,G}
    # (4) 1 of 2; {F,G} (2) and {G,G} (1) 2 of 2: weights 2, 4, 4, 2.
    drew = (Deed(1, "crash", 1, (), ("fog",)),)
    hands = dict(inference.infer_hands(drew, 2, unseen))
    assert hands == {(1, 0, 1, 0, 0, 0): 2, (1, 0, 0, 0, 0, 0): 4, (0, 0, 1, 0, 0, 0): 4,
                     (0, 0, 0, 0, 0, 0): 2}
    pays = inference.inferred_pay_odds(tuple(hands.items()), ("fog",))
    assert pays.with_turbos == pays.equipment == Fraction(1, 2)


def _sampled(deeds: tuple[Deed, ...], size: int, unseen: tuple[tuple[str, int], ...],
             samples: int, seed: int) -> dict[tuple[int, ...], int]:
    """The sampler the exact inference replaced: hands drawn at random, those a deed rules
    out (the cards drawn since it taken at random) left out."""
    import random
    from collections import Counter

    from tutor.practice.voyage import hand_key

    pool = [card for card, k in unseen for _ in range(k)]
    rng = random.Random(seed)
    found: Counter = Counter()
    for _ in range(samples):
        hand = rng.sample(pool, size)
        for i, d in enumerate(deeds):
            if not inference.telling(d):
                continue
            since = [c for later in deeds[i + 1:] for c in later.cards]
            held = hand + since
            before = Counter(held)
            before.subtract(rng.sample(held, size + len(d.cards) + len(since) - d.size))
            before.update(d.cards)
            if inference.lacks(d, before):
                break
        else:
            found[hand_key(Counter(hand))[:5]] += 1
    return found


def test_the_exact_inference_agrees_with_the_sampler_within_its_noise() -> None:
    """Eight cards from the whole deck less Ann's, after a crash, a Turbo paid, a card
    played and cards drawn since each: the chance to pay for each roll, exact against
    4,000 samples."""
    deeds = (Deed(1, "crash", 6, (), ("pirates", "pirates", "fog")),
             Deed(1, "pay", 7, (L, data.TURBO), ("lightning", "lightning")),
             Deed(1, "play", 5, ("ejection",), ("blank", "blank")))
    unseen = tuple(sorted(unseen_cards(data.deck_composition(), {C: 2, L: 1}, ()).items()))
    exact = inference.infer_hands(deeds, 8, unseen)
    total = sum(n for _, n in exact)
    sampled = _sampled(deeds, 8, unseen, 4000, 1)
    kept = sum(sampled.values())
    assert kept > 500
    for dice in (("fog",), ("birds",), ("birds", "birds"), ("pirates", "fog"),
                 ("lightning", "lightning"), ("pirates", "pirates", "birds")):
        hazards = hazard_key(dice)
        p = float(inference.inferred_pays(exact, hazards))
        q = sum(n for hand, n in sampled.items() if inference.pay_after((*hand, 0), hazards)
                is not None) / kept
        assert abs(p - q) <= 4 * (p * (1 - p) / kept) ** 0.5 + 1e-9, (dice, p, q)
    assert total > 0
