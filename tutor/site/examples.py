"""Worked examples: scripted games replayed on the engine when the site is built.

The set-up and dice of each example are data (``examples.yaml``); the narration is the
engine's own events translated by ``Translator.message``, so the examples can never
disagree with the rules the engine enforces. The score sheet's example is a whole game
between the engine's bots, also played at build time.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import yaml
from babel.lists import format_list

from ..engine import (
    CHANCE,
    TERMINAL,
    Options,
    ScriptedChance,
    SeededChance,
    State,
    make_bot,
    play_game,
)
from ..engine.messages import N_
from ..i18n import Translator
from . import SITE_DIR, rst

EXAMPLES_FILE = SITE_DIR / "examples.yaml"
#: The seed of the bots' game on the score sheet page: any seed gives a real game.
SCORE_SHEET_SEED = 2015


@cache
def examples() -> list[dict[str, Any]]:
    with EXAMPLES_FILE.open(encoding="utf-8") as handle:
        return list(yaml.safe_load(handle)["examples"])


def play(example: dict[str, Any]) -> tuple[State, list[tuple[str, Any]]]:
    """Replay ``example``: the final state and the narration as (kind, item) pairs, where
    kind is "event" (an engine event) or "why" (the example's note on a move)."""
    state = State(Options(**example["options"]), seats=list(example["seats"]))
    chance = ScriptedChance(example.get("rolls", []), hands=example["hands"],
                            draw=example.get("draw", []),
                            piles={int(k): v for k, v in example.get("piles", {}).items()})
    moves = list(example["moves"])
    story: list[tuple[str, Any]] = []

    def settle() -> bool:
        """Let chance act; False when the script's dice are used up and no move is left."""
        while state.actor == CHANCE:
            request = state.chance_request
            if request is not None and request.kind == "roll" and not moves and \
                    chance.rolls_used == len(chance.rolls):
                return False
            story.extend(("event", e) for e in state.apply(chance.outcome(state)))
        return True

    settle()
    while moves and state.actor != TERMINAL:
        move = moves[0]
        legal = state.legal_actions()
        if move["do"] not in legal and "pass" in legal:
            # Players without a scripted move pass in a power window.
            events = state.apply("pass")
        else:
            moves.pop(0)
            events = state.apply(move["do"])
            if move.get("why"):
                # The note belongs to the move itself, before what follows from it.
                story.append(("event", events[0]))
                story.append(("why", move["why"]))
                events = events[1:]
        story.extend(("event", e) for e in events)
        if not moves or not settle():
            break
    return state, story


def _narrate(state: State, kind: str, item: Any, tr: Translator) -> str:
    if kind == "why":
        return tr.gettext(item)
    if item.to is None:
        return tr.message(item)
    return tr.format(N_("{player} alone sees: {message}"), player=state.seats[item.to],
                     message=tr.message(item))


def render_examples(tr: Translator, depth: int) -> str:
    out = []
    for example in examples():
        state, story = play(example)
        out.append(rst.label(f"example-{example['id']}"))
        out.append(rst.heading(tr.gettext(example["title"]), depth))
        out.append(rst.paragraph(tr.gettext(example["text"])))
        lines = []
        for kind, item in story:
            if kind == "event" and item.kind == "pass":
                continue
            text = rst.text(rst.squash(_narrate(state, kind, item, tr)))
            if kind == "why":
                lines.append(f"   .. rst-class:: celestia-why\n\n   {text}\n")
            else:
                lines.append(f"#. {text}\n")
        out.append(".. rst-class:: celestia-narration\n\n" + "\n".join(lines))
        out.append(_treasures(state, tr))
    return "\n".join(out)


def _treasures(state: State, tr: Translator) -> str:
    head = [tr.gettext(N_("Player")), tr.gettext(N_("Treasures")),
            tr.gettext(N_("Points"))]
    rows = []
    for seat, name in enumerate(state.seats):
        values = [str(t.value) for t in state.treasures[seat] if not t.is_spyglass]
        rows.append([name, ", ".join(values) or "–", str(state.points(seat))])
    return rst.paragraph(tr.gettext(N_("Where the players stand at the end of the "
                                       "example:"))) + "\n" + rst.table(head, rows)


@cache
def bots_game() -> State:
    players = 4
    seats = ["Ann", "Bob", "Cy", "Dora"]
    state = State(Options(players=players), seats=seats)
    styles = ["sensible", "bold", "cautious", "sensible"]
    bots = [make_bot(style, SCORE_SHEET_SEED + seat) for seat, style in enumerate(styles)]
    return play_game(state, bots, SeededChance(SCORE_SHEET_SEED))


def render_score_sheet(tr: Translator, depth: int) -> str:
    """A filled-in score sheet: the end of a whole game played by the engine's bots."""
    state = bots_game()
    points = state.options.spyglass_points
    intro = tr.format(N_("These are the treasures at the end of a real game between four of "
                         "the program's players. Each unused Magic Spyglass adds {points} "
                         "points."), points=points)
    head = [tr.gettext(N_("Player")), tr.gettext(N_("Treasure values")),
            tr.gettext(N_("Treasure points")), tr.gettext(N_("Spyglasses kept")),
            tr.gettext(N_("Score")), tr.gettext(N_("Rank"))]
    scores = state.scores()
    ranked = sorted(set(scores), reverse=True)
    rows = []
    for seat, name in enumerate(state.seats):
        values = sorted((t.value for t in state.treasures[seat] if not t.is_spyglass),
                        reverse=True)
        rows.append([name, " + ".join(str(v) for v in values) or "–",
                     str(state.points(seat)), str(state.spyglasses(seat)),
                     str(scores[seat]), str(ranked.index(scores[seat]) + 1)])
    winners = [state.seats[p] for p in state.winners]
    verdict = tr.ngettext("Winner: {names}.", "Winners, sharing the victory: {names}.",
                          len(winners)).format(names=format_list(winners,
                                                                 locale=tr.language))
    return "\n".join([rst.paragraph(intro), rst.table(head, rows, "celestia-sheet celestia-cards"),
                      rst.paragraph(verdict)])
