"""What the rest of the voyage is worth: expected points, from what one player may know.

The coach compares its choices by the points the player can still expect from the
current voyage. The coming roll and payment are exact (``odds``); the steps after it are
an estimate, computed by exact dynamic programming over a simplified game:

* **The other passengers stay or leave by a stated policy**: the sensible bot's rule
  (``engine.bots.stays_aboard``: the gamble against the sure treasure, from the dice,
  the captain's number of cards and the number of players aboard at the roll, you
  included whatever you choose), the same for each of them after a roll, so that they
  all stay or all leave: each one's turn as captain is not told to the rule (the bot
  counts its own seat), which gives him one chance in the number aboard at each step.
  Those who leave no longer become captain, so a player leaving before you makes you
  captain sooner (§3.6). They leave in turn from the captain's left, each with a
  treasure, while the pile holds one: the rest must stay, you too if it runs
  out before your turn (§3.2), and your Jetpack then finds nothing to take. Those who
  have already decided on the dice shown are as the table shows them; those after you
  decide by the rule.
* **A captain other than you pays whenever his hand can, Turbos included.** His hand is
  a random hand of its public size, drawn from exactly the cards you cannot see (your
  hand and the discard pile taken out: no card is drawn during a voyage). It keeps
  its owner: when he pays, his hand loses the cards he pays on average (when he pays),
  so that at his next captaincy, later in the voyage, it is that much smaller. (The
  average rather than each roll's count keeps one hand size per path of the voyage and
  the answer within the advice's time budget: ``benchmarks/odds.py``.) Which cards his
  hand keeps is followed at up to ``FOLLOW`` players (two or three, where a captain is
  met again soon): after each of his captaincies, the hands he may hold once he has
  paid, each roll he gets through weighted by its chance (``paid_hands``), are the hands
  of his next one; with more players a later captaincy draws his hand afresh at its
  size. Drawing afresh made staying look 0.2 points better than it is for the issue's 3
  players at city 1 (``benchmarks/coach_accuracy.py``: 8.54, the simulation 8.25;
  followed, 8.32). When a player's public deeds tell of his hand (``inference``), his
  next captaincy takes exactly the hands they allow (the present captain's once he has
  paid for the dice shown), and his captaincies after it are followed from them (with
  more than ``FOLLOW`` players, drawn from a pool spread from them: ``spread_pool``).
  If the present captain crashes and your Spyglass carries the airship on, his next
  captaincy takes the hands that could not pay for the dice shown, at any number of
  players (``benchmarks/coach_accuracy.py``, a game of four: staying 5.03, 5.00 with
  his hand drawn afresh there; the simulation 5.05).
* **Your own hand is known**: as captain you pay with the fewest Turbos (a Turbo can do
  whatever an Equipment card can, so keeping Turbos never hurts), or announce a crash
  when that is worth more; the cards you pay leave your hand for the later steps.
* **After each roll you choose the best**: leave with the top treasure of the city or
  stay on; when the airship would crash you play your Magic Spyglass or your Jetpack
  if that is worth more than crashing. Nobody else plays a Power card or a Spyglass.
* **A treasure's value** is the average of the cards of that city's pile that you cannot
  account for: your own treasures, and the Magic Spyglasses played, which have left the
  game (§4.5); a Magic Spyglass counts what it scores if kept.

``benchmarks/coach_accuracy.py`` sets these figures beside a simulation of the voyage
that deals every unseen card and plays it by the rules, the same policy for the others.

**The end of the game.** Points are the measure while the game goes on: a point banked
is a point at the end, whoever leads. When this voyage may end it (§5.1: someone reaches
50), they are not: at 47 with the lead, a sure treasure that ends the game wins it, and a
gamble worth more points may lose it; far behind a player about to reach 50, a sure small
treasure cannot win, and only a gamble can. So when you can reach 50 by leaving here or
at the next city, or an opponent may reach it this voyage (with a chance of at least
``endgame.AT_STAKE``), the same model is run once more with every end of your voyage (a
treasure of some city or nothing, so many Spyglasses kept) valued as your chance to win
the game after it instead of its points (``Voyage(view, win=...)``), and that chance
decides. ``endgame`` estimates it from what you may know: your points; the others'
numbers of treasures (public) times the average card that has left the piles and is not
yours (pile sizes are public); what this voyage may still bring them (this model, for
their seat); and, if nobody reaches 50, a lead that the voyages left will move by a
measured spread. Its docstring gives each assumption.

Everything is a float here: the figures are for comparing choices, and the exact chances
shown to the player come from ``odds`` as fractions.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from math import comb
from typing import Protocol

from ..engine import data
from ..engine.bots import stays_aboard
from ..engine.data import ANSWERS, EQUIPMENT, HAZARDS, JETPACK, TURBO
from . import odds
from .odds import CRASH_PHASES, View

#: The cards of a hand that the voyage model follows, in the order of a hand key: the
#: Equipment in the order of the hazards they answer (``pay_after`` relies on it).
KEY_CARDS: tuple[str, ...] = (*EQUIPMENT, TURBO, JETPACK)
assert tuple(ANSWERS[h] for h in HAZARDS) == EQUIPMENT
_TURBO = len(EQUIPMENT)
_JETPACK = _TURBO + 1

HandKey = tuple[int, ...]
#: Hazard dice shown, as counts in the order of ``data.HAZARDS``.
HazardKey = tuple[int, int, int, int]


def hand_key(hand: Mapping[str, int]) -> HandKey:
    return tuple(hand.get(card, 0) for card in KEY_CARDS)


def hazard_key(dice: Iterable[str]) -> HazardKey:
    counts = [0, 0, 0, 0]
    for face in dice:
        if face in ANSWERS:
            counts[HAZARDS.index(face)] += 1
    return (counts[0], counts[1], counts[2], counts[3])


def faces_of(key: HazardKey) -> tuple[str, ...]:
    return tuple(h for h, k in zip(HAZARDS, key, strict=True) for _ in range(k))


@cache
def rolls(count: int) -> tuple[tuple[HazardKey, float], ...]:
    """Every roll of ``count`` dice as (hazards shown, chance); blanks merged."""
    merged: dict[HazardKey, float] = {}
    for faces, chance in odds.dice_outcomes(count):
        key = hazard_key(faces)
        merged[key] = merged.get(key, 0.0) + float(chance)
    return tuple(merged.items())


@cache
def reroll_table(dice: tuple[str, ...], positions: tuple[int, ...]
                 ) -> tuple[tuple[HazardKey, float], ...]:
    """The dice after rerolling ``positions``: every outcome as (hazards shown, chance)."""
    kept = [f for i, f in enumerate(dice) if i not in positions]
    base = hazard_key(kept)
    return tuple((tuple(a + b for a, b in zip(base, key, strict=True)), chance)  # type: ignore[misc]
                 for key, chance in rolls(len(positions)))


def pay_after(hand: HandKey, hazards: HazardKey) -> HandKey | None:
    """The hand after paying for ``hazards`` with the fewest Turbos, or None if it cannot.

    Equipment first, Turbos for the rest: any other payment leaves a hand with a Turbo
    fewer and an Equipment card more, and a Turbo can stand in for that card later.
    """
    # Spelt out for the four hazards: the voyage model asks this for every roll of every
    # hand it meets.
    c0, c1, c2, c3, turbos, jetpacks = hand
    h0, h1, h2, h3 = hazards
    short = (h0 - c0 if h0 > c0 else 0) + (h1 - c1 if h1 > c1 else 0) \
        + (h2 - c2 if h2 > c2 else 0) + (h3 - c3 if h3 > c3 else 0)
    if short > turbos:
        return None
    return (c0 - h0 if c0 > h0 else 0, c1 - h1 if c1 > h1 else 0,
            c2 - h2 if c2 > h2 else 0, c3 - h3 if c3 > h3 else 0, turbos - short, jetpacks)


def inferred_pays(hands: Iterable[tuple[HandKey, int]], hazards: HazardKey) -> Fraction:
    """The chance that a captain pays for ``hazards`` (Turbos too), his hand one of
    ``hands`` (each with its weight: ``inference``)."""
    total = paying = 0
    for hand, n in hands:
        total += n
        if pay_after(hand, hazards) is not None:
            paying += n
    return Fraction(paying, total)


def pay_chance(hands: Iterable[tuple[HandKey, float]], hazards: HazardKey) -> float:
    """``inferred_pays`` for hands whose weights need not be whole numbers (the hands the
    voyage model follows: ``Voyage.hands_of``)."""
    total = paying = 0.0
    for hand, n in hands:
        total += n
        if pay_after(hand, hazards) is not None:
            paying += n
    return paying / total


def covers(hand: HandKey, hazards: HazardKey) -> bool:
    """True when Equipment alone pays (then the captain must pay, §3.4)."""
    return hand[0] >= hazards[0] and hand[1] >= hazards[1] and hand[2] >= hazards[2] \
        and hand[3] >= hazards[3]


# --- A hidden captain --------------------------------------------------------------------
PoolKey = tuple[int, int, int, int, int, int]


def pool_key(unseen: Mapping[str, int]) -> PoolKey:
    """The unseen cards that matter for a payment: each Equipment, Turbos, and in all."""
    return (*(unseen.get(c, 0) for c in EQUIPMENT), unseen.get(TURBO, 0),
            sum(unseen.values()))  # type: ignore[return-value]


# The tables below are keyed by the unseen cards, which change at every voyage: their
# caches keep the recent ones (a game of bots would otherwise fill gigabytes).

#: The largest hand whose pay chances are computed all at once (``pay_chances``);
#: larger hands, rare, are computed on their own.
MAX_HAND = 10


def hidden_pays(pool: PoolKey, size: int, hazards: HazardKey) -> float:
    """The chance that a random hand of ``size`` cards from ``pool`` pays (Turbos too)."""
    if not any(hazards):
        return 1.0
    chances = pay_chances(pool, hazards)
    size = min(max(size, 0), pool[-1])
    if size < len(chances):
        return chances[size]
    return _pay_chances(pool, hazards, size)[size]


@lru_cache(maxsize=1 << 15)
def pay_chances(pool: PoolKey, hazards: HazardKey) -> tuple[float, ...]:
    """``hidden_pays`` for every hand size up to ``MAX_HAND``, in one pass."""
    return _pay_chances(pool, hazards, min(pool[-1], MAX_HAND))


def _pay_chances(pool: PoolKey, hazards: HazardKey, most: int) -> tuple[float, ...]:
    """``odds.captain_pay_odds``'s sum, in whole numbers with one division at the end
    rather than in fractions, for every hand size up to ``most`` at once: the ways to hold
    so many answering cards do not depend on the hand's size, only which of them fit."""
    total = pool[-1]
    turbos = pool[len(EQUIPMENT)]
    # (cards of the answering Equipment held, hazards left uncovered) -> number of ways;
    # a shortfall beyond the Turbos there are is one state: it cannot be paid.
    states: dict[tuple[int, int], int] = {(0, 0): 1}
    grouped = 0
    for i, need in enumerate(hazards):
        if not need:
            continue
        held = pool[i]
        grouped += held
        ways_of = [comb(held, e) for e in range(min(held, most) + 1)]
        new: dict[tuple[int, int], int] = {}
        for (used, short), ways in states.items():
            for e in range(min(held, most - used) + 1):
                key = (used + e, min(short + max(need - e, 0), turbos + 1))
                new[key] = new.get(key, 0) + ways * ways_of[e]
        states = new
    tails = odds.turbo_tails(turbos, total - grouped - turbos, most)
    payable = [(used, short, ways) for (used, short), ways in states.items()
               if short <= turbos]
    found = []
    for size in range(most + 1):
        paying = 0
        for used, short, ways in payable:
            if used <= size:
                tail = tails[size - used]
                if short < len(tail):
                    paying += ways * tail[short]
        found.append(paying / comb(total, size))
    return tuple(found)


