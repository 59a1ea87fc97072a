"""The coach's judgement against brute force on small positions, and what it may know.

The brute force below restates the voyage model of ``tutor/practice/voyage.py`` in the
plainest way: every roll as a sequence of faces, every hand a hidden captain may hold as
a set of cards, every legal payment the engine lists, the best choice at each step. It
shares no code with the model but the engine's payment rules.
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache
from itertools import combinations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.engine import Options, ScriptedChance, SeededChance, State, data
from tutor.engine.bots import stays_aboard
from tutor.engine.payment import equipment_covers, format_payment, hazard_counts, payments
from tutor.practice import evaluate as ev
from tutor.practice.coach import advise
from tutor.practice.odds import treasure_value, unaccounted_treasures
from tutor.practice.voyage import View, positions

KINDS = ("compass", "lightning-rod", "foghorn", "cannon", "turbo", "ejection")


# --- The brute force ------------------------------------------------------------------------
def hidden_pay(pool: dict[str, int], size: int, faces: tuple[str, ...]) -> float:
    """Count, among every hand of ``size`` cards from ``pool``, those that pay."""
    cards = [c for c, k in sorted(pool.items()) for _ in range(k)]
    needs = hazard_counts(faces)
    hands = list(combinations(range(len(cards)), min(size, len(cards))))
    paying = 0
    for chosen in hands:
        hand: dict[str, int] = {}
        for i in chosen:
            hand[cards[i]] = hand.get(cards[i], 0) + 1
        paying += bool(payments(needs, hand)) or not needs
    return paying / len(hands)


class Brute:
    """The voyage model, the slow and obvious way, for the player at ``seat`` (default
    the viewer; another seat's hand is hidden: he has no Spyglass or Jetpack, and his
    captaincy pays as a hidden hand does). After each roll the other passengers leave
    when the sensible bot's rule says so; a hidden captain's hand loses the cards he pays.
    """

    def __init__(self, view: View, aboard: set[int], seat: int | None = None) -> None:
        self.v = view
        self.aboard = aboard
        self.seat = view.me if seat is None else seat
        self.cities = [view.city] + [c for c in view.route if c > view.city]
        #: Whether the pile here keeps a treasure once the dice shown are settled.
        self.rest_now = True
        self.table = self.settled(frozenset(aboard), tuple(view.hand_sizes))

    def settled(self, ab: frozenset, sz: tuple) -> tuple[frozenset, tuple]:
        """Who is aboard and the hands' sizes once the dice shown are settled."""
        v = self.v
        if not v.dice or v.phase in ("spyglass", "jetpack"):
            return ab, sz
        needs = hazard_counts(v.dice)
        if v.phase == "passengers" and not self.others_stay(0, ab, needs, sz[v.captain]):
            order = [(v.captain + i) % v.players for i in range(1, v.players)]
            later = [p for p in order[order.index(v.me) + 1:] if p in ab and p != self.seat]
            # They leave in turn while the pile holds a treasure.
            gone = later[:v.pile_sizes[v.city]]
            ab = frozenset(p for p in ab if p not in gone)
            self.rest_now = len(gone) < v.pile_sizes[v.city]
        paid = min(sum(needs.values()), sz[v.captain])
        return ab, tuple(n - paid if p == v.captain else n for p, n in enumerate(sz))

    def others_stay(self, k: int, ab: frozenset, needs: dict, cards: int) -> bool:
        if not self.v.pile_sizes.get(self.cities[k]) or k + 1 >= len(self.cities):
            return True
        return stays_aboard(needs, cards, self.cities[k], self.cities[k + 1], self.v.variant,
                            self.v.grappling_hook, aboard=len(ab))

    def leave(self, k: int) -> float | None:
        city = self.cities[k]
        if not self.v.pile_sizes.get(city):
            return None
        gone = [v for c, v in self.v.treasures if c == city]
        return float(treasure_value(unaccounted_treasures(city, self.v.variant, gone),
                                    self.v.spyglass_points))

    def next_captain(self, captain: int, ab: frozenset) -> int:
        n = self.v.players
        return next(p for p in ((captain + i) % n for i in range(1, n + 1)) if p in ab)

    def arrive(self, k: int, captain: int, hand: tuple, spy: int, table=None) -> float:
        ab, sz = self.table if table is None else table
        if k == len(self.cities) - 1:
            n = self.v.players
            order = [p for p in ((captain + i) % n for i in range(n)) if p in ab]
            if self.seat in order and order.index(self.seat) < self.v.pile_sizes[self.cities[k]]:
                return self.leave(k) or 0.0
            return 0.0
        return self.before(k, self.next_captain(captain, ab), hand, spy, ab, sz)

    @cache  # noqa: B019 - one small instance per test
    def before(self, k: int, captain: int, hand: tuple, spy: int, ab: frozenset,
               sz: tuple) -> float:
        count = data.dice_to_reach(self.cities[k + 1])
        mine = captain == self.seat == self.v.me
        cards = sum(n for _, n in hand) if mine else round(sz[captain])
        later = sz
        if not mine:  # the hidden captain then holds, on average, the cards he pays fewer
            everything = list(product(data.DIE_FACES, repeat=count))
            chances = [self.pays(k, captain, f, sz) for f in everything]
            paid = sum(p * min(sum(hazard_counts(f).values()), sz[captain])
                       for p, f in zip(chances, everything, strict=True))
            weight = sum(chances)
            smaller = round(sz[captain] - (round(paid / weight, 3) if weight else 0.0), 3)
            later = tuple(smaller if q == captain else n for q, n in enumerate(sz))
        total = 0.0
        for faces in product(data.DIE_FACES, repeat=count):
            stay = self.others_stay(k, ab, hazard_counts(faces), cards)
            left, free, rest = (ab, True, True) if stay else self.departed(k, captain, ab)
            total += self.after(k, captain, hand, spy, faces, (left, later), sz, free, rest)
        value = total / 6 ** count
        if ab == {self.seat} and self.leave(k) is not None:
            value = max(value, self.leave(k))
        return value

    def departed(self, k: int, captain: int, ab: frozenset) -> tuple[frozenset, bool, bool]:
        """The other passengers leave in turn from the captain's left, one treasure each,
        while the pile holds any; the player followed stays. Who is aboard then, whether
        the pile still held one at his turn, and whether it holds one at the end."""
        pile = self.v.pile_sizes[self.cities[k]]
        n = self.v.players
        left = set(ab)
        free = False
        for p in ((captain + i) % n for i in range(1, n)):
            if p not in ab:
                continue
            if p == self.seat:
                free = pile > 0
            elif pile:
                pile -= 1
                left.discard(p)
        return frozenset(left), free, pile > 0

    def after(self, k: int, captain: int, hand: tuple, spy: int, faces, table=None,
              before=None, free: bool = True, rest: bool = True) -> float:
        """Once the dice show ``faces``: ``table`` is who is aboard and the hands' sizes
        after the payment, ``before`` the sizes before it (default: the dice shown);
        ``free``: the player may still leave; ``rest``: the pile keeps a treasure for a
        Jetpack."""
        table = self.table if table is None else table
        before = tuple(self.v.hand_sizes) if before is None else before
        cards = dict(hand)
        needs = hazard_counts(faces)
        if captain == self.seat == self.v.me:
            if not needs:
                return self.arrive(k + 1, captain, hand, spy, table)
            options = [self.arrive(k + 1, captain, minus(hand, p), spy, table)
                       for p in payments(needs, cards)]
            if not equipment_covers(needs, cards):
                options.append(self.crash(k, captain, hand, spy, table, rest))
            return max(options)
        p = self.pays(k, captain, faces, before)
        stay = p * self.arrive(k + 1, captain, hand, spy, table) + (1 - p) * self.crash(
            k, captain, hand, spy, (table[0], before), rest)
        leave = self.leave(k) if free else None
        return stay if leave is None or captain == self.seat else max(stay, leave)

    def pays(self, k: int, captain: int, faces, sz: tuple | None = None) -> float:
        """A hidden captain's chance to pay, from the viewer's unseen cards now, the later
        pool afterwards; the viewer's own hand, when the viewer is the captain now. A
        size between two whole numbers (an average) reads between their chances."""
        if k == 0 and captain == self.v.me:
            return float(bool(payments(hazard_counts(faces), dict(self.v.hand)))
                         or not hazard_counts(faces))
        pool = self.v.unseen if k == 0 else self.v.later
        size = self.v.hand_sizes[captain] if sz is None else sz[captain]
        low = int(size)
        found = hidden_pay(dict(pool), low, tuple(faces))
        if size - low > 1e-9:
            found += (size - low) * (hidden_pay(dict(pool), low + 1, tuple(faces)) - found)
        return found

    def now(self, faces, hand: tuple, spy: int) -> float:
        """Once the dice show ``faces`` in the power window: the passengers have stayed."""
        if self.seat not in self.aboard:
            return 0.0
        captain = self.v.captain
        if captain == self.seat == self.v.me:
            return self.after(0, captain, hand, spy, faces)
        p = self.pays(0, captain, faces)
        value = p * self.arrive(1, captain, hand, spy)
        if captain != self.seat:
            value += (1 - p) * self.crash(0, captain, hand, spy)
        return value

    def crash(self, k: int, captain: int, hand: tuple, spy: int, table=None,
              rest: bool = True) -> float:
        """``rest``: the pile still holds a treasure for a Jetpack."""
        if k == 0 and table is None:
            rest = rest and self.rest_now
        best = 0.0
        if self.seat != self.v.me:
            return best
        if spy:
            if table is None and k == 0:  # nobody pays: the hands keep their sizes
                table = (self.table[0], tuple(self.v.hand_sizes))
            best = max(best, self.arrive(k + 1, captain, hand, spy - 1, table)
                       - self.v.spyglass_points)
        if dict(hand).get("jetpack") and self.leave(k) is not None and rest:
            best = max(best, self.leave(k))
        return best


