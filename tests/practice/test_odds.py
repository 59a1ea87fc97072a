"""The odds coach against brute force (small cases) and sampling (the full game)."""

import random
from fractions import Fraction
from itertools import combinations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.engine import Options, ScriptedChance, State, data
from tutor.engine.payment import can_pay, equipment_covers, hazard_counts
from tutor.practice.odds import (
    ImpossibleSituation,
    captain_pay_odds,
    dice_outcomes,
    figures,
    hand_pass_odds,
    hazard_distribution,
    step_pass_odds,
    treasure_value,
    unaccounted_treasures,
    unseen_cards,
)
from tutor.practice.voyage import View


def seen_by(state: State, player: int) -> View:
    return View.from_observation(state.observation(player))

CARDS = ("compass", "lightning-rod", "foghorn", "cannon", "turbo", "jetpack")


def brute_force(unseen: dict[str, int], size: int, dice: list[str]) -> tuple[Fraction, Fraction]:
    """List every hand of ``size`` distinct cards and count those that pay."""
    cards = [card for card, k in unseen.items() for _ in range(k)]
    hands = list(combinations(range(len(cards)), size))
    needs = hazard_counts(dice)
    equipment = with_turbos = 0
    for chosen in hands:
        hand: dict[str, int] = {}
        for i in chosen:
            hand[cards[i]] = hand.get(cards[i], 0) + 1
        equipment += equipment_covers(needs, hand)
        with_turbos += can_pay(needs, hand)
    return Fraction(equipment, len(hands)), Fraction(with_turbos, len(hands))


small_deck = st.fixed_dictionaries({card: st.integers(0, 3) for card in CARDS})
dice = st.lists(st.sampled_from(data.FACES), min_size=1, max_size=4)


@settings(max_examples=60, deadline=None)
@given(deck=small_deck, dice=dice, data_=st.data())
def test_captain_odds_match_every_hand_listed(deck, dice, data_) -> None:
    total = sum(deck.values())
    size = data_.draw(st.integers(0, min(total, 5)))
    odds = captain_pay_odds(deck, size, dice)
    assert (odds.equipment, odds.with_turbos) == brute_force(deck, size, dice)


def test_a_hand_worked_by_hand() -> None:
    # Two compasses, one Turbo, one jetpack; the captain holds 2 of the 4; fog + fog shown.
    unseen = {"compass": 2, "turbo": 1, "jetpack": 1}
    odds = captain_pay_odds(unseen, 2, ["fog", "fog"])
    assert odds.equipment == Fraction(1, 6)        # only {compass, compass}
    assert odds.with_turbos == Fraction(3, 6)      # and {compass, turbo} twice


def test_full_game_agrees_with_sampling() -> None:
    deck = data.deck_composition()
    mine = {"compass": 2, "cannon": 1, "turbo": 1, "ejection": 1, "foghorn": 1}
    unseen = unseen_cards(deck, mine, ["lightning-rod", "compass"])
    rolled = ["fog", "lightning", "birds", "pirates"]
    odds = captain_pay_odds(unseen, 6, rolled)
    rng = random.Random(5)
    pool = [card for card, k in unseen.items() for _ in range(k)]
    samples = 20_000
    hits_eq = hits_all = 0
    needs = hazard_counts(rolled)
    for _ in range(samples):
        hand: dict[str, int] = {}
        for card in rng.sample(pool, 6):
            hand[card] = hand.get(card, 0) + 1
        hits_eq += equipment_covers(needs, hand)
        hits_all += can_pay(needs, hand)
    for exact, hits in ((odds.equipment, hits_eq), (odds.with_turbos, hits_all)):
        p = float(exact)
        error = (p * (1 - p) / samples) ** 0.5
        assert abs(hits / samples - p) <= 4 * error + 1e-9
    assert odds.equipment < odds.with_turbos


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_dice_outcomes_match_every_roll_listed(count) -> None:
    exact = dict(dice_outcomes(count))
    listed: dict[tuple[str, ...], Fraction] = {}
    for roll in product(data.DIE_FACES, repeat=count):
        key = tuple(sorted(roll, key=data.FACES.index))
        listed[key] = listed.get(key, 0) + Fraction(1, 6 ** count)
    assert exact == listed
    hazards = hazard_distribution(count)
    assert sum(hazards) == 1
    assert hazards[0] == Fraction(2, 6) ** count


@pytest.mark.parametrize("hand", [{"compass": 2, "turbo": 1}, {"cannon": 1, "foghorn": 3},
                                  {}, {"turbo": 4}])
@pytest.mark.parametrize("count", [2, 3, 4])
def test_own_hand_odds_match_every_roll_listed(hand, count) -> None:
    odds = hand_pass_odds(hand, count)
    eq = sum(equipment_covers(hazard_counts(r), hand) for r in product(data.DIE_FACES,
                                                                         repeat=count))
    anyway = sum(can_pay(hazard_counts(r), hand) for r in product(data.DIE_FACES, repeat=count))
    assert odds == type(odds)(Fraction(eq, 6 ** count), Fraction(anyway, 6 ** count))


