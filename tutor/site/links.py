"""Links that the site adds to every page as it is read (Sphinx's "doctree-read"):

- every heading's id is its language-neutral label ("rule-3-4", "faq-<id>", "term-<id>"),
  the same in English, French and Hungarian, so that a link survives a change of language;
- a glossary term links to its entry the first time a page uses it;
- a rule number written in a sentence about a rule ("See rule 3.4.", "Voir la règle 3.4",
  "Lásd ezt a szabályt: 3.4.") links to that rule.
"""

from __future__ import annotations

import re
from functools import cache

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx

from ..content import rules
from ..glossary import concepts

#: Text inside these is left as it is.
_SKIP = (nodes.title, nodes.reference, addnodes.pending_xref, nodes.literal,
         nodes.literal_block, nodes.raw, nodes.FixedTextElement, nodes.target, nodes.table)
_RULE_ID = re.compile(r"(?<![\w.])(\d+(?:\.\d+){1,2})(?!\w|\.\d)")
_RULE_WORD = re.compile(r"\brules?\b|\brègles?\b|szabály|§", re.IGNORECASE)


def neutral_ids(app: Sphinx, doctree: nodes.document) -> None:
    """Give every section only its explicit, language-neutral ids; the page's own title
    section gets "page-<name>". The first id is the one that links, tables of contents
    and the heading's link icon use: the label written nearest the heading (a section
    without a heading of its own, like "rule-1" before "rule-1.1", passes its label on to
    the next heading, which keeps its own first)."""
    document = doctree
    for section in doctree.findall(nodes.section):
        explicit = [document.nameids[name] for name in section["names"]
                    if document.nametypes.get(name) and document.nameids.get(name)]
        if explicit:
            section["ids"] = list(dict.fromkeys(reversed(explicit)))
        elif isinstance(section.parent, nodes.document):
            section["ids"] = ["page-" + nodes.make_id(app.env.docname)]


#: Terms that are also everyday words in running text, linked only in this context: the
#: French "défausse" is the discard pile after an article, but "il défausse" is a verb.
_CONTEXT = {("fr", "discard-pile"): r"(?<=\b[lL]a )"}


@cache
def _term_patterns(language: str) -> list[tuple[str, re.Pattern[str]]]:
    """(concept id, pattern) for every glossary term, longest terms first, allowing the
    endings a word takes in running text (Hungarian suffixes, French and English plurals)."""
    found = []
    for concept in concepts():
        for word in concept.terms[language]:
            if len(word) < 3:
                continue
            body = r"\s+".join(re.escape(part) for part in word.split())
            if language == "hu":
                # A final a/e lengthens before a suffix: kártya → kártyát.
                if word[-1] in "ae":
                    body = body[:-1] + ("[aá]" if word[-1] == "a" else "[eé]")
                ending = r"\w{0,6}"
            else:
                ending = r"(?:s|x|es)?"
            context = _CONTEXT.get((language, concept.id), "")
            found.append((len(word), concept.id, re.compile(
                rf"{context}(?<!\w)({body}{ending})(?!\w)", re.IGNORECASE)))
    found.sort(key=lambda item: -item[0])
    return [(ident, pattern) for _, ident, pattern in found]


def _xref(target: str, text: str, docname: str, css: str) -> addnodes.pending_xref:
    ref = addnodes.pending_xref("", nodes.inline(text, text, classes=[css]),
                               refdomain="std", reftype="ref", reftarget=target,
                               refexplicit=True, refwarn=True, refdoc=docname)
    return ref


def _skipped(node: nodes.Node) -> bool:
    parent = node.parent
    while parent is not None:
        if isinstance(parent, _SKIP) or "celestia-rule-faq" in parent.get("classes", ()):
            return True
        parent = parent.parent
    return False


def _split(text: nodes.Text, pieces: list[nodes.Node]) -> None:
    parent = text.parent
    index = parent.index(text)
    parent.remove(text)
    for offset, piece in enumerate(pieces):
        parent.insert(index + offset, piece)


def link_terms(app: Sphinx, doctree: nodes.document) -> None:
    """Link the first use of each glossary term on the page to its entry."""
    docname = app.env.docname
    if docname == "glossary":
        return
    patterns = _term_patterns(app.config.language or "en")
    linked: set[str] = set()
    for text in list(doctree.findall(nodes.Text)):
        if text.parent is not None and not _skipped(text):
            _link_rest(text, patterns, linked, docname)


def _link_rest(text: nodes.Text, patterns: list[tuple[str, re.Pattern[str]]],
               linked: set[str], docname: str) -> None:
    """Link the terms of ``text`` not yet linked on the page, first come first."""
    while True:
        value = str(text)
        best = None
        for ident, pattern in patterns:
            if ident in linked:
                continue
            match = pattern.search(value)
            if match and (best is None or match.start() < best[1].start()):
                best = (ident, match)
        if best is None:
            return
        ident, match = best
        linked.add(ident)
        pieces: list[nodes.Node] = []
        if match.start():
            pieces.append(nodes.Text(value[:match.start()]))
        pieces.append(_xref(f"term-{ident}", match.group(1), docname, "celestia-term"))
        rest = value[match.end():]
        tail = nodes.Text(rest)
        if rest:
            pieces.append(tail)
        _split(text, pieces)
        if not rest:
            return
        text = tail


def link_rule_numbers(app: Sphinx, doctree: nodes.document) -> None:
    """Make rule numbers in sentences about rules into links to the rules."""
    docname = app.env.docname
    for text in list(doctree.findall(nodes.Text)):
        if text.parent is None or _skipped(text):
            continue
        value = str(text)
        if not _RULE_WORD.search(value):
            continue
        pieces: list[nodes.Node] = []
        last = 0
        for match in _RULE_ID.finditer(value):
            rule_id = match.group(1)
            if not rules.exists(rule_id):
                continue
            if match.start() > last:
                pieces.append(nodes.Text(value[last:match.start()]))
            pieces.append(_xref(f"rule-{rule_id}", rule_id, docname, "celestia-rule-ref"))
            last = match.end()
        if not pieces:
            continue
        if last < len(value):
            pieces.append(nodes.Text(value[last:]))
        _split(text, pieces)


def setup(app: Sphinx) -> None:
    # Before Sphinx collects the tables of contents (priority 500), which use the first id.
    app.connect("doctree-read", neutral_ids, priority=100)
    app.connect("doctree-read", link_rule_numbers, priority=600)
    app.connect("doctree-read", link_terms, priority=610)