def minus(hand: tuple, paid: dict[str, int]) -> tuple:
    cards = dict(hand)
    for card, k in paid.items():
        cards[card] -= k
    return tuple(sorted((c, k) for c, k in cards.items() if k))


def frozen(hand: dict[str, int]) -> tuple:
    return tuple(sorted((c, k) for c, k in hand.items() if k))


def brute_options(view: View, legal: list[str]) -> dict[str, float]:
    """Each legal action of ``view``'s decision, worth what the brute force finds."""
    aboard = {p for p in range(view.players) if view.aboard[p]}
    bf = Brute(view, aboard)
    hand = frozen(view.hand)
    spy = sum(1 for _, v in view.treasures if v == 0)
    found = {}
    for action in legal:
        if view.phase == "passengers":
            if action == "leave":
                found[action] = bf.leave(0)
            else:
                p = hidden_pay(dict(view.unseen), view.hand_sizes[view.captain], view.dice)
                found[action] = p * bf.arrive(1, view.captain, hand, spy) + (1 - p) * bf.crash(
                    0, view.captain, hand, spy)
        elif view.phase == "lone-captain":
            if action == "take":
                found[action] = bf.leave(0)
            else:
                count = data.dice_to_reach(bf.cities[1])
                found[action] = sum(bf.after(0, view.me, hand, spy, f) for f in product(
                    data.DIE_FACES, repeat=count)) / 6 ** count
        elif view.phase == "spyglass":
            # What the voyage ahead brings once the Spyglass is played, against what
            # keeping it brings: its own points, and the Jetpack's treasure if any.
            if action == "play spyglass":
                found[action] = bf.arrive(1, view.captain, hand, spy - 1)
            else:
                jet = bf.leave(0) if dict(hand).get("jetpack") and bf.leave(0) else 0.0
                found[action] = view.spyglass_points + jet
        elif view.phase == "jetpack":
            found[action] = (bf.leave(0) or 0.0) if action == "play jetpack" else 0.0
        elif view.phase == "grappling-hook":
            # Climbing back gives the treasure back to its pile (one card more there).
            city, value = view.treasures[-1]
            back = replace(view, treasures=view.treasures[:-1],
                           pile_sizes={**view.pile_sizes, city: view.pile_sizes[city] + 1})
            climbed = Brute(back, aboard | {view.me})
            if action == "pass":
                found[action] = float(value or view.spyglass_points)
            else:
                found[action] = climbed.arrive(1, view.captain, hand,
                                               sum(1 for _, v in back.treasures if v == 0))
        elif view.phase == "reroll-choice":
            chosen = [int(i) - 1 for i in action[7:].split("+")]
            total = 0.0
            for faces in product(data.DIE_FACES, repeat=len(chosen)):
                dice = list(view.dice)
                for position, face in zip(chosen, faces, strict=True):
                    dice[position] = face
                total += bf.after(0, view.me, hand, spy, tuple(dice))
            found[action] = total / 6 ** len(chosen)
        elif view.phase == "payment":
            if action == "crash":
                found[action] = bf.crash(0, view.me, hand, spy)
            else:
                paid: dict[str, int] = {}
                for card in action[4:].split("+"):
                    paid[card] = paid.get(card, 0) + 1
                found[action] = bf.arrive(1, view.me, minus(hand, paid), spy)
    return found