def test_step_odds_before_the_roll_match_brute_force() -> None:
    unseen = {"compass": 2, "lightning-rod": 1, "turbo": 1, "jetpack": 2}
    odds = step_pass_odds(unseen, 3, 2)
    expected_eq = expected_all = Fraction(0)
    for roll in product(data.DIE_FACES, repeat=2):
        eq, anyway = brute_force(unseen, 3, list(roll))
        expected_eq += eq / 36
        expected_all += anyway / 36
    assert (odds.equipment, odds.with_turbos) == (expected_eq, expected_all)


def test_impossible_situations_are_named() -> None:
    deck = data.deck_composition()
    with pytest.raises(ImpossibleSituation) as err:
        unseen_cards(deck, {"compass": 15}, ["compass"] * 6)
    assert err.value.params == {"total": 20, "card": "compass", "count": 21}
    with pytest.raises(ImpossibleSituation):
        unseen_cards(data.deck_composition("beginner"), {"jetpack": 1}, [])
    with pytest.raises(ImpossibleSituation):
        captain_pay_odds({"compass": 3}, 4, ["fog"])
    with pytest.raises(ImpossibleSituation):
        unaccounted_treasures(4, "standard", [9, 9])


def test_treasure_values() -> None:
    # City 4: 5x4, 3x6, 1x9 and a Spyglass; I hold the 9 and a 4.
    values = unaccounted_treasures(4, "standard", [9, 4])
    assert values == [0, 4, 4, 4, 4, 6, 6, 6]
    assert treasure_value(values, 2) == Fraction(2 + 16 + 18, 8)
    assert treasure_value(values, 0) == Fraction(34, 8)
    assert treasure_value([], 2) is None
    assert unaccounted_treasures(4, "beginner", []) == [4] * 5 + [6] * 3 + [9]


def test_coach_from_a_real_observation() -> None:
    hands = [["compass", "compass", "turbo", "cannon", "foghorn", "jetpack"],
             ["compass", "lightning-rod", "lightning-rod", "cannon", "turbo", "ejection"],
             ["foghorn"] * 6, ["cannon"] * 6]
    state = State(Options(players=4), ["Ann", "Bob", "Cy", "Di"])
    chance = ScriptedChance(rolls=["fog pirates"], hands=hands)
    while state.actor < 0:
        state.apply(chance.outcome(state))
    assert state.phase == "passengers" and state.actor == 1
    advice = figures(seen_by(state, 1))
    unseen = unseen_cards(data.deck_composition(), state.hands[1], [])
    assert advice.captain_pays == captain_pay_odds(unseen, 6, ["fog", "pirates"])
    assert advice.own_pass is None
    assert advice.leave_now == treasure_value(unaccounted_treasures(1, "standard", []), 2)
    assert advice.leave_next == treasure_value(unaccounted_treasures(2, "standard", []), 2)
    # The coming roll is the step after city 2: to city 4, two dice.
    assert (advice.roll_city, advice.roll_dice) == (4, 2)
    # The captain's own view: the dice shown are paid for (compass + cannon).
    mine = figures(seen_by(state, 0))
    assert mine.own_pass is not None and mine.own_pass.equipment == 1
    assert mine.captain_pays is None


def test_the_captain_is_not_told_what_leaving_is_worth_unless_he_may_leave() -> None:
    hands = [["compass"] * 6, ["cannon"] * 6, ["foghorn"] * 6, ["turbo"] * 6]
    state = State(Options(players=4), ["Ann", "Bob", "Cy", "Di"])
    chance = ScriptedChance(rolls=["fog blank"], hands=hands)
    while state.actor < 0:
        state.apply(chance.outcome(state))
    captain = figures(seen_by(state, 0))
    assert captain.leave_now is None and captain.leave_next is not None
    passenger = figures(seen_by(state, 1))
    assert passenger.leave_now is not None


def test_a_played_spyglass_leaves_its_pile_for_good() -> None:
    """§4.5: a Spyglass played is out of the game, so it is no longer in its city's pile,
    and the engine's observation says whose pile it came from."""
    from tutor.practice.voyage import View

    base = View(me=1, players=3, captain=0, phase="passengers", city=2, route=(2, 4),
                pile_sizes={2: 10, 4: 10}, dice=("fog",), aboard=(True, True, True),
                hand={}, treasures=(), hand_sizes=(8, 8, 8))
    # City 2: 5x2, 3x4, 2x6 and a Spyglass (2 points if kept).
    assert base.treasure_value(2) == pytest.approx((10 + 12 + 12 + 2) / 11)
    spent = View(**{**base.__dict__, "spent": (2,)})
    assert spent.treasure_value(2) == pytest.approx((10 + 12 + 12) / 10)
    assert 0 not in spent.unaccounted(2)
    assert spent.treasure_value(4) == base.treasure_value(4)
    # Holding it and having played it cannot both be: the pile held one.
    with pytest.raises(ImpossibleSituation):
        View(**{**spent.__dict__, "treasures": ((2, 0),)}).unaccounted(2)

    state = State(Options(players=3, seed=4))
    state.spent.append(data.pile_composition(4)[-1])
    assert state.observation(0)["spyglasses_spent"] == [4]
    view = View.from_observation(state.observation(0))
    assert view.spent == (4,)
