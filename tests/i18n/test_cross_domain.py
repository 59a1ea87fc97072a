"""A message that several domains share reads the same in all of them.

At run time the domains of a language are chained, so only one translation of a shared
English message is ever shown; two different ones would make what a reader sees depend on
the order the catalogs load in.
"""

from collections import defaultdict

import pytest
from babel.messages.pofile import read_po

from tutor.tools.catalogs import TRANSLATED, domains, po_path


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_shared_message_has_one_translation(language: str) -> None:
    # A message is its English text in its context (msgctxt): the same text in two
    # contexts is two messages, which may be translated differently.
    seen: dict[tuple[str, str | None], dict[str, str]] = defaultdict(dict)
    for domain in domains():
        with po_path(language, domain).open("rb") as handle:
            for message in read_po(handle, locale=language):
                if message.id and isinstance(message.id, str):
                    seen[message.id, message.context][domain] = message.string
    clashes = {msgid: found for msgid, found in seen.items() if len(set(found.values())) > 1}
    assert not clashes, "\n".join(f"{msgid!r}: {found}" for msgid, found in clashes.items())
