"""The engine's random number generator: Python's, copied in one step."""

from __future__ import annotations

import random


class Generator(random.Random):
    """``random.Random`` whose deep copy takes its state in one call: copied number by
    number, its 625-number state made each undo point of a lesson (which copies the
    chance and the bots) cost a thousand times more."""

    def __deepcopy__(self, memo: dict[int, object]) -> Generator:
        twin = Generator()
        twin.setstate(self.getstate())
        return twin
