"""RULES.md §1 (components) and §2 (set-up): the data tables and the deal."""

from collections import Counter

import pytest

from tutor.engine import CHANCE, ChanceError, Options, ScriptedChance, SeededChance, State, data


def test_s1_components_counts() -> None:
    """§1: 68 Equipment (20/18/16/14), 8 Turbo, 8 Power (2 each), 2 Grappling Hooks."""
    assert sum(data.EQUIPMENT_COUNTS.values()) == 68
    assert data.EQUIPMENT_COUNTS == {"compass": 20, "lightning-rod": 18, "foghorn": 16,
                                     "cannon": 14}
    assert data.TURBO_COUNT == 8
    assert dict.fromkeys(
        ("ejection", "jetpack", "alternative-route", "gust-of-wind"), 2) == data.POWER_COUNTS
    assert sum(data.deck_composition().values()) == 84
    assert data.deck_composition(grappling_hook=True)["grappling-hook"] == 2
    assert "grappling-hook" not in data.deck_composition()


def test_s1_dice_have_four_hazards_and_two_blanks() -> None:
    """§1, §1.1: six faces, two of them blank; each hazard answered by its Equipment."""
    assert Counter(data.DIE_FACES) == {"fog": 1, "lightning": 1, "birds": 1, "pirates": 1,
                                       "blank": 2}
    assert data.ANSWERS == {"fog": "compass", "lightning": "lightning-rod", "birds": "foghorn",
                            "pirates": "cannon"}
    assert data.DICE_IN_BOX == 4


def test_s1_2_cities_dice_and_treasure_piles() -> None:
    """§1.2: nine cities, dice to reach each, 78 treasures with 4 Spyglasses."""
    assert data.CITY_VALUES == (1, 2, 4, 6, 9, 12, 15, 20, 25)
    assert data.DICE_TO_REACH == {2: 2, 4: 2, 6: 2, 9: 3, 12: 3, 15: 3, 20: 4, 25: 4}
    sizes = {c: len(data.pile_composition(c)) for c in data.CITY_VALUES}
    assert sizes == {1: 11, 2: 11, 4: 10, 6: 10, 9: 9, 12: 9, 15: 6, 20: 6, 25: 6}
    assert sum(sizes.values()) == 78
    glasses = [t for c in data.CITY_VALUES for t in data.pile_composition(c) if t.is_spyglass]
    assert sorted(t.city for t in glasses) == [1, 2, 4, 6]
    assert Counter(t.value for t in data.pile_composition(6)) == {6: 5, 9: 3, 12: 1, 0: 1}


def test_s1_box_facts() -> None:
    assert (data.PUBLISHED, data.MIN_PLAYERS, data.MAX_PLAYERS, data.MIN_AGE) == (2015, 2, 6, 8)
    assert data.DESIGNER == "Aaron Weissblum"
    assert data.PREDECESSOR == "Cloud 9"


def test_s6_beginner_components() -> None:
    """§6: no Power cards (68 + 8 cards) and no Spyglasses (piles of 10, 10, 9, 9)."""
    deck = data.deck_composition("beginner")
    assert sum(deck.values()) == 76
    assert not set(deck) & set(data.POWERS)
    assert [len(data.pile_composition(c, "beginner")) for c in (1, 2, 4, 6)] == [10, 10, 9, 9]


@pytest.mark.parametrize(("players", "size"), [(2, 8), (3, 8), (4, 6), (5, 6), (6, 6)])
def test_s2_3_deal_in_blocks_from_the_top(players: int, size: int) -> None:
    """§2.3: 8 cards each with 2–3 players, 6 with 4–6; dealt in blocks from the top of
    the deck (seat 0 first); the rest is the draw pile, its top the next card."""
    state = State(Options(players=players))
    assert state.actor == CHANCE and state.chance_request.kind == "deck"
    cards = list(state.chance_request.cards)
    order = sorted(cards, key=lambda c: (hash(c) % 7, c))  # any fixed order will do
    state.apply("deck " + " ".join(order))
    for p in range(players):
        assert state.hands[p] == {**dict.fromkeys(data.HAND_CARDS, 0),
                                  **Counter(order[p * size:(p + 1) * size])}
    assert state.draw[-1] == order[players * size]
    assert len(state.draw) == 84 - players * size
    assert state.discard == []


