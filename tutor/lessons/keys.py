"""The key that answers yes to a lesson's confirmations (restart, skip), one fact for the
terminal's tutor and the page's lesson player."""

from __future__ import annotations

from ..engine.messages import N_
from ..i18n import Translator

# TRANSLATORS: the key (one letter) that answers yes to the tutor's questions: the first
# letter of your language's "yes" (o for oui, i for igen). "y" works too.
YES_KEY = N_("y")


def yes_keys(tr: Translator) -> list[str]:
    """The keys that answer yes, lower case: ``y``, then the reader's language's own
    (``o`` for oui, ``i`` for igen) when it has one."""
    key = tr.gettext(YES_KEY).strip().lower()
    return ["y"] if len(key) != 1 or key == "y" else ["y", key]
