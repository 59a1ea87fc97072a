"""The game as a state machine (RULES.md §2–§6).

A ``State`` always knows who must decide now (``actor``: a seat, ``CHANCE`` or
``TERMINAL``) and what they may do (``legal_actions``); whose turn it is is the separate
``captain``. ``apply`` takes one action string, checks it against the rules, changes the
state and returns the events it caused. Chance is an actor too: dice, the deck order and
each city's pile order are outcome strings supplied by a chance source, so the list of
applied strings (``history``) is a complete game record.
"""

from __future__ import annotations

import copy
from typing import Any, NamedTuple, NoReturn

from . import data
from .data import (
    ALTERNATIVE_ROUTE,
    BLANK,
    CITY_VALUES,
    DICE_TO_REACH,
    EJECTION,
    GRAPPLING_HOOK,
    GUST_OF_WIND,
    HAND_CARDS,
    JETPACK,
    SPYGLASS,
    Treasure,
)
from .messages import N_, ChanceError, Event, IllegalAction
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


def _subsets(n: int) -> tuple[str, ...]:
    """``reroll`` actions for n dice: every non-empty set of positions, 1-based."""
    found = []
    for mask in range(1, 1 << n):
        found.append("reroll " + "+".join(str(i + 1) for i in range(n) if mask >> i & 1))
    return tuple(found)


