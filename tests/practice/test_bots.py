"""The bots live up to their names: the ladder on a fixed seed, and each style's temper."""

from __future__ import annotations

import re

import pytest

from tutor.cli import main
from tutor.commands.simulate import (
    Ladder,
    checks,
    clear_bound,
    is_clear,
    ladder,
    ladder_report,
    pair_share,
    seat_styles,
)
from tutor.engine import Options, ScriptedChance, State, make_bot
from tutor.i18n import Translator
from tutor.practice.expert import STYLES, ExpertBot, make_player


def test_the_ladder_on_a_fixed_seed() -> None:
    """Four players a game, 100 games a pair (several minutes of processor time, on two
    processes, since the expert plays the coach's voyage model at every decision): every
    style beats the random bot, and the expert beats every other style.
    Deterministic: the same seed always deals the same games and the result does not
    depend on the processes, so this cannot flake."""
    result = ladder(4, 100, seed=0, jobs=2)
    for style in ("cautious", "sensible", "bold", "expert"):
        assert result.shares[style, "random"] > 0.5, style
    for style in ("random", "cautious", "sensible", "bold"):
        assert result.shares["expert", style] > 0.5, style
    assert result.ranking()[0] == "expert" and result.ranking()[-1] == "random"
    assert all(result.shares[a, b] + result.shares[b, a] == pytest.approx(1)
               for a in STYLES for b in STYLES if a != b)


@pytest.mark.parametrize(("players", "games"), [(2, 40), (3, 30)])
def test_the_ladder_at_small_tables_on_a_fixed_seed(players: int, games: int) -> None:
    """Two and three players, a few games a pair on seed 0, seats rotated as in the ladder
    (about 8 s of processor time each): every style beats the random bot, and the expert
    beats the cautious one. Deterministic, so it cannot flake. At these tables the
    expert's lead over the sensible and bold bots is narrower (56 % and 61 % of the games
    against them at two players, 60 % and 64 % at three, 400 games each from seed 0,
    measured before the sensible bot read the table): too narrow for a few games to show,
    so that is left to ``celestia simulate --ladder``."""
    for style in ("cautious", "sensible", "bold", "expert"):
        assert pair_share(style, "random", players, range(games), 0, {}) / games > 0.6, style
    assert pair_share("expert", "cautious", players, range(games), 0, {}) / games > 0.6


@pytest.mark.parametrize("players", [5, 6])
def test_the_heuristic_styles_beat_random_at_big_tables(players: int) -> None:
    """Five and six players, 200 games a style on seed 0: the cautious bot gets weaker as
    the table grows (60.6 % against the random bot at six players over 2,000 games), but
    still wins more than it loses."""
    for style in ("cautious", "sensible", "bold"):
        won = pair_share(style, "random", players, range(200), 0, {})
        assert won / 200 > 0.5, style


def made_ladder(shares: dict[tuple[str, str], float]) -> Ladder:
    """A ladder of the four heuristic styles with the given results (the rest: 0.5)."""
    styles = ("random", "cautious", "sensible", "bold")
    result = Ladder(3, 200, 0, styles)
    for a in styles:
        for b in styles:
            if a != b:
                result.shares[a, b] = 0.5
    for (a, b), share in shares.items():
        result.shares[a, b], result.shares[b, a] = share, 1 - share
    return result


def test_the_ladder_ranks_by_head_to_head_results() -> None:
    """A style above another beats it where the results allow: the cautious bot's big
    win over the random one lifts its average above the bold bot's, but the bold bot
    beats it, so it ranks above it."""
    result = made_ladder({("cautious", "random"): 0.95, ("sensible", "random"): 0.8,
                          ("bold", "random"): 0.7, ("sensible", "cautious"): 0.6,
                          ("bold", "cautious"): 0.52, ("sensible", "bold"): 0.55})
    assert result.mean("cautious") > result.mean("bold")
    assert result.ranking() == ["sensible", "bold", "cautious", "random"]
    assert result.contradictions() == []