def brute_window(view: View, legal: list[str]) -> dict[str, tuple[float, float]]:
    """Each Power-window action: (the player's points, the points it takes from the
    others aboard, in all), the brute force's way."""
    aboard = {p for p in range(view.players) if view.aboard[p]}
    hand = frozen(view.hand)
    spy = sum(1 for _, v in view.treasures if v == 0)
    me = Brute(view, aboard)
    others = {p: Brute(view, aboard, seat=p) for p in aboard if p != view.me}
    now = tuple(view.dice)

    def rerolled(chosen: list[int]):
        for faces in product(data.DIE_FACES, repeat=len(chosen)):
            dice = list(now)
            for position, face in zip(chosen, faces, strict=True):
                dice[position] = face
            yield tuple(dice)

    found = {}
    for action in legal:
        words = action.split()
        if action == "pass":
            found[action] = (me.now(now, hand, spy), 0.0)
        elif words[1] == "gust-of-wind":
            blanks = [i for i, f in enumerate(now) if f == "blank"]
            rolls = list(rerolled(blanks))
            mine = sum(me.now(d, hand, spy) for d in rolls) / len(rolls)
            harm = sum(o.now(now, (), 0) - sum(o.now(d, (), 0) for d in rolls) / len(rolls)
                       for o in others.values())
            found[action] = (mine, harm)
        elif words[1] == "alternative-route":  # as the captain: the best dice to reroll
            best = max(sum(me.after(0, view.me, hand, spy, d) for d in rerolled(list(c)))
                       / 6 ** len(c) for c in positions(now))
            found[action] = (best, 0.0)
        else:  # Ejection: the target leaves with the top treasure here
            target = int(words[2])
            mine = Brute(view, aboard - {target}).now(now, hand, spy)
            found[action] = (mine, others[target].now(now, (), 0) - (me.leave(0) or 0.0))
    return found


