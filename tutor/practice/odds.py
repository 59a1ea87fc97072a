"""The odds coach: exact chances from what one player may know (RULES.md §1.2, §3.1–§3.4).

Everything here is computed exactly, as fractions; nothing is sampled.

* The captain's hand, seen by anyone else, is a uniformly random set of its known size
  drawn from the cards that player cannot see (the deck minus their own hand and the
  public discard pile). The chance that it pays for a roll is a multivariate
  hypergeometric sum, grouped by the card types that matter: the Equipment answering each
  rolled hazard, the Turbos, and everything else.
* Dice are enumerated exactly: each face with its multiplicity on the die (two of six
  faces are blank), each multiset of faces with its multinomial weight.
* The top card of a city's pile is uniform over the treasures of that pile the player
  cannot account for (those not among their own treasures).

Pure functions, no I/O; errors are ``CelestiaError`` message ids, as in the engine.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, lru_cache
from itertools import combinations_with_replacement
from math import comb, factorial

from ..engine import data
from ..engine.data import ANSWERS, DIE_FACES, FACES, HAZARDS, TURBO
from ..engine.messages import N_, CelestiaError
from ..engine.payment import can_pay, equipment_covers, hazard_counts


class ImpossibleSituation(CelestiaError):
    """A described situation that the game's contents cannot produce."""


@dataclass(frozen=True)
class PayOdds:
    """The chance of paying for a roll: with Equipment alone, and with Turbos too."""

    equipment: Fraction
    with_turbos: Fraction


# --- The cards a player cannot see --------------------------------------------------------
def unseen_cards(deck: Mapping[str, int], hand: Mapping[str, int],
                 discard: Iterable[str]) -> dict[str, int]:
    """The deck minus the player's own hand and the discard pile, by card name.

    Raises ``ImpossibleSituation`` naming the card when more copies are accounted for than
    the game holds.
    """
    gone = Counter(discard)
    for card, count in hand.items():
        gone[card] += count
    unseen: dict[str, int] = {}
    for card, count in gone.items():
        if count and card not in deck:
            raise ImpossibleSituation(N_('The game has no "{card}" card.'), card=card)
    for card, total in deck.items():
        left = total - gone.get(card, 0)
        if left < 0:
            raise ImpossibleSituation(
                # TRANSLATORS: {total} is 2 or more.
                N_('The game holds only {total} "{card}" cards, but {count} are in your hand '
                   "and the discard pile."), total=total, card=card, count=gone[card])
        unseen[card] = left
    return unseen


# --- The captain's hidden hand ------------------------------------------------------------
def captain_pay_odds(unseen: Mapping[str, int], hand_size: int,
                     dice: Sequence[str]) -> PayOdds:
    """The chance that a hand of ``hand_size`` cards drawn from ``unseen`` pays for ``dice``.

    Groups the unseen cards into the Equipment answering each rolled hazard, Turbos and the
    rest, then sums the multivariate hypergeometric probabilities of each (Equipment held,
    shortfall) combination: the hand pays with Equipment alone when nothing is short, and
    with Turbos when the Turbos held cover the shortfall.
    """
    total = sum(unseen.values())
    if hand_size < 0 or hand_size > total:
        # An error is a message id, translated when shown: one per number.
        if total == 1:
            # TRANSLATORS: {unseen} is 1.
            msgid = N_("The captain cannot hold that many cards ({hand_size}): only {unseen} "
                       "card is out of your sight.")
        else:
            # TRANSLATORS: {unseen} is 0, or 2 or more.
            msgid = N_("The captain cannot hold that many cards ({hand_size}): only {unseen} "
                       "cards are out of your sight.")
        raise ImpossibleSituation(msgid, hand_size=hand_size, unseen=total)
    counts = hazard_counts(dice)
    if not counts:
        return PayOdds(Fraction(1), Fraction(1))
    h = hand_size
    # (cards of the answering Equipment used, hazards left uncovered) -> number of ways.
    states: dict[tuple[int, int], int] = {(0, 0): 1}
    grouped = 0
    for hazard in HAZARDS:
        need = counts.get(hazard, 0)
        if not need:
            continue
        pool = unseen.get(ANSWERS[hazard], 0)
        grouped += pool
        ways_of = [comb(pool, e) for e in range(min(pool, h) + 1)]
        new: dict[tuple[int, int], int] = {}
        for (used, short), ways in states.items():
            for e in range(min(pool, h - used) + 1):
                key = (used + e, short + (need - e if e < need else 0))
                new[key] = new.get(key, 0) + ways * ways_of[e]
        states = new
    turbos = unseen.get(TURBO, 0)
    rest = total - grouped - turbos
    tails = turbo_tails(turbos, rest, h)
    equipment = 0
    with_turbos = 0
    for (used, short), ways in states.items():
        free = h - used
        if short == 0:
            equipment += ways * comb(turbos + rest, free)
        tail = tails[free]
        if short < len(tail):
            with_turbos += ways * tail[short]
    denominator = comb(total, h)
    return PayOdds(Fraction(equipment, denominator), Fraction(with_turbos, denominator))


