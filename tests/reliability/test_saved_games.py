"""`celestia play`: the saved game honours the state folder, is never replaced without a
word, resumes with every option, and a failed save says so (issues 14 and 15)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pexpect
import pytest

from tutor.engine import State, data, to_record

from .helpers import files, leaks, run


def _history(path: Path) -> list:
    return json.loads(path.read_text(encoding="utf-8"))["history"]


def test_the_default_save_is_in_the_state_folder(user_folders) -> None:
    done = run("play", "--batch", "--seed", "3", "--lang", "en", stdin="1\n")
    assert done.code == 1, done
    saved = user_folders.state / "practice-game.json"
    assert saved.exists() and f"Game saved to {saved}." in done.out
    assert "Resume it with: celestia play --resume" in done.out
    assert not (user_folders.home / ".local").exists()


def test_an_unfinished_game_is_never_replaced_without_a_word(user_folders) -> None:
    run("play", "--batch", "--seed", "3", "--lang", "en", stdin="1\n")
    saved = user_folders.state / "practice-game.json"
    before = saved.read_bytes()
    refused = run("play", "--batch", "--seed", "4", "--lang", "hu", stdin="1\n")
    assert refused.code == 2
    assert "--new" in refused.err and "celestia play --resume" in refused.err
    assert saved.read_bytes() == before and not leaks(refused.text)
    started = run("play", "--batch", "--new", "--seed", "4", "--lang", "en", stdin="quit\n")
    assert started.code == 1, started
    kept = [p for p in user_folders.state.glob("practice-game-*.json")]
    assert len(kept) == 1 and kept[0].read_bytes() == before
    assert f"celestia play --resume --save {kept[0]}" in started.out
    resumed = run("play", "--batch", "--resume", "--save", str(kept[0]), "--lang", "en",
                  stdin="quit\n")
    assert resumed.code == 1 and _history(kept[0]) == json.loads(before)["history"]


def test_a_finished_game_is_simply_replaced(user_folders) -> None:
    done = run("play", "--batch", "--seed", "5", "--bots", "1", "--lang", "en",
               stdin="1\n" * 3000)
    assert done.code == 0, done.out[-500:]
    again = run("play", "--batch", "--seed", "6", "--lang", "en", stdin="quit\n")
    assert again.code == 1 and "Game saved to" in again.out


def test_resume_restores_every_option_the_coach_included(tmp_path: Path) -> None:
    from tutor.i18n import Translator
    from tutor.practice.game import load

    save = tmp_path / "g.json"
    first = run("play", "--batch", "--seed", "7", "--bots", "cautious,bold", "--variant",
                "beginner", "--spyglass-points", "0", "--name", "Zoé", "--coach",
                "--save", str(save), "--lang", "en", stdin="1\n")
    assert first.code == 1, first
    record = json.loads(save.read_text(encoding="utf-8"))
    assert record["practice"]["coach"] is True
    assert record["options"]["variant"] == "beginner" and record["seats"][0] == "Zoé"
    assert record["options"]["spyglass_points"] == 0
    game = load(save)
    advice = [game.advice(Translator("en")).sentence]
    resumed = run("play", "--batch", "--resume", "--save", str(save), "--lang", "en",
                  stdin="quit\n")
    assert resumed.code == 1 and advice[0] in resumed.out
    plain = tmp_path / "plain.json"
    run("play", "--batch", "--seed", "7", "--bots", "cautious,bold", "--variant", "beginner",
        "--save", str(plain), "--lang", "en", stdin="1\n")
    without = run("play", "--batch", "--resume", "--save", str(plain), "--lang", "en",
                  stdin="quit\n")
    assert advice[0] not in without.out
    refused = run("play", "--batch", "--resume", "--bots", "3", "--save", str(save),
                  "--lang", "fr")
    assert refused.code == 2 and "--bots" in refused.err and not leaks(refused.text)


@pytest.mark.parametrize(("language", "colon"), [("en", ": "), ("fr", "\u202f: "),
                                               ("hu", ": ")])
def test_a_saved_game_that_cannot_be_resumed_is_named(tmp_path: Path, language: str,
                                                      colon: str) -> None:
    """A file that is no practice game, or a practice game whose history the rules refuse:
    ``--resume`` names the file, says why in the reader's language and leaves it whole."""
    save = tmp_path / "g.json"
    assert run("play", "--batch", "--seed", "7", "--save", str(save), "--lang", "en",
               stdin="1\n").code == 1
    game = json.loads(save.read_text(encoding="utf-8"))
    broken = {"other": {"a": 1}, "no-practice": {k: v for k, v in game.items()
                                                  if k != "practice"},
              "bad-practice": {**game, "practice": {"learner": 9}},
              "bad-entry": {**game, "history": [["chance", "zzz"]]}}
    for name, record in broken.items():
        path = tmp_path / f"{name}.json"
        text = json.dumps(record)
        path.write_text(text, encoding="utf-8")
        done = run("play", "--batch", "--resume", "--save", str(path), "--lang", language,
                   stdin="quit\n")
        assert done.code == 2 and done.err.startswith(f"{path}{colon}"), (name, done)
        assert done.err[len(f"{path}{colon}")].islower(), done.err
        assert not leaks(done.text) and "Traceback" not in done.text
        assert path.read_text(encoding="utf-8") == text


