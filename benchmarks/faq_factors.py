"""How much each factor of the FAQ's ranking should weigh, fitted on the development sets.

    python benchmarks/faq_factors.py [--steps 300]

The ranking (``tutor.content.faq._scores``) multiplies an entry's lexical score by one
factor per signal: coverage, the likeness of its question, focus, intents, order,
negation, subject, variant, the nearest example question and the main entry of a card,
and adds what the nearest example question gives on its own (``EXAMPLE_SCORE``, kept as
it is here: the fit weighs the factors around it). This script records those factors for
every question of the development sets (the situational tuning half and the evaluation
set, cross-validated as in ``faq_quality.py --cross-validate``: each fold's questions
held back from the example questions) and fits one exponent per factor by conditional
logit (the right entry against every entry that scored), gradient ascent from the
present weights (all exponents 1) with a pull back towards them. It prints the fitted
exponents relative to the lexical score's and how many development questions, and how
many of the development fresh sets (``faq_fresh.tsv``, ``faq_fresh2.tsv``,
``faq_fresh3.tsv``, ``faq_fresh5.tsv``: the sets of ``faq_quality.STUDIED``), come first
with the present weights and with the fitted ones. A constant factor fitted to an
exponent ``e`` becomes the constant to the power ``e`` (``ORDER_MISMATCH`` 0.6 at 0.166
is 0.92). The untouched set ``faq_fresh4.tsv`` and the held-out sets are not read. Needs
``numpy`` (``pip install numpy``, not a dependency of the project).
"""

from __future__ import annotations

import argparse
import inspect
import math
import sys
from pathlib import Path

try:
    import numpy as np
except ImportError:
    sys.exit("faq_factors: numpy is not installed (pip install numpy)")

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import faq_quality  # noqa: E402

from tutor.content import faq  # noqa: E402

NAMES = ["lexical", "coverage", "question", "focus", "intent", "order", "negation",
         "subject", "variant", "example", "main entry"]
_MAIN = NAMES.index("main entry")
#: Where each factor is applied in ``faq._scores``: the line after which the factor so
#: far is recorded under its name (the factor is the quotient of two records).
_MARKS = [("        factor *= 1 + FOCUS_WEIGHT * focus\n", "focus"),
          ("                          for a in asks & set(index.intents[i]))\n", "intent"),
          ("            factor *= ORDER_MISMATCH\n", "order"),
          ("            factor *= NEGATION_FACTOR\n", "negation"),
          ("            factor *= SUBJECT_FACTOR\n", "subject"),
          ("            factor *= VARIANT_FACTOR\n", "variant"),
          ("            factor *= 1 + EXAMPLE_WEIGHT * nearest[i]\n", "example")]


def _recording_scores():
    """``faq._scores`` with each entry's factors recorded in ``faq.RECORDED``."""
    source = inspect.getsource(faq._scores).replace("def _scores(", "def _recorded_scores(")
    first = ("        factor = coverage ** COVERAGE_POWER * (1 + QUESTION_WEIGHT\n"
             "                                        * _likeness(shape, index.questions[i]))\n")
    assert first in source
    source = source.replace(first, first + (
        "        RECORDED[i] = {'lexical': score, 'coverage': coverage ** COVERAGE_POWER,\n"
        "                       'question': factor / coverage ** COVERAGE_POWER"
        " if coverage else 1.0, 'before': factor}\n"))
    for line, name in _MARKS:
        assert line in source, name
        # Recorded after the ``if`` or loop the line ends, at the loop's indentation.
        source = source.replace(line, line + f"        RECORDED[i][{name!r}] = factor\n", 1)
    told = "        told_alike = EXAMPLE_SCORE * weight_of_all * nearest[i] * nearest[i]\n"
    assert told in source
    source = source.replace(told, told + "        TOLD[i] = told_alike\n", 1)
    main = "            scores[i] *= MAIN_ENTRY_FACTOR\n"
    assert main in source
    source = source.replace(main, main + "            RECORDED.get(i, {})['main entry'] = "
                                         "MAIN_ENTRY_FACTOR\n")
    exec(compile(source, "faq_factors", "exec"), faq.__dict__)
    return faq.__dict__["_recorded_scores"]


