"""The Sphinx extension of the rulebook site (loaded by ``docs/conf.py``).

- ``.. celestia-page:: ID`` renders page ID of ``pages.yaml`` (title and content) in the
  build's language, as reST parsed in place.
- Pictures and link icons are nodes of their own (``nodes``); headings get language-neutral
  ids, terms and rule numbers become links (``links``); the search index is built with the
  normaliser of ``celestia faq`` (``search_index``).
- Every page gets a language switcher to the same page in the other languages, and all
  the labels of the theme (``theme/page.html``) in the page's language.
- Pages are generated from data, so every build re-reads all of them.
"""

from __future__ import annotations

import datetime
import html
import json
import os
import re
import time
from typing import Any

from babel.dates import format_date
from docutils import nodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.environment import BuildEnvironment
from sphinx.util.docutils import SphinxDirective

from .. import i18n, pseudo
from ..engine.messages import N_
from ..i18n import LANGUAGE_NAMES, LANGUAGES, Translator
from . import SITE_TITLE, links, offline, scoreform, search_index
from . import nodes as site_nodes
from .render import render_page, set_edition

#: The search box's label and its title: one text.
SEARCH = N_("Search the rulebook")
#: The buttons of the notice that a newer version of the rulebook is ready.
# TRANSLATORS: A button: open the newer version of the page being read.
RELOAD = N_("Reload")
# TRANSLATORS: A button: keep reading this page, close the notice.
LATER = N_("Later")

def translator(config: Config) -> Translator:
    return Translator(config.language or "en")


class PageDirective(SphinxDirective):
    """Render one page of ``pages.yaml``: ``.. celestia-page:: components``."""

    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        text = render_page(self.arguments[0], translator(self.config))
        return self.parse_text_to_nodes(text, allow_section_headings=True)


class SearchBoxDirective(SphinxDirective):
    """``.. celestia-search-box:: home`` — a search form that opens the search page at the
    words typed, with the search page's own labels; on the FAQ page (``faq``) it asks for
    the situation at the table, in the player's own words."""

    optional_arguments = 1

    def run(self) -> list[nodes.Node]:
        kind = self.arguments[0] if self.arguments else "home"
        texts = labels(translator(self.config))
        hint = texts["faq_search_hint"] if kind == "faq" else texts["search_hint"]
        return [site_nodes.search_box("", kind=kind, hint=hint,
                                      button=texts["search_button"])]


class ScoreFormDirective(SphinxDirective):
    """``.. celestia-score-form::`` — the score sheet filled in on the page, with the
    checks' data and words in the build's language (``scoreform``)."""

    def run(self) -> list[nodes.Node]:
        language = self.config.language or "en"
        return [site_nodes.score_form("", data=scoreform.page_data(language),
                                      noscript=scoreform.labels(Translator(language))
                                      ["noscript"])]


def switcher(pagename: str, current: str) -> list[dict[str, Any]]:
    """Links to ``pagename`` in every language, relative to the page itself. A script
    (``celestia.js``) adds the address's ``#anchor`` when one is followed."""
    up = "../" * (pagename.count("/") + 1)
    return [{"code": code, "name": LANGUAGE_NAMES[code], "current": code == current,
             "url": f"{up}{code}/{pagename}.html"} for code in LANGUAGES]


def build_date(language: str) -> str:
    """Today's date (or ``SOURCE_DATE_EPOCH``'s, for reproducible builds), in words."""
    stamp = float(os.environ.get("SOURCE_DATE_EPOCH", time.time()))
    day = datetime.datetime.fromtimestamp(stamp, tz=datetime.UTC).date()
    text = format_date(day, "long", locale=language)
    if language == "fr" and day.day == 1:
        text = "1er" + text[1:]  # "1er décembre 2026", as French writes the first
    return text


def labels(tr: Translator) -> dict[str, str]:
    """Every label of the page frame, in the page's language."""
    _ = tr.gettext
    return {
        "menu": _(N_("Menu")),
        "contents": _(N_("Contents of this page")),
        "on_this_page": _(N_("On this page")),
        "skip": _(N_("Skip to the content")),
        "top": _(N_("Back to the top")),
        "search": _(SEARCH),
        "search_placeholder": _(N_("Search…")),
        "search_title": _(SEARCH),
        "search_hint": _(N_("A few words, with or without accents and endings:")),
        "faq_search_hint": _(N_("Tell what is happening at your table, in your own words:")),
        "search_button": _(N_("Search")),
        "search_noscript": _(N_("The search needs JavaScript; every rule is also listed "
                                "in the menu.")),
        "pages": _(N_("Pages")),
        "pages_around": _(N_("Previous and next page")),
        "next": _(N_("Next")),
        "previous": _(N_("Previous")),
        "language": _(N_("Language")),
        "book": _(N_("The whole rulebook on one page")),
        "description": _(N_("The rules of the board game Celestia, with answers to "
                            "frequent questions, a glossary and worked examples.")),
        "credits": _(N_("Blam! publishes Celestia, a game designed by Aaron Weissblum.")),
        "unofficial": _(N_("This is an unofficial, free guide, made by players.")),
        "offline_saving": _(N_("Saving every page of the rulebook in this browser, to read "
                               "offline…")),
        "offline_ready": _(N_("Available offline: every page of the rulebook in this "
                              "language now opens in this browser, even without a "
                              "connection.")),
        "offline_failed": _(N_("Not available offline yet: some pages could not be saved. "
                               "They will be on your next visit.")),
        "offline_updated": _(N_("A newer version of the rulebook is ready.")),
        "offline_reload": _(RELOAD),
        "offline_later": _(LATER),
        # No full stop: in some languages the date ends with one ("2026. december 1.").
        "built": tr.format(N_("Built on {date}"), date=build_date(tr.language)),
    }


