"""`celestia score`: nothing typed is lost, nothing is written over a file before the
whole sheet is checked, comments survive, saves are atomic (issue 15)."""

from __future__ import annotations

import errno
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from tutor.engine import data

from .helpers import files, leaks, run

SHEET = """# Saturday at Ann's: keep this note
variant = "standard"   # we always play standard
spyglass_points = 2

[[players]]
name = "Ann"   # the host
treasures = [25, 20, 4]
spyglasses = 1

# Bob came late
[[players]]
name = "Bob"
treasures = [15, 12, {bob}]
"""


def test_a_refused_sheet_is_not_written_over(tmp_path: Path) -> None:
    sheet = tmp_path / "sheet.toml"
    sheet.write_text(SHEET.format(bob=3), encoding="utf-8")
    before = sheet.read_bytes()
    done = run("score", "--file", str(sheet), "--save", str(sheet), "--lang", "en")
    assert done.code == 2
    assert "Bob: the game has no treasure of value 3" in done.err
    assert f"Nothing was written to {sheet}." in done.err
    assert sheet.read_bytes() == before             # Bob and the comments are still there


def test_saving_keeps_the_files_comments_and_adds_players(tmp_path: Path) -> None:
    sheet = tmp_path / "sheet.toml"
    sheet.write_text(SHEET.format(bob=9), encoding="utf-8")
    done = run("score", "--file", str(sheet), "--save", str(sheet), "--player", "Cy:2,4",
               "--lang", "en")
    assert done.code == 0, done.err
    text = sheet.read_text(encoding="utf-8")
    assert text.startswith(SHEET.format(bob=9))     # untouched, comments included
    assert 'name = "Cy"' in text and "treasures = [2, 4]" in text
    again = run("score", "--file", str(sheet), "--lang", "en")
    assert again.code == 0 and "Ann wins." in again.out


