"""The engine's random number generator: Python's, copied in one step, shuffling faster."""

from __future__ import annotations

import _random
import random
from collections.abc import MutableSequence
from typing import Any


class Generator(random.Random):
    """``random.Random`` whose deep copy takes its state in one call: copied number by
    number, its 625-number state made each undo point of a lesson (which copies the
    chance and the bots) cost a thousand times more.

    Its ``shuffle`` draws exactly the numbers ``random.Random.shuffle`` draws, in the same
    order, so that a seed deals the same game; it only skips a method call per card and
    looks up how many bits each draw takes (the deck and the piles are shuffled at every
    game, the engine's playouts' largest single cost). ``_SAME`` checks this at import
    against the Python running, and falls back to Python's own where it differs.
    """

    def seed(self, a: Any = None, version: int = 2) -> None:
        """As ``random.Random.seed``; an int goes straight to the C seeding, which is what
        Python's does with it after checking for the other types (every playout seeds a
        generator for chance and one per bot)."""
        if type(a) is int:
            _random.Random.seed(self, a)
            self.gauss_next = None
        else:
            super().seed(a, version)

    def __deepcopy__(self, memo: dict[int, object]) -> Generator:
        twin = Generator()
        twin.setstate(self.getstate())
        return twin

    def shuffle(self, x: MutableSequence[Any]) -> None:  # type: ignore[override]
        if not _SAME:
            random.Random.shuffle(self, x)
            return
        getrandbits = self.getrandbits
        bits = _BITS if len(x) <= len(_BITS) else [n.bit_length() for n in range(1, len(x) + 1)]
        for i in range(len(x) - 1, 0, -1):
            # random.Random._randbelow_with_getrandbits(i + 1), inlined.
            j = getrandbits(bits[i])
            while j > i:
                j = getrandbits(bits[i])
            x[i], x[j] = x[j], x[i]


#: The bits ``_randbelow(i + 1)`` draws, by ``i``, for lists up to the deck's size and more.
_BITS = tuple((i + 1).bit_length() for i in range(128))


def _same_as_python() -> bool:
    """Whether the inlined shuffle draws as Python's does here."""
    global _SAME
    _SAME = True
    for seed in range(3):
        ours = list(range(150))
        theirs = list(range(150))
        Generator(seed).shuffle(ours)
        random.Random(seed).shuffle(theirs)
        if ours != theirs:
            return False
    return random.Random._randbelow is random.Random._randbelow_with_getrandbits  # type: ignore[attr-defined]


_SAME = False
_SAME = _same_as_python()
