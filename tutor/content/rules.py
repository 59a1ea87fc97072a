"""The rulebook: rule statements with stable ids, in the order of RULES.md.

The text lives in ``rules.yaml`` (English, translated through the "content" catalogs);
every game number in it is a named placeholder filled from ``tutor.engine.data``.

    >>> from tutor.content import rules
    >>> [s.id for s in rules.sections()][:3]
    ['1', '1.1', '1.2']
    >>> rules.get("3.4.2").id
    '3.4.2'

Ids: a section is numbered as in RULES.md ("3.4"); a statement is its section's id plus a
running number ("3.4.2"). Section "1.3" (the deck) is ours, for the deck's table.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Literal

from ..engine.messages import N_, CelestiaError
from .loader import Checker, load
from .tables import TABLES, render_text
from .tables import table_note as table_note  # the site shows it under its table
from .tables import table_rows as rows
from .values import fill, for_language

if TYPE_CHECKING:
    from ..i18n import Translator

FILE = "rules.yaml"
SECTION_ID = re.compile(r"^[0-9]+(\.[0-9]+)?$")


class UnknownRule(CelestiaError):
    """A rule or section id that the rulebook does not have."""


@dataclass(frozen=True)
class Rule:
    """One rule statement. ``text`` is the English message id (with placeholders)."""

    id: str
    text: str
    section: str
    see: tuple[str, ...] = ()


@dataclass(frozen=True)
class Section:
    """A section of the rulebook. ``title`` and ``text`` (an optional introduction) are
    English message ids; ``rules`` its statements; ``tables`` names for ``table_rows``."""

    id: str
    title: str
    rules: list[Rule] = field(default_factory=list)
    text: str = ""
    tables: tuple[str, ...] = ()

    @property
    def parent(self) -> str | None:
        """The enclosing section's id ("3" for "3.4"), or None for a top section."""
        return self.id.rsplit(".", 1)[0] if "." in self.id else None


Item = Section | Rule


@cache
def _book() -> tuple[list[Section], dict[str, Item]]:
    check = Checker(FILE)
    root = check.mapping(load(FILE), "", "sections")
    check.unknown_keys(root, "", {"sections"})
    found: list[Section] = []
    index: dict[str, Item] = {}
    seen: set[str] = set()
    for position, node in enumerate(check.items(root.get("sections"), "", "sections"), 1):
        node = check.mapping(node, str(position), "sections")
        sid = check.ident(node, position)
        check.unknown_keys(node, sid, {"id", "title", "text", "rules", "tables"})
        if not SECTION_ID.match(sid):
            raise check.fail(N_('{file}, entry {id}: a section id is a number like "3" or '
                                '"3.4".'), sid)
        check.unique(seen, sid)
        statements = []
        for n, rnode in enumerate(check.items(node.get("rules", []), sid, "rules"), 1):
            rnode = check.mapping(rnode, sid, "rules")
            rid = check.ident(rnode, n)
            check.unknown_keys(rnode, rid, {"id", "text", "see"})
            if rid != f"{sid}.{n}":
                raise check.fail(N_('{file}, entry {id}: statements of section {section} are '
                                    'numbered in order; this one should be "{expected}".'),
                                 rid, section=sid, expected=f"{sid}.{n}")
            check.unique(seen, rid)
            see = tuple(str(s) for s in check.items(rnode.get("see", []), rid, "see"))
            statements.append(Rule(rid, check.text(rnode, rid, "text"), sid, see))
        tables = tuple(check.texts(node, sid, "tables"))
        for name in tables:
            if name not in TABLES:
                raise check.fail(N_('{file}, entry {id}: unknown table "{name}"; tables: '
                                    '{known}.'), sid, name=name, known=", ".join(TABLES))
        section = Section(sid, check.text(node, sid, "title"), statements,
                          check.text(node, sid, "text", required=False), tables)
        if not statements and not section.text and not tables:
            raise check.fail(N_("{file}, entry {id}: a section needs an introduction, "
                                "statements or a table."), sid)
        found.append(section)
        index[sid] = section
        for rule in statements:
            index[rule.id] = rule
    for item in index.values():
        for ref in getattr(item, "see", ()):
            if ref not in index:
                raise check.fail(N_('{file}, entry {id}: "see" names the unknown rule '
                                    '"{rule}".'), item.id, rule=ref)
    return found, index


