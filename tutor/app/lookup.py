"""Looking up a rule (by id), a term of the glossary or a FAQ entry from inside the tutor.

Returns plain text lines; no UI import. Uses the content helpers' public functions:
``tutor.content.rules``, ``tutor.glossary`` and ``tutor.content.faq``.
"""

from __future__ import annotations

from .. import glossary
from ..content import faq, rules
from ..content.terminal import wrap as terminal_wrap
from ..engine.messages import N_, CelestiaError
from ..i18n import Translator


def lookup(query: str, tr: Translator, width: int = 78) -> list[str]:
    """What the rulebook, the glossary and the FAQ say about ``query``."""
    query = query.strip()
    if not query:
        return [tr.gettext(N_("Type a rule number (such as 3.4) or a word (such as Turbo), "
                              "then press Enter."))]
    lines: list[str] = []

    def para(text: str, indent: str = "") -> None:
        lines.extend(terminal_wrap(text, width, indent, indent) or [""])

    # A rule's number ("3.4", "rule 3.4", "règle 3.5") shows that rule, as `celestia faq`
    # puts it first; a bare number shows only the rule.
    refs = [query] if rules.exists(query) else faq.rule_refs(query)
    for ref in refs:
        try:
            for kind, item_id, text in rules.blocks(rules.get(ref), tr):
                if kind == "heading":
                    para(f"{item_id} {text}")
                elif kind == "rule":
                    para(f"{item_id}  {text}", "")
                elif text:
                    para(text)
        except CelestiaError as err:
            para(tr.message(err))
        lines.append("")
    if rules.exists(query):
        while lines and not lines[-1]:
            lines.pop()
        return lines

    try:
        concepts = glossary.find(query)
    except CelestiaError:
        concepts = []
    params = glossary.definition_params()
    for concept in concepts[:3]:
        para(f"{concept.term(tr.language)} — " + tr.format(concept.definition, **params))
        if concept.note:
            para(tr.format(concept.note, **params), "  ")
        lines.append("")

    try:
        entries = faq.search(query, tr.language, limit=2)
    except CelestiaError:
        entries = []
    for entry in entries:
        para(faq.render_question(entry, tr))
        para(faq.render_answer(entry, tr), "  ")
        lines.append("")
    if not lines:
        para(tr.format(N_('Nothing found for "{query}". Try a rule number such as 3.4, or a '
                          "word of the game such as Turbo or captain."), query=query))
    while lines and not lines[-1]:
        lines.pop()
    return lines
