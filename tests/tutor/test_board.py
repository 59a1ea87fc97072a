"""The board view: what one seat may see, in 80 columns, with or without colour."""

from __future__ import annotations

import pytest

from tutor.app.board import BOARD_STYLE, board_fragments, board_lines, board_text
from tutor.engine import CHANCE, Options, ScriptedChance, State
from tutor.i18n import Translator


def _state() -> State:
    state = State(Options(players=3), seats=["Ada", "Bruno", "Csilla"])
    chance = ScriptedChance(
        rolls=["fog birds"],
        hands=[["compass", "compass", "turbo", "jetpack", "cannon", "cannon", "foghorn",
                "lightning-rod"],
               ["ejection"] * 2 + ["gust-of-wind"] * 2 + ["alternative-route"] * 2
               + ["jetpack", "turbo"],
               ["compass"] * 8],
    )
    while state.actor == CHANCE:
        state.apply(chance.outcome(state))
    return state


@pytest.mark.parametrize("language", ["en", "fr", "hu"])
def test_the_viewer_sees_only_their_own_hand(language: str) -> None:
    tr = Translator(language)
    text = board_text(_state(), 0, tr)
    assert "×2" in text  # Ada's two Compasses
    from tutor.names import card_name

    # Bruno's Power cards are hidden: only their number shows.
    assert card_name("ejection", tr).lower() not in text.lower()
    assert card_name("gust-of-wind", tr).lower() not in text.lower()
    assert "8" in text


def test_an_onlooker_sees_no_hand_at_all() -> None:
    text = board_text(_state(), None, Translator("en"))
    assert "Your hand" not in text and "Compass" not in text


def test_every_line_fits_the_width() -> None:
    state = _state()
    for language in ("en", "fr", "hu"):
        for width in (80, 60):
            assert all(len(line) <= width
                       for line in board_lines(state, 0, Translator(language), width))


def test_the_route_marks_the_airship_and_the_destination() -> None:
    lines = board_lines(_state(), 0, Translator("en"))
    marks = next(line for line in lines if "▲" in line and "→" in line and "city" not in line)
    cities = next(line for line in lines if line.startswith("City"))
    assert cities[marks.index("▲")] == "1" and cities[marks.index("→")] == "2"


def test_fragments_match_the_plain_text_and_drop_colour_without_it(monkeypatch) -> None:
    state = _state()
    tr = Translator("en")
    fragments = board_fragments(state, 0, tr)
    formatted = [line.rstrip() for line in "".join(t for _, t in fragments).splitlines()]
    assert formatted == board_lines(state, 0, tr)
    assert any("colour" in style for style, _ in fragments)
    monkeypatch.setenv("NO_COLOR", "1")
    plain = board_fragments(state, 0, tr)
    assert not any("colour" in style for style, _ in plain)
    used = {c.split(":", 1)[1] for style, _ in fragments for c in style.split() if c}
    assert used <= set(BOARD_STYLE)
