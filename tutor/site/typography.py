"""French typography for everything the site shows: a narrow no-break space (U+202F)
before ``: ; ! ?`` and inside « », whether the text came from our catalogs, from Sphinx's
own templates or from the theme; in Hungarian, the question particle kept on its word's
line. Applying either twice changes nothing.
"""

from __future__ import annotations

import re

NNBSP = "\u202f"
#: Names that keep their own punctuation.
PROTECTED = ("Blam!",)
_BEFORE = re.compile(r"(?<=[^\s\u00a0\u202f(\[«])[ \u00a0\u202f]?([;!?]|:(?![/\d]))")
_OPEN = re.compile(r"«[ \u00a0\u202f]*")
_CLOSE = re.compile(r"[ \u00a0\u202f]*»")
_RAW = "script|style|pre|code|kbd|samp|textarea"
_CODE = re.compile(rf"(<(?:{_RAW})\b.*?</(?:{_RAW})>)", re.S | re.I)
_TAG = re.compile(r"(<[^>]*>)")


_ADDRESS = re.compile(r"(\w+://\S+)")
_LEADING = re.compile(r"^[ \u00a0\u202f]?([;:!?])")


def french_spacing(text: str) -> str:
    """``text`` with French spaces before high punctuation and inside guillemets;
    web addresses are left as they are."""
    if not any(mark in text for mark in ":;!?«»"):
        return text
    if "://" in text:
        return "".join(part if _ADDRESS.fullmatch(part) else french_spacing(part)
                       for part in _ADDRESS.split(text))
    for name in PROTECTED:
        text = text.replace(name, name.replace("!", "\x00"))
    text = _BEFORE.sub(lambda m: NNBSP + m.group(1), text)
    text = _OPEN.sub("«" + NNBSP, text)
    text = _CLOSE.sub(NNBSP + "»", text)
    return text.replace("\x00", "!")


def french_html(html: str) -> str:
    """``french_spacing`` on the text of an HTML page, not on its tags, scripts or code.
    A text that starts with ``:`` right after an element (``<a>…</a>: …``) gets its space
    too."""
    out: list[str] = []
    previous = " "
    for block in _CODE.split(html):
        if _CODE.fullmatch(block):
            out.append(block)
            previous = " "
            continue
        for piece in _TAG.split(block):
            if not piece or piece.startswith("<"):
                out.append(piece)
                continue
            if not previous.isspace() and previous != NNBSP:
                # "<a>…</a>: …" — the punctuation after an element needs its space too.
                piece = _LEADING.sub(NNBSP + r"\1", piece)
            fixed = french_spacing(piece)
            out.append(fixed)
            previous = fixed[-1]
    return "".join(out)


#: Hungarian's question particle "-e" ("kiszállhatnak-e?") stays with its word: browsers
#: may break a line after a hyphen, leaving "e?" alone at the start of the next one. A word
#: joiner (U+2060, invisible, ignored by a browser's find) after the hyphen forbids it.
WORD_JOINER = "\u2060"
_PARTICLE = re.compile(r"(?<=\w)-(?=e\b)")


def hungarian_html(html: str) -> str:
    """``html`` with each question particle "-e" joined to its word, in its text only
    (not in tags, scripts or code)."""
    out: list[str] = []
    for block in _CODE.split(html):
        if _CODE.fullmatch(block):
            out.append(block)
            continue
        out += [piece if piece.startswith("<") else _PARTICLE.sub("-" + WORD_JOINER, piece)
                for piece in _TAG.split(block)]
    return "".join(out)
