"""Reading what people type: one table of words per kind of thing typed, one reader.

Whatever a person types to name a thing of the game or of the program — a card, a die
face, a treasure, a bot style, a command of a game without a screen — is read here, and
accepted in every language: the engine's identifier (the English word, kept as an
alias), the glossary's terms (cards, faces, treasures) or the catalogs' word (bot styles,
commands) in English, French and Hungarian, case and accents ignored, a space or a
hyphen alike ("longue-vue", "Longue vue", "távcső", "spyglass"). Help and errors show the
reader's own word (``shown``), the same word the reader may type.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Iterable
from functools import cache
from typing import Any

from ..engine import data
from ..engine.messages import N_, CelestiaError
from ..glossary import by_engine, fold
from ..i18n import LANGUAGES, Translator
from ..inputs import excerpt, whole


class InputError(CelestiaError):
    """Something typed that does not describe the game."""


#: Bot style → its name for people: the word shown beside a bot and the word typed.
STYLE_NAMES = {
    "random": N_("random"),
    "cautious": N_("cautious"),
    "sensible": N_("sensible"),
    "bold": N_("bold"),
    "expert": N_("expert"),
}


def _styles(tr: Translator) -> dict[str, str]:
    return {style: tr.gettext(msgid) for style, msgid in STYLE_NAMES.items()}


def _commands(tr: Translator) -> dict[str, str]:
    # TRANSLATORS: Same role for the four: a command typed, one word on its own line, in a
    # practice game played without a screen (celestia play --batch). One word, lower case,
    # easy to type; the player may also type the English word.
    return {"coach": tr.pgettext("typed command", "coach"),
            "board": tr.pgettext("typed command", "board"),
            "save": tr.pgettext("typed command", "save"),
            "quit": tr.pgettext("typed command", "quit")}


def _terms(tr: Translator) -> dict[str, str]:
    """Engine identifier → the glossary's word to type (its ``typed`` form, else its term)."""
    return {ident: concept.typed(tr.language) for ident, concept in by_engine().items()}


#: Kind of word → identifier → the reader's word. Cards, die faces and treasures are the
#: glossary's; bot styles and commands the catalogs'.
KINDS: dict[str, Callable[[Translator], dict[str, str]]] = {
    "style": _styles, "command": _commands, "variant": Translator.variant_words, "term": _terms}


def key(text: str) -> str:
    """The form two typed words are compared in: folded, a hyphen or underscore a space."""
    return " ".join(re.sub(r"[-_]", " ", fold(text)).split())


@cache
def _accepted(kind: str) -> dict[str, str]:
    """Every way to write each identifier of ``kind`` → identifier."""
    table: dict[str, str] = {}
    for language in LANGUAGES:
        for ident, word in KINDS[kind](Translator(language)).items():
            table.setdefault(key(ident), ident)
            table.setdefault(key(word), ident)
    if kind == "term":  # every term and alternative the glossary gives, in every language
        for ident, concept in by_engine().items():
            for words in concept.terms.values():
                for word in words:
                    table.setdefault(key(word), ident)
    return table


def read_word(text: str, kind: str, allowed: Iterable[str] | None = None) -> str | None:
    """The identifier a typed word names (``"prudent"`` → ``"cautious"``), or None."""
    ident = _accepted(kind).get(key(text))
    if ident is None or (allowed is not None and ident not in allowed):
        return None
    return ident


def shown(kind: str, ident: str, tr: Translator) -> str:
    """The reader's word for an identifier, the one help and errors show."""
    return KINDS[kind](tr).get(ident, ident)


def shown_list(kind: str, idents: Iterable[str], tr: Translator, style: str = "and") -> str:
    """The reader's words for identifiers as a list in words ("prudent, raisonnable et
    audacieux")."""
    return tr.join([shown(kind, i, tr) for i in idents], style)


#: A count before a name, as players write it: ``2xcompass`` (or ``2×compass``).
_COUNTED = re.compile(r"^(\d+)\s*[x×]\s*(\D.*)$", re.IGNORECASE)
#: The old way, a count and a space (``2 compass``): the shell cuts it unless quoted.
# "2 compass", and "3 x turbo" whose x is already there: the hint writes "3xturbo".
_SPACED = re.compile(r"^(\d+)\s+(?:[x×]\s+)?(\D.*)$")


