"""A page of the site, from its entry in ``pages.yaml``, as reStructuredText.

Each page is a list of blocks. Prose blocks (``text``, ``title``) are English in
``pages.yaml`` and translated through the "site" domain; every other block renders from
the one source (rules, FAQ, glossary, about) or from ``tutor.engine.data``. No rule and
no game number is written here.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import fields
from functools import cache
from html import escape
from typing import Any

import yaml

from ..cli import COMMANDS
from ..content import about, faq, rules
from ..engine import Options, data
from ..engine.messages import N_, CelestiaError
from ..glossary import concepts as glossary_concepts
from ..glossary import definition_params
from ..i18n import Translator
from ..lessons.library import load_all
from . import SITE_DIR, rst
from .alphabet import by_letter
from .examples import examples, render_examples, render_score_sheet
from .lessons import render_lessons

PAGES_FILE = SITE_DIR / "pages.yaml"


class SiteError(CelestiaError):
    """A page description in pages.yaml that cannot be rendered."""


#: A rule section's number and title, in headings and in the options table.
NUMBERED = N_("{number}. {title}")


@cache

def pages() -> dict[str, dict[str, Any]]:
    """Page id → its description, in the order of the site's table of contents."""
    with PAGES_FILE.open(encoding="utf-8") as handle:
        document = yaml.safe_load(handle)
    found = {}
    for page in document["pages"]:
        found[page["id"]] = page
    return found


def page_title(page_id: str, tr: Translator) -> str:
    return tr.gettext(pages()[page_id]["title"])


def rule_anchor(rule_id: str) -> str:
    """The label of a rule's home ("rule-3.4.2"); its id in the page is "rule-3-4-2"."""
    return f"rule-{rule_id}"


#: The page being rendered: labels of headings that are not rules start with its id, so
#: that every heading has an id that is the same in every language and unique on the site.
_PAGE: ContextVar[str] = ContextVar("page", default="page")


def slug(text: str) -> str:
    """A lower-case, hyphenated id made from English text ("The route at a glance" →
    "the-route-at-a-glance")."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


#: Which edition is being built: "pages" (one page per part) or "book" (the single-page
#: edition, ``book.html``). A block with ``edition:`` shows in that edition only; with
#: ``edition: print``, in the single-page edition on paper only (its print style).
EDITIONS = ("pages", "book")
PRINT_ONLY = "celestia-print-only"
_EDITION: ContextVar[str] = ContextVar("edition", default="pages")


def set_edition(edition: str) -> None:
    """Build ``edition`` ("pages" or "book") from now on (set once per Sphinx build)."""
    if edition not in EDITIONS:
        raise ValueError(edition)
    _EDITION.set(edition)


def local_label(name: str) -> str:
    """A label for a heading of the current page that is not a rule, FAQ entry or term."""
    return rst.label(f"{_PAGE.get()}-{name}")


# --- Rules ------------------------------------------------------------------------------

def _rules(spec: Any, tr: Translator, depth: int) -> str:
    """A section of the rulebook with its statements, tables and subsections."""
    if isinstance(spec, str):
        spec = {"id": spec}
    section = rules.get(str(spec["id"]))
    skip = {str(s) for s in spec.get("skip", [])}
    return _section(section, tr, depth, skip, heading=spec.get("heading", True),
                    anchors=spec.get("anchors", True))


def _section(section: Any, tr: Translator, depth: int, skip: set[str], heading: bool,
             anchors: bool) -> str:
    """``anchors``: whether this page is the section's home, where links to it land."""
    out = []
    if anchors:
        out.append(rst.label(rule_anchor(section.id)))
    elif heading:
        out.append(local_label(f"rule-{section.id}"))
    if heading:
        out.append(rst.heading(tr.format(NUMBERED, number=section.id,
                                         title=rules.title(section, tr)), depth))
    if section.text:
        out.append(rst.paragraph(rules.text(section, tr)))
    if anchors:
        out.append(_questions(section.id, tr))
    for rule in section.rules:
        out.append(_statement(rule, tr, anchors))
    for name in section.tables:
        out.append(_table(name, tr))
    for child in rules.children(section):
        if child.id not in skip:
            out.append(_section(child, tr, depth + 1 if heading else depth, skip, True,
                                anchors))
    return "\n".join(out)


