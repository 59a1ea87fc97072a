"""One writer per saved game (issue 27): a practice game open in one window is never
written over by a second one, which is told so and offered a file of its own; a tutor
never freezes waiting for another tutor's lock."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest

from .helpers import english_words, leaks, run


@pytest.fixture
def first(tmp_path: Path, user_folders) -> Iterator[tuple[subprocess.Popen[str], Path]]:
    """A practice game open in another program: it waits for its next move."""
    game = tmp_path / "game.json"
    env = {**os.environ, "CELESTIA_STATE_DIR": str(user_folders.state)}
    env.pop("CELESTIA_DEBUG", None)
    process = subprocess.Popen([sys.executable, "-m", "tutor", "play", "--batch", "--seed",
                                "3", "--save", str(game), "--lang", "en"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env=env)
    assert process.stdout is not None
    while "Your choices:" not in process.stdout.readline():
        assert process.poll() is None, process.stderr.read()  # type: ignore[union-attr]
    while not game.exists():
        time.sleep(0.05)
    try:
        yield process, game
    finally:
        if process.poll() is None:
            process.kill()
        process.communicate()


def test_a_second_session_never_writes_over_the_open_game(
        first: tuple[subprocess.Popen[str], Path], tmp_path: Path) -> None:
    process, game = first
    before = game.read_bytes()
    for start in (["--seed", "4"], ["--seed", "4", "--new"]):
        second = run("play", "--batch", *start, "--save", str(game), "--lang", "en",
                     stdin="1\n1\nquit\n")
        assert second.code == 2, second
        assert f"The game saved in {game} is open in another window or program" in second.err
        assert "celestia play --save " in second.err   # a file of its own is offered
        assert game.read_bytes() == before
    resumed = run("play", "--batch", "--resume", "--save", str(game), "--lang", "en",
                  stdin="1\nquit\n")
    assert resumed.code == 2 and "go on with it there" in resumed.err, resumed
    copy = tmp_path / "copy.json"
    copy.write_bytes(before)
    other = run("play", "--batch", "--resume", "--save", str(copy), "--lang", "en",
                stdin=f"save {game}\nquit\n")
    assert f"The game saved in {game} is open in another window or program: it is not " \
           "written over" in other.out, other
    assert game.read_bytes() == before and set(p.name for p in tmp_path.iterdir()) == {
        "game.json", "copy.json"}
    # The first session goes on and keeps every move.
    out, _err = process.communicate("1\nquit\n", timeout=60)
    assert process.returncode == 1 and f"Game saved to {game}." in out
    history = json.loads(game.read_text(encoding="utf-8"))["history"]
    assert history[:len(json.loads(before)["history"])] == json.loads(before)["history"]
    # Once it has ended, the game is free again.
    again = run("play", "--batch", "--resume", "--save", str(game), "--lang", "en",
                stdin="quit\n")
    assert again.code == 1, again


@pytest.mark.parametrize("language", ["fr", "hu"])
def test_the_game_open_elsewhere_is_said_in_the_reader_language(
        first: tuple[subprocess.Popen[str], Path], language: str) -> None:
    _process, game = first
    second = run("play", "--batch", "--save", str(game), "--lang", language, stdin="quit\n")
    assert second.code == 2 and str(game) in second.err, second
    said = {"fr": "est ouverte dans une autre fenêtre ou un autre programme",
            "hu": "nyitva van egy másik ablakban vagy programban"}[language]
    assert said in second.err, second
    assert not leaks(second.text) and not english_words(second.text, [str(game)]), second


def test_at_a_terminal_the_second_session_is_offered_a_file_of_its_own(
        first: tuple[subprocess.Popen[str], Path], tmp_path: Path, user_folders) -> None:
    _process, game = first
    before = game.read_bytes()
    env = {**os.environ, "TERM": "xterm", "NO_COLOR": "1",
           "CELESTIA_STATE_DIR": str(user_folders.state)}
    env.pop("CELESTIA_DEBUG", None)
    child = pexpect.spawn(sys.executable, ["-m", "tutor", "play", "--seed", "9", "--save",
                                           str(game), "--lang", "en"], dimensions=(30, 100),
                          encoding="utf-8", timeout=30, env=env)
    child.expect("is open in another window or program")
    child.expect(r"Start a new game in a file of its own \((.*?)\)")
    mine = Path(child.match.group(1))
    child.expect("Your choice")
    child.sendline("1")
    child.expect("q: quit")
    child.send("q")
    child.expect(f"Game saved to {mine}")
    child.expect(pexpect.EOF)
    assert mine.parent == game.parent and mine.exists() and game.read_bytes() == before
    # Quit leaves both alone.
    child = pexpect.spawn(sys.executable, ["-m", "tutor", "play", "--save", str(game),
                                           "--lang", "en"], dimensions=(30, 100),
                          encoding="utf-8", timeout=30, env=env)
    child.expect("Your choice")
    child.sendline("2")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and game.read_bytes() == before


def test_a_tutor_never_waits_long_for_another_tutors_lock(user_folders) -> None:
    """Another tutor stuck while saving (stopped with Ctrl-Z, say): this one says so at
    once, keeps its answers, and saves them with the next step once the other is gone."""
    from filelock import FileLock

    from tutor.i18n import Translator
    from tutor.lessons.progress import LOCK_WAIT_SECONDS, Progress
    from tutor.storage import LOCK_TIMEOUT_SECONDS

    assert LOCK_WAIT_SECONDS <= LOCK_TIMEOUT_SECONDS <= 2
    path = user_folders.state / "progress.json"
    progress = Progress(path)
    progress.record("goal", ["c0"], False)
    other = FileLock(str(path.with_name(".progress.json.lock")), timeout=0)
    other.acquire()
    try:
        progress.record("goal", ["c0", "c1"], False)
        assert progress.notice is not None
        said = Translator("en").format(progress.notice[0], **progress.notice[1])
        assert "Another Celestia tutor is saving its progress" in said
        assert "yours is kept" in said
        on_disk = json.loads(path.read_text(encoding="utf-8"))
        assert on_disk["lessons"]["goal"]["inputs"] == ["c0"]
    finally:
        other.release()
    progress.record("roll", ["c2"], False)
    on_disk = json.loads(path.read_text(encoding="utf-8"))
    assert on_disk["lessons"]["goal"]["inputs"] == ["c0", "c1"]
    assert on_disk["lessons"]["roll"]["inputs"] == ["c2"]