def test_the_ladder_names_the_pairs_that_contradict_its_order() -> None:
    """A cycle (sensible beats bold, bold beats cautious, cautious beats sensible): each
    beats two styles, the average decides, and the report names the pair that goes
    against the order, in every language."""
    result = made_ladder({("cautious", "random"): 0.9, ("sensible", "random"): 0.8,
                          ("bold", "random"): 0.7, ("cautious", "sensible"): 0.52,
                          ("bold", "cautious"): 0.55, ("sensible", "bold"): 0.6})
    assert result.ranking() == ["sensible", "cautious", "bold", "random"]
    assert result.contradictions() == [("sensible", "cautious"), ("cautious", "bold")]
    lines = ladder_report(result, Translator("en"))
    assert "in 2 pairs the style ranked lower won at least half of the games (cautious " \
        "against sensible: 52.0% and bold against cautious: 55.0%)." in lines[-2]
    for language in ("fr", "hu"):
        text = ladder_report(result, Translator(language))[-2]
        assert "52,0" in text and "55,0" in text and "against" not in text
    strict = made_ladder({("cautious", "random"): 0.9, ("sensible", "random"): 0.8,
                          ("bold", "random"): 0.7, ("sensible", "cautious"): 0.52,
                          ("bold", "cautious"): 0.55, ("sensible", "bold"): 0.6})
    assert "the ranking is a strict order" in ladder_report(strict, Translator("en"))[-2]


@pytest.mark.parametrize("language", ["en", "fr", "hu"])
def test_the_ladder_tables_fit_a_terminal(language: str) -> None:
    """The five styles' tables of rates and of games fit in 80 columns in every language,
    with the widest figures (6,400 games, 100.0 %)."""
    result = Ladder(6, 6400, 0, STYLES, until_clear=True)
    for a in STYLES:
        for b in STYLES:
            if a != b:
                result.shares[a, b], result.played[a, b] = 1.0 if a < b else 0.0, 6400
    tr = Translator(language)
    lines = ladder_report(result, tr)
    games = lines.index(tr.gettext("Games played by each pair:"))
    rates, counts = lines[2:2 + 1 + len(STYLES)], lines[games + 1:games + 2 + len(STYLES)]
    assert max(len(line) for line in rates + counts) <= 80
    # Two spaces at least between cells (a figure's own space is a no-break one).
    assert all(len(re.split(" {2,}", line.strip())) == len(STYLES) + 2 for line in rates[1:])
    assert all(len(re.split(" {2,}", line.strip())) == len(STYLES) + 1 for line in counts[1:])


def test_seats_alternate_and_rotate() -> None:
    assert seat_styles("a", "b", 4, 0) == ["a", "b", "a", "b"]
    assert seat_styles("a", "b", 4, 1) == ["b", "a", "b", "a"]
    three = [seat_styles("a", "b", 3, g) for g in range(2)]
    assert three == [["a", "b", "a"], ["b", "a", "b"]]


def test_the_ladder_does_not_depend_on_the_number_of_processes() -> None:
    one = ladder(3, 6, seed=4, styles=("random", "bold"))
    two = ladder(3, 6, seed=4, styles=("random", "bold"), jobs=2)
    assert one.shares == two.shares


def test_a_pair_is_checked_after_doubling_numbers_of_games() -> None:
    assert checks(6400) == [100, 200, 400, 800, 1600, 3200, 6400]
    assert checks(1068) == [100, 200, 400, 800, 1068]
    assert checks(100) == [100] and checks(30) == [30]
    # More checks, a wider bound: 2.5 % a side shared among them.
    assert clear_bound(100) == pytest.approx(1.96, abs=0.001)
    assert clear_bound(6400) == pytest.approx(2.69, abs=0.001)
    # 60 % of 100 games is 2 standard errors (of a share at worst 1/4 in variance) from even.
    assert is_clear(0.6, 100, 1.96) and not is_clear(0.6, 100, 2.69)
    assert is_clear(0.4, 200, 2.69) and not is_clear(0.5, 6400, 0.1)