def _statement(rule: Any, tr: Translator, anchor: bool = True) -> str:
    """A rule statement. At its home: its label, a visible link icon and the FAQ entries
    that cite it; elsewhere its number links to its home."""
    body = rst.text(rst.squash(rules.text(rule, tr)))
    see = ""
    if getattr(rule, "see", ()):
        links = ", ".join(f":ref:`{ref} <{rule_anchor(ref)}>`" for ref in rule.see)
        see = " " + tr.format(N_("(see {rules})"), rules="\x00").replace("\x00", links)
    if not anchor:
        return (".. rst-class:: celestia-rule\n\n"
                + f":ref:`{rule.id} <{rule_anchor(rule.id)}>`\u00a0\u00a0{body}{see}\n")
    return (rst.label(rule_anchor(rule.id)) + "\n.. rst-class:: celestia-rule\n\n"
            + f":celestia-link:`{rule_anchor(rule.id)}`\\ **{rule.id}**\u00a0\u00a0{body}{see}\n"
            + _questions(rule.id, tr))


def _questions(rule_id: str, tr: Translator) -> str:
    """The FAQ entries that cite ``rule_id`` (read through ``faq.entries``, so new
    entries appear here by themselves), as links to their answers."""
    cited = [entry for entry in faq.entries() if rule_id in entry.rules]
    if not cited:
        return ""
    links = [f":ref:`{_ref_text(faq.render_question(entry, tr))} <faq-{entry.id}>`"
             for entry in cited]
    sentence = tr.ngettext("Question about this rule: {questions}",
                           "Questions about this rule: {questions}", len(cited))
    text = rst.text(sentence.format(questions="\x00"))
    return ("\n.. rst-class:: celestia-rule-faq\n\n"
            + text.replace("\x00", " · ".join(links)) + "\n")


def _ref_text(text: str) -> str:
    """``text`` escaped for the title of a ``:ref:`` role (no "<" may end it early)."""
    return rst.text(rst.squash(text)).replace("`", "\\`")


def _ruling(spec: Any, tr: Translator, depth: int) -> str:
    """A rule statement quoted on another page, with a link to its place in the rules."""
    rule = rules.get(str(spec))
    body = rst.text(rst.squash(rules.text(rule, tr)))
    return (".. rst-class:: celestia-rule\n\n"
            + f":ref:`{rule.id} <{rule_anchor(rule.id)}>`\u00a0\u00a0{body}\n")


def _table(name: str, tr: Translator, depth: int = 0) -> str:
    head, rows = rules.table_rows(name, tr)
    note = rules.table_note(name, tr)
    return rst.table(head, rows, f"celestia-{name}") + (
        "\n" + rst.paragraph(note) if note else "")


# --- Prose, pictures, links -------------------------------------------------------------

def _text(spec: str, tr: Translator, depth: int) -> str:
    return rst.options_as_code(rst.paragraph(tr.gettext(spec)))


def _title(spec: str, tr: Translator, depth: int) -> str:
    return local_label(slug(spec)) + "\n" + rst.heading(tr.gettext(spec), depth)


def _page_link(spec: dict[str, str], tr: Translator, depth: int) -> str:
    """A paragraph whose ``{page}`` is a link to another page of the site, named by its
    title: a page link in the pages, the page's own file in the single-page edition (where
    a link to a page would only jump to its copy on the same page)."""
    title = rst.text(page_title(spec["page"], tr)).replace("`", "\\`")
    if _EDITION.get() == "book":
        link = f"`{title} <{spec['page']}.html>`__"
    else:
        link = f":doc:`{title} <{spec['page']}>`"
    sentence = rst.paragraph(tr.format(spec["text"], page="\x00"))
    return sentence.replace("\x00", link)