def parse_names(text: str, identifiers: Iterable[str], option: str, tr: Translator,
                kind: str = "card", most: int | None = None,
                too_many: str | None = None) -> list[str]:
    """``"2xcompass,turbo"`` → ``["compass", "compass", "turbo"]``.

    Names may be engine identifiers or the glossary's words in any language, separated by
    commas; ``2xcompass`` repeats one. An unknown name raises ``InputError`` naming it, the
    option and the accepted names; a count written the old way, ``2 compass``, raises one
    that shows the new way. More than ``most`` names in all (by default, the cards of the
    whole game) raise ``too_many`` (with ``{option}``, ``{most}`` and ``{count}``) before
    the list is built: ``999xcompass`` ten thousand times would be ten million cards.
    """
    if most is None:
        most = sum(data.deck_composition(data.STANDARD, grappling_hook=True).values())
    allowed = tuple(identifiers)
    counted_names: list[tuple[str, int]] = []
    total = 0
    for raw in text.split(","):
        item = raw.strip()
        if not item:
            continue
        count = 1
        spaced = _SPACED.match(item)
        if spaced:
            raise InputError(N_('"{item}" in {option}: write a number of cards with an x and '
                                'no space, as in {example}.'), item=excerpt(item), option=option,
                             example=excerpt(f"{spaced.group(1)}x{spaced.group(2).strip()}"))
        counted = _COUNTED.match(item)
        if counted:
            if len(counted.group(1)) > 3:  # more than any game holds: refuse before building
                raise InputError(N_('"{text}" in {option} names more cards than the whole '
                                    "game holds."), text=excerpt(item), option=option)
            count, item = int(counted.group(1)), counted.group(2).strip()
        ident = read_word(item, "term", allowed)
        if ident is None:
            choices = tr.join([tr.term(i) for i in allowed], style="or")
            if kind == "face":
                raise InputError(N_('"{name}" in {option} is not a die face; write {choices}.'),
                                 name=excerpt(item), option=option, choices=choices)
            raise InputError(N_('"{name}" in {option} is not a card of the game; write '
                                '{choices}.'), name=excerpt(item), option=option,
                             choices=choices)
        total += count
        counted_names.append((ident, count))
    if total > most:
        # TRANSLATORS: {count} is more than {most}.
        raise InputError(too_many or N_("{option} names {count} cards, but the whole game "
                                        "holds only {most}."),
                         option=option, most=most, count=total)
    return [ident for ident, count in counted_names for _ in range(count)]


def parse_styles(text: str, allowed: Iterable[str], tr: Translator) -> list[str]:
    """``"prudent,bold"`` → ``["cautious", "bold"]``: bot styles separated by commas, in any
    language; an unknown one raises ``InputError`` naming it and the styles in the reader's
    words."""
    allowed = tuple(allowed)
    styles = []
    for raw in text.split(","):
        item = raw.strip()
        if not item:
            continue
        style = read_word(item, "style", allowed)
        if style is None:
            # TRANSLATORS: Same role wherever a bot style is read: an error.
            raise InputError(N_('Unknown bot style "{style}"; the styles are: {styles}.'),
                             style=excerpt(item), styles=shown_list("style", allowed, tr))
        styles.append(style)
    return styles


def parse_treasures(text: str, variant: str, tr: Translator,
                    option: str = "--treasures") -> list[tuple[int, int]]:
    """``"1:2,4:longue-vue"`` → ``[(1, 2), (4, 0)]``: treasures as city:value, a Magic
    Spyglass written 0 or by its name in any language (value 0)."""

    def treasure_error(item: str) -> InputError:
        return InputError(N_('"{item}" in {option} is not a treasure: write city:value with '
                             "a value that city's pile holds, e.g. 4:6 or 4:{spyglass}."),
                          item=excerpt(item), option=option,
                          spyglass=shown("term", data.SPYGLASS, tr))

    found: list[tuple[int, int]] = []
    most = sum(len(data.pile_composition(c, variant)) for c in data.CITY_VALUES)
    for raw in text.split(","):
        item = raw.strip()
        if not item:
            continue
        if len(found) == most:
            raise InputError(N_("{option} names more treasures than the whole game holds."),
                             option=option)
        city_text, _, value_text = item.partition(":")
        city = whole(city_text, 0, data.CITY_VALUES[-1])
        spyglass = value_text.strip() == "0" or read_word(value_text, "term",
                                                         (data.SPYGLASS,)) is not None
        value = 0 if spyglass else whole(value_text, 1, data.CITY_VALUES[-1])
        values = {t.value for t in data.pile_composition(city, variant)} \
            if city in data.CITY_VALUES else set()
        if value not in values:
            raise treasure_error(item)
        found.append((city, value))
    return found


def variant_argument(tr: Translator) -> Callable[[str], str]:
    """An argparse ``type`` for ``--variant``: the variant's word in any language
    ("beginner", "débutant", "gyors") → its identifier; an unknown one is named with the
    reader's words."""

    def parse(text: str) -> str:
        variant = read_word(text, "variant")
        if variant is None:
            raise argparse.ArgumentTypeError(tr.format(
                # TRANSLATORS: Same role wherever a variant is read: an error. {variants}
                # is the list of the variants' words in the reader's language.
                N_('Unknown variant "{variant}": choose {variants}.'), variant=excerpt(text),
                variants=tr.term_value("variants", data.VARIANTS)))
        return variant

    parse.__name__ = "variant"
    return parse


def record_variant_read(record: Any) -> Any:
    """A game record (``tutor.records.load``'s data) with its options' variant as the
    engine's identifier: a person editing the file may write it in their language
    ("débutant", "gyors"), as an unknown variant's error invites them to."""
    options = record.get("options") if isinstance(record, dict) else None
    variant = options.get("variant") if isinstance(options, dict) else None
    if isinstance(variant, str):
        options["variant"] = read_word(variant, "variant") or variant
    return record


def variant_metavar(tr: Translator) -> str:
    """``{standard,débutant}``: the variants as the usage line shows them."""
    return "{" + ",".join(shown("variant", v, tr) for v in data.VARIANTS) + "}"
