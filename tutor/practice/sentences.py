"""The coach's one sentence at a decision: the better choice, and what each choice is worth.

Every figure a sentence shows says what it is: the points of each choice, what a crash
would bring (the Jetpack's treasure, the Spyglass's flight with its points spent, or
nothing), the Spyglass's own points when keeping it, why a Power card that costs you
points still pays, and, when this voyage may end the game, the chance to win that each
choice leaves you (``endgame``).
"""

from __future__ import annotations

from fractions import Fraction

from babel.numbers import format_decimal

from ..engine import data
from ..engine.messages import N_
from ..grammar import Quantity
from ..i18n import Translator
from ..names import move_label
from . import evaluate as ev
from .voyage import View


# --- Numbers in words ---------------------------------------------------------------------
def percent(chance: Fraction | float, tr: Translator) -> str:
    """``Fraction(1, 3)`` → ``33.3%`` / ``33,3 %`` — never rounded to a false 0 % or 100 %."""
    value = float(chance)
    if 0 < value < 0.0005:
        value = 0.0005
    elif 0.9995 <= value < 1:
        value = 0.999
    return tr.percent(value)


def points(value: Fraction | float, tr: Translator) -> str:
    """Expected points with one decimal, the language's way: ``6.8`` / ``6,8``; a
    ``grammar.Quantity``, so that French agrees the noun after it ("0,6 point")."""
    amount = round(float(value), 1) + 0.0
    return Quantity(format_decimal(amount, "#,##0.0", locale=tr.language), amount)


def by_win(rec: ev.Recommendation) -> bool:
    """True when the chance to win decided (the end of the game is at stake and the
    choices do not leave the same chance)."""
    if rec.endgame is None or len(rec.options) < 2:
        return False
    first, second = rec.options[0].win, rec.options[1].win
    return first is not None and second is not None and first - second >= ev.WIN_TIE


def no_hazard(view: View) -> bool:
    """True when the dice are rolled and none shows a hazard: there is nothing to pay."""
    return bool(view.dice) and all(face == data.BLANK for face in view.dice)


# --- The one sentence ---------------------------------------------------------------------
def sentence(rec: ev.Recommendation, view: View, tr: Translator) -> str:
    """The coach's advice in one sentence."""
    if by_win(rec) and rec.kind in _ENDGAME:
        return _ENDGAME[rec.kind](rec, view, tr)
    kind = rec.kind
    best = rec.options[0]
    if kind == ev.STAY_OR_LEAVE:
        return _stay_or_leave(rec, view, tr)
    if kind == ev.LONE:
        roll = rec.option("roll")
        take = rec.option("take")
        assert roll is not None and take is not None and rec.chance is not None
        msgid = (N_("Roll: about {roll} points expected against {take} for taking a treasure "
                    "now — your hand gets through {chance} of the rolls to city {dest}.")
                 if best.action == "roll"
                 else N_("Take a treasure now: {take} points on average against about {roll} "
                         "if you roll on alone — your hand gets through {chance} of the rolls "
                         "to city {dest}."))
        return tr.format(msgid, roll=points(roll.points, tr), take=points(take.points, tr),
                         chance=percent(rec.chance, tr), dest=view.dest)
    if kind == ev.PAY:
        cards = tr.term_value("cards", best.action[4:])
        msgid = (N_("Pay {cards}: your Equipment covers every hazard, so you must pay — "
                    "about {points} points expected for you from here.")
                 if len(rec.options) == 1
                 else N_("Pay {cards}: your Equipment covers every hazard, so you must pay, "
                         "and this way you keep the most Turbos — about {points} points "
                         "expected for you from here."))
        return tr.format(msgid, cards=cards, points=points(best.points, tr))
    if kind == ev.PAY_OR_CRASH:
        return _pay_or_crash(rec, view, tr)
    if kind == ev.REROLL:
        return _reroll(rec, view, tr)
    if kind == ev.WINDOW:
        return _window(rec, view, tr)
    if kind == ev.SPYGLASS:
        return _spyglass(rec, view, tr)
    if kind == ev.JETPACK:
        if best.action == "play jetpack":
            return tr.format(N_("Play your Jetpack: a treasure from city {city}, {points} "
                                "points on average — otherwise you crash with the airship and "
                                "get nothing."), city=view.city, points=points(best.points, tr))
        return tr.format(N_("Keep your Jetpack: the pile of city {city} is empty, so it would "
                            "bring you nothing now."), city=view.city)
    if kind == ev.HOOK:
        play = rec.option("play grappling-hook")
        keep = rec.option("pass")
        assert play is not None and keep is not None
        msgid = (N_("Climb back aboard: about {play} points expected at the cities ahead, "
                    "against the {kept} points of the treasure you give back.")
                 if best.action == "play grappling-hook"
                 else N_("Keep your treasure ({kept} points): climbing back aboard is worth "
                         "only about {play} points."))
        return tr.format(msgid, play=points(play.points, tr), kept=points(keep.points, tr))
    return tr.format(N_("Best choice: {choice}."), choice=move_label(best.action, view, tr))


