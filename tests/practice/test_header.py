"""The words above the choices (``names.decision_text``) offer only what the rules leave
open, at every kind of decision: a crash forced by a hand that cannot pay, a payment forced
by Equipment that covers the dice, paying or crashing when only Turbos would do, and the
rest."""

from __future__ import annotations

from tutor.engine import Options, SeededChance, State
from tutor.i18n import Translator
from tutor.names import decision_text
from tutor.practice.expert import make_player

FORCED_CRASH = "Your hand cannot pay for these hazards: you must announce a crash."
MUST_PAY = "Your decision: pay for the hazards. Your Equipment covers them, so you must pay."
PAY_OR_CRASH = "Your decision: pay for the hazards or announce a crash."


def expected(state: State, player: int, legal: list[str]) -> str:
    """What the header must say, from the legal moves alone."""
    phase = state.phase
    if phase == "payment":
        pays = [a for a in legal if a.startswith("pay ")]
        assert set(legal) <= {*pays, "crash"}
        if not pays:
            return FORCED_CRASH
        return PAY_OR_CRASH if "crash" in legal else MUST_PAY
    who = "You" if state.captain == player else state.seats[state.captain]
    verb = "announce" if who == "You" else "announces"
    if phase == "spyglass":
        assert legal == ["play spyglass", "pass"]
        return (f"{who} {verb} a crash. Your decision: play your Magic Spyglass to save the "
                "airship, or pass.")
    if phase == "jetpack":
        assert legal == ["play jetpack", "pass"]
        return (f"{who} {verb} a crash. Your decision: escape with your Jetpack, or pass and "
                "crash with the airship.")
    if phase == "passengers":
        assert legal == ["stay", "leave"]
        return "Your decision: stay aboard or leave."
    if phase == "lone-captain":
        assert legal == ["take", "roll"]
        return "Your decision: take a treasure, or roll on alone."
    if phase == "power-window":
        assert legal[0] == "pass" and len(legal) > 1  # never asked with nothing to play
        assert all(a.startswith("play ") for a in legal[1:])
        return "Your decision: play a Power card or pass."
    if phase == "reroll-choice":
        assert all(a.startswith("reroll ") for a in legal)
        return "Your decision: choose the dice to reroll."
    assert phase == "grappling-hook" and legal == ["play grappling-hook", "pass"]
    return "Your decision: climb back aboard with the Grappling Hook, or pass."


def test_the_header_offers_only_the_legal_choices_at_every_kind_of_decision() -> None:
    en = Translator("en")
    seen: set[str] = set()
    for seed in range(40):
        players = 2 + seed % 4
        state = State(Options(players=players, grappling_hook=True, seed=seed))
        chance = SeededChance(seed)
        bots = [make_player("random" if p % 2 else "bold", seed * 10 + p)
                for p in range(players)]
        while not state.is_terminal():
            if state.is_chance():
                state.apply(chance.outcome(state))
                continue
            actor = state.actor
            legal = state.legal_actions(actor)
            text = decision_text(state, actor, en)
            assert text == expected(state, actor, legal), (state.phase, legal)
            seen.add(text if state.phase == "payment" else state.phase)
            state.apply(bots[actor].choose(state, actor))
    assert seen >= {FORCED_CRASH, MUST_PAY, PAY_OR_CRASH, "spyglass", "jetpack",
                    "passengers", "lone-captain", "power-window", "reroll-choice",
                    "grappling-hook"}


def test_a_forced_crash_is_worded_in_every_language() -> None:
    """The repro of the audit: seed 5, the dice show lightning and blank, no lightning rod
    or Turbo in hand: the only move is the crash, and the header never offers to pay."""
    from tutor.practice.game import PracticeGame, Setup

    game = PracticeGame.new(Setup(name="Ann", bots=("cautious", "bold"), seed=5))
    assert game.choices() == ["crash"]
    texts = {lang: decision_text(game.state, 0, Translator(lang)) for lang in ("en", "fr", "hu")}
    assert texts["en"] == FORCED_CRASH
    assert len(set(texts.values())) == 3
    assert "payer les dangers ou" not in texts["fr"] and "vagy" not in texts["hu"]
