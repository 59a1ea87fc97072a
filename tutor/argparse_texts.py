"""The command line's own words ("usage:", "options", its error messages) in our languages.

argparse asks gettext for these texts through the names ``_`` and ``ngettext`` of its
module, looked up each time it formats a message; pointing them at our translator is
enough. The messages are listed here so that extraction puts them in our catalogs. A
Python version whose wording differs simply shows that text in English.
"""

from __future__ import annotations

import argparse

from .engine.messages import N_
from .i18n import Translator

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


def install(tr: Translator) -> None:
    """Make argparse speak ``tr``'s language."""
    argparse._ = tr.gettext  # type: ignore[attr-defined]
    argparse.ngettext = tr.ngettext  # type: ignore[attr-defined]
