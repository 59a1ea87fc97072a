"""``celestia replay FILE``: replay a game record and show how the game ended."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ..engine.messages import N_
from ..i18n import Translator

if TYPE_CHECKING:
    from ..engine import State

HELP = N_("replay a game record and print the final state and scores")


def configure(parser: argparse.ArgumentParser, tr: Translator) -> None:
    _ = tr.gettext
    parser.add_argument("file", metavar=_("FILE"), help=_("a game record (JSON)"))
    parser.add_argument("--events", action="store_true",
                        help=_("also print every public event of the game"))


def final_state_lines(state: State, tr: Translator) -> list[str]:
    """The end (or the current point) of a game, in words."""
    from ..engine import TERMINAL

    lines = []
    if state.actor == TERMINAL:
        lines.append(tr.format(N_("The game ended after {voyages} voyages."),
                               voyages=state.voyage))
    else:
        lines.append(tr.format(N_("The record stops during voyage {voyage}, step {step}; the "
                                  "game is not over."), voyage=state.voyage, step=state.step))
    lines.append(tr.gettext(N_("Scores:")))
    for p, name in enumerate(state.seats):
        lines.append("  " + tr.format(
            N_("{player}: {score} points ({treasures} treasures, {spyglasses} unused "
               "Spyglasses)"), player=name, score=state.score(p),
            treasures=len(state.treasures[p]), spyglasses=state.spyglasses(p)))
    if state.winners:
        names = [state.seats[p] for p in state.winners]
        if len(names) == 1:
            lines.append(tr.format(N_("Winner: {player}."), player=names[0]))
        else:
            from babel.lists import format_list

            lines.append(tr.format(N_("Shared victory: {players}."),
                                   players=format_list(names, locale=tr.language)))
    return lines


def run(args: argparse.Namespace, tr: Translator) -> int:
    from ..engine import State, record

    data = record.load(args.file)
    state = record.replay(data)
    if args.events:
        fresh = State(state.options, list(state.seats))
        for actor, action in state.history:
            for event in fresh.apply(action):
                if event.to is None:
                    print(tr.message(event))
            del actor
    print("\n".join(final_state_lines(state, tr)))
    return 0
