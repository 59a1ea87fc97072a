"""The error a malformed or unplayable lesson raises: file, line and what is wrong."""

from __future__ import annotations

from typing import Any

from ..engine.messages import CelestiaError


class LessonError(CelestiaError):
    """A lesson file that cannot be used. Every message id names ``{file}`` and ``{line}``."""

    def __init__(self, msgid: str, *, file: str, line: int, **params: Any) -> None:
        self.file = file
        self.line = line
        super().__init__(msgid, file=file, line=line, **params)
