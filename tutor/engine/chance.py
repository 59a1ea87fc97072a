"""Chance sources: who decides the dice, the deck order and the pile orders.

A chance source turns the state's ``chance_request`` into an outcome string that
``State.apply`` accepts. ``SeededChance`` draws from a seeded generator;
``ScriptedChance`` plays a fixed script (lessons, tests, worked examples) and fills what
the script leaves open either in a fixed order or from a fallback source.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from itertools import product
from typing import Protocol

from . import data
from .data import DIE_FACES, HAND_CARDS, SPYGLASS
from .generator import Generator
from .messages import N_, ChanceError
from .state import State


class ChanceSource(Protocol):
    def outcome(self, state: State) -> str:
        """The outcome string for ``state.chance_request``."""
        ...


#: Each city's treasures as outcome words, by (city, variant).
_PILES = {(c, v): tuple(str(t) for t in data.pile_composition(c, v))
          for c in data.CITY_VALUES for v in data.VARIANTS}


#: Every roll outcome of n dice, by the faces' positions in ``DIE_FACES`` read as a number
#: in base 6: made once, they are built and hashed once (the engine looks rolls up).
_ROLL_TEXTS = {n: tuple("roll " + " ".join(faces) for faces in product(DIE_FACES, repeat=n))
               for n in range(1, data.DICE_IN_BOX + 1)}


def _no_request() -> ChanceError:
    return ChanceError(N_("Chance has nothing to decide now."))


class SeededChance:
    """Uniform chance from a seeded generator: the same seed gives the same game.

    Each die face, deck order and pile order is equally likely (two faces of six are
    blank, so a die shows blank one time in three).
    """

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = Generator(seed)

    def outcome(self, state: State) -> str:
        request = state.chance_request
        if request is None:
            raise _no_request()
        random_ = self.rng.random
        kind = request.kind
        if kind == "roll":
            # Each die is one draw, the first die the first; the roll is looked up by the
            # dice as a number in base 6, first die first. The usual numbers of dice are
            # spelt out (Python evaluates the left draw first).
            count = request.count
            if count == 2:
                return _ROLL_TEXTS[2][int(random_() * 6) * 6 + int(random_() * 6)]
            if count == 3:
                return _ROLL_TEXTS[3][(int(random_() * 6) * 6 + int(random_() * 6)) * 6
                                      + int(random_() * 6)]
            index = 0
            for _ in range(count):
                index = index * 6 + int(random_() * 6)
            return _ROLL_TEXTS[count][index]
        if kind == "pile":
            pile = list(_PILES[request.city, state.options.variant])
            self.rng.shuffle(pile)
            return f"pile {request.city} " + " ".join(pile)
        cards = list(request.cards)
        self.rng.shuffle(cards)
        return kind + " " + " ".join(cards)


def _faces(roll: str | Sequence[str]) -> list[str]:
    return roll.split() if isinstance(roll, str) else list(roll)


class ScriptedChance:
    """Chance that follows a script.

    ``rolls``: each roll or reroll in order, as faces (``["fog", "blank"]`` or
    ``"fog blank"``). ``hands``: every player's starting hand (exactly the hand size).
    ``draw``: the top of the draw pile after the deal, top card first. ``piles``: for some
    cities, the top of the pile, top card first (``"spyglass"`` or a value).
    ``shuffles``: the new draw pile for each reshuffle, top card first.
    Cards the script does not place come in a fixed order, or from ``fallback`` if given;
    a roll or reshuffle the script lacks comes from ``fallback``, or is an error.
    """

    def __init__(
        self,
        rolls: Iterable[str | Sequence[str]] = (),
        *,
        hands: Sequence[Sequence[str]] | None = None,
        draw: Sequence[str] = (),
        piles: dict[int, Sequence[str | int]] | None = None,
        shuffles: Iterable[Sequence[str]] = (),
        fallback: ChanceSource | None = None,
    ) -> None:
        self.rolls = [_faces(r) for r in rolls]
        self.hands = [list(h) for h in hands] if hands is not None else None
        self.draw = list(draw)
        self.piles = {int(c): [str(t) for t in top] for c, top in (piles or {}).items()}
        self.shuffles = [list(s) for s in shuffles]
        self.fallback = fallback
        self.rolls_used = 0
        self.shuffles_used = 0

    def exhausted(self) -> bool:
        """True when every scripted roll and reshuffle has been used."""
        return self.rolls_used == len(self.rolls) and self.shuffles_used == len(self.shuffles)

    def outcome(self, state: State) -> str:
        request = state.chance_request
        if request is None:
            raise _no_request()
        if request.kind == "roll":
            if self.rolls_used < len(self.rolls):
                faces = self.rolls[self.rolls_used]
                number = self.rolls_used + 1
                if len(faces) != request.count:
                    # One message per number: the engine does not translate.
                    if request.count == 1:
                        # TRANSLATORS: {count} is 1.
                        msgid = N_("Scripted roll number {number} ({faces}) has the wrong "
                                   "number of dice: {count} die is rolled now.")
                    else:
                        # TRANSLATORS: {count} is 2 or more.
                        msgid = N_("Scripted roll number {number} ({faces}) has the wrong "
                                   "number of dice: {count} dice are rolled now.")
                    raise ChanceError(msgid, number=number, faces=" ".join(faces) or "-",
                                      count=request.count)
                wrong = [f for f in faces if f not in data.FACES]
                if wrong:
                    raise ChanceError(N_('Scripted roll number {number}: "{face}" is not a die '
                                         "face; the faces are: {faces}."),
                                      number=number, face=wrong[0],
                                      faces=", ".join(data.FACES))
                self.rolls_used = number
                return "roll " + " ".join(faces)
            # TRANSLATORS: Same role in the engine and the lessons: an error.
            return self._fall_back(state, N_("The chance script has no more dice rolls "
                                             "(roll number {number} was asked for)."),
                                   number=self.rolls_used + 1)
        if request.kind == "shuffle":
            if self.shuffles_used < len(self.shuffles):
                order = self.shuffles[self.shuffles_used]
                number = self.shuffles_used + 1
                if sorted(order) != sorted(request.cards):
                    raise ChanceError(N_("Scripted reshuffle number {number} must order exactly "
                                         "the cards of the discard pile: {cards}."),
                                      number=number, cards=" ".join(request.cards))
                self.shuffles_used = number
                return "shuffle " + " ".join(order)
            return self._fall_back(state, N_("The chance script has no more reshuffles "
                                             "(reshuffle number {number} was asked for)."),
                                   number=self.shuffles_used + 1)
        if request.kind == "deck":
            return "deck " + " ".join(self._deck(state))
        top = self.piles.get(request.city, [])
        rest = Counter(str(t) for t in data.pile_composition(request.city,
                                                              state.options.variant))
        rest.subtract(top)
        if min(rest.values(), default=0) < 0:
            raise ChanceError(N_("The script's pile for city {city} holds cards that pile "
                                 "does not have: {cards}."),
                              city=request.city, cards=" ".join(top))
        rest_cards = self._fill(rest, key=lambda t: 0 if t == SPYGLASS else int(t))
        return f"pile {request.city} " + " ".join(top + rest_cards)

    def _deck(self, state: State) -> list[str]:
        players = state.players
        size = data.hand_size(players)
        placed: list[str] = []
        if self.hands is not None:
            if len(self.hands) != players or any(len(h) != size for h in self.hands):
                # TRANSLATORS: {players} and {hand_size} are 2 or more.
                raise ChanceError(N_("The script must give {players} hands of exactly "
                                     "{hand_size} cards each."), players=players,
                                  hand_size=size)
            for hand in self.hands:
                placed.extend(hand)
        placed.extend(self.draw)
        rest = Counter(state.chance_request.cards if state.chance_request else ())
        rest.subtract(placed)
        short = sorted(card for card, k in rest.items() if k < 0)
        unknown = sorted(set(placed) - set(HAND_CARDS))
        if unknown or short:
            raise ChanceError(N_("The script places more cards than the deck holds, or cards "
                                 "it does not hold: {cards}."),
                              cards=", ".join(unknown or short))
        rest_cards = self._fill(rest, key=HAND_CARDS.index)
        if self.hands is None:
            hands_part, rest_cards = rest_cards[:size * players], rest_cards[size * players:]
            return hands_part + list(self.draw) + rest_cards
        return placed + rest_cards

    def _fill(self, rest: Counter[str], key: Callable[[str], int]) -> list[str]:
        cards = sorted(rest.elements(), key=key)
        if isinstance(self.fallback, SeededChance):
            self.fallback.rng.shuffle(cards)
        return cards

    def _fall_back(self, state: State, msgid: str, **params: int) -> str:
        if self.fallback is None:
            raise ChanceError(msgid, **params)
        return self.fallback.outcome(state)
