"""Every number of the game, in one place (RULES.md §1, §2, §5, §6).

The rulebook, the lessons, the odds coach and the tests read their numbers from here;
nothing else retypes them. A correction to the game's contents is a change to this file.
"""

from __future__ import annotations

from typing import NamedTuple

# --- Box facts (§1) -----------------------------------------------------------------
PUBLISHED = 2015
DESIGNER = "Aaron Weissblum"
ILLUSTRATOR = "Gaétan Noir"
MIN_AGE = 8
PREDECESSOR = "Cloud 9"
MIN_PLAYERS = 2
MAX_PLAYERS = 6

# --- Event dice (§1, §1.1) ------------------------------------------------------------
FOG = "fog"
LIGHTNING = "lightning"
BIRDS = "birds"
PIRATES = "pirates"
BLANK = "blank"
HAZARDS: tuple[str, ...] = (FOG, LIGHTNING, BIRDS, PIRATES)
#: The six faces of one Event die, two of them blank.
DIE_FACES: tuple[str, ...] = (FOG, LIGHTNING, BIRDS, PIRATES, BLANK, BLANK)
#: The faces a die can show, each once.
FACES: tuple[str, ...] = (FOG, LIGHTNING, BIRDS, PIRATES, BLANK)
DICE_IN_BOX = 4
#: The colour printed on each face, for pictures and descriptions.
FACE_COLOURS: dict[str, str] = {
    FOG: "blue",
    LIGHTNING: "yellow",
    BIRDS: "red",
    PIRATES: "black",
    BLANK: "white",
}

# --- Cards ----------------------------------------------------------------------------
COMPASS = "compass"
LIGHTNING_ROD = "lightning-rod"
FOGHORN = "foghorn"
CANNON = "cannon"
TURBO = "turbo"
EJECTION = "ejection"
JETPACK = "jetpack"
ALTERNATIVE_ROUTE = "alternative-route"
GUST_OF_WIND = "gust-of-wind"
GRAPPLING_HOOK = "grappling-hook"
SPYGLASS = "spyglass"

EQUIPMENT: tuple[str, ...] = (COMPASS, LIGHTNING_ROD, FOGHORN, CANNON)
#: Which Equipment answers which hazard (§1.1).
ANSWERS: dict[str, str] = {FOG: COMPASS, LIGHTNING: LIGHTNING_ROD, BIRDS: FOGHORN, PIRATES: CANNON}
HAZARD_OF: dict[str, str] = {card: hazard for hazard, card in ANSWERS.items()}
EQUIPMENT_COUNTS: dict[str, int] = {COMPASS: 20, LIGHTNING_ROD: 18, FOGHORN: 16, CANNON: 14}
TURBO_COUNT = 8
POWERS: tuple[str, ...] = (EJECTION, JETPACK, ALTERNATIVE_ROUTE, GUST_OF_WIND)
POWER_COUNTS: dict[str, int] = {EJECTION: 2, JETPACK: 2, ALTERNATIVE_ROUTE: 2, GUST_OF_WIND: 2}
GRAPPLING_HOOK_COUNT = 2
#: Every card that can be in a hand, in the order hands are listed.
HAND_CARDS: tuple[str, ...] = (*EQUIPMENT, TURBO, *POWERS, GRAPPLING_HOOK)

#: Cards dealt to each player at set-up, by number of players (§2.3).
HAND_SIZE: dict[int, int] = {2: 8, 3: 8, 4: 6, 5: 6, 6: 6}

# --- Cities and treasures (§1.2) ------------------------------------------------------
CITY_VALUES: tuple[int, ...] = (1, 2, 4, 6, 9, 12, 15, 20, 25)
START_CITY = CITY_VALUES[0]
#: Event dice rolled to travel *to* each city; the start city is never a destination.
#: RULES.md notes these counts are the one table not read off a primary source.
DICE_TO_REACH: dict[int, int] = {2: 2, 4: 2, 6: 2, 9: 3, 12: 3, 15: 3, 20: 4, 25: 4}
#: Each city's treasure pile: (treasure value, number of cards), without Spyglasses.
TREASURE_PILES: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 5), (2, 3), (4, 2)),
    2: ((2, 5), (4, 3), (6, 2)),
    4: ((4, 5), (6, 3), (9, 1)),
    6: ((6, 5), (9, 3), (12, 1)),
    9: ((9, 6), (12, 3)),
    12: ((12, 6), (15, 3)),
    15: ((15, 6),),
    20: ((20, 6),),
    25: ((25, 6),),
}
#: The cities whose pile holds one Magic Spyglass in the standard game.
SPYGLASS_CITIES: tuple[int, ...] = (1, 2, 4, 6)

# --- End of the game and scoring (§5, §6) ---------------------------------------------
END_SCORE = 50
SPYGLASS_POINTS_DEFAULT = 2
#: The most a house rule may make an unused Spyglass score: the most precious treasure.
SPYGLASS_POINTS_MAX = CITY_VALUES[-1]
BEGINNER_CITIES_TO_END = 5

STANDARD = "standard"
BEGINNER = "beginner"
VARIANTS: tuple[str, ...] = (STANDARD, BEGINNER)


class Treasure(NamedTuple):
    """One Treasure card: the city whose pile it comes from and its value.

    A Magic Spyglass has value 0: it counts nothing towards the end of the game (§5.1)
    and is scored separately (§5.2).
    """

    city: int
    value: int

    @property
    def is_spyglass(self) -> bool:
        return self.value == 0

    def __str__(self) -> str:
        return SPYGLASS if self.value == 0 else str(self.value)


def deck_composition(variant: str = STANDARD, grappling_hook: bool = False) -> dict[str, int]:
    """The cards shuffled into the deck (§2.3, §6), by card name."""
    deck = dict(EQUIPMENT_COUNTS)
    deck[TURBO] = TURBO_COUNT
    if variant != BEGINNER:
        deck.update(POWER_COUNTS)
        if grappling_hook:
            deck[GRAPPLING_HOOK] = GRAPPLING_HOOK_COUNT
    return deck


def pile_composition(city: int, variant: str = STANDARD) -> list[Treasure]:
    """The Treasure cards of one city's pile, least precious first (§1.2, §6)."""
    pile = [Treasure(city, value) for value, count in TREASURE_PILES[city] for _ in range(count)]
    if variant != BEGINNER and city in SPYGLASS_CITIES:
        pile.append(Treasure(city, 0))
    return pile


def dice_to_reach(city: int) -> int:
    """How many Event dice the captain rolls to fly to ``city`` (§3.1)."""
    return DICE_TO_REACH[city]


def hand_size(players: int) -> int:
    return HAND_SIZE[players]