def test_a_full_disk_leaves_the_old_sheet_whole(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    sheet = tmp_path / "sheet.toml"
    sheet.write_text(SHEET.format(bob=9), encoding="utf-8")
    before = sheet.read_bytes()

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    done = run("score", "--file", str(sheet), "--save", str(sheet), "--player", "Cy:2",
               "--lang", "fr")
    assert done.code == 2
    assert "le disque est plein" in done.err and not leaks(done.text)
    assert sheet.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sheet.toml"]


def test_beginner_variant_rechecks_the_files_spyglasses(tmp_path: Path) -> None:
    sheet = tmp_path / "sheet.toml"
    sheet.write_text(SHEET.format(bob=9), encoding="utf-8")
    done = run("score", "--file", str(sheet), "--variant", "beginner", "--lang", "en")
    assert done.code == 2 and "beginner variant has no Magic Spyglasses" in done.err


@pytest.mark.parametrize("argv", [
    ["--player", "Ann:²", "--player", "Bob:4"],
    ["--player", "Ann:25", "--player", "Bob:4", "--spyglasses", "Ann=²"],
    ["--player", "Ann:" + "9" * 5000, "--player", "Bob:4"],
    ["--player", "Ann\nEve:25", "--player", "Bob:4"],
    ["--player", "Ann:25", "--player", "Bob:4", "--spyglass-points", "-5"],
    ["--player", "Ann:25", "--player", "Bob:4", "--spyglass-points", "1" + "0" * 27],
    ["--player", "Ann:25", "--player", "Bob:4", "--spyglass-points", "²"],
])
@pytest.mark.parametrize("language", ["en", "fr", "hu"])
def test_bad_numbers_and_names_are_refused_in_words(argv: list[str], language: str,
                                                    tmp_path: Path) -> None:
    save = tmp_path / "out.toml"
    done = run("score", *argv, "--save", str(save), "--lang", language)
    assert done.code == 2, done
    assert len(done.text) < 2000                    # a long input is quoted short
    assert not save.exists()
    if language != "en":
        assert not leaks(done.text, " ".join(argv))


def test_a_sheet_file_with_huge_or_odd_values(tmp_path: Path) -> None:
    sheet = tmp_path / "odd.toml"
    for body in ['[[players]]\nname = "Ann"\ntreasures = [' + "9" * 4000 + "]\n",
                 '[[players]]\nname = "Ann"\ntreasures = [' + "9" * 5000 + "]\n",
                 "spyglass_points = " + "9" * 30 + "\n",
                 'variant = 3\n', '[[players]]\nname = "A\\nB"\ntreasures = [1]\n',
                 '[[players]]\nname = "Ann"\ntreasures = [' + "1, " * 5000 + "1]\n",
                 "players = " + "[" * 500 + "]" * 500 + "\n",
                 "\n".join(f'[[players]]\nname = "P{i}"\ntreasures = [1]' for i in range(50))]:
        sheet.write_text(body, encoding="utf-8")
        done = run("score", "--file", str(sheet), "--lang", "hu")
        assert done.code == 2, (body[:60], done)
        assert len(done.text) < 3000 and not leaks(done.text)


class _Answers:
    """A person at a terminal answering the prompts one by one, then pressing Ctrl-C;
    ``during`` runs after the answer of that number (the world changing meanwhile)."""

    interactive = True

    def __init__(self, answers: list[str], during: dict[int, Callable[[], None]]) -> None:
        self.feed = iter(answers)
        self.during = during
        self.questions: list[str] = []

    def __call__(self, question: str, default: str) -> str:
        self.questions.append(question)
        if len(self.questions) - 1 in self.during:
            self.during[len(self.questions) - 1]()
        try:
            return next(self.feed).strip() or default
        except StopIteration:
            raise KeyboardInterrupt from None


def _interactive(answers: list[str], monkeypatch: pytest.MonkeyPatch, *,
                 terminal: bool = False,
                 during: dict[int, Callable[[], None]] | None = None) -> _Answers:
    """Answer the prompts one by one; then Ctrl-C. ``terminal``: a person who can be
    asked a question (else the answers come as from a pipe)."""
    import tutor.commands.score as score

    ask = _Answers(answers, during or {})
    ask.interactive = terminal
    monkeypatch.setattr(score, "_prompt", lambda: ask)
    return ask


def test_a_bad_value_is_asked_again_and_nothing_typed_is_lost(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "evening.toml"
    _interactive(["Ann", "25", "1", "Bob", "²", "15 12 9", "0", ""], monkeypatch)
    done = run("score", "--save", str(save), "--lang", "en")
    assert done.code == 0, done
    assert '"²" is not a treasure value' in done.out
    assert "Bob wins." in done.out and "Ann   27" in done.out
    text = save.read_text(encoding="utf-8")
    assert 'name = "Ann"' in text and "treasures = [15, 12, 9]" in text


def test_an_interrupted_entry_with_an_unwritable_save_keeps_the_players(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, user_folders) -> None:
    blocker = tmp_path / "file"

    def block() -> None:   # a file appears where the sheet's folder should be
        blocker.write_text("not a folder", encoding="utf-8")

    # Ctrl-C at the next name, after the file has appeared.
    _interactive(["Ann", "25 20", "1"], monkeypatch, during={1: block})
    done = run("score", "--save", str(blocker / "sheet.toml"), "--lang", "fr")
    assert done.code == 130, done   # Ctrl-C, as in every command
    assert 'name = "Ann"' in done.out               # on screen, as a sheet file
    drafts = list(user_folders.state.glob("score-sheet-*.toml"))
    assert len(drafts) == 1 and 'name = "Ann"' in drafts[0].read_text(encoding="utf-8")
    assert str(drafts[0]) in done.out and not leaks(done.text)
    assert blocker.read_text(encoding="utf-8") == "not a folder"
    # And the draft finishes the sheet.
    finish = run("score", "--file", str(drafts[0]), "--player", "Bob:4", "--lang", "en")
    assert finish.code == 0 and "Ann wins." in finish.out


def test_treasures_typed_before_an_interruption_are_kept(
        monkeypatch: pytest.MonkeyPatch, user_folders) -> None:
    _interactive(["Ann", "25", "1", "Bob", "15 12 9"], monkeypatch)  # Ctrl-C at Bob's Spyglasses
    done = run("score", "--lang", "en")
    assert done.code == 130
    assert "Bob's treasures are kept" in done.out
    draft = next(user_folders.state.glob("score-sheet-*.toml")).read_text(encoding="utf-8")
    assert 'name = "Bob"' in draft and "treasures = [15, 12, 9]" in draft


def test_names_that_would_break_the_file_are_refused_interactively(
        monkeypatch: pytest.MonkeyPatch) -> None:
    _interactive(["Ann\x1b[2J", "Ann", "25", "0", "Bob", "4", "0", ""], monkeypatch)
    done = run("score", "--lang", "en")
    assert done.code == 0 and "control character" in done.out


def test_every_value_the_sheet_takes_round_trips(tmp_path: Path) -> None:
    sheet = tmp_path / "all.toml"
    values = ",".join(str(v) for v in sorted(data.CITY_VALUES))
    done = run("score", "--player", f"Ann:{values}", "--player", 'Bo"b\\:1',
               "--save", str(sheet), "--lang", "en")
    assert done.code == 0, done
    again = run("score", "--file", str(sheet), "--lang", "en")
    assert again.code == 0 and again.out == done.out
    assert files(tmp_path).keys() == {"all.toml"}
