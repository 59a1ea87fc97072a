"""The score sheet: checks against the game's contents, ranking, the three ways in."""

import pytest
from prompt_toolkit import PromptSession
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from tutor.cli import main
from tutor.engine import data
from tutor.i18n import Translator
from tutor.practice.scoresheet import (
    Entry,
    ScoreSheet,
    SheetError,
    load_sheet,
    sheet_from_arguments,
    spyglasses_in_game,
    treasures_in_game,
)
from tutor.practice.scoreview import enter_sheet, result_lines


def test_game_contents_come_from_the_data_tables() -> None:
    in_game = treasures_in_game("standard")
    assert sum(in_game.values()) + spyglasses_in_game("standard") == sum(
        len(data.pile_composition(c)) for c in data.CITY_VALUES)
    assert in_game[25] == 6 and in_game[4] == 2 + 3 + 5
    assert spyglasses_in_game("standard") == len(data.SPYGLASS_CITIES)
    assert spyglasses_in_game("beginner") == 0


def test_ranking_shares_ties_and_counts_spyglasses() -> None:
    sheet = ScoreSheet(spyglass_points=2)
    sheet.add(Entry("Ann", [25, 20], 1))   # 47
    sheet.add(Entry("Bob", [25, 20, 2]))   # 47
    sheet.add(Entry("Cy", [12]))           # 12
    assert [(r.rank, r.name, r.total) for r in sheet.results()] == [
        (1, "Ann", 47), (1, "Bob", 47), (3, "Cy", 12)]
    assert sheet.winners() == ["Ann", "Bob"]
    sheet.spyglass_points = 0
    assert sheet.winners() == ["Bob"]


def test_a_wrong_entry_is_refused_and_names_player_and_value() -> None:
    sheet = ScoreSheet()
    sheet.add(Entry("Ann", [25] * 4))
    with pytest.raises(SheetError) as err:
        sheet.add(Entry("Bob", [25, 25, 25]))
    assert err.value.params == {"player": "Bob", "value": 25, "total": 6, "listed": 7}
    with pytest.raises(SheetError) as err:
        sheet.add(Entry("Bob", [7]))
    assert err.value.params["value"] == 7
    with pytest.raises(SheetError):
        sheet.add(Entry("Bob", [], spyglasses=5))
    assert sheet.names() == ["Ann"]            # nothing lost, nothing half-added
    # Correcting Ann frees her 25s.
    assert sheet.add(Entry("Ann", [25])) is True
    sheet.add(Entry("Bob", [25] * 5))
    assert sheet.names() == ["Ann", "Bob"]


@pytest.mark.parametrize(("language", "ending"), [
    ("en", "20, and 25."), ("fr", "20 et 25."), ("hu", "20 és 25.")])
def test_an_unknown_value_lists_the_values_in_words(language: str, ending: str) -> None:
    with pytest.raises(SheetError) as err:
        ScoreSheet().add(Entry("Bob", [7]))
    text = Translator(language).message(err.value)
    assert text.endswith(ending) and "1, 2, 4" in text, text


def test_beginner_sheet_has_no_spyglasses() -> None:
    with pytest.raises(SheetError) as err:
        ScoreSheet("beginner").add(Entry("Ann", [4], 1))
    assert "beginner" in err.value.english()


