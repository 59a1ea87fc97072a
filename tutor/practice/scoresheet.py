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

A sheet read from a file keeps that file's text (with ``tomlkit``): saving it again
changes only the values that changed, so the file's comments and layout survive.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import tomlkit
from tomlkit.exceptions import ParseError

from ..engine import data
from ..engine.messages import N_, CelestiaError
from ..file_errors import IN_FILE, FileTooLarge, os_reason, toml_reason
from ..i18n import AfterColon, Translator
from ..inputs import excerpt, name_problem, shown_path, whole
from ..storage import read_text, write_atomic
from .parse import read_word


class SheetError(CelestiaError):
    """A score sheet entry that the game's contents make impossible."""


#: Why an entry cannot go on a sheet, by name: the checks below and the website's score
#: sheet (``tutor.site.scoreform`` exports them, translated) say the same words.
MESSAGES = {
    "no_name": N_("Each player needs a name."),
    # TRANSLATORS: {listed} is more than {most}, the treasures of a game.
    "too_many_treasures": N_("{player}: the sheet lists {listed} treasures, but the whole "
                             "game holds only {most}."),
    # TRANSLATORS: Same role wherever players are entered: an error.
    "too_many_players": N_("A game of Celestia has at most {most} players; {player} would be "
                           "one too many."),
    "no_such_value": N_("{player}: the game has no treasure of value {value}; the values are "
                        "{values}."),
    # TRANSLATORS: {total} and {listed} are 2 or more.
    "too_many_of_value": N_("{player}: the game holds only {total} treasures of value "
                            "{value}, but the sheet would then list {listed}."),
    # TRANSLATORS: Same role wherever a count of Spyglasses is read: an error.
    "not_spyglasses": N_('{player}: "{text}" is not a number of Magic Spyglasses.'),
    "no_spyglasses": N_("{player}: the beginner variant has no Magic Spyglasses."),
    # TRANSLATORS: {total} and {listed} are 2 or more.
    "too_many_spyglasses": N_("{player}: the game has only {total} Magic Spyglasses, but "
                              "the sheet would then list {listed}."),
    "not_a_value": N_('{player}: "{text}" is not a treasure value.'),
    "same_name": N_('Two players are called "{player}"; give each player a different '
                    "name."),
    "too_few_players": N_("A score sheet needs at least {least} players."),
}


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
#: Larger than any treasure value, small enough to convert at once.
_VALUE_BOUND = 10**6


def parse_values(text: str, player: str) -> list[int]:
    """``"25, 20 4"`` → ``[25, 20, 4]``; anything that is not a whole number is named."""
    values = []
    for word in _SPLIT.split(text.strip()):
        if not word:
            continue
        value = whole(word, 0, _VALUE_BOUND)
        if value is None:
            raise SheetError(MESSAGES["not_a_value"], player=player, text=excerpt(word))
        values.append(value)
    return values


def parse_spyglasses(text: str, player: str) -> int:
    word = text.strip() or "0"
    value = whole(word, 0, _VALUE_BOUND)
    if value is None:
        raise SheetError(MESSAGES["not_spyglasses"], player=player, text=excerpt(word))
    return value


def shown(value: Any) -> Any:
    """A value from a file or the arguments, short enough to quote in an error (a
    number of a reasonable size is kept as it is)."""
    if isinstance(value, int) and not isinstance(value, bool):
        if abs(value) < 10**12:
            return value
        # int → str refuses more than 4,300 digits (about 14,000 bits).
        return excerpt(str(value)) if value.bit_length() < 14_000 else "…"
    return excerpt(str(value))


