"""The site's search index, built with the same word normaliser as ``celestia faq``.

Every page is cut into *units* — a rule statement, an FAQ entry, a glossary term, a
section — each with its language-neutral anchor, so that a result opens the very rule or
answer. Words are folded and stemmed by ``tutor.content.search`` (``words``, ``fold``,
``stem``): the index keys are its stems, and ``forms`` maps every word form of the site to
its stem, so the browser finds a stem for any form the site uses without stemming itself;
for a form the site never uses (``ködkürtöt``), the page's script compares the folded
word with the stems by prefix, as ``celestia faq`` does (see ``celestia-search.js``).

The index is a script (``searchindex-celestia.js``), not JSON fetched at run time, so that
search works from ``file://``; each unit carries a short snippet for the same reason (an
FAQ entry's is the first sentence of its answer). It also carries the FAQ's own search as
data (``faq``: ``tutor.content.faq.page_data``), with which ``celestia-faq.js`` puts
first, in ``celestia faq``'s order, the rules a query names by number and the FAQ's
answers.
Pictures and link icons have no text in the doctree, so they never reach the index.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx

from ..content import faq, search
from ..i18n import Translator
from .nodes import permalink, picture

FILE = "searchindex-celestia.js"
#: Characters of a unit's text kept as its snippet.
SNIPPET = 180
#: A word in a unit's title counts this much more than a word in its text.
TITLE_WEIGHT = 3
#: Paragraph classes whose text belongs elsewhere (the FAQ questions listed under a rule).
_SKIPPED_CLASSES = {"celestia-rule-faq", "toctree-wrapper",
                    "celestia-letters", "celestia-page-index", "celestia-see"}


@dataclass
class Unit:
    page: str
    anchor: str
    title: str
    text: list[str] = field(default_factory=list)
    #: For a heading with no text of its own: the text under it, shown as its snippet.
    under: str = ""
    #: Text that is searched but not shown as a snippet (tables: rows of bare words).
    data: list[str] = field(default_factory=list)
    #: Words searched with the weight of the title but never shown: an FAQ entry's
    #: keywords and the words of its id, as ``celestia faq`` counts them.
    keywords: list[str] = field(default_factory=list)


def _text_of(node: nodes.Node, tables: bool = True) -> str:
    """Text of ``node`` without pictures and link icons (nor tables, with ``tables``
    False). Blocks (a heading, a paragraph, a cell) are kept apart by a space, so that a
    heading never runs into the text under it; inline text is joined as written."""
    if isinstance(node, picture | permalink):
        return ""
    if isinstance(node, nodes.Text):
        return node.astext()  # without the markers of reST escapes
    if not tables and isinstance(node, nodes.table):
        return ""
    if isinstance(node, nodes.Element) and _SKIPPED_CLASSES & set(node.get("classes", ())):
        return ""
    parts = []
    for child in node.children:
        text = _text_of(child, tables)
        inline = isinstance(child, nodes.Text | nodes.Inline)
        parts.append(text if inline else f" {text} ")
    return "".join(parts)


def _faq_keywords(language: str) -> dict[str, list[str]]:
    """Anchor of each FAQ entry → its keywords in ``language`` and its id's words."""
    tr = Translator(language)
    return {f"faq-{entry.id}": [*(tr.gettext(k) for k in entry.keywords),
                                entry.id.replace("-", " ")]
            for entry in faq.entries()}


def _units(docname: str, doctree: nodes.document, language: str = "en") -> list[Unit]:
    units: list[Unit] = []
    keywords = _faq_keywords(language)

    def walk(node: nodes.Element, unit: Unit, depth: int) -> None:
        for child in node.children:
            if isinstance(child, nodes.section):
                title = child.next_node(nodes.title)
                anchor = child["ids"][0] if child["ids"] and depth else ""
                body = [c for c in child.children if not isinstance(c, nodes.title)]
                # Its snippet: the prose under it, or a table's cells when it holds only one.
                under = " ".join(_text_of(c, tables=False) for c in body).strip() or \
                    " ".join(_text_of(c) for c in body)
                sub = Unit(docname, anchor, " ".join(_text_of(title).split()) if title else "",
                           under=under, keywords=keywords.get(anchor, []))
                units.append(sub)
                walk(child, sub, depth + 1)
            elif isinstance(child, nodes.title | picture | permalink | nodes.comment
                            | nodes.raw) or (isinstance(child, nodes.Element) and \
                    _SKIPPED_CLASSES & set(child.get("classes", ()))):
                continue
            elif isinstance(child, nodes.table):
                unit.data.append(" ".join(_text_of(row) for row in child.findall(nodes.entry)))
            elif isinstance(child, nodes.paragraph) and any(
                    i.startswith("rule-") for i in child["ids"]):
                anchor = child["ids"][0]
                rule_id = anchor.removeprefix("rule-").replace("-", ".")
                # "3.4.2 · Captain faces the dice": the statement, then its section's title
                # without its number.
                section = re.sub(r"^[\d.]+\s*", "", unit.title) or unit.title
                sub = Unit(docname, anchor, f"{rule_id} · {section}")
                sub.text.append(_text_of(child))
                units.append(sub)
            elif isinstance(child, nodes.Element) and child.children and \
                    not isinstance(child, nodes.paragraph | nodes.Text):
                walk(child, unit, depth)
            else:
                unit.text.append(_text_of(child))

    walk(doctree, Unit(docname, "", ""), 0)
    return units


