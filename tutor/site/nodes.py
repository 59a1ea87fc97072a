"""The site's own doctree nodes: an inline SVG picture, a visible link to an anchor, a
search box (which sends its words to the search page) and the score sheet's form.

All are elements without text children, so no search index (Sphinx's or ours) reads a
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


class search_box(nodes.General, nodes.Element):  # noqa: N801
    """A search form that opens the search page (``search.html``) at its words; ``hint``
    (its label) and ``button`` are its texts in the page's language, ``kind`` the page it
    stands on ("home", "faq": its input's id is ``celestia-<kind>-q``). Not a second
    search landmark beside the menu's: a form in the page's text."""


def _visit_search_box_html(self: Any, node: search_box) -> None:
    ident = f"celestia-{escape(node['kind'])}-q"
    self.body.append(
        f'<form class="celestia-search-form celestia-home-search" method="get" '
        f'action="search.html">'
        f'<label for="{ident}">{escape(node["hint"])}</label>'
        f'<div class="celestia-search-row">'
        f'<input id="{ident}" type="search" name="q" autocomplete="off" '
        f'enterkeyhint="search"><button type="submit">{escape(node["button"])}</button>'
        f"</div></form>")
    raise nodes.SkipNode


class score_form(nodes.General, nodes.Element):  # noqa: N801
    """The score sheet filled in on the page: ``data`` is the form's JSON (rules and
    words, ``tutor.site.scoreform``), ``noscript`` what shows without JavaScript."""


def _visit_score_form_html(self: Any, node: score_form) -> None:
    self.body.append(
        f'<div id="celestia-sheet" class="celestia-score-form"><noscript><p>'
        f'{escape(node["noscript"])}</p></noscript></div>'
        f'<script type="application/json" id="celestia-sheet-data">{node["data"]}</script>'
        '<script src="_static/celestia-sheet-rules.js" defer></script>'
        '<script src="_static/celestia-sheet.js" defer></script>')
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
    app.add_node(search_box, html=(_visit_search_box_html, None), latex=skip, text=skip,
                 man=skip, texinfo=skip)
    app.add_node(score_form, html=(_visit_score_form_html, None), latex=skip, text=skip,
                 man=skip, texinfo=skip)
    app.add_directive("celestia-picture", PictureDirective)
    roles.register_local_role("celestia-link", permalink_role)