def sections() -> list[Section]:
    """Every section, in RULES.md order (a top section comes before its subsections)."""
    return list(_book()[0])


def ids() -> list[str]:
    """Every section and statement id, in reading order."""
    return list(_book()[1])


def exists(rule_id: str) -> bool:
    return rule_id in _book()[1]


def get(rule_id: str) -> Item:
    """The section or statement with this id; ``UnknownRule`` names close ids."""
    index = _book()[1]
    key = rule_id.strip().rstrip(".").lstrip("§")
    if key in index:
        return index[key]
    close = close_ids(key)
    if close:
        raise UnknownRule(N_('There is no rule "{id}". Did you mean: {close}?'),
                          id=rule_id, close=", ".join(close))
    raise UnknownRule(N_('There is no rule "{id}". The sections are: {close}.'),
                      id=rule_id, close=", ".join(s.id for s in sections()))


def close_ids(key: str, limit: int = 6) -> list[str]:
    """Ids that look like ``key``: its parent and children first, then similar spellings."""
    # start-up: the command-line lookups (benchmarks/lookup.py)
    import difflib

    index = _book()[1]
    # Its own statements or subsections first ("3.4" for "3.4."), then similar spellings
    # ("3.4.4" for "3.44"), then the enclosing section ("3" for "3.12").
    found = [i for i in index if i.startswith(key + ".") and i.count(".") == key.count(".") + 1]
    found += difflib.get_close_matches(key, list(index), n=limit, cutoff=0.6)
    parts = key.split(".")
    for n in range(len(parts) - 1, 0, -1):
        parent = ".".join(parts[:n])
        if parent in index:
            found.append(parent)
            break
    return list(dict.fromkeys(found))[:limit]


def children(section: Section) -> list[Section]:
    """The subsections directly under ``section`` ("3.0" … "3.9" for "3")."""
    return [s for s in sections() if s.parent == section.id]


def title(section: Section, tr: Translator) -> str:
    """The section's title, translated."""
    return tr.gettext(section.title)


def text(item: Item, tr: Translator) -> str:
    """A statement's text, or a section's introduction, translated with numbers filled in."""
    msgid = item.text
    if not msgid:
        return ""
    values = for_language(tr.language)
    try:
        return fill(tr.gettext(msgid), values)
    except (KeyError, IndexError, ValueError):
        # A broken translation must not hide the rule: show the English one.
        return fill(msgid, values)


BlockKind = Literal["heading", "intro", "rule", "table"]


def blocks(item: Item, tr: Translator,
           tables: bool = True) -> list[tuple[BlockKind, str, str]]:
    """``item`` as (kind, id, text) blocks in reading order: a section brings its
    heading, introduction, statements, tables, then its subsections."""
    if isinstance(item, Rule):
        return [("rule", item.id, text(item, tr))]
    out: list[tuple[BlockKind, str, str]] = [("heading", item.id, title(item, tr))]
    if item.text:
        out.append(("intro", item.id, text(item, tr)))
    out += [("rule", rule.id, text(rule, tr)) for rule in item.rules]
    if tables:
        out += [("table", name, render_text(name, tr)) for name in item.tables]
    for child in children(item):
        out += blocks(child, tr, tables)
    return out


def render(item: Item, tr: Translator, tables: bool = True) -> str:
    """``item`` as plain text (unwrapped paragraphs separated by blank lines)."""
    lines = []
    for kind, ident, body in blocks(item, tr, tables):
        if kind == "rule":
            see = get(ident).see  # type: ignore[union-attr]
            lines.append(f"{ident}  {body}" + (f" (→\u00a0{', '.join(see)})" if see else ""))
        elif kind == "heading":
            lines.append(f"{ident}  {body}")
        else:
            lines.append(body)
    return "\n\n".join(lines)


def table_rows(name: str, tr: Translator) -> tuple[list[str], list[list[str]]]:
    """A table of the game's data (``cities``, ``deck``, ``faces``, ``hands``): translated
    column headings and rows, every figure read from ``tutor.engine.data``."""
    return rows(name, tr)