@pytest.mark.parametrize(("language", "title", "spyglass_words"), [
    ("en", "Score sheet (beginner variant):", ("Spyglass",)),
    ("fr", "Feuille de score (variante pour débuter)\u202f:", ("Longue-vue", "Longues-vues")),
    ("hu", "Pontozólap (gyors játék):", ("távcső",)),
])
def test_a_beginner_score_sheet_shows_no_spyglasses(tmp_path, capsys, language: str,
                                                    title: str,
                                                    spyglass_words: tuple[str, ...]) -> None:
    """The beginner variant has no Magic Spyglasses: the sheet typed as options, saved,
    and read again from its file names neither their points nor their count."""
    path = tmp_path / "beginner.toml"
    assert main(["score", "--lang", language, "--variant", "beginner", "--player",
                 "Ann:25,20,4", "--player", "Bob:15,12,9", "--save", str(path)]) == 0
    typed = capsys.readouterr().out
    saved = path.read_text(encoding="utf-8")
    assert "spyglass" not in saved
    assert main(["score", "--lang", language, "--file", str(path)]) == 0
    read = capsys.readouterr().out
    for out in (typed, read):
        lines = out.splitlines()
        assert lines[0] == title
        assert [line.split() for line in lines[1:3]] == [["1.", "Ann", "49"],
                                                         ["2.", "Bob", "36"]]
        assert not any(word in out for word in spyglass_words)
    # The standard game still counts them.
    assert main(["score", "--lang", language, "--player", "Ann:25,20,4", "--player",
                 "Bob:15,12,9"]) == 0
    assert any(word in capsys.readouterr().out for word in spyglass_words)


def test_file_format_round_trip_and_errors(tmp_path) -> None:
    path = tmp_path / "sheet.toml"
    path.write_text('spyglass_points = 3\n[[players]]\nname = "Ann"\ntreasures = [25, 20, 4]\n'
                    'spyglasses = 1\n[[players]]\nname = "Bob"\ntreasures = [15, 15]\n'
                    '[[players]]\nname = "Cy"\ntreasures = [30]\n', encoding="utf-8")
    sheet, problems = load_sheet(path)
    assert sheet.names() == ["Ann", "Bob"]
    assert len(problems) == 1 and problems[0].english().startswith(f"{path}: Cy: ")
    assert sheet.total(sheet.entries[0]) == 52
    again = tmp_path / "again.toml"
    again.write_text(sheet.to_toml(), encoding="utf-8")
    copy, none = load_sheet(again)
    assert none == [] and copy.entries == sheet.entries and copy.spyglass_points == 3
    path.write_text("[[players]\n", encoding="utf-8")
    with pytest.raises(SheetError) as err:
        load_sheet(path)
    assert str(path) in err.value.english()


@pytest.mark.parametrize(("language", "colon"), [("en", ": "), ("fr", "\u202f: "),
                                               ("hu", ": ")])
def test_every_fault_of_a_sheet_file_names_the_file(tmp_path, capsys, language: str,
                                                    colon: str) -> None:
    """An unknown variant, a wrong spyglass_points, a player's wrong values or Spyglasses,
    too few players: each error of ``celestia score --file`` starts with the file."""
    files = {
        "variant": 'variant = "expert"\n[[players]]\nname = "Ann"\ntreasures = [25]\n',
        "points": "spyglass_points = 99\n",
        "glasses": '[[players]]\nname = "Ann"\ntreasures = [25]\nspyglasses = -1\n',
        "values": '[[players]]\nname = "Ann"\ntreasures = [25, 30]\n[[players]]\n'
                  'name = "Bob"\ntreasures = [2]\nspyglasses = 9\n',
        "alone": '[[players]]\nname = "Ann"\ntreasures = [25]\n',
    }
    for name, text in files.items():
        path = tmp_path / f"{name}.toml"
        path.write_text(text, encoding="utf-8")
        assert main(["score", "--lang", language, "--file", str(path)]) == 2
        err = capsys.readouterr().err.splitlines()
        faults = err[:-1] if len(err) > 1 else err
        assert faults and all(line.startswith(f"{path}{colon}") for line in faults), err
        if name == "variant":   # the sentence goes on in lower case after the colon
            assert faults[0][len(f"{path}{colon}")].islower(), err
        if name in ("glasses", "values"):   # a player's name keeps its capital
            assert faults[0].startswith(f"{path}{colon}Ann"), err


