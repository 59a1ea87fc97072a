"""Hungarian translations never hedge the article as "a(z)": a placeholder's value decides
between "a" and "az", so a translation must be worded so the article does not depend on it."""

from pathlib import Path

import pytest
from babel.messages.pofile import read_po

CATALOGS = sorted(Path(__file__).resolve().parents[2].glob("locales/hu/LC_MESSAGES/*.po"))


@pytest.mark.parametrize("path", CATALOGS, ids=lambda p: p.stem)
def test_no_hedged_article(path: Path) -> None:
    with path.open("rb") as handle:
        catalog = read_po(handle, locale="hu")
    hedged = []
    for message in catalog:
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.id and any("a(z)" in (form or "").lower() for form in forms):
            hedged.append(message.id)
    assert not hedged, hedged
