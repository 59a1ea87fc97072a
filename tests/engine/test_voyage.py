"""RULES.md §3.0–§3.2 and §3.6–§3.9: steps, passengers, moving on, voyages, empty piles."""

from __future__ import annotations

import pytest

from tutor.engine import CHANCE, IllegalAction, data

C, L, F = "compass", "lightning-rod", "foghorn"


def blanks(*cities: int) -> list[list[str]]:
    """Blank rolls for flights to ``cities`` (no hazard: the airship just flies on)."""
    return [["blank"] * data.DICE_TO_REACH[c] for c in cities]


ALL_THE_WAY = blanks(2, 4, 6, 9, 12, 15, 20, 25)


def test_s3_1_dice_count_is_the_destinations(game, hand) -> None:
    """§3.1: 2 dice to cities 2, 4, 6; 3 to 9, 12, 15; 4 to 20, 25."""
    g = game(3, hands=[hand([], 8, C), hand([], 8, L), hand([], 8, F)], rolls=ALL_THE_WAY)
    g.auto(lambda s: s.voyage == 2)
    steps = [(e.params["dest"], e.params["dice"]) for e in g.events if e.kind == "step"]
    assert steps[:8] == [(c, data.DICE_TO_REACH[c]) for c in data.CITY_VALUES[1:]]
    rolls = [len(e.params["faces"]) for e in g.events if e.kind == "roll"]
    assert rolls == [2, 2, 2, 3, 3, 3, 4, 4]


def test_s3_2_passengers_decide_from_the_captains_left(game, hand) -> None:
    """§3.2: each passenger in turn from the captain's left, clockwise; answers are public;
    the captain is never asked."""
    g = game(4, first_captain=1, hands=[hand([], 6, C)] * 2 + [hand([], 6, L)] * 2,
             rolls=blanks(2))
    asked = []
    while g.state.phase == "passengers":
        asked.append(g.state.actor)
        g.do("stay")
    assert asked == [2, 3, 0]
    stays = [e for e in g.events if e.kind == "stay"]
    assert [e.params["player"] for e in stays] == ["Cy", "Dee", "Ann"]
    assert all(e.to is None for e in stays)


def test_s3_2_leaving_draws_the_top_treasure_and_ends_the_voyage(game, hand) -> None:
    """§3.2: a player who leaves draws the top treasure of the city where the airship is;
    he is not asked again and gets nothing at the last city."""
    g = game(3, hands=[hand([], 8, C), hand([], 8, L), hand([], 8, F)],
             rolls=ALL_THE_WAY, piles={1: [4, 1]})
    g.do("leave")  # Bob, at the captain's left
    assert g.state.treasures[1] == [data.Treasure(1, 4)]
    assert g.state.piles[1][-1] == data.Treasure(1, 1)
    assert g.state.aboard == [True, False, True]
    private = g.last("treasure-private")
    assert private.to == 1 and private.params["value"] == 4
    assert g.last("treasure").to is None and "value" not in g.last("treasure").params
    g.do("stay")
    askers = []
    while g.state.voyage == 1:
        if g.state.phase == "passengers":
            askers.append(g.state.actor)
        g.do("stay")
    assert 1 not in askers
    assert g.state.treasures[1] == [data.Treasure(1, 4)]
    assert [t.city for t in g.state.treasures[0] + g.state.treasures[2]] == [25, 25]


def test_s3_2_the_captain_may_not_leave(game, hand) -> None:
    g = game(3, hands=[hand([], 8, C), hand([], 8, L), hand([], 8, F)], rolls=blanks(2))
    with pytest.raises(IllegalAction) as err:
        g.state.apply("leave", player=0)
    assert err.value.rule == "3.2"
    assert g.state.legal_actions(0) == []


def test_s3_2_nobody_leaves_at_an_empty_pile_also_when_it_runs_out_midway(game, hand) -> None:
    """§3.2 ruling: at a city whose pile is empty, staying is the only choice; when the
    pile runs out part-way, the remaining passengers stay without being asked."""
    g = game(6, hands=[hand([], 6, C)] * 3 + [hand([], 6, L)] * 3,
             rolls=blanks(2, 4, 6, 9, 12, 15, 20) + ALL_THE_WAY)
    g.auto(lambda s: s.voyage == 2, leave_at=dict.fromkeys(range(6), 15), lone="take")
    assert len(g.state.piles[15]) == 1
    g.auto(lambda s: s.city == 15 and s.phase == "passengers")
    assert (g.state.captain, g.state.actor) == (1, 2)
    g.events.clear()
    g.do("leave")  # Cy takes the last treasure of city 15
    assert g.state.piles[15] == []
    assert g.kinds()[:4] == ["leave", "treasure", "treasure-private", "must-stay"]
    assert g.state.aboard == [True, True, False, True, True, True]
    assert g.state.city == 20  # nobody else was asked: the airship flew on


