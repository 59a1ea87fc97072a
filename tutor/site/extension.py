"""The Sphinx extension of the rulebook site (loaded by ``docs/conf.py``).

- ``.. celestia-page:: ID`` renders page ID of ``pages.yaml`` (title and content) in the
  build's language, as reST parsed in place, so that Sphinx's search indexes it.
- Every page gets a language switcher to the same page in the other languages.
- Hungarian search stems suffixed forms alike (``search_hu``).
- Pages are generated from data, so every build re-reads all of them.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.environment import BuildEnvironment
from sphinx.util.docutils import SphinxDirective

from ..engine.messages import N_
from ..i18n import LANGUAGE_NAMES, LANGUAGES, Translator
from .render import render_page
from .search_hu import SearchHungarianSite


def translator(config: Config) -> Translator:
    return Translator(config.language or "en")


class PageDirective(SphinxDirective):
    """Render one page of ``pages.yaml``: ``.. celestia-page:: components``."""

    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        text = render_page(self.arguments[0], translator(self.config))
        return self.parse_text_to_nodes(text, allow_section_headings=True)


def switcher(pagename: str, current: str) -> list[dict[str, Any]]:
    """Links to ``pagename`` in every language, relative to the page itself."""
    up = "../" * (pagename.count("/") + 1)
    return [{"code": code, "name": LANGUAGE_NAMES[code], "current": code == current,
             "url": f"{up}{code}/{pagename}.html"} for code in LANGUAGES]


def _page_context(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
                  doctree: nodes.document | None) -> None:
    tr = translator(app.config)
    context["celestia_languages"] = switcher(pagename, tr.language)
    context["celestia_language_label"] = tr.gettext(N_("Language"))
    context["celestia_home_label"] = tr.gettext(N_("All languages"))
    context["celestia_home_url"] = "../" * (pagename.count("/") + 1) + "index.html?choose"


def _config(app: Sphinx, config: Config) -> None:
    tr = translator(config)
    config.html_title = tr.gettext(N_("The rules of Celestia"))
    config.html_short_title = tr.gettext(N_("Celestia rules"))
    # The page's language for Sphinx's search (Hungarian: ours, see search_hu).
    config.html_search_language = config.language


def _outdated(app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str],
              removed: set[str]) -> list[str]:
    # Every page is generated from the rules, catalogs and engine data, which Sphinx does
    # not track: rebuild them all (a full build takes seconds).
    return sorted(env.found_docs)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("celestia-page", PageDirective)
    app.add_search_language(SearchHungarianSite)
    app.connect("config-inited", _config)
    app.connect("html-page-context", _page_context)
    app.connect("env-get-outdated", _outdated)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
