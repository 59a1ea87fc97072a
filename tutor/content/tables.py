"""Tables of the game's data (cities, deck, die faces, hands), built from
``tutor.engine.data`` and translated, for the rulebook, the website and the CLI."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..engine import data
from ..engine.messages import N_

if TYPE_CHECKING:
    from ..i18n import Translator

#: Names of cards, hazards and colours as shown in tables (capitalised labels).
CARD_LABELS: dict[str, str] = {
    data.COMPASS: N_("Compass"),
    data.LIGHTNING_ROD: N_("Lightning rod"),
    data.FOGHORN: N_("Foghorn"),
    data.CANNON: N_("Cannon"),
    # TRANSLATORS: Same role: the card's name (a table cell, a rule title).
    data.TURBO: N_("Turbo"),
    # TRANSLATORS: Same role: the card's name (a table cell, a rule title).
    data.EJECTION: N_("Ejection"),
    # TRANSLATORS: Same role: the card's name (a table cell, a rule title).
    data.JETPACK: N_("Jetpack"),
    # TRANSLATORS: Same role: the card's name (a table cell, a rule title).
    data.ALTERNATIVE_ROUTE: N_("Alternative Route"),
    # TRANSLATORS: Same role: the card's name (a table cell, a rule title).
    data.GUST_OF_WIND: N_("Gust of Wind"),
    # TRANSLATORS: Same role: the card's name (a table cell, a rule title).
    data.GRAPPLING_HOOK: N_("Grappling Hook"),
    # TRANSLATORS: Same role: the card's name (a table cell, a rule title).
    data.SPYGLASS: N_("Magic Spyglass"),
}
FACE_LABELS: dict[str, str] = {
    data.FOG: N_("Fog"),
    data.LIGHTNING: N_("Lightning"),
    data.BIRDS: N_("Birds"),
    data.PIRATES: N_("Pirates"),
    data.BLANK: N_("Blank"),
}
COLOUR_LABELS: dict[str, str] = {
    "blue": N_("blue cloud"),
    "yellow": N_("yellow lightning"),
    "red": N_("red bird"),
    "black": N_("black swords"),
    "white": N_("nothing"),
}
NONE = "–"

Rows = tuple[list[str], list[list[str]]]


def _faces(tr: Translator) -> Rows:
    _ = tr.gettext
    head = [_("Die face"), _("Picture"), _("Faces per die"), _("Equipment that answers it")]
    rows = []
    for face in data.FACES:
        answer = data.ANSWERS.get(face)
        rows.append([_(FACE_LABELS[face]), _(COLOUR_LABELS[data.FACE_COLOURS[face]]),
                     str(data.DIE_FACES.count(face)),
                     _(CARD_LABELS[answer]) if answer else _("none needed")])
    return head, rows


#: A no-break space: a count, its × and what it counts never part at the end of a line.
NBSP = "\u00a0"
#: A word joiner after a hyphen: "Longue-vue" stays whole on a line too.
HYPHEN_JOINED = "-\u2060"


def _pile(city: int, tr: Translator) -> str:
    parts = [f"{count}{NBSP}×{NBSP}{value}" for value, count in data.TREASURE_PILES[city]]
    spyglasses = sum(1 for card in data.pile_composition(city) if card.is_spyglass)
    if spyglasses:
        # Within a list, the glossary's word as running text writes it ("1 × távcső").
        name = str(tr.term(data.SPYGLASS)).replace(" ", NBSP).replace("-", HYPHEN_JOINED)
        parts.append(f"{spyglasses}{NBSP}×{NBSP}{name}")
    return ", ".join(parts)


def _cities(tr: Translator) -> Rows:
    _ = tr.gettext
    # TRANSLATORS: Same role everywhere: a column header.
    head = [_("City"), _("Dice to reach it"), _("Treasure pile"), _("Cards")]
    rows = [[str(city), str(data.DICE_TO_REACH.get(city, NONE)), _pile(city, tr),
             str(len(data.pile_composition(city)))] for city in data.CITY_VALUES]
    return head, rows


def _deck(tr: Translator) -> Rows:
    _ = tr.gettext
    head = [_("Card"), _("Kind"), _("Copies"), _("Use")]
    rows = []
    # Whole phrases, not "answers {hazard}": Hungarian puts a suffix on the hazard.
    answers = {
        data.FOG: N_("answers fog"),
        data.LIGHTNING: N_("answers lightning"),
        data.BIRDS: N_("answers birds"),
        data.PIRATES: N_("answers pirates"),
    }
    for card in data.EQUIPMENT:
        rows.append([_(CARD_LABELS[card]), _("Equipment"), str(data.EQUIPMENT_COUNTS[card]),
                     _(answers[data.HAZARD_OF[card]])])
    rows.append([_(CARD_LABELS[data.TURBO]), _("Turbo"), str(data.TURBO_COUNT),
                 _("replaces any Equipment card")])
    uses = {
        data.EJECTION: N_("forces a passenger off"),
        data.JETPACK: N_("escape a crash"),
        data.ALTERNATIVE_ROUTE: N_("reroll chosen dice"),
        data.GUST_OF_WIND: N_("reroll blank dice"),
    }
    for card in data.POWERS:
        rows.append([_(CARD_LABELS[card]), _("Power"), str(data.POWER_COUNTS[card]),
                     _(uses[card])])
    rows.append([_(CARD_LABELS[data.GRAPPLING_HOOK]), _("Power (option)"),
                 str(data.GRAPPLING_HOOK_COUNT), _("climb back aboard")])
    return head, rows


def deck_totals(tr: Translator) -> str:
    """The cards of each deck, said under the table of cards (a deck is not a card)."""
    # TRANSLATORS: {standard} and {beginner} are 2 or more (tens of cards).
    return tr.format(N_("The standard draw pile holds {standard} cards; the beginner "
                        "variant's, {beginner}."),
                     standard=sum(data.deck_composition().values()),
                     beginner=sum(data.deck_composition(data.BEGINNER).values()))


def _hands(tr: Translator) -> Rows:
    _ = tr.gettext
    # TRANSLATORS: Same role everywhere: a label (a column header, a fact of the box).
    head = [_("Players"), _("Cards dealt to each")]
    return head, [[str(n), str(size)] for n, size in sorted(data.HAND_SIZE.items())]


TABLES: dict[str, Callable[[Translator], Rows]] = {
    "faces": _faces,
    "cities": _cities,
    "deck": _deck,
    "hands": _hands,
}


#: What a table says below its rows, where it has something (a sentence, translated).
NOTES: dict[str, Callable[[Translator], str]] = {"deck": deck_totals}


def table_note(name: str, tr: Translator) -> str:
    """The sentence under the table ``name``, or ""."""
    note = NOTES.get(name)
    return note(tr) if note else ""


def table_rows(name: str, tr: Translator) -> Rows:
    """Headings and rows of the table ``name``, translated."""
    return TABLES[name](tr)


def render_text(name: str, tr: Translator, width: int = 80) -> str:
    """The table as aligned plain-text columns, or as "heading: value" lines if too wide;
    then its note."""
    # start-up: the command-line lookups (benchmarks/lookup.py)
    import textwrap

    table = _render_rows(name, tr, width)
    note = table_note(name, tr)
    return table + ("\n" + textwrap.fill(note, width) if note else "")


def _render_rows(name: str, tr: Translator, width: int) -> str:
    head, rows = table_rows(name, tr)
    widths = [max(len(row[i]) for row in [head, *rows]) for i in range(len(head))]
    if sum(widths) + 3 * (len(widths) - 1) <= width:
        def line(cells: list[str]) -> str:
            return " | ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)).rstrip()

        rule = "-+-".join("-" * w for w in widths)
        return "\n".join([line(head), rule, *(line(r) for r in rows)])
    # start-up: the command-line lookups (benchmarks/lookup.py)
    import textwrap

    records = []
    for row in rows:
        # A heading keeps its value's first word on its line ("Cartes : 9").
        pairs = [tr.format(N_("{heading}: {value}"), heading=h, value=c)
                 .replace(": ", ":" + NBSP, 1) for h, c in zip(head, row, strict=True) if c]
        line = pairs[0] if pairs else ""
        for pair in pairs[1:]:
            # Through the catalog, so that each language's punctuation and its spacing
            # (French: a narrow no-break space before ";") come from its translation.
            # TRANSLATORS: The cells of a table row printed on one line, one after the
            # other: "City: 1; Dice to reach it: –; …".
            line = tr.format(N_("{cells}; {cell}"), cells=line, cell=pair)
        records += textwrap.wrap(line, width, subsequent_indent="    ",
                                 break_on_hyphens=False)
    return "\n".join(records)
