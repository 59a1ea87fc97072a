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
    # It says that the figure counts Turbos, which a captain may refuse to play.
    assert (f"the captain can pay {float(odds.with_turbos):.1%} of the time if Turbos are "
            f"played too, {float(odds.equipment):.1%} with Equipment alone.") in first


@pytest.mark.parametrize(("language", "lines"), [
    ("en", ["No hazard: 11.1%", "1 hazard: 44.4%", "2 hazards: 44.4%"]),
    ("fr", ["Aucun danger\u202f: 11,1\u00a0%", "1\u00a0danger\u202f: 44,4\u00a0%",
            "2\u00a0dangers\u202f: 44,4\u00a0%"]),
    ("hu", ["Nincs veszély: 11,1%", "1 veszély: 44,4%", "2 veszély: 44,4%"]),
])
def test_the_roll_without_a_hazard_has_its_own_words(capsys, language: str,
                                                     lines: list[str]) -> None:
    """The coming roll's odds: no hazard is said in words ("Aucun danger"), never "0 …"."""
    assert main(["odds", "--lang", language, "--city", "2"]) == 0
    shown = [line.strip() for line in capsys.readouterr().out.splitlines()]
    at = next(i for i, line in enumerate(shown) if line.startswith(lines[0][:5]))
    assert [s.replace("\u00a0", " ") for s in shown[at:at + 3]] == \
        [line.replace("\u00a0", " ") for line in lines]
    assert not any(line.startswith("0") for line in shown)


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
     "Pay with two compasses and a Turbo"),
    ("fr", "Payez les deux boussoles et le canon\u202f: vos cartes Équipement couvrent",
     "Payer avec deux boussoles et un Turbo"),
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
    ("en", "Play Gust of Wind: "),
    ("fr", "Jouez votre carte Coup dur\u202f: "),
    ("hu", "Játszd ki a széllökést: "),
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


# --- What a player at the table knows: seat, hand sizes, the others' points ------------------
def odds_out(capsys, *argv: str, language: str = "en") -> str:
    assert main(["odds", *argv, "--lang", language]) == 0
    return capsys.readouterr().out


def test_the_seat_and_the_hands_change_the_advice_and_are_printed(capsys) -> None:
    """The same dice and hand, four players: staying is worth more the later you become
    captain (the others' full hands fly the airship on before yours must), and the output
    says which seat and hand sizes it assumed."""
    base = ["--dice", "fog,fog,pirates", "--hand", "2xcompass,turbo", "--city", "6"]
    first = odds_out(capsys, *base)
    assert "You sit at the captain's left: you are the next captain (--seat 1)." in first
    assert "The captain holds 6 cards (--captain-cards)." in first
    assert "clockwise from the captain's left: 6 and 6 (--passenger-cards)." in first
    assert "the hand dealt for 4 players: 6 cards." in first
    stays = []
    for seat in ("1", "2", "3"):
        out = odds_out(capsys, *base, "--seat", seat)
        stays.append(_points_of(out, "Stay aboard"))
    assert stays[0] < stays[1] < stays[2]
    third = odds_out(capsys, *base, "--seat", "3")
    assert "2 other passengers sit between the captain and you and are captains before you " \
           "(--seat 3)." in third
    # Given hand sizes are used, and no default is claimed for them.
    small = odds_out(capsys, *base, "--seat", "3", "--passenger-cards", "1,1",
                     "--captain-cards", "6")
    assert "6 cards (--captain-cards)" in small and ": 1 and 1 (--passenger-cards)" in small
    assert "hand dealt" not in small
    # Early in the voyage, captains with one card ahead of you make staying worth less.
    early = ["--dice", "fog,pirates", "--hand", "2xcompass,turbo", "--city", "1", "--seat", "3",
             "--captain-cards", "6", "--passenger-cards"]
    assert _points_of(odds_out(capsys, *early, "1,1"), "Stay aboard") < \
        _points_of(odds_out(capsys, *early, "6,6"), "Stay aboard")


def _points_of(out: str, label: str) -> float:
    line = next(line for line in out.splitlines() if line.endswith(f" — {label}"))
    return float(line.split(" — ")[0])


@pytest.mark.parametrize(("argv", "named"), [
    (["--passenger-cards", "6,6,6"], "--passenger-cards"),
    (["--passenger-cards", "6,zz"], "zz"),
    (["--seat", "4"], "--seat"),
    (["--seat", "2", "--captain"], "--seat"),
    (["--their-points", "3,4"], "--their-points"),
])
@pytest.mark.parametrize("language", ["en", "fr", "hu"])
def test_wrong_table_facts_are_named(capsys, argv, named, language) -> None:
    base = ["--dice", "fog,fog", "--city", "4", "--hand", "compass"]
    assert main(["odds", *base, *argv, "--lang", language]) == 2
    captured = capsys.readouterr()
    assert named in captured.err and "Traceback" not in captured.err
    assert captured.out == ""


