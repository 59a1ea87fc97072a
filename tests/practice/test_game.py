"""Practice games: the controller, the line-by-line mode, the screen, save and resume."""

import io
import json

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from tutor.cli import main
from tutor.engine import IllegalAction, replay
from tutor.i18n import Translator
from tutor.names import move_label
from tutor.practice.batch import run_batch
from tutor.practice.game import PracticeError, PracticeGame, Setup, load
from tutor.practice.ui import PracticeApp
from tutor.practice.words import summary_lines


def new_game(**changes) -> PracticeGame:
    values = {"name": "Ann", "bots": ("cautious", "bold"), "seed": 3, **changes}
    return PracticeGame.new(Setup(**values))


def test_the_game_waits_for_the_learner_and_shows_only_what_she_may_see() -> None:
    game = new_game()
    assert game.waiting and game.choices()
    assert game.state.seats == ("Ann", "Nimbus", "Cirrus")
    assert all(e.to in (None, 0) for e in game.log)
    # A bot's private draw is never narrated to the learner.
    while not game.over:
        game.play(game.choices()[0])
    assert game.over and not game.choices()
    assert all(e.to in (None, 0) for e in game.log)
    assert any(e.kind == "game-over" for e in game.log)


def test_an_illegal_move_changes_nothing() -> None:
    game = new_game()
    before = list(game.state.history)
    with pytest.raises(IllegalAction):
        game.play("leave" if "leave" not in game.choices() else "jump")
    assert game.state.history == before


def test_save_and_resume_go_on_identically(tmp_path) -> None:
    path = tmp_path / "game.json"
    game = new_game(seed=11)
    for _ in range(3):
        game.play(game.choices()[0])
    game.save(path)
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["practice"] == {"learner": 0, "bots": [None, "cautious", "bold"],
                                  "seed": 11, "coach": False}
    assert replay(record).history == game.state.history   # a plain engine record too
    first, second = load(path), load(path)
    for _ in range(5):
        if first.over:
            break
        first.play(first.choices()[-1])
        second.play(second.choices()[-1])
    assert first.state.history == second.state.history


def test_resume_refuses_a_record_without_the_practice_part(tmp_path) -> None:
    game = new_game()
    record = game.to_record()
    del record["practice"]
    with pytest.raises(PracticeError):
        PracticeGame.from_record(record)
    record["practice"] = {"learner": 0, "bots": [None, "wild", "bold"], "seed": 1}
    with pytest.raises(PracticeError):
        PracticeGame.from_record(record)


def test_setup_errors() -> None:
    with pytest.raises(PracticeError):
        new_game(bots=())
    with pytest.raises(PracticeError):
        new_game(bots=("reckless",))
    with pytest.raises(PracticeError):
        new_game(name="Nimbus")


def test_choices_are_worded_in_each_language() -> None:
    game = new_game()
    for language in ("en", "fr", "hu"):
        labels = [move_label(a, game.state, Translator(language)) for a in game.choices()]
        assert all(label and label not in game.choices() for label in labels)


def test_line_by_line_game_to_the_end_with_summary(tmp_path) -> None:
    game = new_game(bots=("sensible",), seed=5)
    out: list[str] = []
    moves = iter(["nonsense", "coach", "board"] + ["1"] * 2000)
    code = run_batch(game, moves, out.append, Translator("fr"), tmp_path / "g.json")
    assert code == 0 and game.over
    text = "\n".join(out)
    assert "nonsense" in text                       # the wrong line was answered
    assert summary_lines(game, Translator("fr"))[-1] in text
    assert json.loads((tmp_path / "g.json").read_text())["history"]


def test_command_line_batch_and_resume(tmp_path, monkeypatch, capsys) -> None:
    save = tmp_path / "practice.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n1\n"))
    assert main(["play", "--batch", "--seed", "4", "--bots", "3", "--save", str(save),
                 "--lang", "hu", "--coach"]) == 1
    out = capsys.readouterr().out
    assert "Nimbus" in out and "Stratus" in out
    length = len(json.loads(save.read_text())["history"])
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", "--batch", "--resume", "--save", str(save)]) == 1
    assert len(json.loads(save.read_text())["history"]) == length
    save.write_text("{}", encoding="utf-8")
    assert main(["play", "--batch", "--resume", "--save", str(save)]) == 2
    assert capsys.readouterr().err.strip()


