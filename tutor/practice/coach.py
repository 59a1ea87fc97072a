"""The coach: at each of your decisions, the better choice and what each choice is worth.

Stable surface, for the practice game, ``celestia odds`` and the tutor's lessons::

    advise(state, player, tr=None) -> Advice

``Advice.action`` is the recommended action (an engine action string, "" when ``player``
has nothing to decide), ``Advice.points`` every legal action judged with the points the
player can expect from the rest of the voyage after it (best first), ``Advice.sentence``
one sentence that says which is better and why, and ``Advice.details`` the rest: each
choice's points, the exact odds of the coming roll and payment, and how the points are
counted. Only what ``player`` may know is used: ``advise`` reads nothing of ``state`` but
its options, its seat names and ``state.observation(player)``.

This module imports nothing from prompt-toolkit. The judgement is in ``evaluate`` (and
``voyage`` for the estimate of the rest of the voyage); the exact odds in ``odds``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import data
from ..engine.messages import N_
from ..i18n import Translator
from ..names import move_label
from . import evaluate as ev
from . import inference
from .endgame import Endgame
from .odds import Figures, captain_pay_odds
from .sentences import by_win, no_hazard, percent, points, sentence
from .voyage import View

__all__ = ["Advice", "advise", "advise_view", "detail_lines", "figure_lines", "percent",
           "points"]


@dataclass(frozen=True)
class Advice:
    """What the coach says at one decision."""

    kind: str
    #: The recommended action, as the engine writes it ("" when there is nothing to decide).
    action: str
    #: Every legal action judged, with the points expected after it; best first.
    points: tuple[tuple[str, float], ...]
    #: One sentence: the better choice and the expected points of each.
    sentence: str
    #: The rest, line by line: every choice's points, the exact odds, the assumptions.
    details: tuple[str, ...]
    #: True when the chance to win the game decided, this voyage being able to end it.
    by_win: bool = False


def advise(state: Any, player: int, tr: Translator | None = None) -> Advice:
    """The coach's advice to ``player`` now, in ``tr``'s language (default English)."""
    options = state.options
    view = inference.inferred(View.from_observation(
        state.observation(player), options.variant, options.grappling_hook,
        options.spyglass_points, seats=state.seats))
    return advise_view(view, state.legal_actions(player), tr or Translator("en"))


def advise_view(view: View, legal: Sequence[str], tr: Translator) -> Advice:
    """The advice for what ``view`` knows, when the actions ``legal`` are open."""
    rec = ev.evaluate(view, legal)
    said = sentence(rec, view, tr) if rec.action else tr.gettext(
        N_("Nothing to decide for you now."))
    return Advice(rec.kind, rec.action, tuple((o.action, o.points) for o in rec.options),
                  said, tuple(detail_lines(rec, view, tr)), by_win(rec))


# --- The rest -----------------------------------------------------------------------------
def detail_lines(rec: ev.Recommendation, view: View, tr: Translator) -> list[str]:
    """Every choice's points, the exact odds of this decision, and how points are counted."""
    lines: list[str] = []
    if rec.options:
        lines.append(tr.gettext(N_("Points you can expect from the rest of the voyage:")))
        for option in rec.options:
            text = tr.format(N_("{points} — {choice}"),
                             choice=move_label(option.action, view, tr),
                             points=points(option.points, tr))
            if option.harm >= 0.05:
                text = tr.format(N_("{points} — {choice} (the others aboard lose {harm})"),
                                 choice=move_label(option.action, view, tr),
                                 points=points(option.points, tr),
                                 harm=points(option.harm, tr))
            lines.append("  " + text)
    if rec.endgame is not None and len(rec.options) > 1:
        lines.append(tr.gettext(N_("Your chance to win the game (this voyage can end it):")))
        lines.extend("  " + tr.format(N_("{chance} — {choice}"),
                                      choice=move_label(o.action, view, tr),
                                      chance=percent(o.win or 0.0, tr))
                     for o in rec.options)
    lines.extend(figure_lines(inference.figures(view), view, tr))
    if rec.options:
        lines.append(tr.gettext(N_("How the coach counts: treasures still to come this voyage "
                                   "(a Magic Spyglass at what it scores if kept); the odds of "
                                   "the coming roll and payment are exact; for the steps "
                                   "after, the other passengers stay or leave as the sensible bot "
                                   "does, a captain pays whenever his hand can, Turbos "
                                   "included, and holds the cards he paid fewer, and nobody "
                                   "plays a Power card.")))
    if rec.kind == ev.WINDOW and rec.options and rec.options[0].harm >= 0.05:
        lines.append(tr.gettext(N_("Why a Power card can pay even when it costs you points: "
                                   "what it takes from the others counts for you as it counts "
                                   "against the average opponent (divided by their number), "
                                   "since the player with the most points wins.")))
    if rec.endgame is not None and len(rec.options) > 1:
        lines.extend(endgame_lines(rec.endgame, view, tr, decided=by_win(rec)))
    return lines


