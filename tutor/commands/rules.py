"""``celestia rules [ID]``: the whole rulebook, one section or one rule statement."""

from __future__ import annotations

import argparse

from ..content import about, rules
from ..content.tables import render_text
from ..content.terminal import BOLD, Writer, error
from ..engine.messages import N_
from ..i18n import Translator
from ..inputs import excerpt

HELP = N_("show the rules: the whole rulebook, a section (3.4) or one statement (3.4.2)")


def configure(parser: argparse.ArgumentParser, tr: Translator) -> None:
    _ = tr.gettext
    parser.add_argument("id", nargs="?", metavar=_("ID"),
                        help=_("a section or statement id, such as 3.4 or 3.4.2; "
                               "without it, the whole rulebook"))
    parser.add_argument("--about", action="store_true",
                        help=_("show the facts about the game instead (designer, players…)"))


def _write_item(item: object, tr: Translator, out: object) -> None:
    """Write a section (with its subsections and tables) or one statement."""
    assert isinstance(out, Writer)
    for n, (kind, ident, body) in enumerate(rules.blocks(item, tr)):  # type: ignore[arg-type]
        if kind == "heading":
            if n:
                out.blank()
            # A top section ("3") stands out from its subsections ("3.4").
            out.paragraph(body.upper() if "." not in ident else body, label=ident, code=BOLD)
            out.blank()
        elif kind == "intro":
            out.paragraph(body)
            out.blank()
        elif kind == "table":
            out.blank()
            out.block(render_text(ident, tr, out.width))
        else:
            see = rules.get(ident).see  # type: ignore[union-attr]
            suffix = f" (→\u00a0{', '.join(see)})" if see else ""
            out.paragraph(body + suffix, label=ident)


def run(args: argparse.Namespace, tr: Translator) -> int:
    out = Writer()
    if args.about:
        out.paragraph(about.title(tr))
        out.blank()
        for line in about.render(tr).split("\n")[2:]:
            out.paragraph(line) if line else out.blank()
        return 0
    if args.id is None:
        items = [s for s in rules.sections() if s.parent is None]
    else:
        try:
            items = [rules.get(excerpt(args.id))]  # a long id is quoted short
        except rules.UnknownRule as err:
            error(tr.message(err))
            return 1
    for n, item in enumerate(items):
        if n:
            out.blank()
        _write_item(item, tr, out)
    return 0
