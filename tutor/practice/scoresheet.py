"""The score sheet for a game played at the table (RULES.md §5, §7).

Each player has a name, the values of their Treasure cards and the number of Magic
Spyglasses they kept. Every entry is checked against the game's contents (read from
``tutor.engine.data``): only values that exist, never more cards of a value than the game
holds across all players, never more Spyglasses than the game has. A wrong entry is
refused with a message naming the player and the value; what was entered before stays.

File format (TOML), for ``celestia score --file``::

    # A Celestia score sheet.
    variant = "standard"      # optional: "standard" (default) or "beginner"
    spyglass_points = 2       # optional: points for each unused Magic Spyglass

    [[players]]
    name = "Ann"
    treasures = [25, 20, 4]   # the values of the Treasure cards (Spyglasses apart)
    spyglasses = 1            # optional, default 0

    [[players]]
    name = "Bob"
    treasures = [15, 15, 12, 9]
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from ..engine import data
from ..engine.messages import N_, CelestiaError


class SheetError(CelestiaError):
    """A score sheet entry that the game's contents make impossible."""


@cache
def treasures_in_game(variant: str) -> dict[int, int]:
    """Treasure value → number of such cards in the whole game (Spyglasses apart)."""
    counts: Counter[int] = Counter()
    for city in data.CITY_VALUES:
        for treasure in data.pile_composition(city, variant):
            if not treasure.is_spyglass:
                counts[treasure.value] += 1
    return dict(sorted(counts.items()))


def spyglasses_in_game(variant: str) -> int:
    return sum(1 for city in data.CITY_VALUES
               for t in data.pile_composition(city, variant) if t.is_spyglass)


@dataclass
class Entry:
    """One player's line of the sheet."""

    name: str
    values: list[int] = field(default_factory=list)
    spyglasses: int = 0

    def treasure_points(self) -> int:
        return sum(self.values)


@dataclass(frozen=True)
class Result:
    rank: int
    name: str
    treasure_points: int
    spyglasses: int
    total: int


_SPLIT = re.compile(r"[\s,;]+")


def parse_values(text: str, player: str) -> list[int]:
    """``"25, 20 4"`` → ``[25, 20, 4]``; anything that is not a whole number is named."""
    values = []
    for word in _SPLIT.split(text.strip()):
        if not word:
            continue
        if not word.isdigit():
            raise SheetError(N_('{player}: "{text}" is not a treasure value.'),
                             player=player, text=word)
        values.append(int(word))
    return values


def parse_spyglasses(text: str, player: str) -> int:
    word = text.strip() or "0"
    if not word.isdigit():
        # TRANSLATORS: Same role wherever a count of Spyglasses is read: an error.
        raise SheetError(N_('{player}: "{text}" is not a number of Magic Spyglasses.'),
                         player=player, text=word)
    return int(word)