def test_the_advice_at_the_table_is_the_coachs_in_a_real_game() -> None:
    """A real game: a passenger two or more seats after the captain, someone off the
    airship, hands of their own sizes. ``celestia odds`` told those facts says what the
    practice game's coach says, to the sentence and every choice's points. Situations
    where a hidden player's public deeds tell something of his hand are left out: the
    game's coach reads them (``inference``), and ``celestia odds`` cannot be told them."""
    import contextlib
    import io

    from tutor.engine import Options, SeededChance, State
    from tutor.practice import endgame
    from tutor.practice.coach import advise
    from tutor.practice.expert import make_player
    from tutor.practice.inference import inferred
    from tutor.practice.voyage import View

    checked = 0
    for seed in range(200):
        state = State(Options(players=5, seed=seed))
        chance = SeededChance(seed)
        bots = [make_player("cautious" if p % 2 else "bold", seed * 10 + p) for p in range(5)]
        while not state.is_terminal() and state.voyage <= 2:
            if state.is_chance():
                state.apply(chance.outcome(state))
                continue
            me = state.actor
            order = [(state.captain + i) % 5 for i in range(1, 5)]
            aboard = [p for p in order if state.aboard[p]]
            facts = state.observation(me)
            view = View.from_observation(facts)
            if (state.phase == "passengers" and aboard.index(me) >= 1
                    and not all(state.aboard) and all(facts["pile_sizes"][c] >= 5
                                                      for c in data.CITY_VALUES)
                    and endgame.at_stake(view) is None and inferred(view) is view):
                others = [str(facts["hand_sizes"][p]) for p in aboard if p != me]
                argv = ["--players", "5", "--aboard", str(len(aboard) + 1),
                        "--seat", str(aboard.index(me) + 1),
                        "--captain-cards", str(facts["hand_sizes"][state.captain]),
                        "--dice", ",".join(facts["dice"]), "--city", str(state.city),
                        "--hand", ",".join(f"{k}x{c}" for c, k in facts["hand"].items()),
                        "--lang", "en"]
                if others:
                    argv += ["--passenger-cards", ",".join(others)]
                if facts["discard_pile"]:
                    argv += ["--discarded", ",".join(facts["discard_pile"])]
                if facts["treasures"]:
                    argv += ["--treasures", ",".join(f"{c}:{v}" for c, v in facts["treasures"])]
                out = io.StringIO()
                with contextlib.redirect_stdout(out):
                    assert main(["odds", *argv]) == 0
                advice = advise(state, me)
                lines = out.getvalue().splitlines()
                assert lines[0] == advice.sentence, argv
                assert lines[1:1 + len(advice.details)] == list(advice.details)
                checked += 1
            state.apply(bots[me].choose(state, me))
        if checked >= 6:
            break
    assert checked >= 6


def test_the_end_of_the_game_counts_when_their_points_are_given(capsys) -> None:
    """45 points: a treasure taken now ends the game after this voyage. Far ahead of the
    others (20 each), the coach banks it, though staying promises more points; far behind
    them (47 each, about to reach 50), it stays, though leaving promises more: a safe
    treasure cannot win. Without --their-points the end is left out, and said to be."""
    hand = ["--seat", "3", "--hand", "compass,turbo,cannon,foghorn", "--treasures",
            "25:25,20:20"]
    at_6 = ["--dice", "fog,pirates,blank", "--city", "6", *hand]
    plain = odds_out(capsys, *at_6)
    assert plain.startswith("Stay: about 7.8 points expected against 7.1 for leaving now")
    assert "left out: give --their-points to count it" in plain
    ahead = odds_out(capsys, *at_6, "--their-points", "20,20,20")
    assert ahead.startswith("Leave now: this voyage can end the game, and leaving gives you "
                            "the better chance to win it")
    assert "(7.1 points on average against about 7.8)." in ahead.splitlines()[0]
    assert "Points you reckon the others hold, in seat order from the captain: 20, 20, and " \
        "20 (--their-points)." in ahead
    assert "Your chance to win the game (this voyage can end it):" in ahead
    assert "you hold 45 points" in ahead
    at_9 = ["--dice", "fog,pirates,birds", "--city", "9", *hand]
    assert odds_out(capsys, *at_9).startswith("Leave now: 10.0 points on average")
    behind = odds_out(capsys, *at_9, "--their-points", "47,47,47")
    assert behind.startswith("Stay: this voyage can end the game, and staying gives you the "
                             "better chance to win it")
    assert "(8.0 points expected against 10.0)." in behind.splitlines()[0]


