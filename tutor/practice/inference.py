"""What the table saw tells of the captain's hand (RULES.md §3.4, §3.5).

The coach draws a hidden captain's hand from the cards the player cannot see. Some of
those hands are ruled out by what the captain did in front of everyone (the engine's
public deeds, ``State.deeds``):

* a captain who announced a crash could not pay for the dice, Turbos included: §3.4
  obliges him to pay when his Equipment alone covers them, and a captain whose Turbos
  could pay seldom crashes by choice, since a crash ends the voyage for everyone aboard,
  himself included. In self-play, crashes announced while a payment was legal
  (``benchmarks/expert_crashes.py``, 20 games of 4 players): none of 165 for the expert
  before it counted what a flight gives the others, 11 of 157 for this one (where what
  flying on gives the others, per opponent, is worth as much as what it gives itself);
  the expert of 39c6d5c, none of 102 in 12 games; the engine's bots crash when a payment
  takes more Turbos than their style spends. On an earlier version of this expert,
  counting only the Equipment (what the rule alone proves) scored 53.1 % and 49.1 % in the
  duel against 39c6d5c (seeds 0 and 1000), this 57.1 % and 47.1 %: +1.0 ± 3.3 points deal
  by deal over the 800 games, not a clear gain, kept as the truer account of the table;
* a captain who paid a Turbo for a hazard held no more of its Equipment than he paid:
  a player pays with the fewest Turbos, since a Turbo kept stands in for any Equipment
  later (the expert does, and so does every bot of the engine that pays).

A payment without a Turbo tells nothing of what is left; its cards, like every card
played since a deed, were in the hand at that deed. Which cards he drew since a deed is not
public: they are taken at random from his hand now and the cards he played since.

``infer_hands`` is exact: it sums over every count of each Equipment and of Turbos a
hand of the captain's size may hold (the Jetpack and Power cards are not followed), each
weighted by its multivariate hypergeometric chance from the unseen cards, times, for each
telling deed, the number of ways the cards drawn since it leave a hand the deed allows
(summed kind by kind over the kinds the deed tells of). The weights are whole numbers, the
chances drawn from them exact fractions; the answer is cached (a decision asks it several
times, and every decision of a step asks the same). None when no deed tells anything (then
the plain draw from the unseen cards is the answer). ``inferred`` does the same for every
other hidden player whose deeds tell of his hand: the voyage model (``voyage.Voyage``)
takes each such hand for his next captaincy in this voyage (the present captain's once he
has paid for the dice shown), and for his captaincies after that, at two or three
players, the hands he may hold once he has paid (with more, a pool spread from it).
The hands are inferred together (``joint_hands``): what one player's deeds keep out of
his hand is likelier in the others' (in a game of six whose four other hidden players had
each crashed, Turbos unable to pay either, the captain facing pirates pays 72.0 % of the
time, 67.6 % inferred on his own; a chain of deals consistent with every deed says
72.4 %). One told hand alone is exact; several are reckoned in turns, each drawn from the
unseen cards less the others' expected counts (``joint_hands`` says how close that is).

**Measured.** The 256 sampled hands this replaced kept none, and so inferred nothing, once
a game's deeds piled up (4 of the 60 hidden hands with telling deeds in
``benchmarks/coach_accuracy.py``'s game situations, 2 of them present captains); over 40
hands met in games of the bots, the chance to pay for 5 rolls agreed with 4,000 samples
within their noise (root mean square 1.05 standard errors). Inference alone: median
1.5 ms, slowest 130 ms (a hand of 15 cards after 7 telling deeds). ``benchmarks/odds.py
--duel-games 2`` (the advice's times, one after the other on a machine loaded by other
work): median 24.0 ms and slowest 212 ms before, 31.6 ms and 281 ms after, every hidden
player's deeds now read. ``benchmarks/coach_accuracy.py``: see its docstring.
Inferred together, the advice takes 25.0 ms at the median and 242 ms at the slowest
(the same run of main's code beside it, the machine loaded: 22.0 and 218 ms; the joint
reckoning adds up to 45 ms in a game of six with five telling hands).
``benchmarks/expert_duel.py --commit 39c6d5c --games 400 --processes 2``: with the sampled
inference 57.2 % (seed 0) and 47.4 % (seed 1000), 52.3 % ± 3.2 over the 800 games (without
any inference 47.3 % and 48.4 %); exact, every hidden player's deeds read, 52.9 %
(48.3-57.4) at seed 0 and 51.3 % (46.7-56.0) at seed 1000: 52.1 % ± 3.2 over the 800
games, no worse and no clearly better. Inferred together, the hands followed
(``--processes 1``, the machine loaded): 54.1 % (49.6-58.7) at seed 0 and 53.0 %
(48.5-57.4) at seed 1000, 53.6 % over the 800 games: no worse, still short of 55 %.
With the others leaving by the table-reading sensible rule as well: 56.2 % (51.9-60.6)
at seed 0 and 50.7 % (46.1-55.4) at seed 1000, 53.5 % ± 3.2 over the 800 games.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from math import comb
from operator import mul
from typing import TYPE_CHECKING

from ..engine.data import TURBO
from . import odds
from .odds import Figures, PayOdds
from .voyage import (
    KEY_CARDS,
    HandKey,
    Hands,
    HazardKey,
    covers,
    hand_key,
    hazard_key,
    inferred_pays,
    pay_after,
)

if TYPE_CHECKING:
    from ..engine.state import Deed
    from .odds import View

def lacks(deed: Deed, hand: Counter) -> bool:
    """Whether ``deed`` rules out ``hand`` (the hand just before it): a crash announced
    while his Equipment alone paid, or a Turbo paid for a hazard while he held more of
    its Equipment than he paid."""
    have = hand_key(hand)
    hazards = hazard_key(deed.dice)
    if deed.kind == "crash":
        return pay_after(have, hazards) is not None
    if not telling(deed):
        return False
    paid = hand_key(Counter(deed.cards))
    return any(paid[i] < need and have[i] > paid[i] for i, need in enumerate(hazards))


def telling(deed: Deed) -> bool:
    """Whether ``deed`` may rule a hand out."""
    return deed.kind == "crash" or (deed.kind == "pay" and TURBO in deed.cards)


def inferred(view: View) -> View:
    """``view`` with the captain's hand inferred from his deeds, when they tell of it,
    and every other hidden hand whose owner's deeds tell of it, for his captaincies later
    in this voyage: all of them together (``joint_hands``)."""
    if not any(telling(d) and d.seat != view.me for d in view.deeds):
        return view
    seats = []
    for p in range(view.players):
        deeds = tuple(d for d in view.deeds if d.seat == p)
        if p != view.me and any(telling(d) for d in deeds):
            seats.append((p, deeds, view.hand_sizes[p]))
    hands = dict(joint_hands(tuple(seats), tuple(sorted(view.unseen.items()))))
    found = hands.get(view.captain)
    told = tuple(None if p == view.captain else hands.get(p) for p in range(view.players))
    if found is None and not any(told):
        return view
    return replace(view, inferred=found, told=told if any(told) else None)


def figures(view: View) -> Figures:
    """``odds.figures``, the captain's chance to pay for the dice shown taken from the
    hands his deeds allow when they tell of it."""
    found = odds.figures(view)
    if found.captain_pays is not None and view.inferred is not None and view.dice:
        found.captain_pays = inferred_pay_odds(view.inferred, view.dice)
    return found


def last_telling(view: View) -> Deed | None:
    """The captain's latest deed that tells of his hand (for the coach's words)."""
    return next((d for d in reversed(view.deeds) if d.seat == view.captain and telling(d)),
                None)


@lru_cache(maxsize=1 << 10)
def infer_hands(deeds: tuple[Deed, ...], size: int, unseen: tuple[tuple[str, int], ...]
                ) -> Hands | None:
    """The hands of ``size`` cards from ``unseen`` that agree with ``deeds`` (one player's,
    oldest first), each with its weight: the number of ways to hold it (its multivariate
    hypergeometric chance times the ways to draw ``size`` cards), times, for each deed,
    the number of ways the cards drawn since it leave a hand the deed allows."""
    found = _likelihoods(deeds, size, unseen)
    if found is None:
        return None
    return tuple(sorted(((*held, 0), ways * allowed) for held, ways, allowed in found))


@lru_cache(maxsize=1 << 10)
def _likelihoods(deeds: tuple[Deed, ...], size: int, unseen: tuple[tuple[str, int], ...]
                 ) -> tuple[tuple[tuple[int, ...], int, int], ...] | None:
    """``infer_hands``' two factors apart, for each count of the told kinds a hand may hold
    that its deeds allow: (counts, the ways to hold them from ``unseen``, the ways the
    deeds allow them); None when no deed tells anything or no hand agrees."""
    counts = dict(unseen)
    total = sum(counts.values())
    if size > total:
        return None
    checks = []
    for i, d in enumerate(deeds):
        if not telling(d):
            continue
        since = [c for later in deeds[i + 1:] for c in later.cards]
        drawn = size + len(d.cards) + len(since) - d.size
        if 0 <= drawn <= size + len(since):  # else a reshuffle upset the count: left out
            checks.append(_Check(d, since, drawn, size))
    if not checks:
        return None
    kinds = tuple(counts.get(card, 0) for card in KEY_CARDS[:TOLD])
    rest = total - sum(kinds)
    found = []
    for held in _hands(kinds, size, rest):
        allowed = 1
        for check in checks:
            allowed *= check.ways(held)
            if not allowed:
                break
        else:
            ways = comb(rest, size - sum(held))
            for have, k in zip(held, kinds, strict=True):
                ways *= comb(k, have)
            found.append((held, ways, allowed))
    return tuple(found) or None


#: At most this many rounds of ``joint_hands``' reckoning (it stops earlier once no hand's
#: expected count of a kind moves by more than ``SETTLED``).
SWEEPS = 8
SETTLED = 0.01


@lru_cache(maxsize=1 << 8)
def joint_hands(seats: tuple[tuple[int, tuple[Deed, ...], int], ...],
                unseen: tuple[tuple[str, int], ...]) -> tuple[tuple[int, Hands], ...]:
    """The hands of the hidden players whose deeds tell of them, inferred together:
    ``seats`` gives each one's seat, deeds and hand size; the answer each one's hands
    (as ``infer_hands``) by seat, leaving out a seat whose deeds no hand agrees with.

    One such hand alone is ``infer_hands``' exact answer. With several, what one's deeds
    keep out of his hand is likelier in the others' (a crash on pirates by one player
    makes Cannons likelier in the captain's hand). The exact sum over every split of the
    unseen cards among them is out of reach (thousands of hands each), so each hand is
    drawn from the unseen cards less the other told hands' expected counts of each kind,
    in turns until these counts settle (a count between whole numbers taken in the
    binomial coefficient's polynomial). Taking those counts away as if certain draws the
    hand from too few cards (too narrow a spread: it pays too often); taking them away
    in proportion, the pool scaled back to all the unseen cards, treats the others' hands
    as drawn blind (too wide). Halfway, the pool scaled as if the others held half their
    cards for certain, is closest: against the exact split of fourteen cards among three
    hands of three, each after a crash (``tests/practice/test_inference.py``), the chance
    to pay for a roll is within 0.021 (0.056 as if certain, 0.035 in proportion, 0.11
    each hand on its own); against ``benchmarks/coach_accuracy.py``'s chain of deals
    consistent with every deed, a captain's chance to pay in a game of six with five
    telling hands is 72.0 % (the chain 72.4 % ± 0.6 over 8,000 deals; 73.8 % as if
    certain, 71.3 % in proportion, 67.6 % on its own). The hands that tell nothing do not
    enter: they are drawn from the cards left like the rest of the deck. The weights are
    whole numbers again, scaled (deterministic)."""
    alone = []
    for p, deeds, size in seats:
        found = _likelihoods(deeds, size, unseen)
        if found is not None:
            alone.append((p, size, found))
    if len(alone) < 2:
        return tuple((p, infer_hands(deeds, size, unseen)) for p, deeds, size in seats
                     if any(p == q for q, _, _ in alone))
    counts = dict(unseen)
    pool = [counts.get(card, 0) for card in KEY_CARDS[:TOLD]]
    total = sum(counts.values())
    pool.append(total - sum(pool))
    # Each told hand's counts as columns (the told kinds, then the other cards), and
    # what its deeds allow of each.
    columns = {p: [[held[i] for held, _, _ in found] for i in range(TOLD)]
               + [[size - sum(held) for held, _, _ in found]] for p, size, found in alone}
    allowed = {p: [float(a) for _, _, a in found] for p, _, found in alone}
    weights = {p: [float(ways) * a for _, ways, a in found] for p, _, found in alone}
    means = {p: _means(columns[p], weights[p]) for p, _, _ in alone}
    for _ in range(SWEEPS):
        moved = 0.0
        for p, size, _ in alone:
            others = sum(n for q, n, _ in alone if q != p)
            scale = (total - others / 2) / (total - others) if total > others else 1.0
            left = [(n - sum(m[i] for q, m in means.items() if q != p)) * scale
                    for i, n in enumerate(pool)]
            now = allowed[p]
            for column, n in zip(columns[p], left, strict=True):
                table = _real_combs(n, size)
                now = list(map(mul, now, map(table.__getitem__, column)))
            if not any(now):
                continue  # no hand fits what the others leave: his own deeds alone
            weights[p] = now
            mean = _means(columns[p], now)
            moved = max(moved, *(abs(a - b) for a, b in zip(mean, means[p], strict=True)))
            means[p] = mean
        if moved < SETTLED:
            break
    answer = []
    for p, _, found in alone:
        top = max(weights[p])
        scaled = ((held, round(w * 2.0 ** 52 / top)) for (held, _, _), w
                  in zip(found, weights[p], strict=True))
        answer.append((p, tuple(sorted(((*held, 0), n) for held, n in scaled if n))))
    return tuple(answer)


def _means(columns: list[list[int]], weights: list[float]) -> list[float]:
    """The expected count of each told kind, and of the other cards, in a hand."""
    total = sum(weights)
    return [sum(map(mul, column, weights)) / total for column in columns]


def _real_combs(n: float, most: int) -> list[float]:
    """The binomial coefficients (n choose c) for c up to ``most``, ``n`` a real number:
    the polynomial n (n - 1) ... (n - c + 1) / c!, 0 once a factor is not positive."""
    found = [1.0]
    value = 1.0
    for c in range(most):
        value = value * (n - c) / (c + 1) if n - c > 0 else 0.0
        found.append(value)
    return found


#: The kinds of card a deed can tell of: the Equipment and the Turbo (a hand key's first
#: five counts). The Jetpack is not followed (a hand key's last count is 0): a captain
#: hidden from the player plays no Power card in the voyage model.
TOLD = len(KEY_CARDS) - 1


def _hands(kinds: tuple[int, ...], size: int, rest: int) -> list[tuple[int, ...]]:
    """Every count of each told kind (at most ``kinds`` of each) that a hand of ``size``
    cards may hold, the other cards from the ``rest``."""
    found: list[tuple[int, ...]] = [()]
    for k in kinds:
        found = [(*h, n) for h in found for n in range(min(k, size - sum(h)) + 1)]
    return [h for h in found if size - sum(h) <= rest]


class _Check:
    """One telling deed: how many of the ways to draw its ``drawn`` cards (out of the
    hand now and the cards played since) leave a hand before it that it allows."""

    def __init__(self, deed: Deed, since: list[str], drawn: int, size: int) -> None:
        self.deed = deed
        self.drawn = drawn
        #: The cards the drawn ones are among: the hand now and those played since.
        self.total = size + len(since)
        #: The kinds this deed tells of (the rest lumped with the other cards).
        self.hazards = hazards = hazard_key(deed.dice)
        paid = hand_key(Counter(deed.cards))
        if deed.kind == "crash":
            self.kinds = tuple(i for i in range(TOLD) if i == TOLD - 1 or hazards[i])
        else:
            self.kinds = tuple(i for i, need in enumerate(hazards) if paid[i] < need)
        self.since = hand_key(Counter(since))
        self.paid = paid
        self._ways: dict[tuple[int, ...], int] = {}

    def ways(self, held: tuple[int, ...]) -> int:
        # The told kinds among the hand now and the cards played since (the rest of
        # those cards are the others: ``total`` less these).
        seen = tuple(held[i] + self.since[i] for i in self.kinds)
        found = self._ways.get(seen)
        if found is None:
            found = self._ways[seen] = self._count(seen)
        return found

    def _count(self, seen: tuple[int, ...]) -> int:
        """Summed kind by kind: (cards drawn of the kinds so far, what the deed makes of
        the hand so far) -> ways. For a crash, the hazards his Equipment leaves unpaid
        less his Turbos (he could not pay: above 0 at the end); for a Turbo paid, whether
        he kept more of a kind than he paid (he did not)."""
        deed = self.deed
        drawn = self.drawn
        crash = deed.kind == "crash"
        hazards = self.hazards
        states: dict[tuple[int, int], int] = {(0, 0): 1}
        for j, i in enumerate(self.kinds):
            k = seen[j]
            new: dict[tuple[int, int], int] = {}
            for (taken, mark), ways in states.items():
                for t in range(min(k, drawn - taken) + 1):
                    before = k - t + self.paid[i]
                    if not crash:
                        told = mark or int(before > self.paid[i])
                    elif i == TOLD - 1:
                        told = mark - before
                    else:
                        told = mark + max(hazards[i] - before, 0)
                    key = (taken + t, told)
                    new[key] = new.get(key, 0) + ways * comb(k, t)
            states = new
        others = self.total - sum(seen)
        return sum(ways * comb(others, drawn - taken) for (taken, mark), ways in states.items()
                   if (mark > 0 if crash else not mark))


def equipment_pays(hands: Hands, hazards: HazardKey) -> Fraction:
    """The chance that the inferred hand's Equipment alone pays for ``hazards``."""
    total = sum(n for _, n in hands)
    return Fraction(sum(n for hand, n in hands if covers(hand, hazards)), total)


def inferred_pay_odds(hands: Hands, dice: Sequence[str]) -> PayOdds:
    """The captain's chance to pay for ``dice``, from the hands his deeds allow."""
    hazards = hazard_key(dice)
    return PayOdds(equipment_pays(hands, hazards), inferred_pays(hands, hazards))


def weighted(hands: Hands) -> Sequence[tuple[HandKey, float]]:
    """The hands with their chances."""
    total = sum(n for _, n in hands)
    return [(hand, n / total) for hand, n in hands]
