"""The score sheet in words, and the interactive entry of a sheet (prompt-toolkit)."""

from __future__ import annotations

from collections.abc import Callable

from prompt_toolkit.utils import get_cwidth

from ..engine import data
from ..engine.messages import N_
from ..i18n import Translator
from ..inputs import name_problem
from .scoresheet import (
    Entry,
    ScoreSheet,
    SheetError,
    parse_spyglasses,
    parse_values,
    spyglasses_in_game,
)


def result_lines(sheet: ScoreSheet, tr: Translator) -> list[str]:
    """Totals, ranking and winner(s) of a complete sheet."""
    results = sheet.results()
    # A variant without Magic Spyglasses (the beginner's) shows none: no points for
    # them, no count of them.
    spyglasses = spyglasses_in_game(sheet.variant) > 0
    if spyglasses:
        title = tr.ngettext("Score sheet ({n} point for each unused Magic Spyglass):",
                            "Score sheet ({n} points for each unused Magic Spyglass):",
                            sheet.spyglass_points).format(n=tr.number(sheet.spyglass_points))
    else:
        title = tr.gettext(N_("Score sheet (beginner variant):"))
    lines = [title]
    width = max(get_cwidth(r.name) for r in results)
    for r in results:
        name = r.name + " " * (width - get_cwidth(r.name))
        if not spyglasses:
            lines.append(tr.format(N_("{rank}. {player}  {total}"), rank=f"{r.rank:>2}",
                                   player=name, total=f"{r.total:>3}"))
            continue
        detail = tr.ngettext("{treasures} in treasures, {n} Spyglass",
                             "{treasures} in treasures, {n} Spyglasses", r.spyglasses).format(
            n=tr.number(r.spyglasses), treasures=tr.number(r.treasure_points))
        lines.append(tr.format(N_("{rank}. {player}  {total} ({detail})"),
                               rank=f"{r.rank:>2}", player=name, total=f"{r.total:>3}",
                               detail=detail))
    winners = sheet.winners()
    if len(winners) == 1:
        # TRANSLATORS: Same role at the end of every game: the winner.
        lines.append(tr.format(N_("{player} wins."), player=winners[0]))
    else:
        # TRANSLATORS: Same role at the end of every game: two or more winners.
        lines.append(tr.format(N_("{players} share the victory."), players=tr.join(winners)))
    return lines


Ask = Callable[[str, str], str]


def enter_sheet(sheet: ScoreSheet, ask: Ask, say: Callable[[str], None],
                tr: Translator) -> bool:
    """Ask for each player in turn until an empty name; a wrong line is asked again.

    ``ask(question, default)`` returns the answer (raises ``EOFError`` or
    ``KeyboardInterrupt`` to stop). Returns False if entry was interrupted; the players
    already entered stay on ``sheet`` either way.
    """
    has_spyglasses = spyglasses_in_game(sheet.variant) > 0
    say(tr.gettext(N_("Enter each player in turn. Leave the name empty when everyone is "
                      "entered; enter a name again to correct that player.")))
    pending: Entry | None = None
    try:
        while True:
            number = len(sheet.entries) + 1
            name = ask(tr.format(N_("Name of player {number}: "), number=number), "").strip()
            if not name:
                if len(sheet.entries) >= data.MIN_PLAYERS:
                    return True
                text = tr.ngettext("A score sheet needs at least {n} player.",
                                   "A score sheet needs at least {n} players.", data.MIN_PLAYERS)
                say(text.format(n=tr.number(data.MIN_PLAYERS)))
                continue
            problem = name_problem(name)
            if problem is not None:
                say(tr.message(problem))
                continue
            old = next((e for e in sheet.entries if e.name == name), None)
            if old is None and len(sheet.entries) >= data.MAX_PLAYERS:
                say(tr.format(N_("A game of Celestia has at most {most} players; "
                                 "{player} would be one too many."),
                              most=data.MAX_PLAYERS, player=name))
                continue
            if old is not None:
                say(tr.format(N_("{player} is already on the sheet: the new values will "
                                 "replace the old ones."), player=name))
            while True:
                values_text = ask(tr.format(
                    N_("Treasure values of {player} (e.g. 25 20 4): "), player=name),
                    " ".join(str(v) for v in old.values) if old else "")
                try:
                    values = parse_values(values_text, name)
                    entry = Entry(name, values, 0)
                    problems = [p for p in sheet.problems(entry)]
                    if problems:
                        raise problems[0]
                    break
                except SheetError as err:
                    say(tr.message(err))
            pending = entry  # its treasures are typed: never lost, even if stopped now
            pending.spyglasses = old.spyglasses if old else 0
            while has_spyglasses:
                glasses_text = ask(tr.format(N_("Unused Magic Spyglasses of {player}: "),
                                             player=name), str(old.spyglasses) if old else "0")
                try:
                    entry = Entry(name, values, parse_spyglasses(glasses_text, name))
                    sheet.add(entry)
                    break
                except SheetError as err:
                    say(tr.message(err))
            if not has_spyglasses:
                sheet.add(entry)
            pending = None
            say(tr.nformat("{player}: {n} point.", "{player}: {n} points.",
                           sheet.total(entry), player=name))
    except (EOFError, KeyboardInterrupt):
        if pending is not None and not sheet.problems(pending):
            sheet.add(pending)
            say(tr.format(N_("{player}'s treasures are kept; their unused Magic Spyglasses "
                             "were not entered, so the sheet says {count}: correct it if "
                             "needed."), player=pending.name, count=pending.spyglasses))
        return False
