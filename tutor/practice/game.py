"""A practice game: the learner against bots, with the odds coach (no UI code here).

The controller owns the engine state, the chance source and the bots; it moves the game
on until the learner must decide, and keeps the events the learner may see (public
ones and those addressed to the learner) for narration. A game is saved as an engine
game record (``tutor.engine.record`` format) with one extra key, ``practice``, that
names the learner's seat, each bot's style and the seed::

    "practice": {"learner": 0, "bots": [null, "cautious", "bold"], "seed": 42,
                 "coach": true}

Every option the game was started with is in the record (the rule options, the names,
the bots, the seed and whether the coach is on), so ``--resume`` restores them all.
Resuming replays the record; the chance and the bots continue from seeds derived from
the seed and the length of the history, so a resumed game goes on deterministically.
"""

from __future__ import annotations

import json
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import records
from ..engine import (
    CHANCE,
    TERMINAL,
    Event,
    Options,
    SeededChance,
    State,
    replay,
    to_record,
)
from ..engine.messages import N_, CelestiaError
from ..file_errors import os_reason
from ..i18n import Translator
from ..inputs import name_problem, shown_path
from ..storage import state_dir, write_atomic, write_new
from .coach import Advice, advise
from .expert import STYLES, make_player
from .parse import record_variant_read

#: Said wherever a game is saved, or could not be, or is kept aside.
GAME_SAVED = N_("Game saved to {path}.")
CANNOT_SAVE = N_("Cannot save the game to {path}: {reason}")
KEPT_ASIDE = N_("The unfinished game is kept in {path}; resume it with: {command}")

#: Bot seat names: cloud names, the same in every language.
BOT_NAMES = ("Nimbus", "Cirrus", "Stratus", "Cumulus", "Altus")
#: The styles a practice bot may have (the random bot is for tests and simulations).
PRACTICE_STYLES = tuple(s for s in STYLES if s != "random")


class PracticeError(CelestiaError):
    """A practice game that cannot be set up, saved or resumed."""


@dataclass(frozen=True)
class Setup:
    """The choices made before a practice game."""

    name: str
    bots: tuple[str, ...]
    variant: str = "standard"
    grappling_hook: bool = False
    spyglass_points: int = 2
    seed: int = 0
    #: The first captain's seat (the learner sits at seat 0).
    first_captain: int = 0
    #: Show the coach at every decision (saved with the game).
    coach: bool = False