def _stay_or_leave(rec: ev.Recommendation, view: View, tr: Translator) -> str:
    stay = rec.option("stay")
    leave = rec.option("leave")
    assert stay is not None and leave is not None and rec.chance is not None
    values = {"stay": points(stay.points, tr), "leave": points(leave.points, tr),
              "chance": percent(rec.chance, tr)}
    first = rec.options[0].action
    if no_hazard(view):
        msgid = (N_("Stay: about {stay} points expected against {leave} for leaving now — "
                    "no die shows a hazard, so there is nothing to pay.") if first == "stay"
                 else N_("Leave now: {leave} points on average against about {stay} if you "
                         "stay — no die shows a hazard, so there is nothing to pay."))
    elif rec.facts.get("equipment", rec.chance) >= rec.chance:
        msgid = (N_("Stay: about {stay} points expected against {leave} for leaving now — "
                    "the captain can pay {chance} of the time with Equipment alone.")
                 if first == "stay"
                 else N_("Leave now: {leave} points on average against about {stay} if you "
                         "stay — the captain can pay {chance} of the time with Equipment "
                         "alone."))
    else:
        # The figure counts the Turbos a captain may hold, and a captain may refuse to pay
        # with them: say so, with the chance on Equipment alone.
        values["equipment"] = percent(rec.facts["equipment"], tr)
        msgid = (N_("Stay: about {stay} points expected against {leave} for leaving now — "
                    "the captain can pay {chance} of the time if Turbos are played too, "
                    "{equipment} with Equipment alone.") if first == "stay"
                 else N_("Leave now: {leave} points on average against about {stay} if you "
                         "stay — the captain can pay {chance} of the time if Turbos are "
                         "played too, {equipment} with Equipment alone."))
    return tr.format(msgid, **values)


def _pay_or_crash(rec: ev.Recommendation, view: View, tr: Translator) -> str:
    best = rec.options[0]
    pay = next((o for o in rec.options if o.action != "crash"), None)
    crash = rec.option("crash")
    assert crash is not None
    rescue = rec.facts.get("rescue")
    sp = view.spyglass_points
    if pay is None:  # the hand cannot pay: the crash is the only move
        if rescue == "jetpack":
            return tr.format(N_("Announce a crash, then escape with your Jetpack: your hand "
                                "cannot pay for these dice, and the Jetpack brings you a "
                                "treasure from city {city}, {crash} points on average."),
                             city=view.city, crash=points(crash.points, tr))
        if rescue == "spyglass":
            return tr.nformat(
                "Announce a crash, then play your Magic Spyglass: your hand cannot pay for "
                "these dice, but the airship flies on — about {crash} points expected for "
                "you, the {n} point the Spyglass would score spent.",
                "Announce a crash, then play your Magic Spyglass: your hand cannot pay for "
                "these dice, but the airship flies on — about {crash} points expected for "
                "you, the {n} points the Spyglass would score spent.", sp,
                crash=points(crash.points, tr))
        return tr.gettext(N_("Announce a crash: your hand cannot pay for these dice, and "
                             "everyone aboard gets nothing from this voyage."))
    values = {"pay": points(pay.points, tr), "crash": points(crash.points, tr),
              "cards": tr.term_value("cards", pay.action[4:])}
    # The number of cards paid picks the plural of the words around them ("la carte",
    # "les cartes"); English says the same either way.
    count = len(pay.action[4:].split("+"))
    if best.action != "crash":
        if rescue == "jetpack":
            return tr.nformat("Pay {cards}: about {pay} points expected for you against "
                              "{crash} if you announce a crash and escape with your Jetpack.",
                              "Pay {cards}: about {pay} points expected for you against "
                              "{crash} if you announce a crash and escape with your Jetpack.",
                              count, **values)
        if rescue == "spyglass":
            return tr.nformat("Pay {cards}: about {pay} points expected for you against "
                              "{crash} if you announce a crash and play your Magic Spyglass, "
                              "whose own points are then lost.",
                              "Pay {cards}: about {pay} points expected for you against "
                              "{crash} if you announce a crash and play your Magic Spyglass, "
                              "whose own points are then lost.", count, **values)
        return tr.nformat("Pay {cards}: about {pay} points expected for you, against nothing "
                          "if you announce a crash.",
                          "Pay {cards}: about {pay} points expected for you, against nothing "
                          "if you announce a crash.", count, **values)
    if rescue == "jetpack":
        return tr.format(N_("Announce a crash and escape with your Jetpack: {crash} points on "
                            "average against about {pay} if you pay {cards}."), **values)
    if rescue == "spyglass":
        return tr.nformat(
            "Announce a crash and play your Magic Spyglass: the airship flies on and you keep "
            "your cards — about {crash} points expected for you, the Spyglass's own points "
            "taken off, against {pay} if you pay {cards}.",
            "Announce a crash and play your Magic Spyglass: the airship flies on and you keep "
            "your cards — about {crash} points expected for you, the Spyglass's own points "
            "taken off, against {pay} if you pay {cards}.", count, **values)
    return tr.format(N_("Announce a crash and keep your cards: paying {cards} would bring you "
                        "nothing more this voyage."), **values)