def _contents(spec: Any, tr: Translator, depth: int) -> str:
    """A table of contents at the top of a long page, read from the page's own blocks:
    each ``title`` that follows, with a link to every lesson or example under it."""
    out: list[str] = []
    for block in pages()[_PAGE.get()].get("blocks", []):
        kind = next(key for key in block if key != "edition")
        if kind == "title":
            if out:
                out.append("")
            out.append(f"* :ref:`{_ref_text(tr.gettext(block[kind]))} "
                       f"<{_PAGE.get()}-{slug(block[kind])}>`\n")
        elif kind == "lessons":
            out += [f"  * :ref:`{_ref_text(tr.gettext(lesson.title))} <lesson-{lesson.id}>`"
                    for lesson in load_all()]
        elif kind == "examples":
            out += [f"  * :ref:`{_ref_text(tr.gettext(item['title']))} "
                    f"<example-{item['id']}>`" for item in examples()]
    return ".. rst-class:: celestia-page-index\n\n" + "\n".join(out) + "\n"


def _search_box(spec: Any, tr: Translator, depth: int) -> str:
    """A search box that opens the search page at the words typed; ``spec`` is the page
    it stands on (home, faq)."""
    return rst.directive("celestia-search-box", str(spec))


def _score_form(spec: Any, tr: Translator, depth: int) -> str:
    """The score sheet filled in on the page."""
    return rst.directive("celestia-score-form")


def _picture(name: str, tr: Translator, depth: int) -> str:
    return rst.directive("celestia-picture", name)


#: In a command line of pages.yaml, a glossary term as the page's reader types it.
TYPED = re.compile(r"\{typed:([\w-]+)\}")


def _code(lines: list[str], tr: Translator, depth: int) -> str:
    """Command lines as typed. ``{typed:ID}`` is the glossary concept ID in the page's
    language, as a person types it (``celestia glossary boussole`` on a French page: the
    commands take the three languages), ``{language}`` the page's language code."""
    by_id = {concept.id: concept for concept in glossary_concepts()}
    return rst.literal([TYPED.sub(lambda m: by_id[m.group(1)].typed(tr.language), line)
                        .replace("{language}", tr.language) for line in lines])


def _see(page_ids: list[str], tr: Translator, depth: int) -> str:
    """Links to related pages, in a box of its own: navigation, not the text of the
    section before it (the search leaves it out)."""
    items = "\n".join(f"* :doc:`{page}`" for page in page_ids)
    return rst.directive("container", "celestia-see", None,
                         rst.paragraph(tr.gettext(N_("See also:"))) + "\n" + items)


def _toctree(page_ids: list[str], tr: Translator, depth: int) -> str:
    return rst.directive("toctree", "", {"maxdepth": "1"}, "\n".join(page_ids))


#: How a default value is said in words.
_VALUE_WORDS = {True: N_("yes"), False: N_("no"), "standard": N_("the standard game"),
                "beginner": N_("the beginner variant")}


def _default_text(name: str, value: Any, tr: Translator) -> str:
    """An option's default in words: "no", "the standard game", "the first seat (0)"."""
    if value is None:
        return "—"
    # A bool is tested first: 0 == False, so a seat 0 must not read as "no".
    if isinstance(value, bool) or (isinstance(value, str) and value in _VALUE_WORDS):
        return tr.gettext(_VALUE_WORDS[value])
    if name == "first_captain":
        return (tr.gettext(N_("the first seat (0)")) if value == 0
                else tr.format(N_("seat {seat}"), seat=value))
    return str(value)


def _options(spec: Any, tr: Translator, depth: int) -> str:
    """The rule options the engine knows, named as players say them, with their defaults
    (read from ``Options``)."""
    described = {item["name"]: item for item in pages()["options"]["option-list"]}
    head = [tr.gettext(N_("Option")), tr.gettext(N_("Default")),
            tr.gettext(N_("Meaning")), tr.gettext(N_("Rule"))]
    rows = []
    defaults = Options()
    for field in fields(Options):
        item = described.get(field.name)
        if item is None:
            raise SiteError(N_('pages.yaml describes no option "{name}".'), name=field.name)
        shown = _default_text(field.name, getattr(defaults, field.name), tr)
        section = rules.get(str(item["rule"]))
        rows.append([tr.gettext(item["label"]), shown, tr.gettext(item["description"]),
                     tr.format(NUMBERED, number=section.id,
                               title=rules.title(section, tr))])
    return rst.table(head, rows, "celestia-options")


