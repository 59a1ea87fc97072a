"""What may name a seat: a game record's seats, a practice game's player, a score sheet's."""

from __future__ import annotations

import unicodedata

from .messages import N_, CelestiaError, excerpt

#: The longest name a score sheet or a practice game takes.
NAME_MAX = 40


def name_problem(name: str) -> CelestiaError | None:
    """Why ``name`` cannot name a player (control characters, line breaks, too long)."""
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn")
           for ch in name):
        return CelestiaError(N_('The name "{name}" contains a line break or a control '
                                "character; write the name on one line."), name=excerpt(name))
    if len(name) > NAME_MAX:
        return CelestiaError(N_('The name "{name}" is too long: at most {most} characters.'),
                             name=excerpt(name), most=NAME_MAX)
    return None