_REROLLS = {n: _subsets(n) for n in range(1, data.DICE_IN_BOX + 1)}


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
            raise IllegalAction(
                "2",
                N_("{count} seat names were given for a game of {players} players."),
                count=len(self.seats),
                players=n,
            )
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
        self.chance_request: ChanceRequest | None = ChanceRequest(
            "deck", cards=self._deck_cards()
        )
        self._queue: list[int] = []
        self._qi = 0
        self._window: list[int] = []
        self._wi = 0
        self._passes = 0
        self._reroll_positions: tuple[int, ...] = ()
        self._pending_draws: list[int] = []
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
        return [c for c in CITY_VALUES if self.piles[c]]

    def next_city(self, after: int) -> int | None:
        """The next city on the route after ``after``, or None."""
        for c in CITY_VALUES:
            if c > after and self.piles[c]:
                return c
        return None

    def points(self, player: int) -> int:
        """Treasure points towards the end of the game; Spyglasses count 0 (§5.1)."""
        return sum(t.value for t in self.treasures[player])

    def spyglasses(self, player: int) -> int:
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
        """Players aboard other than the captain, from the captain's left."""
        return [p for p in self._from_left(self.captain) if self.aboard[p] and p != self.captain]

    def legal_actions(self, player: int | None = None) -> list[str]:
        """The actions open to ``player`` (default: whoever decides now).

        Empty for everyone but the deciding player, and at chance and terminal nodes.
        """
        actor = self.actor
        if actor < 0 or (player is not None and player != actor):
            return []
        phase = self.phase
        if phase == DECIDE:
            return list(_DECIDE_ACTIONS)
        if phase == WINDOW:
            return [PASS, *self._window_plays(actor)]
        if phase == PAY:
            counts = hazard_counts(self.dice)
            hand = self.hands[actor]
            found = [format_payment(p) for p in payments(counts, hand)]
            if not equipment_covers(counts, hand):
                found.append(CRASH)
            return found
        if phase == SPYGLASS_ROUND:
            return [PLAY_SPYGLASS, PASS]
        if phase == JETPACK_ROUND:
            return [PLAY_JETPACK, PASS]
        if phase == HOOK_ROUND:
            return [PLAY_HOOK, PASS]
        if phase == LONE:
            return list(_LONE_ACTIONS)
        if phase == REROLL_CHOICE:
            return list(_REROLLS[len(self.dice)])
        return []

    # --- Applying actions ---------------------------------------------------------------
    def apply(self, action: str, player: int | None = None) -> list[Event]:
        """Apply one action (or chance outcome) and return the events it caused.

        Raises ``IllegalAction`` (citing the rule) or ``ChanceError``, leaving the state
        unchanged.
        """
        actor = self.actor
        if actor == TERMINAL:
            raise IllegalAction("5", N_("The game is over; no more moves can be made."),
                                action=action)
        if player is not None and player != actor:
            raise IllegalAction(
                PHASE_RULE[self.phase],
                N_("It is not {player}'s decision now: {actor} must decide."),
                action=action,
                player=self._name(player),
                actor=self._name(actor),
            )
        self._events = events = []
        if actor == CHANCE:
            self._apply_chance(action)
        else:
            handler = _HANDLERS[self.phase]
            handler(self, action, actor)
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
        twin._queue = list(self._queue)
        twin._window = list(self._window)
        twin._pending_draws = list(self._pending_draws)
        twin._events = []
        return twin

    # --- Helpers ------------------------------------------------------------------------
    def _name(self, player: int) -> str:
        if player == CHANCE:
            return "chance"
        if 0 <= player < self.players:
            return self.seats[player]
        return str(player)

    def _from_left(self, seat: int) -> list[int]:
        """Every seat, starting at ``seat``'s left and ending with ``seat`` (§2)."""
        n = self.players
        return [(seat + i) % n for i in range(1, n + 1)]

    def _emit(self, kind: str, msgid: str, to: int | None = None, **params: Any) -> None:
        self._events.append(Event(kind, msgid, params, to))

    def _deck_cards(self) -> tuple[str, ...]:
        deck = data.deck_composition(self.options.variant, self.options.grappling_hook)
        return tuple(card for card, count in deck.items() for _ in range(count))

    def _illegal(self, msgid: str, action: str, rule: str | None = None,
                 **params: Any) -> NoReturn:
        raise IllegalAction(rule or PHASE_RULE[self.phase], msgid, action=action, **params)

    def _unknown(self, action: str) -> NoReturn:
        self._illegal(
            N_('"{action}" is not a possible move now; the choices are: {choices}.'),
            action,
            choices=", ".join(self.legal_actions()),
        )

    def _take_treasure(self, player: int) -> Treasure | None:
        """``player`` draws the top treasure of the current city, if any."""
        pile = self.piles[self.city]
        if not pile:
            return None
        treasure = pile.pop()
        self.treasures[player].append(treasure)
        self._emit("treasure", N_("{player} draws a treasure from city {city}."),
                   player=self.seats[player], city=self.city)
        self._emit("treasure-private", N_("You draw: {treasure} (city {city})."), to=player,
                   treasure=str(treasure), city=self.city)
        return treasure

    def _discard_card(self, player: int, card: str) -> None:
        self.hands[player][card] -= 1
        self.discard.append(card)

    # --- Chance -------------------------------------------------------------------------
    def _apply_chance(self, action: str) -> None:
        request = self.chance_request
        assert request is not None
        words = action.split()
        if not words or words[0] != request.kind:
            raise ChanceError(
                N_('Chance must decide "{kind}" now, not "{outcome}".'),
                kind=request.kind,
                outcome=action,
            )
        kind = request.kind
        if kind == "roll":
            faces = words[1:]
            if len(faces) != request.count or any(f not in data.FACES for f in faces):
                raise ChanceError(
                    N_('"{outcome}" is not a roll of {count} dice; each die shows one of: '
                       "{faces}."),
                    outcome=action,
                    count=request.count,
                    faces=", ".join(data.FACES),
                )
            if self.phase == ROLL:
                self._rolled(faces)
            else:
                self._rerolled(faces)
        elif kind == "deck":
            cards = words[1:]
            if sorted(cards) != sorted(request.cards):
                raise ChanceError(
                    N_("The deck order must hold exactly the {count} cards of this game's deck."),
                    count=len(request.cards),
                )
            self._deal(cards)
        elif kind == "pile":
            self._lay_pile(words)
        elif kind == "shuffle":
            cards = words[1:]
            if sorted(cards) != sorted(self.discard):
                raise ChanceError(
                    N_("A reshuffle must order exactly the {count} cards of the discard pile."),
                    count=len(self.discard),
                )
            self.draw = cards[::-1]
            self.discard = []
            self._emit("reshuffle", N_("The draw pile is empty: the discard pile is shuffled "
                                       "to form a new draw pile."),
                       count=len(cards))
            self._continue_draws()

    def _deal(self, cards: list[str]) -> None:
        size = data.hand_size(self.players)
        for p in range(self.players):
            hand = self.hands[p]
            for card in cards[p * size:(p + 1) * size]:
                hand[card] += 1
        self.draw = cards[self.players * size:][::-1]
        self._emit("deal", N_("Each player is dealt {count} cards."), count=size)
        self.chance_request = ChanceRequest("pile", city=CITY_VALUES[0])

    def _lay_pile(self, words: list[str]) -> None:
        city = self.chance_request.city if self.chance_request else 0
        if len(words) < 2 or words[1] != str(city):
            raise ChanceError(N_("Chance must order the pile of city {city} now."), city=city)
        expected = sorted(data.pile_composition(city, self.options.variant))
        try:
            pile = [Treasure(city, 0 if w == SPYGLASS else int(w)) for w in words[2:]]
        except ValueError:
            pile = []
        if sorted(pile) != expected:
            raise ChanceError(
                N_("The pile of city {city} must hold exactly its {count} treasures: {cards}."),
                city=city,
                count=len(expected),
                cards=" ".join(str(t) for t in expected),
            )
        self.piles[city] = pile[::-1]
        later = [c for c in CITY_VALUES if c > city]
        if later:
            self.chance_request = ChanceRequest("pile", city=later[0])
        else:
            self._begin_voyage()

    # --- Voyages and steps --------------------------------------------------------------
    def _begin_voyage(self) -> None:
        route = self.route()
        if len(route) < 2:
            self._finish("route")
            return
        self.voyage += 1
        self.step = 0
        self.city = route[0]
        self.aboard = [True] * self.players
        self.left_with = [None] * self.players
        self._emit("voyage", N_("Voyage {voyage} begins at city {city}; {captain} is the "
                                "captain."),
                   voyage=self.voyage, city=self.city, captain=self.seats[self.captain])
        if self.voyage > 1:
            self._pending_draws = [(self.captain + i) % self.players
                                   for i in range(self.players)]
            self._continue_draws()
        else:
            self._begin_step()

    def _continue_draws(self) -> None:
        """Each player draws one card at a new voyage (§3.8), reshuffling if needed (§3.9)."""
        while self._pending_draws:
            if not self.draw:
                if self.discard:
                    self.phase = SHUFFLE
                    self.actor = CHANCE
                    self.chance_request = ChanceRequest(
                        "shuffle", count=len(self.discard), cards=tuple(sorted(self.discard))
                    )
                    return
                self._emit("no-cards", N_("The draw pile and the discard pile are both "
                                          "empty: no card is drawn."))
                self._pending_draws = []
                break
            p = self._pending_draws.pop(0)
            card = self.draw.pop()
            self.hands[p][card] += 1
            self._emit("draw-private", N_("You draw a card: {card}."), to=p, card=card)
        self._emit("draw", N_("Each player draws one card."))
        self._begin_step()

    def _begin_step(self) -> None:
        self.step += 1
        dest = self.next_city(self.city)
        assert dest is not None  # a voyage always ends at the last city of the route
        self.dest = dest
        self.dice = []
        self._emit("step", N_("{captain} is the captain; the airship is at city {city} and "
                              "heads for city {dest} ({dice} dice)."),
                   captain=self.seats[self.captain], city=self.city, dest=dest,
                   dice=DICE_TO_REACH[dest])
        if sum(self.aboard) == 1 and self.piles[self.city]:
            self.phase = LONE
            self.actor = self.captain
            self.chance_request = None
            return
        self._ask_roll(DICE_TO_REACH[dest], ROLL)

    def _ask_roll(self, count: int, phase: str) -> None:
        self.phase = phase
        self.actor = CHANCE
        self.chance_request = ChanceRequest("roll", count=count)

    def _rolled(self, faces: list[str]) -> None:
        self.dice = faces
        self.chance_request = None
        self._emit("roll", N_("The captain rolls: {dice}."), dice=" ".join(faces),
                   faces=tuple(faces))
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
                       city=self.city)
        self._open_window()

    def _lone(self, action: str, actor: int) -> None:
        if action == TAKE:
            self._emit("lone-take", N_("{player}, alone aboard, takes a treasure instead of "
                                       "rolling; the voyage ends."),
                       player=self.seats[actor])
            self._take_treasure(actor)
            self.aboard[actor] = False
            self._end_voyage()
        elif action == ROLL_ACTION:
            self._ask_roll(DICE_TO_REACH[self.dest], ROLL)
        else:
            self._unknown(action)

    def _decide(self, action: str, actor: int) -> None:
        if action == STAY:
            self._emit("stay", N_("{player} stays aboard."), player=self.seats[actor])
        elif action == LEAVE:
            self.aboard[actor] = False
            self._emit("leave", N_("{player} leaves the airship."), player=self.seats[actor])
            self.left_with[actor] = self._take_treasure(actor)
        else:
            self._unknown(action)
        self._qi += 1
        self._next_passenger()

    # --- The power window (§3.3, §4) ----------------------------------------------------
    def _window_plays(self, p: int) -> list[str]:
        hand = self.hands[p]
        plays: list[str] = []
        if self.aboard[p]:
            if hand[EJECTION]:
                plays.extend(PLAY_EJECTION + str(t) for t in self._eject_targets(p))
            if hand[ALTERNATIVE_ROUTE]:
                plays.append(PLAY_ALTERNATIVE)
        if hand[GUST_OF_WIND] and BLANK in self.dice:
            plays.append(PLAY_GUST)
        return plays

    def _eject_targets(self, p: int) -> list[int]:
        return [t for t in self.passengers() if t != p]

    def _open_window(self) -> None:
        self.phase = WINDOW
        self._window = self._from_left(self.captain)
        self._wi = 0
        self._passes = 0
        self._advance_window()

    def _advance_window(self) -> None:
        """Ask the next player who has a card to play; others pass without a word."""
        n = self.players
        self.phase = WINDOW
        self.chance_request = None
        while self._passes < n:
            p = self._window[self._wi]
            if self._window_plays(p):
                self.actor = p
                return
            self._passes += 1
            self._wi = (self._wi + 1) % n
        self._face_dice()

    def _window_action(self, action: str, actor: int) -> None:
        if action == PASS:
            self._passes += 1
            self._wi = (self._wi + 1) % self.players
            self._advance_window()
            return
        plays = self._window_plays(actor)
        if action not in plays:
            self._explain_window(action, actor)
        card = action[len(PLAY):].split()[0]
        self._discard_card(actor, card)
        self._passes = 0
        self._wi = (self._wi + 1) % self.players
        name = self.seats[actor]
        if card == EJECTION:
            target = int(action.split()[2])
            self._emit("ejection", N_("{player} plays Ejection: {target} must leave the "
                                      "airship."), player=name, target=self.seats[target])
            self.aboard[target] = False
            self.left_with[target] = self._take_treasure(target)
            self._advance_window()
        elif card == ALTERNATIVE_ROUTE:
            self._emit("alternative-route", N_("{player} plays Alternative Route: the captain "
                                               "chooses dice to reroll."), player=name)
            self.phase = REROLL_CHOICE
            self.actor = self.captain
        else:
            positions = tuple(i for i, f in enumerate(self.dice) if f == BLANK)
            self._emit("gust-of-wind", N_("{player} plays Gust of Wind: the captain rerolls "
                                          "every blank die."), player=name)
            self._reroll_positions = positions
            self._ask_roll(len(positions), REROLL)

    def _explain_window(self, action: str, actor: int) -> NoReturn:
        """Raise the error that says why a power-window action is not allowed."""
        words = action.split()
        card = words[1] if len(words) > 1 and words[0] == "play" else ""
        if card not in (EJECTION, ALTERNATIVE_ROUTE, GUST_OF_WIND):
            if card in (JETPACK, SPYGLASS):
                self._illegal(N_("A {card} may only be played after the captain announces a "
                                 "crash."), action, rule="3.5", card=card)
            if card == GRAPPLING_HOOK:
                self._illegal(N_("The Grappling Hook is played after the captain has paid, "
                                 "not in the power window."), action, rule="4.6")
            self._unknown(action)
        if not self.hands[actor][card]:
            self._illegal(N_("{player} holds no {card} card."), action, rule="4",
                          player=self.seats[actor], card=card)
        if card == GUST_OF_WIND:
            self._illegal(N_("No die shows a blank face, so Gust of Wind has nothing to "
                             "reroll."), action, rule="4.4")
        if not self.aboard[actor]:
            self._illegal(N_("Only a player aboard the airship may play this card."),
                          action, rule="4.1" if card == EJECTION else "4.3")
        if card == EJECTION:
            target = words[2] if len(words) > 2 else ""
            if target.isdigit() and int(target) == self.captain:
                self._illegal(N_("Ejection never targets the captain."), action, rule="4.1")
            if target.isdigit() and int(target) == actor:
                self._illegal(N_("Ejection forces another passenger off, never yourself."),
                              action, rule="4.1")
            self._illegal(N_("Ejection needs a passenger aboard as its target, such as: "
                             "{choices}."), action, rule="4.1",
                          choices=", ".join(PLAY_EJECTION + str(t)
                                            for t in self._eject_targets(actor)) or "-")
        self._unknown(action)

    def _choose_reroll(self, action: str, actor: int) -> None:
        if action not in _REROLLS[len(self.dice)]:
            self._illegal(N_('"{action}" does not name dice to reroll; write, for example, '
                             '"reroll 1+3" (dice 1 to {count}).'), action, count=len(self.dice))
        positions = tuple(int(i) - 1 for i in action.split()[1].split("+"))
        self._reroll_positions = positions
        self._emit("reroll-choice", N_("The captain rerolls the dice in positions {positions}."),
                   positions=", ".join(str(p + 1) for p in positions))
        self._ask_roll(len(positions), REROLL)

    def _rerolled(self, faces: list[str]) -> None:
        for position, face in zip(self._reroll_positions, faces, strict=True):
            self.dice[position] = face
        self._emit("reroll", N_("The dice now show: {dice}."), dice=" ".join(self.dice),
                   faces=tuple(self.dice))
        self._advance_window()

    # --- The captain faces the dice (§3.4) ----------------------------------------------
    def _face_dice(self) -> None:
        if not hazard_counts(self.dice):
            self._emit("no-hazard", N_("No hazard: the airship flies on without a card paid."))
            self._after_payment()
            return
        self.phase = PAY
        self.actor = self.captain

    def _pay(self, action: str, actor: int) -> None:
        counts = hazard_counts(self.dice)
        hand = self.hands[actor]
        if action == CRASH:
            if equipment_covers(counts, hand):
                self._illegal(N_("The captain's Equipment covers every hazard, so he must pay; "
                                 "he may not let the airship crash."), action)
            self._announce_crash()
            return
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
                self._illegal(N_("Too many {card} cards: each hazard die takes exactly one "
                                 "card."), action, card=detail)
            self._illegal(N_("Each hazard die needs exactly one card: with this Equipment, the "
                             "payment must hold exactly {turbos} Turbo cards."),
                          action, turbos=int(detail))
        for card, count in pay.items():
            if hand.get(card, 0) < count:
                self._illegal(N_("The captain does not hold enough of these cards: {card} "
                                 "(held: {held}, needed: {count})."),
                              action, held=hand.get(card, 0), card=card, count=count)
        for card, count in pay.items():
            hand[card] -= count
            self.discard.extend([card] * count)
        self._emit("pay", N_("{player} pays: {cards}."), player=self.seats[actor],
                   cards=action[4:], payment=dict(pay))
        self._after_payment()

    # --- Crash (§3.5) -------------------------------------------------------------------
    def _aboard_in_order(self) -> list[int]:
        return [p for p in self._from_left(self.captain) if self.aboard[p]]

    def _announce_crash(self) -> None:
        self._emit("crash-announced", N_("{player} cannot pass: the captain announces a "
                                         "crash."), player=self.seats[self.captain])
        self._queue = [p for p in self._aboard_in_order() if self.spyglasses(p)]
        self._qi = 0
        if self._queue:
            self.phase = SPYGLASS_ROUND
            self.actor = self._queue[0]
        else:
            self._jetpack_round()

    def _spyglass(self, action: str, actor: int) -> None:
        if action == PLAY_SPYGLASS:
            treasures = self.treasures[actor]
            glass = next(t for t in treasures if t.value == 0)
            treasures.remove(glass)
            self.spent.append(glass)
            self.dice = [BLANK] * len(self.dice)
            self._emit("spyglass", N_("{player} plays a Magic Spyglass: every die counts as "
                                      "blank and the airship flies on."),
                       player=self.seats[actor])
            self._after_payment()
            return
        if action != PASS:
            self._unknown(action)
        self._qi += 1
        if self._qi < len(self._queue):
            self.actor = self._queue[self._qi]
        else:
            self._jetpack_round()

    def _jetpack_round(self) -> None:
        self._queue = [p for p in self._aboard_in_order() if self.hands[p][JETPACK]]
        self._qi = 0
        if self._queue:
            self.phase = JETPACK_ROUND
            self.actor = self._queue[0]
        else:
            self._crash()

    def _jetpack(self, action: str, actor: int) -> None:
        if action == PLAY_JETPACK:
            self._discard_card(actor, JETPACK)
            self.aboard[actor] = False
            self._emit("jetpack", N_("{player} escapes with a Jetpack."),
                       player=self.seats[actor])
            self.left_with[actor] = self._take_treasure(actor)
        elif action != PASS:
            self._unknown(action)
        self._qi += 1
        if self._qi < len(self._queue):
            self.actor = self._queue[self._qi]
        else:
            self._crash()

    def _crash(self) -> None:
        lost = [self.seats[p] for p in range(self.players) if self.aboard[p]]
        self.crashes += 1
        self._emit("crash", N_("The airship crashes: everyone still aboard gets nothing."),
                   players=tuple(lost))
        self.aboard = [False] * self.players
        self._end_voyage()

    # --- After the payment: Grappling Hook (§4.6), move on (§3.6), arrival (§3.7) -------
    def _after_payment(self) -> None:
        if self.options.grappling_hook:
            self._queue = [
                p for p in self._from_left(self.captain)
                if not self.aboard[p] and self.left_with[p] is not None
                and self.hands[p][GRAPPLING_HOOK]
            ]
            self._qi = 0
            if self._queue:
                self.phase = HOOK_ROUND
                self.actor = self._queue[0]
                return
        self._move_on()

    def _hook(self, action: str, actor: int) -> None:
        if action == PLAY_HOOK:
            treasure = self.left_with[actor]
            assert treasure is not None
            self.treasures[actor].remove(treasure)
            self.piles[treasure.city].insert(0, treasure)
            self.left_with[actor] = None
            self.aboard[actor] = True
            self._discard_card(actor, GRAPPLING_HOOK)
            self._emit("grappling-hook", N_("{player} plays the Grappling Hook and climbs back "
                                            "aboard, returning a treasure to the bottom of the "
                                            "pile of city {city}."),
                       player=self.seats[actor], city=treasure.city)
        elif action != PASS:
            self._unknown(action)
        self._qi += 1
        if self._qi < len(self._queue):
            self.actor = self._queue[self._qi]
        else:
            self._move_on()

    def _move_on(self) -> None:
        self.city = self.dest
        self._emit("arrive", N_("The airship reaches city {city}."), city=self.city)
        if self.next_city(self.city) is None:
            self._last_city()
            return
        for p in self._from_left(self.captain):
            if self.aboard[p]:
                self.captain = p
                break
        self._begin_step()

    def _last_city(self) -> None:
        self._emit("last-city", N_("City {city} is the last of the route: each player aboard "
                                   "draws one of its treasures while any remain."),
                   city=self.city)
        order = [self.captain] + [p for p in self._from_left(self.captain)
                                  if p != self.captain]
        for p in order:
            if self.aboard[p]:
                self._take_treasure(p)
        self.aboard = [False] * self.players
        self._end_voyage()

    def _end_voyage(self) -> None:
        self.last_captain = self.captain
        self.dice = []
        self._emit("voyage-end", N_("Voyage {voyage} is over."), voyage=self.voyage)
        if any(self.points(p) >= data.END_SCORE for p in range(self.players)):
            self._finish("points")
            return
        if self.options.beginner and any(
            self.cities_held(p) >= data.BEGINNER_CITIES_TO_END for p in range(self.players)
        ):
            self._finish("cities")
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
        self._emit("game-over", N_("The game is over."), reason=reason, scores=tuple(scores),
                   winners=tuple(self.seats[p] for p in self.winners))

    # --- What one player may know (§5.4) ------------------------------------------------
    def observation(self, player: int) -> dict[str, Any]:
        """Everything ``player`` may know: own hand and treasures, others' counts only."""
        return {
            "player": player,
            "phase": self.phase,
            "actor": self.actor,
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
            "legal_actions": self.legal_actions(player),
            "scores": self.scores() if self.actor == TERMINAL else None,
            "winners": list(self.winners),
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
