"""Read and check the content data files (YAML) of ``tutor/content``.

The files are meant to be edited by people who do not program, so every mistake is
reported with the file, the entry id and what is wrong, as a translatable message.
"""

from __future__ import annotations

import json
import os
import string
import zlib
from functools import cache
from pathlib import Path
from typing import Any

from ..engine.messages import N_, CelestiaError
from ..file_errors import os_reason, yaml_reason
from .values import NAMES

FOLDER = Path(__file__).parent


class ContentError(CelestiaError):
    """A content data file that cannot be used as it is."""


def digest(*chunks: bytes) -> str:
    """What a cache records of the data it was built from: the length and CRC-32 of
    each chunk. A cache key, not a safeguard against tampering: any edit changes it, and
    it needs no ``hashlib`` (whose import costs a lookup more than reading the cache)."""
    return "-".join(f"{len(chunk)}:{zlib.crc32(chunk):08x}" for chunk in chunks)


def stamp(*paths: Path) -> str:
    """What a cache records of the files it was built from, without reading them: each
    one's size and modification time (as Python's own bytecode cache does). Reading the
    catalogs to check a cache cost a look-up more than the look-up itself."""
    parts = []
    for path in paths:
        try:
            info = path.stat()
            parts.append(f"{path.name}:{info.st_size}:{info.st_mtime_ns}")
        except OSError:
            parts.append(f"{path.name}:-")
    return "|".join(parts)


def _yaml_load(text: str) -> Any:
    # start-up: the command-line lookups (benchmarks/lookup.py)
    import yaml

    # The C loader, when PyYAML was built with it, parses several times faster.
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return yaml.load(text, Loader=loader)


@cache
def load(name: str) -> Any:
    """The parsed content of ``tutor/content/<name>``; errors name the file.

    Parsing YAML costs more than a lookup may spend, so the parsed data is also kept in
    ``<name>.cache.json`` with the ``digest`` of the YAML text it came from. The cache is
    used only when that digest matches the YAML as it is now; otherwise the YAML is parsed and
    the cache rewritten if the folder is writable (commit it, or run
    ``python -m tutor.content.loader``).
    """
    path = FOLDER / name
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise ContentError(N_("The content file {file} cannot be read: {reason}"),
                           file=name, reason=os_reason(err)) from err
    key = digest(text.encode("utf-8"))
    cached = _read_cache(name)
    if cached is not None and cached.get("digest") == key and "data" in cached:
        return cached["data"]
    parsed = parse(name, text)
    _write_cache(name, key, parsed)
    return parsed


def parse(name: str, text: str) -> Any:
    """``text`` (the YAML of content file ``name``) parsed; errors name the file."""
    # start-up: the command-line lookups (benchmarks/lookup.py)
    import yaml

    try:
        return _yaml_load(text)
    except yaml.YAMLError as err:
        raise ContentError(N_("The content file {file} is not valid YAML: {reason}"),
                           file=name, reason=yaml_reason(err)) from err


def cache_path(name: str) -> Path:
    # Beside the YAML, so that it ships with the package like the YAML does.
    return FOLDER / f"{name}.cache.json"


def _read_cache(name: str) -> dict[str, Any] | None:
    try:
        with cache_path(name).open(encoding="utf-8") as handle:
            cached = json.load(handle)
    except (OSError, ValueError):
        return None
    return cached if isinstance(cached, dict) else None


def _write_cache(name: str, key: str, parsed: Any) -> None:
    target = cache_path(name)
    try:
        # Written aside, then renamed: a reader never sees half a file.
        temporary = target.with_suffix(f".{os.getpid()}.tmp")
        temporary.write_text(json.dumps({"digest": key, "data": parsed},
                                        ensure_ascii=False, indent=0, sort_keys=True) + "\n",
                             encoding="utf-8")
        os.replace(temporary, target)
    except (OSError, TypeError, ValueError):
        pass  # an installed package may be read-only: parsing the YAML still works


def refresh() -> list[str]:
    """Rewrite the cache of every content file; returns the names of the files."""
    names = sorted(p.name for p in FOLDER.glob("*.yaml"))
    for name in names:
        text = (FOLDER / name).read_text(encoding="utf-8")
        _write_cache(name, digest(text.encode("utf-8")), parse(name, text))
    return names


def placeholders(text: str) -> list[str]:
    """The named placeholders of ``text`` (``{end_score}`` → ``end_score``)."""
    found = []
    for _, field, _, _ in string.Formatter().parse(text):
        if field is not None:
            found.append(field)
    return found


class Checker:
    """Collects the checks of one file; each failure is a ``ContentError``."""

    def __init__(self, file: str) -> None:
        self.file = file

    def fail(self, msgid: str, entry: str = "", **params: Any) -> ContentError:
        return ContentError(msgid, file=self.file, id=entry or "?", **params)

    def mapping(self, node: Any, entry: str, where: str) -> dict[str, Any]:
        if not isinstance(node, dict):
            raise self.fail(N_('{file}, entry {id}: "{key}" must be a mapping of keys to '
                               'values.'), entry, key=where)
        return node

    def items(self, node: Any, entry: str, key: str) -> list[Any]:
        if not isinstance(node, list):
            raise self.fail(N_('{file}, entry {id}: "{key}" must be a list.'), entry, key=key)
        return node

    def ident(self, node: dict[str, Any], position: int) -> str:
        value = node.get("id")
        if not isinstance(value, str) or not value.strip():
            raise self.fail(N_('{file}, entry number {position}: "id" is missing or is not '
                               'a quoted text (write id: "3.4", with quotes).'),
                            position=position)
        return value

    def text(self, node: dict[str, Any], entry: str, key: str, required: bool = True) -> str:
        value = node.get(key)
        if value is None and not required:
            return ""
        if not isinstance(value, str) or not value.strip():
            raise self.fail(N_('{file}, entry {id}: "{key}" is missing or is not a text.'),
                            entry, key=key)
        for name in placeholders(value):
            if name not in NAMES:
                raise self.fail(N_('{file}, entry {id}: "{key}" uses the unknown placeholder '
                                   '"{name}". Known placeholders: {known}.'),
                                entry, key=key, name=name, known=", ".join(sorted(NAMES)))
        return value.strip()

    def texts(self, node: dict[str, Any], entry: str, key: str) -> tuple[str, ...]:
        value = node.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) and v.strip()
                                                  for v in value):
            raise self.fail(N_('{file}, entry {id}: "{key}" must be a list of texts.'),
                            entry, key=key)
        return tuple(v.strip() for v in value)

    def unknown_keys(self, node: dict[str, Any], entry: str, allowed: set[str]) -> None:
        # A comment for translators may stand beside any text: the key COMMENT_KEY of
        # tutor/tools/yaml_extract (not imported: it loads the YAML parser).
        allowed = allowed | {"translators"}
        for key in node:
            if key not in allowed:
                raise self.fail(N_('{file}, entry {id}: unknown key "{key}"; allowed keys: '
                                   '{allowed}.'), entry, key=str(key),
                                allowed=", ".join(sorted(allowed)))

    def unique(self, seen: set[str], entry: str) -> None:
        if entry in seen:
            raise self.fail(N_("{file}, entry {id}: this id is used twice."), entry)
        seen.add(entry)


if __name__ == "__main__":
    for refreshed in refresh():
        print(f"{cache_path(refreshed).relative_to(FOLDER.parents[1])} refreshed")
