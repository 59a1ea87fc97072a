"""The rulebook site in the pseudo-language (tutor.tools.pseudo_site, which CI runs too):
every page, on a phone and a desktop, shows only the catalogs' text and no text runs out
of its box; the check itself finds a word that is not from a catalog and a text that does
not fit. The pseudo-language is never among the published site's languages."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tutor import i18n, pseudo
from tutor.tools import pseudo_site

from .conftest import PHONE

#: A pseudo-language site already built from this tree (CI builds it with
#: ``python -m tutor.tools.pseudo_site --out build/site-qps``): the session uses it.
BUILT_PSEUDO_SITE = "CELESTIA_TEST_PSEUDO_SITE"


@pytest.fixture(scope="session")
def pseudo_built(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The site built in the pseudo-language, once per session."""
    reused = os.environ.get(BUILT_PSEUDO_SITE)
    if reused:
        if not (Path(reused) / pseudo_site.MARKER).is_file():
            pytest.fail(f"{BUILT_PSEUDO_SITE}={reused} holds no pseudo-language site")
        yield Path(reused)
        return
    # The workers of one run (pytest-xdist) share one build: the first to come builds it.
    from filelock import FileLock

    shared = (tmp_path_factory.getbasetemp().parent if os.environ.get("PYTEST_XDIST_WORKER")
              else tmp_path_factory.mktemp("pseudo"))
    out = shared / "pseudo-site"
    before = os.environ.get(pseudo.SWITCH)
    os.environ[pseudo.SWITCH] = "1"
    try:
        with FileLock(shared / "pseudo-site.lock"):
            if not (out / pseudo_site.MARKER).is_file():
                pseudo_site.build(out)
    finally:
        # English again for the tests that follow, in this process.
        i18n.PSEUDO_ON = False
        i18n.catalog.cache_clear()
        if before is None:
            os.environ.pop(pseudo.SWITCH, None)
        else:
            os.environ[pseudo.SWITCH] = before
    yield out


def test_every_page_shows_only_catalog_text_and_fits(pseudo_built: Path, browser) -> None:
    assert pseudo_site.check(pseudo_built, browser) == []


def test_the_pseudo_language_is_not_published(site: Path, pseudo_built: Path) -> None:
    """The real site has no qps folder, and no page links to one; the pseudo-language
    site is English through qps (its pages' text is bracketed)."""
    assert sorted(p.name for p in site.iterdir() if p.is_dir() and not p.name.startswith("_")) \
        == sorted(i18n.LANGUAGES)
    for language in i18n.LANGUAGES:
        page = (site / language / "index.html").read_text(encoding="utf-8")
        assert "qps" not in page and pseudo.OPEN not in page
    assert pseudo.OPEN in (pseudo_built / "en" / "index.html").read_text(encoding="utf-8")


def test_the_check_finds_foreign_words_and_overflow(tmp_path: Path, browser) -> None:
    """A word outside the brackets, a label read aloud in plain English, a text wider
    than its box and a page wider than the screen are found; code and numbers are not,
    nor the glossary's words on the glossary's page."""
    page = tmp_path / "page.html"
    page.write_text(
        '<!DOCTYPE html><html><head><meta name="viewport" content="width=device-width">'
        "</head><body>"
        f"<p>{pseudo.pseudo('Stay aboard')} Typed here, 3.4.2, compass "
        "<code>celestia tutor --lesson passengers</code></p>"
        '<button aria-label="Close the menu">×</button>'
        f'<div style="width: 60px; white-space: nowrap">{pseudo.pseudo("A long sentence")}</div>'
        f'<div style="width: 900px">{pseudo.pseudo("Wide")}</div>'
        "</body></html>", encoding="utf-8")
    browser.screen(PHONE)
    try:
        seen = pseudo_site.read(browser, page.as_uri())
    finally:
        browser.screen(pseudo_site.DESKTOP)
    found = pseudo_site.problems_of(seen)

    def words(found: list[str]) -> list[str]:
        return sorted(p.split("'")[1] for p in found if p.startswith("not from a catalog"))

    # A game's word comes through the catalogs, except on the glossary's page.
    assert words(found) == ["Close", "Typed", "compass", "here", "menu", "the"]
    assert words(pseudo_site.problems_of(seen, glossary=True)) == \
        ["Close", "Typed", "here", "menu", "the"]
    assert any("runs out of its box" in p and pseudo.accented("long") in p for p in found)
    assert any("scrolls sideways" in p for p in found)
