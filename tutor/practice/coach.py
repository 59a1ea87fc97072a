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
from fractions import Fraction
from typing import Any

from ..engine import data
from ..engine.messages import N_
from ..i18n import Translator
from ..names import move_label
from . import evaluate as ev
from .odds import Figures, figures
from .voyage import View


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


def advise(state: Any, player: int, tr: Translator | None = None) -> Advice:
    """The coach's advice to ``player`` now, in ``tr``'s language (default English)."""
    options = state.options
    view = View.from_observation(state.observation(player), options.variant,
                                 options.grappling_hook, options.spyglass_points,
                                 seats=state.seats)
    return advise_view(view, state.legal_actions(player), tr or Translator("en"))


def advise_view(view: View, legal: Sequence[str], tr: Translator) -> Advice:
    """The advice for what ``view`` knows, when the actions ``legal`` are open."""
    rec = ev.evaluate(view, legal)
    sentence = _sentence(rec, view, tr) if rec.action else tr.gettext(
        N_("Nothing to decide for you now."))
    return Advice(rec.kind, rec.action, tuple((o.action, o.points) for o in rec.options),
                  sentence, tuple(detail_lines(rec, view, tr)))


# --- Numbers in words ---------------------------------------------------------------------
def percent(chance: Fraction | float, tr: Translator) -> str:
    """``Fraction(1, 3)`` → ``33.3%`` / ``33,3 %`` — never rounded to a false 0 % or 100 %."""
    value = float(chance)
    if 0 < value < 0.0005:
        value = 0.0005
    elif 0.9995 <= value < 1:
        value = 0.999
    return tr.percent(value)


def points(value: Fraction | float, tr: Translator) -> str:
    """Expected points with one decimal, the language's way: ``6.8`` / ``6,8``; a
    ``grammar.Quantity``, so that French agrees the noun after it ("0,6 point")."""
    from babel.numbers import format_decimal

    from ..grammar import Quantity

    amount = round(float(value), 1) + 0.0
    return Quantity(format_decimal(amount, "#,##0.0", locale=tr.language), amount)


# --- The one sentence ---------------------------------------------------------------------
def _sentence(rec: ev.Recommendation, view: View, tr: Translator) -> str:
    kind = rec.kind
    best = rec.options[0]
    if kind == ev.STAY_OR_LEAVE:
        stay = rec.option("stay")
        leave = rec.option("leave")
        assert stay is not None and leave is not None and rec.chance is not None
        msgid = (N_("Stay: about {stay} points expected against {leave} for leaving now — "
                    "the captain can pay {chance} of the time.") if best.action == "stay"
                 else N_("Leave now: {leave} points on average against about {stay} if you "
                         "stay — the captain can pay {chance} of the time."))
        return tr.format(msgid, stay=points(stay.points, tr), leave=points(leave.points, tr),
                         chance=percent(rec.chance, tr))
    if kind == ev.LONE:
        roll = rec.option("roll")
        take = rec.option("take")
        assert roll is not None and take is not None and rec.chance is not None
        msgid = (N_("Roll: about {roll} points expected against {take} for taking a treasure "
                    "now — your hand gets through {chance} of the rolls to city {dest}.")
                 if best.action == "roll"
                 else N_("Take a treasure now: {take} points on average against about {roll} "
                         "if you roll on alone — your hand gets through {chance} of the rolls "
                         "to city {dest}."))
        return tr.format(msgid, roll=points(roll.points, tr), take=points(take.points, tr),
                         chance=percent(rec.chance, tr), dest=view.dest)
    if kind == ev.PAY:
        cards = tr.term_value("cards", best.action[4:])
        msgid = (N_("Pay {cards}: your Equipment covers every hazard, so you must pay — "
                    "about {points} points expected for you from here.")
                 if len(rec.options) == 1
                 else N_("Pay {cards}: your Equipment covers every hazard, so you must pay, "
                         "and this way you keep the most Turbos — about {points} points "
                         "expected for you from here."))
        return tr.format(msgid, cards=cards, points=points(best.points, tr))
    if kind == ev.PAY_OR_CRASH:
        return _pay_or_crash(rec, tr)
    if kind == ev.REROLL:
        chosen = [int(i) for i in best.action[7:].split("+")]
        text = tr.ngettext(
            "Reroll die {positions} ({faces}): your hand then pays {chance} of the time — "
            "about {points} points expected for you.",
            "Reroll dice {positions} ({faces}): your hand then pays {chance} of the time — "
            "about {points} points expected for you.", len(chosen))
        return text.format(positions=tr.join([str(i) for i in chosen]),
                           faces=tr.term_value("faces", tuple(view.dice[i - 1]
                                                              for i in chosen)),
                           chance=percent(best.chance or 0.0, tr),
                           points=points(best.points, tr))
    if kind == ev.WINDOW:
        return _window(rec, view, tr)
    if kind == ev.SPYGLASS:
        play = rec.option("play spyglass")
        keep = rec.option("pass")
        assert play is not None and keep is not None
        msgid = (N_("Play your Magic Spyglass: the airship flies on to city {dest} — about "
                    "{play} points expected for you against {keep} if you keep it.")
                 if best.action == "play spyglass"
                 else N_("Keep your Magic Spyglass: {keep} points against about {play} if you "
                         "play it and fly on to city {dest}."))
        return tr.format(msgid, dest=view.dest, play=points(play.points, tr),
                         keep=points(keep.points, tr))
    if kind == ev.JETPACK:
        if best.action == "play jetpack":
            return tr.format(N_("Play your Jetpack: a treasure from city {city}, {points} "
                                "points on average — otherwise you crash with the airship and "
                                "get nothing."), city=view.city, points=points(best.points, tr))
        return tr.format(N_("Keep your Jetpack: the pile of city {city} is empty, so it would "
                            "bring you nothing now."), city=view.city)
    if kind == ev.HOOK:
        play = rec.option("play grappling-hook")
        keep = rec.option("pass")
        assert play is not None and keep is not None
        msgid = (N_("Climb back aboard: about {play} points expected at the cities ahead, "
                    "against the {kept} points of the treasure you give back.")
                 if best.action == "play grappling-hook"
                 else N_("Keep your treasure ({kept} points): climbing back aboard is worth "
                         "only about {play} points."))
        return tr.format(msgid, play=points(play.points, tr), kept=points(keep.points, tr))
    return tr.format(N_("Best choice: {choice}."), choice=move_label(best.action, view, tr))