def _chosen(action: str) -> list[int]:
    return [int(i) for i in action[7:].split("+")]


def _reroll(rec: ev.Recommendation, view: View, tr: Translator) -> str:
    best = rec.options[0]
    chosen = _chosen(best.action)
    values = {"positions": tr.join([str(i) for i in chosen]),
              "faces": tr.term_value("faces", tuple(view.dice[i - 1] for i in chosen)),
              "chance": percent(best.chance or 0.0, tr), "points": points(best.points, tr)}
    if len(rec.options) == 1:
        return tr.nformat(
            "Reroll die {positions} ({faces}): your hand then pays {chance} of the time — "
            "about {points} points expected for you.",
            "Reroll dice {positions} ({faces}): your hand then pays {chance} of the time — "
            "about {points} points expected for you.", len(chosen), **values)
    return tr.nformat(
        "Reroll die {positions} ({faces}): your hand then pays {chance} of the time — about "
        "{points} points expected for you, and no other choice gives more than "
        "{next_points}.",
        "Reroll dice {positions} ({faces}): your hand then pays {chance} of the time — about "
        "{points} points expected for you, and no other choice gives more than "
        "{next_points}.", len(chosen), next_points=points(rec.options[1].points, tr),
        **values)


def _spyglass(rec: ev.Recommendation, view: View, tr: Translator) -> str:
    play = rec.option("play spyglass")
    keep = rec.option("pass")
    assert play is not None and keep is not None
    values = {"dest": view.dest, "play": points(play.points, tr),
              "keep": points(keep.points, tr), "city": view.city}
    jetpack = bool(rec.facts.get("jetpack"))
    if rec.options[0].action == "play spyglass":
        if jetpack:
            return tr.format(N_("Play your Magic Spyglass: the airship flies on to city {dest} "
                                "— about {play} points expected for you from the rest of the "
                                "voyage, against {keep} if you keep it and escape with your "
                                "Jetpack (a treasure from city {city}, and the Spyglass's "
                                "points at the end)."), **values)
        return tr.format(N_("Play your Magic Spyglass: the airship flies on to city {dest} — "
                            "about {play} points expected for you from the rest of the voyage, "
                            "against the {keep} points your Spyglass scores if you keep it."),
                         **values)
    if jetpack:
        return tr.format(N_("Keep your Magic Spyglass and escape with your Jetpack: {keep} "
                            "points (a treasure from city {city}, and the Spyglass's points at "
                            "the end) against about {play} if you play the Spyglass and fly on "
                            "to city {dest}."), **values)
    return tr.format(N_("Keep your Magic Spyglass: it scores {keep} points at the end, against "
                        "about {play} if you play it and fly on to city {dest}."), **values)


def _card(action: str) -> str:
    return action.split()[1]


