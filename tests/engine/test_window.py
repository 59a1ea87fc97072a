"""RULES.md §3.3 (the power window) and the Power cards played in it (§4.1, §4.3, §4.4)."""

from __future__ import annotations

import pytest

from tutor.engine import IllegalAction, data

C, L, F, K = "compass", "lightning-rod", "foghorn", "cannon"
AR, GW, EJ = "alternative-route", "gust-of-wind", "ejection"


def blanks(*cities: int) -> list[list[str]]:
    return [["blank"] * data.DICE_TO_REACH[c] for c in cities]


def test_s3_3_window_order_new_chance_after_a_play_and_no_second_decision(game, hand) -> None:
    """§3.3: from the captain's left around the whole table, captain included; a play gives
    everyone a new chance; the window closes after everyone passes in a row; passengers do
    not decide again after a reroll. §4.3, §4.4: the rerolls themselves."""
    g = game(3, hands=[hand([AR, F, F], 8, C), hand([GW], 8, L), hand([], 8, F)],
             rolls=[["fog", "blank"], ["blank"], ["birds", "fog"]])
    g.do("stay", "stay")
    assert (g.state.phase, g.state.actor) == ("power-window", 1)
    assert g.state.legal_actions() == ["pass", "play gust-of-wind"]
    g.do("pass")  # Cy has nothing to play and passes without being asked
    assert (g.state.actor, g.state.legal_actions()) == (0, ["pass", "play alternative-route"])
    g.events.clear()
    g.do("play alternative-route")
    assert (g.state.phase, g.state.actor) == ("reroll-choice", 0)
    assert g.state.legal_actions() == ["reroll 1", "reroll 2", "reroll 1+2"]
    g.do("reroll 1")
    assert g.state.dice == ["blank", "blank"]
    # Bob passed before, but a card was played: he is asked again.
    assert (g.state.phase, g.state.actor) == ("power-window", 1)
    g.do("play gust-of-wind")
    assert g.state.dice == ["birds", "fog"]
    assert g.state.discard == [AR, GW]
    assert (g.state.phase, g.state.actor) == ("payment", 0)
    assert "stay" not in g.kinds() and "leave" not in g.kinds()
    assert [e.kind for e in g.events if e.kind in ("reroll-choice", "reroll", "gust-of-wind")] \
        == ["reroll-choice", "reroll", "gust-of-wind", "reroll"]
    assert g.state.legal_actions()[0] == "pay compass+foghorn"


def test_s3_3_nobody_with_a_playable_card_means_no_window(game, hand) -> None:
    """§3.3: a player with nothing playable passes automatically; without Power cards the
    captain faces the dice straight away."""
    g = game(3, hands=[hand([], 8, C), hand([EJ], 8, L), hand([], 8, F)],
             rolls=[["fog", "fog"]])
    g.do("stay", "leave")  # Cy leaves: Bob's Ejection has no target (§4.1)
    assert (g.state.phase, g.state.actor) == ("payment", 0)


def test_s4_1_ejection_targets_a_passenger_never_the_captain(game, hand) -> None:
    """§4.1: a player aboard forces another passenger (never the captain, never himself)
    off; the ejected passenger draws the top treasure of the current city."""
    g = game(4, hands=[hand([], 6, C), hand([], 6, L), hand([EJ], 6, F), hand([], 6, L)],
             rolls=[["blank", "blank"]], piles={1: [4, 2]})
    g.do("stay", "stay", "stay")
    assert (g.state.phase, g.state.actor) == ("power-window", 2)
    assert g.state.legal_actions() == ["pass", "play ejection 1", "play ejection 3"]
    for target, text in ((0, "never targets the captain"), (2, "never yourself")):
        with pytest.raises(IllegalAction, match=text) as err:
            g.state.apply(f"play ejection {target}")
        assert err.value.rule == "4.1"
    g.do("play ejection 3")
    assert g.state.aboard == [True, True, True, False]
    assert g.state.treasures[3] == [data.Treasure(1, 4)]
    assert g.state.left_with[3] == data.Treasure(1, 4)
    assert g.state.discard == [EJ]
    assert g.last("ejection").params == {"player": "Cy", "card": EJ, "target": "Dee"}


def test_s4_1_the_captain_may_eject_and_a_player_off_the_airship_may_not(game, hand) -> None:
    g = game(3, hands=[hand([EJ], 8, C), hand([EJ, GW], 8, L), hand([], 8, F)],
             rolls=[["blank", "fog"]])
    g.do("leave", "stay")  # Bob leaves; he still holds Ejection and Gust of Wind
    assert (g.state.actor, g.state.legal_actions()) == (1, ["pass", "play gust-of-wind"])
    with pytest.raises(IllegalAction, match="Only a player aboard") as err:
        g.state.apply("play ejection 2")
    assert err.value.rule == "4.1"
    g.do("pass")
    assert (g.state.actor, g.state.legal_actions()) == (0, ["pass", "play ejection 2"])