def endgame_lines(end: Endgame, view: View, tr: Translator, decided: bool) -> list[str]:
    """What the coach assumes about the end of the game (``endgame``)."""
    lines = [tr.nformat("The game ends after a voyage in which someone reaches {end} points; "
                        "you hold {n} point.",
                        "The game ends after a voyage in which someone reaches {end} points; "
                        "you hold {n} points.", end.points, end=data.END_SCORE)]
    for rival in end.rivals:
        if not view.seats:
            continue  # at the table (celestia odds), the assumptions name the others
        player = view.seats[rival.seat]
        gain = points(rival.gain, tr)
        if view.reckoned is not None:
            lines.append("  " + tr.format(N_("{player}: {now} points as you reckon them, and "
                                             "about {gain} more expected from this voyage."),
                                          player=player, now=points(rival.now, tr), gain=gain))
            continue
        count = view.treasure_counts[rival.seat] if rival.seat < len(view.treasure_counts) \
            else 0
        lines.append("  " + tr.nformat(
            "{player}: about {now} points, estimated from {n} treasure, and about {gain} more "
            "expected from this voyage.",
            "{player}: about {now} points, estimated from {n} treasures, and about {gain} more "
            "expected from this voyage.", count, player=player, now=points(rival.now, tr),
            gain=gain))
    lines.append(tr.format(N_("The chance that someone else reaches {end} points this voyage: "
                              "{chance}."), end=data.END_SCORE, chance=percent(end.ends(), tr)))
    if decided:
        lines.append(tr.format(N_("Near the end, the coach goes by your chance to win: the "
                                  "others' points are estimated from their number of "
                                  "treasures and the cards gone from the piles; when nobody "
                                  "reaches {end}, your lead carries into the voyages left."),
                               end=data.END_SCORE))
    else:
        lines.append(tr.gettext(N_("Every choice leaves you about the same chance to win, so "
                                   "the coach goes by points.")))
    return lines


def inferred_line(view: View, tr: Translator) -> str:
    """Why the captain's chance to pay comes from his deeds, when it does: his latest
    crash or Turbo payment, and the chance a hand drawn blind would have."""
    deed = inference.last_telling(view) if view.inferred is not None else None
    if deed is None or not view.seats:
        return ""
    blind = captain_pay_odds(view.unseen, view.hand_sizes[view.captain], view.dice)
    if deed.kind == "crash":
        msgid = N_("{player} announced a crash on dice ({faces}) that the cards in hand could "
                   "not pay for, even with Turbos. The chances below count only the hands that "
                   "fit this; a hand drawn blind from the cards you cannot see would pay "
                   "{chance} of the time.")
    else:
        msgid = N_("{player} paid a Turbo on dice ({faces}) whose hazards the hand held no "
                   "more Equipment for than it paid. The chances below count only the hands "
                   "that fit this; a hand drawn blind from the cards you cannot see would pay "
                   "{chance} of the time.")
    faces = tuple(f for f in deed.dice if f != data.BLANK)
    return tr.format(msgid, player=view.seats[view.captain],
                     faces=tr.term_value("faces", faces),
                     chance=percent(blind.with_turbos, tr))