@lru_cache(maxsize=1 << 12)  # keyed by the unseen cards: the recent ones
def turbo_tails(turbos: int, rest: int, hand: int) -> tuple[tuple[int, ...], ...]:
    """``tails[free][s]``: ways to fill ``free`` places with at least ``s`` Turbos."""
    tails = []
    for free in range(hand + 1):
        exact = [comb(turbos, t) * comb(rest, free - t) for t in range(min(turbos, free) + 1)]
        tail = [0] * (len(exact) + 1)
        for t in range(len(exact) - 1, -1, -1):
            tail[t] = tail[t + 1] + exact[t]
        tails.append(tuple(tail[:-1]))
    return tuple(tails)


# --- Dice -----------------------------------------------------------------------------
@cache
def dice_outcomes(count: int) -> tuple[tuple[tuple[str, ...], Fraction], ...]:
    """Every roll of ``count`` dice as a sorted tuple of faces, with its exact chance."""
    weight = Counter(DIE_FACES)
    sides = len(DIE_FACES)
    outcomes = []
    for faces in combinations_with_replacement(FACES, count):
        shown = Counter(faces)
        ways = factorial(count)
        for face, k in shown.items():
            ways = ways // factorial(k) * weight[face] ** k
        outcomes.append((faces, Fraction(ways, sides ** count)))
    return tuple(outcomes)


@cache
def hazard_distribution(count: int) -> tuple[Fraction, ...]:
    """``result[k]``: the chance that ``count`` dice show exactly ``k`` hazards."""
    result = [Fraction(0)] * (count + 1)
    for faces, chance in dice_outcomes(count):
        result[sum(1 for f in faces if f in ANSWERS)] += chance
    return tuple(result)


def hand_pass_odds(hand: Mapping[str, int], count: int) -> PayOdds:
    """The chance that this hand (the captain's own) gets through ``count`` dice."""
    equipment = Fraction(0)
    with_turbos = Fraction(0)
    for faces, chance in dice_outcomes(count):
        needs = hazard_counts(faces)
        if equipment_covers(needs, hand):
            equipment += chance
        if can_pay(needs, hand):
            with_turbos += chance
    return PayOdds(equipment, with_turbos)


def step_pass_odds(unseen: Mapping[str, int], hand_size: int, count: int) -> PayOdds:
    """Before the roll, seen by someone else: the chance the captain pays for ``count`` dice."""
    equipment = Fraction(0)
    with_turbos = Fraction(0)
    for faces, chance in dice_outcomes(count):
        odds = captain_pay_odds(unseen, hand_size, faces)
        equipment += chance * odds.equipment
        with_turbos += chance * odds.with_turbos
    return PayOdds(equipment, with_turbos)


# --- Treasures ------------------------------------------------------------------------
def unaccounted_treasures(city: int, variant: str, known_gone: Iterable[int]) -> list[int]:
    """The values of ``city``'s pile the player cannot account for (0 = Magic Spyglass).

    ``known_gone``: values the player knows have left that pile (their own treasures from
    it). Raises ``ImpossibleSituation`` for a value the pile never held, or too many.
    """
    left = Counter(t.value for t in data.pile_composition(city, variant))
    for value in known_gone:
        if left[value] <= 0:
            raise ImpossibleSituation(
                N_("The pile of city {city} does not hold that many treasures of value "
                   "{value}."), city=city, value=value)
        left[value] -= 1
    return sorted(left.elements())


def treasure_value(values: Sequence[int], spyglass_points: int) -> Fraction | None:
    """The expected score of the top card, uniform over ``values``; None if there are none.

    A Magic Spyglass is counted at what it scores if kept (``spyglass_points``).
    """
    if not values:
        return None
    return Fraction(sum(v if v else spyglass_points for v in values), len(values))