class PracticeGame:
    """The learner at seat ``learner``; bots at every other seat."""

    def __init__(self, state: State, learner: int, styles: list[str | None], seed: int,
                 coach: bool = False) -> None:
        self.state = state
        #: The coach was asked for when the game started (``--coach``): resuming keeps it.
        self.coach = coach
        self.learner = learner
        self.styles = styles
        self.seed = seed
        offset = len(state.history)
        self.chance = SeededChance(seed * 1_000_003 + offset)
        self.bots = {p: make_player(style, seed * 101 + p * 7 + offset)
                     for p, style in enumerate(styles) if style is not None}
        #: Everything the learner has been told, in order.
        self.log: list[Event] = []

    # --- Starting -----------------------------------------------------------------------
    @classmethod
    def new(cls, setup: Setup) -> PracticeGame:
        if not 1 <= len(setup.bots) <= len(BOT_NAMES):
            # TRANSLATORS: Same role wherever bots are counted: an error.
            raise PracticeError(N_("A practice game has 1 to {most} bots, not {count}."),
                                most=len(BOT_NAMES), count=len(setup.bots))
        for style in setup.bots:
            if style not in PRACTICE_STYLES:
                raise PracticeError(N_('Unknown bot style "{style}"; the styles are: '
                                       "{styles}."), style=style,
                                    styles=", ".join(PRACTICE_STYLES))
        players = len(setup.bots) + 1
        options = Options(players=players, first_captain=setup.first_captain % players,
                          variant=setup.variant, grappling_hook=setup.grappling_hook,
                          spyglass_points=setup.spyglass_points)
        name = setup.name.strip() or "?"
        problem = name_problem(name)
        if problem is not None:
            raise PracticeError(problem.msgid, **problem.params)
        seats = [name, *BOT_NAMES[:len(setup.bots)]]
        if name in BOT_NAMES[:len(setup.bots)]:
            raise PracticeError(N_('"{name}" is the name of a bot; choose another name.'),
                                name=name)
        game = cls(State(options, seats), 0, [None, *setup.bots], setup.seed, setup.coach)
        game.advance()
        return game

    @classmethod
    def from_record(cls, record: Any) -> PracticeGame:
        """Resume a saved practice game (``to_record``'s output)."""
        extra = record.get("practice") if isinstance(record, dict) else None
        if not isinstance(extra, dict):
            raise PracticeError(N_('This game record has no "practice" part: it was not saved '
                                   "from a practice game."))
        state = replay(record)
        learner = extra.get("learner")
        styles = extra.get("bots")
        seed = extra.get("seed")
        coach = extra.get("coach", False)
        if (not isinstance(learner, int) or not isinstance(seed, int)
                or not isinstance(coach, bool)
                or not isinstance(styles, list) or len(styles) != state.players
                or not 0 <= learner < state.players or styles[learner] is not None
                or any(s not in PRACTICE_STYLES for i, s in enumerate(styles)
                       if i != learner)):
            raise PracticeError(N_('The "practice" part of this record must name the learner\'s '
                                   "seat, a bot style for every other seat and a seed."))
        game = cls(state, learner, styles, seed, coach)
        game.log = _this_step(record, learner)
        game.advance()
        return game

    # --- Playing ------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.state.actor == TERMINAL

    @property
    def waiting(self) -> bool:
        """True when the learner must decide."""
        return self.state.actor == self.learner

    def visible(self, events: list[Event]) -> list[Event]:
        return [e for e in events if e.to is None or e.to == self.learner]

    def advance(self, limit: int = 100_000) -> list[Event]:
        """Let chance and the bots play until the learner decides or the game ends."""
        told: list[Event] = []
        state = self.state
        for _ in range(limit):
            actor = state.actor
            if actor == CHANCE:
                events = state.apply(self.chance.outcome(state))
            elif actor == TERMINAL or actor == self.learner:
                break
            else:
                events = state.apply(self.bots[actor].choose(state, actor), actor)
            told.extend(self.visible(events))
        self.log.extend(told)
        return told

    def choices(self) -> list[str]:
        return self.state.legal_actions(self.learner) if self.waiting else []

    def play(self, action: str) -> list[Event]:
        """The learner's move (``IllegalAction`` if the rules forbid it); then the bots'."""
        events = self.visible(self.state.apply(action, self.learner))
        self.log.extend(events)
        return events + self.advance()

    def advice(self, tr: Translator | None = None) -> Advice:
        """The coach's advice to the learner now, from the learner's knowledge only."""
        return advise(self.state, self.learner, tr)

    # --- Saving -------------------------------------------------------------------------
    def to_record(self) -> dict[str, Any]:
        record = to_record(self.state)
        record["practice"] = {"learner": self.learner, "bots": list(self.styles),
                              "seed": self.seed, "coach": self.coach}
        return record

    def save(self, path: str | Path) -> None:
        """Write the game record atomically (a crash never leaves half a file)."""
        try:
            write_atomic(path, self._text(), private=True)
        except OSError as err:
            raise PracticeError(CANNOT_SAVE, path=shown_path(path),
                                reason=os_reason(err)) from err

    def save_new(self, place: Path) -> Path:
        """Write the game record as a new file named like ``place`` (``-2``, ``-3``… when
        another game took that name in the same second); returns where."""
        try:
            return write_new(place.parent, place.stem, place.suffix, self._text(),
                             private=True)
        except OSError as err:
            raise PracticeError(CANNOT_SAVE, path=str(place), reason=os_reason(err)) from err

    def _text(self) -> str:
        return json.dumps(self.to_record(), ensure_ascii=False, indent=1)

    def rescue(self, path: str | Path) -> tuple[Path | None, PracticeError | None]:
        """Save to ``path``, else to the first place that takes it (the state folder, the
        home folder, the temporary folder). Returns where it went (None if nowhere)
        and the error of ``path``, if it failed."""
        try:
            self.save(path)
            return Path(path), None
        except PracticeError as err:
            failure = err
        for place in fallback_paths(Path(path)):
            try:
                return self.save_new(place), failure
            except PracticeError:
                continue
        return None, failure


def _this_step(record: dict[str, Any], learner: int) -> list[Event]:
    """What the learner was told since the step on the table began (the voyage's start
    with its first step, the roll, who stayed…), so that a resumed game shows it again.
    The record replays as it did in ``from_record``; here the events are kept."""
    state = replay(record, upto=0)
    told: list[Event] = []
    stepped = False
    for _, action in record["history"]:
        for event in state.apply(action):
            if event.kind == "voyage":
                told, stepped = [], False
            elif event.kind == "step":
                if stepped:
                    told = []
                stepped = True
            if event.to is None or event.to == learner:
                told.append(event)
    return told


def default_save_path() -> Path:
    """The practice game's save file in the state folder (``CELESTIA_STATE_DIR`` too)."""
    return state_dir() / "practice-game.json"


def fallback_paths(failed: Path) -> list[Path]:
    """Other places to save a game that could not be saved at ``failed``."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    name = f"celestia-practice-game-{stamp}.json"
    places = [default_save_path().with_name(f"practice-game-{stamp}.json"),
              Path.home() / name, Path(tempfile.gettempdir()) / name]
    return [p for p in places if p.parent != failed.parent]


def load(path: str | Path) -> PracticeGame:
    """Resume the practice game saved at ``path``; a fault in it names the file."""
    record = record_variant_read(records.load(path))
    try:
        return PracticeGame.from_record(record)
    except CelestiaError as err:
        raise records.in_file(err, path) from err


def unfinished(path: Path) -> PracticeGame | None:
    """The unfinished game saved at ``path``; None if there is none or it is over.

    Raises ``CelestiaError`` if a file is there but is not a game this program can read.
    """
    if not path.exists():
        return None
    game = load(path)
    return None if game.over else game