#: Where the other passengers may leave at a step: (city, destination, variant, Grappling
#: Hook); None where they stay (the pile is empty, or the model is asked to keep
#: everyone aboard).
StepRule = tuple[int, int, str, bool] | None
#: A step's ``StepRule`` and the number of players aboard at the roll, which their rule
#: reads.
LeaveRule = tuple[int, int, str, bool, int] | None


@lru_cache(maxsize=1 << 13)
def others_stay(rule: LeaveRule, hazards: HazardKey, captain_cards: int) -> bool:
    """Whether the other passengers stay once the dice show ``hazards``, by the sensible
    bot's rule (``engine.bots.stays_aboard``), the captain holding ``captain_cards``."""
    if rule is None:
        return True
    city, dest, variant, hook, aboard = rule
    counts = {h: k for h, k in zip(HAZARDS, hazards, strict=True) if k}
    return stays_aboard(counts, captain_cards, city, dest, variant, hook, aboard=aboard)


def sized_pays(pool: PoolKey, size: float, hazards: HazardKey) -> float:
    """``hidden_pays`` for a hand of ``size`` cards, a size between two whole numbers
    read between their chances (an expected size, see ``hidden_steps``)."""
    low = int(size)
    share = size - low
    found = hidden_pays(pool, low, hazards)
    if share > 1e-9:
        found += share * (hidden_pays(pool, low + 1, hazards) - found)
    return found