def _factors(record: dict[str, float]) -> list[float]:
    """The logarithm of each factor of one entry, in the order of ``NAMES``."""
    chain = ["before", "focus", "intent", "order", "negation", "subject", "variant", "example"]
    values = {"lexical": record["lexical"], "coverage": record["coverage"],
              "question": record["question"], "main entry": record.get("main entry", 1.0)}
    last = record["before"]
    for name in chain[1:]:
        now = record.get(name, last)
        values[name] = now / last if last else 1.0
        last = now
    return [math.log(max(values[name], 1e-12)) for name in NAMES]


def collect(queries, scores) -> list[tuple[int, dict[int, list[float]]]]:
    ids = [e.id for e in faq._entries()]
    found = []
    for language, expected, query in queries:
        faq.__dict__["RECORDED"] = {}
        faq.__dict__["TOLD"] = {}
        _, text = faq._search_text(query)
        if text:
            scores(text, language)
        recorded, told = faq.__dict__["RECORDED"], faq.__dict__["TOLD"]
        entries = {i: (_factors(r), told.get(i, 0.0)) for i, r in recorded.items()
                   if r["lexical"] > 0}
        # An entry its words do not reach scores by its nearest example alone.
        entries.update({i: (None, t) for i, t in told.items() if t and i not in entries})
        found.append((ids.index(expected), entries))
    return found


def _logits(entries, weights) -> tuple[list[int], np.ndarray, np.ndarray]:
    """Each entry's log score (the product of its weighted factors, plus what its
    nearest example adds on its own) and its slope in each factor's weight."""
    keys = list(entries)
    table = np.array([entries[k][0] if entries[k][0] is not None else np.zeros(len(NAMES))
                      for k in keys])
    product = np.array([np.exp(table[n] @ weights) if entries[k][0] is not None else 0.0
                        for n, k in enumerate(keys)])
    # The main entry's factor multiplies the whole score, the example's part with it.
    main = np.exp(table[:, _MAIN] * weights[_MAIN])
    total = product + np.array([entries[k][1] for k in keys]) * main
    share = product / total
    slopes = table * share[:, None]
    slopes[:, _MAIN] = table[:, _MAIN]
    return keys, np.log(total), slopes


def firsts(data, weights) -> int:
    found = 0
    for right, entries in data:
        if entries:
            keys, z, _ = _logits(entries, weights)
            found += keys[int(np.argmax(z))] == right
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=300)
    args = parser.parse_args()
    scores = _recording_scores()
    development = [q for found in faq_quality.tuning_sets().values() for q in found]
    folds = faq_quality.FOLDS
    train = []
    for fold in faq_quality.held_back_folds(development, folds):
        train += collect([x for n, x in enumerate(development) if n % folds == fold], scores)
    fresh = {name.split()[0]: collect(faq_quality.read_queries(path), scores)
             for name, path in faq_quality.STUDIED.items()}
    present = np.ones(len(NAMES))
    weights = present.copy()
    for _ in range(args.steps):
        gradient = np.zeros_like(weights)
        for right, entries in train:
            if right not in entries:
                continue
            keys, z, slopes = _logits(entries, weights)
            p = np.exp(z - z.max())
            p /= p.sum()
            gradient += slopes[keys.index(right)] - p @ slopes
        weights += 0.002 * gradient - 0.0002 * (weights - present)
    relative = weights / weights[0]
    print("fitted exponents, relative to the lexical score's:")
    for name, value in zip(NAMES, relative, strict=True):
        print(f"  {name:<11} {value:.3f}")
    for title, w in (("present weights", present), ("fitted weights", relative)):
        figures = ", ".join(f"{name} {firsts(data, w)}/{len(data)}"
                            for name, data in fresh.items())
        print(f"{title}: development {firsts(train, w)}/{len(train)} first; {figures}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
