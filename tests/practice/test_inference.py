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
from tutor.practice.voyage import (
    Voyage,
    captain_odds_now,
    hazard_key,
    inferred_pays,
    pay_chance,
)

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


def test_the_coach_says_when_the_others_deeds_count_too() -> None:
    """Bob's crash tells of his hand; Cy's crash tells of Cy's, and so of Bob's too: the
    coach says so, and only then."""
    from tutor.i18n import Translator
    from tutor.practice.coach import advise_view

    said = "The other players' crashes and Turbo payments count too: cards their hands " \
        "cannot hold are likelier to be in the captain's."
    bob = Deed(1, "crash", 3, (), ("fog", "fog", "blank"))
    cy = Deed(2, "crash", 5, (), ("lightning", "lightning"))
    both = view((bob, cy), ("fog", "blank"))
    assert both.told is not None and both.inferred is not None
    assert said in advise_view(both, ["stay", "leave"], Translator("en")).details
    for deeds in ((bob,), (cy,)):
        details = advise_view(view(deeds, ("fog", "blank")), ["stay", "leave"],
                              Translator("en")).details
        assert said not in details
    french = advise_view(both, ["stay", "leave"], Translator("fr")).details
    assert "Les écrasements et les paiements en Turbo des autres joueurs comptent aussi" in \
        "\n".join(french)


def test_his_later_captaincies_in_the_voyage_keep_what_his_deeds_told() -> None:
    crashed = (Deed(1, "crash", 3, (), ("fog", "fog")),)
    seen = Voyage(view(crashed, ("blank", "blank")))
    blind = Voyage(view((), ("blank", "blank")))
    two_fog = (2, 0, 0, 0)
    hands = seen.hands_of(1, 1, 3.0)
    assert hands is not None and all(hand[4] == 0 for hand, _ in hands)  # no Turbo
    assert inferred_pays(hands, two_fog) < blind.hidden_pay(1, 1, two_fog)
    assert blind.hands_of(1, 1, 3.0) is None
    # Another captain's later captaincy: drawn from the unseen cards, as before.
    assert seen.hands_of(1, 2, 5.0) is None


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


def _small_view(deeds: tuple[Deed, ...], unseen: dict[str, int], sizes: tuple[int, ...],
                dice: tuple[str, ...], route: tuple[int, ...] = (1, 2, 4, 6),
                hand: dict[str, int] | None = None) -> View:
    """Ann (seat 0, holding ``hand``: no card unless told) watches the others, Bob (seat 1)
    captain, the unseen cards ``unseen`` only."""
    players = len(sizes)
    hand = {} if hand is None else hand
    return inference.inferred(View(
        me=0, players=players, captain=1, phase="passengers", city=route[0], route=route,
        pile_sizes={c: 4 for c in route}, dice=dice, aboard=(True,) * players, hand=hand,
        treasures=(), hand_sizes=sizes, unseen=unseen,
        seats=("Ann", "Bob", "Cy", "Di")[:players], deeds=deeds))


def test_the_others_deeds_tell_of_the_captains_hand_worked_by_hand() -> None:
    """Two Compasses and two Gusts of Wind unseen; Bob (captain) and Cy hold one each.
    Cy crashed on a fog with his card: it is a Gust. Bob's card is then one of the other
    three (two Compasses): a Compass 2 times in 3, not 1 in 2 as on its own. Bob's Turbo
    paid for lightning tells nothing here (no Lightning Rod is unseen)."""
    bob = Deed(1, "pay", 2, (data.TURBO,), ("lightning",))
    cy = Deed(2, "crash", 1, (), ("fog",))
    unseen = {C: 2, G: 2}
    seen = _small_view((bob, cy), unseen, (0, 1, 1), ("fog",))
    assert captain_odds_now(seen) == Fraction(2, 3)
    assert dict(seen.told[2]) .keys() == {(0, 0, 0, 0, 0, 0)}  # Cy holds the Gust
    alone = _small_view((bob,), unseen, (0, 1, 1), ("fog",))
    assert captain_odds_now(alone) == Fraction(1, 2)
    # Cy's deed alone, Bob's telling nothing: Bob's hand is drawn as before.
    assert _small_view((cy,), unseen, (0, 1, 1), ("fog",)).inferred is None


