"""Each choice of one decision, worth so many expected points: the coach's judgement.

``evaluate(view, legal)`` takes what one player knows (a ``voyage.View``) and the actions
open to them, and returns every action with the points the player can expect from the
voyage after it (``voyage`` explains the estimate), the recommended action, and the
figures a sentence about it needs. No words here: ``coach`` says it, ``expert`` plays it.

How the choices are compared:

* **Points this voyage.** An option's points are what the player can still expect from
  this voyage, counting a Magic Spyglass kept at what it scores at the end.
* **The chance to win, near the end.** When this voyage may end the game (§5.1), every
  option also gets the chance to win it leaves the player (``endgame``), and that chance
  decides; points decide only between options that leave the same chance.
* **Power cards** are kept for a later window unless playing one now is worth at least
  ``KEEP_MARGIN`` points more. Ejection and Gust of Wind mostly change the others'
  prospects, not yours: the points they take away from the others aboard count for you
  as much as they count for the average opponent (divided by the number of opponents),
  since the player with the most points at the end wins. An Ejection can even cost you
  points of your own (the player ejected would have been a captain later in the voyage,
  and his hand may have been the better one); it is still worth playing when what it
  takes from him outweighs that.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache

from ..engine import data
from ..engine.data import ALTERNATIVE_ROUTE, BLANK, EJECTION, GRAPPLING_HOOK, GUST_OF_WIND
from ..engine.payment import parse_cards
from . import endgame as eg
from . import inference, odds
from .voyage import (
    KEY_CARDS,
    HazardKey,
    View,
    Voyage,
    captain_odds_now,
    covers,
    hand_key,
    hazard_key,
    pay_after,
    positions,
    reroll_table,
    rolls,
)

#: How many points a Power card must win now to be played rather than kept. Measured
#: against the sensible bot (400 games of 2 and of 4 players for each value): 0.5 and 1
#: did best; 2 did worse with 4 players, and never playing Ejection or Gust of Wind
#: cost about 6 points of win rate with 4 players.
KEEP_MARGIN = 1.0
#: Captains' hands drawn to judge an Alternative Route played for another captain.
AR_SAMPLES = 48
#: Chances to win that differ by less than this are the same to the coach (the end-game
#: model is no finer): points decide between them.
WIN_TIE = 0.002

# Kinds of decision (the coach has one sentence for each).
STAY_OR_LEAVE = "stay-or-leave"
LONE = "lone-captain"
PAY = "pay"
PAY_OR_CRASH = "pay-or-crash"
REROLL = "reroll"
WINDOW = "power-window"
SPYGLASS = "spyglass"
JETPACK = "jetpack"
HOOK = "grappling-hook"
NONE = "none"


@dataclass(frozen=True)
class Option:
    """One legal action and the points the player can expect after it."""

    action: str
    points: float
    #: Points the action takes away from the other players aboard, in all (Power cards).
    harm: float = 0.0
    #: The chance that the airship gets through this step after the action, when it
    #: changes with the action (a reroll, a Gust of Wind); else None.
    chance: float | None = None
    #: The chance to win the game after the action, when this voyage may end it; else None.
    win: float | None = None


@dataclass(frozen=True)
class Recommendation:
    """The coach's judgement of one decision."""

    kind: str
    #: The recommended action ("" when the player has nothing to decide).
    action: str
    #: Every legal action that was judged, the recommended one first.
    options: tuple[Option, ...] = ()
    #: Exact chance that the captain pays for the dice shown (Turbos included), when the
    #: player is a passenger; or that the player's own hand gets through, as captain.
    chance: Fraction | None = None
    #: Extra figures for the sentence (the card a Power-window option plays, …).
    facts: dict[str, object] = field(default_factory=dict)
    #: The end of the game as the coach counts it, when this voyage may end it.
    endgame: eg.Endgame | None = None

    def option(self, action: str) -> Option | None:
        return next((o for o in self.options if o.action == action), None)


#: A judge values each legal action with the Voyage a factory makes (points, or chances
#: to win): (action, value, chance) in the order of the ties' preference.
Values = list[tuple[str, float, float | None]]
Make = Callable[..., Voyage]


