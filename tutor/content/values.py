"""The numbers and names that rule texts quote, read from ``tutor.engine.data``.

Content texts never type a game number: they name it (``{end_score}``) and this module
fills it in. Values are computed on demand so that a text quoting only plain numbers
never imports Babel; lists ("1, 2, 4 and 6") go through Babel's locale list formatting.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from functools import cache
from typing import Any

from ..engine import data


def _hand_groups() -> list[tuple[int, int, int]]:
    """(fewest players, most players, hand size) for each run of equal hand sizes."""
    groups: list[tuple[int, int, int]] = []
    for players in sorted(data.HAND_SIZE):
        size = data.HAND_SIZE[players]
        if groups and groups[-1][2] == size and groups[-1][1] == players - 1:
            groups[-1] = (groups[-1][0], players, size)
        else:
            groups.append((players, players, size))
    return groups


def _pile_total(variant: str) -> int:
    return sum(len(data.pile_composition(city, variant)) for city in data.CITY_VALUES)


def _richer_cities() -> tuple[int, ...]:
    """The cities whose pile holds a treasure worth more than the city itself."""
    return tuple(city for city in data.CITY_VALUES
                 if any(t.value > city for t in data.pile_composition(city)))


def _plain_cities() -> tuple[int, ...]:
    """The cities whose pile holds only treasures of the city's own value."""
    return tuple(city for city in data.CITY_VALUES
                 if all(t.value == city for t in data.pile_composition(city)))


#: The locale whose list pattern each language's texts follow. Our English prose has no
#: comma before the last "and" ("Ejection, Alternative Route and Gust of Wind"), as in
#: British usage; CLDR's plain "en" would add one ("1, 2, 4, and 6").
LIST_LOCALES = {"en": "en_GB"}


def _list(items: list[int] | tuple[int, ...], language: str) -> str:
    """"1, 2, 4 and 6", remembering its items so that a translation may inflect each
    ("{spyglass_cities:a -es}" → "az 1-es, a 2-es, a 4-es és a 6-os")."""
    # start-up: the command-line lookups (benchmarks/lookup.py)
    from babel.lists import format_list

    # start-up: the command-line lookups (benchmarks/lookup.py)
    from ..grammar import Listing

    locale = LIST_LOCALES.get(language, language)

    def joined(words: list[str]) -> str:
        return format_list(words, locale=locale)

    return Listing(joined([str(item) for item in items]), items, joined)


def _power_each() -> int:
    counts = set(data.POWER_COUNTS.values())
    # Rule texts say "{power_each} of each"; they would need rewording if counts differed.
    assert len(counts) == 1, "the rule texts assume every Power card has the same count"
    return counts.pop()