def _window(rec: ev.Recommendation, view: View, tr: Translator) -> str:
    best = rec.options[0]
    keep = rec.option("pass")
    assert keep is not None
    before = rec.facts.get("chance", 0.0)
    assert isinstance(before, float | int)
    if best.action == "pass":
        other = rec.options[1]
        card = tr.term(_card(other.action))
        gain = ev.worth(other, view.players - 1) - ev.worth(keep, view.players - 1)
        if gain <= 0.05 and max(abs(other.points), abs(keep.points)) < 0.05:
            # Nothing to expect from this voyage either way: no "0.0 against 0.0".
            return tr.format(N_("Pass: you can expect nothing more from this voyage, whether "
                                "you play {card} now or not, and it stays in your hand for "
                                "later voyages."), card=card)
        if ev.never_now(other, view):
            return tr.format(N_("Pass and keep {card} for a richer step: at the first city, "
                                "the passenger you force off loses only a point or two."),
                             card=card)
        if gain <= 0.05:
            return tr.format(N_("Pass: playing {card} now would not help you — about "
                                "{play} points expected for you against {keep} if you pass."),
                             card=card, play=points(other.points, tr),
                             keep=points(keep.points, tr))
        # The margin is the coach's rule (evaluate.KEEP_MARGIN): say it, with its reason.
        return tr.format(N_("Pass and keep {card} for a better moment: playing it now would "
                            "gain you only about {gain} points, and the coach plays a Power "
                            "card only for {margin} points or more, since a card kept stays "
                            "in your hand for a later window, in this voyage or the next."),
                         card=card, gain=points(gain, tr),
                         margin=points(ev.KEEP_MARGIN, tr))
    card = _card(best.action)
    values = {"card": tr.term(card), "play": points(best.points, tr),
              "keep": points(keep.points, tr), "harm": points(best.harm, tr),
              "cost": points(keep.points - best.points, tr),
              "before": percent(before, tr), "after": percent(best.chance or 0.0, tr)}
    costs = keep.points - best.points >= 0.05
    if card == data.EJECTION:
        target = int(best.action.split()[2])
        player = view.seats[target] if view.seats else target
        if costs:
            # Your points fall only because the one ejected would have been a captain later
            # in the voyage (the voyage model's captaincy goes round those aboard).
            return tr.format(N_("Play {card} on {player}: they lose about {harm} points, "
                                "and you about {cost} ({play} against {keep} if you pass) "
                                "because {player} would have been a captain later in this "
                                "voyage; their loss counts for more."), player=player,
                             **values)
        return tr.format(N_("Play {card} on {player}: they must leave with a treasure from "
                            "city {city} instead of flying on — about {harm} points fewer for "
                            "them, and {play} points expected for you against {keep} if you "
                            "pass."), player=player, city=view.city, **values)
    if card == data.GUST_OF_WIND and abs(best.points - keep.points) < 0.05:
        return tr.format(N_("Play {card}: it costs you nothing, and the captain's chance to "
                            "pay falls from {before} to {after} — about {harm} points fewer "
                            "for the others aboard."), **values)
    if card == data.ALTERNATIVE_ROUTE:
        return tr.format(N_("Play {card}: the captain can then pay {after} of the time "
                            "instead of {before} — about {play} points expected for you "
                            "against {keep} if you pass."), **values)
    if best.harm >= 0.05 and costs:
        return tr.format(N_("Play {card}: it costs you about {cost} ({play} against {keep} "
                            "if you pass), but the others aboard lose about {harm} in all, "
                            "which counts for more."), **values)
    if best.harm >= 0.05:
        return tr.format(N_("Play {card}: about {play} points expected for you against {keep} "
                            "if you pass, and about {harm} points fewer for the others "
                            "aboard."), **values)
    return tr.format(N_("Play {card}: about {play} points expected for you against {keep} if "
                        "you pass."), **values)


# --- When this voyage may end the game ------------------------------------------------------
def _win_values(rec: ev.Recommendation, tr: Translator) -> dict[str, str]:
    best, other = rec.options[0], rec.options[1]
    return {"win": percent(best.win or 0.0, tr), "other": percent(other.win or 0.0, tr),
            "best_points": points(best.points, tr), "other_points": points(other.points, tr)}


def _end_stay_or_leave(rec: ev.Recommendation, view: View, tr: Translator) -> str:
    msgid = (N_("Leave now: this voyage can end the game, and leaving gives you the better "
                "chance to win it — about {win} against {other} if you stay ({best_points} "
                "points on average against about {other_points}).")
             if rec.action == "leave"
             else N_("Stay: this voyage can end the game, and staying gives you the better "
                     "chance to win it — about {win} against {other} if you leave now "
                     "({best_points} points expected against {other_points})."))
    return tr.format(msgid, **_win_values(rec, tr))