def test_odds_after_a_crash_says_what_is_true(capsys) -> None:
    nothing = odds_out(capsys, "--crash", "--dice", "fog,pirates", "--city", "2", "--hand",
                       "compass")
    assert nothing.startswith("Nothing you can do: you hold neither a Magic Spyglass nor a "
                              "Jetpack.")
    assert "Next roll" not in nothing and "captain can pay" not in nothing
    jetpack = odds_out(capsys, "--crash", "--dice", "fog,pirates", "--city", "2", "--hand",
                       "jetpack")
    assert jetpack.startswith("Play your Jetpack") and "Next roll" not in jetpack
    for language in ("en", "fr", "hu"):
        assert main(["odds", "--crash", "--captain", "--dice", "fog,blank", "--city", "1",
                     "--hand", "compass", "--lang", language]) == 2
        err = capsys.readouterr().err
        assert "--crash" in err and "3.4" in err and "Traceback" not in err
    # Only Turbos would pay: the captain may announce a crash.
    assert main(["odds", "--crash", "--captain", "--dice", "fog,blank", "--city", "1",
                 "--hand", "turbo,jetpack", "--lang", "en"]) == 0
    assert capsys.readouterr().out.startswith("Play your Jetpack")
    assert main(["odds", "--crash", "--dice", "blank,blank", "--city", "1", "--lang",
                 "en"]) == 2
    assert "no die shows a hazard" in capsys.readouterr().err


@pytest.mark.parametrize("language", ["en", "fr", "hu"])
def test_the_old_unquoted_count_is_explained(capsys, language) -> None:
    """``--hand 2 compass,turbo`` as the shell passes it: two words, not argparse's
    "unrecognized arguments"."""
    assert main(["odds", "--lang", language, "--dice", "fog", "--hand", "2", "compass,turbo",
                 "--captain"]) == 2
    err = capsys.readouterr().err
    assert "2xcompass" in err and "compass,turbo" not in err.split("2xcompass")[-1]
    assert "unrecognized" not in err and "Traceback" not in err
    english = main(["odds", "--lang", "en", "--dice", "fog", "--hand", "2", "compass",
                    "--captain"])
    assert english == 2
    assert capsys.readouterr().err != err or language == "en"


def test_odds_takes_empty_piles_and_played_spyglasses(capsys) -> None:
    """City 15 gone: from city 12 the airship flies to 20, which takes 4 dice (§3.9)."""
    four = ("--city", "12", "--dice", "fog,blank,birds,blank", "--hand", "compass")
    assert main(["odds", *four]) == 2
    assert "takes 3 dice" in capsys.readouterr().err
    out = odds_out(capsys, *four, "--empty", "15")
    assert "city 20" in out and "(--empty): 15." in out
    assert "Your hand: a compass (--hand)." in out
    assert "No Magic Spyglass has been played" in out
    # A city past which nothing is left on the route cannot be left.
    assert main(["odds", "--city", "20", "--dice", "fog,fog,fog,fog", "--empty", "25"]) == 2
    capsys.readouterr()
    # The Spyglass of city 2 played: leaving at city 2 is worth 34/10, not 36/11.
    city2 = ("--city", "2", "--dice", "fog,blank", "--players", "3")
    assert "Leaving now at city 2: a treasure worth 3.3 points" in odds_out(capsys, *city2)
    played = odds_out(capsys, *city2, "--spyglasses-played", "2")
    assert "Leaving now at city 2: a treasure worth 3.4 points" in played
    assert "from the piles of these cities: 2." in played
    assert "Your hand is empty" in played
    for wrong in (["--spyglasses-played", "9"], ["--empty", "2,2"],
                  ["--variant", "beginner", "--spyglasses-played", "1"]):
        assert main(["odds", *city2, *wrong, "--lang", "hu"]) == 2
        assert "Traceback" not in capsys.readouterr().err


@pytest.mark.parametrize("language", ["en", "fr", "hu"])
def test_the_power_card_sentences_explain_their_figures(language) -> None:
    """Never "0.0 against 0.0"; the margin for keeping a Power card is named."""
    from tutor.i18n import Translator
    from tutor.practice import evaluate as ev
    from tutor.practice.sentences import sentence
    from tutor.practice.voyage import View

    tr = Translator(language)
    view = View(me=2, players=3, captain=0, phase="power-window", city=2, route=(2, 4),
                pile_sizes={2: 9, 4: 9}, dice=("fog", "blank"), aboard=(True, True, False),
                hand={"gust-of-wind": 1}, treasures=(), hand_sizes=(6, 6, 1))
    nothing = ev.Recommendation(ev.WINDOW, "pass", (ev.Option("pass", 0.0),
                                                    ev.Option("play gust-of-wind", 0.0)),
                                facts={"chance": 0.5})
    said = sentence(nothing, view, tr)
    assert "0.0" not in said and "0,0" not in said
    small = ev.Recommendation(ev.WINDOW, "pass", (ev.Option("pass", 3.0),
                                                  ev.Option("play gust-of-wind", 3.5)),
                              facts={"chance": 0.5})
    said = sentence(small, view, tr)
    margin = f"{ev.KEEP_MARGIN:.1f}".replace(".", "," if language != "en" else ".")
    assert margin in said and ("0.5" in said or "0,5" in said)
