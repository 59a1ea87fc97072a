"""Tables that become one card per row on a phone (``celestia-cards``, e.g. the score
sheet): each cell gets its column's heading as ``data-label``, which the stylesheet shows
beside the value when the screen is too narrow for the columns. The table stays a real
table for wide screens, printing and screen readers' table commands.
"""

from __future__ import annotations

import re
from html import escape, unescape

_TABLE = re.compile(r'<table class="[^"]*\bcelestia-cards\b[^"]*">.*?</table>', re.S)
_HEAD = re.compile(r'<th class="head"[^>]*>(.*?)</th>', re.S)
_ROW = re.compile(r"<tr\b[^>]*>.*?</tr>", re.S)
_CELL = re.compile(r"<td(?=[\s>])")
_TAG = re.compile(r"<[^>]+>")


def _text(html: str) -> str:
    return " ".join(unescape(_TAG.sub(" ", html)).split())


def _label_table(match: re.Match[str]) -> str:
    table = match.group(0)
    head, _, body = table.partition("<tbody>")
    labels = [_text(cell) for cell in _HEAD.findall(head)]

    def row(found: re.Match[str]) -> str:
        names = iter(labels)
        return _CELL.sub(lambda _: f'<td data-label="{escape(next(names, ""))}"',
                         found.group(0))

    return head + "<tbody>" + _ROW.sub(row, body) if body else table


def label_cells(html: str) -> str:
    """``html`` with every cell of its ``celestia-cards`` tables labelled."""
    return _TABLE.sub(_label_table, html)
