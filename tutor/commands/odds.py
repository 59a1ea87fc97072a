"""``celestia odds``: the odds coach for a situation at a real table.

Describe what you see (the dice, your hand, the discard pile, the city, who is aboard,
where you sit after the captain, how many cards each player holds, and near the end the
points you reckon the others hold) and get what the practice game's coach says: the
better choice, the points each choice is worth, and the exact chances behind them,
followed by every assumption the advice rests on (``practice.table``).
"""

from __future__ import annotations

import argparse
import sys

from ..engine import Options, data
from ..engine.messages import N_
from ..engine.payment import equipment_covers, format_payment, hazard_counts, payments
from ..i18n import Translator
from ..inputs import argument, excerpt, whole
from ..practice.coach import advise_view, figure_lines
from ..practice.odds import figures, unseen_cards
from ..practice.parse import (
    InputError,
    parse_names,
    parse_treasures,
    shown,
    variant_argument,
    variant_metavar,
)
from ..practice.table import Table, assumption_lines, table_view

HELP = N_("the coach's advice for a situation at the table: stay or leave, pay or crash, "
          "with the exact odds")


class _Words(argparse.Action):
    """A list of cards given as one word (``2xcompass,turbo``). Several words are taken in,
    so that the old, unquoted ``--hand 2 compass,turbo`` reaches ``parse_names``, which
    says to write ``2xcompass``, instead of argparse's "unrecognized arguments"."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        words = values if isinstance(values, list) else [values]
        setattr(namespace, self.dest, " ".join(str(w) for w in words))


class _Formatter(argparse.HelpFormatter):
    """Shows a ``_Words`` option as the one word it should be (``--hand CARDS``)."""

    def _format_args(self, action: argparse.Action, default_metavar: str) -> str:
        if isinstance(action, _Words):
            return self._metavar_formatter(action, default_metavar)(1)[0]
        return super()._format_args(action, default_metavar)


def configure(parser: argparse.ArgumentParser, tr: Translator) -> None:
    _ = tr.gettext
    parser.formatter_class = _Formatter
    parser.add_argument("--players", type=argument(tr, data.MIN_PLAYERS, data.MAX_PLAYERS),
                        default=4, metavar=_("N"),
                        help=tr.format(N_("players in the game, {low} to {high} (default "
                                          "{default})"), low=data.MIN_PLAYERS,
                                       high=data.MAX_PLAYERS, default=4))
    parser.add_argument("--variant", type=variant_argument(tr), metavar=variant_metavar(tr),
                        default="standard",
                        help=_("rules variant"))
    parser.add_argument("--grappling-hook", action="store_true",
                        help=_("the Grappling Hook promotional cards are in the deck"))
    parser.add_argument("--dice", metavar=_("FACES"),
                        help=_("the dice shown, separated by commas, e.g. fog,fog,pirates"))
    # TRANSLATORS: Same role in every option: the placeholder for a list of cards in the usage.
    parser.add_argument("--hand", metavar=_("CARDS"), default="", nargs="+", action=_Words,
                        help=_("your hand, separated by commas, e.g. compass,turbo or "
                               "2xcompass,turbo"))
    parser.add_argument("--discarded", metavar=_("CARDS"), default="", nargs="+",
                        action=_Words,
                        help=_("the cards in the discard pile, separated by commas"))
    parser.add_argument("--captain-cards", type=argument(tr, 0, 999), metavar=_("N"),
                        help=_("how many cards the captain holds (default: the hand size "
                               "dealt for this number of players)"))
    parser.add_argument("--captain", action="store_true",
                        help=_("you are the captain: the odds are those of your own hand"))
    parser.add_argument("--seat", type=argument(tr, 1, data.MAX_PLAYERS - 1), metavar=_("N"),
                        help=_("where you sit, as a passenger: your place among the players "
                               "aboard, counted clockwise from the captain's left, so 1 is the "
                               "next captain (default 1); it sets who is captain before you "
                               "later in the voyage"))
    # TRANSLATORS: Same role in every option: the placeholder for a list of numbers in the usage.
    parser.add_argument("--passenger-cards", metavar=_("N,N,…"),
                        help=_("how many cards each other passenger aboard holds, "
                               "separated by commas, clockwise from the captain's left, you "
                               "left out; one number stands for all of them (default: the "
                               "hand dealt for this number of players)"))
    parser.add_argument("--city", type=argument(tr, 0, 999), metavar=_("CITY"),
                        help=_("the city where the airship is (its value: 1, 2, 4, …)"))
    parser.add_argument("--treasures", metavar=_("TREASURES"), default="",
                        help=tr.format(N_("your treasures as city:value, separated by "
                                          "commas, e.g. 1:2,4:{spyglass}"),
                                       spyglass=shown("term", data.SPYGLASS, tr)))
    parser.add_argument("--aboard", type=argument(tr, 1, data.MAX_PLAYERS), metavar=_("N"),
                        help=_("how many players are aboard, you included (default: all)"))
    # TRANSLATORS: Same role in every option: the placeholder for a list of numbers in the usage.
    parser.add_argument("--their-points", metavar=_("N,N,…"),
                        help=tr.format(N_("the points you reckon each other player holds, "
                                          "separated by commas: the captain first (unless you "
                                          "are the captain), then the other passengers aboard "
                                          "clockwise from the captain's left, then the "
                                          "players who have left; with them the advice "
                                          "counts the end of the game at {end} points "
                                          "(default: left out)"), end=data.END_SCORE))
    # TRANSLATORS: Same role in every option: the placeholder for a list of cities in the usage.
    parser.add_argument("--empty", metavar=_("CITIES"), default="",
                        help=_("the cities whose treasure pile is empty, separated by commas, "
                               "e.g. 15,20: they have left the route, so the airship flies "
                               "past them (celestia rules 3.9)"))
    parser.add_argument("--spyglasses-played", metavar=_("CITIES"), default="",
                        help=_("the cities whose Magic Spyglass has been played this game, "
                               "separated by commas, e.g. 1,4: a played Spyglass has left the "
                               "game (celestia rules 4.5)"))
    parser.add_argument("--crash", action="store_true",
                        help=_("the captain has announced a crash: what your Magic Spyglass "
                               "or your Jetpack is worth"))
    parser.add_argument("--spyglass-points", type=argument(tr, 0, data.SPYGLASS_POINTS_MAX),
                        default=data.SPYGLASS_POINTS_DEFAULT, metavar=_("N"),
                        # TRANSLATORS: Same role in every command: the help of an option.
                        help=tr.format(N_("points for each unused Magic Spyglass (default "
                                          "{points})"), points=data.SPYGLASS_POINTS_DEFAULT))


def _cities(text: str, option: str, allowed: tuple[int, ...], tr: Translator) -> tuple[int, ...]:
    """``"15,20"`` → ``(15, 20)``, each one of ``allowed``, none twice; a wrong item
    raises ``InputError`` naming it."""
    found: list[int] = []
    for raw in text.split(","):
        item = raw.strip()
        if not item:
            continue
        city = whole(item, 0, data.CITY_VALUES[-1])
        if city not in allowed or city in found:
            raise InputError(N_('"{item}" in {option} is not one of the cities it may name, '
                                "each once: {cities}."), item=excerpt(item), option=option,
                             cities=tr.join([str(c) for c in allowed], "or"))
        found.append(city)
    return tuple(sorted(found))


def _numbers(text: str, option: str, high: int) -> list[int]:
    """``"6,6,5"`` → ``[6, 6, 5]``; a wrong item raises ``InputError`` naming it."""
    found = []
    for raw in text.split(","):
        value = whole(raw.strip(), 0, high)
        if value is None:
            raise InputError(N_('"{item}" in {option} is not a whole number from 0 to '
                                "{high}."), item=excerpt(raw.strip()), option=option, high=high)
        found.append(value)
    return found


def _counts_problem(args: argparse.Namespace, aboard: int, tr: Translator) -> str | None:
    """What is wrong with the numbers given for the others (translated), or None."""
    others = aboard - 1 - (0 if args.captain else 1)
    if args.passenger_cards is not None:
        given = len(args.passenger_cards.split(","))
        if not others:
            return tr.gettext(N_("No other passenger is aboard: leave out --passenger-cards."))
        if given not in (1, others):
            return tr.nformat(
                "--passenger-cards needs one number for the other passenger aboard, not "
                "{count}.",
                "--passenger-cards needs one number for each of the {n} other passengers "
                "aboard, or one for all of them, not {count}.", others,
                count=tr.number(given))
    if args.their_points is not None:
        given = len(args.their_points.split(","))
        if given != args.players - 1:
            return tr.nformat(
                "--their-points needs one number for the other player, not {count}.",
                "--their-points needs one number for each of the {n} other players, not "
                "{count}.", args.players - 1, count=tr.number(given))
    return None


def _table(args: argparse.Namespace, aboard: int, hand: list[str], empty: tuple[int, ...],
           spent: tuple[int, ...]) -> Table:
    if args.captain and args.seat is not None:
        raise InputError(N_("--seat places a passenger; with --captain, you are the captain."))
    seat = 0 if args.captain else (args.seat or 1)
    if not args.captain and seat > aboard - 1:
        raise InputError(N_("--seat counts the players aboard from the captain's left: from 1 "
                            "to {high} here."), high=aboard - 1)
    dealt = data.hand_size(args.players)
    others = aboard - 1 - (0 if args.captain else 1)
    cards = [dealt] * others
    if args.passenger_cards is not None:
        given = _numbers(args.passenger_cards, "--passenger-cards", 999)
        cards = given * others if len(given) == 1 else given
    their = None
    if args.their_points is not None:
        their = _numbers(args.their_points, "--their-points", 999)
    captain_cards = dealt if args.captain_cards is None else args.captain_cards
    defaults = (args.passenger_cards is None and others > 0) or (
        args.captain_cards is None and not args.captain)
    return Table(players=args.players, aboard=aboard, seat=seat, captain_cards=captain_cards,
                 passenger_cards=tuple(cards), defaults=defaults,
                 their_points=tuple(their) if their is not None else None, crash=args.crash,
                 hand=tuple(hand), empty=empty, spent=spent)


def run(args: argparse.Namespace, tr: Translator) -> int:
    Options(players=args.players, variant=args.variant, grappling_hook=args.grappling_hook,
            spyglass_points=args.spyglass_points)  # checks the options, with their errors
    hand_list = parse_names(args.hand, data.HAND_CARDS, "--hand", tr)
    discard = parse_names(args.discarded, data.HAND_CARDS, "--discarded", tr)
    dice_count = N_("--dice names between 1 and {most} dice; {count} were given.")
    dice = parse_names(args.dice, data.FACES, "--dice", tr, kind="face",
                       most=data.DICE_IN_BOX, too_many=dice_count) if args.dice else []
    if args.dice is not None and not 1 <= len(dice) <= data.DICE_IN_BOX:
        raise InputError(dice_count, most=data.DICE_IN_BOX, count=len(dice))
    empty = _cities(args.empty, "--empty", data.CITY_VALUES, tr)
    with_glass = tuple(c for c in data.CITY_VALUES
                       if any(t.value == 0 for t in data.pile_composition(c, args.variant)))
    if not with_glass and args.spyglasses_played.strip():
        raise InputError(N_("The beginner variant has no Magic Spyglass: leave out "
                            "--spyglasses-played (celestia rules 6)."))
    spent = _cities(args.spyglasses_played, "--spyglasses-played", with_glass, tr)
    route = [c for c in data.CITY_VALUES if c not in empty]
    city = args.city
    if city is not None:
        # The airship may be at a city whose pile has just emptied (§3.9): it flies on to
        # the next city still on the route.
        ahead = [c for c in route if c > city]
        if city not in data.CITY_VALUES or not ahead:
            raise InputError(N_("--city must be a city the airship can leave, with a city "
                                "still on the route after it: {cities}."),
                             cities=tr.join([str(c) for c in data.CITY_VALUES[:-1]
                                             if any(r > c for r in route)], "or"))
        dest = ahead[0]
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
    # Impossible situations (too many copies of a card…) raise errors that name the card.
    unseen_cards(data.deck_composition(args.variant, args.grappling_hook), hand, discard)
    if args.crash and dice:
        counts = hazard_counts(dice)
        if not counts:
            raise InputError(N_("--crash: no die shows a hazard, so there is nothing to pay "
                                "and no crash to announce (celestia rules 3.4)."))
        if args.captain and equipment_covers(counts, hand):
            raise InputError(N_("--crash with --captain: your Equipment covers every hazard "
                                "shown, so as the captain you must pay; you may announce a "
                                "crash only when you cannot pay, or only with Turbos "
                                "(celestia rules 3.4)."))
    problem = _counts_problem(args, aboard, tr)
    if problem is not None:
        print(problem, file=sys.stderr)
        return 2
    table = _table(args, aboard, hand_list, empty, spent)
    view = table_view(table, hand, discard, dice, city or 0,
                      parse_treasures(args.treasures, args.variant, tr), args.variant,
                      args.grappling_hook, args.spyglass_points)
    legal = _decision(view) if city is not None else []
    if legal:
        advice = advise_view(view, legal, tr)
        lines = [advice.sentence, *advice.details]
    elif args.crash:
        lines = [tr.gettext(N_("Nothing you can do: you hold neither a Magic Spyglass nor a "
                               "Jetpack. Unless another player aboard plays a Magic Spyglass, "
                               "the airship crashes, and everyone still aboard, you too, gets "
                               "nothing from this voyage (celestia rules 3.5)."))]
    else:
        lines = figure_lines(figures(view), view, tr)
    print("\n".join([*lines, "", *assumption_lines(table, tr)]))
    return 0


def _decision(view) -> list[str]:
    """The actions open to you in the situation described, as the engine lists them."""
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