def test_s3_0_lone_captain_may_take_the_top_treasure(game, hand) -> None:
    """§3.0: alone aboard at the start of a step, the captain may take the top treasure
    instead of rolling; his voyage and the voyage end."""
    g = game(3, hands=[hand([], 8, C), hand([], 8, L), hand([], 8, F)],
             rolls=blanks(2), piles={1: [2, 4], 2: [6]})
    g.do("leave", "leave")
    assert [t.value for t in g.state.treasures[1] + g.state.treasures[2]] == [2, 4]
    assert (g.state.city, g.state.phase, g.state.actor) == (2, "lone-captain", 0)
    assert g.state.legal_actions() == ["take", "roll"]
    g.do("take")
    assert g.state.treasures[0] == [data.Treasure(2, 6)]
    assert "lone-take" in g.kinds()
    assert (g.state.voyage, g.state.captain, g.state.city) == (2, 1, 1)


def test_s3_0_lone_captain_may_roll_instead(game, hand) -> None:
    g = game(3, hands=[hand([], 8, C), hand([], 8, L), hand([], 8, F)],
             rolls=blanks(2, 4))
    g.do("leave", "leave", "roll")
    assert "roll" in g.kinds() and g.state.voyage == 1
    assert (g.state.city, g.state.phase, g.state.captain) == (4, "lone-captain", 0)


def test_s3_6_captaincy_passes_to_the_next_player_still_aboard(game, hand) -> None:
    """§3.6: the captaincy passes to the left, skipping players who left; a lone captain
    stays captain."""
    g = game(4, hands=[hand([], 6, C)] * 2 + [hand([], 6, L)] * 2, rolls=blanks(2, 4, 6))
    g.do("leave", "stay", "stay")  # Bob (seat 1) leaves at city 1
    assert (g.state.city, g.state.captain) == (2, 2)
    assert g.state.passengers() == [3, 0]
    g.do("leave", "leave")
    assert (g.state.city, g.state.captain, g.state.phase) == (4, 2, "lone-captain")


def test_s3_7_last_city_captain_first_and_runs_out_midway(game, hand) -> None:
    """§3.7: at the last city each player aboard draws one treasure, the captain first and
    then clockwise, while any remain; an emptied last city leaves the route (§3.9)."""
    g = game(4, hands=[hand([], 6, C)] * 2 + [hand([], 6, L)] * 2,
             rolls=ALL_THE_WAY * 2 + blanks(2))
    g.auto(lambda s: s.voyage == 2)
    drawers = [e.params["player"] for e in g.events if e.kind == "treasure"]
    assert drawers == ["Dee", "Ann", "Bob", "Cy"]  # Dee was captain on the last step
    assert len(g.state.piles[25]) == 2
    g.events.clear()
    g.auto(lambda s: s.voyage == 3)
    drawers = [e.params["player"] for e in g.events if e.kind == "treasure"]
    assert drawers == ["Dee", "Ann"]
    assert [len(t) for t in g.state.treasures] == [2, 1, 1, 2]
    assert g.state.piles[25] == [] and g.state.route()[-1] == 20


def test_s3_8_new_voyage_captain_draws_and_pawns(game, hand) -> None:
    """§3.8: the captain is the player left of the last captain of the previous voyage;
    every pawn goes back aboard at city 1; each player draws one card, the new captain
    first and then clockwise."""
    g = game(3, hands=[hand([], 8, C), hand([], 8, L), hand([], 8, F)],
             rolls=[*blanks(2), ["pirates", "pirates"]], draw=["turbo", "jetpack", "cannon"])
    g.do("stay", "stay")
    assert (g.state.city, g.state.captain) == (2, 1)
    g.do("leave", "stay")  # Cy leaves at city 2 and is off the airship when it crashes
    assert g.state.legal_actions() == ["crash"]
    g.events.clear()
    g.do("crash")
    assert (g.state.voyage, g.state.captain, g.state.last_captain) == (2, 2, 1)
    assert g.state.aboard == [True, True, True] and g.state.city == 1
    draws = [(e.to, e.params["card"]) for e in g.events if e.kind == "draw-private"]
    assert draws == [(2, "turbo"), (0, "jetpack"), (1, "cannon")]
    assert [e.params["player"] for e in g.events if e.kind == "draw"] == ["Cy", "Ann", "Bob"]
    assert g.state.hands[0]["jetpack"] == 1