def evaluate(view: View, legal: Sequence[str], expert: bool = False) -> Recommendation:
    """Judge the decision ``view.me`` faces, whose legal actions are ``legal``.

    ``expert``: judge as the expert bot plays, which differs from the advice in two ways.
    The keeping margin holds for every Power card, a Gust of Wind played off the airship
    included (the advice plays that one at once). And a payment or a Magic Spyglass that
    flies the airship on also flies the others aboard on: what they can then expect counts
    against it, per opponent, as what an Ejection takes from them counts for it (``worth``).
    Against the expert of 39c6d5c (``benchmarks/expert_duel.py --commit 39c6d5c --games
    400``, four players), the expert without them scored 56.2 % and 50.7 % (seeds 0 and
    1000), with them 60.5 % and 53.8 %: 57.1 % ± 3.2 over the 800 games, +3.6 ± 3.2
    points deal by deal (on an older voyage model, the same two changes gained +2.1 ±
    3.4). On seed 2000, never tuned on: 54.2 % ± 4.8; all 1,200 games, 56.2 % ± 2.7.
    """
    if not legal:
        return Recommendation(NONE, "")
    phase = view.phase
    if phase == "power-window":
        return _window(view, legal, expert)
    judge = _JUDGES.get(phase)
    if judge is None:
        return Recommendation(NONE, legal[0], (Option(legal[0], 0.0),))
    kind, chance, facts = _KINDS[phase](view, legal)
    base = view
    if phase == "grappling-hook":
        base = _returned(view)  # the treasure given back is no longer yours
    points = judge(view, legal, lambda **kw: Voyage(base, **kw))
    end = eg.at_stake(base) if len(legal) > 1 else None
    wins = dict.fromkeys(legal, None)
    if end is not None:
        wins.update({a: v for a, v, _ in judge(view, legal,
                                                lambda **kw: Voyage(base, win=end, **kw))})
    options = [Option(a, v, chance=c, win=wins[a]) for a, v, c in points]
    if expert and phase in FLIGHTS:
        given = _gifts(view)
        options = [replace(o, harm=-given) if _flies_on(o.action) else o for o in options]
    opponents = view.players - 1
    # Chances to win closer than WIN_TIE are a tie, which points settle.
    order = sorted(range(len(options)), key=lambda i: (
        -round((options[i].win or 0.0) / WIN_TIE), -round(worth(options[i], opponents), 9),
        -(options[i].chance or 0.0), i))
    ranked = tuple(options[i] for i in order)
    if phase == "payment":
        facts["rescue"] = _rescue(view, ranked)
    return Recommendation(kind, ranked[0].action, ranked, chance, facts, end)


# --- What a flight gives the others (the expert) ---------------------------------------------
#: The decisions where the player chooses whether the airship flies on from here, taking
#: everyone aboard with it: a payment (§3.4) and a Magic Spyglass (§4.5).
FLIGHTS = ("payment", "spyglass")


def _flies_on(action: str) -> bool:
    return action != "crash" and action != "pass"


def _gifts(view: View) -> float:
    """What the others aboard can expect, in all, once the airship flies on from here.
    Should it crash instead, they get nothing the viewer can count on (their Spyglasses
    and Jetpacks are hidden)."""
    aboard = {p for p in range(view.players) if view.aboard[p]}
    return sum(Voyage(view, seat=p).arrive(1, view.captain, None, 0)
               for p in _others(view, aboard))


# --- Passengers: stay or leave (§3.2) -------------------------------------------------------
def _stay_or_leave(view: View, legal: Sequence[str], make: Make) -> Values:
    voyage = make()
    pays = float(captain_odds_now(view))
    stay = voyage.stay_value(0, view.captain, voyage.hand, voyage.spy, pays)
    leave = voyage.leave_at(0, voyage.spy)
    if leave is not None and view.grappling_hook and view.hand.get(GRAPPLING_HOOK):
        # With a Grappling Hook in hand, leaving keeps the treasure if the airship
        # crashes, and if the captain pays the player may climb back aboard, giving the
        # treasure back (§4.6): whichever is worth more then.
        aboard = voyage.arrive(1, view.captain, voyage.hand, voyage.spy)
        leave = (1.0 - pays) * leave + pays * max(leave, aboard)
    # A tie goes to leaving: a sure treasure now against an equal gamble.
    return [("leave", voyage.nothing(voyage.spy) if leave is None else leave, None),
            ("stay", stay, None)]


def _stay_facts(view: View, legal: Sequence[str]) -> tuple[str, Fraction, dict]:
    return STAY_OR_LEAVE, captain_odds_now(view), {"equipment": _equipment_chance(view)}


def _equipment_chance(view: View) -> Fraction:
    if view.me == view.captain:
        return Fraction(int(covers(hand_key(view.hand), hazard_key(view.dice))))
    return odds.captain_pay_odds(view.unseen, view.hand_sizes[view.captain],
                                 view.dice).equipment


