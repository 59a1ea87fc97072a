"""Reading and saving the user's files: never half a file, never a lost change.

Every save (score sheets, practice games, the tutor's progress) goes through
``write_atomic``: the text goes to a temporary file in the same folder, is flushed to the
disk, and only then takes the file's place, so that a kill, a crash or a full disk leaves
either the old file or the new one, never a mix. Temporary files that a kill or a full
disk left behind are removed at the next save of the same file.

A file the user made read-only is never replaced (``ReadOnlyFile``): the rename would
replace it as easily as any other. ``write_new`` saves a file under a name nobody has
taken (drafts, crash reports: two in the same second get two names).

Only ordinary files are read or written: ``open_regular`` is the one way a user's file
is opened for reading (it cannot block on a named pipe or a device, and refuses them),
and a save refuses a target that is a device, a named pipe or a socket, or a symbolic
link to one (``NotAFile``), instead of replacing it.

``locked`` serialises read-merge-write between programs (two tutors open at once), and
gives up after a short wait rather than freeze the program; ``hold`` keeps a file for
one program as long as it runs (one writer per saved practice game). ``read_text``
refuses a file larger than its kind can be before reading it all, and reads a UTF-8
file with or without a byte order mark (as some editors save it).
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import stat
import time
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from .file_errors import FileTooLarge, InUse, NotAFile, ReadOnlyFile

#: A temporary file older than this is a leftover, not another program's save in flight.
STRAY_AGE_SECONDS = 60.0
#: How long a save waits for another program holding the same file's lock: the lock is
#: held for a read and a write, a fraction of a second; longer, the other program is
#: stuck or stopped (Ctrl-Z), and waiting would freeze this one (the tutor saves at every
#: answer). ``InUse`` then, and the caller keeps its changes for the next save.
LOCK_TIMEOUT_SECONDS = 2.0


def state_dir() -> Path:
    """Where Celestia keeps its own files: ``CELESTIA_STATE_DIR`` if set, else the
    platform's user state directory (``~/.local/state/celestia`` on Linux)."""
    override = os.environ.get("CELESTIA_STATE_DIR")
    if override:
        return Path(override)
    # optional: the page's Python (Pyodide, tutor/web/) has no platformdirs, nor a state
    # folder; the library's cache is then skipped
    import platformdirs

    return Path(platformdirs.user_state_dir("celestia"))


def _kind(mode: int) -> str | None:
    """None for an ordinary file or a folder; else what the path names."""
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return None
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "device"
    if stat.S_ISFIFO(mode):
        return "pipe"
    if stat.S_ISSOCK(mode):
        return "socket"
    return "other"


