"""Odds coach speed and strength.

1. The exact pass probability for the hardest case, against sampling. Four dice showing
   four different hazards (four Equipment groups plus Turbos and the rest), six players at
   the start of the game (a passenger holding the 6 cards dealt, the captain 6 unknown
   cards among the rest). Prints the median time of one exact query (caches of the
   computation itself cleared each time; only math's binomials are shared), then the same
   probability estimated from 100,000 sampled captain hands.
2. The coach's advice (``tutor.practice.coach.advise``, the sentence and the details
   included) at every decision of one seat in real 4-player games: median, slowest, and
   the very first answer of the process (cold caches), and how many were decided by the
   chance to win (the end of the game at stake, ``tutor.practice.endgame``); then how
   often the expert bot, which plays that advice, wins against the sensible bot (4
   players, two seats each, seats alternating and rotating as in ``celestia simulate
   --ladder``).

    python benchmarks/odds.py [--duel-games N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

# Run as a script, this folder comes first on sys.path, where a benchmark named tutor.py
# would hide the tutor package.
_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]

from tutor.engine import data  # noqa: E402
from tutor.engine.payment import can_pay, hazard_counts  # noqa: E402
from tutor.practice import odds  # noqa: E402

PLAYERS = 6
DICE = ("fog", "lightning", "birds", "pirates")
SAMPLES = 100_000
REPEATS = 301


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duel-games", type=int, default=DUEL_GAMES)
    args = parser.parse_args()
    size = data.hand_size(PLAYERS)
    deck = data.deck_composition()
    # A passenger's hand as dealt: the first cards of a fixed shuffle.
    rng = random.Random(2015)
    cards = [card for card, k in deck.items() for _ in range(k)]
    rng.shuffle(cards)
    hand: dict[str, int] = {}
    for card in cards[:size]:
        hand[card] = hand.get(card, 0) + 1
    unseen = odds.unseen_cards(deck, hand, [])

    times = []
    for _ in range(REPEATS):
        odds.turbo_tails.cache_clear()
        started = time.perf_counter()
        exact = odds.captain_pay_odds(unseen, size, DICE)
        times.append(time.perf_counter() - started)
    exact_ms = statistics.median(times) * 1000

    pool = [card for card, k in unseen.items() for _ in range(k)]
    needs = hazard_counts(DICE)
    started = time.perf_counter()
    hits = 0
    for _ in range(SAMPLES):
        sample: dict[str, int] = {}
        for card in rng.sample(pool, size):
            sample[card] = sample.get(card, 0) + 1
        hits += can_pay(needs, sample)
    sampling_ms = (time.perf_counter() - started) * 1000
    estimate = hits / SAMPLES
    p = float(exact.with_turbos)
    error = (p * (1 - p) / SAMPLES) ** 0.5

    print(f"case: {PLAYERS} players, start of game, dice {' '.join(DICE)}, "
          f"passenger's hand {sum(hand.values())} cards, captain {size} unknown cards "
          f"among {len(pool)}")
    print(f"exact: P(pay, Turbos included) = {exact.with_turbos} = {p:.6f}; "
          f"P(Equipment alone) = {float(exact.equipment):.6f}")
    print(f"exact: median {exact_ms:.4f} ms per query over {REPEATS} queries")
    print(f"sampling: {estimate:.6f} from {SAMPLES:,} hands in {sampling_ms:.0f} ms "
          f"(standard error {error:.6f}, off by {abs(estimate - p) / error:.1f} SE)")
    print(f"odds: {exact_ms:.3f} ms exact, {sampling_ms / exact_ms:.0f}x faster than sampling")
    advice(args.duel_games)


ADVICE_GAMES = 12
DUEL_GAMES = 400


def advice(duel_games: int = 400) -> None:
    from tutor.commands.simulate import pair_share
    from tutor.engine import Options, SeededChance, State
    from tutor.i18n import Translator
    from tutor.practice.coach import advise
    from tutor.practice.expert import make_player

    tr = Translator("en")
    times: list[float] = []
    kinds: dict[str, int] = {}
    by_win = 0
    for game in range(ADVICE_GAMES):
        state = State(Options(players=4, seed=game))
        chance = SeededChance(game)
        bots = [make_player(style, game * 10 + p)
                for p, style in enumerate(("expert", "sensible", "bold", "cautious"))]
        while not state.is_terminal():
            if state.is_chance():
                state.apply(chance.outcome(state))
                continue
            actor = state.actor
            if actor == 0 and len(state.legal_actions()) > 1:
                started = time.perf_counter()
                found = advise(state, 0, tr)
                times.append(time.perf_counter() - started)
                kinds[found.kind] = kinds.get(found.kind, 0) + 1
                by_win += found.by_win
            state.apply(bots[actor].choose(state, actor))
    median_ms = statistics.median(times) * 1000
    print(f"advice: {len(times)} decisions of one seat in {ADVICE_GAMES} games "
          f"({', '.join(f'{k} {n}' for k, n in sorted(kinds.items()))}); {by_win} decided "
          "by the chance to win, the voyage being able to end the game")
    print(f"advice: first answer (cold caches) {times[0] * 1000:.1f} ms, slowest "
          f"{max(times) * 1000:.1f} ms, 95th percentile "
          f"{sorted(times)[int(len(times) * 0.95)] * 1000:.1f} ms")
    started = time.perf_counter()
    won = pair_share("expert", "sensible", 4, range(duel_games), 0, {})
    seconds = time.perf_counter() - started
    share = won / duel_games
    margin = 1.96 * (share * (1 - share) / duel_games) ** 0.5
    print(f"duel: expert against sensible, {duel_games} games of 4 players in {seconds:.0f} s, "
          f"expert wins {share:.1%} (95 % interval ±{margin:.1%})")
    print(f"advice: {median_ms:.1f} ms median, {share * 100:.1f} % expert wins against "
          f"sensible (4 players)")


if __name__ == "__main__":
    main()
