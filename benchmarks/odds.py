"""Odds coach speed: the exact pass probability for the hardest case, against sampling.

The hardest case: four dice showing four different hazards (four Equipment groups plus
Turbos and the rest), six players at the start of the game (a passenger holding the 6
cards dealt, the captain 6 unknown cards among the rest). Prints the median time of one
exact query (caches of the computation itself cleared each time; only math's binomials
are shared), then the same probability estimated from 100,000 sampled captain hands.

    python benchmarks/odds.py
"""

from __future__ import annotations

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
        odds._turbo_tails.cache_clear()
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


if __name__ == "__main__":
    main()
