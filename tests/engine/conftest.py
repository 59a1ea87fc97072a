"""Scripted games for the engine tests: exact hands, rolls and pile orders."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from tutor.engine import CHANCE, Event, Options, ScriptedChance, State

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Flo")


class Game:
    """A state driven by a ScriptedChance; chance outcomes are applied automatically."""

    def __init__(self, players: int = 3, *, hands: Sequence[Sequence[str]] | None = None,
                 rolls: Sequence[str | Sequence[str]] = (), draw: Sequence[str] = (),
                 piles: dict[int, Sequence[str | int]] | None = None,
                 shuffles: Sequence[Sequence[str]] = (), **options: Any) -> None:
        self.state = State(Options(players=players, **options), list(NAMES[:players]))
        self.chance = ScriptedChance(rolls, hands=hands, draw=draw, piles=piles,
                                     shuffles=shuffles)
        self.events: list[Event] = []
        self.settle()

    def settle(self) -> None:
        """Apply chance outcomes until a player must decide, the game is over, or the
        script has no roll or reshuffle left for the request (then the state waits)."""
        chance = self.chance
        while self.state.actor == CHANCE:
            kind = self.state.chance_request.kind
            if (kind == "roll" and chance.rolls_used == len(chance.rolls)) or (
                    kind == "shuffle" and chance.shuffles_used == len(chance.shuffles)):
                return
            self.events += self.state.apply(chance.outcome(self.state))

    def do(self, *actions: str) -> Game:
        """Apply each action as the deciding player, letting chance answer in between."""
        for action in actions:
            self.events += self.state.apply(action, player=self.state.actor)
            self.settle()
        return self

    def kinds(self) -> list[str]:
        return [e.kind for e in self.events]

    def last(self, kind: str) -> Event:
        return [e for e in self.events if e.kind == kind][-1]

    def auto(self, until: Callable[[State], bool], *, leave_at: dict[int, int] | None = None,
             lone: str = "roll", pay: str = "first") -> Game:
        """Play simple decisions until ``until(state)`` holds or the game ends.

        Passengers stay, except a seat of ``leave_at`` at its city; every optional card is
        passed; the captain pays with the first legal payment (``pay="first"``) or crashes
        when he may (``pay="crash"``); a lone captain does ``lone``.
        """
        leave_at = leave_at or {}
        s = self.state
        for _ in range(10_000):
            if until(s) or s.is_terminal():
                return self
            if s.actor == CHANCE:
                raise AssertionError(f"the script ran out before the goal ({s.phase})")
            phase, actor = s.phase, s.actor
            if phase == "passengers":
                action = "leave" if leave_at.get(actor) == s.city else "stay"
            elif phase == "payment":
                legal = s.legal_actions()
                action = "crash" if pay == "crash" and "crash" in legal else legal[0]
            elif phase == "lone-captain":
                action = lone
            else:
                action = "pass"
            self.do(action)
        raise AssertionError("auto() did not reach its goal")


def fill(cards: Sequence[str], size: int, pad: str) -> list[str]:
    """A hand of exactly ``size`` cards: ``cards`` then ``pad`` cards."""
    assert len(cards) <= size
    return [*cards, *[pad] * (size - len(cards))]


@pytest.fixture
def game() -> type[Game]:
    return Game


@pytest.fixture
def hand() -> Callable[[Sequence[str], int, str], list[str]]:
    return fill
