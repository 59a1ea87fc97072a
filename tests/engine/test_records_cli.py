"""Game records (tutor/engine/record.py), undo, and the `replay` and `simulate` commands."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tutor.cli import main
from tutor.engine import (
    Options,
    RecordError,
    SeededChance,
    State,
    make_bot,
    play_game,
    replay,
    to_record,
    undo,
)
from tutor.engine.record import FORMAT, FORMAT_VERSION, dumps
from tutor.records import load


@pytest.fixture(scope="module")
def finished() -> State:
    state = State(Options(players=3), ["Ann", "Bob", "Cy"])
    return play_game(state, [make_bot("sensible", p) for p in range(3)], SeededChance(5))


def write(tmp_path: Path, record: Any, name: str = "game.json") -> Path:
    path = tmp_path / name
    path.write_text(record if isinstance(record, str) else json.dumps(record), encoding="utf-8")
    return path


def run_cli(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as done:   # argparse refused an option
        code = done.code if isinstance(done.code, int) else 1
    out, err = capsys.readouterr()
    return code, out, err


def test_record_format(finished: State) -> None:
    record = json.loads(dumps(finished))
    assert record["format"] == FORMAT and record["format_version"] == FORMAT_VERSION
    assert record["options"] == Options(players=3).to_dict()
    assert record["seats"] == ["Ann", "Bob", "Cy"]
    assert record["history"][0][0] == "chance" and record["history"][0][1].startswith("deck ")
    assert [e[1].split()[:2] for e in record["history"][1:10]] == [
        ["pile", str(c)] for c in (1, 2, 4, 6, 9, 12, 15, 20, 25)]
    assert all(isinstance(a, int) or a == "chance" for a, _ in record["history"])


def test_replay_part_of_a_record_and_undo(finished: State) -> None:
    record = to_record(finished)
    half = replay(record, upto=len(record["history"]) // 2)
    assert half.history == finished.history[:len(half.history)]
    last_player = max(i for i, (a, _) in enumerate(finished.history) if a >= 0)
    before = undo(finished)
    assert before.history == finished.history[:last_player]
    assert before.actor == finished.history[last_player][0]
    assert finished.history[last_player][1] in before.legal_actions()


def test_replay_command_prints_the_end_and_scores(tmp_path: Path, capsys,
                                                  finished: State) -> None:
    path = write(tmp_path, to_record(finished))
    code, out, err = run_cli(capsys, "replay", str(path), "--lang", "en")
    assert code == 0 and err == ""
    assert f"The game ended after {finished.voyage} voyages." in out
    assert "treasures worth 50 points or more" in out
    for p, name in enumerate(finished.seats):
        row = next(line for line in out.splitlines() if line.strip().startswith(name))
        assert row.split()[1] == str(finished.score(p))
    winners = [finished.seats[p] for p in finished.winners]
    assert (f"Winner: {winners[0]}." if len(winners) == 1 else "Shared victory") in out


def test_replay_command_with_events_and_unfinished_record(tmp_path: Path, capsys,
                                                          finished: State) -> None:
    record = to_record(finished)
    record["history"] = record["history"][:40]
    code, out, _ = run_cli(capsys, "replay", str(write(tmp_path, record)), "--events",
                           "--lang", "en")
    assert code == 0
    assert "The record stops during voyage" in out
    assert "Each player is dealt 8 cards." in out
    assert "You draw" not in out  # private events stay private


@pytest.mark.parametrize(("language", "sentence", "row"), [
    ("en", "Player 1 is the captain;", "Player 3"),
    ("fr", "Joueur 1 est capitaine", "Joueur 3"),
    ("hu", "Az 1. játékos a kapitány.", "3. játékos"),
])
def test_a_record_without_names_reads_its_seats_as_numbered_players(
        tmp_path: Path, capsys, finished: State, language: str, sentence: str,
        row: str) -> None:
    record = to_record(finished)
    del record["seats"]
    code, out, _ = run_cli(capsys, "replay", str(write(tmp_path, record)), "--events",
                           "--lang", language)
    assert code == 0 and sentence in out
    assert any(line.strip().startswith(row) for line in out.splitlines())
    assert "P1" not in out


@pytest.mark.parametrize(("language", "row"), [("en", "Player 2"), ("hu", "2. játékos")])
def test_a_seat_saved_unnamed_in_another_language_reads_in_the_readers(
        tmp_path: Path, capsys, finished: State, language: str, row: str) -> None:
    record = to_record(finished)
    record["seats"] = ["Ann", "Joueur 2", "Cy"]
    code, out, _ = run_cli(capsys, "replay", str(write(tmp_path, record)), "--lang", language)
    assert code == 0 and "Joueur" not in out
    lines = [line.strip() for line in out.splitlines()]
    assert any(line.startswith(row) for line in lines)
    assert any(line.startswith("Ann") for line in lines)


def broken_records(finished: State) -> list[tuple[str, Any, str]]:
    good = to_record(finished)
    history = good["history"]
    first = next(i for i, (a, _) in enumerate(history) if a != "chance")
    actor = history[first][0]
    illegal = json.loads(json.dumps(good))
    illegal["history"][first][1] = "play jetpack"
    wrong_actor = json.loads(json.dumps(good))
    wrong_actor["history"][first][0] = (actor + 1) % 3
    not_pair = json.loads(json.dumps(good))
    not_pair["history"][3] = ["chance"]
    bad_chance = json.loads(json.dumps(good))
    bad_chance["history"][0][1] = "deck compass"
    return [
        ("bad-json", '{"format": "celestia-record", ',
         "is not a valid game record: a name in double quotes was expected at line 1, column 31."),
        ("not-a-record", {"hello": 1}, "this is not a Celestia game record"),
        ("version", {**good, "format_version": 9}, "record format version 9 is not supported"),
        ("options", {**good, "options": {"players": 9}}, "the record's options are not valid."
         "\nCelestia is played by 2 to 6 players, not 9."),
        ("unknown-option", {**good, "options": {"colour": 1}}, 'Unknown option "colour"'),
        ("seats", {**good, "seats": ["Ann"]}, "the record's seats do not match its game of 3 "
         "players: the number of seat names is 1."),
        ("shape", {**good, "history": "stay"}, "its history a list"),
        ("illegal", illegal, f'entry {first + 1} of the record ("play jetpack") cannot be '
         "replayed.\nJetpack may only be played after the captain announces a crash."),
        ("wrong-actor", wrong_actor, f"entry {first + 1}: the record says "
         f"{finished.seats[(actor + 1) % 3]} acts, but {finished.seats[actor]} must decide."),
        ("not-a-pair", not_pair, "entry 4 of the history is not [actor, action]."),
        ("bad-chance", bad_chance, 'entry 1 of the record ("deck compass") cannot be replayed.'
         "\nThe deck order must hold exactly the 84 cards"),
    ]


def test_broken_records_give_clear_errors(tmp_path: Path, capsys, finished: State) -> None:
    for name, record, message in broken_records(finished):
        path = write(tmp_path, record, f"{name}.json")
        code, out, err = run_cli(capsys, "replay", str(path), "--lang", "en")
        assert code == 2, name
        assert message in err, (name, err)
        assert "Traceback" not in err and out == ""
        assert str(path) in err.splitlines()[0], (name, err)  # every fault names its file
    code, _, err = run_cli(capsys, "replay", str(tmp_path / "missing.json"), "--lang", "en")
    assert code == 2 and "Cannot read" in err and "missing.json" in err


@pytest.mark.parametrize(("language", "said"), [
    ("fr", "\u202f: ce n’est pas un enregistrement de partie de Celestia"),
    ("hu", ": ez nem Celestia-játszmafelvétel"),
])
def test_a_broken_record_is_named_in_every_language(tmp_path: Path, capsys, finished: State,
                                                    language: str, said: str) -> None:
    """Every fault of a record, the engine's too, starts with the file's name; the
    sentence after the colon goes on in lower case, as each language writes it."""
    for name, record, _ in broken_records(finished):
        path = write(tmp_path, record, f"{name}.json")
        code, out, err = run_cli(capsys, "replay", str(path), "--lang", language)
        assert code == 2 and out == "" and "Traceback" not in err, name
        assert err.startswith(str(path)), (name, err)
        if name == "not-a-record":
            assert err.startswith(f"{path}{said}"), err


def test_record_errors_carry_entry_and_cause(finished: State) -> None:
    record = to_record(finished)
    record["history"][20][1] = "nonsense"
    with pytest.raises(RecordError) as err:
        replay(record)
    assert err.value.entry == 21 and err.value.cause is not None
    assert err.value.cause.msgid.startswith('"{action}"') or err.value.cause.params


def test_replay_as_a_subprocess(tmp_path: Path, finished: State) -> None:
    good = write(tmp_path, to_record(finished))
    done = subprocess.run([sys.executable, "-m", "tutor", "replay", str(good), "--lang", "en"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "The game ended after" in done.stdout and "Scores:" in done.stdout
    record = to_record(finished)
    record["history"][30][1] = "fly away"
    bad = write(tmp_path, record, "bad.json")
    done = subprocess.run([sys.executable, "-m", "tutor", "replay", str(bad), "--lang", "en"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert f'{bad}: entry 31 of the record ("fly away") cannot be replayed.' in done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""
    assert load(good) == to_record(finished)


def test_simulate_command(capsys) -> None:
    code, out, err = run_cli(capsys, "simulate", "--games", "6", "--players", "3", "--seed",
                             "2", "--bots", "random,sensible", "--lang", "en")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Games played: 6 (3 players)."
    assert lines[1].startswith("Voyages per game: ")
    assert lines[2].startswith("Crash rate: ") and lines[2].endswith("of voyages ended in a crash.")
    assert "seat 1 (random): " in out and "seat 2 (sensible): " in out
    wins = [int(line.split(": ")[1].split()[0]) for line in lines if line.startswith("  seat")]
    assert len(wins) == 3 and sum(wins) >= 6
    assert lines[-1].startswith("Speed: ") and "actions/s" in lines[-1]


def test_simulate_is_reproducible_and_checks_its_arguments(capsys) -> None:
    first = run_cli(capsys, "simulate", "--games", "4", "--seed", "9", "--variant", "beginner")
    second = run_cli(capsys, "simulate", "--games", "4", "--seed", "9", "--variant", "beginner")
    assert first[1].splitlines()[:-1] == second[1].splitlines()[:-1]
    for argv, message in ((["--bots", "clever"], 'Unknown bot style "clever"'),
                          (["--players", "7"], '"7" is not a whole number from 2 to 6.'),
                          (["--games", "0"], '"0" is not a whole number from 1 to 100,000.'),
                          (["--variant", "beginner", "--grappling-hook"], "beginner variant"),
                          (["--spyglass-points", "-2"], '"-2" is not a whole number')):
        code, _, err = run_cli(capsys, "simulate", "--games", "2", *argv, "--lang", "en")
        assert code == 2 and message in err and "Traceback" not in err, argv


def test_more_broken_records(tmp_path: Path, capsys, finished: State) -> None:
    record = to_record(finished)
    record["history"].append([0, "stay"])
    n = len(record["history"])
    code, _, err = run_cli(capsys, "replay", str(write(tmp_path, record)), "--lang", "en")
    assert code == 2 and f"game.json: entry {n}: the game was already over." in err
    record = to_record(finished)
    record["history"][12][0] = 9
    code, _, err = run_cli(capsys, "replay", str(write(tmp_path, record)), "--lang", "en")
    assert code == 2 and "game.json: entry 13: the record says 9 acts" in err
    latin = tmp_path / "latin.json"
    latin.write_bytes(b'{"format": "caf\xe9"}')
    code, _, err = run_cli(capsys, "replay", str(latin), "--lang", "en")
    assert code == 2 and "latin.json is not a UTF-8 text file." in err


def test_undo_several_decisions(finished: State) -> None:
    decisions = [i for i, (a, _) in enumerate(finished.history) if a >= 0]
    three_back = undo(finished, 3)
    assert three_back.history == finished.history[:decisions[-3]]
    assert undo(finished, len(decisions) + 5).history == []


@pytest.mark.parametrize(("language", "wanted"), [
    ("en", ": entry 1: the record says Ann acts, but chance must decide."),
    ("fr", "\u202f: entrée 1\u202f: l’enregistrement fait agir Ann, mais c’est au hasard de "
           "décider."),
    ("hu", ": az 1. bejegyzés szerint Ann lép, de most a véletlen dönt."),
])
def test_chance_is_named_in_the_reader_s_language(tmp_path: Path, capsys, finished: State,
                                                  language: str, wanted: str) -> None:
    record = json.loads(dumps(finished))
    record["history"][0] = [0, "stay"]  # the deck is dealt by chance first
    path = write(tmp_path, record)
    code, _, err = run_cli(capsys, "replay", str(path), "--lang", language)
    assert code == 2 and err.strip() == f"{path}{wanted}"


@pytest.mark.parametrize(("language", "column"), [("en", "Unused Spyglasses"),
                                                  ("fr", "Longues-vues"), ("hu", "távcsöv")])
def test_a_beginner_game_s_scores_show_no_spyglasses(tmp_path: Path, capsys, language: str,
                                                     column: str) -> None:
    """The beginner variant has no Magic Spyglasses: its score table has no column for
    them; the standard game's has."""
    beginner = play_game(State(Options(players=3, variant="beginner"), ["Ann", "Bob", "Cy"]),
                         [make_bot("sensible", p) for p in range(3)], SeededChance(5))
    code, out, _ = run_cli(capsys, "replay", str(write(tmp_path, to_record(beginner))),
                           "--lang", language)
    table = out.split("\n\n")[-1] if "\n\n" in out else out
    assert code == 0 and "Ann" in table and column.lower() not in out.lower()
    code, out, _ = run_cli(capsys, "replay", str(write(tmp_path, to_record(finished_game()),
                                                       "standard.json")), "--lang", language)
    assert code == 0 and column.lower() in out.lower()


def finished_game() -> State:
    state = State(Options(players=3), ["Ann", "Bob", "Cy"])
    return play_game(state, [make_bot("sensible", p) for p in range(3)], SeededChance(5))
