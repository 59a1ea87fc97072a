"""RULES.md §3.4 (the captain faces the dice), §3.5 (crash), §4.2 Jetpack, §4.5 Spyglass."""

from __future__ import annotations

import pytest

from tutor.engine import IllegalAction, data

C, L, F, K, T, JP = "compass", "lightning-rod", "foghorn", "cannon", "turbo", "jetpack"


def pay_game(game, hand, captain: list[str], roll: list[str]):
    g = game(3, hands=[hand(captain, 8, L), hand([], 8, F), hand([], 8, K)], rolls=[roll])
    g.do("stay", "stay")
    assert g.state.phase == "payment" and g.state.actor == 0
    return g


def test_s3_4_captain_whose_equipment_covers_must_pay(game, hand) -> None:
    """§3.4: Equipment alone covers every hazard → he must pay; no crash."""
    g = pay_game(game, hand, [C], ["fog", "blank"])
    assert g.state.legal_actions() == ["pay compass"]
    with pytest.raises(IllegalAction, match="must pay") as err:
        g.state.apply("crash")
    assert err.value.rule == "3.4"
    g.do("pay compass")
    assert g.state.hands[0][C] == 0 and g.state.discard == [C]
    assert g.state.city == 2 and g.last("pay").params["payment"] == {C: 1}


def test_s3_4_turbo_is_never_forced_but_always_allowed(game, hand) -> None:
    """§3.4: with only a Turbo he chooses to pay or to crash; with Equipment he may still
    pay with a Turbo (any covering payment is legal)."""
    g = pay_game(game, hand, [T], ["fog", "blank"])
    assert g.state.legal_actions() == ["pay turbo", "crash"]
    g.do("crash")
    assert "crash-announced" in g.kinds() and "crash" in g.kinds()
    assert g.state.hands[0][T] == 1 and g.state.voyage == 2
    g = pay_game(game, hand, [C, T], ["fog", "blank"])
    assert g.state.legal_actions() == ["pay compass", "pay turbo"]
    g.do("pay turbo")
    assert (g.state.hands[0][C], g.state.hands[0][T], g.state.city) == (1, 0, 2)


def test_s3_4_two_identical_hazards_need_two_cards(game, hand) -> None:
    g = pay_game(game, hand, [C], ["fog", "fog"])
    assert g.state.legal_actions() == ["crash"]
    with pytest.raises(IllegalAction, match="number of Turbo cards must be 1") as err:
        g.state.apply("pay compass")
    assert err.value.rule == "3.4"
    g = pay_game(game, hand, [C, C, T], ["fog", "fog"])
    assert g.state.legal_actions() == ["pay compass+compass", "pay compass+turbo"]


def test_s3_4_mixed_hazards_every_covering_payment(game, hand) -> None:
    g = pay_game(game, hand, [C, F, T], ["fog", "birds"])
    assert g.state.legal_actions() == ["pay compass+foghorn", "pay compass+turbo",
                                       "pay foghorn+turbo"]


def test_s3_4_blanks_need_nothing(game, hand) -> None:
    g = game(3, hands=[hand([], 8, L), hand([], 8, F), hand([], 8, K)],
             rolls=[["blank", "blank"]])
    g.do("stay", "stay")
    assert "no-hazard" in g.kinds() and "pay" not in g.kinds()
    assert g.state.city == 2 and g.state.discard == []


@pytest.mark.parametrize(("action", "reason"), [
    ("pay cannon", "No die shows the hazard"),
    ("pay compass+compass", "Too many cards of this kind: compass"),
    ("pay jetpack", "not an Equipment card"),
    ("pay foghorn+compass", "usual order"),
    ("pay turbo+compass+foghorn", "must be 0"),
    ("pay compass+turbo+turbo", "must be 1"),
    ("pay lightning-rod+foghorn", "No die shows"),
    ("pay", "not a possible move"),
    ("leave", "not a possible move"),
])
def test_s3_4_bad_payments_cite_the_rule(game, hand, action: str, reason: str) -> None:
    g = pay_game(game, hand, [C, F, T], ["fog", "birds"])
    with pytest.raises(IllegalAction, match=reason) as err:
        g.state.apply(action)
    assert err.value.rule == "3.4" and err.value.action == action
    assert g.state.hands[0][C] == 1 and g.state.phase == "payment"