@dataclass(frozen=True)
class PayTable:
    """Some of the rolls a hidden captain faces: the chances that he pays, sorted, with the
    chance of rolls giving each, and running sums from the top for quick expectations."""

    pays: tuple[float, ...]
    chances: tuple[float, ...]
    #: ``mass[i]``: the chance of a roll giving ``pays[i]`` or more; ``weighted[i]``: the
    #: expected pay chance over those rolls (times their chance); ``total``: the chance of
    #: these rolls.
    mass: tuple[float, ...]
    weighted: tuple[float, ...]
    total: float

    @classmethod
    def of(cls, merged: Mapping[float, float]) -> PayTable:
        pays = sorted(merged)
        mass = [0.0] * (len(pays) + 1)
        weighted = [0.0] * (len(pays) + 1)
        for i in range(len(pays) - 1, -1, -1):
            mass[i] = mass[i + 1] + merged[pays[i]]
            weighted[i] = weighted[i + 1] + merged[pays[i]] * pays[i]
        return cls(tuple(pays), tuple(merged[p] for p in pays), tuple(mass[:-1]),
                   tuple(weighted[:-1]), mass[0])

    def passenger(self, leave: float | None, crash: float, arrive: float) -> float:
        """A passenger who leaves with ``leave`` after the rolls that make staying worth
        less, and stays (``crash`` or ``arrive``) after the others; times their chance."""
        if not self.pays:
            return 0.0
        gain = arrive - crash
        if leave is None:
            return crash * self.total + gain * self.weighted[0]
        if gain <= 0:  # crashing is worth more than arriving (a Jetpack in hand)
            return sum(c * max(leave, crash + p * gain)
                       for p, c in zip(self.pays, self.chances, strict=True))
        # Staying is worth more than leaving when the pay chance is above ``cut``.
        i = bisect_right(self.pays, (leave - crash) / gain)
        if i == len(self.pays):
            return leave * self.total
        return leave * (self.total - self.mass[i]) + crash * self.mass[i] \
            + gain * self.weighted[i]


@lru_cache(maxsize=1 << 14)
def hidden_steps(pool: PoolKey, size: float, count: int, rule: LeaveRule
                 ) -> tuple[dict[bool, PayTable], float]:
    """A hidden captain holding ``size`` cards from ``pool`` facing ``count`` dice: the
    rolls after which the other passengers stay, and those after which they leave, as
    ``PayTable``s; and the cards he pays on average when he pays.

    His hand then loses that average, not the cards of each roll: the size stays one
    number per path of the voyage, so that the model keeps to the advice's time budget
    (a branch for every payment would multiply the paths by five at each hidden step)."""
    return _step_tables(count, size, round(size), rule,
                        lambda hazards: sized_pays(pool, size, hazards))