def test_a_ladder_until_clear_stops_each_pair_at_its_first_clear_check() -> None:
    """Two players, the random, cautious and sensible bots, at most 400 games a pair (a
    few seconds): the cautious and sensible bots beat the random one by so much that
    their pairs stop after 100 games; every pair stops at a check, clear there, and
    not clear at the check before; the result does not depend on the processes."""
    styles = ("random", "cautious", "sensible")
    result = ladder(2, 400, seed=0, styles=styles, until_clear=True)
    bound = clear_bound(400)
    assert result.games_of("cautious", "random") == 100
    assert result.games_of("random", "sensible") == 100
    # Each pair as the ladder seats it: the style listed first in the even seats of game 0.
    for a, b in [("random", "cautious"), ("random", "sensible"), ("cautious", "sensible")]:
        played = result.games_of(a, b)
        assert played == result.games_of(b, a) and played in checks(400)
        assert is_clear(result.shares[a, b], played, bound) or played == 400
        earlier = checks(400)[checks(400).index(played) - 1] if played > 100 else 0
        if earlier:
            share = pair_share(a, b, 2, range(earlier), 0, {}) / earlier
            assert not is_clear(share, earlier, bound), (a, b)
        assert result.shares[a, b] == pytest.approx(
            pair_share(a, b, 2, range(played), 0, {}) / played)
    assert result.ranking() == ["sensible", "cautious", "random"]
    assert result.undecided() == []
    two = ladder(2, 400, seed=0, styles=styles, until_clear=True, jobs=2)
    assert two.shares == result.shares and two.played == result.played


def test_a_ladder_until_clear_names_the_pairs_it_could_not_decide() -> None:
    """Two even pairs after the most games allowed are named, in every language, beside
    the table of games played."""
    result = made_ladder({("cautious", "random"): 0.9, ("sensible", "random"): 0.8,
                          ("bold", "random"): 0.7, ("sensible", "cautious"): 0.6,
                          ("bold", "cautious"): 0.51, ("sensible", "bold"): 0.53})
    result.until_clear = True
    result.played = {(a, b): 100 if result.shares[a, b] in (0.9, 0.1, 0.8, 0.2) else 200
                     for a, b in result.shares}
    lines = ladder_report(result, Translator("en"))
    assert "played until one of them was clearly ahead, at most 200 games" in lines[0]
    games = lines[lines.index("Games played by each pair:") + 1:][:5]
    assert games[1].split() == ["sensible", "100", "200", "–", "200"]
    assert "Each pair was checked after 100 and 200 games" in lines[-5]
    assert lines[-4] == ("No clear winner after 200 games: bold against cautious (51.0%) and "
                         "sensible against bold (53.0%).")
    assert not any("Every rate is within" in line for line in lines)
    for language in ("fr", "hu"):
        text = "\n".join(ladder_report(result, Translator(language)))
        assert "51,0" in text and "53,0" in text
        assert "No clear" not in text and "Games played" not in text
    result.games = 1
    result.played = dict.fromkeys(result.played, 1)
    lines = ladder_report(result, Translator("en"))
    assert "Each pair was checked after 1 game, and stopped" in lines[-5]
    assert lines[-4].startswith("No clear winner after 1 game: ")


def passenger_at_city_4(hazards: str) -> State:
    """Bob (seat 1) is a passenger at city 4 with ``hazards`` rolled for city 6."""
    hands = [["compass", "lightning-rod", "foghorn", "cannon", "turbo", "compass"]] * 2 + \
        [["cannon"] * 6, ["foghorn"] * 6]
    state = State(Options(players=4), ["Ann", "Bob", "Cy", "Di"])
    chance = ScriptedChance(rolls=["blank blank", "blank blank", hazards], hands=hands)
    while not (state.phase == "passengers" and state.city == 4 and state.actor == 1):
        if state.actor < 0:
            state.apply(chance.outcome(state))
        else:
            state.apply("stay" if state.phase == "passengers" else "pass")
    return state


def test_the_cautious_leave_where_the_bold_stay() -> None:
    state = passenger_at_city_4("fog pirates")
    assert state.actor == 1 and state.dest == 6
    assert make_bot("cautious", 1).choose(state, 1) == "leave"
    assert make_bot("bold", 1).choose(state, 1) == "stay"
    # With nothing to pay, everyone stays.
    calm = passenger_at_city_4("blank blank")
    assert all(make_player(s, 1).choose(calm, calm.actor) == "stay" for s in STYLES[1:])