# --- The lone captain: take a treasure or roll (§3.0) ------------------------------------
def _lone(view: View, legal: Sequence[str], make: Make) -> Values:
    voyage = make(aboard=[view.me])
    hand = voyage.hand
    assert hand is not None
    count = data.dice_to_reach(voyage.cities[1])
    roll = sum(chance * voyage.captain_value(0, view.me, hand, voyage.spy, hazards)
               for hazards, chance in rolls(count))
    take = voyage.leave_at(0, voyage.spy)
    return [("take", voyage.nothing(voyage.spy) if take is None else take, None),
            ("roll", roll, None)]


def _lone_facts(view: View, legal: Sequence[str]) -> tuple[str, Fraction, dict]:
    count = data.dice_to_reach(view.dest)
    return LONE, odds.hand_pass_odds(view.hand, count).with_turbos, {}


# --- The captain faces the dice (§3.4) ----------------------------------------------------
def _hand_after(hand: tuple[int, ...], action: str) -> tuple[int, ...]:
    paid = parse_cards(action[4:])
    return tuple(k - paid.get(card, 0) for card, k in zip(KEY_CARDS, hand, strict=True))


def _payment(view: View, legal: Sequence[str], make: Make) -> Values:
    voyage = make()
    hand = voyage.hand
    assert hand is not None
    found: Values = []
    # A crash worth as much as a payment keeps the cards, so it goes first; among payments
    # worth the same, the engine lists the fewest Turbos first.
    for action in sorted(legal, key=lambda a: a != "crash"):
        if action == "crash":
            points = voyage.crash_value(0, view.me, hand, voyage.spy)
        else:
            points = voyage.arrive(1, view.me, _hand_after(hand, action), voyage.spy)
        found.append((action, points, None))
    return found


def _payment_facts(view: View, legal: Sequence[str]) -> tuple[str, Fraction, dict]:
    return (PAY_OR_CRASH if "crash" in legal else PAY), Fraction(1), {}


def _rescue(view: View, options: Sequence[Option]) -> str:
    """What saves you after a crash you announce: "jetpack", "spyglass" or ""."""
    crash = next((o.points for o in options if o.action == "crash"), 0.0)
    if crash <= 1e-9:
        return ""
    voyage = Voyage(view)
    jetpack = voyage.leave[0] if view.hand.get(data.JETPACK) else None
    return "jetpack" if jetpack is not None and jetpack >= crash - 1e-9 else "spyglass"


# --- The captain chooses dice to reroll (§4.3) ---------------------------------------------
def _reroll(view: View, legal: Sequence[str], make: Make) -> Values:
    voyage = make()
    hand = voyage.hand
    assert hand is not None
    found: Values = []
    for action in legal:
        chosen = tuple(int(i) - 1 for i in action[7:].split("+"))
        table = reroll_table(tuple(view.dice), chosen)
        points = sum(chance * voyage.captain_value(0, view.me, hand, voyage.spy, hazards)
                     for hazards, chance in table)
        through = sum(chance for hazards, chance in table
                      if pay_after(hand, hazards) is not None)
        found.append((action, points, through))
    return found


def _no_facts(kind: str) -> Callable[[View, Sequence[str]], tuple[str, None, dict]]:
    return lambda view, legal: (kind, None, {})


# --- After a crash is announced (§3.5) and after a payment (§4.6) --------------------------
def _spyglass(view: View, legal: Sequence[str], make: Make) -> Values:
    """Points: what the voyage ahead brings if you play it, against the points the
    Spyglass scores if kept (and the Jetpack's treasure): both counted before the
    Spyglass is spent, so that keeping it shows its own points."""
    voyage = make()
    hand = voyage.hand
    assert hand is not None
    spy = voyage.spy
    play = voyage.arrive(1, view.captain, hand, spy - 1)
    jet = voyage.leave_at(0, spy) if view.hand.get(data.JETPACK) else None
    keep = voyage.nothing(spy) if jet is None else jet
    shift = view.spyglass_points if voyage.win is None else 0.0
    return [("play spyglass", play + shift, None), ("pass", keep + shift, None)]


def _spyglass_facts(view: View, legal: Sequence[str]) -> tuple[str, None, dict]:
    jet = bool(view.hand.get(data.JETPACK)) and bool(view.pile_sizes.get(view.city))
    return SPYGLASS, None, {"jetpack": jet, "points": view.spyglass_points}


def _jetpack(view: View, legal: Sequence[str], make: Make) -> Values:
    voyage = make()
    leave = voyage.leave_at(0, voyage.spy)
    crash = voyage.nothing(voyage.spy)
    # An empty pile: the Jetpack brings nothing, so it is kept (listed first for the tie).
    return [("pass", crash, None), ("play jetpack", crash if leave is None else leave, None)]


