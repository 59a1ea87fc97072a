"""Bad input is quoted short and refused before anything large is built; an unknown
CELESTIA_LANG does not make every command unusable; saves never replace a file made
read-only or a file of another kind; files with a byte order mark are read."""

from __future__ import annotations

import json
import tracemalloc
from pathlib import Path

import pytest

from tutor.engine import Options, SeededChance, State, to_record

from .helpers import files, leaks, run

LONG = "z" * 120_000


@pytest.mark.parametrize("argv", [
    ["odds", "--dice", "fog", "--hand", "2 " + LONG],
    ["odds", "--dice", "fog", "--discarded", "2 compass" + LONG],
    ["odds", "--dice", "fog", "--hand", LONG],
    ["odds", "--dice", "fog,fog", "--city", "2", "--treasures", "1:" + LONG],
    ["odds", "--variant", LONG],
    ["odds", "--dice", "fog", "--" + LONG],
    [LONG],
    ["score", "--variant", LONG],
    ["simulate", "--games", "9" * 5000],
    ["simulate", "--games", LONG],
    ["rules", "3." + LONG],
    ["faq", "--id", LONG],
    ["glossary", LONG],
    ["tutor", "--lesson", LONG, "--transcript"],
    ["play", "--batch", "--bots", LONG],
    ["--lang", LONG, "rules"],
    ["replay", LONG],                     # no system takes a path this long
    ["score", "--file", LONG],
    ["score", "--player", "Ann:4", "--player", "Bob:2", "--save", LONG],
    ["play", "--batch", "--save", LONG],
])
@pytest.mark.parametrize("language", ["en", "hu"])
def test_bad_input_is_quoted_short(argv: list[str], language: str, tmp_path: Path,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    if argv[0] != "--lang":
        argv = [*argv, "--lang", language]
    done = run(*argv, stdin="quit\n")
    assert done.code in (1, 2), done.text[:500]
    assert len(done.text) < 2_000, done.text[:500]
    assert "z" * 41 not in done.text
    if language != "en":
        assert not leaks(done.text)


@pytest.mark.parametrize("typed", ["2 compass", "2 x compass", "2 × compass"])
def test_the_spelling_hint_shows_the_new_way_once(typed: str) -> None:
    done = run("odds", "--dice", "fog", "--hand", typed, "--lang", "en")
    assert done.code == 2
    assert done.err.strip() == (f'"{typed}" in --hand: write a number of cards with an x '
                                "and no space, as in 2xcompass.")


def test_counts_beyond_the_game_are_refused_before_the_cards_are_built() -> None:
    cards = ",".join(["999xcompass"] * 10_000)
    tracemalloc.start()
    try:
        done = run("odds", "--dice", "fog", "--discarded", cards, "--lang", "en")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert done.code == 2
    assert "--discarded names 9990000 cards, but the whole game holds only 86." in done.err
    assert peak < 30 * 2**20, peak          # ten million cards took 177 MB
    dice = run("odds", "--dice", ",".join(["99xfog"] * 1000), "--lang", "en")
    assert dice.code == 2 and "between 1 and 4 dice; 99000 were given" in dice.err
    treasures = run("odds", "--dice", "fog,fog", "--city", "2",
                    "--treasures", ",".join(["1:1"] * 1000), "--lang", "en")
    assert treasures.code == 2 and "more treasures than the whole game holds" in treasures.err


@pytest.mark.parametrize("games", ["100001", str(10**20)])
@pytest.mark.parametrize("ladder", [[], ["--ladder"]])
def test_simulate_plays_a_bounded_number_of_games(games: str, ladder: list[str]) -> None:
    done = run("simulate", *ladder, "--games", games, "--lang", "fr")
    assert done.code == 2 and "100\u202f000" in done.err and not leaks(done.text)
    assert run("simulate", "--games", "2", "--lang", "en").code == 0


# --- CELESTIA_LANG ---------------------------------------------------------------------------
def test_an_unknown_celestia_lang_is_said_once_and_set_aside(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CELESTIA_LANG", "de" + LONG)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    done = run("rules", "3.4")
    assert done.code == 0, done
    assert done.err.count("CELESTIA_LANG") == 1 and len(done.err) < 400
    assert "Poursuivre ou quitter" in done.out or "3.4" in done.out
    assert not leaks(done.text)
    monkeypatch.setenv("LANG", "C")
    english = run("glossary", "compass")
    assert english.code == 0 and "CELESTIA_LANG" in english.err
    # A --lang typed now is still checked, and a good one wins over the variable.
    assert run("rules", "--lang", "de").code == 2
    assert run("rules", "3.4", "--lang", "hu").err == ""


# --- What a save never replaces ------------------------------------------------------------
def test_batch_save_refuses_what_play_save_refuses(tmp_path: Path) -> None:
    sheet = tmp_path / "sheet.toml"
    run("score", "--player", "Ann:25", "--player", "Bob:4", "--save", str(sheet))
    other = tmp_path / "other.json"
    run("play", "--batch", "--seed", "8", "--save", str(other), stdin="quit\n")
    kept = {name: (tmp_path / name).read_bytes() for name in ("sheet.toml", "other.json")}
    game = tmp_path / "game.json"
    done = run("play", "--batch", "--seed", "3", "--save", str(game), "--lang", "fr",
               stdin=f"save {sheet}\nsave {other}\nsave {tmp_path / 'copy.json'}\n1\n"
                     f"save {tmp_path / 'copy.json'}\nquit\n")
    assert done.code == 1, done
    assert not leaks(done.text)
    assert {name: (tmp_path / name).read_bytes() for name in kept} == kept
    assert done.out.count("n’est pas écrasé") == 2
    # The copy is this game: saving it again, a move later, is no problem.
    copy = json.loads((tmp_path / "copy.json").read_text(encoding="utf-8"))
    assert copy["history"] == json.loads(game.read_text(encoding="utf-8"))["history"]
    refused = run("play", "--batch", "--seed", "3", "--save", str(sheet), stdin="quit\n")
    assert refused.code == 2 and sheet.read_bytes() == kept["sheet.toml"]


def test_a_saved_game_made_read_only_is_left_alone(tmp_path: Path, user_folders) -> None:
    game = tmp_path / "game.json"
    run("play", "--batch", "--seed", "3", "--save", str(game), stdin="quit\n")
    game.chmod(0o444)
    before = game.read_bytes()
    try:
        done = run("play", "--batch", "--resume", "--save", str(game), "--lang", "hu",
                   stdin="1\nquit\n")
        assert game.read_bytes() == before
        assert "csak olvasható" in done.out and not leaks(done.text)
        assert list(user_folders.state.glob("practice-game-*.json"))   # the move is kept
    finally:
        game.chmod(0o644)


def test_progress_made_read_only_is_left_alone(user_folders) -> None:
    from tutor.i18n import Translator
    from tutor.lessons.progress import Progress

    Progress().record("goal", ["c0"], False)
    path = user_folders.state / "progress.json"
    path.chmod(0o444)
    before = path.read_bytes()
    progress = Progress()
    progress.record("goal", ["c0", "c1"], False)
    assert path.read_bytes() == before
    assert progress.notice is not None
    text = Translator("fr").format(progress.notice[0], **progress.notice[1])
    assert "lecture seule" in text, text


# --- A byte order mark ---------------------------------------------------------------------
def test_files_with_a_byte_order_mark_are_read(tmp_path: Path, user_folders) -> None:
    state = State(Options(players=3), ["Ann", "Bob", "Cy"])
    chance = SeededChance(4)
    for _ in range(12):
        state.apply(chance.outcome(state)) if state.actor == -1 else state.apply("stay")
    record = tmp_path / "record.json"
    record.write_bytes(b"\xef\xbb\xbf" + json.dumps(to_record(state)).encode())
    assert run("replay", str(record), "--lang", "en").code == 0
    game = tmp_path / "game.json"
    run("play", "--batch", "--seed", "3", "--save", str(game), stdin="quit\n")
    game.write_bytes(b"\xef\xbb\xbf" + game.read_bytes())
    assert run("play", "--batch", "--resume", "--save", str(game), stdin="quit\n").code == 1

    from tutor.lessons.progress import Progress

    progress_file = user_folders.state / "progress.json"
    Progress().record("goal", ["c0"], False)
    progress_file.write_bytes(b"\xef\xbb\xbf" + progress_file.read_bytes())
    again = Progress()
    assert again.notice is None and again.inputs("goal") == ["c0"]
    assert files(tmp_path).keys() == {"record.json", "game.json"}


def test_the_language_is_the_one_argparse_reads() -> None:
    """An option is not a value: in `--player --lang --lang fr` the language is French
    (found by the fuzzer: the error came in English)."""
    done = run("score", "--player", "--lang", "--lang", "fr")
    assert done.code == 2 and "un argument est attendu" in done.err and not leaks(done.err)
    assert "utilisation" in run("rules", "--lang", "en", "--lang", "fr", "--x").err