class ScoreSheet:
    """Players entered one at a time; a refused entry leaves the sheet as it was."""

    def __init__(self, variant: str = data.STANDARD,
                 spyglass_points: int = data.SPYGLASS_POINTS_DEFAULT) -> None:
        if variant not in data.VARIANTS:
            raise SheetError(N_('Unknown variant "{variant}": choose standard or beginner.'),
                             variant=variant)
        if not isinstance(spyglass_points, int) or isinstance(spyglass_points, bool) \
                or spyglass_points < 0:
            raise SheetError(N_("spyglass_points must be a whole number of 0 or more, not "
                                "{value}."), value=spyglass_points)
        self.variant = variant
        self.spyglass_points = spyglass_points
        self.entries: list[Entry] = []

    # --- Checking ---------------------------------------------------------------------
    def problems(self, entry: Entry) -> list[SheetError]:
        """Every reason ``entry`` cannot go on the sheet (replacing a same-named entry)."""
        found: list[SheetError] = []
        name = entry.name.strip()
        if not name:
            found.append(SheetError(N_("Each player needs a name.")))
            return found
        others = [e for e in self.entries if e.name != name]
        if len(others) >= data.MAX_PLAYERS:
            # TRANSLATORS: Same role wherever players are entered: an error.
            found.append(SheetError(N_("A game of Celestia has at most {most} players; "
                                       "{player} would be one too many."),
                                    most=data.MAX_PLAYERS, player=name))
        in_game = treasures_in_game(self.variant)
        held = Counter(v for e in others for v in e.values)
        seen: set[int] = set()
        for value in entry.values:
            if value in seen:
                continue
            seen.add(value)
            if value not in in_game:
                found.append(SheetError(
                    N_("{player}: the game has no treasure of value {value}; the values are "
                       "{values}."), player=name, value=value,
                    values=", ".join(str(v) for v in in_game)))
                continue
            wanted = held[value] + entry.values.count(value)
            if wanted > in_game[value]:
                found.append(SheetError(
                    N_("{player}: the game holds only {count} treasures of value {value}, but "
                       "the sheet would then list {listed}."), player=name, value=value,
                    count=in_game[value], listed=wanted))
        glasses = spyglasses_in_game(self.variant)
        if entry.spyglasses < 0:
            found.append(SheetError(N_('{player}: "{text}" is not a number of Magic '
                                       "Spyglasses."), player=name, text=entry.spyglasses))
        elif entry.spyglasses and not glasses:
            found.append(SheetError(N_("{player}: the beginner variant has no Magic "
                                       "Spyglasses."), player=name))
        elif sum(e.spyglasses for e in others) + entry.spyglasses > glasses:
            found.append(SheetError(
                N_("{player}: the game has only {count} Magic Spyglasses, but the sheet would "
                   "then list {listed}."), player=name, count=glasses,
                listed=sum(e.spyglasses for e in others) + entry.spyglasses))
        return found

    def add_new(self, entry: Entry) -> list[SheetError]:
        """Put a player read from a file or the arguments on the sheet, unless their
        name is already there or the entry has problems; returns the problems."""
        if entry.name.strip() in self.names():
            return [SheetError(N_('Two players are called "{player}"; give each player a '
                                  "different name."), player=entry.name.strip())]
        found = self.problems(entry)
        if not found:
            self.add(entry)
        return found

    def add(self, entry: Entry) -> bool:
        """Put ``entry`` on the sheet; True if it replaced a player of the same name.

        Raises the first problem (see ``problems``) and changes nothing if there is one.
        """
        entry = Entry(entry.name.strip(), list(entry.values), entry.spyglasses)
        problems = self.problems(entry)
        if problems:
            raise problems[0]
        for i, old in enumerate(self.entries):
            if old.name == entry.name:
                self.entries[i] = entry
                return True
        self.entries.append(entry)
        return False

    def names(self) -> list[str]:
        return [e.name for e in self.entries]

    # --- Results ----------------------------------------------------------------------
    def total(self, entry: Entry) -> int:
        return entry.treasure_points() + self.spyglass_points * entry.spyglasses

    def results(self) -> list[Result]:
        """The players from best to worst; tied players share a rank (1, 1, 3)."""
        if len(self.entries) < data.MIN_PLAYERS:
            raise SheetError(N_("A score sheet needs at least {least} players."),
                             least=data.MIN_PLAYERS)
        ordered = sorted(self.entries, key=lambda e: -self.total(e))
        results = []
        for i, e in enumerate(ordered):
            total = self.total(e)
            rank = results[-1].rank if results and results[-1].total == total else i + 1
            results.append(Result(rank, e.name, e.treasure_points(), e.spyglasses, total))
        return results

    def winners(self) -> list[str]:
        return [r.name for r in self.results() if r.rank == 1]

    # --- The file format ------------------------------------------------------------
    def to_toml(self) -> str:
        """The sheet in the documented file format (see the module docstring)."""
        lines = ["# A Celestia score sheet.",
                 f"variant = {_quote(self.variant)}",
                 f"spyglass_points = {self.spyglass_points}"]
        for e in self.entries:
            lines += ["", "[[players]]", f"name = {_quote(e.name)}",
                      "treasures = [" + ", ".join(str(v) for v in e.values) + "]"]
            if e.spyglasses:
                lines.append(f"spyglasses = {e.spyglasses}")
        return "\n".join(lines) + "\n"


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def sheet_from_mapping(document: Any, where: str) -> tuple[ScoreSheet, list[SheetError]]:
    """Build a sheet from a parsed file; returns it with every problem found.

    Entries with problems are left out; the others are all kept.
    """
    if not isinstance(document, dict):
        raise SheetError(N_("{path}: a score sheet was expected."), path=where)
    known = {"variant", "spyglass_points", "players"}
    unknown = sorted(set(document) - known)
    if unknown:
        raise SheetError(N_('{path}: unknown key "{key}"; the keys are variant, '
                            "spyglass_points and players."), path=where, key=unknown[0])
    sheet = ScoreSheet(document.get("variant", data.STANDARD),
                       document.get("spyglass_points", data.SPYGLASS_POINTS_DEFAULT))
    players = document.get("players", [])
    if not isinstance(players, list):
        raise SheetError(N_("{path}: players must be a list of [[players]] tables."),
                         path=where)
    problems: list[SheetError] = []
    for number, raw in enumerate(players, start=1):
        try:
            entry = _entry(raw, number, where)
        except SheetError as err:
            problems.append(err)
            continue
        problems.extend(sheet.add_new(entry))
    return sheet, problems


