"""``celestia odds``: the odds coach for a situation at a real table.

Describe what you see (the dice, your hand, the discard pile, the captain's number of
cards, the city) and get the exact chances the practice game's coach shows.
"""

from __future__ import annotations

import argparse

from ..engine.messages import N_
from ..i18n import Translator

HELP = N_("exact odds for a situation at the table: will the captain pay, what is a "
          "treasure worth")


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
                        help=_("the dice shown, separated by commas, e.g. fog,fog,blank"))
    # TRANSLATORS: Same role in every option: the placeholder for a list of cards in the usage.
    parser.add_argument("--hand", metavar=_("CARDS"), default="",
                        help=_("your hand, separated by commas, e.g. compass,turbo or "
                               "2 compass,turbo"))
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
    parser.add_argument("--spyglass-points", type=argument(tr, 0, data.SPYGLASS_POINTS_MAX),
                        default=data.SPYGLASS_POINTS_DEFAULT, metavar=_("N"),
                        # TRANSLATORS: Same role in every command: the help of an option.
                        help=tr.format(N_("points for each unused Magic Spyglass (default "
                                          "{points})"), points=data.SPYGLASS_POINTS_DEFAULT))


def _treasures(text: str, variant: str) -> list[tuple[int, int]]:
    from ..engine import data
    from ..practice.parse import InputError

    def treasure_error(item: str) -> InputError:
        return InputError(N_('"{item}" in --treasures is not a treasure: write city:value with '
                             "a value that city's pile holds, e.g. 4:6 or 4:spyglass."),
                          item=item)

    found = []
    for raw in text.split(","):
        item = raw.strip()
        if not item:
            continue
        city_text, _, value_text = item.partition(":")
        try:
            city = int(city_text)
            value = 0 if value_text.strip().lower() in ("spyglass", "0") else int(value_text)
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
    from ..practice.coach import advice_lines
    from ..practice.odds import Situation, advise
    from ..practice.parse import InputError, parse_names

    Options(players=args.players, variant=args.variant, grappling_hook=args.grappling_hook,
            spyglass_points=args.spyglass_points)  # checks the options, with their errors
    hand_list = parse_names(args.hand, data.HAND_CARDS, "--hand", tr)
    discard = parse_names(args.discarded, data.HAND_CARDS, "--discarded", tr)
    dice = parse_names(args.dice, data.FACES, "--dice", tr, kind="face") if args.dice else []
    if args.dice is not None and not 1 <= len(dice) <= data.DICE_IN_BOX:
        raise InputError(N_("--dice names between 1 and {most} dice; {count} were given."),
                         most=data.DICE_IN_BOX, count=len(dice))
    city = args.city
    dest = after = 0
    if city is not None:
        if city not in data.CITY_VALUES or city == data.CITY_VALUES[-1]:
            raise InputError(N_("--city must be a city the airship can leave: {cities}."),
                             cities=tr.join([str(c) for c in data.CITY_VALUES[:-1]], "or"))
        dest = data.CITY_VALUES[data.CITY_VALUES.index(city) + 1]
        after = next((c for c in data.CITY_VALUES if c > dest), 0)
        if dice and len(dice) != data.dice_to_reach(dest):
            raise InputError(N_("Flying from city {city} to city {dest} takes {need} dice, but "
                                "--dice names {count}."), city=city, dest=dest,
                             need=data.dice_to_reach(dest), count=len(dice))
    elif not dice:
        raise InputError(N_("Give the dice shown (--dice) or the city where the airship is "
                            "(--city), or both."))
    hand: dict[str, int] = {}
    for card in hand_list:
        hand[card] = hand.get(card, 0) + 1
    captain_cards = (args.captain_cards if args.captain_cards is not None
                     else data.hand_size(args.players))
    situation = Situation(
        deck=data.deck_composition(args.variant, args.grappling_hook), hand=hand,
        discard=discard, captain_hand_size=captain_cards if not args.captain else sum(
            hand.values()),
        is_captain=args.captain, aboard=True, dice=tuple(dice), city=city or 0,
        dest=dest, after=after, variant=args.variant, spyglass_points=args.spyglass_points,
        treasures=tuple(_treasures(args.treasures, args.variant)),
        city_has_treasure=city is not None, can_leave=not args.captain,
    )
    # Impossible situations (too many copies of a card…) raise errors that name the card.
    advice = advise(situation)
    print("\n".join(advice_lines(advice, tr)))
    return 0
