"""``celestia odds``: the odds coach for a situation at a real table.

Describe what you see (the dice, your hand, the discard pile, the captain's number of
cards, the city, who is aboard) and get what the practice game's coach says: the better
choice, the points each choice is worth, and the exact chances behind them.
"""

from __future__ import annotations

import argparse

from ..engine.messages import N_
from ..i18n import Translator

HELP = N_("the coach's advice for a situation at the table: stay or leave, pay or crash, "
          "with the exact odds")


def configure(parser: argparse.ArgumentParser, tr: Translator) -> None:
    from ..engine import data
    from ..inputs import argument  # numbers bounded before use, the bad value quoted short

    _ = tr.gettext
    parser.add_argument("--players", type=argument(tr, data.MIN_PLAYERS, data.MAX_PLAYERS),
                        default=4, metavar=_("N"),
                        help=tr.format(N_("players in the game, {low} to {high} (default "
                                          "{default})"), low=data.MIN_PLAYERS,
                                       high=data.MAX_PLAYERS, default=4))
    parser.add_argument("--variant", choices=("standard", "beginner"), default="standard",
                        help=_("rules variant"))
    parser.add_argument("--grappling-hook", action="store_true",
                        help=_("the Grappling Hook promotional cards are in the deck"))
    parser.add_argument("--dice", metavar=_("FACES"),
                        help=_("the dice shown, separated by commas, e.g. fog,fog,pirates"))
    # TRANSLATORS: Same role in every option: the placeholder for a list of cards in the usage.
    parser.add_argument("--hand", metavar=_("CARDS"), default="",
                        help=_("your hand, separated by commas, e.g. compass,turbo or "
                               "2xcompass,turbo"))
    parser.add_argument("--discarded", metavar=_("CARDS"), default="",
                        help=_("the cards in the discard pile, separated by commas"))
    parser.add_argument("--captain-cards", type=argument(tr, 0, 999), metavar=_("N"),
                        help=_("how many cards the captain holds (default: the hand size "
                               "dealt for this number of players)"))
    parser.add_argument("--captain", action="store_true",
                        help=_("you are the captain: the odds are those of your own hand"))
    parser.add_argument("--city", type=argument(tr, 0, 999), metavar=_("CITY"),
                        help=_("the city where the airship is (its value: 1, 2, 4, …)"))
    parser.add_argument("--treasures", metavar=_("TREASURES"), default="",
                        help=_("your treasures as city:value, separated by commas, e.g. "
                               "1:2,4:spyglass"))
    parser.add_argument("--aboard", type=argument(tr, 1, data.MAX_PLAYERS), metavar=_("N"),
                        help=_("how many players are aboard, you included (default: all)"))
    parser.add_argument("--crash", action="store_true",
                        help=_("the captain has announced a crash: what your Magic Spyglass "
                               "or your Jetpack is worth"))
    parser.add_argument("--spyglass-points", type=argument(tr, 0, data.SPYGLASS_POINTS_MAX),
                        default=data.SPYGLASS_POINTS_DEFAULT, metavar=_("N"),
                        # TRANSLATORS: Same role in every command: the help of an option.
                        help=tr.format(N_("points for each unused Magic Spyglass (default "
                                          "{points})"), points=data.SPYGLASS_POINTS_DEFAULT))


def _treasures(text: str, variant: str) -> list[tuple[int, int]]:
    from ..engine import data
    from ..glossary import by_engine, fold
    from ..practice.parse import InputError

    def treasure_error(item: str) -> InputError:
        return InputError(N_('"{item}" in --treasures is not a treasure: write city:value with '
                             "a value that city's pile holds, e.g. 4:6 or 4:spyglass."),
                          item=item)

    # A Magic Spyglass is written "spyglass", "0", or its name in any of the languages.
    spyglass = {"0", *(fold(word) for words in by_engine()[data.SPYGLASS].terms.values()
                       for word in words), data.SPYGLASS}
    found = []
    for raw in text.split(","):
        item = raw.strip()
        if not item:
            continue
        city_text, _, value_text = item.partition(":")
        try:
            city = int(city_text)
            value = 0 if fold(value_text) in spyglass else int(value_text)
        except ValueError:
            raise treasure_error(item) from None
        values = {t.value for t in data.pile_composition(city, variant)} \
            if city in data.CITY_VALUES else set()
        if value not in values:
            raise treasure_error(item)
        found.append((city, value))
    return found


