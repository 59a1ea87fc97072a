"""`celestia odds`, and the practice domain's texts in every language."""

from fractions import Fraction

import pytest

from tutor.cli import main
from tutor.engine import data
from tutor.i18n import Translator
from tutor.practice.coach import advice_lines
from tutor.practice.odds import (
    Situation,
    advise,
    captain_pay_odds,
    treasure_value,
    unaccounted_treasures,
    unseen_cards,
)


def test_odds_for_a_table_situation(capsys) -> None:
    code = main(["odds", "--dice", "fog,fog,pirates", "--hand", "2 compass,turbo",
                 "--discarded", "cannon", "--city", "6", "--players", "5", "--lang", "en"])
    out = capsys.readouterr().out
    assert code == 0
    unseen = unseen_cards(data.deck_composition(), {"compass": 2, "turbo": 1}, ["cannon"])
    odds = captain_pay_odds(unseen, data.hand_size(5), ["fog", "fog", "pirates"])
    assert f"{float(odds.with_turbos):.1%}" in out
    ev = treasure_value(unaccounted_treasures(9, "standard", []), 2)
    assert f"{float(ev):.1f} points" in out
    assert "Next roll: 3 dice, to city 12." in out


def test_names_in_any_language_are_understood(capsys) -> None:
    assert main(["odds", "--lang", "fr", "--dice", "brouillard,face vide", "--hand",
                 "boussole", "--captain"]) == 0
    french = capsys.readouterr().out
    assert main(["odds", "--lang", "fr", "--dice", "fog,blank", "--hand", "iránytű",
                 "--captain"]) == 0
    assert capsys.readouterr().out == french
    assert "Équipement" in french


@pytest.mark.parametrize(("argv", "named"), [
    (["--dice", "fog,smoke"], "smoke"),
    (["--dice", "fog", "--hand", "compass,wand"], "wand"),
    (["--dice", "fog", "--hand", "21 compass"], "20"),
    (["--dice", "fog", "--variant", "beginner", "--hand", "jetpack"], "etpack"),
    (["--dice", "fog", "--captain-cards", "90"], "90"),
    (["--dice", "fog,fog,fog", "--city", "1"], "--dice"),
    (["--city", "4", "--treasures", "4:7"], "4:7"),
    (["--hand", "compass"], "--city"),
])
@pytest.mark.parametrize("language", ["en", "fr", "hu"])
def test_impossible_situations_are_named_in_each_language(capsys, argv, named,
                                                          language) -> None:
    assert main(["odds", "--lang", language, *argv]) == 2
    captured = capsys.readouterr()
    assert named in captured.err and "Traceback" not in captured.err
    assert captured.out == ""


def test_coach_lines_are_translated() -> None:
    situation = Situation(deck=data.deck_composition(), hand={"compass": 1}, discard=(),
                          captain_hand_size=6, is_captain=False, aboard=True,
                          dice=("fog", "birds"), city=4, dest=6, after=9)
    advice = advise(situation)
    assert advice.captain_pays is not None
    assert advice.leave_now == Fraction(5 * 4 + 3 * 6 + 9 + 2, 10)
    english = advice_lines(advice, Translator("en"))
    for language in ("fr", "hu"):
        lines = advice_lines(advice, Translator(language))
        assert len(lines) == len(english)
        assert all(a != b for a, b in zip(lines, english, strict=True) if a.strip()[0].isalpha())


@pytest.mark.parametrize("command", ["odds", "score", "play"])
@pytest.mark.parametrize("language", ["en", "fr", "hu"])
def test_help_in_each_language(capsys, command, language) -> None:
    with pytest.raises(SystemExit) as done:
        main([command, "--help", "--lang", language])
    assert done.value.code == 0
    assert "--" in capsys.readouterr().out
