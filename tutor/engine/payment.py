"""The captain's payment (RULES.md §3.4): which card sets answer a roll.

Pure functions over hazard counts and hands, shared by the state machine, the bots and
the odds coach. A payment is a mapping card name → number of cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import product

from .data import ANSWERS, EQUIPMENT, HAZARD_OF, HAZARDS, TURBO

Payment = dict[str, int]


def hazard_counts(dice: Iterable[str]) -> dict[str, int]:
    """How many dice show each hazard; blanks are left out."""
    counts: dict[str, int] = {}
    for face in dice:
        if face in ANSWERS:
            counts[face] = counts.get(face, 0) + 1
    return counts


def equipment_covers(counts: Mapping[str, int], hand: Mapping[str, int]) -> bool:
    """True when Equipment alone, without any Turbo, answers every hazard die."""
    return all(hand.get(ANSWERS[h], 0) >= k for h, k in counts.items())


def turbos_needed(counts: Mapping[str, int], hand: Mapping[str, int]) -> int:
    """The fewest Turbos a payment needs with this hand."""
    return sum(max(0, k - hand.get(ANSWERS[h], 0)) for h, k in counts.items())


def can_pay(counts: Mapping[str, int], hand: Mapping[str, int]) -> bool:
    return turbos_needed(counts, hand) <= hand.get(TURBO, 0)


def payments(counts: Mapping[str, int], hand: Mapping[str, int]) -> list[Payment]:
    """Every legal payment, fewest Turbos first: each hazard die covered once."""
    hazards = [h for h in HAZARDS if counts.get(h)]
    turbos = hand.get(TURBO, 0)
    ranges = []
    for h in hazards:
        k = counts[h]
        least = max(0, k - hand.get(ANSWERS[h], 0))
        if least > turbos:
            return []
        ranges.append(range(least, min(k, turbos) + 1))
    found: list[Payment] = []
    for split in product(*ranges):
        used = sum(split)
        if used > turbos:
            continue
        pay: Payment = {}
        for h, t in zip(hazards, split, strict=True):
            if counts[h] - t:
                pay[ANSWERS[h]] = counts[h] - t
        if used:
            pay[TURBO] = used
        found.append(pay)
    found.sort(key=lambda p: p.get(TURBO, 0))
    return found


def format_payment(pay: Mapping[str, int]) -> str:
    """The canonical action string, e.g. ``pay compass+compass+turbo``."""
    names = [card for card in (*EQUIPMENT, TURBO) for _ in range(pay.get(card, 0))]
    return "pay " + "+".join(names)


def parse_cards(text: str) -> Payment:
    """``compass+turbo`` → ``{"compass": 1, "turbo": 1}`` (names are not checked here)."""
    pay: Payment = {}
    for name in text.split("+"):
        name = name.strip()
        if name:
            pay[name] = pay.get(name, 0) + 1
    return pay


def covering_problem(counts: Mapping[str, int], pay: Mapping[str, int]) -> tuple[str, str] | None:
    """Why ``pay`` does not cover ``counts`` one card per hazard die, or None if it does.

    Returns (reason code, detail): ``not-equipment`` (detail: the card), ``no-such-hazard``
    (the card), ``too-many`` (the card), ``turbo-count`` (a number as text).
    """
    spare = 0
    for card, n in pay.items():
        if card == TURBO:
            continue
        if card not in HAZARD_OF:
            return ("not-equipment", card)
        k = counts.get(HAZARD_OF[card], 0)
        if k == 0:
            return ("no-such-hazard", card)
        if n > k:
            return ("too-many", card)
    for h, k in counts.items():
        spare += k - pay.get(ANSWERS[h], 0)
    if pay.get(TURBO, 0) != spare:
        return ("turbo-count", str(spare))
    return None