def _step_tables(count: int, size: float, cards: int, rule: LeaveRule,
                 pays_for: Callable[[HazardKey], float]
                 ) -> tuple[dict[bool, PayTable], float]:
    """``hidden_steps``' tables, the captain's chance to pay for each roll of ``count``
    dice given by ``pays_for``."""
    merged: dict[bool, dict[float, float]] = {}
    paid = weight = 0.0
    for hazards, chance in rolls(count):
        pays = pays_for(hazards)
        part = merged.setdefault(others_stay(rule, hazards, cards), {})
        part[pays] = part.get(pays, 0.0) + chance
        paid += chance * pays * min(sum(hazards), size)
        weight += chance * pays
    return ({stay: PayTable.of(part) for stay, part in merged.items()},
            round(paid / weight, 3) if weight else 0.0)


@lru_cache(maxsize=1 << 13)
def captain_table(hand: HandKey, count: int, size: int = 0, rule: LeaveRule = None
                  ) -> tuple[tuple[HandKey | None, bool, bool, float], ...]:
    """A known hand (``size`` cards in all, Power cards included) facing ``count`` dice:
    (hand after paying, or None if it cannot; whether Equipment alone pays, so that
    paying is forced; whether the other passengers stay; chance), rolls merged."""
    merged: dict[tuple[HandKey | None, bool, bool], float] = {}
    for hazards, chance in rolls(count):
        key = (pay_after(hand, hazards), covers(hand, hazards), others_stay(rule, hazards, size))
        merged[key] = merged.get(key, 0.0) + chance
    return tuple((after, forced, stay, chance)
                 for (after, forced, stay), chance in merged.items())


@cache
def deck_pool(variant: str, grappling_hook: bool) -> PoolKey:
    return pool_key(data.deck_composition(variant, grappling_hook))


class Outcomes(Protocol):
    """What the voyage's end is worth to the viewer when points are not the measure (the
    end of the game: ``endgame.Endgame``)."""

    def value(self, treasure: int | None, spyglasses: int) -> float:
        """The worth of ending the voyage with ``treasure`` (its value, 0 for a Magic
        Spyglass; None for nothing) and ``spyglasses`` Spyglasses still held."""
        ...


#: The most players at which a hidden captain's hand is followed from one captaincy to
#: his next in the voyage (the hands he may hold once he has paid: ``paid_hands``). With
#: more, few meet a second captaincy with the same hand worth following, and the hands'
#: sums (thousands of hands, each facing every roll) would cost the advice its time.
FOLLOW = 3

#: Who is aboard and how many cards each player holds, at a point of the voyage.
Table = tuple[frozenset[int], tuple[float, ...]]