def test_a_failed_save_says_so_and_where_the_game_went(tmp_path: Path, user_folders) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    save = blocker / "game.json"   # cannot be written: a file stands where a folder should
    from tutor.i18n import Translator
    from tutor.practice.game import PracticeGame, Setup
    from tutor.practice.saved import saved_lines

    game = PracticeGame.new(Setup(name="Ann", bots=("cautious",), seed=2))
    game.play(game.choices()[0])
    lines = saved_lines(game, save, Translator("fr"))
    text = "\n".join(lines)
    assert "Partie enregistrée" not in text
    assert "une partie du chemin est un fichier" in text
    rescued = list(user_folders.state.glob("practice-game-*.json"))
    assert len(rescued) == 1 and str(rescued[0]) in text
    assert _history(rescued[0]) == to_record(game.state)["history"]
    assert "celestia play --resume --save" in text and not leaks(text)


def test_batch_play_reports_a_failing_save_once_and_rescues_the_game(
        tmp_path: Path, user_folders) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    done = run("play", "--batch", "--seed", "3", "--save", str(blocker / "g.json"),
               "--lang", "en", stdin="1\n1\n")
    assert done.code == 2 and "Cannot save the game" in done.err   # refused at the start


@pytest.mark.parametrize("bots", ["²", "٣", "9" * 5000, "0", "6", "a,b,c,d,e,f,g"])
def test_bad_bot_counts_are_refused(bots: str) -> None:
    done = run("play", "--batch", "--bots", bots, "--lang", "hu", stdin="quit\n")
    assert done.code == 2 and len(done.text) < 1000 and not leaks(done.text)


def test_odd_lines_in_batch_are_answered(tmp_path: Path) -> None:
    lines = ["²", "٣", "9" * 5000, "x" * 100_000, "\x00", "-1", "0", "quit"]
    done = run("play", "--batch", "--seed", "3", "--save", str(tmp_path / "g.json"),
               "--lang", "en", stdin="\n".join(lines) + "\n")
    assert done.code == 1, done
    assert len(done.out) < 20_000                   # the 100,000 x are quoted short


def test_ejection_of_a_superscript_seat_in_a_record(tmp_path: Path) -> None:
    state = State(__import__("tutor.engine", fromlist=["Options"]).Options(players=3),
                  ["A", "B", "C"])
    record = to_record(state)
    record["history"] = [["chance", "deck " + " ".join(["ejection"] * 2 + ["compass"] * 18
                                                       + ["lightning-rod"] * 18
                                                       + ["foghorn"] * 16 + ["cannon"] * 14
                                                       + ["turbo"] * 8 + ["jetpack"] * 2
                                                       + ["alternative-route"] * 2
                                                       + ["gust-of-wind"] * 2)],
                         [0, "play ejection ²"]]
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    done = run("replay", str(path), "--lang", "fr")
    assert done.code == 2 and not leaks(done.text)


