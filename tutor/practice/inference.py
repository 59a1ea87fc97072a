"""What the table saw tells of the captain's hand (RULES.md §3.4, §3.5).

The coach draws a hidden captain's hand from the cards the player cannot see. Some of
those hands are ruled out by what the captain did in front of everyone (the engine's
public deeds, ``State.deeds``):

* a captain who announced a crash could not pay for the dice, Turbos included: §3.4
  obliges him to pay when his Equipment alone covers them, and a captain whose Turbos
  could pay does not crash by choice (a crash ends the voyage for everyone aboard, himself
  included: in self-play neither this expert, 0 of 163 crashes in 20 games, nor the
  expert of 39c6d5c, 0 of 102 in 12, crashed while its Turbos could pay). Counting only
  the Equipment (what the rule alone proves) scored 53.1 % and 49.1 % in the duel against
  39c6d5c (seeds 0 and 1000), this 57.1 % and 47.1 %: +1.0 ± 3.3 points deal by deal over
  the 800 games, not a clear gain, kept as the truer account of the table;
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
has paid for the dice shown), and a pool spread from it for his captaincies after that.
Each hand is inferred from all the unseen cards on its own: that the others' deeds keep
some cards out of their hands, and so make them likelier in this one, is not followed.

**Measured.** The 256 sampled hands this replaced kept none, and so inferred nothing, once
a game's deeds piled up (4 of the 60 hidden hands with telling deeds in
``benchmarks/coach_accuracy.py``'s game situations, 2 of them present captains); over 40
hands met in games of the bots, the chance to pay for 5 rolls agreed with 4,000 samples
within their noise (root mean square 1.05 standard errors). Inference alone: median
1.5 ms, slowest 130 ms (a hand of 15 cards after 7 telling deeds). ``benchmarks/odds.py
--duel-games 2`` (the advice's times, one after the other on a machine loaded by other
work): median 24.0 ms and slowest 212 ms before, 31.6 ms and 281 ms after, every hidden
player's deeds now read. ``benchmarks/coach_accuracy.py``: see its docstring.
``benchmarks/expert_duel.py --commit 39c6d5c --games 400 --processes 2``: with the sampled
inference 57.2 % (seed 0) and 47.4 % (seed 1000), 52.3 % ± 3.2 over the 800 games (without
any inference 47.3 % and 48.4 %); exact, every hidden player's deeds read, 52.9 %
(48.3-57.4) at seed 0 and 51.3 % (46.7-56.0) at seed 1000: 52.1 % ± 3.2 over the 800
games, no worse and no clearly better.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from math import comb
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
    in this voyage."""
    found = infer(view)
    told = tuple(None if p in (view.me, view.captain) else later_hands(view, p)
                 for p in range(view.players))
    if found is None and not any(told):
        return view
    return replace(view, inferred=found, told=told if any(told) else None)


def later_hands(view: View, seat: int) -> Hands | None:
    """``seat``'s hand, hidden from ``view``'s player, as his deeds let the player infer
    it; None when they tell nothing."""
    deeds = tuple(d for d in view.deeds if d.seat == seat)
    if not any(telling(d) for d in deeds):
        return None
    return infer_hands(deeds, view.hand_sizes[seat], tuple(sorted(view.unseen.items())))


def figures(view: View) -> Figures:
    """``odds.figures``, the captain's chance to pay for the dice shown taken from the
    hands his deeds allow when they tell of it."""
    found = odds.figures(view)
    if found.captain_pays is not None and view.inferred is not None and view.dice:
        found.captain_pays = inferred_pay_odds(view.inferred, view.dice)
    return found


def infer(view: View) -> Hands | None:
    """The present captain's hand as ``view``'s player can infer it from his deeds."""
    captain = view.captain
    if view.me == captain or not view.deeds:
        return None
    deeds = tuple(d for d in view.deeds if d.seat == captain)
    if not any(telling(d) for d in deeds):
        return None
    return infer_hands(deeds, view.hand_sizes[captain], tuple(sorted(view.unseen.items())))


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
    found: dict[HandKey, int] = {}
    for held in _hands(kinds, size, rest):
        weight = comb(rest, size - sum(held))
        for have, k in zip(held, kinds, strict=True):
            weight *= comb(k, have)
        for check in checks:
            weight *= check.ways(held)
            if not weight:
                break
        else:
            found[(*held, 0)] = weight
    if not found:
        return None
    return tuple(sorted(found.items()))


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
