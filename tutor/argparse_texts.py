"""The command line's own words ("usage:", "options", its error messages) in our languages.

argparse asks gettext for these texts through the names ``_`` and ``ngettext`` of its
module, looked up each time it formats a message; pointing them at our translator is
enough. The messages are listed here so that extraction puts them in our catalogs. A
Python version whose wording differs simply shows that text in English.

Two words argparse writes itself are ours too: the name of a value's type in "invalid int
value" (``TYPE_NAMES``), and the colon after a section heading, which French typography
wants after a narrow no-break space ("options :"). So are the quotes around what a person
typed, which argparse writes with Python's ``repr`` ('nosuch'): French and Hungarian
messages quote it their way (« nosuch », „nosuch”) and list the choices as plain words.
What the person typed is quoted short (``inputs.excerpt``) in every message that repeats
it: an unknown choice, command or option may be a whole file pasted by mistake.

Our own option errors are whole sentences (they are shown alone too), so they start with a
capital; argparse puts them after "argument --x:", where every language goes on in lower
case ("argument --variant : variante inconnue…"). The first word keeps its capital when
it is a name: a game term written with one (Turbo, Jetpack) or a word in capitals.
"""

from __future__ import annotations

import argparse
import re

from .engine.messages import N_
from .i18n import Translator, after_colon
from .inputs import excerpt
from .terminal_text import columns

MESSAGES = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("can't open '%(filename)s': %(error)s"),
    N_("expected one argument"),
    N_("expected at least one argument"),
    N_("expected at most one argument"),
    N_("ignored explicit argument %r"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("not allowed with argument %s"),
    N_("one of the arguments %s is required"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
)


#: The type of an option's value as argparse names it → what a person calls it.
TYPE_NAMES = {
    "int": N_("whole number"),
    "float": N_("number"),
}
_INVALID_VALUE = "invalid %(type)s value: %(value)r"
#: The messages that repeat what was typed, and the names of their typed parameters (a
#: message with one ``%s`` or ``%r`` has the name "").
_TYPED_PARAMETERS = {
    _INVALID_VALUE: ("value",),
    "invalid choice: %(value)r (choose from %(choices)s)": ("value",),
    "unknown parser %(parser_name)r (choices: %(choices)s)": ("parser_name",),
    "ambiguous option: %(option)s could match %(matches)s": ("option",),
    "unrecognized arguments: %s": ("",),
    "ignored explicit argument %r": ("",),
}
#: Each language's quotes around what a person typed (French: narrow no-break spaces);
#: English keeps argparse's own.
QUOTES = {"fr": ("«\u202f", "\u202f»"), "hu": ("„", "”")}
_REPR = re.compile(r"'([^'\\]*)'")
_ARGUMENT = "argument %(argument_name)s: %(message)s"


class _Quoted(str):
    """A short excerpt of what was typed; ``%r`` shows it in the language's quotes,
    without escaping its escapes again."""

    quotes: tuple[str, str] = ("'", "'")

    def __repr__(self) -> str:
        return f"{self.quotes[0]}{self}{self.quotes[1]}"


def _short(value: object, quotes: tuple[str, str]) -> object:
    if not isinstance(value, str):
        return value
    quoted = _Quoted(excerpt(value))
    quoted.quotes = quotes
    return quoted


class _Filled(str):
    """A message that argparse fills with what was typed: that is quoted short (the
    language's way in French and Hungarian), and the type in "invalid value" is named in
    words."""

    translator: Translator
    typed: tuple[str, ...]
    english: str

    def __mod__(self, values: object) -> str:
        tr = self.translator
        quotes = QUOTES.get(tr.language, _Quoted.quotes)
        if isinstance(values, dict):
            values = {key: _short(value, quotes) if key in self.typed else value
                      for key, value in values.items()}
            if values.get("type") in TYPE_NAMES:
                values["type"] = tr.gettext(TYPE_NAMES[values["type"]])
            if tr.language in QUOTES and isinstance(values.get("choices"), str):
                values["choices"] = _REPR.sub(r"\1", values["choices"])
            if self.english == _ARGUMENT and isinstance(values.get("message"), str):
                values["message"] = after_colon(values["message"], tr.language)
        elif "" in self.typed:
            values = _short(values, quotes)
        return str.__mod__(self, values)


class _Installed:
    translator: Translator | None = None
    start_section = argparse.HelpFormatter.start_section
    init = argparse.HelpFormatter.__init__


def _gettext(message: str) -> str:
    tr = _Installed.translator
    assert tr is not None
    text = tr.gettext(message)
    if message in _TYPED_PARAMETERS or message == _ARGUMENT:
        filled = _Filled(text)
        filled.translator = tr
        filled.typed = _TYPED_PARAMETERS.get(message, ())
        filled.english = message
        return filled
    return text


def _start_section(self: argparse.HelpFormatter, heading: str | None) -> None:
    tr = _Installed.translator
    if heading and tr is not None and tr.language == "fr":
        heading += "\u202f"  # argparse adds the colon: "options :"
    _Installed.start_section(self, heading)


def _init(self: argparse.HelpFormatter, prog: str, indent_increment: int = 2,
          max_help_position: int = 24, width: int | None = None) -> None:
    # argparse measures the terminal with shutil, whose import (the compression modules)
    # costs a lookup more than its parsing: the same width, measured without it.
    if width is None:
        width = columns() - 2
    _Installed.init(self, prog, indent_increment, max_help_position, width)


def install(tr: Translator) -> None:
    """Make argparse speak ``tr``'s language."""
    _Installed.translator = tr
    argparse._ = _gettext  # type: ignore[attr-defined]
    argparse.ngettext = tr.ngettext  # type: ignore[attr-defined]
    argparse.HelpFormatter.start_section = _start_section  # type: ignore[method-assign]
    argparse.HelpFormatter.__init__ = _init  # type: ignore[method-assign]