# --- Small positions --------------------------------------------------------------------------
def small_view(rng: random.Random, phase: str, scarce: bool = False
               ) -> tuple[View, list[str]]:
    """A position near the end of a short route, with small pools of unseen cards
    (``scarce``: four players, a Jetpack in hand and one treasure in each pile, so that
    those who leave first empty it)."""
    players = 4 if scarce else rng.choice((2, 3, 4))
    route = sorted(rng.sample((2, 4, 6), rng.choice((2, 3))))
    city = route[0]
    me = 0 if phase in ("lone-captain", "payment", "reroll-choice") else \
        rng.randrange(0 if phase in ("power-window", "jetpack") else 1, players)
    aboard = [True] * players
    if phase == "lone-captain":
        aboard = [p == 0 for p in range(players)]
    else:
        for p in range(1, players):
            if p != me and rng.random() < 0.3:
                aboard[p] = False
    if phase == "grappling-hook" or (phase == "power-window" and me and rng.random() < 0.2):
        aboard[me] = False
    hand = {k: rng.randint(0, 2) for k in KINDS[:5]}
    hand["jetpack"] = int(rng.random() < 0.3 or phase == "jetpack" or scarce)
    if phase == "power-window":
        for card in ("ejection", "alternative-route", "gust-of-wind"):
            hand[card] = int(rng.random() < 0.6)
    treasures = [(1, 0)] if rng.random() < 0.3 or phase == "spyglass" else []
    if rng.random() < 0.5:
        treasures.append((route[-1], rng.choice((6, 9, 12)) if route[-1] == 6 else 4))
    if phase == "grappling-hook":  # the treasure taken when leaving here, this voyage
        treasures.append((city, rng.choice([t.value for t in data.pile_composition(city)])))
    dice: tuple[str, ...] = ()
    if phase != "lone-captain":
        dice = tuple(rng.choice(data.DIE_FACES) for _ in range(data.dice_to_reach(route[1])))
    piles = {c: 0 for c in data.CITY_VALUES}
    for c in route:
        piles[c] = 1 if scarce else rng.randint(1, 3) if c == route[-1] else rng.randint(1, 5)
    unseen = {k: rng.randint(0, 3) for k in KINDS}
    later = {k: rng.randint(0, 2) for k in KINDS}
    sizes = [rng.randint(1, 3) for _ in range(players)]
    # The captain's hidden hand comes from the cards out of sight: never more than those.
    sizes[0] = min(sizes[0], sum(unseen.values()))
    view = View(me=me, players=players, captain=0, phase=phase, city=city,
                route=tuple(route), pile_sizes=piles, dice=dice, aboard=tuple(aboard),
                hand=hand, treasures=tuple(treasures), hand_sizes=tuple(sizes),
                unseen=unseen, later=later)
    if phase == "passengers":
        legal = ["stay", "leave"]
    elif phase == "lone-captain":
        legal = ["take", "roll"]
    elif phase == "spyglass":
        legal = ["play spyglass", "pass"]
    elif phase == "reroll-choice":
        legal = [f"reroll {'+'.join(str(i + 1) for i in chosen)}"
                 for chosen in positions(dice)]
    elif phase == "jetpack":
        legal = ["play jetpack", "pass"]
    elif phase == "grappling-hook":
        legal = ["play grappling-hook", "pass"]
    elif phase == "power-window":
        legal = ["pass"]
        if aboard[me] and hand["ejection"]:
            legal += [f"play ejection {t}" for t in range(1, players) if aboard[t] and t != me]
        # Another captain's Alternative Route is judged on sampled hands: not here.
        if me == 0 and hand["alternative-route"]:
            legal.append("play alternative-route")
        if hand["gust-of-wind"] and "blank" in dice:
            legal.append("play gust-of-wind")
        if legal == ["pass"]:
            legal = []
    else:
        needs = hazard_counts(dice)
        legal = [format_payment(p) for p in payments(needs, hand)]
        if not equipment_covers(needs, hand):
            legal.append("crash")
    return view, legal


@settings(max_examples=90, deadline=None)
@given(seed=st.integers(0, 10**9), phase=st.sampled_from(
    ("passengers", "lone-captain", "payment", "spyglass", "reroll-choice", "jetpack",
     "grappling-hook")))
def test_every_option_is_worth_what_brute_force_finds(seed: int, phase: str) -> None:
    view, legal = small_view(random.Random(seed), phase)
    if phase == "passengers" and not view.pile_sizes[view.city]:
        return
    if not legal or (not hazard_counts(view.dice) and phase == "payment"):
        return
    expected = brute_options(view, legal)
    rec = ev.evaluate(view, legal)
    assert {o.action for o in rec.options} == set(legal)
    for option in rec.options:
        assert option.points == pytest.approx(expected[option.action], abs=1e-9), option
    best = max(expected.values())
    assert expected[rec.action] == pytest.approx(best, abs=1e-9)