def collect(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """``doctree-resolved``: keep the page's units for the index."""
    if app.builder.name != "html":
        return
    store = app.env.__dict__.setdefault("celestia_units", {})
    store[docname] = _units(docname, doctree, app.config.language or "en")


def _cut(text: str) -> str:
    """The start of ``text`` for a result's snippet: whole words, then "…" (without the
    punctuation the cut leaves before it, which would read ".…" or ",…")."""
    return text[:SNIPPET].rsplit(" ", 1)[0].rstrip(",;:.·—–-").rstrip() + "…"


def _faq_gists(language: str) -> dict[str, str]:
    """Anchor of each FAQ entry → the first sentence of its answer in ``language``: what
    a result shows under the question, so that most look-ups need no second tap."""
    tr = Translator(language)
    return {f"faq-{entry.id}": faq.render_gist(entry, tr) for entry in faq.entries()}


def index(units_by_page: dict[str, list[Unit]], titles: dict[str, str],
          gists: dict[str, str] | None = None) -> dict[str, Any]:
    """The index as plain data (see the module's docstring); ``gists`` replace the
    snippets of the units they name (an FAQ entry shows its answer's first sentence)."""
    gists = gists or {}
    pages = sorted(units_by_page)
    out_units: list[list[Any]] = []
    terms: dict[str, dict[int, int]] = {}
    forms: dict[str, str] = {}
    for page_number, page in enumerate(pages):
        for unit in units_by_page[page]:
            text = " ".join(" ".join(unit.text).split())
            number = len(out_units)
            title = unit.title or titles.get(page, page)
            shown = text or " ".join(unit.under.split())
            snippet = gists.get(unit.anchor) or (shown if len(shown) <= SNIPPET
                                                 else _cut(shown))
            out_units.append([page_number, unit.anchor, title, snippet])
            for weight, source in ((TITLE_WEIGHT, title), (TITLE_WEIGHT, " ".join(unit.keywords)),
                                   (1, text), (1, " ".join(unit.data))):
                for word in search.words(source):
                    key = search.stem(word)
                    if key != word:
                        forms[word] = key
                    found = terms.setdefault(key, {})
                    found[number] = max(found.get(number, 0), weight)
    return {
        "pages": [[page, titles.get(page, page)] for page in pages],
        "units": out_units,
        "terms": {key: [n for pair in sorted(found.items()) for n in pair]
                  for key, found in sorted(terms.items())},
        "forms": dict(sorted(forms.items())),
    }


def write(app: Sphinx, exception: Exception | None) -> None:
    """``build-finished``: write ``searchindex-celestia.js`` beside the pages."""
    if exception is not None or app.builder.name != "html":
        return
    language = app.config.language or "en"
    units = getattr(app.env, "celestia_units", {})
    titles = {name: _text_of(title) for name, title in app.env.titles.items()}
    data = index({page: found for page, found in units.items() if page != "book"}, titles,
                 _faq_gists(language))
    # The FAQ's own search, as data: the page ranks FAQ answers exactly as `celestia faq`
    # does (celestia-faq.js), and finds rules by their numbers.
    data["language"] = language
    data["faq"] = faq.page_data()
    body = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    Path(app.outdir, FILE).write_text(f"window.CELESTIA_SEARCH={body};\n", encoding="utf-8")


def setup(app: Sphinx) -> None:
    app.connect("doctree-resolved", collect)
    app.connect("build-finished", write)
