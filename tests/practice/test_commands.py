"""`celestia odds`, and the practice domain's texts in every language."""

from fractions import Fraction

import pytest

from tutor.cli import main
from tutor.engine import data
from tutor.i18n import Translator
from tutor.practice.coach import advise_view, figure_lines
from tutor.practice.odds import (
    captain_pay_odds,
    figures,
    treasure_value,
    unaccounted_treasures,
    unseen_cards,
)
from tutor.practice.voyage import View


def test_odds_for_a_table_situation(capsys) -> None:
    code = main(["odds", "--dice", "fog,fog,pirates", "--hand", "2xcompass,turbo",
                 "--discarded", "cannon", "--city", "6", "--players", "5", "--lang", "en"])
    out = capsys.readouterr().out
    assert code == 0
    unseen = unseen_cards(data.deck_composition(), {"compass": 2, "turbo": 1}, ["cannon"])
    odds = captain_pay_odds(unseen, data.hand_size(5), ["fog", "fog", "pirates"])
    assert f"{float(odds.with_turbos):.1%}" in out
    ev = treasure_value(unaccounted_treasures(9, "standard", []), 2)
    assert f"{float(ev):.1f} points" in out
    assert "Next roll: 3 dice, to city 12." in out
    # The advice comes first: leave now with a city-6 treasure, the captain paying less
    # than half the time.
    first = out.splitlines()[0]
    assert first.startswith("Leave now: 7.1 points on average against about ")
    assert f"the captain can pay {float(odds.with_turbos):.1%} of the time" in first


def test_odds_advise_the_captain_and_after_a_crash(capsys) -> None:
    assert main(["odds", "--captain", "--dice", "fog,pirates,blank", "--city", "6", "--hand",
                 "compass,turbo,jetpack", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Pay a compass and a Turbo: about ")
    assert "against 7.1 if you announce a crash" in out.splitlines()[0]
    assert main(["odds", "--captain", "--aboard", "1", "--city", "4", "--hand",
                 "2xcompass,turbo,cannon,foghorn", "--lang", "en"]) == 0
    assert capsys.readouterr().out.startswith("Roll: about ")
    assert main(["odds", "--crash", "--dice", "fog,pirates", "--city", "2", "--hand",
                 "jetpack", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Play your Jetpack: a treasure from city 2, 3.3 points")
    assert "captain can pay" not in out


@pytest.mark.parametrize(("language", "advice", "choice"), [
    ("en", "Pay two compasses and a cannon: your Equipment covers every hazard",
     "Pay two compasses and a Turbo"),
    ("fr", "Payez les deux boussoles et le canon\u202f: vos cartes Équipement couvrent",
     "Payer deux boussoles et un Turbo"),
    ("hu", "Fizess a két iránytűvel és az ágyúval: az eszközkártyáid minden veszélyt",
     "Fizetek két iránytűvel és egy turbóval"),
])
def test_the_coach_names_the_cards_to_pay_in_a_sentence(capsys, language: str, advice: str,
                                                       choice: str) -> None:
    """Equal cards are counted, and each card takes its article and case: no list after a
    colon ("Fizess ezekkel a lapokkal: iránytű és iránytű")."""
    assert main(["odds", "--captain", "--dice", "fog,fog,pirates", "--city", "6", "--hand",
                 "2xcompass,turbo,cannon", "--lang", language]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(advice)
    assert any(line.endswith(choice) for line in lines[1:])


@pytest.mark.parametrize(("language", "advice"), [
    ("en", "Play Gust of Wind: about "),
    ("fr", "Jouez votre carte Coup dur\u202f: environ "),
    ("hu", "Játszd ki a széllökést: kb. "),
])
def test_the_coach_names_the_card_to_play_in_a_sentence(language: str, advice: str) -> None:
    view = View(me=1, players=3, captain=0, phase="power-window", city=4,
                route=(4, 6, 9), pile_sizes={c: 5 for c in data.CITY_VALUES},
                dice=("blank", "blank", "fog"), aboard=(True, True, False),
                hand={"gust-of-wind": 1}, treasures=(), hand_sizes=(2, 1, 6), discard=(),
                variant="standard", grappling_hook=False, spyglass_points=2, points=0,
                unseen=unseen_cards(data.deck_composition(), {"gust-of-wind": 1}, []))
    sentence = advise_view(view, ["play gust-of-wind", "pass"], Translator(language)).sentence
    assert sentence.startswith(advice), sentence


@pytest.mark.parametrize("language", ["en", "fr", "hu"])
def test_the_old_way_of_counting_cards_is_explained(capsys, language) -> None:
    assert main(["odds", "--lang", language, "--dice", "fog", "--hand", "2 compass"]) == 2
    err = capsys.readouterr().err
    assert "2xcompass" in err and "Traceback" not in err
    assert main(["odds", "--lang", language, "--dice", "fog", "--hand", "2xcompass,1×turbo",
                 "--captain"]) == 0


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
    (["--dice", "fog", "--hand", "21xcompass"], "20"),
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
    view = View(me=1, players=4, captain=0, phase="passengers", city=4,
                route=(4, 6, 9, 12, 15, 20, 25),
                pile_sizes={c: 6 for c in data.CITY_VALUES}, dice=("fog", "birds"),
                aboard=(True,) * 4, hand={"compass": 1}, treasures=(),
                hand_sizes=(6,) * 4,
                unseen=unseen_cards(data.deck_composition(), {"compass": 1}, ()))
    found = figures(view)
    assert found.captain_pays is not None
    assert found.leave_now == Fraction(5 * 4 + 3 * 6 + 9 + 2, 10)
    english = figure_lines(found, view, Translator("en"))
    advice = advise_view(view, ["stay", "leave"], Translator("en"))
    for language in ("fr", "hu"):
        tr = Translator(language)
        lines = figure_lines(found, view, tr)
        assert len(lines) == len(english)
        assert all(a != b for a, b in zip(lines, english, strict=True) if a.strip()[0].isalpha())
        translated = advise_view(view, ["stay", "leave"], tr)
        assert translated.action == advice.action and translated.points == advice.points
        assert translated.sentence != advice.sentence
        assert all(a != b for a, b in zip(translated.details, advice.details, strict=True))


@pytest.mark.parametrize("command", ["odds", "score", "play"])
@pytest.mark.parametrize("language", ["en", "fr", "hu"])
def test_help_in_each_language(capsys, command, language) -> None:
    with pytest.raises(SystemExit) as done:
        main([command, "--help", "--lang", language])
    assert done.value.code == 0
    assert "--" in capsys.readouterr().out