@pytest.mark.parametrize("seed", range(40))
def test_who_leaves_first_empties_the_pile(seed: int) -> None:
    """One treasure a pile, four players: when the others leave, the first takes it, and
    those after him (the player too) must stay; a Jetpack then finds nothing to take."""
    view, legal = small_view(random.Random(seed), "passengers", scarce=True)
    expected = brute_options(view, legal)
    rec = ev.evaluate(view, legal)
    for option in rec.options:
        assert option.points == pytest.approx(expected[option.action], abs=1e-9), option


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), expert=st.booleans())
def test_every_power_window_option_is_worth_what_brute_force_finds(seed: int,
                                                                   expert: bool) -> None:
    """Pass, Gust of Wind, Ejection, and Alternative Route as the captain: the player's
    points and the points taken from the others; the card is played when it is worth
    KEEP_MARGIN more than passing (the others' loss counted per opponent). The advice
    plays a Gust of Wind off the airship at once; the expert keeps the margin for it too."""
    view, legal = small_view(random.Random(seed), "power-window")
    if not legal:
        return
    expected = brute_window(view, legal)
    rec = ev.evaluate(view, legal, expert=expert)
    assert {o.action for o in rec.options} == set(legal)
    for option in rec.options:
        points, harm = expected[option.action]
        assert option.points == pytest.approx(points, abs=1e-9), option
        assert option.harm == pytest.approx(harm, abs=1e-9), option
    opponents = view.players - 1
    worth = {a: p + h / opponents for a, (p, h) in expected.items()}
    # Never an Ejection at the first city of the route (the lessons teach why).
    first_city = view.city == view.route[0]
    allowed = {a: w for a, w in worth.items()
               if not (first_city and a.startswith("play ejection"))}
    top = max(allowed, key=lambda a: allowed[a])
    # Off the airship, a Gust of Wind that costs the others points is played at once.
    moment = top == "play gust-of-wind" and not view.aboard[view.me] and expected[top][1] > 0 \
        and not expert
    if worth[top] < worth["pass"] + ev.KEEP_MARGIN - 1e-9 and not moment:
        assert rec.action == "pass"
    else:
        assert worth[rec.action] == pytest.approx(worth[top], abs=1e-9)
    assert not (first_city and rec.action.startswith("play ejection"))


def test_the_expert_keeps_a_gust_of_wind_for_the_margin() -> None:
    """Off the airship, a Gust of Wind that takes a little from the others: the advice
    plays it at once (its moment, as the lessons teach), the expert keeps it unless it takes
    KEEP_MARGIN points from the average opponent."""
    found = 0
    for seed in range(400):
        view, legal = small_view(random.Random(seed), "power-window")
        if "play gust-of-wind" not in legal or view.aboard[view.me]:
            continue
        gust = ev.evaluate(view, legal).option("play gust-of-wind")
        assert gust is not None
        if not 0.05 < gust.harm / (view.players - 1) < ev.KEEP_MARGIN:
            continue
        assert ev.evaluate(view, legal).action == "play gust-of-wind"
        assert ev.evaluate(view, legal, expert=True).action == "pass"
        found += 1
    assert found >= 3


def flight_gifts(view: View) -> float:
    """What the others aboard expect, in all, once the airship flies on: the brute force's
    way, each from his own seat (his hand hidden from the viewer)."""
    aboard = {p for p in range(view.players) if view.aboard[p]}
    return sum(Brute(view, aboard, seat=p).arrive(1, view.captain, (), 0)
               for p in aboard if p != view.me)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), phase=st.sampled_from(("payment", "spyglass")))
def test_the_expert_counts_what_a_flight_gives_the_others_aboard(seed: int, phase: str) -> None:
    """A payment or a Magic Spyglass flies the others aboard on too: for the expert, what
    they can then expect counts against it per opponent (a crash leaves them nothing the
    viewer can count on); the player's own points are the advice's."""
    view, legal = small_view(random.Random(seed), phase)
    if not legal or (not hazard_counts(view.dice) and phase == "payment"):
        return
    expected = brute_options(view, legal)
    gifts = flight_gifts(view)
    rec = ev.evaluate(view, legal, expert=True)
    assert {o.action for o in rec.options} == set(legal)
    opponents = view.players - 1
    worth = {}
    for option in rec.options:
        flies = option.action not in ("crash", "pass")
        assert option.points == pytest.approx(expected[option.action], abs=1e-9), option
        assert option.harm == pytest.approx(-gifts if flies else 0.0, abs=1e-9), option
        worth[option.action] = expected[option.action] + option.harm / opponents
    assert worth[rec.action] == pytest.approx(max(worth.values()), abs=1e-9)
    # The advice ranks by the player's own points alone, and names no gift.
    advice = ev.evaluate(view, legal)
    assert all(o.harm == 0.0 for o in advice.options)
    assert expected[advice.action] == pytest.approx(max(expected.values()), abs=1e-9)


def test_a_flight_that_enriches_the_others_can_be_declined() -> None:
    """Positions where the advice pays (or plays its Spyglass) for the most points of its
    own, but the expert crashes: flying on would give the others as much or more, per
    opponent (a tie goes to the crash, which keeps the cards)."""
    found = 0
    for seed in range(600):
        for phase in ("payment", "spyglass"):
            view, legal = small_view(random.Random(seed), phase)
            if len(legal) < 2 or (not hazard_counts(view.dice) and phase == "payment"):
                continue
            advice = ev.evaluate(view, legal)
            expert = ev.evaluate(view, legal, expert=True)
            if advice.action in ("crash", "pass") or expert.action not in ("crash", "pass"):
                continue
            mine = advice.option(advice.action)
            stop = expert.option(expert.action)
            assert mine is not None and stop is not None
            assert mine.points > stop.points
            flight = expert.option(advice.action)
            assert flight is not None and flight.harm < 0
            assert ev.worth(stop, view.players - 1) >= ev.worth(flight, view.players - 1) - 1e-9
            found += 1
    assert found


