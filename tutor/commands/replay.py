"""``celestia replay FILE``: replay a game record and show how the game ended."""

from __future__ import annotations

import argparse
import sys

from babel.lists import format_list
from babel.numbers import format_decimal

from .. import records
from ..engine import TERMINAL, State, record
from ..engine.messages import N_, CelestiaError, RecordError
from ..engine.state import END_MESSAGES, END_PARAMS
from ..i18n import Translator
from ..inputs import excerpt
from ..names import is_unnamed_player, unnamed_player
from ..practice.parse import record_variant_read
from ..practice.scoresheet import spyglasses_in_game

HELP = N_("replay a game record and print the final state and scores")


def configure(parser: argparse.ArgumentParser, tr: Translator) -> None:
    _ = tr.gettext
    # TRANSLATORS: Same role everywhere: the placeholder for a file name in a command's usage.
    parser.add_argument("file", metavar=_("FILE"), help=_("a game record (JSON)"))
    parser.add_argument("--events", action="store_true",
                        help=_("also print every public event of the game"))


def _table(rows: list[list[str]]) -> list[str]:
    """Columns padded to their widest cell; the first column left-aligned, others right."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return ["  " + "  ".join(cell.ljust(w) if i == 0 else cell.rjust(w)
                             for i, (cell, w) in enumerate(zip(row, widths, strict=True)))
            .rstrip() for row in rows]


def final_state_lines(state: State, tr: Translator) -> list[str]:
    """The end (or the current point) of a game, in words, with a score table."""
    lines = []
    if state.actor == TERMINAL:
        lines.append(tr.ngettext("The game ended after {voyages} voyage.",
                                 "The game ended after {voyages} voyages.",
                                 state.voyage).format(voyages=state.voyage))
        lines.append(tr.format(END_MESSAGES[state.end_reason], **END_PARAMS))
    else:
        lines.append(tr.format(N_("The record stops during voyage {voyage}, step {step}; the "
                                  "game is not over."), voyage=state.voyage, step=state.step))

    def num(value: int) -> str:
        return format_decimal(value, locale=tr.language)

    headers = (
        # TRANSLATORS: Same role everywhere: a column header.
        N_("Player"),
        # TRANSLATORS: Same role everywhere: a column header.
        N_("Score"),
        # TRANSLATORS: Same role everywhere: a column header.
        N_("Treasures"),
        N_("Unused Spyglasses"),
    )
    rows = [[tr.gettext(header) for header in headers]]
    rows += [[name, num(state.score(p)), num(len(state.treasures[p])),
              num(state.spyglasses(p))] for p, name in enumerate(state.seats)]
    if not spyglasses_in_game(state.options.variant):   # the beginner's game has none
        rows = [row[:-1] for row in rows]
    lines.append(tr.gettext(N_("Scores:")))
    lines.extend(_table(rows))
    if state.winners:
        names = [state.seats[p] for p in state.winners]
        if len(names) == 1:
            lines.append(tr.format(N_("Winner: {player}."), player=names[0]))
        else:
            lines.append(tr.format(N_("Shared victory: {players}."),
                                   players=format_list(names, locale=tr.language)))
    return lines


def _print_error(err: RecordError, path: str, tr: Translator) -> None:
    """A record error, with the file's name, and, on its own line, the rule the entry
    broke, both translated."""
    if err.entry is not None:
        what = CelestiaError(N_('Entry {number} of the record ("{action}") cannot be '
                                "replayed."), **err.params)
    else:
        what = CelestiaError(N_("The record's options are not valid."))
    print(tr.message(records.in_file(what, path)), file=sys.stderr)
    assert err.cause is not None
    print(tr.message(_quoted_short(err.cause)), file=sys.stderr)


def _quoted_short(err: CelestiaError) -> CelestiaError:
    """The engine's error with what the record said quoted short (an action string in a
    record may be long)."""
    params = {k: excerpt(v, 200) if isinstance(v, str) else v for k, v in err.params.items()}
    return CelestiaError(err.msgid, **params)


def run(args: argparse.Namespace, tr: Translator) -> int:
    data = record_variant_read(records.load(args.file))
    try:
        state = record.replay(data)
    except RecordError as err:
        if err.cause is None:
            raise records.in_file(err, args.file) from err
        _print_error(err, args.file, tr)
        return 2
    if not isinstance(data, dict) or data.get("seats") is None:
        # A record without names: its seats are read as numbered players, in the
        # reader's language ("Az 1. játékos a kapitány."), not the engine's "P1".
        state.seats = tuple(unnamed_player(seat + 1, tr) for seat in range(state.players))
    else:
        # A seat saved unnamed in another language ("Joueur 1") is read in the reader's.
        state.seats = tuple(unnamed_player(seat + 1, tr)
                            if is_unnamed_player(name, seat + 1) else name
                            for seat, name in enumerate(state.seats))
    if args.events:
        fresh = State(state.options, list(state.seats))
        for _actor, action in state.history:
            for event in fresh.apply(action):
                if event.to is None:
                    print(tr.message(event))
    print("\n".join(final_state_lines(state, tr)))
    return 0
