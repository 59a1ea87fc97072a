"""``celestia rules [ID]``: the whole rulebook, one section or one rule statement."""

from __future__ import annotations

import argparse

from ..content import about, rules
from ..content.rule_text import write_item
from ..content.terminal import Writer, error
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
        write_item(item, tr, out)
    return 0
