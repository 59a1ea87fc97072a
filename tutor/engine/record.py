"""Game records: options, seats and every applied action, chance outcomes included.

Format (JSON, UTF-8, ``format_version`` 1)::

    {
      "format": "celestia-record",
      "format_version": 1,
      "options": {"players": 3, "first_captain": 0, "variant": "standard",
                  "grappling_hook": false, "spyglass_points": 2},
      "seats": ["Ann", "Bob", "Cy"],
      "history": [["chance", "deck compass turbo ..."],
                  ["chance", "pile 1 2 1 spyglass ..."],
                  ...
                  ["chance", "roll fog blank"],
                  [1, "stay"], [2, "leave"], [0, "pay compass"], ...]
    }

- ``format`` and ``format_version`` are required; a reader refuses other versions.
- ``options``: the keyword arguments of ``Options``; a missing option takes its default,
  an unknown one is an error. ``seats`` (optional): one name per player, seat 0 first.
- ``history``: every applied action in order, each ``[actor, action]`` where ``actor`` is a
  seat index or ``"chance"`` and ``action`` the string exactly as ``State.legal_actions``
  lists it, or as a chance source wrote it: ``deck <every card, top first>``, then
  ``pile <city> <every treasure, top first>`` for each city from 1 to 25, then rolls
  (``roll <faces>``) and reshuffles (``shuffle <every card, top first>``).

Replaying the history on a new state gives the same game; a history may stop before the
end (a game in progress). Undo is a replay of all but the last entries. Reading a record
file is ``tutor.records.load``'s work: the engine takes the parsed data.
"""

from __future__ import annotations

import json
from typing import Any

from .messages import N_, CelestiaError, RecordError, excerpt
from .options import Options
from .seats import name_problem
from .state import CHANCE, State

FORMAT = "celestia-record"
FORMAT_VERSION = 1


def to_record(state: State) -> dict[str, Any]:
    """The record of ``state``'s game so far, as JSON-ready data."""
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "options": state.options.to_dict(),
        "seats": list(state.seats),
        "history": [["chance" if actor == CHANCE else actor, action]
                    for actor, action in state.history],
    }


def dumps(state: State) -> str:
    """The record of ``state`` as JSON text."""
    return json.dumps(to_record(state), ensure_ascii=False, indent=1)


def _new_state(record: dict[str, Any]) -> State:
    options = record.get("options", {})
    seats = record.get("seats")
    history = record.get("history")
    if not isinstance(options, dict) or not isinstance(history, list) or (
        seats is not None and not (isinstance(seats, list)
                                   and all(isinstance(s, str) and s.strip() for s in seats))
    ):
        raise RecordError(N_("The record's options must be an object, its seats a list of "
                             "names and its history a list."))
    for name in seats or ():
        problem = name_problem(name)
        if problem is not None:
            raise RecordError(N_("The record's seats are not valid: {reason}"),
                              reason=problem)
    try:
        parsed = Options.from_dict(options)
    except CelestiaError as err:
        raise RecordError(N_("The record's options are not valid: {reason}"),
                          reason=err, cause=err) from err
    if seats is not None and len(seats) != parsed.players:
        raise RecordError(N_("The record's seats do not match its game of {players} players: "
                             "the number of seat names is {count}."),
                          count=len(seats), players=parsed.players)
    return State(parsed, seats)


def replay(record: dict[str, Any], upto: int | None = None) -> State:
    """Replay a record (or its first ``upto`` entries).

    Raises ``RecordError`` naming the entry and the reason: ``entry`` holds its number
    and ``cause`` the engine's error when the rules refused it.
    """
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise RecordError(N_("This is not a Celestia game record (no \"format\": \"{format}\")."),
                          format=FORMAT)
    version = record.get("format_version")
    if version != FORMAT_VERSION:
        raise RecordError(N_("Record format version {version} is not supported; this program "
                             "reads version {supported}."), version=version,
                          supported=FORMAT_VERSION)
    state = _new_state(record)
    history = record["history"]
    entries = history if upto is None else history[:upto]
    for number, entry in enumerate(entries, start=1):
        if (not isinstance(entry, list) or len(entry) != 2 or not isinstance(entry[1], str)
                or len(entry[1]) > MAX_ACTION_CHARS
                or not (entry[0] == "chance" or (isinstance(entry[0], int)
                                                 and not isinstance(entry[0], bool)))):
            raise RecordError(N_("Entry {number} of the history is not [actor, action]."),
                              number=number, entry=number)
        actor = CHANCE if entry[0] == "chance" else entry[0]
        if state.is_terminal():
            raise RecordError(N_("Entry {number}: the game was already over."), number=number,
                              entry=number)
        if actor != state.actor:
            # Chance is no name: it has messages of its own, which translate it.
            if state.actor == CHANCE:
                msgid = N_("Entry {number}: the record says {said} acts, but chance must "
                           "decide.")
            elif actor == CHANCE:
                msgid = N_("Entry {number}: the record says chance acts, but {actor} must "
                           "decide.")
            else:
                msgid = N_("Entry {number}: the record says {said} acts, but {actor} must "
                           "decide.")
            raise RecordError(msgid, number=number, entry=number, said=state._name(actor),
                              actor=state._name(state.actor))
        try:
            state.apply(entry[1])
        except CelestiaError as err:
            raise RecordError(N_("Entry {number} (\"{action}\") cannot be replayed: {reason}"),
                              number=number, action=excerpt(entry[1], 80), reason=err,
                              entry=number, cause=err) from err
    return state


#: The longest action string a record can hold (the deck outcome, every card named).
MAX_ACTION_CHARS = 4096


def undo(state: State, count: int = 1) -> State:
    """The state before the last ``count`` player decisions (chance outcomes after them
    are undone too, and those before them are kept)."""
    history = state.history
    cut = len(history)
    for _ in range(count):
        cut -= 1
        while cut >= 0 and history[cut][0] == CHANCE:
            cut -= 1
        if cut < 0:
            cut = 0
            break
    return replay(to_record(state), upto=cut)