def test_s3_4_not_enough_cards(game, hand) -> None:
    g = pay_game(game, hand, [T], ["fog", "blank"])
    with pytest.raises(IllegalAction, match="does not hold enough cards of this kind: compass"):
        g.state.apply("pay compass")


def spyglass_game(game, hand, seat1: list[str], seat2: list[str], captain: list[str] = (),
                  rolls: tuple = ()):
    """Voyage 1: Bob leaves at city 1 with the Spyglass of city 1, Cy crashes at city 2.
    Voyage 2 starts with Ann as captain; Bob holds the Spyglass."""
    g = game(3, hands=[hand(list(captain), 8, L), hand(seat1, 8, F), hand(seat2, 8, C)],
             rolls=[["blank", "blank"], ["pirates", "pirates"], *rolls],
             piles={1: ["spyglass", 4, 2]}, draw=[L, L, L])
    g.do("leave", "stay", "stay", "crash")
    g.auto(lambda s: s.voyage == 2)  # Cy may hold a Jetpack: he keeps it
    s = g.state
    assert (s.voyage, s.captain, s.spyglasses(1)) == (2, 0, 1)
    return g


def test_s3_5_spyglass_before_jetpack(game, hand) -> None:
    """§3.5, §4.5: after a crash is announced, a Spyglass first: every die counts as blank,
    the airship goes on, nobody pays, the Spyglass leaves the game; no Jetpack is asked."""
    g = spyglass_game(game, hand, [], [JP], rolls=[["pirates", "fog"]])
    g.do("stay", "stay", "crash")
    s = g.state
    assert (s.phase, s.actor) == ("spyglass", 1)
    assert s.legal_actions() == ["play spyglass", "pass"]
    assert s.observation(2)["actor"] is None and s.observation(1)["actor"] == 1
    g.events.clear()
    g.do("play spyglass")
    assert s.spent == [data.Treasure(1, 0)] and s.spyglasses(1) == 0
    assert "jetpack" not in g.kinds() and "crash" not in g.kinds()
    assert s.city == 2 and s.voyage == 2 and s.discard == []
    assert s.hands[2][JP] == 1


def test_s3_5_no_spyglass_then_jetpacks_in_order_then_crash(game, hand) -> None:
    """§3.5, §4.2: otherwise each player aboard may play a Jetpack in the order of §3.3
    (captain last); he leaves with the top treasure of the current city; the others get
    nothing and the voyage ends."""
    g = spyglass_game(game, hand, [], [JP], captain=[JP], rolls=[["pirates", "fog"]])
    g.do("stay", "stay", "crash")
    s = g.state
    assert (s.phase, s.actor) == ("spyglass", 1)
    g.do("pass")  # Bob keeps his Spyglass
    assert (s.phase, s.actor) == ("jetpack", 2)
    g.do("play jetpack")
    assert s.treasures[2] == [data.Treasure(1, 4)]
    assert (s.actor, s.legal_actions()) == (0, ["play jetpack", "pass"])
    g.do("play jetpack")  # the captain saves himself too
    assert s.treasures[0] == [data.Treasure(1, 2)]
    assert s.voyage == 3 and s.crashes == 2
    assert [len(t) for t in s.treasures] == [1, 1, 1]
    assert s.discard == [JP, JP]


def test_s4_5_spyglass_only_for_players_aboard_in_order(game, hand) -> None:
    """§3.5: the Spyglass round follows §3.3's order and asks only players aboard."""
    g = spyglass_game(game, hand, [], [], rolls=[["pirates", "fog"]])
    g.do("leave", "stay", "crash")  # Bob leaves: his Spyglass cannot save the airship
    assert "spyglass" not in g.kinds() and g.state.voyage == 3
    assert g.state.spyglasses(1) == 1
