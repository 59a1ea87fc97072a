"""A rule section or statement written to the terminal, as ``celestia rules`` prints it
and ``celestia faq`` shows a rule named by its number."""

from __future__ import annotations

from ..i18n import Translator
from . import rules
from .tables import render_text
from .terminal import BOLD, Writer


def write_item(item: rules.Section | rules.Rule, tr: Translator, out: Writer) -> None:
    """Write a section (with its subsections and tables) or one statement."""
    for n, (kind, ident, body) in enumerate(rules.blocks(item, tr)):
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