def run(args: argparse.Namespace, tr: Translator) -> int:
    from ..engine import Options, data
    from ..practice.coach import advise_view, figure_lines
    from ..practice.odds import figures, unseen_cards
    from ..practice.parse import InputError, parse_names

    Options(players=args.players, variant=args.variant, grappling_hook=args.grappling_hook,
            spyglass_points=args.spyglass_points)  # checks the options, with their errors
    hand_list = parse_names(args.hand, data.HAND_CARDS, "--hand", tr)
    discard = parse_names(args.discarded, data.HAND_CARDS, "--discarded", tr)
    dice = parse_names(args.dice, data.FACES, "--dice", tr, kind="face") if args.dice else []
    if args.dice is not None and not 1 <= len(dice) <= data.DICE_IN_BOX:
        raise InputError(N_("--dice names from 1 to {most} dice, not {count}."),
                         most=data.DICE_IN_BOX, count=len(dice))
    city = args.city
    if city is not None:
        if city not in data.CITY_VALUES or city == data.CITY_VALUES[-1]:
            raise InputError(N_("--city must be a city the airship can leave: {cities}."),
                             cities=tr.join([str(c) for c in data.CITY_VALUES[:-1]], "or"))
        dest = data.CITY_VALUES[data.CITY_VALUES.index(city) + 1]
        if dice and len(dice) != data.dice_to_reach(dest):
            # TRANSLATORS: {need} is 2 or more, the dice rolled to reach {dest}.
            raise InputError(N_("Flying from city {city} to city {dest} takes {need} dice, but "
                                "--dice names {count}."), city=city, dest=dest,
                             need=data.dice_to_reach(dest), count=len(dice))
    elif not dice:
        raise InputError(N_("Give the dice shown (--dice) or the city where the airship is "
                            "(--city), or both."))
    aboard = args.aboard if args.aboard is not None else args.players
    if not (1 if args.captain else 2) <= aboard <= args.players:
        raise InputError(N_("--aboard counts the players aboard, you included: from {low} to "
                            "{high} here."), low=1 if args.captain else 2, high=args.players)
    hand: dict[str, int] = {}
    for card in hand_list:
        hand[card] = hand.get(card, 0) + 1
    view = _table_view(args, hand, discard, dice, aboard)
    # Impossible situations (too many copies of a card…) raise errors that name the card.
    unseen_cards(data.deck_composition(args.variant, args.grappling_hook), hand, discard)
    legal = _decision(view) if city is not None else []
    if legal:
        advice = advise_view(view, legal, tr)
        print("\n".join([advice.sentence, *advice.details]))
    else:
        print("\n".join(figure_lines(figures(view), view, tr)))
    return 0


def _table_view(args: argparse.Namespace, hand: dict[str, int], discard: list[str],
                dice: list[str], aboard: int):
    """What you know at the table, as the coach's ``View``.

    The captain sits at seat 0; you are the captain, or the passenger at his left (seat
    1); the players aboard are the first seats. Every pile is as dealt, less the
    treasures you hold from it.
    """
    from ..engine import data
    from ..practice.odds import unseen_cards
    from ..practice.voyage import View

    players = args.players
    treasures = tuple(_treasures(args.treasures, args.variant))
    me = 0 if args.captain else 1
    size = data.hand_size(players)
    sizes = [size] * players
    sizes[0] = sum(hand.values()) if args.captain else (
        args.captain_cards if args.captain_cards is not None else size)
    sizes[me] = sum(hand.values())
    piles = {c: len(data.pile_composition(c, args.variant))
             - sum(1 for t, _ in treasures if t == c) for c in data.CITY_VALUES}
    city = args.city or 0
    phase = "payment" if args.captain else "passengers"
    spyglasses = sum(1 for _, v in treasures if v == 0)
    if args.crash:
        phase = "spyglass" if spyglasses else "jetpack"
    elif not dice:
        phase = "lone-captain" if args.captain and aboard == 1 else "roll"
    deck = data.deck_composition(args.variant, args.grappling_hook)
    return View(me=me, players=players, captain=0, phase=phase, city=city,
                route=tuple(c for c in data.CITY_VALUES if c >= city and piles[c]),
                pile_sizes=piles, dice=tuple(dice),
                aboard=tuple(p < aboard for p in range(players)), hand=hand,
                treasures=treasures, hand_sizes=tuple(sizes), discard=tuple(discard),
                variant=args.variant, grappling_hook=args.grappling_hook,
                spyglass_points=args.spyglass_points,
                points=sum(v for _, v in treasures),
                unseen=unseen_cards(deck, hand, discard))


def _decision(view) -> list[str]:
    """The actions open to you in the situation described, as the engine lists them."""
    from ..engine import data
    from ..engine.payment import equipment_covers, format_payment, hazard_counts, payments

    phase = view.phase
    if phase == "spyglass":
        return ["play spyglass", "pass"]
    if phase == "jetpack":
        return ["play jetpack", "pass"] if view.hand.get(data.JETPACK) else []
    if phase == "lone-captain":
        return ["take", "roll"]
    if phase == "passengers":
        return ["stay", "leave"]
    if phase == "payment":
        counts = hazard_counts(view.dice)
        if not counts:
            return []
        found = [format_payment(p) for p in payments(counts, view.hand)]
        return found + ([] if equipment_covers(counts, view.hand) else ["crash"])
    return []