#: Placeholder name → how to compute it (from the language code when it is a list).
PLAIN: dict[str, Callable[[], Any]] = {
    "city_count": lambda: len(data.CITY_VALUES),
    "start_city": lambda: data.CITY_VALUES[0],
    "last_city": lambda: data.CITY_VALUES[-1],
    "dice_in_box": lambda: data.DICE_IN_BOX,
    "die_faces": lambda: len(data.DIE_FACES),
    "blank_faces": lambda: data.DIE_FACES.count(data.BLANK),
    "min_dice": lambda: min(data.DICE_TO_REACH.values()),
    "max_dice": lambda: max(data.DICE_TO_REACH.values()),
    "equipment_total": lambda: sum(data.EQUIPMENT_COUNTS.values()),
    "compass_count": lambda: data.EQUIPMENT_COUNTS[data.COMPASS],
    "lightning_rod_count": lambda: data.EQUIPMENT_COUNTS[data.LIGHTNING_ROD],
    "foghorn_count": lambda: data.EQUIPMENT_COUNTS[data.FOGHORN],
    "cannon_count": lambda: data.EQUIPMENT_COUNTS[data.CANNON],
    "turbo_count": lambda: data.TURBO_COUNT,
    "power_total": lambda: sum(data.POWER_COUNTS.values()),
    "power_each": _power_each,
    "grappling_hook_count": lambda: data.GRAPPLING_HOOK_COUNT,
    "deck_total": lambda: sum(data.deck_composition(data.STANDARD).values()),
    "deck_total_hook": lambda: sum(data.deck_composition(data.STANDARD, True).values()),
    "deck_total_beginner": lambda: sum(data.deck_composition(data.BEGINNER).values()),
    "treasure_total": lambda: _pile_total(data.STANDARD),
    "treasure_total_beginner": lambda: _pile_total(data.BEGINNER),
    "spyglass_total": lambda: len(data.SPYGLASS_CITIES),
    "few_min": lambda: _hand_groups()[0][0],
    "few_max": lambda: _hand_groups()[0][1],
    "hand_few": lambda: _hand_groups()[0][2],
    "many_min": lambda: _hand_groups()[-1][0],
    "many_max": lambda: _hand_groups()[-1][1],
    "hand_many": lambda: _hand_groups()[-1][2],
    "min_players": lambda: data.MIN_PLAYERS,
    "max_players": lambda: data.MAX_PLAYERS,
    "min_age": lambda: data.MIN_AGE,
    "published": lambda: data.PUBLISHED,
    "designer": lambda: data.DESIGNER,
    "illustrator": lambda: data.ILLUSTRATOR,
    "predecessor": lambda: data.PREDECESSOR,
    "end_score": lambda: data.END_SCORE,
    "spyglass_points": lambda: data.SPYGLASS_POINTS_DEFAULT,
    "beginner_cities": lambda: data.BEGINNER_CITIES_TO_END,
}

#: The items of each list placeholder.
LIST_ITEMS: dict[str, Callable[[], tuple[int, ...]]] = {
    "city_values": lambda: data.CITY_VALUES,
    "spyglass_cities": lambda: data.SPYGLASS_CITIES,
    "richer_cities": _richer_cities,
    "plain_cities": _plain_cities,
}

#: Placeholders whose text depends on the language (Babel list formatting).
LOCALISED: dict[str, Callable[[str], str]] = {
    "city_values": lambda language: _list(LIST_ITEMS["city_values"](), language),
    "spyglass_cities": lambda language: _list(LIST_ITEMS["spyglass_cities"](), language),
    "richer_cities": lambda language: _list(LIST_ITEMS["richer_cities"](), language),
    "plain_cities": lambda language: _list(LIST_ITEMS["plain_cities"](), language),
}

#: Every placeholder a content text may use.
NAMES: frozenset[str] = frozenset(PLAIN) | frozenset(LOCALISED)


class Values(Mapping[str, Any]):
    """The placeholder values for one language, computed when first asked for."""

    def __init__(self, language: str = "en", plain_lists: bool = False) -> None:
        self.language = language
        # For a search index: a list placeholder says nothing (its numbers enumerate, they
        # do not name what a text is about), and needs no Babel locale data.
        self.plain_lists = plain_lists
        self._cache: dict[str, Any] = {}

    def __getitem__(self, name: str) -> Any:
        if name not in self._cache:
            if name in PLAIN:
                self._cache[name] = PLAIN[name]()
            elif name in LOCALISED and self.plain_lists:
                # A Listing, so that a translation's grammar spec ({cities:a -es}) still
                # applies: the text around it is indexed in its own language.
                # start-up: only when a list is filled in (benchmarks/lookup.py)
                from ..grammar import Listing

                self._cache[name] = Listing("", LIST_ITEMS[name](), lambda words: "")
            elif name in LOCALISED:
                self._cache[name] = LOCALISED[name](self.language)
            else:
                raise KeyError(name)
        return self._cache[name]

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(NAMES))

    def __len__(self) -> int:
        return len(NAMES)


@cache
def for_language(language: str) -> Values:
    """The shared placeholder values of ``language`` (each computed at most once)."""
    return Values(language)


def fill(template: str, values: Values) -> str:
    """``template`` with its named placeholders replaced (``format_map``, so lazily)."""
    return template.format_map(values)