# --- The voyage model --------------------------------------------------------------------
class Voyage:
    """The rest of the voyage from ``view``'s city, for the player ``seat`` (default: the
    viewer), with the players in ``aboard`` aboard.

    ``hand`` is that player's hand key, or None when it is hidden from the viewer (then
    his steps as captain use a hidden captain's odds and he has no Jetpack or Spyglass).
    The other passengers leave by the sensible bot's rule unless ``others_leave`` is
    False; hidden captains' hands shrink by the cards they pay.

    Values are points from here on (a Spyglass played costs the points it would score),
    or, with ``win`` (the viewer only), what ``win`` makes of each end of the voyage: the
    same choices, judged by the chance to win the game.
    """

    def __init__(self, view: View, aboard: Iterable[int] | None = None,
                 seat: int | None = None, win: Outcomes | None = None,
                 others_leave: bool = True) -> None:
        self.view = view
        self.seat = view.me if seat is None else seat
        self.aboard = set(aboard) if aboard is not None else {
            p for p in range(view.players) if view.aboard[p]}
        mine = self.seat == view.me
        #: The player's hand key and Spyglasses; None and 0 for a hand the viewer cannot see.
        self.hand: HandKey | None = hand_key(view.hand) if mine else None
        #: The player's cards that the hand key leaves out (Power cards but the Jetpack):
        #: they count in the size of his hand, which the others' rule reads.
        self.extra = sum(view.hand.values()) - sum(self.hand) if self.hand is not None else 0
        self.spy = view.spyglasses if mine else 0
        #: cities[0] is the current city, then the route ahead.
        self.cities = (view.city, *(c for c in view.route if c > view.city))
        self.leave = [view.treasure_value(c) if view.pile_sizes.get(c, 0) else None
                      for c in self.cities]
        self.rules: list[StepRule] = [
            (c, self.cities[k + 1], view.variant, view.grappling_hook)
            if others_leave and self.leave[k] is not None and k + 1 < len(self.cities)
            else None for k, c in enumerate(self.cities)]
        # The cards a captain's hidden hand comes from: those out of the viewer's sight
        # (no card is drawn during a voyage).
        self.pool_now = pool_key(view.unseen) if view.unseen else deck_pool(
            view.variant, view.grappling_hook)
        self.pool_later = pool_key(view.later) if view.later is not None else self.pool_now
        self.sp = view.spyglass_points
        #: Each hidden player's hand where the model follows it, by (seat, his hand's
        #: size then): the hands his deeds allow at his next captaincy (the present
        #: captain's once he has paid for the dice shown, or crashed); and after each
        #: captaincy, the hands he may hold once he has paid (``paid_hands``), for his
        #: next one (``hands_of``). None: drawn from the unseen cards after all.
        self._held: dict[tuple[int, float], Hands | None] = {}
        #: Whether the hands are followed from one captaincy to the next (``FOLLOW``).
        self.follow = view.players <= FOLLOW
        #: How to work out the hands a hidden player holds after a captaincy, kept until
        #: he is met again (most never are): (seat, size) -> (his hands then, or None for
        #: a hand drawn from ``pool``; pool; his cards then; ("rolled", dice rolled),
        #: ("paid", hazards shown) or ("crashed", hazards shown)).
        self._paid: dict[tuple[int, float], tuple] = {}
        #: The hands his deeds allow at his next captaincy, by seat: (his hand's size
        #: then, the hands).
        self.told: dict[int, tuple[float, Hands]] = {}
        #: With more than ``FOLLOW`` players, a told player's captaincies after his next
        #: one draw his hand from the hands his deeds allow spread as a pool.
        self.told_pools: dict[int, PoolKey] = {}
        for p, hands, size in _told(view):
            merged, pool = _told_forms(hands, size)
            self.told[p] = (float(size), merged)
            self._held[p, float(size)] = merged
            if pool is not None and not self.follow:
                self.told_pools[p] = pool
        self._steps: dict[tuple, tuple[dict[bool, PayTable], float]] = {}
        self.win = win if mine else None
        self.start: Table = (frozenset(self.aboard), tuple(float(n) for n in view.hand_sizes))
        #: Whether the pile here still holds a treasure once the dice shown are settled.
        self.rest_now = True
        #: The table once the dice shown are settled: the passengers still to decide have
        #: decided, and the captain holds the cards he pays fewer.
        self.now = self._after_dice()
        self._memo: dict[tuple, float] = {}
        self._last: dict[tuple, float] = {}
        self._leaves: dict[tuple[int, int], float | None] = {}
        self._nothing: dict[int, float] = {}
        self._crashes: dict[tuple, float] = {}
        self._departures: dict[tuple, tuple[frozenset[int], bool, bool]] = {}
        self._captains: dict[tuple[int, frozenset[int]], int] = {}
        #: The dice rolled at each step (to reach ``cities[k + 1]``).
        self.counts = [data.dice_to_reach(c) for c in self.cities[1:]]

    def _after_dice(self) -> Table:
        view = self.view
        aboard, sizes = self.start
        if not view.dice:
            return self.start
        hazards = hazard_key(view.dice)
        captain = view.captain
        if captain != self.seat and any(hazards):
            # If he crashes (a Spyglass may carry the airship on), his hand is one that
            # could not pay, at its size now.
            self._paid[captain, sizes[captain]] = (
                view.inferred, self.pool_now, round(sizes[captain]), ("crashed", hazards))
        if view.phase in CRASH_PHASES:
            return self.start
        if view.phase == "passengers" and not others_stay(self.rule(0, aboard), hazards,
                                                         round(sizes[captain])):
            order = [p for p in self._clockwise(captain) if p in aboard and p != captain]
            later = [p for p in order[order.index(view.me) + 1:] if p != self.seat] \
                if view.me in order else []
            # Each takes a treasure while the pile holds any; the rest must stay.
            pile = view.pile_sizes.get(view.city, 0)
            aboard = aboard - set(later[:pile])
            self.rest_now = pile > len(later)
        paid = min(sum(hazards), sizes[captain])
        if self.follow and captain != self.seat and view.inferred is None and any(hazards):
            # A captain hidden and not told of: his hand drawn, then shown to pay.
            self._paid[captain, sizes[captain] - paid] = (
                None, self.pool_now, round(sizes[captain]), ("paid", hazards))
        return aboard, tuple(k - paid if p == captain else k for p, k in enumerate(sizes))

    def rule(self, k: int, aboard: Collection[int]) -> LeaveRule:
        """The others' rule at step ``k``, ``aboard`` aboard at the roll."""
        step = self.rules[k]
        return None if step is None else (*step, len(aboard))

    def _clockwise(self, captain: int) -> list[int]:
        n = self.view.players
        return [(captain + i) % n for i in range(n)]

    # Who is captain after ``captain`` (§3.6): the next player aboard to his left.
    def next_captain(self, captain: int, aboard: Iterable[int] | None = None) -> int:
        aboard = self.aboard if aboard is None else aboard
        n = self.view.players
        for i in range(1, n + 1):
            p = (captain + i) % n
            if p in aboard:
                return p
        return captain

    def _leaving(self, k: int, aboard: frozenset[int], captain: int
                 ) -> tuple[frozenset[int], bool, bool]:
        """When the other passengers leave at ``cities[k]``: those aboard once they have
        left, the player followed staying; whether he could still leave; and whether the
        pile still holds a treasure after them all (for his Jetpack).

        They leave in turn from the captain's left, each with a treasure, while the pile
        holds any (§3.2): the rest must stay, and if the pile runs out before the player's
        turn, so must he."""
        key = (k, aboard, captain)
        found = self._departures.get(key)
        if found is None:
            pile = self.view.pile_sizes.get(self.cities[k], 0)
            kept = {captain}
            free = False
            for p in self._clockwise(captain)[1:]:
                if p not in aboard:
                    continue
                if p == self.seat:
                    kept.add(p)
                    free = pile > 0
                elif pile > 0:
                    pile -= 1
                else:
                    kept.add(p)
            found = self._departures[key] = (frozenset(kept), free, pile > 0)
        return found

    # --- The ends of the voyage ---------------------------------------------------------
    def leave_at(self, k: int, spy: int) -> float | None:
        """Leaving at ``cities[k]`` with its top treasure, ``spy`` Spyglasses still held;
        None where the pile is empty."""
        if self.leave[k] is None:
            return None
        if self.win is None:
            return self.leave[k] - (self.spy - spy) * self.sp
        key = (k, spy)
        if key not in self._leaves:
            values = self.view.unaccounted(self.cities[k])
            self._leaves[key] = sum(self.win.value(v, spy) for v in values) / len(values)
        return self._leaves[key]

    def nothing(self, spy: int) -> float:
        """The voyage ends with no treasure (a crash), ``spy`` Spyglasses still held."""
        if self.win is None:
            return float(-(self.spy - spy) * self.sp)
        found = self._nothing.get(spy)
        if found is None:
            found = self._nothing[spy] = self.win.value(None, spy)
        return found

    def hidden_pay(self, k: int, captain: int, hazards: HazardKey) -> float:
        inferred = self.view.inferred
        if inferred is not None and k == 0 and captain == self.view.captain:
            return float(inferred_pays(inferred, hazards))
        return hidden_pays(self._pool(k, captain), self.view.hand_sizes[captain], hazards)

    def _pool(self, k: int, captain: int) -> PoolKey:
        """The cards a hidden ``captain``'s hand at step ``k`` is drawn from, when the
        model does not follow it: the unseen cards, or for a player whose deeds tell of
        his hand, with more than ``FOLLOW`` players, the hands they allow spread as a pool
        (``spread_pool``)."""
        if k and captain in self.told_pools:
            return self.told_pools[captain]
        return self.pool_now if k == 0 else self.pool_later

    def hands_of(self, k: int, captain: int, size: float) -> Hands | None:
        """The hands a hidden ``captain`` of ``size`` cards may hold at step ``k`` as the
        model follows them (his deeds, a crash or his earlier captaincies in this voyage);
        None: a hand drawn from the unseen cards (``_pool``)."""
        if not k:
            return None
        key = (captain, size)
        found = self._held.get(key)
        if found is None and key in self._paid:
            hands, pool, cards, (how, what) = self._paid.pop(key)
            if hands is None:
                hands = pool_hands(pool, cards)
            if how == "rolled":
                hands = paid_hands(hands, what)
            elif how == "paid":
                hands = _after_paying(hands, what)
            else:
                hands = tuple((h, n) for h, n in hands if pay_after(h, what) is None)
            found = self._held[key] = merged_hands(hands) if hands else None
        return found

    def _hidden_steps(self, k: int, captain: int, size: float, count: int,
                      rule: LeaveRule) -> tuple[dict[bool, PayTable], float]:
        """``hidden_steps`` for a hidden ``captain`` of ``size`` cards at step ``k``, from
        the hands the model follows for him, else from the unseen cards. How to work out
        what he holds once he has paid is kept for his next captaincy (``hands_of``)."""
        key = (k > 0, captain, size, count, rule)
        found = self._steps.get(key)
        if found is None:
            hands = self.hands_of(k, captain, size)
            pool = self._pool(k, captain)
            found = self._steps[key] = hidden_steps(pool, size, count, rule) \
                if hands is None else told_steps(hands, round(size), count, rule)
            later = (captain, round(size - found[1], 3))
            if self.follow and later not in self._held and later not in self._paid:
                self._paid[later] = (hands, pool, round(size), ("rolled", count))
        return found

    # --- Values ----------------------------------------------------------------------------
    def arrive(self, k: int, captain: int, hand: HandKey | None, spy: int,
               table: Table | None = None) -> float:
        """Expected points on reaching ``cities[k]`` aboard, ``captain`` having flown there
        (``table``: who is aboard then, and the hands' sizes; default: after the dice
        shown)."""
        table = self.now if table is None else table
        if k >= len(self.cities) - 1:
            return self.last_city(captain, spy, table[0])
        turn = (captain, table[0])
        following = self._captains.get(turn)
        if following is None:
            following = self._captains[turn] = self.next_captain(captain, table[0])
        return self.before_roll(k, following, hand, spy, table)

    def last_city(self, captain: int, spy: int = 0,
                  aboard: frozenset[int] | None = None) -> float:
        """Each player aboard draws one, the captain first, while any remain (§3.7)."""
        aboard = self.now[0] if aboard is None else aboard
        found = self._last.get((captain, spy, aboard))
        if found is None:
            city = self.cities[-1]
            order = [p for p in self._clockwise(captain) if p in aboard]
            place = order.index(self.seat) if self.seat in order else self.view.players
            drawn = self.leave_at(len(self.cities) - 1, spy)
            found = drawn if drawn is not None and place < self.view.pile_sizes.get(city, 0) \
                else self.nothing(spy)
            self._last[captain, spy, aboard] = found
        return found

    def before_roll(self, k: int, captain: int, hand: HandKey | None, spy: int,
                    table: Table | None = None) -> float:
        """Expected points at ``cities[k]`` before the roll, ``captain`` to roll."""
        table = (self.start if k == 0 else self.now) if table is None else table
        key = (k, captain, hand, spy, table)
        found = self._memo.get(key)
        if found is not None:
            return found
        aboard, sizes = table
        count = self.counts[k]
        rule = self.rule(k, aboard)
        # Who is aboard once the others have decided: everyone, or those the pile left
        # aboard; and whether the player may still leave.
        staying, free, rest = self._leaving(k, aboard, captain)
        left = (staying, sizes)
        crashes: list[float | None] = [None, None]  # after the others leave, stay

        def crash_of(stay: bool) -> float:
            found = crashes[stay]
            if found is None:
                found = crashes[stay] = self.crash_value(
                    k, captain, hand, spy, table if stay else left, stay or rest)
            return found

        value = 0.0
        if captain == self.seat and hand is not None:
            size = sum(hand) + self.extra
            for after, forced, stay, chance in captain_table(hand, count, size, rule):
                crash = crash_of(stay)
                if after is None:
                    value += chance * crash
                else:
                    paid = self.arrive(k + 1, captain, after, spy, table if stay else left)
                    value += chance * (paid if forced or paid > crash else crash)
        else:
            leave = self.leave_at(k, spy) if captain != self.seat else None
            steps, paid = self._hidden_steps(k, captain, sizes[captain], count, rule)
            smaller = tuple(round(n - paid, 3) if p == captain else n
                            for p, n in enumerate(sizes))
            for stay, part in steps.items():
                arrive = self.arrive(k + 1, captain, hand, spy,
                                     (aboard if stay else staying, smaller))
                value += part.passenger(leave if stay or free else None, crash_of(stay),
                                        arrive)
        alone = self.leave_at(k, spy) if len(aboard) == 1 else None
        if alone is not None:
            value = max(value, alone)  # alone aboard: take a treasure (§3.0)
        self._memo[key] = value
        return value

    def stay_value(self, k: int, captain: int, hand: HandKey | None, spy: int,
                   pays: float) -> float:
        """A passenger who stays: the captain pays with chance ``pays``, else a crash."""
        value = pays * self.arrive(k + 1, captain, hand, spy)
        if pays < 1.0:
            value += (1.0 - pays) * self.crash_value(k, captain, hand, spy)
        return value

    def captain_value(self, k: int, captain: int, hand: HandKey, spy: int,
                      hazards: HazardKey) -> float:
        """As captain with a known hand: pay with the fewest Turbos, or crash if better."""
        after = pay_after(hand, hazards)
        crash = self.crash_value(k, captain, hand, spy)
        if after is None:
            return crash
        paid = self.arrive(k + 1, captain, after, spy)
        if covers(hand, hazards):
            return paid
        return max(paid, crash)

    def crash_value(self, k: int, captain: int, hand: HandKey | None, spy: int,
                    table: Table | None = None, pile: bool = True) -> float:
        """A crash is announced with this player aboard: play a Spyglass (the airship goes
        on, the Spyglass's points are spent), a Jetpack (the top treasure here, unless
        ``pile`` says that those who left took the last), or crash."""
        best = self.nothing(spy)
        if hand is None:
            return best
        if table is None and k == 0:
            pile = pile and self.rest_now
        key = (k, captain, hand, spy, table, pile)
        found = self._crashes.get(key)
        if found is not None:
            return found
        if spy:
            # Nobody pays: the hands keep their sizes.
            if table is None and k == 0:
                table = (self.now[0], self.start[1])
            best = max(best, self.arrive(k + 1, captain, hand, spy - 1, table))
        leave = self.leave_at(k, spy)
        if hand[_JETPACK] and leave is not None and pile:
            best = max(best, leave)
        self._crashes[key] = best
        return best


