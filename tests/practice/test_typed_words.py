"""Every word a person types is read in every language, English kept as an alias, and help
and errors show the reader's word (tutor.practice.parse)."""

import io
import sys

import pytest

from tutor.cli import main
from tutor.i18n import Translator
from tutor.names import move_label
from tutor.practice.batch import run_batch
from tutor.practice.game import PracticeGame, Setup
from tutor.practice.parse import (
    KINDS,
    InputError,
    parse_styles,
    parse_treasures,
    read_word,
    shown,
)


@pytest.mark.parametrize(("typed", "style"), [
    ("prudent", "cautious"), ("Óvatos", "cautious"), ("ovatos", "cautious"),
    ("audacieux", "bold"), ("merész", "bold"), ("szakértő", "expert"), ("bold", "bold")])
def test_a_bot_style_is_read_in_any_language(typed: str, style: str) -> None:
    assert read_word(typed, "style") == style


@pytest.mark.parametrize("language", ["en", "fr", "hu"])
def test_every_word_shown_is_read_back(language: str) -> None:
    tr = Translator(language)
    for kind, table in KINDS.items():
        for ident, word in table(tr).items():
            assert read_word(word, kind) == ident, (kind, word)


def test_an_unknown_style_is_named_with_the_styles_in_the_readers_words() -> None:
    with pytest.raises(InputError) as caught:
        parse_styles("prudent,téméraire", ("cautious", "bold"), Translator("fr"))
    text = Translator("fr").message(caught.value)
    assert "téméraire" in text and "prudent et audacieux" in text and "cautious" not in text


@pytest.mark.parametrize("typed", ["4:longue-vue", "4:Longue-vue magique", "4:távcső",
                                   "4:spyglass", "4:0", "4:LONGUE VUE"])
def test_a_magic_spyglass_is_read_in_any_language(typed: str) -> None:
    assert parse_treasures(f"1:2,{typed}", "standard", Translator("fr")) == [(1, 2), (4, 0)]


def test_a_wrong_treasure_shows_the_readers_word() -> None:
    with pytest.raises(InputError) as caught:
        parse_treasures("4:longue", "standard", Translator("fr"))
    assert "4:longue-vue" in Translator("fr").message(caught.value)


@pytest.mark.parametrize(("language", "bots", "shown_as"), [
    ("fr", "prudent,audacieux", "Nimbus (prudent) et Cirrus (audacieux)"),
    ("hu", "óvatos,merész", "Nimbus (óvatos) és Cirrus (merész)")])
def test_play_takes_the_styles_it_shows(capsys, monkeypatch, tmp_path, language, bots,
                                        shown_as) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    code = main(["play", "--batch", "--bots", bots, "--seed", "3", "--lang", language,
                 "--save", str(tmp_path / "game.json")])
    assert code == 1  # the input ran out: saved and stopped
    assert shown_as in capsys.readouterr().out


def test_simulate_takes_the_styles_in_the_readers_language(capsys) -> None:
    assert main(["simulate", "--bots", "prudent,merész", "--games", "2", "--players", "2",
                 "--lang", "fr"]) == 0
    assert "prudent" in capsys.readouterr().out


def _game() -> PracticeGame:
    return PracticeGame.new(Setup(name="Ada", bots=("cautious", "bold"), seed=3))


@pytest.mark.parametrize(("language", "quit_word"), [("fr", "quitter"), ("hu", "kilépés"),
                                                     ("fr", "quit")])
def test_the_batch_commands_are_read_in_the_readers_language(language, quit_word) -> None:
    game = _game()
    before = len(game.state.history)
    out: list[str] = []
    assert run_batch(game, iter([quit_word, "1"]), out.append, Translator(language)) == 1
    assert len(game.state.history) == before  # it stopped at the command: "1" was not read


def test_a_choice_is_read_by_its_words_as_shown() -> None:
    tr = Translator("fr")
    game = _game()
    before = len(game.state.history)
    first = game.choices()[0]
    label = move_label(first, game.state, tr)
    out: list[str] = []
    run_batch(game, iter([label.upper()]), out.append, tr)
    assert len(game.state.history) > before
    assert not any("ne fait pas partie de vos choix" in line for line in out)


def test_a_wrong_line_names_the_commands_in_the_readers_words() -> None:
    out: list[str] = []
    run_batch(_game(), iter(["n’importe quoi"]), out.append, Translator("fr"))
    wrong = [line for line in out if "ne fait pas partie de vos choix" in line]
    assert wrong and "coach, plateau, enregistrer\u00a0FICHIER ou quitter" in wrong[0]
    assert shown("command", "quit", Translator("hu")) == "kilépés"


@pytest.mark.parametrize(("language", "variant", "usage"), [
    ("fr", "débutant", "{standard,débutant}"), ("hu", "gyors", "{normál,gyors}"),
    ("hu", "beginner", "{normál,gyors}")])
def test_the_variant_is_typed_and_shown_in_the_readers_language(capsys, language, variant,
                                                                 usage) -> None:
    assert main(["odds", "--variant", variant, "--city", "4", "--dice", "fog,fog",
                 "--lang", language]) == 0
    with pytest.raises(SystemExit):
        main(["simulate", "--variant", "x", "--lang", language])
    err = capsys.readouterr().err
    assert usage in err and "beginner" not in err.split("\n")[-2]


@pytest.mark.parametrize(("language", "choices"), [
    ("en", "choose standard or beginner."), ("fr", "choisissez standard ou débutant."),
    ("hu", "normál vagy gyors.")])
def test_the_engines_unknown_variant_names_the_readers_words(language, choices) -> None:
    from tutor.engine.messages import OptionsError
    from tutor.engine.options import Options

    with pytest.raises(OptionsError) as caught:
        Options(variant="facile")
    text = Translator(language).message(caught.value)
    assert "facile" in text and text.endswith(choices)
    if language != "en":
        assert "beginner" not in text


def _record(tmp_path, variant: str):
    import json

    from tutor.engine.options import Options
    from tutor.engine.record import to_record
    from tutor.engine.state import State

    record = to_record(State(Options(players=2), ["Ada", "Bruno"]))
    record["options"]["variant"] = variant
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return str(path)


def test_a_record_takes_the_variant_in_the_readers_words(capsys, tmp_path) -> None:
    assert main(["replay", _record(tmp_path, "débutant"), "--lang", "fr"]) == 0
    assert main(["replay", _record(tmp_path, "facile"), "--lang", "fr"]) == 2
    err = capsys.readouterr().err
    assert "facile" in err and "standard ou débutant" in err and "beginner" not in err


@pytest.mark.parametrize(("language", "word", "choices"), [
    ("fr", "débutant", "standard ou débutant"), ("hu", "gyors", "normál vagy gyors")])
def test_a_score_sheet_takes_the_variant_in_the_readers_words(capsys, tmp_path, language,
                                                             word, choices) -> None:
    sheet = tmp_path / "sheet.toml"
    players = '[[players]]\nname = "Ann"\ntreasures = [1]\n[[players]]\nname = "Bob"\n' \
              'treasures = [2]\n'
    sheet.write_text(f'variant = "{word}"\n' + players, encoding="utf-8")
    assert main(["score", "--file", str(sheet), "--lang", language]) == 0
    sheet.write_text('variant = "facile"\n' + players, encoding="utf-8")
    assert main(["score", "--file", str(sheet), "--lang", language]) == 2
    err = capsys.readouterr().err
    assert "facile" in err and choices in err and "beginner" not in err
