"""The orders a lesson shows things in: a question's choices, a drill's exercises. Drawn
from the lesson, the question and the attempt, the same on every Python and machine."""

from __future__ import annotations

import hashlib


def permutation(count: int, seed: str) -> list[int]:
    """A permutation of ``range(count)`` drawn from ``seed``: a Fisher–Yates shuffle fed by
    BLAKE2b, so that every order can come and it is the same on every Python and machine
    (the page's Pyodide too)."""
    order = list(range(count))
    stream = b""
    block = 0
    for i in range(count - 1, 0, -1):
        if len(stream) < 8:
            stream += hashlib.blake2b(f"{seed}|{block}".encode(), digest_size=64).digest()
            block += 1
        number, stream = int.from_bytes(stream[:8], "big"), stream[8:]
        j = number % (i + 1)  # the bias of a 64-bit number modulo at most a few dozen: none
        order[i], order[j] = order[j], order[i]
    return order


#: The orders drawn so far for each (count, lesson, question), attempt by attempt: each
#: depends on the one before, and a learner who retries a goal often asks for many.
_DRAWN: dict[tuple[int, str, str], list[list[int]]] = {}


def shown_order(count: int, lesson_id: str, key: str, attempt: int) -> list[int]:
    """The order of ``count`` options at this attempt of this question of this lesson:
    drawn afresh for each attempt, and drawn again while it equals the order of the
    attempt before (with one option there is only one order)."""
    drawn = _DRAWN.setdefault((count, lesson_id, key), [])
    while len(drawn) <= attempt:
        number = len(drawn)
        previous = drawn[-1] if drawn else None
        draw = 0
        while True:
            order = permutation(count, f"{lesson_id}|{key}|{number}|{draw}")
            draw += 1
            if order != previous or count < 2:
                break
        drawn.append(order)
    return list(drawn[attempt])