def _exact_split(seats: list[tuple[tuple[Deed, ...], int]], unseen: dict[str, int]
                 ) -> list[dict[tuple[int, ...], float]]:
    """Each told hand's chances summed over every split of the unseen cards among them
    (the counts of each kind, the ways to deal each split, the ways each one's deeds
    allow his hand)."""
    from itertools import product
    from math import comb

    from tutor.practice.voyage import KEY_CARDS

    key = tuple(sorted(unseen.items()))
    pool = [unseen.get(c, 0) for c in KEY_CARDS[:5]]
    pool.append(sum(unseen.values()) - sum(pool))
    tables = [inference._likelihoods(deeds, size, key) for deeds, size in seats]
    found: list[dict[tuple[int, ...], float]] = [{} for _ in seats]
    for split in product(*tables):
        left = list(pool)
        weight = 1
        for (held, _, allowed), (_, size) in zip(split, seats, strict=True):
            for i, n in enumerate((*held, size - sum(held))):
                weight *= comb(left[i], n) if n <= left[i] else 0
                left[i] -= n
            weight *= allowed
        if not weight:
            continue
        for chances, (held, _, _) in zip(found, split, strict=True):
            chances[held] = chances.get(held, 0) + weight
    return found


def test_the_joint_inference_agrees_with_the_exact_split() -> None:
    """Three hands of three cards from fourteen, each after a crash on two hazards: the
    chance that each pays for a few rolls, against the sum over every split (each hand
    on its own is up to 0.11 off)."""
    bob = Deed(1, "crash", 3, (), ("fog", "fog"))
    cy = Deed(2, "crash", 3, (), ("pirates", "pirates"))
    di = Deed(3, "crash", 3, (), ("fog", "lightning"))
    unseen = {C: 4, "cannon": 3, data.TURBO: 2, L: 2, G: 3}
    seen = _small_view((bob, cy, di), unseen, (0, 3, 3, 3), ("fog",))
    exact = _exact_split([((bob,), 3), ((cy,), 3), ((di,), 3)], unseen)
    joint = [seen.inferred, seen.told[2], seen.told[3]]
    for found, hands in zip(exact, joint, strict=True):
        total = sum(found.values())
        for dice in (("fog",), ("pirates",), ("lightning",), ("birds",), ("fog", "pirates")):
            hazards = hazard_key(dice)
            truth = sum(n for held, n in found.items()
                        if inference.pay_after((*held, 0), hazards) is not None) / total
            assert abs(float(inferred_pays(hands, hazards)) - truth) < 0.025, (dice, truth)


def test_a_captain_met_again_pays_from_what_his_first_captaincy_left() -> None:
    """Two players. Bob holds both unseen cards, a Compass and a Gust. At city 4 he rolls
    two dice: he gets through on two blanks (1/9, keeping his Compass) or a fog and a blank
    (1/9, paying it). At city 9, his next captaincy, he holds a Compass half the time,
    with 1.5 cards on average: a fog he pays 1 time in 2, not 3 in 4 as a hand of 1.5
    cards drawn again from the two would. Ann holds four Turbos, so that Bob, by the
    sensible rule, stays aboard with her as captain (with an empty hand he would leave
    at city 2 and never be captain again)."""
    seen = _small_view((), {C: 1, G: 1}, (4, 2), ("blank", "blank"),
                       route=(1, 2, 4, 6, 9, 12), hand={data.TURBO: 4})
    voyage = Voyage(seen)
    voyage.arrive(1, 1, voyage.hand, 0)
    hands = voyage.hands_of(4, 1, 1.5)
    assert hands is not None
    assert {hand: round(n / sum(w for _, w in hands), 9) for hand, n in hands} == {
        (0, 0, 0, 0, 0, 0): 0.5, (1, 0, 0, 0, 0, 0): 0.5}
    fog = hazard_key(("fog",))
    assert pay_chance(hands, fog) == 0.5
    assert voyage.hidden_pay(4, 1, fog) == 1.0  # what he holds now, drawn again: both


def test_after_a_crash_a_spyglass_carries_on_with_a_hand_that_could_not_pay() -> None:
    """Bob holds one of a Compass and a Gust, and fog shows: if he crashes and Ann's
    Spyglass carries the airship on, at his next captaincy he holds the Gust."""
    seen = _small_view((), {C: 1, G: 1}, (0, 1), ("fog",))
    voyage = Voyage(seen)
    assert voyage.hands_of(2, 1, 1.0) == (((0, 0, 0, 0, 0, 0), 1),)
