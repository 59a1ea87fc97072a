"""A practice game in words: the learner's choices, the bots, the end of the game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import TERMINAL, data
from ..engine.messages import N_
from ..i18n import Translator

if TYPE_CHECKING:
    from .game import PracticeGame

#: Bot style → its name for people.
STYLE_NAMES = {
    "random": N_("random"),
    "cautious": N_("cautious"),
    "sensible": N_("sensible"),
    "bold": N_("bold"),
    "expert": N_("expert"),
}

_FIXED = {
    "stay": N_("Stay aboard"),
    "leave": N_("Leave the airship and take a treasure from city {city}"),
    "pass": N_("Pass"),
    "take": N_("Take a treasure from city {city} and end the voyage"),
    "roll": N_("Roll the dice"),
    "crash": N_("Do not pay: announce a crash"),
    "play spyglass": N_("Play a Magic Spyglass: every die counts as blank"),
    "play jetpack": N_("Play a Jetpack: leave with a treasure from city {city}"),
    "play grappling-hook": N_("Play the Grappling Hook and climb back aboard"),
    "play alternative-route": N_("Play Alternative Route: the captain rerolls chosen dice"),
    "play gust-of-wind": N_("Play Gust of Wind: the captain rerolls the blank dice"),
}


def action_label(action: str, state: Any, tr: Translator) -> str:
    """One of the learner's legal actions, as a person reads it.

    ``state`` is the game's ``State`` or a ``voyage.View``: anything with the ``city``, the
    ``dice`` and the ``seats`` names.
    """
    if action in _FIXED:
        return tr.format(_FIXED[action], city=state.city)
    words = action.split()
    if words[0] == "pay":
        return tr.format(N_("Pay: {cards}"), cards=tr.term_value("cards", words[1]))
    if words[:2] == ["play", "ejection"]:
        return tr.format(N_("Play Ejection: {player} must leave the airship"),
                         player=state.seats[int(words[2])])
    if words[0] == "reroll":
        positions = [int(p) for p in words[1].split("+")]
        faces = [state.dice[p - 1] for p in positions]
        text = tr.ngettext("Reroll die {positions} ({faces})",
                           "Reroll dice {positions} ({faces})", len(positions))
        return text.format(positions=tr.join([str(p) for p in positions]),
                           faces=tr.term_value("faces", tuple(faces)))
    return action


def decision_header(state: Any, player: int, tr: Translator) -> str:
    """What ``player`` decides now, naming only the choices the rules leave open."""
    phase = state.phase
    legal = state.legal_actions(player)
    if phase == "payment":
        if "crash" in legal:
            return tr.gettext(N_("Your decision: pay for the hazards or announce a crash."))
        return tr.gettext(N_("Your decision: pay for the hazards. Your Equipment covers them, "
                             "so you must pay."))
    mine = state.captain == player
    if phase == "spyglass":
        if mine:
            return tr.gettext(N_("You announce a crash. Your decision: play your Magic "
                                 "Spyglass to save the airship, or pass."))
        return tr.format(N_("{player} announces a crash. Your decision: play your Magic "
                            "Spyglass to save the airship, or pass."),
                         player=state.seats[state.captain])
    if phase == "jetpack":
        if mine:
            return tr.gettext(N_("You announce a crash. Your decision: escape with your "
                                 "Jetpack, or pass and crash with the airship."))
        return tr.format(N_("{player} announces a crash. Your decision: escape with your "
                            "Jetpack, or pass and crash with the airship."),
                         player=state.seats[state.captain])
    msgid = _DECISIONS.get(phase)
    return tr.gettext(msgid) if msgid else tr.gettext(N_("Your choices:"))


#: The decision of each phase in which every choice named is always open.
_DECISIONS = {
    "passengers": N_("Your decision: stay aboard or leave."),
    "lone-captain": N_("Your decision: take a treasure, or roll on alone."),
    "power-window": N_("Your decision: play a Power card or pass."),
    "reroll-choice": N_("Your decision: choose the dice to reroll."),
    "grappling-hook": N_("Your decision: climb back aboard with the Grappling Hook, or pass."),
}


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
        lines.append(tr.format(N_("It ended because {players} reached {points} points in "
                                  "treasures."), players=tr.join(leaders),
                               points=data.END_SCORE))
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
        lines.append(tr.format(N_("Tied for the win, sharing the victory: {players}."),
                               players=tr.join(winners)))
    values = sorted((t.value for t in state.treasures[game.learner] if t.value), reverse=True)
    if values:
        lines.append(tr.format(N_("Your treasures: {values}."),
                               values=tr.join([str(v) for v in values])))
    else:
        lines.append(tr.gettext(N_("You ended the game without a treasure.")))
    return lines