@pytest.mark.parametrize("language, name, sentences", [
    ("en", "Player 1", ["Player 1 is the captain"]),
    ("fr", "Joueur 1", ["Joueur 1 est capitaine"]),
    # A numbered noun takes its article, a capital one at the start of a sentence.
    ("hu", "1. játékos", ["a kapitány az 1. játékos.", "Az 1. játékos a kapitány."]),
])
def test_a_player_with_no_name_gets_a_numbered_one_that_reads_in_sentences(
        tmp_path, monkeypatch, capsys, language, name, sentences) -> None:
    save = tmp_path / "practice.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    main(["play", "--batch", "--seed", "3", "--save", str(save), "--lang", language])
    out = capsys.readouterr().out
    assert json.loads(save.read_text())["seats"][0] == name
    for sentence in sentences:
        assert sentence in out, out
    assert "Játékos a" not in out and "kapitány Játékos" not in out
    # Resumed in another language, the unnamed player is named in that language.
    other = "fr" if language == "hu" else "hu"
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    main(["play", "--batch", "--resume", "--save", str(save), "--lang", other])
    out = capsys.readouterr().out
    assert name not in out and ("Joueur 1" if other == "fr" else "1. játékos") in out


def test_the_screen_plays_moves_and_saves(tmp_path) -> None:
    save = tmp_path / "screen.json"
    game = new_game(seed=8)
    assert not any(actor == 0 for actor, _ in game.state.history)
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        screen = PracticeApp(game, Translator("hu"), save, coach=False)
        # c: coach on, 1: first choice, down + Enter: the second (if any), q: quit.
        pipe.send_text("c1")
        pipe.send_bytes(b"\x1b[B\r")
        pipe.send_text("q")
        code = screen.run()
    assert code == 1
    assert screen.coach is True
    assert sum(1 for actor, _ in game.state.history if actor == 0) >= 2
    saved = json.loads(save.read_text(encoding="utf-8"))
    assert [tuple(x) if x[0] != "chance" else (-1, x[1]) for x in saved["history"]] == \
        game.state.history


def test_a_resumed_game_shows_the_step_on_the_table_again(tmp_path) -> None:
    """After a resume, the narration starts with the step under way: the captain, the roll
    on the table and who stayed, as the learner saw them before quitting."""
    path = tmp_path / "game.json"
    game = new_game(seed=11)
    for _ in range(4):
        game.play(game.choices()[0])
        if game.state.phase == "passengers":
            break
    assert game.state.phase == "passengers" and game.state.dice
    game.save(path)
    resumed = load(path)
    kinds = [e.kind for e in resumed.log]
    assert kinds[0] in ("voyage", "step") and "roll" in kinds
    roll = [e for e in resumed.log if e.kind == "roll"][-1]
    assert roll.params["faces"] == tuple(game.state.dice)
    # Exactly what the learner was told since that step began, nothing private to a bot.
    start = max(i for i, e in enumerate(game.log) if e.kind in ("voyage", "step"))
    if game.log[start].kind == "step" and start and game.log[start - 1].kind == "voyage":
        start -= 1
    assert resumed.log[-len(game.log[start:]):] == game.log[start:]
    assert all(e.to in (None, 0) for e in resumed.log)
    lines = run_lines(resumed)
    assert any(line.startswith("The captain rolls: ") for line in lines)


def run_lines(game: PracticeGame) -> list[str]:
    out: list[str] = []
    run_batch(game, iter(()), out.append, Translator("en"))
    return out


def test_play_help_names_every_style_and_key(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--help", "--lang", "en"])
    text = " ".join(capsys.readouterr().out.split())
    assert "bold, and expert; expert plays by the coach's figures and is the strongest. " \
        "Unlike the coach, it also weighs what flying on brings the other passengers." in text
    assert "m opens all the coach says" in text
