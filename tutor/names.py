"""The words people read for the engine's identifiers and moves.

The engine speaks in stable identifiers (``lightning-rod``, ``fog``) and action strings
(``pay compass+turbo``, ``play ejection 2``); people read the glossary's terms
(``tutor/glossary.yaml``) and whole sentences. This module sits below the lessons, the
tutor app and practice games, so that all of them show the same words and none imports
another's screen code.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .engine.messages import N_
from .glossary import GlossaryError
from .i18n import LANGUAGES, Translator


@dataclass(frozen=True)
class Phrase:
    """A text that is translated only when shown: a message id, its parameters and, for a
    count, the plural message id and the count. Game terms among the parameters (cards,
    faces) are shown with the glossary's words."""

    msgid: str
    params: Mapping[str, Any] = field(default_factory=dict)
    plural: str = ""
    n: int = 0
    context: str | None = None   # the translators' context (``msgctxt``), if any

    def render(self, tr: Translator) -> str:
        params = {k: tr.join([str(x) for x in v]) if _numbers(v) else tr.term_value(k, v)
                  for k, v in self.params.items()}
        if self.plural:
            return tr.nformat(self.msgid, self.plural, self.n, **params)
        if self.context:
            return tr.pformat(self.context, self.msgid, **params)
        return tr.format(self.msgid, **params)


def _numbers(value: Any) -> bool:
    return isinstance(value, tuple) and bool(value) and all(isinstance(x, int) for x in value)


def ngettext(singular: str, plural: str, n: int) -> tuple[str, str]:
    """Marks a plural pair for extraction (Babel knows this name); the ``Phrase`` that
    holds the pair is translated when shown."""
    return singular, plural


def term(identifier: str, tr: Translator) -> str:
    """The glossary's word for a card or face identifier (the identifier if it has none,
    or if the glossary cannot be read: a board is still drawn)."""
    try:
        return tr.term(identifier)
    except GlossaryError:
        return identifier


def unnamed_player(number: int, tr: Translator) -> str:
    """The name of the player at seat ``number`` (from 1) who has none: "Player 1", « Joueur
    1 », "1. játékos" (which takes its article of itself: tutor/grammar.py)."""
    # TRANSLATORS: The name of a player who gave none, by the number of their seat: a name
    # that reads well in every sentence ("1. játékos" takes its article of itself).
    return tr.pgettext("name of a player who gave none", "Player {number}").format(
        number=number)


def is_unnamed_player(name: str, number: int) -> bool:
    """Whether ``name`` is the name ``unnamed_player`` gives seat ``number`` in any
    language."""
    return name in {unnamed_player(number, Translator(language)) for language in LANGUAGES}


def card_name(card: str, tr: Translator) -> str:
    return term(card, tr)


def face_name(face: str, tr: Translator) -> str:
    return term(face, tr)


def capitalised(text: str) -> str:
    """First letter in capitals, for a word that starts a line or a list item."""
    return text[:1].upper() + text[1:]


def dice_text(dice: str | list[str] | tuple[str, ...], tr: Translator) -> str:
    """``fog blank`` → ``fog, blank`` with the face names translated."""
    faces = dice.split() if isinstance(dice, str) else list(dice)
    return ", ".join(face_name(f, tr) for f in faces)


#: A text quoted as it was written: an action string that is not a move of this game, an
#: answer in the recap.
QUOTED = N_("“{text}”")

#: Moves whose words depend at most on the current city.
_MOVES: dict[str, str] = {
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


def move_phrase(action: str, state: Any) -> Phrase:
    """One move, as the player who makes it reads it (``pay compass+turbo`` →
    "Pay with a compass and a Turbo"). An action that is not a move of this game is shown as it is,
    quoted, so that a typo stays recognisable."""
    if action in _MOVES:
        return Phrase(_MOVES[action], {"city": state.city})
    words = action.split()
    if len(words) == 2 and words[0] == "pay":
        # Each kind of card once, with its count: "Pay with two compasses and a Turbo".
        return Phrase(N_("Pay with {cards}"), {"cards": words[1]})
    if len(words) == 3 and words[:2] == ["play", "ejection"] and words[2].isdecimal() \
            and int(words[2]) < len(state.seats):
        return Phrase(N_("Play Ejection: {player} must leave the airship"),
                      {"player": state.seats[int(words[2])]})
    if len(words) == 2 and words[0] == "reroll":
        try:
            positions = [int(p) for p in words[1].split("+")]
            faces = tuple(state.dice[p - 1] for p in positions)
        except (ValueError, IndexError):
            return Phrase(QUOTED, {"text": action})
        singular, plural = ngettext("Reroll die {positions} ({faces})",
                                    "Reroll dice {positions} ({faces})", len(positions))
        return Phrase(singular, {"positions": tuple(positions), "faces": faces},
                      plural=plural, n=len(positions))
    return Phrase(QUOTED, {"text": action})


def move_label(action: str, state: Any, tr: Translator) -> str:
    """``move_phrase`` in the reader's language."""
    return move_phrase(action, state).render(tr)


def decision_text(state: Any, player: int, tr: Translator) -> str:
    """What ``player`` decides now, naming only the choices the rules leave open."""
    phase = state.phase
    legal = state.legal_actions(player)
    if phase == "payment":
        pays = any(action != "crash" for action in legal)
        if not pays:  # neither Equipment nor Turbos can pay: the crash is the only move
            return tr.gettext(N_("Your hand cannot pay for these hazards: you must announce "
                                 "a crash."))
        if "crash" in legal:  # only Turbos would do: paying is a choice (§3.4)
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
