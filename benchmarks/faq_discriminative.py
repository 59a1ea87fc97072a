"""Whether a discriminative model of the example questions would help the FAQ's ranking.

    python benchmarks/faq_discriminative.py [--steps 300]

The ranking (``tutor.content.faq._scores``) compares a query with the nearest example
question of each entry (``faq_examples.yaml``): one example at a time, it cannot learn
which few words tell two neighbouring entries apart. This script trains, on the example
questions' features (``faq._features``, as the cosine reads them), models that learn
which words point to which entry and away from its neighbours:

- ``logistic``: a multinomial logistic regression (softmax, L2-penalised) on the
  features weighed by their rarity (as the cosine weighs them), each question's vector
  of length one: the upper bound of what such a factor can do here;
- ``bayes``: multinomial naive Bayes on the same features (counts only, Laplace
  smoothed): the cheap version, which needs nothing but the examples' counts.

Each model is trained as ``faq_quality.py --cross-validate`` asks: for each fold of the
development questions (the situational tuning half and the evaluation set), on the
example questions without that fold's questions (``faq.hold_back``); for the fresh sets
(in no example), on all of them. Its probability for each entry that scored becomes one
more factor, next to those ``benchmarks/faq_factors.py`` records, in place of the
ranking's own naive Bayes factor (``likely``: ``faq._Examples.likely``), and the
exponents of all of them are fitted by the same conditional logit. Printed: how many
development questions and how many of each fresh set come first with each model alone,
with the present weights (with and without ``likely``; and with each model's factor,
``likely``'s included, in its place, at the exponent of ``GRID`` that puts the most
development questions first), with the fitted weights without ``likely``, with it, and
with each model instead. The untouched set
``faq_fresh4.tsv`` and the held-out sets are not read. Needs ``numpy`` (``pip install
numpy``, not a dependency of the project).
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

try:
    import numpy as np
except ImportError:
    sys.exit("faq_discriminative: numpy is not installed (pip install numpy)")

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import faq_factors  # noqa: E402
import faq_quality  # noqa: E402

from tutor.content import faq  # noqa: E402

LANGUAGES = ("en", "fr", "hu")
#: The exponents tried for each model's factor with the present weights.
GRID = (0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1.0, 1.5)


def query_features(language: str, query: str) -> list[str]:
    """The features of ``query`` compared with the example questions, as ``_scores``
    computes them (rule ids left out, typos corrected); none for a query of a word or
    two, which ``_scores`` compares with no example question."""
    _, text = faq._search_text(query)
    index = faq._index(language)
    if not text:
        return []
    shape, _, _, features = faq._features(faq._corrected(text, index), language, index)
    # A word or two: the ranking compares nothing with the example questions.
    return features if len(shape) >= 3 else []


class Logistic:
    """Softmax regression on rarity-weighed, length-one feature vectors."""

    def __init__(self, examples, total: int, penalty: float, steps: int) -> None:
        self.names = {f: n for n, f in enumerate(examples.rarity)}
        self.rarity = np.array([examples.rarity[f] for f in self.names])
        x = np.array([self.vector(found) for found in examples.features])
        y = np.zeros((len(x), total))
        y[np.arange(len(x)), examples.entries] = 1.0
        w = np.zeros((x.shape[1], total))
        b = np.zeros(total)
        # Adam on the mean log loss plus ``penalty`` times the weights' squared length.
        moments = [np.zeros_like(w), np.zeros_like(b)]
        squares = [np.zeros_like(w), np.zeros_like(b)]
        for step in range(1, steps + 1):
            p = self._softmax(x @ w + b)
            grads = [x.T @ (p - y) / len(x) + penalty * w, (p - y).mean(axis=0)]
            for n, (param, grad) in enumerate(zip((w, b), grads, strict=True)):
                moments[n] = 0.9 * moments[n] + 0.1 * grad
                squares[n] = 0.999 * squares[n] + 0.001 * grad * grad
                param -= 0.05 * (moments[n] / (1 - 0.9 ** step)) / (
                    np.sqrt(squares[n] / (1 - 0.999 ** step)) + 1e-8)
        self.w, self.b = w, b

    def vector(self, features: list[str]) -> np.ndarray:
        v = np.zeros(len(self.names))
        for f in features:
            if f in self.names:
                v[self.names[f]] = self.rarity[self.names[f]]
        length = np.linalg.norm(v)
        return v / length if length else v

    @staticmethod
    def _softmax(z: np.ndarray) -> np.ndarray:
        z = z - z.max(axis=-1, keepdims=True)
        e = np.exp(z)
        return e / e.sum(axis=-1, keepdims=True)

    def probabilities(self, features: list[str]) -> np.ndarray:
        return self._softmax(self.vector(features) @ self.w + self.b)


class Bayes:
    """Multinomial naive Bayes on the features (each counted once per question)."""

    def __init__(self, examples, total: int, alpha: float, complement: bool = False) -> None:
        self.names = {f: n for n, f in enumerate(examples.rarity)}
        counts = np.zeros((total, len(self.names)))
        questions = np.zeros(total)
        for entry, found in zip(examples.entries, examples.features, strict=True):
            questions[entry] += 1
            for f in found:
                counts[entry, self.names[f]] += 1
        if complement:
            # Complement naive Bayes: how unlike every other entry's questions the query
            # is (steadier when entries have few questions each).
            counts = counts.sum(axis=0, keepdims=True) - counts
        self.log_feature = np.log((counts + alpha) / (
            counts.sum(axis=1, keepdims=True) + alpha * len(self.names)))
        if complement:
            self.log_feature = -self.log_feature
        # Every entry equally likely beforehand: the examples' numbers per entry say how
        # many were written, not how often it is asked.
        self.log_prior = np.zeros(total)

    def probabilities(self, features: list[str]) -> np.ndarray:
        z = self.log_prior.copy()
        for f in features:
            if f in self.names:
                z += self.log_feature[:, self.names[f]]
        z -= z.max()
        e = np.exp(z)
        return e / e.sum()


def with_factor(data, queries, models) -> list:
    """``data`` (from ``faq_factors.collect``: each entry's factors, or None when only its
    nearest example scored, and what that example adds) with one more factor per model:
    the logarithm of the probability it gives the entry."""
    found = []
    for (right, entries), (language, _, query) in zip(data, queries, strict=True):
        features = query_features(language, query)
        # nothing to compare: every entry alike
        probs = [m[language].probabilities(features) if features else
                 np.ones(len(faq._entries())) for m in models]
        found.append((right, {
            i: (None if v is None else
                [*v, *(math.log(max(float(p[i]), 1e-300)) for p in probs)], told)
            for i, (v, told) in entries.items()}))
    return found


def _models(args) -> dict[str, object]:
    """Each model asked for, by name, as a function of the example questions."""
    total = len(faq._entries())
    found: dict[str, object] = {}
    for name in args.models:
        if name == "logistic":
            found[name] = lambda ex: Logistic(ex, total, args.penalty, args.train_steps)
        elif name.startswith("complement"):
            # complement naive Bayes: "complement" (alpha 0.1) or "complement0.5"
            alpha = float(name[10:] or 0.1)
            found[name] = lambda ex, alpha=alpha: Bayes(ex, total, alpha, complement=True)
        elif name.startswith("bayes"):
            # "bayes" (alpha 0.1) or "bayes0.5"
            alpha = float(name[5:] or 0.1)
            found[name] = lambda ex, alpha=alpha: Bayes(ex, total, alpha)
        else:
            raise SystemExit(f"faq_discriminative: unknown model {name!r}")
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=300, help="steps of the logit fit")
    parser.add_argument("--models", nargs="+", default=["logistic", "bayes"],
                        help="logistic, bayes (alpha 0.1), bayes<alpha> (bayes0.5)")
    parser.add_argument("--penalty", type=float, default=1e-4,
                        help="the logistic regression's L2 penalty")
    parser.add_argument("--train-steps", type=int, default=300,
                        help="steps of the logistic regression's training")
    args = parser.parse_args()
    makers = _models(args)

    def trained():
        held = faq.__dict__["_held_back"]
        return [{lang: make(faq._examples(lang, held)) for lang in LANGUAGES}
                for make in makers.values()]

    scores = faq_factors._recording_scores()
    development = [q for found in faq_quality.tuning_sets().values() for q in found]
    folds = faq_quality.FOLDS
    train = []
    for fold in faq_quality.held_back_folds(development, folds):
        asked = [x for n, x in enumerate(development) if n % folds == fold]
        train += with_factor(faq_factors.collect(asked, scores), asked, trained())
    everything = trained()
    fresh = {}
    for name, path in faq_quality.STUDIED.items():
        asked = faq_quality.read_queries(path)
        fresh[name.split()[0]] = with_factor(faq_factors.collect(asked, scores), asked,
                                             everything)
    base = len(faq_factors.NAMES)

    main_entry = faq_factors.NAMES.index("main entry")

    def select(data, keep, scale=None):
        """The columns ``keep`` of ``data``, each times its ``scale`` (1 by default)."""
        scale = scale or {}
        return [(r, {i: (None if v is None else [v[k] * scale.get(k, 1.0) for k in keep],
                         told)
                     for i, (v, told) in e.items()}) for r, e in data]

    def line(keep, weights, scale=None) -> str:
        main = keep.index(main_entry)
        figures = ", ".join(
            f"{name} {faq_factors.firsts(select(data, keep, scale), weights, main)}"
            f"/{len(data)}" for name, data in fresh.items())
        return (f"development {faq_factors.firsts(select(train, keep, scale), weights, main)}"
                f"/{len(train)} first; {figures}")

    def alone(data, column) -> int:
        """How often the model's most likely entry, of those the words reached, is right."""
        return sum(1 for right, e in data
                   if any(v is not None for v, _ in e.values())
                   and max((i for i in e if e[i][0] is not None),
                           key=lambda i: e[i][0][column]) == right)

    for n, name in enumerate(makers):
        figures = ", ".join(f"{title} {alone(data, base + n)}/{len(data)}"
                            for title, data in fresh.items())
        print(f"{name} alone (of the entries the words reach): development "
              f"{alone(train, base + n)}/{len(train)} first; {figures}")
    # The ranking's own naive Bayes (``likely``) is one of the recorded factors: the
    # ranking without it is the baseline each model is compared with.
    others = [n for n, name in enumerate(faq_factors.NAMES) if name != "likely"]
    landed = faq_factors.NAMES.index("likely")
    print(f"present weights: {line(list(range(base)), np.ones(base))}")
    print(f"present weights without likely: {line(others, np.ones(len(others)))}")
    weights = faq_factors.fit(select(train, others), np.ones(len(others)), args.steps,
                              others.index(main_entry))
    print(f"fitted, without likely: {line(others, weights)}")
    # With the present weights and each model's factor at the exponent that puts the most
    # development questions first (the conditional logit's fit of every exponent is
    # biased by what the nearest example adds outside the product).
    for title, column in (("likely", landed),
                          *((name, base + n) for n, name in enumerate(makers))):
        keep = [*others, column]
        main = keep.index(main_entry)
        # ``likely`` is recorded to the power BAYES_POWER: brought back to the probability
        scale = {landed: 1 / faq.BAYES_POWER}
        mine = select(train, keep, scale)
        best = max(GRID, key=lambda e: (faq_factors.firsts(
            mine, np.array([1.0] * len(others) + [e]), main), -e))
        print(f"present weights, with {title} instead, to the power {best}: "
              f"{line(keep, np.array([1.0] * len(others) + [best]), scale)}")
    for title, column in (("likely", landed),
                          *((name, base + n) for n, name in enumerate(makers))):
        keep = [*others, column]
        weights = faq_factors.fit(select(train, keep), np.array([1.0] * len(others) + [0.0]),
                                  args.steps, keep.index(main_entry))
        print(f"fitted, with {title} instead (exponent {weights[-1]:.3f}): "
              f"{line(keep, weights)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