def test_the_expert_plays_the_coachs_advice() -> None:
    from tutor.practice.coach import advise

    state = passenger_at_city_4("fog pirates")
    assert ExpertBot().choose(state, 1) == advise(state, 1).action


@pytest.mark.parametrize(("argv", "message"), [
    (["--players", "3", "--bots", "random,bold,cautious,sensible"],
     "4 bot styles were given for a table of 3 players"),
    (["--bots", "genius"], 'Unknown bot style "genius"'),
])
def test_simulate_refuses_what_it_cannot_seat(capsys, argv, message) -> None:
    assert main(["simulate", "--games", "2", *argv, "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert main(["simulate", "--games", "2", *argv, "--lang", "fr"]) == 2
    assert capsys.readouterr().err.strip() != err.strip()


def test_simulate_ladder_prints_the_table(capsys) -> None:
    assert main(["simulate", "--ladder", "--games", "4", "--players", "2", "--jobs", "1",
                 "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "4 games for each pair of bot styles, 2 players" in out
    rows = [line.split() for line in out.splitlines() if line.split()
            and line.split()[0] in STYLES and "%" in line]
    assert sorted(row[0] for row in rows) == sorted(STYLES)
    assert all(len(row) == len(STYLES) + 2 for row in rows)
    assert "Ranking, best first, by the number of styles each one beats head to head" in out
    assert "19 times out of 20" in out
    assert "the ranking is a strict order." in out or "The ranking is not a strict order" in out


def test_simulate_ladder_until_clear_prints_the_games_of_each_pair(capsys) -> None:
    assert main(["simulate", "--ladder", "--until-clear", "--games", "4", "--players", "2",
                 "--jobs", "1", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "each pair of bot styles played until one of them was clearly ahead, at most 4 " \
        "games, 2 players" in out
    counts = out[out.index("Games played by each pair:"):].splitlines()[2:2 + len(STYLES)]
    assert sorted(row.split()[0] for row in counts) == sorted(STYLES)
    assert all(row.split()[1:].count("4") == len(STYLES) - 1 for row in counts)
    assert "Each pair was checked after 4 games" in out and "Every rate is within" not in out


def test_a_long_ladder_says_which_pairs_play_on(capsys, monkeypatch) -> None:
    """Between its checks, a ladder played until clear says on the error stream which
    pairs play on, in the reader's language; the table stays alone on the output. (Six
    players, the cautious bot against the random one: 56 % after 400 games, not clear
    before.)"""
    told = []
    result = ladder(6, 400, seed=0, styles=("random", "cautious"), until_clear=True,
                    progress=lambda *done: told.append(done[:2]))
    assert told == [(100, [("random", "cautious")]), (200, [("random", "cautious")])]
    assert result.games_of("cautious", "random") == 400 and result.undecided() == []
    # The command, checking after one game (never clear) and two: one line, every pair.
    monkeypatch.setattr("tutor.commands.simulate.FIRST_CHECK", 1)
    assert main(["simulate", "--ladder", "--until-clear", "--games", "2", "--players", "2",
                 "--jobs", "1", "--lang", "fr"]) == 0
    out, err = capsys.readouterr()
    assert err.startswith("Après 1 partie, encore en jeu\u202f: aléatoire contre prudent, ")
    assert err.count(" contre ") == len(STYLES) * (len(STYLES) - 1) // 2
    assert len(err.splitlines()) == 1 and "Après" not in out and "Tournoi" in out


@pytest.mark.parametrize("language", ["en", "fr", "hu"])
def test_play_refuses_more_bots_than_seats(capsys, tmp_path, language) -> None:
    six = ",".join(["cautious", "bold"] * 3)
    assert main(["play", "--batch", "--bots", six, "--save", str(tmp_path / "g.json"),
                 "--lang", language]) == 2
    err = capsys.readouterr().err
    assert "5" in err and "6" in err and "Traceback" not in err
    assert not (tmp_path / "g.json").exists()


def test_play_seats_an_expert(capsys, tmp_path, monkeypatch) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("1\n"))
    assert main(["play", "--batch", "--bots", "expert,sensible", "--seed", "2", "--save",
                 str(tmp_path / "g.json"), "--lang", "en"]) == 1
    assert "Nimbus (expert)" in capsys.readouterr().out
