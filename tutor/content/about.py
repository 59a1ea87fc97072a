"""The "about" text: the box facts of the game (RULES.md §1), from ``tutor.engine.data``."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from ..engine.messages import N_
from .loader import Checker, load
from .values import NAMES, Values, fill, for_language

if TYPE_CHECKING:
    from ..i18n import Translator

FILE = "about.yaml"


@cache
def _about() -> tuple[str, str, list[tuple[str, str, str]]]:
    check = Checker(FILE)
    root = check.mapping(load(FILE), "", "about")
    check.unknown_keys(root, "about", {"title", "text", "facts"})
    facts = []
    seen: set[str] = set()
    for position, node in enumerate(check.items(root.get("facts"), "about", "facts"), 1):
        node = check.mapping(node, str(position), "facts")
        ident = check.ident(node, position)
        check.unknown_keys(node, ident, {"id", "label", "text", "value"})
        check.unique(seen, ident)
        if "value" in node:
            # A bare name or number: nothing to translate, only to fill in.
            name = node["value"]
            if not isinstance(name, str) or name not in NAMES:
                raise check.fail(N_('{file}, entry {id}: "value" must be the name of a '
                                    'placeholder; known placeholders: {known}.'),
                                 ident, known=", ".join(sorted(NAMES)))
            text = "{" + name + "}"
        else:
            text = check.text(node, ident, "text")
        facts.append((ident, check.text(node, ident, "label"), text))
    return check.text(root, "about", "title"), check.text(root, "about", "text"), facts


def _fill(msgid: str, tr: Translator, values: Values) -> str:
    if msgid.startswith("{") and msgid.endswith("}") and msgid[1:-1] in NAMES:
        return fill(msgid, values)  # a bare value: not a message
    try:
        return fill(tr.gettext(msgid), values)
    except (KeyError, IndexError, ValueError):
        return fill(msgid, values)


def title(tr: Translator) -> str:
    """The heading of the about text, translated."""
    return tr.gettext(_about()[0])


def facts(tr: Translator) -> list[tuple[str, str]]:
    """The box facts as (label, value) pairs, translated, with numbers and names filled."""
    values = for_language(tr.language)
    return [(tr.gettext(label), _fill(text, tr, values)) for _, label, text in _about()[2]]


def render(tr: Translator) -> str:
    """The about text as plain text: a heading, a paragraph, then one line per fact."""
    values = for_language(tr.language)
    lines = [title(tr), "", _fill(_about()[1], tr, values), ""]
    # TRANSLATORS: Same role everywhere: a label and its value ("Published: 2015").
    lines += [tr.format(N_("{heading}: {value}"), heading=label, value=value)
              for label, value in facts(tr)]
    return "\n".join(lines)