def _entry(raw: Any, number: int, where: str) -> Entry:
    if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
        raise SheetError(N_("{path}: player {number} has no name."), path=where, number=number)
    name = raw["name"].strip()
    extra = sorted(set(raw) - {"name", "treasures", "spyglasses"})
    if extra:
        raise SheetError(N_('{path}: {player}: unknown key "{key}"; a player has name, '
                            "treasures and spyglasses."), path=where, player=name, key=extra[0])
    values = raw.get("treasures", [])
    if not isinstance(values, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in values):
        raise SheetError(N_("{path}: {player}: treasures must be a list of whole numbers, "
                            "e.g. [25, 20, 4]."), path=where, player=name)
    glasses = raw.get("spyglasses", 0)
    if not isinstance(glasses, int) or isinstance(glasses, bool) or glasses < 0:
        raise SheetError(N_('{player}: "{text}" is not a number of Magic Spyglasses.'),
                         player=name, text=glasses)
    return Entry(name, list(values), glasses)


def load_sheet(path: str | Path) -> tuple[ScoreSheet, list[SheetError]]:
    """Read a score sheet file (TOML); a file that cannot be read or parsed is named."""
    import tomllib

    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise SheetError(N_("Cannot read {path}: {reason}"), path=str(path),
                         reason=getattr(err, "strerror", None) or str(err)) from err
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise SheetError(N_("{path} is not a valid score sheet file: {reason}"),
                         path=str(path), reason=str(err)) from err
    return sheet_from_mapping(document, str(path))


def sheet_from_arguments(players: Sequence[str], spyglasses: Iterable[str], variant: str,
                         spyglass_points: int) -> tuple[ScoreSheet, list[SheetError]]:
    """``--player "Ann:25,20,4"`` and ``--spyglasses Ann=1`` → a sheet and its problems."""
    sheet = ScoreSheet(variant, spyglass_points)
    problems: list[SheetError] = []
    glasses: dict[str, int] = {}
    names = [p.partition(":")[0].strip() for p in players]
    for item in spyglasses:
        name, sep, count = item.partition("=")
        name = name.strip()
        if not sep or name not in names:
            problems.append(SheetError(
                N_('--spyglasses "{text}" does not name a player given with --player; write '
                   "NAME=COUNT."), text=item))
            continue
        try:
            glasses[name] = parse_spyglasses(count, name)
        except SheetError as err:
            problems.append(err)
    for item in players:
        name, sep, values_text = item.partition(":")
        name = name.strip()
        if not sep:
            problems.append(SheetError(N_('--player "{text}" is not NAME:VALUES, e.g. '
                                          '"Ann:25,20,4".'), text=item))
            continue
        try:
            entry = Entry(name, parse_values(values_text, name), glasses.get(name, 0))
        except SheetError as err:
            problems.append(err)
            continue
        problems.extend(sheet.add_new(entry))
    return sheet, problems