def _told(view: View) -> list[tuple[int, Hands, int]]:
    """Each hidden player whose deeds tell of his hand: (seat, the hands they allow at his
    next captaincy, his hand's size then). The present captain's once he has paid for the
    dice shown (left out when no hand he may hold pays)."""
    found = []
    if view.inferred is not None and view.dice:
        hazards = hazard_key(view.dice)
        after = _after_paying(view.inferred, hazards)
        size = view.hand_sizes[view.captain] - sum(hazards)
        if after and size > 0:
            found.append((view.captain, after, size))
    for p, hands in enumerate(view.told or ()):
        if hands is not None and p != view.captain:
            found.append((p, hands, view.hand_sizes[p]))
    return found  # type: ignore[return-value]


@lru_cache(maxsize=1 << 8)
def _after_paying(hands: Hands, hazards: HazardKey) -> Hands:
    """The ``hands`` that pay for ``hazards``, once they have paid."""
    return tuple((after, n) for after, n in ((pay_after(h, hazards), n) for h, n in hands)
                 if after is not None)


@lru_cache(maxsize=1 << 8)
def _told_forms(hands: Hands, size: int) -> tuple[Hands, PoolKey | None]:
    """``hands`` merged (``merged_hands``) and spread as a pool (``spread_pool``)."""
    return merged_hands(hands), spread_pool(hands, size)


