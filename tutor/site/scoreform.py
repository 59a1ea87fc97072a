"""The score sheet filled in on the website (the score-sheet page's form).

The page checks and adds up a sheet as ``celestia score`` does, without Python: this
module exports, at build time, what the checks of ``tutor.practice.scoresheet`` know —
the treasures and Magic Spyglasses of each variant (from the engine's data, through the
same functions), the limits, and every message of the checks already translated, with a
marker where the page puts a player's name or a number. The page's script
(``static/celestia-sheet-rules.js``) applies the same steps as
``scoresheet.sheet_from_rows``; ``tests/site/test_scoreform.py`` runs sheets through
both and compares problems, totals and winners.
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..engine import data
from ..engine.messages import N_, CelestiaError
from ..i18n import Translator
from ..inputs import EXCERPT_CHARS, NAME_MAX, name_problem
from ..practice.scoresheet import MESSAGES, SheetError, spyglasses_in_game, treasures_in_game

#: Where the page puts a value into a message: ``\x01player\x01`` and so on.
MARK = "\x01"
_SPEC = re.compile(r"\{\w+[:!][^}]*\}")


class FormError(CelestiaError):
    """The score sheet's messages cannot be exported for the page."""


def _marked(names: list[str]) -> dict[str, str]:
    return {name: f"{MARK}{name}{MARK}" for name in names}


def _template(tr: Translator, msgid: str, **fixed: Any) -> str:
    """``msgid`` in ``tr``'s language with each placeholder but ``fixed`` left as a
    marker. A translation that asks a grammatical form of a marked value (a spec) cannot
    be filled in by the page: the build stops and says which."""
    text = tr.gettext(msgid)
    if _SPEC.search(text):
        raise FormError(N_("The {language} translation of “{message}” asks a grammatical "
                           "form of a value that the website's score sheet fills in itself; "
                           "write it with plain placeholders."), language=tr.language,
                        message=msgid)
    names = [name for name in re.findall(r"\{(\w+)\}", msgid) if name not in fixed]
    return tr.message(SheetError(msgid, **_marked(names), **fixed))


def sheet_rules(tr: Translator) -> dict[str, Any]:
    """Everything the page's checks need, in ``tr``'s language."""
    variants = {}
    for variant in data.VARIANTS:
        in_game = treasures_in_game(variant)
        variants[variant] = {
            "treasures": {str(value): count for value, count in in_game.items()},
            "spyglasses": spyglasses_in_game(variant),
            # The values of the game in words, as the message lists them.
            "no_such_value": _template(tr, MESSAGES["no_such_value"],
                                       values=tuple(sorted(in_game))),
        }
    messages = {key: _template(tr, msgid) for key, msgid in MESSAGES.items()
                if key != "no_such_value"}
    for key, name in (("control", "a\x00"), ("long", "a" * (NAME_MAX + 1))):
        problem = name_problem(name)
        assert problem is not None
        messages[f"name_{key}"] = _template(tr, problem.msgid, most=NAME_MAX)
    return {"language": tr.language, "variants": variants, "messages": messages,
            "mark": MARK, "min_players": data.MIN_PLAYERS, "max_players": data.MAX_PLAYERS,
            "name_max": NAME_MAX, "excerpt": EXCERPT_CHARS,
            "spyglass_points": {"default": data.SPYGLASS_POINTS_DEFAULT,
                                "max": data.SPYGLASS_POINTS_MAX},
            "variant": data.STANDARD}


#: The form's own words.
LABELS = {
    "legend": N_("The game"),
    "variant": N_("Variant"),
    "standard": N_("Standard game"),
    # TRANSLATORS: Same role as the rulebook's option name: the game's variant.
    "beginner": N_("Beginner variant"),
    # TRANSLATORS: Same role as in the table of options: the option's name.
    "points": N_("Points for each unused Magic Spyglass"),
    "players": N_("Players"),
    "name": N_("Name"),
    "treasures": N_("Treasure values, e.g. 25 20 4"),
    "spyglasses": N_("Unused Magic Spyglasses"),
    "add": N_("Add a player"),
    "clear": N_("Clear the sheet"),
    "confirm_clear": N_("Clear every player from this sheet?"),
    "print": N_("Print the sheet"),
    "kept": N_("The sheet is kept in this browser: it is still here when you come back."),
    "results": N_("Scores"),
    # TRANSLATORS: Same role as in the example sheet: a column of the table.
    "rank": N_("Rank"),
    "player_column": N_("Player"),
    # TRANSLATORS: Same role as in the example sheet: a column of the table.
    "values_column": N_("Treasure values"),
    # TRANSLATORS: Same role as in the example sheet: a column of the table.
    "treasure_points": N_("Treasure points"),
    # TRANSLATORS: Same role as in the example sheet: a column of the table.
    "spyglasses_column": N_("Spyglasses kept"),
    "score": N_("Score"),
    "left_out": N_("Left out until corrected:"),
    "noscript": N_("Filling in the sheet on this page needs JavaScript; the celestia score "
                   "command does the same in a terminal."),
}


def labels(tr: Translator) -> dict[str, str]:
    """The form's own words, and the example sheet's verdict for one winner or more."""
    found = {key: tr.gettext(msgid) for key, msgid in LABELS.items()}
    # TRANSLATORS: Same role as in the example sheet: the verdict, for one winner or more.
    one = tr.ngettext("Winner: {names}.", "Winners, sharing the victory: {names}.", 1)
    many = tr.ngettext("Winner: {names}.", "Winners, sharing the victory: {names}.", 2)
    # Each row's own words, filled here: a translation may inflect the number.
    numbers = range(1, data.MAX_PLAYERS + 1)
    rows = {"player": [tr.format(N_("Player {number}"), number=n) for n in numbers],
            "remove": [tr.format(N_("Remove player {number}"), number=n) for n in numbers]}
    return {**found, **rows, "winner": one, "winners": many}


def page_data(language: str) -> str:
    """The form's data for a page in ``language``, as JSON safe inside ``<script>``."""
    tr = Translator(language)
    payload = {"rules": sheet_rules(tr), "labels": labels(tr)}
    return json.dumps(payload, ensure_ascii=False).replace("</", "<\\/")
