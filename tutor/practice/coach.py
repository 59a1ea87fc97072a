"""The coach's figures in words: one line per fact, in the reader's language."""

from __future__ import annotations

from fractions import Fraction

from ..engine import data
from ..engine.messages import N_
from ..i18n import Translator
from .odds import Advice


def percent(chance: Fraction, tr: Translator) -> str:
    """``Fraction(1, 3)`` → ``33.3%`` / ``33,3 %`` — never rounded to a false 0 % or 100 %."""
    value = float(chance)
    if 0 < value < 0.0005:
        value = 0.0005
    elif 0.9995 <= value < 1:
        value = 0.999
    return tr.percent(value)


def points(value: Fraction, tr: Translator) -> str:
    from babel.numbers import format_decimal

    return format_decimal(float(value), "#,##0.0", locale=tr.language)


def advice_lines(advice: Advice, tr: Translator) -> list[str]:
    """What the coach says, as lines of text."""
    s = advice.situation
    lines: list[str] = []
    if advice.captain_pays is not None:
        lines.append(tr.format(N_("The captain can pay with Equipment alone: {chance}."),
                               chance=percent(advice.captain_pays.equipment, tr)))
        lines.append(tr.format(N_("The captain can pay, Turbos included: {chance}."),
                               chance=percent(advice.captain_pays.with_turbos, tr)))
    if advice.captain_step is not None:
        lines.append(tr.format(
            N_("The captain gets through the coming roll with Equipment alone: {chance}."),
            chance=percent(advice.captain_step.equipment, tr)))
        lines.append(tr.format(
            N_("The captain gets through the coming roll, Turbos included: {chance}."),
            chance=percent(advice.captain_step.with_turbos, tr)))
    if advice.own_pass is not None:
        own = advice.own_pass
        if s.dice:
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
                   "{chance}."), city=s.dest, chance=percent(own.equipment, tr)))
            lines.append(tr.format(
                N_("Your hand gets through the dice to city {city}, Turbos included: "
                   "{chance}."), city=s.dest, chance=percent(own.with_turbos, tr)))
    if advice.leave_now is not None:
        lines.append(tr.format(
            N_("Leaving now at city {city}: a treasure worth {points} points on average."),
            city=s.city, points=points(advice.leave_now, tr)))
    if advice.leave_next is not None:
        lines.append(tr.format(
            N_("Leaving at city {city}, if the airship gets there: {points} points on "
               "average."), city=s.dest, points=points(advice.leave_next, tr)))
    spyglass_cities = [] if s.variant == data.BEGINNER else data.SPYGLASS_CITIES
    shown = [c for c, v in ((s.city, advice.leave_now), (s.dest, advice.leave_next))
             if v is not None]
    if any(c in spyglass_cities for c in shown):
        text = tr.ngettext("(A Magic Spyglass is counted as the {n} point it scores if kept.)",
                           "(A Magic Spyglass is counted as the {n} points it scores if "
                           "kept.)", s.spyglass_points)
        lines.append(text.format(n=tr.number(s.spyglass_points)))
    if advice.roll_dice:
        text = tr.ngettext("Next roll: {n} die, to city {city}.",
                           "Next roll: {n} dice, to city {city}.", advice.roll_dice)
        lines.append(text.format(n=tr.number(advice.roll_dice), city=advice.roll_city))
        for count, chance in enumerate(advice.hazards):
            text = tr.ngettext("{n} hazard: {chance}", "{n} hazards: {chance}", count)
            lines.append("  " + text.format(n=tr.number(count), chance=percent(chance, tr)))
    if not lines:
        lines.append(tr.gettext(N_("The coach has nothing to compute here.")))
    return lines