def test_a_position_worked_by_hand() -> None:
    """Two players at city 6, the last city 9 next; the captain holds 1 card of a pool of
    3 (a compass, a cannon, a Turbo): fog shows, so he pays 2 times in 3."""
    view = View(me=1, players=2, captain=0, phase="passengers", city=6, route=(6, 9),
                pile_sizes={6: 3, 9: 2}, dice=("fog", "blank", "blank"),
                aboard=(True, True), hand={}, treasures=(), hand_sizes=(1, 0),
                unseen={"compass": 1, "cannon": 1, "turbo": 1})
    rec = ev.evaluate(view, ["stay", "leave"])
    stay = rec.option("stay")
    leave = rec.option("leave")
    assert stay is not None and leave is not None
    # City 9: 6×9 and 3×12, average 10; both players draw one at the end (2 in the pile).
    assert stay.points == pytest.approx(2 / 3 * 10)
    # City 6: 5×6, 3×9, 1×12 and a Spyglass (2 points): 71 / 10.
    assert leave.points == pytest.approx(7.1)
    assert rec.action == "leave"


# --- Only what the player may know ----------------------------------------------------------
def hide(state: State, player: int, rng: random.Random) -> State:
    """The same game with everything ``player`` cannot see changed."""
    twin = state.clone()
    rng.shuffle(twin.draw)
    for pile in twin.piles.values():
        rng.shuffle(pile)
    pool = [c for p in range(state.players) if p != player
            for c, k in state.hands[p].items() for _ in range(k)] + list(twin.draw)
    rng.shuffle(pool)
    for p in range(state.players):
        if p == player:
            continue
        size = sum(state.hands[p].values())
        twin.hands[p] = dict.fromkeys(data.HAND_CARDS, 0)
        for card in pool[:size]:
            twin.hands[p][card] += 1
        del pool[:size]
    twin.draw = pool
    return twin


def test_the_advice_depends_only_on_what_the_player_may_know() -> None:
    from tutor.practice.expert import make_player

    rng = random.Random(7)
    checked = 0
    for seed in range(6):
        state = State(Options(players=3, seed=seed))
        bots = [make_player(s, seed + p) for p, s in enumerate(("sensible", "bold", "cautious"))]
        chance = SeededChance(seed)
        while not state.is_terminal() and checked < 60 * (seed + 1):
            if state.is_chance():
                state.apply(chance.outcome(state))
                continue
            actor = state.actor
            if len(state.legal_actions()) > 1:
                twin = hide(state, actor, rng)
                assert twin.observation(actor) == state.observation(actor)
                assert advise(twin, actor) == advise(state, actor)
                checked += 1
            state.apply(bots[actor].choose(state, actor))
    assert checked > 100


# --- The coach speaks of what is at stake ------------------------------------------------------
def crash_announced(hand: list[str], treasures_first: bool = False) -> State:
    """Ann (seat 1) aboard when Bob the captain announces a crash at city 1."""
    hands = [["compass"] * 6, hand, ["cannon"] * 6, ["cannon"] * 6]
    state = State(Options(players=4), ["Bob", "Ann", "Cy", "Di"])
    chance = ScriptedChance(rolls=["pirates pirates"], hands=hands,
                            piles={1: ["spyglass"]} if treasures_first else None)
    while state.actor < 0:
        state.apply(chance.outcome(state))
    for action in ("stay", "stay", "stay"):
        state.apply(action)
    while state.phase == "power-window":
        state.apply("pass")
    state.apply("crash")
    return state


def test_after_a_crash_is_announced_the_coach_speaks_of_the_jetpack() -> None:
    state = crash_announced(["jetpack", "compass", "compass", "foghorn", "foghorn", "turbo"])
    assert state.phase == "jetpack" and state.actor == 1
    advice = advise(state, 1)
    assert advice.action == "play jetpack"
    assert "Jetpack" in advice.sentence and "city 1" in advice.sentence
    text = "\n".join([advice.sentence, *advice.details])
    assert "captain can pay" not in text and "Equipment alone" not in text


def test_the_sentence_names_the_better_choice_and_both_values() -> None:
    hands = [["compass"] * 6, ["cannon"] * 6, ["foghorn"] * 6, ["turbo"] * 6]
    state = State(Options(players=4), ["Bob", "Ann", "Cy", "Di"])
    chance = ScriptedChance(rolls=["fog blank"], hands=hands)
    while state.actor < 0:
        state.apply(chance.outcome(state))
    advice = advise(state, 1)
    assert advice.kind == ev.STAY_OR_LEAVE
    values = dict(advice.points)
    assert set(values) == {"stay", "leave"}
    assert advice.action == max(values, key=values.get)
    stay, leave = f"{values['stay']:.1f}", f"{values['leave']:.1f}"
    assert stay in advice.sentence and leave in advice.sentence
    assert advice.sentence.startswith("Stay" if advice.action == "stay" else "Leave")
    assert "%" in advice.sentence


