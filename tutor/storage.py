"""Reading and saving the user's files: never half a file, never a lost change.

Every save (score sheets, practice games, the tutor's progress) goes through
``write_atomic``: the text goes to a temporary file in the same folder, is flushed to the
disk, and only then takes the file's place, so that a kill, a crash or a full disk leaves
either the old file or the new one, never a mix. Temporary files that a kill or a full
disk left behind are removed at the next save of the same file.

``locked`` serialises read-merge-write between programs (two tutors open at once);
``read_text`` refuses a file larger than its kind can be before reading it all.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import time
from collections.abc import Iterator
from pathlib import Path

from .file_errors import FileTooLarge

#: A temporary file older than this is a leftover, not another program's save in flight.
STRAY_AGE_SECONDS = 60.0
#: How long a save waits for another program holding the same file's lock.
LOCK_TIMEOUT_SECONDS = 10.0


def state_dir() -> Path:
    """Where Celestia keeps its own files: ``CELESTIA_STATE_DIR`` if set, else the
    platform's user state directory (``~/.local/state/celestia`` on Linux)."""
    override = os.environ.get("CELESTIA_STATE_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_state_dir("celestia"))


def read_text(path: str | Path, limit: int) -> str:
    """The UTF-8 text of ``path``; ``FileTooLarge`` past ``limit`` bytes, without reading
    more than that. Raises ``OSError`` or ``UnicodeDecodeError`` as ``open`` would."""
    with open(path, "rb") as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise FileTooLarge(limit)
    return data.decode("utf-8")


def _temp_prefix(path: Path) -> str:
    return f".{path.name}."


def _remove_strays(path: Path, max_age: float) -> None:
    """Remove temporary files of earlier saves of ``path`` older than ``max_age`` seconds."""
    now = time.time()
    patterns = [f"{_temp_prefix(path)}*.tmp", f"{path.name}*.tmp"]  # the second: older saves
    for pattern in patterns:
        for stray in path.parent.glob(pattern):
            with contextlib.suppress(OSError):
                if now - stray.lstat().st_mtime >= max_age:
                    stray.unlink()


def _mode_for(path: Path) -> int:
    """The permissions the saved file gets: the old file's, else the usual ones."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def write_atomic(path: str | Path, text: str | bytes, *, private: bool = False,
                 _locked: bool = False) -> Path:
    """Save ``text`` (UTF-8; or bytes as they are) as ``path``, atomically; returns the
    path written.

    A symbolic link is followed (its target is replaced, the link stays). ``private``
    makes a new file readable by its owner only (the state files). Raises ``OSError``
    (a full disk, a read-only folder…) and then leaves the old file as it was.
    """
    path = Path(os.path.realpath(path))
    folder = path.parent
    _make_folder(folder)
    _remove_strays(path, 0.0 if _locked else STRAY_AGE_SECONDS)
    mode = 0o600 if private and not path.exists() else _mode_for(path)
    import tempfile  # only when a file is written: reading progress does not need it

    handle, temporary = tempfile.mkstemp(dir=folder, prefix=_temp_prefix(path), suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(text if isinstance(text, bytes) else text.encode("utf-8"))
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_folder(folder)
    return path


def _make_folder(folder: Path) -> None:
    """Create ``folder`` and its parents; a file in the way is ``ENOTDIR``, as the system
    says when it meets one inside a path."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError as err:
        raise NotADirectoryError(errno.ENOTDIR, "a file stands where a folder should") from err


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (not every system can open a folder for this)."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


class Locked:
    """Exclusive use of one file between programs, for a read-merge-write."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def write(self, text: str, *, private: bool = False) -> Path:
        """``write_atomic`` under the lock (every stray temporary file is removed)."""
        return write_atomic(self.path, text, private=private, _locked=True)


@contextlib.contextmanager
def locked(path: str | Path, timeout: float = LOCK_TIMEOUT_SECONDS) -> Iterator[Locked]:
    """Hold the lock of ``path`` (a ``.NAME.lock`` file beside it) for a read-merge-write.

    Raises ``OSError`` if the lock cannot be made (a read-only folder) or another
    program holds it longer than ``timeout`` seconds (``EBUSY``).
    """
    from filelock import FileLock, Timeout

    target = Path(os.path.realpath(path))
    _make_folder(target.parent)
    lock = FileLock(str(target.with_name(f".{target.name}.lock")), timeout=timeout)
    try:
        lock.acquire()
    except Timeout as err:
        raise OSError(errno.EBUSY, "locked by another program") from err
    try:
        yield Locked(target)
    finally:
        lock.release()


def set_aside(path: str | Path, tag: str) -> Path:
    """Rename ``path`` to ``NAME.TAG-YYYYmmdd-HHMMSS`` beside it (never over another
    file) and return the new path; raises ``OSError`` if it cannot be renamed."""
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for attempt in range(1000):
        suffix = f"-{attempt}" if attempt else ""
        aside = path.with_name(f"{path.name}.{tag}-{stamp}{suffix}")
        if not aside.exists():
            os.rename(path, aside)
            return aside
    raise OSError(errno.EEXIST, "no free name to set the file aside")