def search_texts(tr: Translator) -> str:
    """The search page's messages for its script, as JSON safe inside ``<script>``."""
    texts = {
        "none": tr.gettext(N_("Nothing in the rulebook matches “{query}”. Try another "
                              "word, or fewer words.")),
        "one": tr.gettext(N_("One place in the rulebook matches “{query}”.")),
        "many": tr.gettext(N_("{count} places in the rulebook match “{query}”.")),
        "partial": tr.gettext(N_("None has every word: these have the most.")),
        "missing": tr.gettext(N_("The search index is missing: build the site again.")),
    }
    return json.dumps(texts, ensure_ascii=False).replace("</", "<\\/")


def _page_context(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
                  doctree: nodes.document | None) -> None:
    tr = translator(app.config)
    # Sphinx's own scripts serve its search and highlighting, which the site replaces:
    # the build leaves those files out (build.UNPUBLISHED), so pages do not ask for them.
    context["script_files"] = [script for script in context.get("script_files", [])
                               if _kept_script(script)]
    page = "book" if app.builder.name == "singlehtml" else pagename
    context["celestia_languages"] = switcher(page, tr.language)
    # The service worker, at the site's root, one level above each language's pages.
    context["celestia_service_worker"] = f"../{offline.SERVICE_WORKER}"
    context["celestia_theme_colour"] = offline.THEME
    # Which page this is, for the styles of one page (the print styles of the quick
    # reference and of the single-page edition, which holds the quick reference too).
    context["celestia_page"] = page
    context["celestia_labels"] = labels(tr)
    context["celestia_search_texts"] = search_texts(tr)
    site = tr.gettext(SITE_TITLE)
    # The single-page builder gives its page no "docstitle": the frame uses this instead.
    context["celestia_site_title"] = site
    if page == "index":
        title = site
    elif page == "book":
        title = f"{labels(tr)['book']} — {site}"
    elif page == "search":
        title = f"{labels(tr)['search_title']} — {site}"
    else:
        title = f"{context.get('title', '')} — {site}"
    # Sphinx gives the title as HTML; the <title> element wants it as text.
    context["celestia_page_title"] = html.unescape(re.sub(r"<[^>]+>", "", title))


_SPHINX_SCRIPTS = ("documentation_options.js", "doctools.js", "sphinx_highlight.js",
                   "translations.js", "searchtools.js", "language_data.js")


def _kept_script(script: Any) -> bool:
    name = str(getattr(script, "filename", script) or "")
    return not name.split("?")[0].endswith(_SPHINX_SCRIPTS)


def _builder_inited(app: Sphinx) -> None:
    # The single-page builder makes book.html: blocks meant for one edition follow it.
    set_edition("book" if app.builder.name == "singlehtml" else "pages")


def _config(app: Sphinx, config: Config) -> None:
    if config.language == pseudo.CODE and i18n.pseudo_allowed():
        # The pseudo-language's build (tutor.tools.pseudo_site): the English site with
        # every catalog's text through "qps"; Sphinx's own words stay English, so that
        # the check finds those the page shows.
        i18n.use_pseudo()
        config.language = i18n.DEFAULT_LANGUAGE
    tr = translator(config)
    config.html_title = tr.gettext(SITE_TITLE)
    config.html_short_title = tr.gettext(N_("Celestia rules"))


def _outdated(app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str],
              removed: set[str]) -> list[str]:
    # Every page is generated from the rules, catalogs and engine data, which Sphinx does
    # not track: rebuild them all (a full build takes seconds).
    return sorted(env.found_docs)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("celestia-page", PageDirective)
    app.add_directive("celestia-search-box", SearchBoxDirective)
    app.add_directive("celestia-score-form", ScoreFormDirective)
    site_nodes.setup(app)
    links.setup(app)
    search_index.setup(app)
    app.add_js_file("celestia.js")
    app.add_js_file("celestia-offline.js", loading_method="defer")
    app.connect("config-inited", _config)
    app.connect("builder-inited", _builder_inited)
    app.connect("html-page-context", _page_context)
    app.connect("env-get-outdated", _outdated)
    return {"version": "2", "parallel_read_safe": True, "parallel_write_safe": True}