#: Hands with their weights: (hand, how many ways to hold it), as ``inference`` infers
#: them from a player's deeds.
Hands = tuple[tuple[HandKey, int], ...]
#: No roll shows more dice than this: a hand's counts beyond it never change a payment.
MOST_DICE = max(data.DICE_TO_REACH.values())


def merged_hands(hands: Iterable[tuple[HandKey, int]], most: int = MOST_DICE) -> Hands:
    """``hands`` with each count of Equipment and Turbos held to ``most`` and no Jetpack
    (they pay the same for any roll of ``most`` dice at most), the same merged."""
    merged: dict[HandKey, int] = {}
    for hand, n in hands:
        key = (*(min(c, most) for c in hand[:-1]), 0)
        merged[key] = merged.get(key, 0) + n
    return tuple(sorted(merged.items()))


@lru_cache(maxsize=1 << 10)
def told_steps(hands: Hands, size: int, count: int, rule: LeaveRule
               ) -> tuple[dict[bool, PayTable], float]:
    """``hidden_steps`` for a captain whose hand is one of ``hands`` (each with its
    weight), of ``size`` cards."""
    hands = merged_hands(hands, count)
    total = sum(n for _, n in hands)
    return _step_tables(count, size, size, rule, lambda hazards: sum(
        n for hand, n in hands if pay_after(hand, hazards) is not None) / total)


