"""``filelock`` as the lesson page needs it, shipped in the page's archive in place of
the library (whose start imports ``inspect``, ``logging`` and more: a second of a phone's
time, for nothing). In the page, one Python runs in one Web Worker with its own files in
memory: no other program can hold a lock there, so taking one always succeeds at once.
Only what ``tutor.storage`` uses is here: ``FileLock`` and ``Timeout``."""

from __future__ import annotations

from typing import Any


class Timeout(TimeoutError):
    """Never raised in the page: nothing else can hold a lock."""


class FileLock:
    """A lock that no one else can hold: acquired at once, counted like the library's."""

    def __init__(self, lock_file: str, timeout: float = -1, **_options: Any) -> None:
        self.lock_file = lock_file
        self.timeout = timeout
        self._count = 0

    @property
    def is_locked(self) -> bool:
        return self._count > 0

    def acquire(self, timeout: float | None = None, **_options: Any) -> FileLock:
        self._count += 1
        return self

    def release(self, force: bool = False) -> None:
        self._count = 0 if force else max(0, self._count - 1)

    def __enter__(self) -> FileLock:
        return self.acquire()

    def __exit__(self, *_exception: object) -> None:
        self.release()
