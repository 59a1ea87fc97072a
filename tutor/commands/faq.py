"""``celestia faq QUERY``: search the FAQ; ``--list`` lists the questions, ``--id`` shows one."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from .. import inputs
from ..content import faq
from ..content.terminal import BOLD, DIM, Writer, error
from ..engine.messages import N_
from ..i18n import Translator

if TYPE_CHECKING:
    from ..content.faq import Entry

HELP = N_("search the frequently asked questions (in any of the three languages)")
DEFAULT_LIMIT = 3
#: More answers than the FAQ holds are never shown.
LIMIT_MAX = 999


def configure(parser: argparse.ArgumentParser, tr: Translator) -> None:
    _ = tr.gettext
    parser.add_argument("query", nargs="*", metavar=_("WORD"),
                        help=_("words to look for, in any language; accents and endings "
                               "do not matter"))
    parser.add_argument("--list", action="store_true", help=_("list every question"))
    # TRANSLATORS: Same role in every command: the placeholder for an id in a command's usage.
    parser.add_argument("--id", metavar=_("ID"), help=_("show the entry with this id"))
    limit = inputs.argument(tr, 1, LIMIT_MAX)
    # TRANSLATORS: Same role in every command: the placeholder for a number in a command's usage.
    parser.add_argument("--limit", type=limit, default=DEFAULT_LIMIT, metavar=_("N"),
                        help=_("show at most N entries (default: {n})").format(
                            n=DEFAULT_LIMIT))


#: How much of an over-long question an error message quotes, in characters.
EXCERPT = 40


def excerpt(text: str, size: int = EXCERPT) -> str:
    """The start of ``text``, at most ``size`` characters, cut after a whole word when
    there is one (a long run of letters is cut where it must be)."""
    text = " ".join(text.split())
    if len(text) <= size:
        return text
    cut = text[:size]
    return cut.rsplit(" ", 1)[0] if " " in cut else cut


def _write_entry(entry: Entry, tr: Translator, out: Writer) -> None:
    out.paragraph(out.style(faq.render_question(entry, tr), BOLD))
    out.paragraph(faq.render_answer(entry, tr), indent="  ")
    out.paragraph(out.style(tr.format(N_("Rules: {ids}"), ids=", ".join(entry.rules)) + "  "
                            + tr.format(N_("Entry: {id}"), id=entry.id), DIM), indent="  ")


def run(args: argparse.Namespace, tr: Translator) -> int:
    out = Writer()
    if args.id:
        entry = faq.get(args.id)
        if entry is None:
            # start-up: the command-line lookups (benchmarks/lookup.py)
            import difflib

            close = difflib.get_close_matches(args.id, [e.id for e in faq.entries()], n=5,
                                              cutoff=0.5)
            if close:
                error(tr.format(N_('There is no FAQ entry "{id}". Did you mean: {close}?'),
                                id=inputs.excerpt(args.id), close=", ".join(close)))
            else:
                error(tr.format(N_('There is no FAQ entry "{id}". "celestia faq --list" '
                                   'lists them all.'), id=inputs.excerpt(args.id)))
            return 1
        _write_entry(entry, tr, out)
        return 0
    if args.list or not args.query:
        for entry in faq.entries():
            out.paragraph(out.style(entry.id, BOLD))
            out.paragraph(faq.render_question(entry, tr), indent="  ")
        return 0
    query = " ".join(args.query)
    if len(query) > faq.MAX_QUERY:
        # TRANSLATORS: {count} is more than {limit}.
        error(tr.format(N_('Your question is too long to search ({count} characters, at most '
                           '{limit}): "{excerpt}…". Ask it in a few words.'),
                        count=tr.number(len(query)), limit=tr.number(faq.MAX_QUERY),
                        excerpt=inputs.excerpt(query)))
        return 1
    found = faq.search(query, tr.language, limit=args.limit)
    # A rule's number ("3.4.2", "rule 3.4", "règle 3.5") brings that rule first, then the
    # entries resting on it.
    refs = faq.rule_refs(query)
    if refs:
        # start-up: the command-line lookups (benchmarks/lookup.py); the rulebook and
        # its tables only for a query that names a rule
        from ..content import rules
        from ..content.rule_text import write_item

        for n, ref in enumerate(refs):
            if n:
                out.blank()
            write_item(rules.get(ref), tr, out)
        if found:
            out.blank()
    elif not found:
        error(tr.format(N_('No FAQ entry matches "{query}". Try other words or fewer of '
                           'them, "celestia faq --list" to see every question, or '
                           '"celestia rules" to read the rulebook.'), query=inputs.excerpt(query)))
        return 1
    for n, entry in enumerate(found):
        if n:
            out.blank()
        _write_entry(entry, tr, out)
    return 0
