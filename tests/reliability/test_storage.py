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


@pytest.mark.parametrize("hard_links", [True, False])
def test_write_new_never_writes_over_a_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                            hard_links: bool) -> None:
    if not hard_links:   # a disk without hard links (FAT, some network shares)
        def no_link(source: str, target: str) -> None:
            raise OSError(errno.EPERM, "Operation not permitted")

        monkeypatch.setattr(os, "link", no_link)
    (tmp_path / "draft.toml").write_text("mine", encoding="utf-8")
    written = [storage.write_new(tmp_path, "draft", ".toml", f"sheet {i}") for i in range(3)]
    assert [p.name for p in written] == ["draft-2.toml", "draft-3.toml", "draft-4.toml"]
    assert (tmp_path / "draft.toml").read_text(encoding="utf-8") == "mine"
    assert [p.read_text(encoding="utf-8") for p in written] == ["sheet 0", "sheet 1", "sheet 2"]
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "draft-2.toml", "draft-3.toml", "draft-4.toml", "draft.toml"]   # no leftover
    private = storage.write_new(tmp_path / "state", "crash", ".txt", "x", private=True)
    assert private.stat().st_mode & 0o777 == 0o600


def test_write_new_from_many_programs_at_once_keeps_every_file(tmp_path: Path) -> None:
    import subprocess
    import sys

    script = ("import sys; from tutor import storage; "
              "[storage.write_new(sys.argv[1], 'draft', '.toml', sys.argv[2] + str(i)) "
              "for i in range(10)]")
    workers = [subprocess.Popen([sys.executable, "-c", script, str(tmp_path), f"w{n}-"])
               for n in range(4)]
    assert [worker.wait(120) for worker in workers] == [0] * 4
    texts = sorted(p.read_text(encoding="utf-8") for p in tmp_path.glob("draft*.toml"))
    assert texts == sorted(f"w{n}-{i}" for n in range(4) for i in range(10))


def test_a_file_made_read_only_is_never_replaced(tmp_path: Path) -> None:
    from tutor.file_errors import ReadOnlyFile, os_reason

    target = tmp_path / "sheet.toml"
    target.write_text("old", encoding="utf-8")
    target.chmod(0o444)
    try:
        with pytest.raises(ReadOnlyFile) as err:
            storage.write_atomic(target, "new")
        assert target.read_text(encoding="utf-8") == "old"
        assert os_reason(err.value).msgid == "it is read-only, so it is left as it is."
    finally:
        target.chmod(0o644)
    storage.write_atomic(target, "new")
    assert target.read_text(encoding="utf-8") == "new"


def test_a_byte_order_mark_is_not_part_of_the_text(tmp_path: Path) -> None:
    path = tmp_path / "sheet.toml"
    path.write_bytes(b"\xef\xbb\xbfname = 1\n")
    assert storage.read_text(path, 100) == "name = 1\n"
