"""The coach's judgement against brute force on small positions, and what it may know.

The brute force below restates the voyage model of ``tutor/practice/voyage.py`` in the
plainest way: every roll as a sequence of faces, every hand a hidden captain may hold as
a set of cards, every legal payment the engine lists, the best choice at each step. It
shares no code with the model but the engine's payment rules.
"""

from __future__ import annotations

import random
from functools import cache
from itertools import combinations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.engine import Options, ScriptedChance, SeededChance, State, data
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
    """The voyage model, the slow and obvious way."""

    def __init__(self, view: View, aboard: set[int]) -> None:
        self.v = view
        self.aboard = aboard
        self.cities = [view.city] + [c for c in view.route if c > view.city]

    def leave(self, k: int) -> float | None:
        city = self.cities[k]
        if not self.v.pile_sizes.get(city):
            return None
        gone = [v for c, v in self.v.treasures if c == city]
        return float(treasure_value(unaccounted_treasures(city, self.v.variant, gone),
                                    self.v.spyglass_points))

    def next_captain(self, captain: int) -> int:
        n = self.v.players
        return next(p for p in ((captain + i) % n for i in range(1, n + 1))
                    if p in self.aboard)

    def arrive(self, k: int, captain: int, hand: tuple, spy: int) -> float:
        if k == len(self.cities) - 1:
            n = self.v.players
            order = [p for p in ((captain + i) % n for i in range(n)) if p in self.aboard]
            if order.index(self.v.me) < self.v.pile_sizes[self.cities[k]]:
                return self.leave(k) or 0.0
            return 0.0
        return self.before(k, self.next_captain(captain), hand, spy)

    @cache  # noqa: B019 - one small instance per test
    def before(self, k: int, captain: int, hand: tuple, spy: int) -> float:
        count = data.dice_to_reach(self.cities[k + 1])
        value = sum(self.after(k, captain, hand, spy, faces)
                    for faces in product(data.DIE_FACES, repeat=count)) / 6 ** count
        if self.aboard == {self.v.me} and self.leave(k) is not None:
            value = max(value, self.leave(k))
        return value

    def after(self, k: int, captain: int, hand: tuple, spy: int, faces) -> float:
        cards = dict(hand)
        needs = hazard_counts(faces)
        if captain == self.v.me:
            if not needs:
                return self.arrive(k + 1, captain, hand, spy)
            options = [self.arrive(k + 1, captain, minus(hand, p), spy)
                       for p in payments(needs, cards)]
            if not equipment_covers(needs, cards):
                options.append(self.crash(k, captain, hand, spy))
            return max(options)
        pool = self.v.unseen if k == 0 else self.v.later
        p = hidden_pay(dict(pool), self.v.hand_sizes[captain], tuple(faces))
        stay = p * self.arrive(k + 1, captain, hand, spy) + (1 - p) * self.crash(
            k, captain, hand, spy)
        leave = self.leave(k)
        return stay if leave is None else max(stay, leave)

    def crash(self, k: int, captain: int, hand: tuple, spy: int) -> float:
        best = 0.0
        if spy:
            best = max(best, self.arrive(k + 1, captain, hand, spy - 1) - self.v.spyglass_points)
        if dict(hand).get("jetpack") and self.leave(k) is not None:
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
            sp = view.spyglass_points
            if action == "play spyglass":
                found[action] = bf.arrive(1, view.captain, hand, spy - 1) + (spy - 1) * sp
            else:
                jet = bf.leave(0) if dict(hand).get("jetpack") and bf.leave(0) else 0.0
                found[action] = spy * sp + jet
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


# --- Small positions --------------------------------------------------------------------------
def small_view(rng: random.Random, phase: str) -> tuple[View, list[str]]:
    """A position near the end of a short route, with small pools of unseen cards."""
    players = rng.choice((2, 3, 4))
    route = sorted(rng.sample((2, 4, 6), rng.choice((2, 3))))
    city = route[0]
    me = 0 if phase in ("lone-captain", "payment", "reroll-choice") else \
        rng.randrange(1, players)
    aboard = [True] * players
    if phase == "lone-captain":
        aboard = [p == 0 for p in range(players)]
    else:
        for p in range(1, players):
            if p != me and rng.random() < 0.3:
                aboard[p] = False
    hand = {k: rng.randint(0, 2) for k in KINDS[:5]}
    hand["jetpack"] = int(rng.random() < 0.3)
    treasures = [(1, 0)] if rng.random() < 0.3 or phase == "spyglass" else []
    if rng.random() < 0.5:
        treasures.append((route[-1], rng.choice((6, 9, 12)) if route[-1] == 6 else 4))
    dice: tuple[str, ...] = ()
    if phase != "lone-captain":
        dice = tuple(rng.choice(data.DIE_FACES) for _ in range(data.dice_to_reach(route[1])))
    piles = {c: 0 for c in data.CITY_VALUES}
    for c in route:
        piles[c] = rng.randint(1, 3) if c == route[-1] else rng.randint(1, 5)
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
    else:
        needs = hazard_counts(dice)
        legal = [format_payment(p) for p in payments(needs, hand)]
        if not equipment_covers(needs, hand):
            legal.append("crash")
    return view, legal


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**9), phase=st.sampled_from(
    ("passengers", "lone-captain", "payment", "spyglass", "reroll-choice")))
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
