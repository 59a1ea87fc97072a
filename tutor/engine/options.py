"""Game options: the rule options of RULES.md with their defaults."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from . import data
from .messages import N_, OptionsError


def _whole(value: object) -> bool:
    """A whole number, and not a boolean (``True`` is an ``int`` in Python)."""
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True)
class Options:
    """Everything that shapes one game before the first card is dealt.

    ``first_captain`` is a seat index (§2.4, default the first seat); ``variant`` is
    ``standard`` or ``beginner`` (§6); ``grappling_hook`` adds the promotional Power card
    (§4.6, off by default); ``spyglass_points`` is what an unused Spyglass scores (§5.2).
    ``seed`` seeds the shuffles and dice when no chance source is given (``play_game``);
    None (the default) means a different game every time. A record does not need it: it
    holds every chance outcome itself.
    """

    players: int = 4
    first_captain: int = 0
    variant: str = data.STANDARD
    grappling_hook: bool = False
    spyglass_points: int = data.SPYGLASS_POINTS_DEFAULT
    seed: int | None = None

    def __post_init__(self) -> None:
        if not _whole(self.players) or not (
            data.MIN_PLAYERS <= self.players <= data.MAX_PLAYERS
        ):
            raise OptionsError(
                N_("Celestia is played by {low} to {high} players, not {players}."),
                low=data.MIN_PLAYERS,
                high=data.MAX_PLAYERS,
                players=self.players,
            )
        if not _whole(self.first_captain) or not (
            0 <= self.first_captain < self.players
        ):
            raise OptionsError(
                N_("The first captain must be a seat from 0 to {last}, not {seat}."),
                last=self.players - 1,
                seat=self.first_captain,
            )
        if self.variant not in data.VARIANTS:
            raise OptionsError(
                # TRANSLATORS: Same role wherever a variant is read: an error. {variants}
                # is the list of the variants' words in the reader's language.
                N_('Unknown variant "{variant}": choose {variants}.'),
                variant=self.variant, variants=data.VARIANTS,
            )
        if not isinstance(self.grappling_hook, bool):
            raise OptionsError(N_("The grappling_hook option is true or false."))
        if self.grappling_hook and self.variant == data.BEGINNER:
            raise OptionsError(
                N_("The beginner variant has no Power cards, so it cannot use the Grappling Hook.")
            )
        if not _whole(self.spyglass_points) or not (
            0 <= self.spyglass_points <= data.SPYGLASS_POINTS_MAX
        ):
            raise OptionsError(
                # TRANSLATORS: Same role wherever options are read: an error.
                N_("spyglass_points must be a whole number from 0 to {most}, not {value}."),
                most=data.SPYGLASS_POINTS_MAX,
                value=self.spyglass_points,
            )
        if self.seed is not None and not _whole(self.seed):
            raise OptionsError(N_("The seed must be a whole number, not {value}."),
                               value=self.seed)

    @property
    def beginner(self) -> bool:
        return self.variant == data.BEGINNER

    def to_dict(self) -> dict[str, Any]:
        """The options as a JSON-ready dict (the ``options`` of a game record)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, values: dict[str, Any]) -> Options:
        """Options from a dict; missing options take their defaults, unknown ones are
        an ``OptionsError``."""
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(values) - known)
        if unknown:
            raise OptionsError(
                N_("Unknown option \"{name}\"; the options are: {known}."),
                name=unknown[0],
                known=", ".join(sorted(known)),
            )
        return cls(**values)