def check_regular(path: str | Path) -> None:
    """Raise ``NotAFile`` if ``path`` (or what its symbolic links lead to) is a device, a
    named pipe or a socket; nothing if it is an ordinary file, a folder or absent."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):   # absent, or a path no system takes: said on use
        return
    kind = _kind(info.st_mode)
    if kind is not None:
        raise NotAFile(str(path), kind)


#: Opening for reading: never waits (a named pipe without a writer, a serial line), and
#: never makes a terminal device this program's controlling terminal.
_READ_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
               | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))


def open_regular(path: str | Path) -> BinaryIO:
    """``path`` opened for reading in binary, if it is an ordinary file.

    The one way a user's file is opened for reading: the open itself cannot block, and
    what it opened is checked (``fstat``) before anything is read, so a named pipe, a
    device or a socket is refused (``NotAFile``) and a folder is ``IsADirectoryError``.
    Raises ``OSError`` as ``open`` would otherwise.
    """
    check_regular(path)   # a socket cannot even be opened: say what it is
    descriptor = os.open(path, _READ_FLAGS)
    try:   # and what was opened is checked again: it may have changed meanwhile
        mode = os.fstat(descriptor).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, "a folder", str(path))
        kind = _kind(mode)
        if kind is not None:
            raise NotAFile(str(path), kind)
        with contextlib.suppress(AttributeError, OSError):
            os.set_blocking(descriptor, True)
        return os.fdopen(descriptor, "rb")
    except BaseException:
        os.close(descriptor)
        raise


def read_text(path: str | Path, limit: int) -> str:
    """The UTF-8 text of ``path`` (a leading byte order mark dropped); ``FileTooLarge``
    past ``limit`` bytes, without reading more than that. Raises ``OSError`` (``NotAFile``
    for a pipe or a device: see ``open_regular``) or ``UnicodeDecodeError``."""
    with open_regular(path) as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise FileTooLarge(limit)
    return data.decode("utf-8-sig")


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


def is_read_only(path: str | Path) -> bool:
    """True if ``path`` is a file we may not write, or that nobody may (root may write
    anything, so a file without any write permission counts as read-only too)."""
    try:
        info = os.stat(path)
    except OSError:
        return False
    if not stat.S_ISREG(info.st_mode):
        return False
    if not info.st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
        return True
    return not os.access(path, os.W_OK)


def write_atomic(path: str | Path, text: str | bytes, *, private: bool = False,
                 _locked: bool = False) -> Path:
    """Save ``text`` (UTF-8; or bytes as they are) as ``path``, atomically; returns the
    path written.

    A symbolic link is followed (its target is replaced, the link stays). ``private``
    makes a new file readable by its owner only (the state files). Raises ``OSError``
    (a full disk, a read-only folder…; ``ReadOnlyFile`` for a file made read-only,
    ``NotAFile`` for a device, a named pipe or a socket, or a link to one) and then
    leaves the old file as it was.
    """
    path = Path(os.path.realpath(path))
    check_regular(path)
    if is_read_only(path):
        raise ReadOnlyFile(str(path))
    folder = path.parent
    _make_folder(folder)
    _remove_strays(path, 0.0 if _locked else STRAY_AGE_SECONDS)
    mode = 0o600 if private and not path.exists() else _mode_for(path)
    temporary = _write_temporary(path, text, mode)
    try:
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_folder(folder)
    return path


def _write_temporary(path: Path, text: str | bytes, mode: int) -> str:
    """A temporary file beside ``path`` holding ``text``, flushed to the disk."""
    # start-up: the tutor's first screen (benchmarks/tutor.py)
    import tempfile  # only when a file is written: reading progress does not need it

    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=_temp_prefix(path),
                                         suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(text if isinstance(text, bytes) else text.encode("utf-8"))
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, mode)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    return temporary


#: How many names ``write_new`` tries (``NAME``, ``NAME-2`` … ``NAME-1000``).
NEW_NAME_ATTEMPTS = 1000


def write_new(folder: str | Path, stem: str, suffix: str, text: str | bytes, *,
              private: bool = False) -> Path:
    """Save ``text`` as a new file ``STEM.SUFFIX`` in ``folder``, or ``STEM-2.SUFFIX``,
    ``STEM-3.SUFFIX``… if that name is taken; returns the path written.

    The name is taken exclusively (a hard link of the finished temporary file, which
    fails if the name exists), so two programs saving at the same moment never write
    over each other, and a kill leaves the whole file or none. Raises ``OSError``.
    """
    folder = Path(os.path.realpath(folder))
    _make_folder(folder)
    first = folder / f"{stem}{suffix}"
    _remove_strays(first, STRAY_AGE_SECONDS)
    umask = os.umask(0)
    os.umask(umask)
    temporary = _write_temporary(first, text, 0o600 if private else 0o666 & ~umask)
    try:
        for attempt in range(1, NEW_NAME_ATTEMPTS + 1):
            path = first if attempt == 1 else folder / f"{stem}-{attempt}{suffix}"
            try:
                os.link(temporary, path)
            except FileExistsError:
                continue
            except OSError as err:
                if err.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP,
                                     errno.EMLINK):
                    raise
                # No hard links on this disk (FAT, some network shares): take the name
                # with an exclusive create, then move the finished file onto it.
                try:
                    os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
                except FileExistsError:
                    continue
                os.replace(temporary, path)
            _sync_folder(folder)
            return path
        raise OSError(errno.EEXIST, "no free name for a new file")
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temporary)


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
    # start-up: the tutor's first screen (benchmarks/tutor.py)
    from filelock import FileLock, Timeout

    target = Path(os.path.realpath(path))
    _make_folder(target.parent)
    lock = FileLock(str(target.with_name(f".{target.name}.lock")), timeout=timeout)
    try:
        lock.acquire()
    except Timeout as err:
        raise InUse(str(target)) from err
    try:
        yield Locked(target)
    finally:
        lock.release()


#: The files this program holds with ``hold`` (their real paths), and their locks.
_HOLDING: dict[str, object] = {}


def holding_lock_path(path: str | Path) -> Path:
    """Where the lock that ``hold`` takes for ``path`` is: in the state folder (a user's
    own folder gets no file of ours beside the one they named), named after the real
    path, so that every program holding the same file takes the same lock."""
    return _holding_lock(path)[1]


def _holding_lock(path: str | Path) -> tuple[str, Path]:
    real = os.path.realpath(path)
    name = hashlib.sha256(real.encode("utf-8", "surrogateescape")).hexdigest()[:32]
    return real, state_dir() / "locks" / f"{name}.lock"


@contextlib.contextmanager
def hold(path: str | Path) -> Iterator[None]:
    """Keep ``path`` for this program while the block runs (a saved practice game: one
    writer at a time). Raises ``InUse`` at once if another program holds it.

    The lock is advisory: where it cannot be made at all (a read-only state folder), the
    block runs without it rather than refuse the game.
    """
    # start-up: the tutor's first screen (benchmarks/tutor.py)
    from filelock import FileLock, Timeout

    real, lock_path = _holding_lock(path)
    if real in _HOLDING:   # this program holds it already
        yield
        return
    try:
        _make_folder(lock_path.parent)
        lock = FileLock(str(lock_path), timeout=0)
        lock.acquire()
    except Timeout as err:
        raise InUse(str(path)) from err
    except OSError:
        yield
        return
    _HOLDING[real] = lock
    try:
        yield
    finally:
        _HOLDING.pop(real, None)
        lock.release()


def held_elsewhere(path: str | Path) -> bool:
    """True if another program holds ``path`` (see ``hold``)."""
    # start-up: the tutor's first screen (benchmarks/tutor.py)
    from filelock import FileLock, Timeout

    real, lock_path = _holding_lock(path)
    if real in _HOLDING or not lock_path.exists():
        return False
    lock = FileLock(str(lock_path), timeout=0)
    try:
        lock.acquire()
    except Timeout:
        return True
    except OSError:   # no lock can be made there: nobody holds one either
        return False
    lock.release()
    return False


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
