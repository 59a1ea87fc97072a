"""Only ordinary files are read or written (issue 27): a named pipe given as a file never
blocks a command, and a device, a named pipe or a socket (or a link to one) is never
replaced by a save.

A command that blocked would hang the test: every run here is cut short by an alarm,
which fails the test instead.
"""

from __future__ import annotations

import os
import signal
import socket
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from tutor import storage

from .helpers import english_words, leaks, run

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")


@pytest.fixture(autouse=True)
def no_hang() -> Iterator[None]:
    """A blocking open or read ends the test with an error after 20 seconds (and every
    5 seconds after that: a second one would block for ever)."""
    def stuck(signum: int, frame: object) -> None:
        raise TimeoutError("the command blocked")

    previous = signal.signal(signal.SIGALRM, stuck)
    signal.setitimer(signal.ITIMER_REAL, 20, 5)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _device(folder: Path) -> Path:
    """A character device of our own (the numbers of /dev/null) where the system lets us
    make one, else a link to /dev/null (which then cannot be replaced anyway)."""
    path = folder / "device"
    try:
        os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    except (PermissionError, AttributeError):
        path.symlink_to(os.devnull)
    return path


@pytest.fixture
def specials(tmp_path: Path) -> dict[str, Path]:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    device = _device(tmp_path)
    link = tmp_path / "link-to-device"
    link.symlink_to(device)
    return {"pipe": fifo, "device": device, "link": link}


def _unchanged(specials: dict[str, Path]) -> None:
    assert stat.S_ISFIFO(os.lstat(specials["pipe"]).st_mode)
    assert not stat.S_ISREG(os.stat(specials["device"]).st_mode)
    assert specials["link"].is_symlink()
    assert not stat.S_ISREG(os.stat(specials["link"]).st_mode)


READERS = [
    ("replay", "{path}"),
    ("score", "--file", "{path}"),
    ("play", "--batch", "--resume", "--save", "{path}"),
]


@pytest.mark.parametrize("argv", READERS, ids=lambda argv: argv[0])
@pytest.mark.parametrize("kind", ["pipe", "device", "link"])
@pytest.mark.parametrize("language", ["en", "fr", "hu"])
def test_reading_a_pipe_or_a_device_is_refused_at_once(
        argv: tuple[str, ...], kind: str, language: str, specials: dict[str, Path]) -> None:
    path = str(specials[kind])
    done = run(*[a.format(path=path) for a in argv], "--lang", language, stdin="quit\n")
    assert done.code == 2, done
    assert path in done.err
    word = {"en": "named pipe" if kind == "pipe" else "device",
            "fr": "tube nommé" if kind == "pipe" else "périphérique",
            "hu": "nevesített csővezeték" if kind == "pipe" else "eszköz"}[language]
    assert word in done.err, done
    if language != "en":
        assert not leaks(done.text) and not english_words(done.text, [path]), done
    _unchanged(specials)


WRITERS = [
    ("score", "--player", "Ann:25,20,4", "--player", "Bob:15,12,9", "--save", "{path}"),
    ("play", "--batch", "--seed", "3", "--save", "{path}"),
]


@pytest.mark.parametrize("argv", WRITERS, ids=lambda argv: argv[0])
@pytest.mark.parametrize("kind", ["pipe", "device", "link"])
def test_a_save_never_replaces_a_pipe_or_a_device(
        argv: tuple[str, ...], kind: str, specials: dict[str, Path]) -> None:
    path = str(specials[kind])
    done = run(*[a.format(path=path) for a in argv], "--lang", "en", stdin="quit\n")
    assert done.code == 2, done
    assert "not an ordinary file, so it is left alone" in done.err, done
    _unchanged(specials)


def test_save_file_in_a_game_refuses_a_pipe(specials: dict[str, Path], tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    done = run("play", "--batch", "--seed", "3", "--save", str(game), "--lang", "en",
               stdin=f"save {specials['pipe']}\nsave {specials['link']}\nquit\n")
    assert done.code == 1, done
    assert done.out.count("not an ordinary file, so it is left alone") == 2, done.out
    _unchanged(specials)


@pytest.mark.parametrize("kind", ["pipe", "device", "link"])
def test_write_atomic_refuses_what_is_not_an_ordinary_file(
        kind: str, specials: dict[str, Path]) -> None:
    from tutor.file_errors import NotAFile

    with pytest.raises(NotAFile) as refused:
        storage.write_atomic(specials[kind], "{}")
    assert refused.value.kind == ("pipe" if kind == "pipe" else "device")
    _unchanged(specials)


def test_open_regular_refuses_a_socket_and_reads_an_ordinary_file(tmp_path: Path) -> None:
    from tutor.file_errors import NotAFile

    server = socket.socket(socket.AF_UNIX)
    try:
        server.bind(str(tmp_path / "sock"))
        with pytest.raises(NotAFile) as refused:
            storage.read_text(tmp_path / "sock", 100)
        assert refused.value.kind == "socket"
    finally:
        server.close()
    (tmp_path / "plain.txt").write_bytes("\ufeffé".encode())
    assert storage.read_text(tmp_path / "plain.txt", 100) == "é"
    with pytest.raises(IsADirectoryError):
        storage.read_text(tmp_path, 100)


def test_state_folder_files_that_are_pipes_never_block(user_folders) -> None:
    """The saved practice game and the tutor's progress in the state folder, made pipes:
    the game is set aside as unreadable, the progress too, and nothing waits."""
    from tutor.i18n import Translator
    from tutor.lessons.progress import Progress

    user_folders.state.mkdir(parents=True, exist_ok=True)
    os.mkfifo(user_folders.state / "practice-game.json")
    done = run("play", "--batch", "--seed", "3", "--lang", "en", stdin="quit\n")
    assert done.code == 1 and "could not be read, so it was set aside" in done.out, done
    os.mkfifo(user_folders.state / "progress.json")
    progress = Progress(user_folders.state / "progress.json")
    progress.record("goal", ["c0"], False)
    assert progress.notice is not None
    assert "pipe" in Translator("en").format(progress.notice[0], **progress.notice[1])