# --- What one player knows ---------------------------------------------------------------
@dataclass(frozen=True)
class View:
    """One player's knowledge at a decision: ``State.observation`` plus the options.

    The voyage model (``voyage``) takes it too: ``treasure_value`` is a float for it."""

    me: int
    players: int
    captain: int
    phase: str
    city: int
    #: The cities still on the route (piles not empty), in order.
    route: tuple[int, ...]
    pile_sizes: Mapping[int, int]
    dice: tuple[str, ...]
    aboard: tuple[bool, ...]
    hand: Mapping[str, int]
    treasures: tuple[tuple[int, int], ...]
    hand_sizes: tuple[int, ...]
    discard: tuple[str, ...] = ()
    variant: str = data.STANDARD
    grappling_hook: bool = False
    spyglass_points: int = data.SPYGLASS_POINTS_DEFAULT
    #: Your points in treasures (Spyglasses count 0), for the end of the game.
    points: int = 0
    unseen: Mapping[str, int] = field(default_factory=dict)
    #: The players' names (public), for sentences.
    seats: tuple[str, ...] = ()
    #: The cards a later captain's hand is drawn from; None: the whole deck's mix (see the
    #: module's docstring). Tests give a small one, to check against brute force.
    later: Mapping[str, int] | None = None
    #: Every player's number of treasures (public), for the end of the game.
    treasure_counts: tuple[int, ...] = ()
    #: Every player's points as reckoned at the table (``celestia odds --their-points``;
    #: None: estimated from the public facts, see ``endgame``).
    reckoned: tuple[float | None, ...] | None = None
    #: The cities whose Magic Spyglass has been played: it has left the game (§4.5).
    spent: tuple[int, ...] = ()
    #: For every seat, where each of its treasures came from as far as a player who
    #: watched the game can tell (``expert.Watch``): the cities it may come from, each with
    #: a weight. None: not followed (the others' points come from their counts).
    sources: tuple[tuple[tuple[tuple[int, int], ...], ...], ...] | None = None
    #: The public deeds that tell of a hand (``State.deeds``), oldest first.
    deeds: tuple = ()
    #: The present captain's hand as his deeds let this player infer it (filled by
    #: ``inference.inferred``; ``figures`` leaves it out, ``inference.figures`` uses it):
    #: each hand with its weight. None: drawn from the unseen cards, nothing inferred.
    inferred: tuple[tuple[tuple[int, ...], int], ...] | None = None
    #: Every other hidden player's hand as his deeds let this player infer it, for his
    #: captaincies later in this voyage (``inference.inferred``), as ``inferred``; None
    #: for the present captain and a player whose deeds tell nothing, and for all when
    #: not inferred.
    told: tuple[tuple[tuple[tuple[int, ...], int], ...] | None, ...] | None = None

    @classmethod
    def from_observation(cls, obs: Mapping, variant: str = data.STANDARD,
                         grappling_hook: bool = False,
                         spyglass_points: int = data.SPYGLASS_POINTS_DEFAULT,
                         seats: Sequence[str] = ()) -> View:
        me = obs["player"]
        hand = dict(obs["hand"])
        discard = tuple(obs["discard_pile"])
        deck = data.deck_composition(variant, grappling_hook)
        treasures = tuple(tuple(t) for t in obs["treasures"])
        return cls(me=me, players=len(obs["aboard"]), captain=obs["captain"],
                   phase=obs["phase"], city=obs["city"], route=tuple(obs["route"]),
                   pile_sizes=dict(obs["pile_sizes"]), dice=tuple(obs["dice"]),
                   aboard=tuple(obs["aboard"]), hand=hand,
                   treasures=treasures,  # type: ignore[arg-type]
                   hand_sizes=tuple(obs["hand_sizes"]), discard=discard, variant=variant,
                   grappling_hook=grappling_hook, spyglass_points=spyglass_points,
                   points=sum(v for _, v in treasures),
                   unseen=unseen_cards(deck, hand, discard), seats=tuple(seats),
                   treasure_counts=tuple(obs["treasure_counts"]),
                   spent=tuple(obs.get("spyglasses_spent", ())),
                   deeds=tuple(obs.get("deeds", ())))

    @property
    def spyglasses(self) -> int:
        return sum(1 for _, v in self.treasures if v == 0)

    @property
    def dest(self) -> int:
        return next((c for c in self.route if c > self.city), 0)

    def gone(self, city: int) -> tuple[int, ...]:
        """The values this player knows have left ``city``'s pile: their own treasures from
        it, and its Magic Spyglass once played (0)."""
        return tuple(sorted([v for c, v in self.treasures if c == city]
                            + [0 for c in self.spent if c == city]))

    def treasure_value(self, city: int) -> float:
        """The expected worth of the top treasure of ``city``'s pile, for this player."""
        return _treasure_value(city, self.variant, self.gone(city), self.spyglass_points)

    def unaccounted(self, city: int) -> tuple[int, ...]:
        """The values the top treasure of ``city``'s pile may have (0: a Magic Spyglass)."""
        return _unaccounted(city, self.variant, self.gone(city))