def _returned(view: View) -> View:
    """The player after climbing back aboard: the last treasure is back in its pile."""
    city, value = view.treasures[-1]
    return replace(view, treasures=view.treasures[:-1], points=view.points - value,
                   pile_sizes={**view.pile_sizes, city: view.pile_sizes.get(city, 0) + 1})


def _hook(view: View, legal: Sequence[str], make: Make) -> Values:
    """Points: the cities ahead if you climb back, against the treasure you keep."""
    aboard = {p for p in range(view.players) if view.aboard[p]} | {view.me}
    voyage = make(aboard=aboard)
    _, value = view.treasures[-1]
    play = voyage.arrive(1, view.captain, voyage.hand, voyage.spy)
    if voyage.win is None:
        keep = float(value or view.spyglass_points)
    else:
        keep = voyage.win.value(value, voyage.spy)
    return [("play grappling-hook", play, None), ("pass", keep, None)]


def _hook_facts(view: View, legal: Sequence[str]) -> tuple[str, None, dict]:
    city, value = view.treasures[-1]
    return HOOK, None, {"city": city, "value": value}


_JUDGES: dict[str, Callable[[View, Sequence[str], Make], Values]] = {
    "passengers": _stay_or_leave, "lone-captain": _lone, "payment": _payment,
    "reroll-choice": _reroll, "spyglass": _spyglass, "jetpack": _jetpack,
    "grappling-hook": _hook,
}
_KINDS: dict[str, Callable[[View, Sequence[str]], tuple[str, Fraction | None, dict]]] = {
    "passengers": _stay_facts, "lone-captain": _lone_facts, "payment": _payment_facts,
    "reroll-choice": _no_facts(REROLL), "spyglass": _spyglass_facts,
    "jetpack": _no_facts(JETPACK), "grappling-hook": _hook_facts,
}


def worth(option: Option, opponents: int) -> float:
    """What a Power-window option is worth to the player: own points, plus the points it
    takes from the others as they count against the average opponent."""
    return option.points + option.harm / max(opponents, 1)


# --- The power window (§3.3, §4) -------------------------------------------------------------
def _now_value(voyage: Voyage, view: View, hazards: HazardKey, pays: float | None) -> float:
    """The player's points once the dice show ``hazards`` (``pays``: a hidden captain's
    chance to pay for them, when the player is a passenger)."""
    if voyage.seat not in voyage.aboard:
        return 0.0
    if voyage.seat == view.captain and voyage.hand is not None:
        return voyage.captain_value(0, view.captain, voyage.hand, voyage.spy, hazards)
    if pays is None:
        if view.me == view.captain:  # another's prospects, with your own hand as captain
            pays = float(pay_after(hand_key(view.hand), hazards) is not None)
        else:
            pays = voyage.hidden_pay(0, view.captain, hazards)
    if voyage.seat == view.captain:
        return pays * voyage.arrive(1, view.captain, voyage.hand, voyage.spy)
    return voyage.stay_value(0, view.captain, voyage.hand, voyage.spy, pays)


def _others(view: View, aboard: set[int]) -> list[int]:
    return [p for p in sorted(aboard) if p != view.me]


def _window(view: View, legal: Sequence[str], expert: bool = False) -> Recommendation:
    voyage = Voyage(view)
    now = hazard_key(view.dice)
    mine = view.me == view.captain
    pays_now = None if mine or view.me not in voyage.aboard else float(captain_odds_now(view))
    base = _now_value(voyage, view, now, pays_now)
    options = [Option("pass", base)]
    others = {p: Voyage(view, seat=p) for p in _others(view, voyage.aboard)}
    others_now = {p: _now_value(v, view, now, None) for p, v in others.items()}
    for action in legal:
        words = action.split()
        if action == "pass":
            continue
        card = words[1]
        if card == GUST_OF_WIND:
            blanks = tuple(i for i, f in enumerate(view.dice) if f == BLANK)
            table = reroll_table(tuple(view.dice), blanks)
            points = sum(c * _now_value(voyage, view, h, None) for h, c in table)
            harm = sum(others_now[p] - sum(c * _now_value(v, view, h, None) for h, c in table)
                       for p, v in others.items())
            through = sum(c * _through(voyage, view, h) for h, c in table)
            options.append(Option(action, points, harm, through))
        elif card == ALTERNATIVE_ROUTE:
            points, through = _alternative_route(voyage, view)
            options.append(Option(action, points, chance=through))
        elif card == EJECTION:
            target = int(words[2])
            without = voyage.aboard - {target}
            mine_after = Voyage(view, aboard=without)
            points = _now_value(mine_after, view, now, pays_now)
            # The target leaves with the top treasure here instead of flying on.
            harm = others_now[target] - (voyage.leave[0] or 0.0)
            options.append(Option(action, points, harm))
    keep = options[0]
    opponents = view.players - 1
    order = sorted(options, key=lambda o: -worth(o, opponents))
    best = next(o for o in order if not never_now(o, view))
    if best is not keep and worth(best, opponents) < worth(keep, opponents) + KEEP_MARGIN \
            and not (_its_moment(best, view, voyage) and not expert):
        best = keep
    order = [best] + [o for o in order if o is not best]
    return Recommendation(WINDOW, best.action, tuple(order),
                          facts={"chance": _through(voyage, view, now)})