#: How many hands a hand its owner's deeds tell of is spread over (``spread_pool``).
SPREAD = 4


def spread_pool(hands: Sequence[tuple[HandKey, int]], size: int) -> PoolKey | None:
    """A hand of ``size`` cards, one of ``hands`` (each with its weight), as a pool to
    draw it from: ``SPREAD`` times its cards, holding that many times the cards of each
    kind it holds on average (drawing ``size`` cards from it spreads the mean hand as a
    draw would); None when there is no hand or no card."""
    total = sum(n for _, n in hands)
    if not total or size <= 0:
        return None
    sums = [0, 0, 0, 0, 0]
    for hand, n in hands:
        for i in range(5):
            sums[i] += n * hand[i]
    counts = [round(SPREAD * s / total) for s in sums]
    return (*counts, max(SPREAD * size, sum(counts)))  # type: ignore[return-value]


@lru_cache(maxsize=1 << 10)
def pool_hands(pool: PoolKey, size: int) -> Hands:
    """Every hand of ``size`` cards drawn from ``pool``, as ``merged_hands`` keeps them
    (each count of Equipment and Turbos held to ``MOST_DICE``), each with its number of
    ways. Summed kind by kind: (counts so far, cards they take) -> ways."""
    total = pool[-1]
    states: dict[tuple[tuple[int, ...], int], int] = {((), 0): 1}
    for held in pool[:-1]:
        ways_of = [comb(held, c) for c in range(min(held, size) + 1)]
        new: dict[tuple[tuple[int, ...], int], int] = {}
        for (counts, used), ways in states.items():
            for c in range(min(held, size - used) + 1):
                key = ((*counts, min(c, MOST_DICE)), used + c)
                new[key] = new.get(key, 0) + ways * ways_of[c]
        states = new
    rest = total - sum(pool[:-1])
    found: dict[HandKey, int] = {}
    for (counts, used), ways in states.items():
        if size - used <= rest:
            key = (*counts, 0)
            found[key] = found.get(key, 0) + ways * comb(rest, size - used)
    return tuple(sorted(found.items()))


@lru_cache(maxsize=1 << 10)
def paid_hands(hands: Hands, count: int) -> Hands:
    """The hands a captain holding one of ``hands`` may hold once he has paid for a roll
    of ``count`` dice (he did, or the voyage would be over): for each roll, the hands that
    pay for it, less what they pay, weighted by the roll's chance (not whole numbers)."""
    found: dict[HandKey, float] = {}
    table = [(hazards, chance) for hazards, chance in rolls(count)]
    for hand, n in hands:
        c0, c1, c2, c3, turbos, jetpacks = hand
        for (h0, h1, h2, h3), chance in table:
            # ``pay_after``, spelt out: this sum is the model's costliest.
            short = (h0 - c0 if h0 > c0 else 0) + (h1 - c1 if h1 > c1 else 0) \
                + (h2 - c2 if h2 > c2 else 0) + (h3 - c3 if h3 > c3 else 0)
            if short <= turbos:
                after = (c0 - h0 if c0 > h0 else 0, c1 - h1 if c1 > h1 else 0,
                         c2 - h2 if c2 > h2 else 0, c3 - h3 if c3 > h3 else 0,
                         turbos - short, jetpacks)
                found[after] = found.get(after, 0.0) + chance * n
    return tuple(sorted(found.items()))  # type: ignore[arg-type]


def captain_odds_now(view: View) -> Fraction:
    """The exact chance that the captain pays for the dice shown, from ``view``'s eyes."""
    if view.me == view.captain:
        return Fraction(int(pay_after(hand_key(view.hand), hazard_key(view.dice)) is not None))
    if view.inferred is not None:
        return inferred_pays(view.inferred, hazard_key(view.dice))
    size = view.hand_sizes[view.captain]
    return odds.captain_pay_odds(view.unseen, size, view.dice).with_turbos


def positions(dice: Sequence[str]) -> list[tuple[int, ...]]:
    """Every non-empty set of dice positions (0-based), as the engine lists them."""
    n = len(dice)
    return [tuple(i for i in range(n) if mask >> i & 1) for mask in range(1, 1 << n)]
