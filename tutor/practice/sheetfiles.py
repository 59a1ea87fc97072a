"""Where a score sheet is saved: never over something that is not a sheet, never over
players without asking, and never lost.

``check_target`` looks at the ``--save`` file before anything is entered, so that a
folder, a read-only file or a file of another kind (a saved game, notes) is refused before
the evening's scores are typed. ``players_dropped`` names the players of a sheet already
in the file that a save would remove. ``save_draft`` keeps a sheet that could not go
where it was asked to in the state folder, under a name no other draft has.
"""

from __future__ import annotations

import errno
import os
import shlex
import time
from dataclasses import dataclass, field
from pathlib import Path

from ..engine.messages import N_
from ..file_errors import ReadOnlyFile, os_reason
from ..i18n import Translator
from ..inputs import excerpt, shown_path
from ..storage import check_regular, is_read_only, state_dir, write_new
from .scoresheet import ScoreSheet, SheetError, load_sheet


@dataclass
class Existing:
    """The score sheet already in the ``--save`` file."""

    path: str
    #: Every player's name in the file, those with wrong values too.
    names: list[str] = field(default_factory=list)
    #: The file's sheet, when every player in it is right (else None).
    sheet: ScoreSheet | None = None


def check_target(path: str | Path) -> Existing | None:
    """What is in ``path`` now: None if nothing, an ``Existing`` if a score sheet.

    Raises ``SheetError`` if a sheet cannot be saved there: a folder, a device, a named
    pipe, a file that is read-only, or a file that is not a score sheet (it is never
    written over).
    """
    where = str(path)
    try:
        target = Path(os.path.realpath(path))
        check_regular(target)   # a device, a named pipe: neither read nor replaced
        if target.is_dir():
            raise IsADirectoryError(errno.EISDIR, "a folder")
        for parent in target.parents:
            if parent.exists():
                if not parent.is_dir():
                    raise NotADirectoryError(errno.ENOTDIR, "a file")
                break
        if not target.exists():
            return None
        if is_read_only(target):
            raise ReadOnlyFile(where)
    except OSError as err:  # these, or the system's own (a name too long)
        raise cannot_write(where, err) from err
    try:
        sheet, problems = load_sheet(target)
    except SheetError as err:
        # TRANSLATORS: Same role wherever a --save file is not of its kind: an error.
        raise SheetError(N_("{reason} It is not written over: choose another file with "
                            "--save."), reason=err) from err
    return Existing(where, _names_in(sheet), None if problems else sheet)


def _names_in(sheet: ScoreSheet) -> list[str]:
    """Every name in the file the sheet was read from (players refused included)."""
    document = sheet.document.unwrap() if sheet.document is not None else {}
    players = document.get("players", []) if isinstance(document, dict) else []
    names = [str(p.get("name", "")).strip() for p in players if isinstance(p, dict)]
    return [n for n in dict.fromkeys(names) if n] or sheet.names()


def players_dropped(sheet: ScoreSheet, existing: Existing | None) -> list[str]:
    """The players of the sheet in the file whom saving ``sheet`` over it would remove."""
    if existing is None:
        return []
    kept = set(sheet.names())
    return [name for name in existing.names if name not in kept]


def merged(existing: Existing, sheet: ScoreSheet) -> tuple[ScoreSheet | None,
                                                            list[SheetError]]:
    """The file's sheet with the players of ``sheet`` added (a player of the same name
    takes the values of ``sheet``); None and the reasons if the game cannot hold them."""
    if existing.sheet is None:
        return None, [SheetError(N_("{path} has mistakes of its own: correct them first, "
                                    "with celestia score --file."), path=existing.path)]
    base = existing.sheet
    problems: list[SheetError] = []
    for entry in sheet.entries:
        found = base.problems(entry)
        if found:
            problems += found
        else:
            base.add(entry)
    return (None, problems) if problems else (base, [])


def save_draft(sheet: ScoreSheet, tr: Translator | None = None) -> Path:
    """Keep ``sheet`` in the state folder as ``score-sheet-YYYYmmdd-HHMMSS.toml`` (with
    ``-2``, ``-3``… if another draft has that name); returns where. Raises
    ``SheetError`` if it cannot be written there either."""
    folder = state_dir()
    try:
        return write_new(folder, f"score-sheet-{time.strftime('%Y%m%d-%H%M%S')}", ".toml",
                         sheet.to_toml(tr))
    except OSError as err:
        raise cannot_write(str(folder), err) from err


def cannot_write(path: str, err: OSError) -> SheetError:
    """Why a sheet could not be written at ``path``."""
    # TRANSLATORS: Same role for every file: an error.
    return SheetError(N_("Cannot write {path}: {reason}"), path=shown_path(path),
                      reason=os_reason(err))


def finish_command(path: str | Path, target: str | Path | None = None) -> str:
    """The command that adds players to the sheet in ``path`` and saves it to
    ``target`` (``path`` itself by default)."""
    source = shlex.quote(str(path))
    return f"celestia score --file {source} --save {shlex.quote(str(target or path))}"


def add_command(existing: str, sheet: ScoreSheet) -> str | None:
    """The command that adds the players of ``sheet`` to the sheet in ``existing``; None
    if a name cannot be written as ``--player NAME:VALUES``."""
    parts = [finish_command(existing)]
    for entry in sheet.entries:
        if ":" in entry.name or "=" in entry.name:
            return None
        values = ",".join(str(v) for v in entry.values)
        parts.append("--player " + shlex.quote(f"{entry.name}:{values}"))
        if entry.spyglasses:
            parts.append("--spyglasses " + shlex.quote(f"{entry.name}={entry.spyglasses}"))
    return " ".join(parts)


def shown_names(names: list[str]) -> list[str]:
    """Names to list in a message, each quoted short."""
    return [excerpt(name) for name in names]
