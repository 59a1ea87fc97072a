"""RULES.md §4.6 (Grappling Hook), §5 (end and scoring) and §6 (beginner variant)."""

from __future__ import annotations

import pytest

from tutor.engine import IllegalAction, data

C, L, F, K = "compass", "lightning-rod", "foghorn", "cannon"
GH, GW = "grappling-hook", "gust-of-wind"


def blanks(*cities: int) -> list[list[str]]:
    return [["blank"] * data.DICE_TO_REACH[c] for c in cities]


ALL_THE_WAY = blanks(2, 4, 6, 9, 12, 15, 20, 25)


def test_s4_6_grappling_hook_climbs_back_and_returns_the_treasure(game, hand) -> None:
    """§4.6: after the captain has paid and before the airship moves, a player who left
    with a treasure in this voyage may climb back aboard; the treasure goes to the bottom
    of its city's pile."""
    g = game(3, grappling_hook=True, hands=[hand([], 8, C), hand([GH], 8, L), hand([], 8, F)],
             rolls=[["fog", "blank"]], piles={1: [4, 2]})
    g.do("leave", "stay")
    assert g.state.legal_actions() == ["pay compass"]
    g.do("pay compass")
    s = g.state
    assert (s.phase, s.actor, s.legal_actions()) == ("grappling-hook", 1,
                                                     ["play grappling-hook", "pass"])
    assert s.observation(2)["actor"] is None
    g.do("play grappling-hook")
    assert s.treasures[1] == [] and s.piles[1][0] == data.Treasure(1, 4)
    assert s.piles[1][-1] == data.Treasure(1, 2)
    assert s.aboard == [True, True, True]
    assert s.discard == [C, GH]
    assert (s.city, s.captain) == (2, 1)  # Bob is aboard again: the captaincy passes to him
    assert g.last("grappling-hook").params["city"] == 1


def test_s4_6_no_hook_after_a_crash_and_not_in_the_power_window(game, hand) -> None:
    g = game(3, grappling_hook=True,
             hands=[hand([], 8, L), hand([GH, GW], 8, L), hand([], 8, F)],
             rolls=[["fog", "blank"]], piles={1: [4]})
    g.do("leave", "stay")
    assert g.state.legal_actions() == ["pass", "play gust-of-wind"]
    with pytest.raises(IllegalAction, match="after the captain has paid") as err:
        g.state.apply("play grappling-hook")
    assert err.value.rule == "4.6"
    g.do("pass")
    assert g.state.legal_actions() == ["crash"]
    g.do("crash")
    assert "grappling-hook" not in g.kinds() and g.state.voyage == 2
    assert g.state.hands[1][GH] == 1


def test_s4_6_a_city_that_left_the_route_comes_back(game, hand) -> None:
    """§4.6 ruling: the returned treasure brings its emptied city back onto the route; the
    hook may also follow a roll without hazard (nothing to pay)."""
    g = game(6, grappling_hook=True,
             hands=[hand([], 6, C)] * 2 + [hand([GH], 6, C)] + [hand([], 6, L)] * 3,
             rolls=blanks(2, 4, 6, 9, 12, 15, 20) + ALL_THE_WAY + blanks(2, 4, 6, 9, 12, 15))
    g.auto(lambda s: s.voyage == 2, leave_at=dict.fromkeys(range(6), 15), lone="take")
    g.auto(lambda s: s.city == 15 and s.phase == "passengers", leave_at={})
    g.do("leave")  # Cy takes the last treasure of city 15: it leaves the route
    assert 15 not in g.state.route()
    g.auto(lambda s: s.phase == "grappling-hook")
    assert g.state.actor == 2 and "no-hazard" in g.kinds()
    g.do("play grappling-hook")
    assert 15 in g.state.route() and g.state.piles[15] == [data.Treasure(15, 15)]
    g.auto(lambda s: s.voyage == 3)
    g.auto(lambda s: s.city == 12 and s.phase == "passengers")
    assert g.state.dest == 15 and len(g.state.dice) == 3


def test_s5_tie_shares_the_victory(game, hand) -> None:
    """§5.1, §5.3: 50 points end the game when the voyage ends; tied players share it."""
    g = game(2, hands=[hand([], 8, C), hand([], 8, L)], rolls=ALL_THE_WAY * 2)
    g.auto(lambda s: False)
    s = g.state
    assert s.is_terminal() and s.voyage == 2 and s.end_reason == "points"
    assert s.scores() == [50, 50] and s.winners == (0, 1)
    over = g.last("game-over")
    assert over.params["winners"] == ("Ann", "Bob") and over.params["points"] == 50
    assert s.legal_actions() == [] and s.observation(0)["scores"] == [50, 50]