def test_the_coach_needs_no_prompt_toolkit() -> None:
    """The tutor's lessons use ``advise``: it imports nothing of the terminal screen."""
    import subprocess
    import sys

    code = ("import sys; sys.modules['prompt_toolkit'] = None\n"
            "from tutor.engine import Options, SeededChance, State\n"
            "from tutor.practice.coach import advise\n"
            "s = State(Options(players=3, seed=1)); c = SeededChance(1)\n"
            "while s.actor < 0: s.apply(c.outcome(s))\n"
            "a = advise(s, s.actor)\n"
            "assert a.action in s.legal_actions() and a.sentence, a\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr


def test_every_kind_of_decision_gets_advice_in_every_language() -> None:
    """Whole games with every option: each decision gets a legal recommendation and a
    sentence in the reader's language; every kind of decision comes up."""
    from tutor.i18n import Translator
    from tutor.practice.expert import make_player

    kinds: set[str] = set()
    setups = [(2, "standard", True, 2), (3, "beginner", False, 0), (5, "standard", True, 0),
              (4, "standard", True, 2)] * 3
    for i, (players, variant, hook, points) in enumerate(setups):
        tr = Translator(("en", "fr", "hu")[i % 3])
        state = State(Options(players=players, variant=variant, grappling_hook=hook,
                              spyglass_points=points, seed=i))
        chance = SeededChance(i)
        bots = [make_player(("expert", "random", "bold")[p % 3], i * 10 + p)
                for p in range(players)]
        while not state.is_terminal():
            if state.is_chance():
                state.apply(chance.outcome(state))
                continue
            actor = state.actor
            if len(state.legal_actions()) > 1:
                advice = advise(state, actor, tr)
                kinds.add(advice.kind)
                assert advice.action in state.legal_actions()
                assert advice.sentence and advice.details
                if tr.language != "en":
                    assert advice.sentence != advise(state, actor).sentence
            state.apply(bots[actor].choose(state, actor))
    assert kinds >= {ev.STAY_OR_LEAVE, ev.WINDOW, ev.LONE, ev.PAY, ev.PAY_OR_CRASH,
                     ev.SPYGLASS, ev.JETPACK, ev.HOOK, ev.REROLL}


# --- Every figure says what it is --------------------------------------------------------------
def table_view(**changes) -> View:
    """Four players at the start of the route, the piles as dealt; ``changes`` on top."""
    from tutor.practice.odds import unseen_cards

    values = dict(me=1, players=4, captain=0, phase="passengers", city=1,
                  route=tuple(data.CITY_VALUES),
                  pile_sizes={c: len(data.pile_composition(c)) for c in data.CITY_VALUES},
                  dice=("fog", "blank"), aboard=(True,) * 4, hand={"compass": 1},
                  treasures=(), hand_sizes=(6, 6, 6, 6))
    values.update(changes)
    values["unseen"] = unseen_cards(data.deck_composition(), values["hand"], ())
    return View(**values)


def test_dice_without_a_hazard_leave_nothing_to_pay() -> None:
    from tutor.i18n import Translator
    from tutor.practice.coach import advise_view

    advice = advise_view(table_view(me=3, dice=("blank", "blank")), ["stay", "leave"],
                         Translator("en"))
    assert advice.sentence.startswith("Stay: about ")
    assert advice.sentence.endswith("no die shows a hazard, so there is nothing to pay.")
    text = "\n".join([advice.sentence, *advice.details])
    assert "No die shows a hazard: there is nothing to pay." in advice.details
    assert "100.0%" not in text and "can pay" not in text


def test_the_crash_figure_says_what_saves_you() -> None:
    """As the captain, fog shown, only a Turbo would pay: the points of a crash are those of
    the Jetpack's escape, of the Spyglass's flight, or nothing, and the sentence says so."""
    from tutor.i18n import Translator
    from tutor.practice.coach import advise_view

    en = Translator("en")
    legal = ["pay turbo", "crash"]
    jetpack = advise_view(table_view(me=0, phase="payment", hand={"turbo": 1, "jetpack": 1}),
                          legal, en)
    crash = dict(jetpack.points)["crash"]
    assert crash == pytest.approx(float(treasure_value(unaccounted_treasures(1, "standard",
                                                                               []), 2)))
    assert f"against {crash:.1f} if you announce a crash and escape with your Jetpack." \
        in jetpack.sentence
    spyglass = advise_view(table_view(me=0, phase="payment", hand={"turbo": 1},
                                      treasures=((1, 0),)), legal, en)
    assert spyglass.sentence.endswith("play your Magic Spyglass, whose own points are then "
                                      "lost.")
    nothing = advise_view(table_view(me=0, phase="payment", hand={"turbo": 1}), legal, en)
    assert nothing.sentence.endswith("against nothing if you announce a crash.")
    forced = advise_view(table_view(me=0, phase="payment", hand={"jetpack": 1}), ["crash"], en)
    assert forced.sentence.startswith("Announce a crash, then escape with your Jetpack: your "
                                      "hand cannot pay for these dice")
    lost = advise_view(table_view(me=0, phase="payment", hand={}), ["crash"], en)
    assert "everyone aboard gets nothing from this voyage" in lost.sentence


def test_keeping_a_spyglass_shows_its_own_points() -> None:
    """After a crash is announced: keeping the Spyglass is worth the points it scores, and
    no others (those of a second Spyglass are not counted in)."""
    from tutor.i18n import Translator
    from tutor.practice.coach import advise_view

    en = Translator("en")
    one = advise_view(table_view(phase="spyglass", treasures=((1, 0),)),
                      ["play spyglass", "pass"], en)
    two = advise_view(table_view(phase="spyglass", treasures=((1, 0), (2, 0))),
                      ["play spyglass", "pass"], en)
    assert dict(one.points)["pass"] == dict(two.points)["pass"] == 2.0
    # A second Spyglass kept can save a later crash: flying on is worth more with it.
    assert dict(two.points)["play spyglass"] > dict(one.points)["play spyglass"]
    assert one.sentence == ("Keep your Magic Spyglass: it scores 2.0 points at the end, "
                            f"against about {dict(one.points)['play spyglass']:.1f} if you play "
                            "it and fly on to city 2.")
    assert two.sentence.startswith("Play your Magic Spyglass: the airship flies on to city 2 — "
                                   "about ")
    assert two.sentence.endswith("points expected for you from the rest of the voyage, against "
                                 "the 2.0 points your Spyglass scores if you keep it.")


def test_the_reroll_sentence_gives_the_other_choices_points() -> None:
    from tutor.i18n import Translator
    from tutor.practice.coach import advise_view

    view = table_view(me=0, phase="reroll-choice", dice=("fog", "pirates"),
                      hand={"compass": 1})
    advice = advise_view(view, ["reroll 1", "reroll 2", "reroll 1+2"], Translator("en"))
    assert advice.action == "reroll 2"
    best, second = advice.points[0][1], advice.points[1][1]
    assert advice.sentence.startswith("Reroll die 2 (pirates): your hand then pays ")
    assert f"about {best:.1f} points expected for you, and no other choice gives more than " \
           f"{second:.1f}." in advice.sentence


def test_an_ejection_that_costs_you_points_says_why_it_pays() -> None:
    """In real games the coach sometimes ejects a passenger at a cost to you: the one
    ejected would have been a captain later in the voyage. The sentence says so, and why
    it still pays (what he loses counts per opponent, above the margin to keep a card)."""
    from tutor.practice.expert import make_player

    found = 0
    for seed in range(20):
        state = State(Options(players=4, seed=seed))
        chance = SeededChance(seed)
        bots = [make_player(s, seed * 10 + p)
                for p, s in enumerate(("expert", "sensible", "bold", "cautious"))]
        while not state.is_terminal() and not found:
            if state.is_chance():
                state.apply(chance.outcome(state))
                continue
            actor = state.actor
            if state.phase == "power-window" and actor == 0:
                advice = advise(state, 0)
                values = dict(advice.points)
                if advice.action.startswith("play ejection") and \
                        values[advice.action] < values["pass"] - 0.05:
                    target = state.seats[int(advice.action.split()[2])]
                    cost = values["pass"] - values[advice.action]
                    assert f", and you about {cost:.1f} (" in advice.sentence
                    assert f"because {target} would have been a captain later in this " \
                           "voyage; their loss counts for more." in advice.sentence
                    assert any(line.startswith("Why a Power card can pay even when it costs "
                                               "you points") for line in advice.details)
                    found += 1
            state.apply(bots[actor].choose(state, actor))
        if found:
            break
    assert found


def test_a_passenger_leaving_before_you_makes_you_captain_sooner() -> None:
    """City 6, fog/blank/blank, an empty hand, two seats from the captain (issue 23): with
    the passenger between you aboard, staying is worth far more than leaving; once he has
    left, you are the next captain with no card, and staying is worth almost nothing."""
    from tutor.practice.table import Table, table_view

    def stay_and_leave(aboard: int) -> dict[str, float]:
        table = Table(players=4, aboard=aboard, seat=2 if aboard == 4 else 1,
                      captain_cards=6, passenger_cards=(6,) * (aboard - 2), defaults=True)
        view = table_view(table, {}, [], ["fog", "blank", "blank"], 6, [], "standard",
                          False, data.SPYGLASS_POINTS_DEFAULT)
        return {o.action: o.points for o in ev.evaluate(view, ["stay", "leave"]).options}

    full = stay_and_leave(4)
    assert full["stay"] > full["leave"] + 1
    gone = stay_and_leave(3)
    assert gone["stay"] < 1 < gone["leave"] == pytest.approx(full["leave"])


def test_hidden_pay_chances_are_the_exact_odds() -> None:
    """The model's whole-number sum for every hand size agrees with ``odds`` exactly."""
    from tutor.practice import odds
    from tutor.practice.voyage import faces_of, hidden_pays, pool_key

    rng = random.Random(23)
    for _ in range(200):
        pool = {k: rng.randint(0, 6) for k in KINDS}
        key = pool_key(pool)
        hazards = tuple(rng.randint(0, 2) for _ in range(4))
        size = rng.randint(0, key[-1])
        exact = odds.captain_pay_odds(pool, size, faces_of(hazards)).with_turbos \
            if any(hazards) else 1
        assert hidden_pays(key, size, hazards) == pytest.approx(float(exact), abs=1e-12)