def never_now(option: Option, view: View) -> bool:
    """An Ejection at the first city of the route: the passenger forced off loses a point
    or two, and the lessons teach to keep the card for a rich step — never advised."""
    return option.action.startswith(f"play {EJECTION}") and bool(view.route) \
        and view.city == view.route[0]


def _its_moment(option: Option, view: View, voyage: Voyage) -> bool:
    """Gust of Wind once the player is off the airship, when it takes points from the
    others: the moment the lessons teach for it, played without the keeping margin (off the
    airship it costs the player nothing)."""
    return option.action.startswith(f"play {GUST_OF_WIND}") and view.me not in voyage.aboard \
        and option.harm > 0


def _through(voyage: Voyage, view: View, hazards: HazardKey) -> float:
    """The chance that the captain pays for ``hazards`` (the player's own hand if captain)."""
    if view.me == view.captain:
        assert voyage.hand is not None
        return float(pay_after(voyage.hand, hazards) is not None)
    return voyage.hidden_pay(0, view.captain, hazards)


def _alternative_route(voyage: Voyage, view: View) -> tuple[float, float]:
    """The player's points and the airship's chance once Alternative Route is played."""
    dice = tuple(view.dice)
    if view.me == view.captain:
        hand = voyage.hand
        assert hand is not None
        best = (-1.0, 0.0)
        for chosen in positions(dice):
            table = reroll_table(dice, chosen)
            points = sum(c * voyage.captain_value(0, view.me, hand, voyage.spy, h)
                         for h, c in table)
            through = sum(c for h, c in table if pay_after(hand, h) is not None)
            best = max(best, (points, through))
        return best
    # Another captain chooses the dice for his own hand, which the player cannot see:
    # judge it on captains' hands drawn from the unseen cards, each choosing his best.
    through = _hidden_reroll_chance(view)
    if view.me not in voyage.aboard:
        return 0.0, through
    return voyage.stay_value(0, view.captain, voyage.hand, voyage.spy, through), through


@lru_cache(maxsize=1 << 12)
def _best_reroll(hand: tuple[int, ...], dice: tuple[str, ...]) -> float:
    """The chance that ``hand`` pays after rerolling the dice it does best to reroll."""
    return max(sum(c for h, c in reroll_table(dice, chosen) if pay_after(hand, h) is not None)
               for chosen in positions(dice))


def _hidden_reroll_chance(view: View) -> float:
    dice = tuple(view.dice)
    if view.inferred is not None:
        # His deeds tell of his hand: each hand they allow chooses its best dice. No roll
        # of these dice asks more cards of a kind than there are dice, nor a Jetpack.
        n = len(dice)
        merged: dict[tuple[int, ...], float] = {}
        for hand, w in inference.weighted(view.inferred):
            key = (*(min(c, n) for c in hand[:-1]), 0)
            merged[key] = merged.get(key, 0.0) + w
        return sum(w * _best_reroll(hand, dice) for hand, w in merged.items())
    size = view.hand_sizes[view.captain]
    pool = [card for card, k in sorted(view.unseen.items()) for _ in range(k)]
    size = min(size, len(pool))
    # Seeded by the situation itself: the same question always gets the same answer.
    rng = random.Random(zlib.crc32(repr((view.dice, size, sorted(view.unseen.items())))
                                   .encode()))
    dice = tuple(view.dice)
    total = 0.0
    for _ in range(AR_SAMPLES):
        drawn: dict[str, int] = {}
        for card in rng.sample(pool, size):
            drawn[card] = drawn.get(card, 0) + 1
        hand = hand_key(drawn)
        total += max(sum(c for h, c in reroll_table(dice, chosen)
                         if pay_after(hand, h) is not None)
                     for chosen in positions(dice))
    return total / AR_SAMPLES