def test_the_saved_game_question_in_a_real_terminal(tmp_path: Path) -> None:
    env = {**os.environ, "TERM": "xterm", "NO_COLOR": "1", "CELESTIA_STATE_DIR": str(tmp_path)}

    def play(*extra: str) -> pexpect.spawn:
        return pexpect.spawn(sys.executable, ["-m", "tutor", "play", "--seed", "3", "--lang",
                                              "en", *extra], dimensions=(30, 100),
                             encoding="utf-8", timeout=30, env=env)

    child = play()
    child.expect("q: quit")
    child.send("1")
    child.send("q")
    child.expect(pexpect.EOF)
    saved = tmp_path / "practice-game.json"
    before = saved.read_bytes()
    # Again: the question comes first; 3 quits and changes nothing.
    child = play("--seed", "9")
    child.expect(r"An unfinished game against Nimbus and Cirrus is saved in .*voyage 1")
    child.expect("Your choice")
    child.sendline("3")
    child.expect(pexpect.EOF)
    assert saved.read_bytes() == before
    # 2 starts a new game and keeps the old one.
    child = play("--seed", "9")
    child.expect("Your choice")
    child.sendline("2")
    child.expect("The unfinished game is kept in")
    child.expect("q: quit")
    child.send("q")
    child.expect(pexpect.EOF)
    kept = list(tmp_path.glob("practice-game-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == before
    # 1 (or Enter) goes on with the saved game.
    child = play()
    child.expect("Your choice")
    child.sendline("")
    child.expect("q: quit")
    child.send("q")
    child.expect("Game saved to")
    child.expect(pexpect.EOF)


@pytest.mark.parametrize("size", [(24, 2), (24, 1), (1, 80), (3, 3)])
def test_a_tiny_terminal_neither_hangs_nor_blocks_q(tmp_path: Path,
                                                    size: tuple[int, int]) -> None:
    env = {**os.environ, "TERM": "xterm", "NO_COLOR": "1", "CELESTIA_STATE_DIR": str(tmp_path)}
    child = pexpect.spawn(sys.executable, ["-m", "tutor", "play", "--seed", "3", "--lang",
                                           "en"], dimensions=size, encoding="utf-8",
                          timeout=20, env=env)
    child.expect(r"\S")          # the screen is drawn
    child.setwinsize(2, 2)       # a brief resize to almost nothing, and back
    child.setwinsize(*size)
    child.send("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    assert (tmp_path / "practice-game.json").exists()
    assert data.MAX_PLAYERS  # the module under test imported fine
    assert files(tmp_path)


@pytest.mark.parametrize("lang", ["en", "fr", "hu"])
def test_the_end_of_a_game_is_wrapped_to_the_terminal_and_the_file_left_whole(
        tmp_path: Path, user_folders, lang: str) -> None:
    """Printed once the game's screen is gone, the end of the game is wrapped between words
    (the terminal would cut a word, or leave a full stop alone on a line); the line that
    names the file is left whole, so that it can be copied."""
    from tutor.i18n import Translator
    from tutor.practice.game import PracticeGame, Setup
    from tutor.practice.saved import saved_lines

    game = PracticeGame.new(Setup(name="Ann", bots=("bold", "bold", "bold"), seed=4))
    while not game.over:
        game.play(game.choices()[0])
    save = tmp_path / ("a folder with a long name, so that its path is wider than the "
                       "screen") / "game.json"
    tr = Translator(lang)
    whole = saved_lines(game, save, tr)
    wrapped = saved_lines(game, save, tr, columns=40)
    assert wrapped[0] == whole[0] and str(save) in wrapped[0] and len(wrapped[0]) > 40
    assert all(len(line) <= 40 for line in wrapped[1:])
    assert len(wrapped) > len(whole)
    # The same words in the same order; a line's continuation indented two spaces more.
    assert " ".join(wrapped[1:]).split() == " ".join(whole[1:]).split()
    assert not any(line.lstrip().startswith(".") for line in wrapped)
    scores = [line for line in wrapped if line.startswith("  1. ")]
    assert len(scores) == 1
