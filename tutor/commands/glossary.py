"""``celestia glossary [TERM]``: the game's terms in English, French and Hungarian."""

from __future__ import annotations

import argparse
import sys
import textwrap
from typing import TYPE_CHECKING

from babel import Locale

from ..content.terminal import use_colour, width
from ..engine.messages import N_
from ..glossary import closest, concepts, definition_params, find
from ..i18n import LANGUAGES, Translator
from ..inputs import excerpt

if TYPE_CHECKING:
    from ..glossary import Concept

HELP = N_("show a game term with its English, French and Hungarian equivalents")

#: The narrowest the three labelled languages of a term still fit in.
LEAST_WIDTH = 40
BOLD, RESET = "\033[1m", "\033[0m"


def configure(parser: argparse.ArgumentParser, tr: Translator) -> None:
    _ = tr.gettext
    parser.add_argument("term", nargs="*", metavar=_("TERM"),
                        help=_("a term in any of the three languages; case and accents do not "
                               "matter (without a term, every term is listed)"))


def _bold(text: str, colour: bool) -> str:
    return f"{BOLD}{text}{RESET}" if colour else text


def language_name(language: str, tr: Translator) -> str:
    """A language's name in the reader's language, as a heading: "Anglais", "Angol"."""
    name = Locale.parse(tr.language).languages[language]
    return name[:1].upper() + name[1:]


def _words(concept: Concept, language: str) -> str:
    """The term, then its alternatives and short forms in brackets."""
    first, *others = concept.terms[language]
    return f"{first} ({', '.join(others)})" if others else first


def describe(concept: Concept, tr: Translator, columns: int, colour: bool) -> list[str]:
    """One concept: its term in the reader's language, the three languages, the definition."""
    lines = [_bold(concept.term(tr.language), colour)]
    # TRANSLATORS: a language's name as the label of its term ("Français : boussole").
    labels = {lang: tr.format(N_("{language}:"), language=language_name(lang, tr))
              for lang in LANGUAGES}
    label_width = max(len(label) for label in labels.values()) + 1
    for language in LANGUAGES:
        label = f"  {labels[language]:<{label_width}} "
        lines += textwrap.wrap(_words(concept, language), columns, initial_indent=label,
                               subsequent_indent=" " * len(label)) or [label.rstrip()]
    definition = tr.format(concept.definition, **definition_params())
    lines += textwrap.wrap(definition, columns, initial_indent="  ", subsequent_indent="  ")
    if concept.note:
        lines += textwrap.wrap(tr.gettext(concept.note), columns, initial_indent="  ",
                               subsequent_indent="  ")
    return lines


def table(concepts: tuple[Concept, ...], tr: Translator, columns: int,
          colour: bool) -> list[str]:
    """Every concept as a row of three columns, the reader's language first."""
    order = [tr.language, *(lang for lang in LANGUAGES if lang != tr.language)]
    gap = 2
    cell = (columns - gap * (len(order) - 1)) // len(order)
    header = (" " * gap).join(f"{language_name(lang, tr):<{cell}}" for lang in order).rstrip()
    lines = [_bold(header, colour)]
    for concept in concepts:
        cells = [textwrap.wrap(_words(concept, lang), cell) for lang in order]
        for row in range(max(len(c) for c in cells)):
            parts = [(c[row] if row < len(c) else "") for c in cells]
            lines.append((" " * gap).join(f"{p:<{cell}}" for p in parts).rstrip())
    return lines


def run(args: argparse.Namespace, tr: Translator) -> int:
    columns = width(LEAST_WIDTH)
    colour = use_colour(sys.stdout)
    query = " ".join(args.term).strip()
    if not query:
        print("\n".join(table(concepts(), tr, columns, colour)))
        return 0
    found = find(query)
    if not found:
        suggestions = [concept.term(tr.language) if word is None else
                       # TRANSLATORS: A suggestion in another language than the reader's,
                       # with the reader's word: "compass (iránytű)".
                       tr.format(N_("{term} ({translation})"), term=word,
                                 translation=concept.term(tr.language))
                       for concept, word in closest(query, tr.language)]
        if suggestions:
            message = tr.format(N_('No term matches "{query}". Did you mean {terms}?'),
                                query=excerpt(query), terms=tr.join(suggestions, style="or"))
        else:
            message = tr.format(N_('No term matches "{query}". Run "celestia glossary" '
                                   "without a term to see them all."), query=excerpt(query))
        print(textwrap.fill(message, columns), file=sys.stderr)
        return 1
    blocks = ["\n".join(describe(concept, tr, columns, colour)) for concept in found]
    print("\n\n".join(blocks))
    return 0
