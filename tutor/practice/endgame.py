"""The end of the game (RULES.md §5.1): when this voyage may end it, the chance to win.

Points are the right measure while the game goes on for long: a point banked now is a
point at the end. When this voyage may be the last, it is not: a player who reaches 50
with the lead should bank, since the game then ends with him ahead; a player far behind
when someone is about to reach 50 should risk, since a safe small treasure will not win.
So when the end is at stake, the coach judges each choice by the chance to win that it
leaves you, from the same voyage model (``voyage``): each way your voyage can end (a
treasure of some city, or nothing; so many Spyglasses still held) is given its chance to
win instead of its points. The model of that chance, from what you may know:

* **Your points** are known; a Magic Spyglass counts 0 towards the 50 and its points in
  the score (§5.1, §5.2).
* **The others' points** are hidden, but their number of treasures is public (§5.4), and
  so is the size of every pile: the cards that have left a pile and are not yours were
  drawn from its top, so each is, on average, a card of that pile that you cannot account
  for. An opponent's points are estimated as his number of treasures times the average of
  those cards, with the spread of as many independent cards of that mix (a normal law),
  knowing that he held fewer than 50 when this voyage began, since the game went on (one
  treasure more for a player who has left the airship since). At the table (``celestia
  odds --their-points``) you give your own estimate instead, taken as exact.
* **What the others get from this voyage**: an opponent aboard adds what the points
  model expects for him from here (his own best choices, with a hand you cannot see),
  with a spread as large as that gain (a treasure or nothing: about half the time each).
* **The end is checked when the voyage ends**: if you reach 50, the game ends, and you
  win if your score beats every other one (a tie counts half, as the normal laws do).
  Otherwise it ends if an opponent reaches 50, and you win only if you beat him anyway;
  if nobody does, the game goes on, and your lead over each opponent is then what you
  carry into the voyages left, each of which moves two players' points apart by
  ``VOYAGE_SPREAD`` (measured) while everyone gains alike on average. With voyages still
  to play, every point counts alike, as the points model says: the chance to win then
  grows with your score in a straight line, at the slope it has at your score now (so
  that the end of the game, and not a guess at the voyages after it, sets the risk).
* The opponents are taken as independent of one another.

The end counts when you can reach 50 by leaving here or at the next city (farther off,
it is too uncertain to change a choice now), or when an opponent may reach it this voyage
with a chance of at least ``AT_STAKE``; otherwise the coach counts points. The beginner
variant, whose game ends at five cities and not at 50 points (§6), is judged by points
only. The Power window is judged by points too: what a card does to a chance to win that
depends on who leads is left to the player.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import erf, exp, pi, prod, sqrt

from ..engine import data
from .voyage import View, Voyage, hand_key, hazard_key, pay_after

END = data.END_SCORE
#: Measured over 400 four-player games of the sensible, bold and cautious bots: a player
#: gains 3.6 points a voyage on average, and two players' gains in one voyage differ by
#: 4.4 points (standard deviation).
VOYAGE_GAIN = 3.6
VOYAGE_SPREAD = 4.4
#: The end of the game counts when an opponent may reach 50 this voyage this often.
AT_STAKE = 0.05
#: The narrowest spread given to a number of points (a reckoned total is not a certainty
#: to half a point).
MIN_SPREAD = 0.5
#: Phases after a crash is announced (§3.5): the others aboard get nothing more unless
#: someone saves the airship.
_CRASHING = ("spyglass", "jetpack")


def phi(x: float) -> float:
    """The standard normal law's distribution function."""
    return 0.5 * (1.0 + erf(x / sqrt(2.0)))


@dataclass(frozen=True)
class Rival:
    """One opponent's points at the end of this voyage, as far as you can tell."""

    seat: int
    #: Points now (towards the 50): the estimate, and its spread (0 if reckoned at the table).
    now: float
    now_spread: float
    #: Points expected for him from the rest of this voyage (0 if he is not aboard).
    gain: float = 0.0

    @property
    def mean(self) -> float:
        return self.now + self.gain

    @property
    def spread(self) -> float:
        return max(sqrt(self.now_spread ** 2 + self.gain ** 2), MIN_SPREAD)

    def below(self, points: float, extra: float = 0.0) -> float:
        """The chance that he ends with fewer than ``points`` (``extra``: more spread)."""
        return phi((points - self.mean) / sqrt(self.spread ** 2 + extra ** 2))