def _commands(spec: Any, tr: Translator, depth: int) -> str:
    """Every sub-command of ``celestia`` with its help text, from the CLI itself."""
    head = [tr.gettext(N_("Command")), tr.gettext(N_("What it does"))]
    rows = []
    for name, module_name in COMMANDS.items():
        module = importlib.import_module(module_name)
        rows.append([f"celestia {name}", tr.gettext(module.HELP)])
    return rst.table(head, rows, "celestia-commands")


def _glossary(spec: Any, tr: Translator, depth: int) -> str:
    """Every term, A to Z in the page's language (its own alphabet), under a letter
    heading, with a row of letters at the top that jump to them."""
    names = {"en": "English", "fr": "Français", "hu": "Magyar"}
    order = [tr.language, *(lang for lang in ("en", "fr", "hu") if lang != tr.language)]
    params = definition_params()
    groups = by_letter(tr.language)
    letters = " ".join(f":ref:`{rst.text(letter)} <glossary-letter-{key}>`"
                       for key, letter, _ in groups)
    out = [".. rst-class:: celestia-letters\n\n" + letters + "\n"]
    for key, letter, concepts in groups:
        out.append(rst.label(f"glossary-letter-{key}"))
        out.append(rst.heading(letter, depth))
        for concept in concepts:
            term = concept.term(tr.language)
            out.append(rst.label(f"term-{concept.id}"))
            out.append(rst.heading(term[:1].upper() + term[1:], depth + 1))
            out.append(rst.paragraph(tr.format(concept.definition, **params)))
            if concept.note:
                out.append(rst.paragraph(tr.format(concept.note, **params)))
            head = [names[lang] for lang in order]
            row = [", ".join(concept.terms[lang]) for lang in order]
            out.append(rst.table(head, [row], "celestia-terms"))
    return "\n".join(out)


#: FAQ topics, in the rulebook's order: an entry belongs to the topic of the first rule it
#: cites (the deepest listed section that contains it).
FAQ_TOPICS = ("1", "2", "3", "3.4", "3.5", "4", "5", "6", "7")


def faq_topic(rule_id: str) -> str:
    """The topic (a section id of ``FAQ_TOPICS``) of an entry whose first rule is
    ``rule_id``."""
    found = FAQ_TOPICS[0]
    for topic in FAQ_TOPICS:
        if rule_id == topic or rule_id.startswith(topic + "."):
            found = topic
    return found


def faq_groups() -> list[tuple[str, list[Any]]]:
    """(topic, entries) for every topic that has entries, in the rulebook's order."""
    groups: dict[str, list[Any]] = {topic: [] for topic in FAQ_TOPICS}
    for entry in faq.entries():
        groups[faq_topic(entry.rules[0])].append(entry)
    return [(topic, entries) for topic, entries in groups.items() if entries]


def _faq(spec: Any, tr: Translator, depth: int) -> str:
    """The FAQ grouped by topic, with an index of every question at the top."""
    out = [rst.paragraph(tr.gettext(N_("Every question, by topic; each answer names the "
                                       "rules it rests on.")))]
    out.append(rst.raw_html(_faq_index(tr)))
    for topic, entries in faq_groups():
        out.append(rst.label(f"faq-topic-{slug(topic)}"))
        out.append(rst.heading(rules.title(rules.get(topic), tr), depth))
        for entry in entries:
            out.append(rst.label(f"faq-{entry.id}"))
            out.append(rst.heading(faq.render_question(entry, tr), depth + 1))
            out.append(rst.paragraph(faq.render_answer(entry, tr)))
            links = ", ".join(f":ref:`{ref} <{rule_anchor(ref)}>`" for ref in entry.rules)
            out.append(".. rst-class:: celestia-faq-rules\n\n"
                       + rst.text(tr.format(N_("Rules: {rules}"), rules="\x00"))
                       .replace("\x00", links) + "\n")
    return "\n".join(out)