def test_s4_1_ejection_at_an_empty_pile_gives_nothing(game, hand) -> None:
    """§4.1: the ejected passenger draws nothing when the current city's pile is empty."""
    g = game(6, hands=[hand([], 6, C)] * 3 + [hand([EJ], 6, L)] + [hand([], 6, L)] * 2,
             rolls=blanks(2, 4, 6, 9, 12, 15, 20) + blanks(2, 4, 6, 9, 12, 15, 20))
    g.auto(lambda s: s.voyage == 2, leave_at=dict.fromkeys(range(6), 15), lone="take")
    g.auto(lambda s: s.city == 15 and s.phase == "passengers")
    g.do("leave")  # Cy takes the last treasure of city 15
    assert (g.state.phase, g.state.actor) == ("power-window", 3)
    before = [list(t) for t in g.state.treasures]
    g.do("play ejection 4")
    assert g.state.aboard[4] is False
    assert [list(t) for t in g.state.treasures] == before
    assert g.state.left_with[4] is None


def test_s4_3_alternative_route_any_nonempty_set_of_dice(game, hand) -> None:
    """§4.3: played by a passenger aboard; the captain chooses which dice to reroll (at
    least one)."""
    g = game(3, hands=[hand([], 8, C), hand([AR], 8, L), hand([], 8, F)],
             rolls=[*blanks(2, 4, 6), ["fog", "birds", "pirates"], ["blank", "blank"]])
    g.auto(lambda s: s.city == 6 and s.phase == "passengers")
    g.do("stay", "stay")
    assert g.state.captain == 0 and g.state.actor == 1
    g.do("play alternative-route")
    assert (g.state.actor, len(g.state.legal_actions())) == (0, 7)
    for bad in ("reroll", "reroll 4", "reroll 1+1", "reroll 3+1", "pass"):
        with pytest.raises(IllegalAction) as err:
            g.state.apply(bad)
        assert err.value.rule == "4.3"
    g.do("reroll 1+3")
    assert g.state.dice == ["blank", "birds", "blank"]


def test_s4_3_off_the_airship_no_alternative_route(game, hand) -> None:
    g = game(3, hands=[hand([], 8, C), hand([AR, GW], 8, L), hand([], 8, F)],
             rolls=[["blank", "fog"]])
    g.do("leave", "stay")
    assert g.state.legal_actions() == ["pass", "play gust-of-wind"]
    with pytest.raises(IllegalAction, match="Only a player aboard") as err:
        g.state.apply("play alternative-route")
    assert err.value.rule == "4.3"


def test_s4_4_gust_of_wind_by_a_player_already_off_the_airship(game, hand) -> None:
    """§4.4: anyone may play it, aboard or not; the captain rerolls every blank die."""
    g = game(4, hands=[hand([], 6, C), hand([GW], 6, L), hand([], 6, F), hand([], 6, L)],
             rolls=[["blank", "fog"], ["pirates"]], piles={1: [2]})
    g.do("leave", "stay", "stay")
    assert g.state.aboard[1] is False and g.state.actor == 1
    g.do("play gust-of-wind")
    assert g.state.dice == ["pirates", "fog"]
    assert g.state.phase == "payment"


def test_s4_4_gust_of_wind_needs_a_blank_die(game, hand) -> None:
    """§4.4 (engine decision): with no blank die Gust of Wind is not playable."""
    g = game(3, hands=[hand([], 8, C), hand([GW, AR], 8, L), hand([], 8, F)],
             rolls=[["fog", "fog"]])
    g.do("stay", "stay")
    assert g.state.legal_actions() == ["pass", "play alternative-route"]
    with pytest.raises(IllegalAction, match="blank") as err:
        g.state.apply("play gust-of-wind")
    assert err.value.rule == "4.4"


def test_s4_no_limit_on_cards_played(game, hand) -> None:
    """§4: each card is discarded when played, and a player may play several."""
    g = game(3, hands=[hand([AR, AR], 8, C), hand([], 8, L), hand([], 8, F)],
             rolls=[["fog", "fog"], ["birds"], ["pirates"]])
    g.do("stay", "stay", "play alternative-route", "reroll 1")
    assert (g.state.actor, g.state.legal_actions()) == (0, ["pass", "play alternative-route"])
    g.do("play alternative-route", "reroll 2")
    assert g.state.dice == ["birds", "pirates"] and g.state.discard == [AR, AR]
    assert g.state.hands[0][AR] == 0 and g.state.phase == "payment"