def test_s5_1_end_is_checked_only_between_voyages(game, hand) -> None:
    """§5.1: a player who passes 50 points in the middle of a voyage does not stop it; the
    others play on to its end, then the game ends."""
    g = game(3, hands=[hand([], 8, C), hand([], 8, L), hand([], 8, F)],
             rolls=[*ALL_THE_WAY, *blanks(2, 4, 6, 9, 12, 15, 20), ["pirates"] * 4,
                    *ALL_THE_WAY])
    g.auto(lambda s: s.voyage == 2)
    assert [s for s in g.state.scores()] == [25, 25, 25]
    g.auto(lambda s: s.voyage == 3, leave_at={1: 20}, pay="crash")
    assert g.state.scores() == [25, 45, 25]
    g.auto(lambda s: s.points(1) >= 50, leave_at={1: 9})
    s = g.state
    assert s.points(1) == 54 and not s.is_terminal()
    assert (s.voyage, s.city, s.aboard) == (3, 12, [True, False, True])  # flying on
    g.events.clear()
    g.auto(lambda s: False)
    assert s.is_terminal() and s.voyage == 3
    assert g.kinds().index("last-city") < g.kinds().index("game-over")
    assert s.scores() == [50, 54, 50] and s.winners == (1,)


def test_s5_2_spyglass_scores_but_does_not_count_towards_50(game, hand) -> None:
    """§5.1–§5.2: an unused Spyglass counts 0 towards the 50 and scores 2 points (option
    spyglass_points; 0 for groups who play so)."""
    for points in (2, 0):
        g = game(3, spyglass_points=points,
                 hands=[hand([], 8, C), hand([], 8, L), hand([], 8, F)],
                 rolls=ALL_THE_WAY * 2, piles={1: [1]})
        g.auto(lambda s: s.voyage == 2, leave_at={2: 1})
        g.auto(lambda s: False, leave_at={2: 2})
        s = g.state
        assert s.treasures[2] == [data.Treasure(1, 1), data.Treasure(2, 0)]
        assert (s.points(2), s.spyglasses(2), s.score(2)) == (1, 1, 1 + points)
        assert s.scores()[:2] == [50, 50] and s.winners == (0, 1)


def test_s6_beginner_ends_with_five_different_cities(game, hand) -> None:
    """§6: in the beginner variant the game ends, when a voyage ends, as soon as a player
    holds treasures from five different cities; scores are counted as usual."""
    g = game(2, variant="beginner", hands=[hand([], 8, C), hand([], 8, L)],
             rolls=[*blanks(2), *blanks(2, 4, 6) * 2, *blanks(2, 4, 6, 9, 12, 15),
                    *blanks(2, 4)])
    assert "spyglass" not in [str(t) for p in g.state.piles.values() for t in p]
    for voyage, leave in ((2, {1: 1}), (3, {0: 4}), (4, {1: 4}), (5, {1: 12})):
        g.auto(lambda s, v=voyage: s.voyage == v, leave_at=leave, lone="take")
    assert [g.state.cities_held(p) for p in (0, 1)] == [4, 4]
    g.auto(lambda s: s.cities_held(1) == 5, leave_at={1: 2}, lone="take")
    assert not g.state.is_terminal() and g.state.phase == "lone-captain"
    g.auto(lambda s: False, lone="take")
    s = g.state
    assert s.is_terminal() and s.end_reason == "cities" and s.voyage == 5
    assert sorted({t.city for t in s.treasures[1]}) == [1, 2, 4, 6, 12]
    assert s.cities_held(0) == 4
    assert s.scores() == [31, 25] and s.winners == (0,)
    assert max(s.points(p) for p in (0, 1)) < data.END_SCORE
    assert g.last("game-over").params["cities"] == 5


def test_s3_9_route_end_cannot_come_before_50_points() -> None:
    """§3.9 says the game ends when fewer than two cities remain. The engine checks it at
    each new voyage, but it cannot happen first: emptying eight piles hands out more
    points than six players can hold while all stay below 50 (no treasure leaves the game
    except Spyglasses, worth 0)."""
    values = sorted(sum(t.value for t in data.pile_composition(c)) for c in data.CITY_VALUES)
    cheapest_eight = sum(values[:8])
    assert cheapest_eight > data.MAX_PLAYERS * (data.END_SCORE - 1)


def test_s5_4_observation_shows_own_cards_and_others_counts(game, hand) -> None:
    """§5.4: treasures and hands are hidden; only their numbers are public."""
    g = game(3, hands=[hand([GW], 8, C), hand([], 8, L), hand([], 8, F)],
             rolls=[["blank", "blank"]], piles={1: [4, 2]})
    g.do("leave", "stay")  # Bob takes a 4; Ann (captain) may play Gust of Wind
    s = g.state
    mine = s.observation(1)
    assert mine["treasures"] == [(1, 4)] and mine["hand"] == {L: 8}
    assert mine["hand_sizes"] == [8, 8, 8] and mine["treasure_counts"] == [0, 1, 0]
    assert mine["actor"] is None and mine["legal_actions"] == []
    other = s.observation(2)
    assert other["treasures"] == [] and other["hand"] == {F: 8}
    assert "4" not in str({k: v for k, v in other.items() if k not in ("route", "pile_sizes")})
    assert s.observation(0)["actor"] == 0
    assert s.observation(0)["legal_actions"] == ["pass", "play gust-of-wind"]
    assert "draw" not in other and other["draw_pile_size"] == len(s.draw)