@cache
def _treasure_value(city: int, variant: str, gone: tuple[int, ...], points: int) -> float:
    value = treasure_value(unaccounted_treasures(city, variant, gone), points)
    return float(value) if value is not None else 0.0


@cache
def _unaccounted(city: int, variant: str, gone: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(unaccounted_treasures(city, variant, gone))


# --- The figures of one decision, as one player sees it -----------------------------------
#: Phases after a crash is announced: paying is no longer in question (§3.5).
CRASH_PHASES = ("spyglass", "jetpack")


@dataclass
class Figures:
    """The exact facts the coach can show at one decision; those that do not apply are None.

    Computed from a ``View`` (what one player may know).
    """

    #: As a passenger after the roll: the captain pays with Equipment alone / with Turbos.
    captain_pays: PayOdds | None = None
    #: Before the roll, seen by a passenger: the captain gets through the coming dice.
    captain_step: PayOdds | None = None
    #: As captain: the own hand gets through the coming dice (or the dice shown).
    own_pass: PayOdds | None = None
    #: Expected treasure if leaving now, and if leaving at the destination.
    leave_now: Fraction | None = None
    leave_next: Fraction | None = None
    #: The coming roll: destination, dice, chance of each number of hazards.
    roll_city: int = 0
    roll_dice: int = 0
    hazards: tuple[Fraction, ...] = field(default_factory=tuple)


def figures(view: View) -> Figures:
    """The exact figures for ``view``'s player."""
    found = Figures()
    me = view.me
    dest = view.dest
    rolled = bool(view.dice)
    # The coming roll: this step's if the dice are not rolled yet, else the next step's.
    after = next((c for c in view.route if c > dest), 0) if dest else 0
    roll_city = after if rolled else dest
    # After a Jetpack decision your voyage is over either way: the next roll is not yours.
    if roll_city and view.phase != "jetpack":
        found.roll_city = roll_city
        found.roll_dice = data.dice_to_reach(roll_city)
        found.hazards = hazard_distribution(found.roll_dice)
    if not view.aboard[me]:
        return found
    crashing = view.phase in CRASH_PHASES
    if crashing:
        pass  # after a crash is announced, what counts is the Spyglass and the Jetpack
    elif me == view.captain:
        if rolled:
            needs = hazard_counts(view.dice)
            found.own_pass = PayOdds(Fraction(int(equipment_covers(needs, view.hand))),
                                     Fraction(int(can_pay(needs, view.hand))))
        elif dest:
            found.own_pass = hand_pass_odds(view.hand, data.dice_to_reach(dest))
    else:
        size = view.hand_sizes[view.captain]
        if rolled:
            found.captain_pays = captain_pay_odds(view.unseen, size, view.dice)
        elif dest:
            found.captain_step = step_pass_odds(view.unseen, size, data.dice_to_reach(dest))
    # Passengers may leave; the captain only alone aboard (§3.0); after a crash is
    # announced, only with a Jetpack (§3.5).
    if crashing:
        may_leave = bool(view.hand.get(data.JETPACK))
    else:
        may_leave = me != view.captain or view.phase == "lone-captain"
    if view.pile_sizes.get(view.city, 0) and may_leave:
        found.leave_now = treasure_value(
            unaccounted_treasures(view.city, view.variant, view.gone(view.city)),
            view.spyglass_points)
    if dest and not crashing:
        found.leave_next = treasure_value(
            unaccounted_treasures(dest, view.variant, view.gone(dest)), view.spyglass_points)
    return found