class ScoreSheet:
    """Players entered one at a time; a refused entry leaves the sheet as it was."""

    def __init__(self, variant: str = data.STANDARD,
                 spyglass_points: int = data.SPYGLASS_POINTS_DEFAULT) -> None:
        if isinstance(variant, str):  # a file's variant may be the reader's word too
            variant = read_word(variant, "variant") or variant
        if not isinstance(variant, str) or variant not in data.VARIANTS:
            # TRANSLATORS: Same role wherever a variant is read: an error. {variants} is
            # the list of the variants' words in the reader's language.
            raise SheetError(N_('Unknown variant "{variant}": choose {variants}.'),
                             variant=shown(variant), variants=data.VARIANTS)
        if not isinstance(spyglass_points, int) or isinstance(spyglass_points, bool) \
                or not 0 <= spyglass_points <= data.SPYGLASS_POINTS_MAX:
            raise SheetError(N_("spyglass_points must be a whole number from 0 to {most}, not "
                                "{value}."), most=data.SPYGLASS_POINTS_MAX,
                             value=shown(spyglass_points))
        self.variant = variant
        self.spyglass_points = spyglass_points
        self.entries: list[Entry] = []
        #: The file the sheet was read from (a ``tomlkit`` document), kept for saving.
        self.document: Any = None

    # --- Checking ---------------------------------------------------------------------
    def problems(self, entry: Entry) -> list[SheetError]:
        """Every reason ``entry`` cannot go on the sheet (replacing a same-named entry)."""
        found: list[SheetError] = []
        name = entry.name.strip()
        if not name:
            found.append(SheetError(MESSAGES["no_name"]))
            return found
        problem = name_problem(name)
        if problem is not None:
            found.append(SheetError(problem.msgid, **problem.params))
            return found
        most = sum(treasures_in_game(self.variant).values())
        if len(entry.values) > most:
            found.append(SheetError(MESSAGES["too_many_treasures"], player=name,
                                    listed=len(entry.values), most=most))
            return found
        others = [e for e in self.entries if e.name != name]
        if len(others) >= data.MAX_PLAYERS:
            found.append(SheetError(MESSAGES["too_many_players"], most=data.MAX_PLAYERS,
                                    player=name))
        in_game = treasures_in_game(self.variant)
        held = Counter(v for e in others for v in e.values)
        seen: set[int] = set()
        for value in entry.values:
            if value in seen:
                continue
            seen.add(value)
            if value not in in_game:
                found.append(SheetError(
                    MESSAGES["no_such_value"], player=name, value=shown(value),
                    values=tuple(sorted(in_game))))  # a list in words: "…, 20 et 25"
                continue
            wanted = held[value] + entry.values.count(value)
            if wanted > in_game[value]:
                found.append(SheetError(
                    MESSAGES["too_many_of_value"], player=name, value=value,
                    total=in_game[value], listed=wanted))
        glasses = spyglasses_in_game(self.variant)
        if entry.spyglasses < 0:
            found.append(SheetError(MESSAGES["not_spyglasses"], player=name,
                                    text=shown(entry.spyglasses)))
        elif entry.spyglasses and not glasses:
            found.append(SheetError(MESSAGES["no_spyglasses"], player=name))
        elif sum(e.spyglasses for e in others) + entry.spyglasses > glasses:
            found.append(SheetError(
                MESSAGES["too_many_spyglasses"], player=name, total=glasses,
                listed=shown(sum(e.spyglasses for e in others) + entry.spyglasses)))
        return found

    def add_new(self, entry: Entry) -> list[SheetError]:
        """Put a player read from a file or the arguments on the sheet, unless their
        name is already there or the entry has problems; returns the problems."""
        if entry.name.strip() in self.names():
            return [SheetError(MESSAGES["same_name"], player=excerpt(entry.name.strip()))]
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
            raise SheetError(MESSAGES["too_few_players"], least=data.MIN_PLAYERS)
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
    def to_toml(self, tr: Translator | None = None) -> str:
        """The sheet in the documented file format (see the module docstring); a sheet
        read from a file keeps that file's comments and layout. A new sheet's comment is
        in ``tr``'s language (the keys and values are the format's, in every language)."""
        if self.document is None:
            document = tomlkit.document()
            document.add(tomlkit.comment((tr or Translator()).gettext(
                N_("A Celestia score sheet."))))
            document.add("variant", self.variant)
            if spyglasses_in_game(self.variant):  # the beginner's sheet has none to count
                document.add("spyglass_points", self.spyglass_points)
            document.add(tomlkit.nl())
        else:
            document = tomlkit.parse(tomlkit.dumps(self.document))  # a copy to change
        _set(document, "variant", self.variant)
        if spyglasses_in_game(self.variant) or "spyglass_points" in document:
            _set(document, "spyglass_points", self.spyglass_points)
        players = document.get("players")
        if not isinstance(players, tomlkit.items.AoT):
            if "players" in document:
                document.remove("players")
            players = tomlkit.aot()
            if self.entries:
                document.append("players", players)
        # Change the file's tables in place, so that their comments and layout stay.
        wanted = set(self.names())
        for i in reversed(range(len(players))):
            name = str(players[i].get("name", "")).strip()
            if name not in wanted or sum(str(t.get("name", "")).strip() == name
                                         for t in players[:i]):
                del players[i]
        tables = {str(t.get("name", "")).strip(): t for t in players}
        for e in self.entries:
            table = tables.get(e.name)
            if table is None:
                if self.document is not None and len(players) \
                        and not players[-1].as_string().endswith("\n\n"):
                    players[-1].add(tomlkit.nl())  # a blank line between players
                table = tomlkit.table()
                table["name"] = e.name
                players.append(table)
            _set(table, "treasures", list(e.values))
            if e.spyglasses or "spyglasses" in table:
                _set(table, "spyglasses", e.spyglasses)
        return tomlkit.dumps(document)