def test_arguments() -> None:
    sheet, problems = sheet_from_arguments(["Ann:25,20,4", "Bob:9 9", "Ann:1", "Cy"],
                                           ["Ann=1", "Zed=2", "Bob=x"], "standard", 2)
    assert sheet.names() == ["Ann", "Bob"]
    assert sheet.entries[0].spyglasses == 1
    kinds = [p.msgid for p in problems]
    assert len(kinds) == 4  # Zed unknown, Bob=x, Ann twice, Cy without values


def test_command_line_in_french(capsys) -> None:
    code = main(["score", "--lang", "fr", "--player", "Ann:25,20", "--player", "Bob:25,20,4",
                 "--spyglasses", "Ann=2"])
    out = capsys.readouterr().out
    assert code == 0
    assert "Ann" in out.splitlines()[-1] and "Bob" in out.splitlines()[-1]
    assert out != ""
    code = main(["score", "--lang", "hu", "--player", "Ann:25,21"])
    err = capsys.readouterr().err
    assert code == 2 and "21" in err and "Ann" in err


def _asker(pipe, text: str):
    pipe.send_text(text)
    pipe.close()  # then the end of input stops the entry, as Ctrl-D would
    session = PromptSession(input=pipe, output=DummyOutput())
    return lambda question, default: session.prompt(question, placeholder=default) or default


def test_interactive_entry_keeps_players_when_a_line_is_wrong() -> None:
    said: list[str] = []
    sheet = ScoreSheet()
    # Bob's first values are impossible (a 7); he is asked again, Ann stays.
    with create_pipe_input() as pipe:
        ask = _asker(pipe, "Ann\n25 20 4\n1\nBob\n7 9\n12 9\n0\nAnn\n\x1525 20\n\n\n")
        assert enter_sheet(sheet, ask, said.append, Translator("en")) is True
    assert [(e.name, e.values, e.spyglasses) for e in sheet.entries] == [
        ("Ann", [25, 20], 1), ("Bob", [12, 9], 0)]
    assert any("7" in line and "Bob" in line for line in said)
    assert result_lines(sheet, Translator("hu"))[-1].startswith("Ann")


def test_interactive_entry_interrupted_keeps_what_was_entered() -> None:
    sheet = ScoreSheet()
    with create_pipe_input() as pipe:
        ask = _asker(pipe, "Ann\n25\n0\nBob\n")
        assert enter_sheet(sheet, ask, lambda line: None, Translator("fr")) is False
    assert sheet.names() == ["Ann"]
    assert 'name = "Ann"' in sheet.to_toml()


@pytest.mark.parametrize(("language", "tie"), [
    ("en", "Ann, Kate, and Mike share the victory."),
    ("fr", "Ann, Kate et Mike se partagent la victoire."),
    ("hu", "Ann, Kate és Mike holtversenyben nyert."),
])
def test_a_tie_names_the_winners_in_a_sentence(capsys, language: str, tie: str) -> None:
    assert main(["score", "--lang", language, "--player", "Ann:25,20,4", "--player",
                 "Kate:25,20,4", "--player", "Mike:20,25,4"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == tie


@pytest.mark.parametrize(("language", "comment", "total"), [
    ("en", "# A Celestia score sheet.", "Ann: 1 point."),
    ("fr", "# Feuille de score de Celestia.", "Ann\u202f: 1\u00a0point."),
    ("hu", "# Celestia-pontozólap.", "Ann: 1 pont."),
])
def test_a_saved_sheet_speaks_the_language_and_counts_right(tmp_path, language: str,
                                                          comment: str, total: str) -> None:
    path = tmp_path / "sheet.toml"
    assert main(["score", "--lang", language, "--player", "Ann:1", "--player", "Bob:2",
                 "--save", str(path)]) == 0
    assert path.read_text(encoding="utf-8").splitlines()[0] == comment
    said: list[str] = []
    with create_pipe_input() as pipe:
        ask = _asker(pipe, "Ann\n1\n0\n\n")
        enter_sheet(ScoreSheet(), ask, said.append, Translator(language))
    assert total in said