def _faq_index(tr: Translator) -> str:
    """The index of questions, one folded topic each: eighty questions open are six
    phone screens before the first answer; nine topics with their counts are one, and a
    tap opens a topic (a ``details`` element: no script, read out as a button)."""
    out = ['<div class="celestia-faq-index">']
    for topic, entries in faq_groups():
        title = rules.title(rules.get(topic), tr)
        count = tr.ngettext("{count} question", "{count} questions", len(entries)).format(
            count=len(entries))
        out.append(f'<details id="faq-index-{slug(topic)}"><summary>'
                   f'<span class="celestia-faq-topic">{escape(title)}</span> '
                   f'<span class="celestia-faq-count">{escape(count)}</span></summary><ul>')
        out += [f'<li><a href="#faq-{e.id}">{escape(faq.render_question(e, tr))}</a></li>'
                for e in entries]
        out.append("</ul></details>")
    out.append("</div>")
    return "\n".join(out)


def _quick(spec: Any, tr: Translator, depth: int) -> str:
    """The steps of a voyage in a few lines, each linked to its rule."""
    items = []
    for step in spec:
        text = rst.text(rst.squash(tr.format(step["text"], **_quick_values())))
        links = ", ".join(f":ref:`{ref} <{rule_anchor(ref)}>`" for ref in step["rules"])
        items.append(f"#. {text} ({links})")
    return ".. rst-class:: celestia-steps\n\n" + "\n".join(items) + "\n"


def _quick_values() -> dict[str, Any]:
    return {"end_score": data.END_SCORE}


def _about(spec: Any, tr: Translator, depth: int) -> str:
    # about.render gives the heading, the text, then one line per fact: keep the text
    # (the page has its own title) and show the facts as a table.
    parts = about.render(tr).split("\n\n")
    out = [rst.paragraph(parts[1] if len(parts) > 2 else about.title(tr))]
    out.append(rst.table([], [list(pair) for pair in about.facts(tr)], "celestia-facts"))
    return "\n".join(out)


def _examples(spec: Any, tr: Translator, depth: int) -> str:
    return render_examples(tr, depth)


def _lessons(spec: Any, tr: Translator, depth: int) -> str:
    return render_lessons(tr, depth)


def _score_sheet(spec: Any, tr: Translator, depth: int) -> str:
    return render_score_sheet(tr, depth)


BLOCKS: dict[str, Callable[[Any, Translator, int], str]] = {
    "text": _text,
    "title": _title,
    "rules": _rules,
    "ruling": _ruling,
    "table": _table,
    "page-link": _page_link,
    "contents": _contents,
    "picture": _picture,
    "search-box": _search_box,
    "score-form": _score_form,
    "code": _code,
    "see": _see,
    "toctree": _toctree,
    "options": _options,
    "commands": _commands,
    "glossary": _glossary,
    "faq": _faq,
    "quick": _quick,
    "about": _about,
    "examples": _examples,
    "lessons": _lessons,
    "score-sheet": _score_sheet,
}


def render_page(page_id: str, tr: Translator) -> str:
    """The whole page as reST: its translated title, then each block in order."""
    try:
        page = pages()[page_id]
    except KeyError:
        raise SiteError(N_('pages.yaml has no page "{page}".'), page=page_id) from None
    _PAGE.set(page_id)
    out = [rst.heading(tr.gettext(page["title"]), 0)]
    depth = 1
    for block in page.get("blocks", []):
        kind = next(key for key in block if key != "edition")
        spec = block[kind]
        edition = block.get("edition", _EDITION.get())
        printed = edition == "print"
        if (_EDITION.get() != "book") if printed else edition != _EDITION.get():
            continue
        if kind not in BLOCKS:
            raise SiteError(N_('pages.yaml, page "{page}": unknown block "{kind}".'),
                            page=page_id, kind=kind)
        # Generated headings after a "title" block nest under it.
        text = BLOCKS[kind](spec, tr, 1 if kind == "title" else depth)
        out.append(f".. rst-class:: {PRINT_ONLY}\n\n{text}" if printed else text)
        if kind == "title":
            depth = 2
    return "\n".join(out)