def _set(table: Any, key: str, value: Any) -> None:
    """Give ``key`` its value, leaving it untouched (with its comment) if it has it."""
    current = table.get(key)
    if current is not None and _plain(current) == value:
        return
    table[key] = value


def _plain(value: Any) -> Any:
    unwrap = getattr(value, "unwrap", None)
    return unwrap() if callable(unwrap) else value


def sheet_from_mapping(document: Any, where: str, variant: str | None = None,
                       spyglass_points: int | None = None,
                       ) -> tuple[ScoreSheet, list[SheetError]]:
    """Build a sheet from a parsed file; returns it with every problem found.

    ``variant`` and ``spyglass_points``, when given, replace the file's before any
    player is checked. Entries with problems are left out; the others are all kept.
    """
    if not isinstance(document, dict):
        raise SheetError(N_("{path}: a score sheet was expected."), path=where)
    known = {"variant", "spyglass_points", "players"}
    unknown = sorted(str(k) for k in set(document) - known)
    if unknown:
        raise SheetError(N_('{path}: unknown key "{key}"; the keys are variant, '
                            "spyglass_points and players."), path=where,
                         key=excerpt(unknown[0]))
    try:
        sheet = ScoreSheet(variant or document.get("variant", data.STANDARD),
                           document.get("spyglass_points", data.SPYGLASS_POINTS_DEFAULT)
                           if spyglass_points is None else spyglass_points)
    except SheetError as err:   # the command's own options were checked before: the file's
        raise in_file(err, where) from err
    players = document.get("players", [])
    if not isinstance(players, list):
        raise SheetError(N_("{path}: players must be a list of [[players]] tables."),
                         path=where)
    if len(players) > data.MAX_PLAYERS:
        # TRANSLATORS: {listed} is more than {most}.
        raise SheetError(N_("{path}: the sheet lists {listed} players, but a game of Celestia "
                            "has at most {most}."), path=where, listed=len(players),
                         most=data.MAX_PLAYERS)
    problems: list[SheetError] = []
    for number, raw in enumerate(players, start=1):
        try:
            entry = _entry(raw, number, where)
        except SheetError as err:
            problems.append(err)
            continue
        problems.extend(in_file(problem, where) for problem in sheet.add_new(entry))
    return sheet, problems


def in_file(err: SheetError, path: str | Path) -> SheetError:
    """A fault of the sheet in the file ``path``, naming the file first."""
    return SheetError(IN_FILE, path=shown_path(path), reason=AfterColon(err))


def _entry(raw: Any, number: int, where: str) -> Entry:
    if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
        raise SheetError(N_("{path}: player {number} has no name."), path=where, number=number)
    name = raw["name"].strip()
    extra = sorted(str(k) for k in set(raw) - {"name", "treasures", "spyglasses"})
    if extra:
        raise SheetError(N_('{path}: {player}: unknown key "{key}"; a player has name, '
                            "treasures and spyglasses."), path=where, player=excerpt(name),
                         key=excerpt(extra[0]))
    values = raw.get("treasures", [])
    if not isinstance(values, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in values):
        raise SheetError(N_("{path}: {player}: treasures must be a list of whole numbers, "
                            "e.g. [25, 20, 4]."), path=where, player=excerpt(name))
    glasses = raw.get("spyglasses", 0)
    if not isinstance(glasses, int) or isinstance(glasses, bool) or glasses < 0:
        raise in_file(SheetError(MESSAGES["not_spyglasses"], player=excerpt(name),
                                 text=shown(glasses)), where)
    return Entry(name, list(values), glasses)


