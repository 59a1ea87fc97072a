"""Small helpers that write reStructuredText from translated text.

Translated text is data, not markup: ``text`` escapes everything reST would read as
inline markup, so a translation with a star or a backquote shows as written.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

#: Underline characters by depth: page title, section, subsection, …
UNDERLINES = "=-~^\""
_SPECIAL = re.compile(r"([\\`*_|\[\]<>:])")


#: A paragraph or list item that starts like this would become a (nested) list.
_LIST_START = re.compile(r"^(?:\d+[.)]|\(\d+\)|[-+•]|[a-zA-Z][.)])\s")


def text(value: str) -> str:
    """``value`` with every inline-markup character escaped, and a leading "2." or "-"
    kept as text rather than read as the start of a list."""
    escaped = _SPECIAL.sub(r"\\\1", value)
    return "\\" + escaped if _LIST_START.match(escaped) else escaped


#: Line breaks and runs of ordinary spaces; never the no-break spaces of French typography.
_SPACES = re.compile(r"[ \t\r\n]+")


def squash(value: str) -> str:
    """``value`` on one line, with its runs of ordinary white space made single spaces."""
    return _SPACES.sub(" ", value).strip(" ")


def heading(title: str, depth: int) -> str:
    escaped = text(title)
    return f"{escaped}\n{UNDERLINES[depth] * max(len(escaped), 3)}\n"


def paragraph(value: str) -> str:
    """One paragraph per blank-line-separated block of ``value``."""
    blocks = [b for b in (squash(part) for part in value.split("\n\n")) if b]
    return "\n\n".join(text(squash(b)) for b in blocks) + "\n"


#: A command-line option as prose mentions it ("--lang fr", "--serve").
_OPTION = re.compile(r"(?<![\w-])--[a-z][a-z-]*(?: (?:en|fr|hu)\b)?")


def options_as_code(escaped: str) -> str:
    """Escaped text with its command-line options ("--lang fr") as inline code, so that
    they read as typed (no typographic dash) and look like the commands beside them."""
    return _OPTION.sub(lambda m: f"``{m.group()}``", escaped)


def indent(block: str, spaces: int = 3) -> str:
    pad = " " * spaces
    return "\n".join(pad + line if line.strip() else "" for line in block.splitlines())


def directive(name: str, argument: str = "", options: dict[str, str] | None = None,
              body: str = "") -> str:
    lines = [f".. {name}::" + (f" {argument}" if argument else "")]
    lines += [f"   :{key}: {value}" for key, value in (options or {}).items()]
    out = "\n".join(lines) + "\n"
    if body:
        out += "\n" + indent(body) + "\n"
    return out


def table(head: Sequence[str], rows: Sequence[Sequence[str]], css: str = "") -> str:
    """A ``list-table`` with a header row (unless ``head`` is empty); every cell escaped."""
    body = []
    for row in [head, *rows] if head else rows:
        cells = [text(c) if c else "\\ " for c in row]
        body.append("* - " + cells[0])
        body += [f"  - {c}" for c in cells[1:]]
    options = {"header-rows": "1" if head else "0",
               "class": f"celestia-table {css}".strip()}
    return directive("list-table", "", options, "\n".join(body))


def raw_html(html: str) -> str:
    return directive("raw", "html", None, html)


def label(name: str) -> str:
    return f".. _{name}:\n"


def literal(lines: Sequence[str]) -> str:
    """A literal block of commands, shown as typed."""
    return "::\n\n" + "\n".join("   " + line for line in lines) + "\n"