def figure_lines(found: Figures, view: View, tr: Translator) -> list[str]:
    """The exact figures, one fact a line."""
    lines: list[str] = []
    # Dice with no hazard: no chance of paying to speak of (never "pays 100% of the time").
    blank = no_hazard(view) and (found.captain_pays is not None or found.own_pass is not None)
    if blank:
        lines.append(tr.gettext(N_("No die shows a hazard: there is nothing to pay.")))
    if found.captain_pays is not None and not blank:
        said = inferred_line(view, tr)
        if said:
            lines.append(said)
            if view.told is not None:
                # The hands are inferred together (inference.joint_hands).
                lines.append(tr.gettext(N_(
                    "The other players' crashes and Turbo payments count too: cards their "
                    "hands cannot hold are likelier to be in the captain's.")))
        lines.append(tr.format(N_("The captain can pay with Equipment alone: {chance}."),
                               chance=percent(found.captain_pays.equipment, tr)))
        lines.append(tr.format(N_("The captain can pay, Turbos included: {chance}."),
                               chance=percent(found.captain_pays.with_turbos, tr)))
    if found.captain_step is not None:
        lines.append(tr.format(
            N_("The captain gets through the coming roll with Equipment alone: {chance}."),
            chance=percent(found.captain_step.equipment, tr)))
        lines.append(tr.format(
            N_("The captain gets through the coming roll, Turbos included: {chance}."),
            chance=percent(found.captain_step.with_turbos, tr)))
    if found.own_pass is not None and not blank:
        own = found.own_pass
        if view.dice:
            if own.equipment:
                lines.append(tr.gettext(N_("Your Equipment alone pays for the dice shown.")))
            elif own.with_turbos:
                lines.append(tr.gettext(N_("Your hand pays for the dice shown only with "
                                           "Turbos.")))
            else:
                lines.append(tr.gettext(N_("Your hand cannot pay for the dice shown.")))
        else:
            lines.append(tr.format(
                N_("Your hand gets through the dice to city {city} with Equipment alone: "
                   "{chance}."), city=view.dest, chance=percent(own.equipment, tr)))
            lines.append(tr.format(
                N_("Your hand gets through the dice to city {city}, Turbos included: "
                   "{chance}."), city=view.dest, chance=percent(own.with_turbos, tr)))
    if found.leave_now is not None:
        lines.append(tr.format(
            N_("Leaving now at city {city}: a treasure worth {points} points on average."),
            city=view.city, points=points(found.leave_now, tr)))
    if found.leave_next is not None:
        lines.append(tr.format(
            N_("Leaving at city {city}, if the airship gets there: {points} points on "
               "average."), city=view.dest, points=points(found.leave_next, tr)))
    spyglass_cities = [] if view.variant == data.BEGINNER else data.SPYGLASS_CITIES
    shown = [c for c, v in ((view.city, found.leave_now), (view.dest, found.leave_next))
             if v is not None]
    if any(c in spyglass_cities for c in shown):
        text = tr.ngettext("(A Magic Spyglass is counted as the {n} point it scores if kept.)",
                           "(A Magic Spyglass is counted as the {n} points it scores if "
                           "kept.)", view.spyglass_points)
        lines.append(text.format(n=tr.number(view.spyglass_points)))
    if found.roll_dice:
        text = tr.ngettext("Next roll: {n} die, to city {city}.",
                           "Next roll: {n} dice, to city {city}.", found.roll_dice)
        lines.append(text.format(n=tr.number(found.roll_dice), city=found.roll_city))
        for count, chance in enumerate(found.hazards):
            if not count:   # its own words: "Aucun danger", "Nincs veszély", never "0 …"
                text = tr.format(N_("No hazard: {chance}"), chance=percent(chance, tr))
            else:
                text = tr.ngettext("{n} hazard: {chance}", "{n} hazards: {chance}",
                                   count).format(n=tr.number(count),
                                                 chance=percent(chance, tr))
            lines.append("  " + text)
    return lines
