"""The standard streams as a service manager or a careless script leaves them (issue 27):
closed (``<&-``, ``>&-``), or carrying bytes that are not UTF-8 text. Each is an
ordinary error in the reader's language, never a crash, and nothing typed is lost.
Ctrl-C ends every command with 130."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from .helpers import english_words, leaks, run

#: Every command, as a script would run it, with what it needs.
COMMANDS = {
    "tutor": ["tutor"],
    "play": ["play", "--batch", "--seed", "3"],
    "score": ["score"],
    "rules": ["rules", "3.4"],
    "replay": ["replay", "RECORD"],
    "faq": ["faq", "compass"],
    "glossary": ["glossary", "compass"],
    "odds": ["odds", "--dice", "fog,pirates", "--hand", "compass", "--city", "4"],
    "simulate": ["simulate", "--games", "1"],
}
#: The commands that read what is typed: a closed input stops them.
READERS = {"tutor", "play", "score"}


def _shell(argv: list[str], redirect: str, language: str, folder: Path,
           user_folders) -> subprocess.CompletedProcess[str]:
    """``celestia ARGV REDIRECT`` run by a real shell (the descriptor really closed)."""
    record = folder / "record.json"
    if not record.exists():
        from tutor.engine import Options, State, to_record

        record.write_text(json.dumps(to_record(State(Options(players=3)))), encoding="utf-8")
    words = [str(record) if a == "RECORD" else a for a in argv]
    command = " ".join(["exec", sys.executable, "-m", "tutor", "--lang", language,
                        *(f"'{w}'" for w in words), redirect])
    env = {**os.environ, "CELESTIA_STATE_DIR": str(user_folders.state)}
    env.pop("CELESTIA_DEBUG", None)
    return subprocess.run(["sh", "-c", command], stderr=subprocess.PIPE, text=True,
                          stdout=None if redirect == ">&-" else subprocess.PIPE,
                          stdin=subprocess.DEVNULL if redirect == ">&-" else None,
                          cwd=folder, env=env, timeout=120)


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_closed_output_is_a_clear_error_in_every_command(name: str, tmp_path: Path,
                                                           user_folders) -> None:
    done = _shell(COMMANDS[name], ">&-", "fr", tmp_path, user_folders)
    assert done.returncode == 2, done
    assert "Traceback" not in done.stderr
    assert "sortie standard est fermée" in done.stderr, done.stderr


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_closed_input_stops_only_what_reads_it(name: str, tmp_path: Path,
                                                 user_folders) -> None:
    done = _shell(COMMANDS[name], "<&-", "hu", tmp_path, user_folders)
    assert "Traceback" not in done.stderr and done.returncode != 70, done
    if name in READERS:
        assert done.returncode == 2, done
        assert "bemenet le van zárva" in done.stderr, done.stderr
        assert not (user_folders.state / "practice-game.json").exists()  # nothing started
    else:
        assert done.returncode == 0, done
        assert done.stdout


@pytest.mark.parametrize("language", ["en", "fr", "hu"])
def test_a_line_that_is_not_utf8_stops_the_entry_and_keeps_the_players(
        language: str, user_folders) -> None:
    typed = "Ann\n25 20 4\n1\nZoé\n3\n0\n\n".encode("latin-1")
    done = run("score", "--lang", language, stdin=typed)
    assert done.code == 1, done   # an entry that stopped, as at the end of the input
    assert "Traceback" not in done.text
    if language == "en":
        assert "Line 4 of the standard input is not UTF-8 text" in done.err, done
        assert "\\xe9" in done.err
    else:
        assert not leaks(done.text) and not english_words(done.text), done
    (draft,) = user_folders.state.glob("score-sheet-*.toml")
    assert 'name = "Ann"' in draft.read_text(encoding="utf-8")
    assert str(draft) in done.out


def test_a_line_that_is_not_utf8_in_a_batch_game_saves_the_game(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    done = run("play", "--batch", "--seed", "3", "--save", str(game), "--lang", "en",
               stdin=b"1\nsta\xe9y\n1\n")
    assert done.code == 1, done   # a game left unfinished, as at the end of the input
    assert "Line 2 of the standard input is not UTF-8 text" in done.out
    assert f"Game saved to {game}." in done.out
    assert len(json.loads(game.read_text(encoding="utf-8"))["history"]) > 0


def test_utf8_input_is_read_whole(user_folders) -> None:
    done = run("score", "--lang", "en", stdin="Zoé\n25 20 4\n1\nÁdám\n4\n0\n\n".encode())
    assert done.code == 0, done
    assert "Zoé wins." in done.out


def test_closed_streams_in_the_process_are_the_same_errors() -> None:
    closed_output = run("rules", "3.4", "--lang", "en", output_closed=True)
    assert closed_output.code == 2 and "The standard output is closed" in closed_output.err
    closed_input = run("score", "--lang", "en", stdin=None)
    assert closed_input.code == 2 and "The standard input is closed" in closed_input.err
    assert run("rules", "3.4", "--lang", "en", stdin=None).code == 0
