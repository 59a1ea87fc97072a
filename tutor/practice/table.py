"""A situation at a real table, as ``celestia odds`` is told it: the coach's ``View`` of it,
and the assumptions behind the advice, in words.

The seats are numbered as the coach's voyage model needs them: the captain at seat 0,
then the players aboard clockwise from his left (you among them, at ``seat``), then the
players who have left the airship. Who sits where among those who have left does not
matter to the voyage: they no longer become captain.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..engine import data
from ..engine.messages import N_
from ..i18n import Translator
from .odds import unseen_cards
from .voyage import View


@dataclass(frozen=True)
class Table:
    """What the player said about the table, defaults filled in."""

    players: int
    aboard: int
    #: Your seat: 0 as the captain, else your place among those aboard from his left.
    seat: int
    captain_cards: int
    #: The cards of each other passenger aboard, clockwise from the captain's left.
    passenger_cards: tuple[int, ...]
    #: True where a number of cards was not given (the hand dealt stands for it).
    defaults: bool
    #: The points reckoned for every other player, in seat order; None: not given.
    their_points: tuple[int, ...] | None = None
    crash: bool = False
    #: Your cards, as given (``--hand``; none when left out).
    hand: tuple[str, ...] = ()
    #: The cities whose pile is empty (``--empty``).
    empty: tuple[int, ...] = ()
    #: The cities whose Magic Spyglass has been played (``--spyglasses-played``).
    spent: tuple[int, ...] = ()

    @property
    def captain(self) -> bool:
        return self.seat == 0

    def others_aboard(self) -> list[int]:
        """The seats of the other passengers aboard, in order."""
        return [p for p in range(1, self.aboard) if p != self.seat]

    def hand_sizes(self, mine: int) -> tuple[int, ...]:
        sizes = [data.hand_size(self.players)] * self.players
        sizes[0] = self.captain_cards
        for p, size in zip(self.others_aboard(), self.passenger_cards, strict=True):
            sizes[p] = size
        sizes[self.seat] = mine
        return tuple(sizes)

    def reckoned(self) -> tuple[float | None, ...] | None:
        if self.their_points is None:
            return None
        points = iter(self.their_points)
        return tuple(None if p == self.seat else float(next(points))
                     for p in range(self.players))


def table_view(table: Table, hand: Mapping[str, int], discard: Sequence[str],
               dice: Sequence[str], city: int, treasures: Sequence[tuple[int, int]],
               variant: str, grappling_hook: bool, spyglass_points: int) -> View:
    """What you know at the table, as the coach's ``View``: every pile as dealt, less the
    treasures you hold from it."""
    piles = {c: 0 if c in table.empty else len(data.pile_composition(c, variant))
             - sum(1 for t, _ in treasures if t == c) - table.spent.count(c)
             for c in data.CITY_VALUES}
    phase = "payment" if table.captain else "passengers"
    if table.crash:
        phase = "spyglass" if any(v == 0 for _, v in treasures) else "jetpack"
    elif not dice:
        phase = "lone-captain" if table.captain and table.aboard == 1 else "roll"
    deck = data.deck_composition(variant, grappling_hook)
    return View(me=table.seat, players=table.players, captain=0, phase=phase, city=city,
                route=tuple(c for c in data.CITY_VALUES if c >= city and piles[c]),
                spent=table.spent,
                pile_sizes=piles, dice=tuple(dice),
                aboard=tuple(p < table.aboard for p in range(table.players)), hand=hand,
                treasures=tuple(treasures), hand_sizes=table.hand_sizes(sum(hand.values())),
                discard=tuple(discard), variant=variant, grappling_hook=grappling_hook,
                spyglass_points=spyglass_points, points=sum(v for _, v in treasures),
                unseen=unseen_cards(deck, hand, discard), reckoned=table.reckoned())


def assumption_lines(table: Table, tr: Translator) -> list[str]:
    """The situation as the coach takes it, one fact a line, each with its option."""
    lines = [tr.gettext(N_("The situation as the coach takes it:")),
             tr.format(N_("{players} players, {aboard} of them aboard, you included "
                          "(--players, --aboard)."), players=table.players,
                       aboard=table.aboard)]
    if table.captain:
        lines.append(tr.gettext(N_("You are the captain (--captain).")))
    elif table.seat == 1:
        lines.append(tr.gettext(N_("You sit at the captain's left: you are the next captain "
                                   "(--seat 1).")))
    else:
        lines.append(tr.nformat(
            "{n} other passenger sits between the captain and you and is captain before you "
            "(--seat {seat}).",
            "{n} other passengers sit between the captain and you and are captains before you "
            "(--seat {seat}).", table.seat - 1, seat=table.seat))
    if table.crash:
        lines.append(tr.gettext(N_("The captain has announced a crash (--crash).")))
    if not table.captain:
        lines.append(tr.nformat("The captain holds {n} card (--captain-cards).",
                                "The captain holds {n} cards (--captain-cards).",
                                table.captain_cards))
    if table.passenger_cards:
        lines.append(tr.nformat(
            "Cards in the other passenger's hand: {counts} (--passenger-cards).",
            "Cards in the other passengers' hands, clockwise from the captain's left: "
            "{counts} (--passenger-cards).", len(table.passenger_cards),
            counts=tr.join([tr.number(n) for n in table.passenger_cards])))
    if table.defaults:
        size = data.hand_size(table.players)
        lines.append(tr.nformat(
            "A number of cards not given is the hand dealt for {players} players: {n} card.",
            "A number of cards not given is the hand dealt for {players} players: {n} cards.",
            size, players=table.players))
    if table.hand:
        lines.append(tr.format(N_("Your hand: {cards} (--hand)."),
                               cards=tr.cards(table.hand)))
    else:
        lines.append(tr.gettext(N_("Your hand is empty: give --hand if you hold cards.")))
    if table.empty:
        lines.append(tr.format(N_("Cities whose pile is empty, off the route (--empty): {cities}."),
                               cities=tr.join([str(c) for c in table.empty])))
    else:
        lines.append(tr.gettext(N_("No treasure pile is empty: every city is on the route "
                                   "(--empty).")))
    if table.spent:
        lines.append(tr.format(N_("Magic Spyglasses played, out of the game "
                                  "(--spyglasses-played), from the piles of these cities: "
                                  "{cities}."),
                               cities=tr.join([str(c) for c in table.spent])))
    else:
        lines.append(tr.gettext(N_("No Magic Spyglass has been played (--spyglasses-played).")))
    lines.append(tr.gettext(N_("Every other treasure pile is as dealt, less your own "
                               "treasures (--treasures) and the Spyglasses played; the others' "
                               "cards are any of those out of your sight, neither in your "
                               "hand nor in the discard pile (--discarded).")))
    lines.append(tr.gettext(N_("Later in the voyage, the other passengers stay or leave as "
                               "the sensible bot does, and each captain pays whenever his "
                               "hand can, Turbos included; his hand shrinks by the cards he "
                               "pays.")))
    if table.their_points is None:
        lines.append(tr.format(N_("The end of the game at {end} points is left out: give "
                                  "--their-points to count it."), end=data.END_SCORE))
    else:
        lines.append(tr.format(N_("Points you reckon the others hold, in seat order from the "
                                  "captain: {points} (--their-points)."),
                               points=tr.join([tr.number(n) for n in table.their_points])))
    return lines
