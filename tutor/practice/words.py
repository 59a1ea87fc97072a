"""A practice game in words: the learner's choices, the bots, the end of the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import TERMINAL, data
from ..engine.messages import N_
from ..i18n import Translator
from .parse import STYLE_NAMES

if TYPE_CHECKING:
    from .game import PracticeGame

def bots_line(game: PracticeGame, tr: Translator) -> str:
    """Who the bots are: "Bots: Nimbus (cautious), Cirrus (bold)"."""
    parts = [tr.format(N_("{player} ({style})"), player=game.state.seats[p],
                       style=tr.gettext(STYLE_NAMES[style]))
             for p, style in enumerate(game.styles) if style is not None]
    return tr.format(N_("Bots: {bots}."), bots=tr.join(parts))


def summary_lines(game: PracticeGame, tr: Translator) -> list[str]:
    """The end of the game: why it ended, scores, winner(s), and the learner's game."""
    state = game.state
    if state.actor != TERMINAL:
        return []
    text = tr.ngettext("The game is over after {n} voyage.",
                       "The game is over after {n} voyages.", state.voyage)
    lines = [text.format(n=tr.number(state.voyage))]
    if state.end_reason == "points":
        leaders = [state.seats[p] for p in range(state.players)
                   if state.points(p) >= data.END_SCORE]
        text = tr.ngettext("It ended because {players} reached {points} points in treasures.",
                           "It ended because {players} reached {points} points in treasures.",
                           len(leaders))
        lines.append(text.format(players=tr.join(leaders), points=data.END_SCORE))
    elif state.end_reason == "cities":
        lines.append(tr.gettext(N_("It ended because a player held treasures from enough "
                                   "different cities (beginner variant).")))
    elif state.end_reason == "route":
        lines.append(tr.gettext(N_("It ended because fewer than two cities were left on the "
                                   "route.")))
    text = tr.ngettext("The airship crashed {n} time.", "The airship crashed {n} times.",
                       state.crashes)
    lines.append(text.format(n=tr.number(state.crashes)))
    scores = state.scores()
    order = sorted(range(state.players), key=lambda p: -scores[p])
    rank = 0
    for i, p in enumerate(order):
        if i == 0 or scores[p] != scores[order[i - 1]]:
            rank = i + 1
        text = tr.ngettext("{rank}. {player}: {n} point", "{rank}. {player}: {n} points",
                           scores[p])
        lines.append("  " + text.format(n=tr.number(scores[p]), rank=rank,
                                        player=state.seats[p]))
    winners = [state.seats[p] for p in state.winners]
    if game.learner in state.winners:
        if len(winners) == 1:
            lines.append(tr.gettext(N_("You win!")))
        else:
            lines.append(tr.format(N_("You share the victory with {players}."),
                                   players=tr.join([w for w in winners
                                                    if w != state.seats[game.learner]])))
    elif len(winners) == 1:
        lines.append(tr.format(N_("{player} wins."), player=winners[0]))
    else:
        # TRANSLATORS: Same role at the end of every game: two or more winners.
        lines.append(tr.format(N_("{players} share the victory."), players=tr.join(winners)))
    values = sorted((t.value for t in state.treasures[game.learner] if t.value), reverse=True)
    if values:
        lines.append(tr.format(N_("Your treasures: {values}."),
                               values=tr.join([str(v) for v in values])))
    else:
        lines.append(tr.gettext(N_("You ended the game without a treasure.")))
    return lines