@dataclass(frozen=True)
class Endgame:
    """Your chance to win the game, for each way your voyage may end."""

    #: Your treasure points now (Spyglasses count 0).
    points: int
    spyglass_points: int
    rivals: tuple[Rival, ...]
    #: How far your lead over one opponent may move in the voyages after this one.
    future: float
    #: Your score now (Spyglasses included): where the game-goes-on value is taken.
    score: float = 0.0

    def value(self, treasure: int | None, spyglasses: int) -> float:
        """The chance to win after a voyage that brings ``treasure`` (its value, 0 for a
        Magic Spyglass, None for nothing), with ``spyglasses`` Spyglasses held before it."""
        total = self.points + (treasure or 0)
        held = spyglasses + (treasure == 0)
        return self.win(total, total + held * self.spyglass_points)

    def win(self, total: float, score: float) -> float:
        """The chance to win with ``total`` points towards 50 and ``score`` in all."""
        beat = prod(r.below(score) for r in self.rivals)
        if total >= END:
            return beat  # the game ends after this voyage
        # Someone else reaches 50: you win only if you beat him anyway. Nobody does: the
        # game goes on with your lead.
        last = END - 0.5
        ended_won = max(beat - prod(r.below(min(score, last)) for r in self.rivals), 0.0)
        nobody = prod(r.below(last) for r in self.rivals)
        return min(max(ended_won + nobody * self.goes_on(score), 0.0), 1.0)

    def goes_on(self, score: float) -> float:
        """The chance to win when nobody reaches 50 this voyage: the game goes on, and a
        point is then worth what it is worth with voyages still to play, the same for
        every point (the chance at your score now, and its slope there)."""
        def chance(at: float) -> float:
            return prod(r.below(at, self.future) for r in self.rivals)

        slope = chance(self.score + 0.5) - chance(self.score - 0.5)
        return chance(self.score) + slope * (score - self.score)

    def ends(self) -> float:
        """The chance that an opponent reaches 50 this voyage."""
        return 1.0 - prod(r.below(END - 0.5) for r in self.rivals)


# --- From what you know -------------------------------------------------------------------
def taken_mix(view: View) -> tuple[float, float]:
    """The average and the variance of a treasure an opponent holds: the cards that have
    left the piles and are not yours, each an average card of its pile for you."""
    weight = 0.0
    first = second = 0.0
    for city in data.CITY_VALUES:
        dealt = len(data.pile_composition(city, view.variant))
        mine = sum(1 for c, _ in view.treasures if c == city)
        taken = dealt - view.pile_sizes.get(city, dealt) - mine
        values = view.unaccounted(city)
        if taken <= 0 or not values:
            continue
        weight += taken
        first += taken * sum(values) / len(values)
        second += taken * sum(v * v for v in values) / len(values)
    if not weight:
        return 0.0, 0.0
    mean = first / weight
    return mean, max(second / weight - mean * mean, 0.0)


def rival_gain(view: View, seat: int) -> float:
    """What the points model expects for ``seat`` from the rest of this voyage."""
    if not view.aboard[seat] or view.phase in _CRASHING or not view.dest:
        return 0.0
    voyage = Voyage(view, seat=seat)
    captain = view.captain
    if view.phase == "grappling-hook":  # the dice are paid: the airship flies on
        return voyage.arrive(1, captain, None, 0)
    if not view.dice:
        return voyage.before_roll(0, captain, None, 0)
    hazards = hazard_key(view.dice)
    if captain == view.me:
        pays = float(pay_after(hand_key(view.hand), hazards) is not None)
    else:
        pays = voyage.hidden_pay(0, captain, hazards)
    if seat == captain:
        return pays * voyage.arrive(1, captain, None, 0)
    return voyage.stay_value(0, captain, None, 0, pays)


