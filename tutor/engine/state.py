"""The game as a state machine (RULES.md §2–§6).

A ``State`` always knows who must decide now (``actor``: a seat, ``CHANCE`` or
``TERMINAL``) and what they may do (``legal_actions``); whose turn it is is the separate
``captain``. ``apply`` takes one action string, checks it against the rules, changes the
state and returns the events it caused. Chance is an actor too: dice, the deck order and
each city's pile order are outcome strings supplied by a chance source, so the list of
applied strings (``history``) is a complete game record.

Decisions the engine takes where RULES.md leaves a mechanical detail open:

- Dealing (§2.3): the deck outcome lists the cards top first; the cards are dealt in
  blocks from the top, seat 0 first (seat 0 gets the first hand-size cards, and so on);
  the rest is the draw pile, its top card the first one left.
- New voyage (§3.8): each player draws one card, starting with the new captain and going
  clockwise; a reshuffle (§3.9) happens as soon as a draw finds the draw pile empty.
- Power window (§3.3, §4): Gust of Wind is playable only when at least one die is blank;
  Ejection only when there is another passenger to target; Alternative Route rerolls at
  least one die. A player with nothing playable passes automatically, in the window and
  in the Spyglass, Jetpack and Grappling Hook rounds (so nobody learns who holds what).
- Passengers (§3.2): when the current city's pile is empty, every remaining passenger
  stays automatically (one ``must-stay`` event), also when it runs out part-way.
- Lone captain (§3.0): at a city whose pile is empty he has nothing to take and must roll
  (a safeguard: a step always starts at a city whose pile nobody has drawn from since it
  was chosen as the destination, so this does not arise in play).
- Grappling Hook (§4.6): also playable when no die showed a hazard (the airship goes on
  with nothing to pay, which counts as a payment of nothing).
- Beginner variant (§6): the five-cities end replaces the 50 points of §5.1 (reaching 50
  does not end a beginner game); it is checked only when a voyage ends.
- Payments (§3.4): ``apply`` accepts a payment only in its canonical form, the one
  ``legal_actions`` lists (Equipment in the order compass, lightning rod, foghorn,
  cannon, then Turbos), so that every game has one record.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from itertools import pairwise
from operator import itemgetter
from typing import Any, NamedTuple, NoReturn

from . import data
from .data import (
    ALTERNATIVE_ROUTE,
    ANSWERS,
    BLANK,
    CITY_VALUES,
    DICE_TO_REACH,
    EJECTION,
    GRAPPLING_HOOK,
    GUST_OF_WIND,
    HAND_CARDS,
    JETPACK,
    SPYGLASS,
    TURBO,
    Treasure,
)
from .messages import N_, ChanceError, Event, IllegalAction, OptionsError
from .options import Options
from .payment import (
    covering_problem,
    equipment_covers,
    format_payment,
    hazard_counts,
    parse_cards,
    payments,
)

CHANCE = -1
TERMINAL = -2

# Phases: what kind of decision is pending.
SETUP = "setup"
LONE = "lone-captain"
ROLL = "roll"
DECIDE = "passengers"
WINDOW = "power-window"
REROLL_CHOICE = "reroll-choice"
REROLL = "reroll"
PAY = "payment"
SPYGLASS_ROUND = "spyglass"
JETPACK_ROUND = "jetpack"
HOOK_ROUND = "grappling-hook"
SHUFFLE = "reshuffle"
OVER = "game-over"

#: The RULES.md section that governs each phase, cited by errors.
PHASE_RULE: dict[str, str] = {
    SETUP: "2",
    LONE: "3.0",
    ROLL: "3.1",
    DECIDE: "3.2",
    WINDOW: "3.3",
    REROLL_CHOICE: "4.3",
    REROLL: "3.3",
    PAY: "3.4",
    SPYGLASS_ROUND: "3.5",
    JETPACK_ROUND: "3.5",
    HOOK_ROUND: "4.6",
    SHUFFLE: "3.9",
    OVER: "5",
}

#: Phases in which who decides must stay hidden from the others: being asked reveals
#: holding a Power card, a Spyglass, a Jetpack or a Grappling Hook (§3.3, §5.4).
SECRET_PHASES = frozenset((WINDOW, SPYGLASS_ROUND, JETPACK_ROUND, HOOK_ROUND))

#: Why a game ended (``State.end_reason``) → the sentence that says so (§3.9, §5.1, §6);
#: its placeholders are filled from ``END_PARAMS``.
END_MESSAGES: dict[str, str] = {
    "points": N_("The game is over: a player holds treasures worth {points} points or more."),
    "cities": N_("The game is over: a player holds treasures from {cities} different cities."),
    "route": N_("The game is over: fewer than two cities are left on the route."),
}
END_PARAMS: dict[str, int] = {"points": data.END_SCORE, "cities": data.BEGINNER_CITIES_TO_END}

STAY = "stay"
LEAVE = "leave"
PASS = "pass"
TAKE = "take"
ROLL_ACTION = "roll"
CRASH = "crash"
PLAY = "play "
PLAY_SPYGLASS = "play spyglass"
PLAY_JETPACK = "play jetpack"
PLAY_HOOK = "play grappling-hook"
PLAY_ALTERNATIVE = "play alternative-route"
PLAY_GUST = "play gust-of-wind"
PLAY_EJECTION = "play ejection "

_DECIDE_ACTIONS = (STAY, LEAVE)
_LONE_ACTIONS = (TAKE, ROLL_ACTION)
_FACE_SET = frozenset(data.FACES)


def _subsets(n: int) -> tuple[str, ...]:
    """``reroll`` actions for n dice: every non-empty set of positions, 1-based."""
    found = []
    for mask in range(1, 1 << n):
        found.append("reroll " + "+".join(str(i + 1) for i in range(n) if mask >> i & 1))
    return tuple(found)


_REROLLS = {n: _subsets(n) for n in range(1, data.DICE_IN_BOX + 1)}

#: For each table size, each seat's clockwise order: from its left, ending with itself.
_ORDERS: dict[int, tuple[tuple[int, ...], ...]] = {
    n: tuple(tuple((s + i) % n for i in range(1, n + 1)) for s in range(n))
    for n in range(data.MIN_PLAYERS, data.MAX_PLAYERS + 1)
}

#: The same without the seat itself: the passengers' order when it is captain.
_OTHERS = {n: tuple(order[:-1] for order in orders) for n, orders in _ORDERS.items()}

# Building events is the engine's most frequent job: skip NamedTuple's keyword handling.
_new_tuple = tuple.__new__
#: A treasure's value (``Treasure.value``), as a C function for ``map``.
_VALUE = itemgetter(1)
#: A treasure's value as its word (``str(Treasure)``), for each value above 0.
_VALUE_WORDS = {t.value: str(t) for c in CITY_VALUES for v in data.VARIANTS
                for t in data.pile_composition(c, v) if t.value}


def _deck_cards(variant: str, grappling_hook: bool) -> tuple[str, ...]:
    deck = data.deck_composition(variant, grappling_hook)
    return tuple(card for card, count in deck.items() for _ in range(count))


_DECKS = {(v, h): _deck_cards(v, h) for v in data.VARIANTS for h in (False, True)}
_SORTED_DECKS = {key: sorted(cards) for key, cards in _DECKS.items()}
#: Each city's treasures as outcome words, sorted, by (city, variant).
_PILE_WORDS = {
    (c, v): sorted(str(t) for t in data.pile_composition(c, v))
    for c in CITY_VALUES for v in data.VARIANTS
}
#: Each city's treasures by their outcome words.
_TREASURE_OF = {
    c: {str(t): t for t in data.pile_composition(c, data.STANDARD)} for c in CITY_VALUES
}


class _Answers(NamedTuple):
    """The legal answers to one set of hazards (§3.4): the cards of a hand they depend on
    (the answering Equipment, then Turbos), and the answers found so far for each count
    of those cards. The same few situations come back again and again."""

    cards: tuple[str, ...]
    found: dict[tuple[int, ...], tuple[str, ...]]


#: ``_Answers`` by the hazards shown, sorted with their counts.
_ANSWERS: dict[tuple[tuple[str, int], ...], _Answers] = {}


def _answers_to(counts: dict[str, int]) -> _Answers:
    hazards = tuple(sorted(counts.items()))
    found = _ANSWERS.get(hazards)
    if found is None:
        found = _ANSWERS[hazards] = _Answers(
            (*(ANSWERS[h] for h, _ in hazards), TURBO), {})
    return found


def _payment_actions(counts: dict[str, int], hand: dict[str, int],
                     answers: _Answers | None = None) -> tuple[str, ...]:
    """The captain's legal actions facing ``counts`` (§3.4): every covering payment, fewest
    Turbos first, and ``crash`` unless his Equipment alone covers every hazard.
    ``answers``: ``_answers_to(counts)``, if known."""
    if answers is None:
        answers = _answers_to(counts)
    key = tuple(map(hand.__getitem__, answers.cards))
    found = answers.found.get(key)
    if found is None:
        found = tuple(format_payment(p) for p in payments(counts, hand))
        if not equipment_covers(counts, hand):
            found += (CRASH,)
        answers.found[key] = found
    return found


class Deed(NamedTuple):
    """A public deed that tells of a player's hand, as the whole table sees it happen.

    OpenSpiel's information states carry the public history; this is the part of it that
    bears on the hidden hands. ``kind`` is "pay" (the captain paid ``cards`` for ``dice``),
    "crash" (the captain announced a crash facing ``dice``, §3.5), "play" (a card from the
    hand: a Power card, a Jetpack or a Grappling Hook) or "spyglass" (a Magic Spyglass, a
    treasure: the hand is unchanged). ``size`` is the hand's size just before. Passing in a
    secret phase is not a deed (it is not public), and no draw is one (no face is shown).
    """

    seat: int
    kind: str
    size: int
    cards: tuple[str, ...]
    dice: tuple[str, ...]


class ChanceRequest(NamedTuple):
    """What chance must decide next.

    ``deck``: the order of the whole deck (``cards`` holds its composition); ``pile``: the
    order of ``city``'s treasure pile; ``roll``: ``count`` dice faces; ``shuffle``: the new
    order of the discard pile (``cards``) as the draw pile.
    """

    kind: str
    count: int = 0
    city: int = 0
    cards: tuple[str, ...] = ()


# The events of every step, their message ids named once (a call fewer each time).
_MSG_TREASURE = N_("{player} draws a treasure from city {city}.")
# One message per number: the engine does not translate, so it cannot ask for a plural
# form (no treasure is worth 0).
# TRANSLATORS: {value} is 1.
_MSG_WORTH_ONE = N_("You draw a treasure worth {value} point from city {city}.")
# TRANSLATORS: {value} is 2 or more.
_MSG_WORTH = N_("You draw a treasure worth {value} points from city {city}.")
_MSG_STEP = N_("{captain} is the captain; the airship is at city {city} and heads for city "
               "{dest} ({dice} dice).")
_MSG_DRAW = N_("{player} draws a card.")
_MSG_DRAW_PRIVATE = N_("You draw a card: {card}.")
_MSG_ROLL = N_("The captain rolls: {dice}.")
_MSG_STAY = N_("{player} stays aboard.")
_MSG_LEAVE = N_("{player} leaves the airship.")
_MSG_PAY = N_("{player} pays {cards}.")
_MSG_ARRIVE = N_("The airship reaches city {city}.")
_MSG_VOYAGE_END = N_("Voyage {voyage} is over.")
_MSG_VOYAGE = N_("Voyage {voyage} begins at city {city}; {captain} is the captain.")
_MSG_LONE_TAKE = N_("{player}, alone aboard, takes a treasure instead of rolling; the voyage "
                    "ends.")
_MSG_NO_HAZARD = N_("No hazard: the airship flies on without a card paid.")
_MSG_CRASH_ANNOUNCED = N_("{player} does not pay and announces a crash.")
_MSG_CRASH = N_("The airship crashes: everyone still aboard gets nothing.")

# Requests are immutable: the frequent ones are made once.
_DECK_REQUESTS = {key: ChanceRequest("deck", cards=cards) for key, cards in _DECKS.items()}
_ROLL_REQUESTS = {n: ChanceRequest("roll", count=n) for n in range(1, data.DICE_IN_BOX + 1)}
_PILE_REQUESTS = {c: ChanceRequest("pile", city=c) for c in CITY_VALUES}
#: The cities after each city (and after 0), the airship's way on from there.
_LATER = {after: tuple(c for c in CITY_VALUES if c > after) for after in (0, *CITY_VALUES)}
#: Each city's next city in CITY_VALUES (the first pile laid after it).
_NEXT_PILE = dict(pairwise(CITY_VALUES))
#: The hazard counts of each roll seen, and their answers: the dice come back again and
#: again. Never mutated (``_set_dice`` shares them).
_DICE_CACHE: dict[tuple[str, ...], tuple[dict[str, int], _Answers | None]] = {}
#: A roll checked: its faces, their hazard counts and answers (as ``_dice_counts``), and
#: the faces as one text.
_Roll = tuple[tuple[str, ...], dict[str, int], _Answers | None, str]
#: Roll outcomes already checked, written the usual way ("roll fog blank").
_ROLLS: dict[str, _Roll] = {}
#: The hazard counts of dice showing none (shared like the others, never mutated).
_NO_HAZARDS: dict[str, int] = {}
#: Payments as event parameters, by their cards as written.
_PAYMENT_CACHE: dict[str, dict[str, int]] = {}


def _dice_counts(faces: tuple[str, ...]) -> tuple[dict[str, int], _Answers | None]:
    key = faces
    found = _DICE_CACHE.get(key)
    if found is None:
        counts = hazard_counts(faces)
        found = _DICE_CACHE[key] = (counts, _answers_to(counts) if counts else None)
    return found


class State:
    """One game of Celestia, from the shuffle to the final scores."""

    def __init__(self, options: Options | None = None, seats: list[str] | None = None) -> None:
        self.options = options if options is not None else Options()
        n = self.options.players
        self.players = n
        self.seats: tuple[str, ...] = tuple(seats) if seats else tuple(
            f"P{i + 1}" for i in range(n)
        )
        if len(self.seats) != n:
            raise OptionsError(
                N_("A game of {players} players needs as many seat names, but the number "
                   "given is {count}."),
                count=len(self.seats),
                players=n,
            )
        self._order = _ORDERS[n]
        self._others = _OTHERS[n]
        self.phase = SETUP
        self.actor = CHANCE
        self.captain = self.options.first_captain
        self.last_captain = self.captain
        self.hands: list[dict[str, int]] = [dict.fromkeys(HAND_CARDS, 0) for _ in range(n)]
        self.treasures: list[list[Treasure]] = [[] for _ in range(n)]
        #: Each city's pile; the top card is the last element.
        self.piles: dict[int, list[Treasure]] = {c: [] for c in CITY_VALUES}
        #: The draw pile; the top card is the last element.
        self.draw: list[str] = []
        self.discard: list[str] = []
        #: Spyglasses played: they leave the game (§4.5).
        self.spent: list[Treasure] = []
        self.city = data.START_CITY
        self.dest = 0
        self.dice: list[str] = []
        self.aboard = [True] * n
        #: The treasure each player took on leaving in this voyage (for the Grappling Hook).
        self.left_with: list[Treasure | None] = [None] * n
        self.voyage = 0
        self.step = 0
        self.crashes = 0
        self.end_reason = ""
        self.winners: tuple[int, ...] = ()
        self.history: list[tuple[int, str]] = []
        #: The public deeds that tell of a hand (``Deed``), oldest first.
        self.deeds: list[Deed] = []
        self.chance_request: ChanceRequest | None = _DECK_REQUESTS[
            self.options.variant, self.options.grappling_hook]
        self._queue: list[int] = []
        self._qi = 0
        self._window: tuple[int, ...] = ()
        self._wi = 0
        self._passes = 0
        self._reroll_positions: tuple[int, ...] = ()
        self._pending_draws: list[int] = []
        #: Hazard counts of the dice on the table, kept with ``dice``.
        self._counts: dict[str, int] = {}
        #: Their legal answers (``_answers_to``), None without a hazard.
        self._answers: _Answers | None = None
        #: The captain's legal actions while he faces the dice (his hand cannot change);
        #: shared with ``_ANSWERS``, never mutated.
        self._pay_actions: tuple[str, ...] = ()
        self._events: list[Event] = []

    # --- Queries ------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        """Who decides now: a seat index, ``CHANCE`` or ``TERMINAL``."""
        return self.actor

    def is_chance(self) -> bool:
        return self.actor == CHANCE

    def is_terminal(self) -> bool:
        return self.actor == TERMINAL

    def route(self) -> list[int]:
        """The cities still on the route: those whose pile is not empty (§3.9)."""
        piles = self.piles
        return [c for c in CITY_VALUES if piles[c]]

    def next_city(self, after: int) -> int | None:
        """The next city on the route after ``after``, or None."""
        piles = self.piles
        later = _LATER.get(after)
        if later is None:  # not a city's value
            later = tuple(c for c in CITY_VALUES if c > after)
        for c in later:
            if piles[c]:
                return c
        return None

    def points(self, player: int) -> int:
        """Treasure points towards the end of the game; Spyglasses count 0 (§5.1)."""
        return sum(map(_VALUE, self.treasures[player]))

    def spyglasses(self, player: int) -> int:
        """How many unused Magic Spyglasses the player holds."""
        return sum(1 for t in self.treasures[player] if t.value == 0)

    def score(self, player: int) -> int:
        """Final score: treasure values plus the Spyglass bonus (§5.2)."""
        return self.points(player) + self.options.spyglass_points * self.spyglasses(player)

    def scores(self) -> list[int]:
        return [self.score(p) for p in range(self.players)]

    def cities_held(self, player: int) -> int:
        """How many different cities the player's treasures come from (§6)."""
        return len({t.city for t in self.treasures[player]})

    def passengers(self) -> list[int]:
        """Players aboard other than the captain, from the captain's left (§3.2)."""
        aboard = self.aboard
        return [p for p in self._others[self.captain] if aboard[p]]

    def legal_actions(self, player: int | None = None) -> list[str]:
        """The actions open to ``player`` (default: whoever decides now).

        Empty for everyone but the deciding player, and at chance and terminal nodes.
        """
        actor = self.actor
        if actor < 0 or (player is not None and player != actor):
            return []
        phase = self.phase
        if phase == DECIDE:
            return [STAY, LEAVE]
        if phase == WINDOW:
            return [PASS, *self._window_plays(actor)]
        if phase == PAY:
            return list(self._pay_actions)
        if phase == SPYGLASS_ROUND:
            return [PLAY_SPYGLASS, PASS]
        if phase == JETPACK_ROUND:
            return [PLAY_JETPACK, PASS]
        if phase == HOOK_ROUND:
            return [PLAY_HOOK, PASS]
        if phase == LONE:
            return [TAKE, ROLL_ACTION]
        if phase == REROLL_CHOICE:
            return list(_REROLLS[len(self.dice)])
        return []

    # --- Applying actions ---------------------------------------------------------------
    def apply(self, action: str, player: int | None = None) -> list[Event]:
        """Apply one action (or chance outcome) and return the events it caused.

        ``player``, when given, must be the deciding player. Raises ``IllegalAction``
        (citing the rule) or ``ChanceError``, leaving the state unchanged.
        """
        actor = self.actor
        if actor == TERMINAL:
            raise IllegalAction("5", N_("The game is over; no more moves can be made."),
                                action=str(action))
        if player is not None and player != actor:
            # Chance is no name: it has messages of its own, which translate it.
            if actor == CHANCE:
                msgid = N_("It is not {player}'s decision now: chance must decide.")
            elif player == CHANCE:
                msgid = N_("It is not for chance to decide now: {actor} must decide.")
            else:
                msgid = N_("It is not {player}'s decision now: {actor} must decide.")
            raise IllegalAction(
                PHASE_RULE[self.phase],
                msgid,
                action=str(action),
                player=self._name(player),
                actor=self._name(actor),
            )
        if type(action) is not str:
            raise IllegalAction(PHASE_RULE[self.phase],
                                N_("A move is written as text, such as \"stay\" or \"pass\"."),
                                action=repr(action))
        self._events = events = []
        if actor == CHANCE:
            self._apply_chance(action)
        else:
            _HANDLERS[self.phase](self, action, actor)
        self.history.append((actor, action))
        return events

    def clone(self) -> State:
        """An independent copy (the chance source is not part of the state)."""
        twin = copy.copy(self)
        twin.hands = [dict(h) for h in self.hands]
        twin.treasures = [list(t) for t in self.treasures]
        twin.piles = {c: list(p) for c, p in self.piles.items()}
        twin.draw = list(self.draw)
        twin.discard = list(self.discard)
        twin.spent = list(self.spent)
        twin.dice = list(self.dice)
        twin.aboard = list(self.aboard)
        twin.left_with = list(self.left_with)
        twin.history = list(self.history)
        twin.deeds = list(self.deeds)
        twin._queue = list(self._queue)
        twin._pending_draws = list(self._pending_draws)
        twin._counts = self._counts  # shared, never mutated (``_dice_counts``)
        twin._events = []
        return twin

    # --- Helpers ------------------------------------------------------------------------
    def _name(self, player: int) -> str:
        if player == CHANCE:
            return "chance"
        if isinstance(player, int) and 0 <= player < self.players:
            return self.seats[player]
        return str(player)

    def _from_left(self, seat: int) -> tuple[int, ...]:
        """Every seat, starting at ``seat``'s left and ending with ``seat`` (§2)."""
        return self._order[seat]

    def _emit(self, kind: str, msgid: str, params: dict[str, Any],
              to: int | None = None) -> None:
        self._events.append(_new_tuple(Event, (kind, msgid, params, to)))

    def _illegal(self, msgid: str, action: str, rule: str | None = None,
                 **params: Any) -> NoReturn:
        raise IllegalAction(rule or PHASE_RULE[self.phase], msgid, action=action, **params)

    def _unknown(self, action: str) -> NoReturn:
        """Refuse ``action``: say when its card is played, else list the choices."""
        words = action.split()
        if len(words) >= 2 and words[0] == "play" and self.phase != WINDOW:
            card = words[1]
            if card in (JETPACK, SPYGLASS) and self.phase not in (SPYGLASS_ROUND,
                                                                  JETPACK_ROUND):
                # TRANSLATORS: Same role wherever the engine refuses such a card: an error.
                self._illegal(N_("{card} may only be played after the captain announces a "
                                 "crash."), action, rule="4.2" if card == JETPACK else "4.5",
                              card=card)
            if card == GRAPPLING_HOOK and self.phase != HOOK_ROUND:
                # TRANSLATORS: Same role wherever the engine refuses such a card: an error.
                self._illegal(N_("{card} is played after the captain has paid, not in the power "
                                 "window."), action, rule="4.6", card=card)
            if card in (EJECTION, ALTERNATIVE_ROUTE, GUST_OF_WIND):
                self._illegal(N_("{card} is played in the power window, once every passenger "
                                 "has decided."), action, rule="3.3", card=card)
        self._illegal(
            N_('"{action}" is not a possible move now; the choices are: {choices}.'),
            action,
            choices=", ".join(self.legal_actions()),
        )

    def _set_dice(self, faces: tuple[str, ...]) -> None:
        self.dice = list(faces)
        self._counts, self._answers = _dice_counts(faces)

    def _take_treasure(self, player: int) -> Treasure | None:
        """``player`` draws the top treasure of the current city, if any."""
        pile = self.piles[self.city]
        if not pile:
            return None
        treasure = pile.pop()
        self.treasures[player].append(treasure)
        city = self.city
        events = self._events
        events.append(_new_tuple(Event, (
            "treasure", _MSG_TREASURE,
            {"player": self.seats[player], "city": city}, None)))
        value = treasure[1]
        if value:
            msgid = _MSG_WORTH_ONE if value == 1 else _MSG_WORTH
            events.append(_new_tuple(Event, (
                "treasure-private", msgid,
                {"treasure": _VALUE_WORDS[value], "value": value, "city": city}, player)))
        else:
            self._emit("treasure-private", N_("You draw a Magic Spyglass from city {city}."),
                       {"treasure": SPYGLASS, "value": 0, "city": city}, player)
        return treasure

    def _discard_card(self, player: int, card: str) -> None:
        """A card played from ``player``'s hand: discarded, and a public deed."""
        hand = self.hands[player]
        self.deeds.append(_new_tuple(Deed, (player, "play", sum(hand.values()), (card,),
                                            tuple(self.dice))))
        hand[card] -= 1
        self.discard.append(card)

    # --- Chance -------------------------------------------------------------------------
    def _apply_chance(self, action: str) -> None:
        request = self.chance_request
        assert request is not None  # the actor is CHANCE only with a pending request
        kind = request.kind
        if kind == "roll":
            # Rolls are most of chance's outcomes and the same few come back: a roll
            # already checked is not split and checked again.
            roll = _ROLLS.get(action)
            if roll is None or len(roll[0]) != request.count:
                roll = self._check_roll(action, request)
            if self.phase == ROLL:
                self._rolled(roll)
            else:
                self._rerolled(roll[0])
            return
        words = action.split()
        if not words or words[0] != kind:
            self._wrong_kind(kind, action)
        if kind == "deck":
            cards = words[1:]
            if sorted(cards) != _SORTED_DECKS[self.options.variant, self.options.grappling_hook]:
                raise ChanceError(
                    # TRANSLATORS: {deck_size} is the whole deck, 2 or more.
                    N_("The deck order must hold exactly the {deck_size} cards of this game's "
                       "deck."),
                    deck_size=len(request.cards),
                )
            self._deal(cards)
        elif kind == "pile":
            self._lay_pile(words, request.city)
        else:
            cards = words[1:]
            if sorted(cards) != sorted(self.discard):
                raise ChanceError(
                    N_("A reshuffle must order exactly the cards of the discard pile: {cards}."),
                    cards=" ".join(sorted(self.discard)),
                )
            self.draw = cards[::-1]
            self.discard = []
            self._emit("reshuffle", N_("The draw pile is empty: the discard pile is shuffled "
                                       "to form a new draw pile."), {"count": len(cards)})
            self._continue_draws()

    def _wrong_kind(self, kind: str, action: str) -> NoReturn:
        raise ChanceError(
            N_('Chance must decide "{kind}" now, not "{outcome}".'),
            kind=kind,
            outcome=action,
        )

    def _check_roll(self, action: str, request: ChanceRequest) -> _Roll:
        """Roll outcome ``action`` checked against ``request``. A roll written the usual
        way is remembered in ``_ROLLS``."""
        words = action.split()
        if not words or words[0] != "roll":
            self._wrong_kind("roll", action)
        faces = tuple(words[1:])
        if len(faces) != request.count or not _FACE_SET.issuperset(faces):
            if request.count == 1:
                # TRANSLATORS: {count} is 1.
                msgid = N_('"{outcome}" is not a roll of {count} die; the die shows one '
                           "of: {faces}.")
            else:
                # TRANSLATORS: {count} is 2 or more.
                msgid = N_('"{outcome}" is not a roll of {count} dice; each die shows one '
                           "of: {faces}.")
            raise ChanceError(
                msgid,
                outcome=action,
                count=request.count,
                faces=", ".join(data.FACES),
            )
        text = " ".join(faces)
        roll = (faces, *_dice_counts(faces), text)
        if action == "roll " + text:  # odd spacing is accepted, not remembered
            _ROLLS[action] = roll
        return roll

    def _deal(self, cards: list[str]) -> None:
        """Deal in blocks from the top of the deck, seat 0 first (§2.3)."""
        size = data.hand_size(self.players)
        for p in range(self.players):
            hand = self.hands[p]
            for card in cards[p * size:(p + 1) * size]:
                hand[card] += 1
        self.draw = cards[self.players * size:][::-1]
        # TRANSLATORS: {hand_size} is 2 or more.
        self._emit("deal", N_("Each player is dealt {hand_size} cards."), {"hand_size": size})
        self.chance_request = _PILE_REQUESTS[CITY_VALUES[0]]

    def _lay_pile(self, words: list[str], city: int) -> None:
        if len(words) < 2 or words[1] != str(city):
            raise ChanceError(N_("Chance must order the pile of city {city} now."), city=city)
        expected = _PILE_WORDS[city, self.options.variant]
        del words[:2]
        if sorted(words) != expected:
            raise ChanceError(
                # TRANSLATORS: {pile_size} is 2 or more.
                N_("The pile of city {city} must hold exactly its {pile_size} treasures: "
                   "{cards}."),
                city=city,
                pile_size=len(expected),
                cards=" ".join(expected),
            )
        treasure_of = _TREASURE_OF[city]
        self.piles[city] = [treasure_of[w] for w in reversed(words)]
        later = _NEXT_PILE.get(city)
        if later is not None:
            self.chance_request = _PILE_REQUESTS[later]
        else:
            self._begin_voyage()

    # --- Voyages and steps --------------------------------------------------------------
    def _begin_voyage(self) -> None:
        """Pawns aboard at the first city of the route, then the draws (§3.8, §3.9)."""
        route = self.route()
        if len(route) < 2:
            self._finish("route")
            return
        self.voyage += 1
        self.step = 0
        self.city = route[0]
        self.aboard = [True] * self.players
        self.left_with = [None] * self.players
        self._events.append(_new_tuple(Event, ("voyage", _MSG_VOYAGE, {
            "voyage": self.voyage, "city": self.city, "captain": self.seats[self.captain]},
            None)))
        if self.voyage > 1:
            self._pending_draws = list(self._order[self.captain - 1])
            self._continue_draws(route[1])
        else:
            self._begin_step(route[1])

    def _continue_draws(self, dest: int | None = None) -> None:
        """Each player draws one card at a new voyage (§3.8), reshuffling if needed (§3.9);
        then the first step, to ``dest`` (default: the next city on the route)."""
        pending = self._pending_draws
        draw = self.draw
        events = self._events
        hands = self.hands
        seats = self.seats
        while pending:
            if not draw:
                if self.discard:
                    self.phase = SHUFFLE
                    self.actor = CHANCE
                    self.chance_request = ChanceRequest(
                        "shuffle", count=len(self.discard), cards=tuple(sorted(self.discard))
                    )
                    return
                self._emit("no-cards", N_("The draw pile and the discard pile are both "
                                          "empty: nobody else draws a card."), {})
                pending.clear()
                break
            p = pending.pop(0)
            card = draw.pop()
            hands[p][card] += 1
            events.append(_new_tuple(Event, ("draw", _MSG_DRAW, {"player": seats[p]}, None)))
            events.append(_new_tuple(Event, ("draw-private", _MSG_DRAW_PRIVATE,
                                              {"card": card}, p)))
        self._begin_step(dest)

    def _begin_step(self, dest: int | None = None) -> None:
        """A step from the current city to ``dest`` (default: the next on the route)."""
        self.step += 1
        if dest is None:
            dest = self.next_city(self.city)
        assert dest is not None  # a voyage ends on arriving at the last city of the route
        self.dest = dest
        self.dice = []
        self._counts = _NO_HAZARDS
        self._answers = None
        count = DICE_TO_REACH[dest]
        self._events.append(_new_tuple(Event, ("step", _MSG_STEP, {
            "captain": self.seats[self.captain], "city": self.city, "dest": dest,
            "dice": count}, None)))
        if self.piles[self.city] and self.aboard.count(True) == 1:
            self.phase = LONE
            self.actor = self.captain
            self.chance_request = None
            return
        self.phase = ROLL
        self.actor = CHANCE
        self.chance_request = _ROLL_REQUESTS[count]

    def _ask_roll(self, count: int, phase: str) -> None:
        self.phase = phase
        self.actor = CHANCE
        self.chance_request = _ROLL_REQUESTS[count]

    def _rolled(self, roll: _Roll) -> None:
        faces, self._counts, self._answers, text = roll
        self.dice = list(faces)
        self.chance_request = None
        self._events.append(_new_tuple(Event, (
            "roll", _MSG_ROLL, {"dice": text, "faces": faces}, None)))
        self._queue = self.passengers()
        self._qi = 0
        self._next_passenger()

    def _next_passenger(self) -> None:
        if self._qi < len(self._queue):
            if self.piles[self.city]:
                self.phase = DECIDE
                self.actor = self._queue[self._qi]
                return
            self._emit("must-stay", N_("The pile of city {city} is empty, so nobody can "
                                       "leave here: the passengers stay aboard."),
                       {"city": self.city})
        self._open_window()

    def _open_window(self) -> None:
        self._window = self._order[self.captain]
        self._wi = 0
        self._passes = 0
        self._advance_window()

    def _lone(self, action: str, actor: int) -> None:
        if action == TAKE:
            self._emit("lone-take", _MSG_LONE_TAKE, {"player": self.seats[actor]})
            self._take_treasure(actor)
            self.aboard[actor] = False
            self._end_voyage()
        elif action == ROLL_ACTION:
            self._ask_roll(DICE_TO_REACH[self.dest], ROLL)
        else:
            self._unknown(action)

    def _decide(self, action: str, actor: int) -> None:
        if action == STAY:
            self._events.append(_new_tuple(Event, ("stay", _MSG_STAY,
                                                   {"player": self.seats[actor]}, None)))
        elif action == LEAVE:
            self.aboard[actor] = False
            self._events.append(_new_tuple(Event, (
                "leave", _MSG_LEAVE, {"player": self.seats[actor]}, None)))
            self.left_with[actor] = self._take_treasure(actor)
        else:
            self._unknown(action)
        self._qi += 1
        self._next_passenger()

    # --- The power window (§3.3, §4) ----------------------------------------------------
    def _window_plays(self, p: int) -> list[str]:
        hand = self.hands[p]
        if not (hand[EJECTION] or hand[ALTERNATIVE_ROUTE] or hand[GUST_OF_WIND]):
            return []
        plays: list[str] = []
        if self.aboard[p]:
            if hand[EJECTION]:
                plays.extend([PLAY_EJECTION + str(t) for t in self._eject_targets(p)])
            if hand[ALTERNATIVE_ROUTE]:
                plays.append(PLAY_ALTERNATIVE)
        if hand[GUST_OF_WIND] and BLANK in self.dice:
            plays.append(PLAY_GUST)
        return plays

    def _eject_targets(self, p: int) -> list[int]:
        """Who ``p`` may eject: passengers aboard, never the captain nor ``p`` (§4.1)."""
        return [t for t in self.passengers() if t != p]

    def _advance_window(self) -> None:
        """Ask the next player who has a card to play; the others pass without a word.

        The window closes when every player has passed in a row (§3.3).
        """
        n = self.players
        self.phase = WINDOW
        self.chance_request = None
        window = self._window
        hands = self.hands
        passes = self._passes
        wi = self._wi
        while passes < n:
            p = window[wi]
            hand = hands[p]
            if (hand[EJECTION] or hand[ALTERNATIVE_ROUTE] or hand[GUST_OF_WIND]) and \
                    self._window_plays(p):
                self._passes = passes
                self._wi = wi
                self.actor = p
                return
            passes += 1
            wi = (wi + 1) % n
        self._passes = passes
        self._wi = wi
        self._face_dice()

    def _window_action(self, action: str, actor: int) -> None:
        if action == PASS:
            self._passes += 1
            self._wi = (self._wi + 1) % self.players
            self._advance_window()
            return
        if action not in self._window_plays(actor):
            self._explain_window(action, actor)
        words = action.split()
        card = words[1]
        self._discard_card(actor, card)
        self._passes = 0
        self._wi = (self._wi + 1) % self.players
        name = self.seats[actor]
        if card == EJECTION:
            target = int(words[2])
            self._emit("ejection", N_("{player} plays {card}: {target} must leave the "
                                      "airship."),
                       {"player": name, "card": EJECTION, "target": self.seats[target]})
            self.aboard[target] = False
            self.left_with[target] = self._take_treasure(target)
            self._advance_window()
        elif card == ALTERNATIVE_ROUTE:
            self._emit("alternative-route", N_("{player} plays {card}: the captain chooses "
                                               "dice to reroll."),
                       {"player": name, "card": ALTERNATIVE_ROUTE})
            self.phase = REROLL_CHOICE
            self.actor = self.captain
        else:
            positions = tuple(i for i, f in enumerate(self.dice) if f == BLANK)
            self._emit("gust-of-wind", N_("{player} plays {card}: the captain rerolls every "
                                          "blank die."),
                       {"player": name, "card": GUST_OF_WIND})
            self._reroll_positions = positions
            self._ask_roll(len(positions), REROLL)

    def _explain_window(self, action: str, actor: int) -> NoReturn:
        """Raise the error that says why a power-window action is not allowed."""
        words = action.split()
        if len(words) < 2 or words[0] != "play":
            self._unknown(action)
        card = words[1]
        if card == JETPACK:
            self._illegal(N_("{card} may only be played after the captain announces a crash."),
                          action, rule="4.2", card=card)
        if card == SPYGLASS:
            self._illegal(N_("{card} may only be played after the captain announces a crash."),
                          action, rule="4.5", card=card)
        if card == GRAPPLING_HOOK:
            self._illegal(N_("{card} is played after the captain has paid, not in the power "
                             "window."), action, rule="4.6", card=card)
        if card not in (EJECTION, ALTERNATIVE_ROUTE, GUST_OF_WIND):
            self._unknown(action)
        if not self.hands[actor][card]:
            self._illegal(N_("{player} holds no card of this kind: {card}."), action, rule="4",
                          player=self.seats[actor], card=card)
        if card == GUST_OF_WIND:
            if len(words) == 2:
                self._illegal(N_("No die shows a blank face, so {card} has nothing to reroll."),
                              action, rule="4.4", card=card)
            self._unknown(action)
        if not self.aboard[actor]:
            self._illegal(N_("Only a player aboard the airship may play {card}."),
                          action, rule="4.1" if card == EJECTION else "4.3", card=card)
        if card == ALTERNATIVE_ROUTE:
            self._unknown(action)
        target = words[2] if len(words) == 3 else ""
        # Only a seat number may be compared: "²" passes isdigit() but int() refuses it.
        if not (target.isascii() and target.isdigit() and len(target) <= 2):
            target = ""
        if target and int(target) == self.captain:
            self._illegal(N_("{card} never targets the captain."), action, rule="4.1",
                          card=card)
        if target and int(target) == actor:
            self._illegal(N_("{card} forces another passenger off, never yourself."),
                          action, rule="4.1", card=card)
        targets = self._eject_targets(actor)
        if not targets:
            self._illegal(N_("There is no other passenger aboard for {card} to target."),
                          action, rule="4.1", card=card)
        self._illegal(N_("{card} needs a passenger aboard as its target; the choices are: "
                         "{choices}."), action, rule="4.1", card=card,
                      choices=", ".join(PLAY_EJECTION + str(t) for t in targets))

    def _choose_reroll(self, action: str, actor: int) -> None:
        if action not in _REROLLS[len(self.dice)]:
            self._illegal(N_('"{action}" does not name dice to reroll; write, for example, '
                             '"reroll 1+3" (dice 1 to {count}).'), action, count=len(self.dice))
        positions = tuple(int(i) - 1 for i in action[7:].split("+"))
        self._reroll_positions = positions
        # The positions are numbers: translations show them as a list in words.
        text = (N_("The captain rerolls die {positions}.") if len(positions) == 1
                else N_("The captain rerolls dice {positions}."))
        self._emit("reroll-choice", text, {"positions": tuple(p + 1 for p in positions)})
        self._ask_roll(len(positions), REROLL)

    def _rerolled(self, faces: tuple[str, ...]) -> None:
        dice = list(self.dice)
        for position, face in zip(self._reroll_positions, faces, strict=True):
            dice[position] = face
        self._set_dice(tuple(dice))
        self._emit("reroll", N_("The dice now show: {dice}."),
                   {"dice": " ".join(dice), "faces": tuple(dice)})
        self._advance_window()

    # --- The captain faces the dice (§3.4) ----------------------------------------------
    def _face_dice(self) -> None:
        counts = self._counts
        if not counts:
            self._emit("no-hazard", _MSG_NO_HAZARD, {})
            self._after_payment()
            return
        self._pay_actions = _payment_actions(counts, self.hands[self.captain], self._answers)
        self.phase = PAY
        self.actor = self.captain

    def _pay(self, action: str, actor: int) -> None:
        if action not in self._pay_actions:
            self._explain_payment(action, actor)
        hand = self.hands[actor]
        if action == CRASH:
            self._pay_actions = ()
            self.deeds.append(_new_tuple(Deed, (actor, "crash", sum(hand.values()), (),
                                                tuple(self.dice))))
            self._announce_crash()
            return
        discard = self.discard
        names = action[4:]
        cards = tuple(names.split("+"))
        self.deeds.append(_new_tuple(Deed, (actor, "pay", sum(hand.values()), cards,
                                            tuple(self.dice))))
        for card in cards:
            hand[card] -= 1
            discard.append(card)
        self._pay_actions = ()
        payment = _PAYMENT_CACHE.get(names)
        if payment is None:
            payment = _PAYMENT_CACHE[names] = parse_cards(names)
        self._events.append(_new_tuple(Event, ("pay", _MSG_PAY, {
            "player": self.seats[actor], "cards": names, "payment": dict(payment)}, None)))
        self._after_payment()

    def _explain_payment(self, action: str, actor: int) -> NoReturn:
        """Raise the error that says why this is not a legal answer to the dice (§3.4)."""
        counts = self._counts
        hand = self.hands[actor]
        if action == CRASH:
            self._illegal(N_("The captain's Equipment covers every hazard, so he must pay; "
                             "he may not let the airship crash."), action)
        if not action.startswith("pay "):
            self._unknown(action)
        pay = parse_cards(action[4:])
        problem = covering_problem(counts, pay)
        if problem is not None:
            code, detail = problem
            if code == "not-equipment":
                self._illegal(N_('"{card}" is not an Equipment card or a Turbo; only those pay '
                                 "for hazards."), action, card=detail)
            if code == "no-such-hazard":
                self._illegal(N_("No die shows the hazard that {card} answers; pay only for "
                                 "the dice rolled."), action, card=detail)
            if code == "too-many":
                self._illegal(N_("Too many cards of this kind: {card}. Each hazard die takes "
                                 "exactly one card."), action, card=detail)
            self._illegal(N_("Each hazard die takes exactly one card, so with this Equipment "
                             "the number of Turbo cards must be {turbos}."),
                          action, turbos=int(detail))
        for card, count in pay.items():
            if hand.get(card, 0) < count:
                self._illegal(N_("The captain does not hold enough cards of this kind: {card} "
                                 "(held: {held}, needed: {count})."),
                              action, held=hand.get(card, 0), card=card, count=count)
        self._illegal(N_('Write this payment in the usual order: "{expected}".'), action,
                      expected=format_payment(pay))

    # --- Crash (§3.5) -------------------------------------------------------------------
    def _aboard_in_order(self) -> list[int]:
        aboard = self.aboard
        return [p for p in self._order[self.captain] if aboard[p]]

    def _open_round(self, phase: str, players: list[int], done: Callable[[], None]) -> None:
        """Ask ``players`` once each, in order (the Spyglass, Jetpack and Grappling Hook
        rounds); with nobody to ask, go straight on to ``done``."""
        self._queue = players
        self._qi = 0
        if players:
            self.phase = phase
            self.actor = players[0]
        else:
            done()

    def _next_in_round(self, done: Callable[[], None]) -> None:
        self._qi += 1
        if self._qi < len(self._queue):
            self.actor = self._queue[self._qi]
        else:
            done()

    def _announce_crash(self) -> None:
        self._emit("crash-announced", _MSG_CRASH_ANNOUNCED,
                   {"player": self.seats[self.captain]})
        self._open_round(SPYGLASS_ROUND,
                         [p for p in self._aboard_in_order() if self.spyglasses(p)],
                         self._jetpack_round)

    def _spyglass(self, action: str, actor: int) -> None:
        if action == PLAY_SPYGLASS:
            treasures = self.treasures[actor]
            glass = next(t for t in treasures if t.value == 0)
            treasures.remove(glass)
            self.spent.append(glass)
            self.deeds.append(_new_tuple(Deed, (actor, "spyglass",
                                                sum(self.hands[actor].values()), (),
                                                tuple(self.dice))))
            self._set_dice((BLANK,) * len(self.dice))
            self._emit("spyglass", N_("{player} plays a Magic Spyglass: every die counts as "
                                      "blank and the airship flies on."),
                       {"player": self.seats[actor]})
            self._after_payment()
            return
        if action != PASS:
            self._unknown(action)
        self._next_in_round(self._jetpack_round)

    def _jetpack_round(self) -> None:
        self._open_round(JETPACK_ROUND,
                         [p for p in self._aboard_in_order() if self.hands[p][JETPACK]],
                         self._crash)

    def _jetpack(self, action: str, actor: int) -> None:
        if action == PLAY_JETPACK:
            self._discard_card(actor, JETPACK)
            self.aboard[actor] = False
            self._emit("jetpack", N_("{player} plays {card} and escapes from the airship."),
                       {"player": self.seats[actor], "card": JETPACK})
            self.left_with[actor] = self._take_treasure(actor)
        elif action != PASS:
            self._unknown(action)
        self._next_in_round(self._crash)

    def _crash(self) -> None:
        lost = [self.seats[p] for p in range(self.players) if self.aboard[p]]
        self.crashes += 1
        self._emit("crash", _MSG_CRASH, {"players": tuple(lost)})
        self.aboard = [False] * self.players
        self._end_voyage()

    # --- After the payment: Grappling Hook (§4.6), move on (§3.6), arrival (§3.7) -------
    def _after_payment(self) -> None:
        if self.options.grappling_hook:
            aboard = self.aboard
            left_with = self.left_with
            hands = self.hands
            climbers = [
                p for p in self._order[self.captain]
                if not aboard[p] and left_with[p] is not None and hands[p][GRAPPLING_HOOK]
            ]
            self._open_round(HOOK_ROUND, climbers, self._move_on)
            return
        self._move_on()

    def _hook(self, action: str, actor: int) -> None:
        if action == PLAY_HOOK:
            treasure = self.left_with[actor]
            assert treasure is not None  # only players who left with a treasure are asked
            self.treasures[actor].remove(treasure)
            self.piles[treasure.city].insert(0, treasure)
            self.left_with[actor] = None
            self.aboard[actor] = True
            self._discard_card(actor, GRAPPLING_HOOK)
            self._emit("grappling-hook", N_("{player} plays {card} and climbs back aboard, "
                                            "returning a treasure to the bottom of the pile of "
                                            "city {city}."),
                       {"player": self.seats[actor], "card": GRAPPLING_HOOK,
                        "city": treasure.city})
        elif action != PASS:
            self._unknown(action)
        self._next_in_round(self._move_on)

    def _move_on(self) -> None:
        """Fly to the destination; the captaincy passes to the left (§3.6)."""
        self.city = city = self.dest
        self._events.append(_new_tuple(Event, ("arrive", _MSG_ARRIVE, {"city": city}, None)))
        dest = self.next_city(city)
        if dest is None:
            self._last_city()
            return
        aboard = self.aboard
        for p in self._order[self.captain]:
            if aboard[p]:
                self.captain = p
                break
        self._begin_step(dest)

    def _last_city(self) -> None:
        """Each player aboard draws one treasure, the captain first (§3.7)."""
        self._emit("last-city", N_("City {city} is the last of the route: each player aboard "
                                   "draws one of its treasures while any remain."),
                   {"city": self.city})
        order = self._order[self.captain]
        for p in (order[-1], *order[:-1]):
            if self.aboard[p]:
                self._take_treasure(p)
        self.aboard = [False] * self.players
        self._end_voyage()

    def _end_voyage(self) -> None:
        """The end is checked only here, between voyages (§5.1, §6)."""
        self.last_captain = self.captain
        self.dice = []
        self._counts = _NO_HAZARDS
        self._answers = None
        self._events.append(_new_tuple(Event, (
            "voyage-end", _MSG_VOYAGE_END, {"voyage": self.voyage}, None)))
        if self.options.beginner:
            # §6: only five different cities end a beginner game, never the points.
            if any(self.cities_held(p) >= data.BEGINNER_CITIES_TO_END
                   for p in range(self.players)):
                self._finish("cities")
                return
        elif any(self.points(p) >= data.END_SCORE for p in range(self.players)):
            self._finish("points")
            return
        self.captain = (self.last_captain + 1) % self.players
        self._begin_voyage()

    def _finish(self, reason: str) -> None:
        self.phase = OVER
        self.actor = TERMINAL
        self.chance_request = None
        self.end_reason = reason
        scores = self.scores()
        best = max(scores)
        self.winners = tuple(p for p, s in enumerate(scores) if s == best)
        self._emit("game-over", END_MESSAGES[reason],
                   {"reason": reason, "scores": tuple(scores),
                    "winners": tuple(self.seats[p] for p in self.winners), **END_PARAMS})

    # --- What one player may know (§5.4) ------------------------------------------------
    def observation(self, player: int) -> dict[str, Any]:
        """Everything ``player`` may know: own hand and treasures, others' counts only.

        Never the order of the draw pile or of the treasure piles. While a Power card,
        Spyglass, Jetpack or Grappling Hook may be played, ``actor`` is None for everyone
        but the player asked, so that being asked does not reveal what one holds.
        """
        actor = self.actor
        if self.phase in SECRET_PHASES and actor != player:
            actor = None
        return {
            "player": player,
            "phase": self.phase,
            "actor": actor,
            "captain": self.captain,
            "voyage": self.voyage,
            "step": self.step,
            "city": self.city,
            "destination": self.dest,
            "route": self.route(),
            "pile_sizes": {c: len(p) for c, p in self.piles.items()},
            "dice": list(self.dice),
            "aboard": list(self.aboard),
            "hand": {c: k for c, k in self.hands[player].items() if k},
            "treasures": [(t.city, t.value) for t in self.treasures[player]],
            "hand_sizes": [sum(h.values()) for h in self.hands],
            "treasure_counts": [len(t) for t in self.treasures],
            "draw_pile_size": len(self.draw),
            "discard_pile": list(self.discard),
            "spyglasses_played": len(self.spent),
            # A played Spyglass is shown, and its back shows the city whose pile held it.
            "spyglasses_spent": [t.city for t in self.spent],
            "legal_actions": self.legal_actions(player),
            "scores": self.scores() if self.actor == TERMINAL else None,
            "winners": list(self.winners),
            # The public deeds that tell of a hand (``Deed``): immutable, shared.
            "deeds": tuple(self.deeds),
        }


_HANDLERS = {
    LONE: State._lone,
    DECIDE: State._decide,
    WINDOW: State._window_action,
    REROLL_CHOICE: State._choose_reroll,
    PAY: State._pay,
    SPYGLASS_ROUND: State._spyglass,
    JETPACK_ROUND: State._jetpack,
    HOOK_ROUND: State._hook,
}