def test_s3_9_emptied_city_leaves_the_route_and_changes_the_dice(game, hand) -> None:
    """§3.9: a city whose pile is empty leaves the route; the next step's dice are those
    of the next city still on the route (12 → 20: four dice instead of three)."""
    g = game(6, hands=[hand([], 6, C)] * 3 + [hand([], 6, L)] * 3,
             rolls=blanks(2, 4, 6, 9, 12, 15, 20) + ALL_THE_WAY + blanks(2, 4, 6, 9, 12, 20))
    g.auto(lambda s: s.voyage == 2, leave_at=dict.fromkeys(range(6), 15), lone="take")
    g.auto(lambda s: s.voyage == 3, leave_at={2: 15})
    assert 15 not in g.state.route()
    g.auto(lambda s: s.city == 12 and s.phase == "passengers")
    assert (g.state.dest, len(g.state.dice)) == (20, 4)
    step = g.last("step")
    assert step.params["dest"] == 20 and step.params["dice"] == 4


def test_s3_9_voyage_starts_at_the_first_city_still_on_the_route(game, hand) -> None:
    g = game(6, hands=[hand([], 6, C)] * 3 + [hand([], 6, L)] * 3,
             rolls=blanks(2) * 2 + ALL_THE_WAY)
    for voyage in (2, 3, 4):
        g.auto(lambda s, v=voyage: s.voyage == v, leave_at=dict.fromkeys(range(6), 1),
               lone="take")
    assert g.state.piles[1] == []
    assert g.state.city == 2 and g.last("voyage").params["city"] == 2
    assert g.state.dest == 4


# No cannon for seats 0–2, no foghorn for seats 3–5, and none in the draw pile: nobody can
# ever cover "birds pirates" with Equipment, so nobody is forced to pay (§3.4).
NO_COVER = [["foghorn"] * 6, ["foghorn"] * 6, ["foghorn"] * 4 + [C] * 2,
            ["cannon"] * 6, ["cannon"] * 6, ["cannon"] * 2 + [C] * 4]


def _crash_voyage(g) -> None:
    """Every passenger stays, every card is passed, and the captain crashes."""
    s = g.state
    voyage = s.voyage
    while s.voyage == voyage and not s.is_terminal():
        if s.actor == CHANCE:
            g.events += s.apply("roll birds pirates")
        else:
            legal = s.legal_actions()
            g.events += s.apply("crash" if "crash" in legal else "stay" if "stay" in legal
                                else "pass")
            g.settle()


def test_s3_9_reshuffle_then_no_card_when_both_piles_are_empty(game) -> None:
    """§3.9: when the draw pile is empty the discard pile is shuffled into a new draw pile;
    when both are empty no card is drawn. Draws resume where they stopped."""
    g = game(6, first_captain=2, hands=NO_COVER, rolls=[["fog", "blank"]])
    # Voyage 1: Cy pays one compass (the only discard of the game), then Dee crashes.
    g.do(*["stay"] * 5)
    assert g.state.legal_actions() == ["pay compass"]
    g.do("pay compass")
    assert g.state.discard == ["compass"]
    for _ in range(9):
        _crash_voyage(g)
    s = g.state
    assert s.voyage == 10 and s.draw == [] and s.captain == 0
    assert s.actor == CHANCE and s.chance_request.kind == "shuffle"
    assert s.chance_request.cards == ("compass",)
    g.events.clear()
    g.events += s.apply("shuffle compass")
    assert g.kinds()[:4] == ["reshuffle", "draw", "draw-private", "no-cards"]
    assert (g.last("draw-private").to, g.last("draw-private").params["card"]) == (0, C)
    assert s.discard == [] and s.draw == []
    assert sum(sum(h.values()) for h in s.hands) == 84
    assert s.phase == "roll"


def test_s3_9_no_reshuffle_needed_when_the_discard_pile_is_empty(game) -> None:
    g = game(6, hands=NO_COVER)
    for _ in range(9):
        _crash_voyage(g)
    assert g.state.voyage == 10 and "no-cards" in g.kinds()
    assert "reshuffle" not in g.kinds()
    assert g.state.chance_request.kind == "roll"