def rivals(view: View, gains: bool = True) -> tuple[Rival, ...]:
    """Every opponent's points at the end of this voyage, as ``view`` can tell them
    (``gains``: with what this voyage may still bring them)."""
    mean, variance = taken_mix(view)
    found = []
    for seat in range(view.players):
        if seat == view.me:
            continue
        if view.reckoned is not None:
            now, spread = float(view.reckoned[seat] or 0), 0.0
        else:
            count = view.treasure_counts[seat] if seat < len(view.treasure_counts) else 0
            mean_of, spread_of = count * mean, sqrt(count * variance)
            if view.sources is not None and len(view.sources[seat]) == count:
                mean_of, spread_of = sourced(view, view.sources[seat], mean, variance)
            # Nobody held 50 when this voyage began (the game would have ended): below 50,
            # plus the one treasure of this voyage for a player who has left already.
            cap = END - 0.5 + (0 if view.aboard[seat] else _best_behind(view))
            now, spread = below_cap(mean_of, spread_of, cap)
        found.append(Rival(seat, now, spread, rival_gain(view, seat) if gains else 0.0))
    return tuple(found)


def sourced(view: View, sources: tuple[tuple[tuple[int, int], ...], ...], mean: float,
            variance: float) -> tuple[float, float]:
    """The points of treasures each known to come from a mix of piles (cities, weights):
    each an average card of its mix that you cannot account for (``mean`` and
    ``variance``: any treasure's, for an empty mix); their sum and its spread."""
    total = spread = 0.0
    for mix in sources:
        weight = first = second = 0.0
        for city, cards in mix:
            values = view.unaccounted(city)
            if not values:
                continue
            weight += cards
            first += cards * sum(values) / len(values)
            second += cards * sum(v * v for v in values) / len(values)
        if not weight:
            total += mean
            spread += variance
            continue
        average = first / weight
        total += average
        spread += max(second / weight - average * average, 0.0)
    return total, sqrt(spread)


def _best_behind(view: View) -> int:
    """The best treasure of the cities up to here: what a player who left took at most."""
    return max((max(view.unaccounted(c), default=0) for c in data.CITY_VALUES
                if c <= view.city), default=0)


def below_cap(mean: float, spread: float, cap: float) -> tuple[float, float]:
    """A normal law known to lie below ``cap``: the mean and spread of that part of it
    (the normal law with those two figures then stands for it)."""
    if spread <= 0:
        return min(mean, cap), 0.0
    beta = (cap - mean) / spread
    kept = phi(beta)
    if kept < 1e-9:  # the estimate is far above what is possible: at the cap
        return cap, 0.0
    density = exp(-beta * beta / 2) / sqrt(2 * pi)
    ratio = density / kept
    variance = spread * spread * max(1 - beta * ratio - ratio * ratio, 0.0)
    return mean - spread * ratio, sqrt(variance)


def at_stake(view: View) -> Endgame | None:
    """The end of the game as ``view`` sees it, or None when this voyage cannot end it
    (then the coach counts points)."""
    if view.variant == data.BEGINNER:
        return None
    if view.reckoned is None and not view.treasure_counts:
        return None  # nothing is known of the others (``celestia odds`` without points)
    # You reach 50 this voyage by leaving here or at the next city (farther is too far
    # off to change a choice now); the others, with the best treasure of the route.
    near = [c for c in view.route if c >= view.city][:2]
    mine = max((max(view.unaccounted(c), default=0) for c in near
                if view.pile_sizes.get(c, 0)), default=0)
    best = max((max(view.unaccounted(c), default=0) for c in view.route
                if c >= view.city and view.pile_sizes.get(c, 0)), default=0)
    # First without the others' gains, each given the best treasure ahead at most: most
    # decisions of a game are far from the end, and this spares their voyage models.
    if view.points + mine < END and all(
            1.0 - Rival(r.seat, r.now + best, r.now_spread).below(END - 0.5) < AT_STAKE
            for r in rivals(view, gains=False)):
        return None
    found = rivals(view)
    if view.points + mine < END and 1.0 - prod(r.below(END - 0.5) for r in found) < AT_STAKE:
        return None
    lead = max([view.points, *(r.now for r in found)])
    voyages = max(1.0, (END - lead) / VOYAGE_GAIN)
    return Endgame(view.points, view.spyglass_points, found, VOYAGE_SPREAD * sqrt(voyages),
                   view.points + view.spyglasses * view.spyglass_points)