def _pay_or_crash(rec: ev.Recommendation, tr: Translator) -> str:
    best = rec.options[0]
    pay = next((o for o in rec.options if o.action != "crash"), None)
    crash = rec.option("crash")
    assert crash is not None
    if pay is None:
        return tr.gettext(N_("Announce a crash: your hand cannot pay for these dice."))
    values = {"pay": points(pay.points, tr), "crash": points(crash.points, tr),
              "cards": tr.term_value("cards", pay.action[4:])}
    if best.action != "crash":
        return tr.format(N_("Pay {cards}: about {pay} points expected for you against {crash} "
                            "if you announce a crash."), **values)
    rescue = rec.facts.get("rescue")
    if rescue == "jetpack":
        msgid = N_("Announce a crash and escape with your Jetpack: {crash} points on average "
                   "against about {pay} if you pay {cards}.")
    elif rescue == "spyglass":
        msgid = N_("Announce a crash and play your Magic Spyglass: about {crash} points "
                   "expected against {pay} if you pay {cards}.")
    else:
        msgid = N_("Announce a crash and keep your cards: paying {cards} would bring you "
                   "nothing more this voyage.")
    return tr.format(msgid, **values)


def _card(action: str) -> str:
    return action.split()[1]


def _window(rec: ev.Recommendation, view: View, tr: Translator) -> str:
    best = rec.options[0]
    keep = rec.option("pass")
    assert keep is not None
    before = rec.facts.get("chance", 0.0)
    if best.action == "pass":
        other = rec.options[1]
        card = tr.term(_card(other.action))
        gain = ev.worth(other, view.players - 1) - ev.worth(keep, view.players - 1)
        if gain <= 0.05:
            return tr.format(N_("Pass: playing {card} now would not help you — about "
                                "{play} points expected for you against {keep} if you pass."),
                             card=card, play=points(other.points, tr),
                             keep=points(keep.points, tr))
        return tr.format(N_("Pass and keep {card} for a better moment: playing it now would "
                            "gain you only about {gain} points."), card=card,
                         gain=points(gain, tr))
    card = _card(best.action)
    values = {"card": tr.term(card), "play": points(best.points, tr),
              "keep": points(keep.points, tr), "harm": points(best.harm, tr),
              "before": percent(before, tr), "after": percent(best.chance or 0.0, tr)}
    if card == data.EJECTION:
        target = int(best.action.split()[2])
        return tr.format(N_("Play {card} on {player}: they must leave with a treasure from "
                            "city {city} instead of flying on — about {harm} points fewer for "
                            "them, and {play} points expected for you against {keep} if you "
                            "pass."), player=view.seats[target] if view.seats else target,
                         city=view.city, **values)
    if card == data.GUST_OF_WIND and abs(best.points - keep.points) < 0.05:
        return tr.format(N_("Play {card}: it costs you nothing, and the captain's chance to "
                            "pay falls from {before} to {after} — about {harm} points fewer "
                            "for the others aboard."), **values)
    if card == data.ALTERNATIVE_ROUTE:
        return tr.format(N_("Play {card}: the captain can then pay {after} of the time "
                            "instead of {before} — about {play} points expected for you "
                            "against {keep} if you pass."), **values)
    if best.harm >= 0.05:
        return tr.format(N_("Play {card}: about {play} points expected for you against {keep} "
                            "if you pass, and about {harm} points fewer for the others "
                            "aboard."), **values)
    return tr.format(N_("Play {card}: about {play} points expected for you against {keep} if "
                        "you pass."), **values)


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
    lines.extend(figure_lines(figures(view), view, tr))
    if rec.options:
        lines.append(tr.gettext(N_("How the coach counts: treasures still to come this voyage "
                                   "(a Magic Spyglass at what it scores if kept); the odds of "
                                   "the coming roll and payment are exact; for the steps "
                                   "after, the others stay aboard, a captain pays whenever he "
                                   "can and nobody plays a Power card.")))
    return lines


def figure_lines(found: Figures, view: View, tr: Translator) -> list[str]:
    """The exact figures, one fact a line."""
    lines: list[str] = []
    if found.captain_pays is not None:
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
    if found.own_pass is not None:
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
            text = tr.ngettext("{n} hazard: {chance}", "{n} hazards: {chance}", count)
            lines.append("  " + text.format(n=tr.number(count), chance=percent(chance, tr)))
    return lines
