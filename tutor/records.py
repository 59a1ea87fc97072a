"""Game record files: reading one from the disk, bounded in size, its faults said with the
file's name. The engine (``tutor.engine.record``) parses and replays the data read here."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .engine.messages import N_, CelestiaError, RecordError
from .file_errors import IN_FILE, JSON_ERRORS, json_reason, load_json, os_reason
from .i18n import AfterColon
from .inputs import shown_path
from .storage import read_text

#: No game's record comes near this size (a long game is some 100 kB).
MAX_BYTES = 4 * 1024 * 1024


def load(path: str | Path) -> dict[str, Any]:
    """Read a record file; unreadable or malformed JSON is a RecordError whose reason
    is a translatable sentence (see ``tutor.file_errors``)."""
    try:
        text = read_text(path, MAX_BYTES)
    except UnicodeDecodeError as err:
        raise RecordError(N_("{path} is not a UTF-8 text file."),
                          path=shown_path(path)) from err
    except OSError as err:
        # TRANSLATORS: Same role for every file: an error.
        raise RecordError(N_("Cannot read {path}: {reason}"), path=shown_path(path),
                          reason=os_reason(err)) from err
    try:
        return load_json(text)
    except JSON_ERRORS as err:
        raise RecordError(N_("{path} is not a valid game record: {reason}"),
                          path=shown_path(path),
                          reason=json_reason(err)) from err


def in_file(err: CelestiaError, path: str | Path) -> RecordError:
    """``err``, a fault found in the record ``path`` (the engine, which reads no file,
    does not know its name), as an error that names the file first."""
    return RecordError(IN_FILE, path=shown_path(path), reason=AfterColon(err))