def test_s2_1_piles_laid_top_first_and_airship_at_city_1() -> None:
    """§2.1–§2.2: each pile is ordered by chance (top first); the airship starts at city 1
    with every pawn aboard; the first captain is seat 0 by default (§2.4)."""
    state = State(Options(players=3))
    chance = ScriptedChance(piles={1: ["4", "spyglass", 1], 25: [25]})
    state.apply(chance.outcome(state))
    outcome = chance.outcome(state)
    assert outcome.startswith("pile 1 4 spyglass 1 ")
    state.apply(outcome)
    assert state.piles[1][-1] == data.Treasure(1, 4)
    assert state.piles[1][-2] == data.Treasure(1, 0)
    while state.actor == CHANCE and state.chance_request.kind == "pile":
        state.apply(chance.outcome(state))
    assert (state.city, state.dest, state.voyage, state.step) == (1, 2, 1, 1)
    assert state.aboard == [True, True, True]
    assert state.captain == 0
    assert state.chance_request.kind == "roll" and state.chance_request.count == 2
    assert all(len(state.piles[c]) == len(data.pile_composition(c)) for c in data.CITY_VALUES)


def test_s2_4_first_captain_is_an_option() -> None:
    state = State(Options(players=4, first_captain=2))
    chance = SeededChance(1)
    while state.actor == CHANCE:
        state.apply(chance.outcome(state))
    assert state.captain == 2
    assert state.passengers() == [3, 0, 1]


def test_s2_bad_deck_or_pile_outcome_is_a_chance_error() -> None:
    state = State(Options(players=2))
    cards = list(state.chance_request.cards)
    with pytest.raises(ChanceError, match="exactly the 84 cards"):
        state.apply("deck " + " ".join(cards[:-1]))
    with pytest.raises(ChanceError, match="must decide \"deck\""):
        state.apply("roll fog fog")
    state.apply("deck " + " ".join(cards))
    with pytest.raises(ChanceError, match="city 1 must hold exactly its 11 treasures"):
        state.apply("pile 1 1 1 1 1 1 2 2 2 4 4 4")
    with pytest.raises(ChanceError, match="pile of city 1 now"):
        state.apply("pile 2 " + " ".join(str(t) for t in data.pile_composition(2)))
    with pytest.raises(ChanceError):  # "-0" is not how a Spyglass is written
        state.apply("pile 1 1 1 1 1 1 2 2 2 4 4 -0")
    assert state.history == [(CHANCE, "deck " + " ".join(cards))]


def test_options_are_checked() -> None:
    from tutor.engine import OptionsError

    for bad in ({"players": 7}, {"players": 1}, {"first_captain": 3, "players": 3},
                {"variant": "expert"}, {"spyglass_points": -1}, {"players": True},
                {"grappling_hook": True, "variant": "beginner"}, {"grappling_hook": 1},
                {"seed": "abc"}, {"seed": 1.5}, {"seed": True}):
        with pytest.raises(OptionsError):
            Options(**bad)
    with pytest.raises(OptionsError, match="Unknown option"):
        Options.from_dict({"players": 3, "colour": "red"})
    with pytest.raises(OptionsError):
        State(Options(players=3), ["Ann", "Bob"])
    assert Options.from_dict(Options(players=5).to_dict()) == Options(players=5)


def test_the_seed_option_fixes_the_game_when_no_chance_source_is_given() -> None:
    """Options: ``seed`` seeds the default chance source of ``play_game``."""
    from tutor.engine import RandomBot, play_game

    def history(seed: int) -> list[tuple[int, str]]:
        state = State(Options(players=3, seed=seed))
        return play_game(state, [RandomBot(p) for p in range(3)]).history

    assert history(11) == history(11)
    assert history(11) != history(12)
    assert Options.from_dict(Options(seed=11).to_dict()).seed == 11