def _end_lone(rec: ev.Recommendation, view: View, tr: Translator) -> str:
    msgid = (N_("Take a treasure now: this voyage can end the game, and taking one gives you "
                "the better chance to win it — about {win} against {other} if you roll on "
                "alone ({best_points} points on average against about {other_points}).")
             if rec.action == "take"
             else N_("Roll: this voyage can end the game, and rolling on gives you the better "
                     "chance to win it — about {win} against {other} if you take a treasure "
                     "now ({best_points} points expected against {other_points})."))
    return tr.format(msgid, **_win_values(rec, tr))


def _end_pay_or_crash(rec: ev.Recommendation, view: View, tr: Translator) -> str:
    values = _win_values(rec, tr)
    pay = rec.options[1] if rec.action == "crash" else rec.options[0]
    count = len(pay.action[4:].split("+"))
    cards = tr.term_value("cards", pay.action[4:])
    if rec.action == "crash":
        return tr.nformat(
            "Announce a crash: this voyage can end the game, and a crash, which leaves "
            "everyone aboard with nothing from it, gives you the better chance to win — about "
            "{win} against {other} if you pay {cards} ({best_points} points expected against "
            "{other_points}).",
            "Announce a crash: this voyage can end the game, and a crash, which leaves "
            "everyone aboard with nothing from it, gives you the better chance to win — about "
            "{win} against {other} if you pay {cards} ({best_points} points expected against "
            "{other_points}).", count, cards=cards, **values)
    return tr.nformat(
        "Pay {cards}: this voyage can end the game, and paying gives you the better chance to "
        "win it — about {win} against {other} if you announce a crash ({best_points} points "
        "expected against {other_points}).",
        "Pay {cards}: this voyage can end the game, and paying gives you the better chance to "
        "win it — about {win} against {other} if you announce a crash ({best_points} points "
        "expected against {other_points}).", count, cards=cards, **values)


def _end_reroll(rec: ev.Recommendation, view: View, tr: Translator) -> str:
    chosen = _chosen(rec.action)
    return tr.nformat(
        "Reroll die {positions} ({faces}): this voyage can end the game, and this gives you "
        "the best chance to win it — about {win}, against {other} for the next best choice "
        "({best_points} points expected against {other_points}).",
        "Reroll dice {positions} ({faces}): this voyage can end the game, and this gives you "
        "the best chance to win it — about {win}, against {other} for the next best choice "
        "({best_points} points expected against {other_points}).", len(chosen),
        positions=tr.join([str(i) for i in chosen]),
        faces=tr.term_value("faces", tuple(view.dice[i - 1] for i in chosen)),
        **_win_values(rec, tr))


def _end_spyglass(rec: ev.Recommendation, view: View, tr: Translator) -> str:
    msgid = (N_("Play your Magic Spyglass: this voyage can end the game, and flying on to "
                "city {dest} gives you the better chance to win it — about {win} against "
                "{other} if you keep the Spyglass.")
             if rec.action == "play spyglass"
             else N_("Keep your Magic Spyglass: this voyage can end the game, and keeping it "
                     "gives you the better chance to win it — about {win} against {other} if "
                     "you play it and fly on to city {dest}."))
    return tr.format(msgid, dest=view.dest, **_win_values(rec, tr))


def _end_hook(rec: ev.Recommendation, view: View, tr: Translator) -> str:
    msgid = (N_("Climb back aboard: this voyage can end the game, and the cities ahead give "
                "you the better chance to win it — about {win} against {other} if you keep "
                "your treasure.")
             if rec.action == "play grappling-hook"
             else N_("Keep your treasure: this voyage can end the game, and keeping it gives "
                     "you the better chance to win it — about {win} against {other} if you "
                     "climb back aboard."))
    return tr.format(msgid, **_win_values(rec, tr))


_ENDGAME = {ev.STAY_OR_LEAVE: _end_stay_or_leave, ev.LONE: _end_lone,
            ev.PAY_OR_CRASH: _end_pay_or_crash, ev.REROLL: _end_reroll,
            ev.SPYGLASS: _end_spyglass, ev.HOOK: _end_hook}