#: Far more than any score sheet takes: six players listing every treasure of the game,
#: with a comment on every line, fit in 8 KB. A larger file is refused before it is
#: parsed (the TOML parser takes seconds over a few hundred kilobytes).
MAX_BYTES = 16 * 1024


def load_sheet(path: str | Path, variant: str | None = None,
               spyglass_points: int | None = None) -> tuple[ScoreSheet, list[SheetError]]:
    """Read a score sheet file (TOML); a file that cannot be read or parsed is named.

    ``variant`` and ``spyglass_points`` (the command's options) replace the file's.
    """
    try:
        text = read_text(path, MAX_BYTES)
    except FileTooLarge as err:
        raise SheetError(N_("{path} is larger than {kilobytes} KB, and a score sheet is far "
                            "smaller (six players with every treasure of the game and notes "
                            "take a few KB): it was not read."), path=shown_path(path),
                         kilobytes=MAX_BYTES // 1024) from err
    except (OSError, UnicodeDecodeError) as err:
        raise SheetError(N_("Cannot read {path}: {reason}"), path=shown_path(path),
                         reason=os_reason(err)) from err
    try:
        document = tomlkit.parse(text)
        plain = document.unwrap()
    except (ParseError, ValueError, RecursionError) as err:
        raise SheetError(N_("{path} is not a valid score sheet file: {reason}"),
                         path=shown_path(path), reason=toml_reason(err)) from err
    sheet, problems = sheet_from_mapping(plain, str(path), variant, spyglass_points)
    sheet.document = document
    return sheet, problems


def save_sheet(sheet: ScoreSheet, path: str | Path, tr: Translator | None = None) -> None:
    """Write the sheet to ``path`` atomically: the old file stays whole if this fails. A new
    sheet's comment is in ``tr``'s language."""
    try:
        write_atomic(path, sheet.to_toml(tr))
    except OSError as err:
        raise SheetError(N_("Cannot write {path}: {reason}"), path=shown_path(path),
                         reason=os_reason(err)) from err


@dataclass(frozen=True)
class Row:
    """One player's line as typed on the website's sheet: the texts of its three boxes."""

    name: str = ""
    treasures: str = ""
    spyglasses: str = ""


def sheet_from_rows(rows: Sequence[Row], variant: str = data.STANDARD,
                    spyglass_points: int = data.SPYGLASS_POINTS_DEFAULT,
                    ) -> tuple[ScoreSheet, list[list[SheetError]]]:
    """The sheet filled in on the website, row by row as typed: a row left blank is no
    player; a row with a problem is left out, its problems named (one list per row); the
    others are kept, in order. The page (``tutor/site/static/celestia-sheet-rules.js``)
    does the same with the data ``tutor.site.scoreform`` exports from this module, and a
    test runs sheets through both."""
    sheet = ScoreSheet(variant, spyglass_points)
    problems: list[list[SheetError]] = []
    for row in rows:
        name = row.name.strip()
        if not (name or row.treasures.strip() or row.spyglasses.strip()):
            problems.append([])
            continue
        try:
            entry = Entry(name, parse_values(row.treasures, name),
                          parse_spyglasses(row.spyglasses, name))
        except SheetError as err:
            problems.append([err])
            continue
        problems.append(sheet.add_new(entry))
    return sheet, problems


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
                   "NAME=COUNT."), text=excerpt(item)))
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
                                          '"Ann:25,20,4".'), text=excerpt(item)))
            continue
        try:
            entry = Entry(name, parse_values(values_text, name), glasses.get(name, 0))
        except SheetError as err:
            problems.append(err)
            continue
        problems.extend(sheet.add_new(entry))
    return sheet, problems
