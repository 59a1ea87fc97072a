"""Illegal actions cite their RULES.md section; chance scripts fail with clear errors."""

from __future__ import annotations

import pytest

from tutor.engine import (
    CHANCE,
    ChanceError,
    IllegalAction,
    Options,
    ScriptedChance,
    SeededChance,
    State,
    data,
)

C, L, F, K = "compass", "lightning-rod", "foghorn", "cannon"
JP, GW, GH = "jetpack", "gust-of-wind", "grappling-hook"


def test_only_the_deciding_player_may_act(game, hand) -> None:
    g = game(3, hands=[hand([], 8, C), hand([], 8, L), hand([], 8, F)], rolls=[["fog", "fog"]])
    assert g.state.actor == 1
    for other in (0, 2):
        assert g.state.legal_actions(other) == []
        with pytest.raises(IllegalAction, match="Bob must decide") as err:
            g.state.apply("stay", player=other)
        assert err.value.rule == "3.2"
    with pytest.raises(IllegalAction, match="must decide"):
        g.state.apply("stay", player=CHANCE)


def test_no_move_after_the_game_is_over(game, hand) -> None:
    g = game(2, hands=[hand([], 8, C), hand([], 8, L)],
             rolls=[["blank"] * data.DICE_TO_REACH[c] for c in data.CITY_VALUES[1:]] * 2)
    g.auto(lambda s: False)
    with pytest.raises(IllegalAction, match="game is over") as err:
        g.state.apply("stay")
    assert err.value.rule == "5"
    with pytest.raises(ChanceError, match="nothing to decide"):
        SeededChance(1).outcome(g.state)


@pytest.mark.parametrize(("action", "rule", "text"), [
    ("play jetpack", "4.2", "after the captain announces a crash"),
    ("play spyglass", "4.5", "after the captain announces a crash"),
    ("play grappling-hook", "4.6", "after the captain has paid"),
    ("play ejection 1", "4", "holds no card of this kind: ejection"),
    ("play compass", "3.3", "not a possible move"),
    ("play gust-of-wind now", "3.3", "not a possible move"),
    ("pay compass", "3.3", "not a possible move"),
    ("crash", "3.3", "not a possible move"),
    (" pass", "3.3", "not a possible move"),
])
def test_power_window_errors_cite_the_rule(game, hand, action: str, rule: str,
                                           text: str) -> None:
    g = game(3, grappling_hook=True, hands=[hand([], 8, C), hand([], 8, L), hand([GW], 8, F)],
             rolls=[["fog", "blank"]])
    g.do("stay", "stay")
    assert g.state.phase == "power-window" and g.state.actor == 2
    before = g.state.clone()
    with pytest.raises(IllegalAction, match=text) as err:
        g.state.apply(action)
    assert (err.value.rule, err.value.action) == (rule, action)
    assert err.value.msgid and "action" in err.value.params
    assert g.state.history == before.history and g.state.hands == before.hands


def test_a_move_must_be_text(game, hand) -> None:
    g = game(3, hands=[hand([], 8, C), hand([], 8, L), hand([], 8, F)], rolls=[["fog", "fog"]])
    with pytest.raises(IllegalAction, match="written as text"):
        g.state.apply(None)  # type: ignore[arg-type]


def test_lone_captain_errors(game, hand) -> None:
    g = game(3, hands=[hand([], 8, C), hand([], 8, L), hand([], 8, F)],
             rolls=[["blank", "blank"]])
    g.do("leave", "leave")
    with pytest.raises(IllegalAction, match="take, roll") as err:
        g.state.apply("stay")
    assert err.value.rule == "3.0"


def test_script_that_runs_out_of_rolls() -> None:
    state = State(Options(players=2))
    chance = ScriptedChance([["pirates", "pirates"]])  # nobody holds a cannon or a Turbo
    while state.actor == CHANCE:
        state.apply(chance.outcome(state))
    assert state.phase == "passengers"
    state.apply("stay")
    state.apply("crash")
    assert (state.voyage, state.chance_request.kind) == (2, "roll")
    with pytest.raises(ChanceError, match=r"no more dice rolls \(roll number 2"):
        chance.outcome(state)
    assert chance.exhausted()


def test_script_asks_impossible_outcomes() -> None:
    state = State(Options(players=3))
    for hands, text in (([["compass"] * 8] * 2, "3 hands of exactly 8"),
                        ([["compass"] * 7 + ["spyglass"], ["compass"] * 8, ["cannon"] * 8],
                         "cards it does not hold: spyglass"),
                        ([["jetpack"] * 8, ["compass"] * 8, ["compass"] * 8],
                         "jetpack")):
        with pytest.raises(ChanceError, match=text):
            ScriptedChance(hands=hands).outcome(state)
    state.apply(ScriptedChance().outcome(state))
    with pytest.raises(ChanceError, match="city 1 holds cards that pile does not have: 25"):
        ScriptedChance(piles={1: [25]}).outcome(state)
    with pytest.raises(ChanceError, match="does not have"):
        ScriptedChance(piles={1: ["spyglass", "spyglass"]}).outcome(state)
    chance = ScriptedChance(rolls=[["fog"], ["fog", "smoke"], ["fog", "blank"]])
    while state.actor == CHANCE and state.chance_request.kind == "pile":
        state.apply(chance.outcome(state))
    with pytest.raises(ChanceError,
                       match=r"roll number 1 \(fog\) has the wrong number of dice: 2 dice"):
        chance.outcome(state)
    chance.rolls_used = 1
    with pytest.raises(ChanceError, match='"smoke" is not a die face'):
        chance.outcome(state)
    with pytest.raises(ChanceError, match="not a roll of 2 dice"):
        state.apply("roll fog")
    with pytest.raises(ChanceError, match="not a roll of 2 dice"):
        state.apply("roll fog smoke")
    with pytest.raises(ChanceError, match='must decide "roll" now'):
        state.apply("shuffle compass")


def test_script_without_reshuffle(game) -> None:
    state = State(Options(players=2))
    chance = ScriptedChance(shuffles=[["compass", "turbo"]])
    state.discard = ["compass"]
    state.chance_request = state.chance_request._replace(kind="shuffle", cards=("compass",))
    with pytest.raises(ChanceError, match="reshuffle number 1 must order exactly the cards of the "
                       "discard pile: compass"):
        chance.outcome(state)
    with pytest.raises(ChanceError, match="no more reshuffles"):
        ScriptedChance().outcome(state)


def test_scripted_reshuffle_and_misplaced_hook(game, hand) -> None:
    state = State(Options(players=2))
    state.discard = ["turbo", "compass"]
    state.chance_request = state.chance_request._replace(kind="shuffle",
                                                         cards=("compass", "turbo"))
    chance = ScriptedChance(shuffles=[["turbo", "compass"]])
    assert chance.outcome(state) == "shuffle turbo compass" and chance.exhausted()
    g = game(3, grappling_hook=True, hands=[hand([], 8, C), hand([GH], 8, L), hand([], 8, F)],
             rolls=[["fog", "fog"]])
    with pytest.raises(IllegalAction, match="after the captain has paid") as err:
        g.state.apply("play grappling-hook")
    assert err.value.rule == "4.6"
    with pytest.raises(IllegalAction, match="in the power window, once every passenger") as err:
        g.state.apply("play gust-of-wind")
    assert err.value.rule == "3.3"
