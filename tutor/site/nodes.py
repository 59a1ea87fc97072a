"""The site's own doctree nodes: an inline SVG picture and a visible link to an anchor.

Both are elements without text children, so no search index (Sphinx's or ours) reads a
picture's labels as words, and the link icon's "#" never shows up in a snippet.
"""

from __future__ import annotations

from html import escape
from typing import Any

from docutils import nodes
from docutils.parsers.rst import roles
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from ..engine.messages import N_
from ..i18n import Translator
from .pictures import PICTURES


class picture(nodes.General, nodes.Element):  # noqa: N801 (docutils names nodes so)
    """An inline SVG drawn by ``tutor.site.pictures``; ``svg`` holds its markup."""


class permalink(nodes.Inline, nodes.Element):  # noqa: N801
    """A visible link icon to ``target`` (an id on this page), labelled for screen readers."""


def _visit_picture_html(self: Any, node: picture) -> None:
    self.body.append(f'<figure class="celestia-figure">{node["svg"]}</figure>')
    raise nodes.SkipNode


def _visit_permalink_html(self: Any, node: permalink) -> None:
    self.body.append(f'<a class="celestia-permalink" href="#{escape(node["target"])}" '
                     f'aria-label="{escape(node["label"])}" title="{escape(node["label"])}">'
                     '<span aria-hidden="true">#</span></a>')
    raise nodes.SkipNode


def _skip(self: Any, node: nodes.Element) -> None:
    raise nodes.SkipNode


class PictureDirective(SphinxDirective):
    """``.. celestia-picture:: route`` — one of ``pictures.PICTURES``, in the build's language."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        tr = Translator(self.config.language or "en")
        return [picture("", svg=PICTURES[self.arguments[0]](tr))]


def permalink_role(name: str, rawtext: str, text: str, lineno: int, inliner: Any,
                   options: dict[str, Any] | None = None,
                   content: list[str] | None = None) -> tuple[list[nodes.Node], list[Any]]:
    """``:celestia-link:`rule-3.4.2``` — a link icon to that label's id on this page."""
    config = inliner.document.settings.env.config
    tr = Translator(config.language or "en")
    kind, _, ident = text.partition("-")
    label = {
        "rule": N_("Link to rule {id}"),
        "faq": N_("Link to this question"),
        "term": N_("Link to this term"),
    }.get(kind, N_("Link to this part"))
    return [permalink("", target=nodes.make_id(text),
                      label=tr.format(label, id=ident))], []


def setup(app: Sphinx) -> None:
    skip = (_skip, None)
    app.add_node(picture, html=(_visit_picture_html, None), latex=skip, text=skip,
                 man=skip, texinfo=skip)
    app.add_node(permalink, html=(_visit_permalink_html, None), latex=skip, text=skip,
                 man=skip, texinfo=skip)
    app.add_directive("celestia-picture", PictureDirective)
    roles.register_local_role("celestia-link", permalink_role)
