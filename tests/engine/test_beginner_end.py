"""RULES.md §6 (ruling) and §5.1: in the beginner variant, reaching 50 points does not end
the game; only a player holding treasures from five different cities does, checked when
a voyage ends. The same script in the standard game ends at 50 points."""

from __future__ import annotations

from tutor.engine import data

C, L = "compass", "lightning-rod"


def blanks(*cities: int) -> list[list[str]]:
    return [["blank"] * data.DICE_TO_REACH[c] for c in cities]


ALL_THE_WAY = blanks(2, 4, 6, 9, 12, 15, 20, 25)
#: Two voyages to the last city (25 + 25 points each, one city), then four voyages in
#: which the passenger leaves at 1, 4, 9, 15 and the captain, left alone, takes the
#: treasure of the next city (2, 6, 12, 20).
SCRIPT = [*ALL_THE_WAY, *ALL_THE_WAY, *blanks(2), *blanks(2, 4, 6),
          *blanks(2, 4, 6, 9, 12), *blanks(2, 4, 6, 9, 12, 15, 20)]
LEAVE_AT = {3: 1, 4: 4, 5: 9, 6: 15}


def play_voyage(g, voyage: int) -> None:
    city = LEAVE_AT[voyage]
    g.auto(lambda s: s.voyage == voyage + 1, leave_at={0: city, 1: city}, lone="take")


def test_fifty_points_end_the_standard_game(game, hand) -> None:
    g = game(2, hands=[hand([], 8, C), hand([], 8, L)], rolls=SCRIPT)
    g.auto(lambda s: False)
    s = g.state
    assert s.is_terminal() and s.end_reason == "points" and s.voyage == 2
    assert s.points(0) >= data.END_SCORE and s.cities_held(0) == 1


def test_fifty_points_do_not_end_a_beginner_game(game, hand) -> None:
    g = game(2, variant="beginner", hands=[hand([], 8, C), hand([], 8, L)], rolls=SCRIPT)
    g.auto(lambda s: s.voyage == 3)
    s = g.state
    assert not s.is_terminal() and "game-over" not in g.kinds()
    assert [s.points(p) for p in (0, 1)] == [50, 50]
    assert [s.cities_held(p) for p in (0, 1)] == [1, 1]
    for voyage in (3, 4, 5):
        play_voyage(g, voyage)
        assert not s.is_terminal(), f"the game ended after voyage {voyage}"
    # Far beyond 50 points, four different cities each: still no end.
    assert min(s.points(p) for p in (0, 1)) > data.END_SCORE
    assert [s.cities_held(p) for p in (0, 1)] == [4, 4]


def test_five_different_cities_end_a_beginner_game(game, hand) -> None:
    g = game(2, variant="beginner", hands=[hand([], 8, C), hand([], 8, L)], rolls=SCRIPT)
    g.auto(lambda s: s.voyage == 3)
    for voyage in (3, 4, 5):
        play_voyage(g, voyage)
    g.auto(lambda s: False, leave_at={0: 15, 1: 15}, lone="take")
    s = g.state
    assert s.is_terminal() and s.end_reason == "cities" and s.voyage == 6
    assert [s.cities_held(p) for p in (0, 1)] == [data.BEGINNER_CITIES_TO_END] * 2
    over = g.last("game-over")
    assert over.params["reason"] == "cities"
    assert over.params["cities"] == data.BEGINNER_CITIES_TO_END
    # Scores are counted as usual: the sum of the treasures; the higher wins.
    assert s.scores() == [s.points(0), s.points(1)]
    best = max(s.scores())
    assert s.winners == tuple(p for p in (0, 1) if s.scores()[p] == best)


def test_the_end_waits_for_the_voyage_to_end(game, hand) -> None:
    """The fifth city reached in the middle of a voyage does not stop it."""
    g = game(2, variant="beginner", hands=[hand([], 8, C), hand([], 8, L)], rolls=SCRIPT)
    g.auto(lambda s: s.voyage == 3)
    for voyage in (3, 4, 5):
        play_voyage(g, voyage)
    g.auto(lambda s: any(s.cities_held(p) == 5 for p in (0, 1)),
           leave_at={0: 15, 1: 15}, lone="take")
    s = g.state
    assert not s.is_terminal() and s.phase == "lone-captain"  # the captain is still flying



def test_beginner_lessons_end_by_five_cities() -> None:
    """Every lesson played in the beginner variant ends its game by the five cities, says
    so, and never says that the cities are an end in addition to the points."""
    from tutor.lessons.library import load_all, play_through

    lessons = [x for x in load_all() if x.options.get("variant") == "beginner"]
    assert lessons, "no lesson teaches the beginner variant"
    for lesson in lessons:
        runner = play_through(lesson)
        if runner.state.is_terminal():
            assert runner.state.end_reason == "cities", lesson.id
        texts = [lesson.summary, *(s.text for s in lesson.steps),
                 *(c.why for s in lesson.steps for c in s.choices)]
        assert any("{beginner_cities}" in t for t in texts), lesson.id
        assert not any("also end" in t or "can also" in t for t in texts), lesson.id
