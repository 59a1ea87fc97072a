"""The built site in a real browser (headless Chromium): pages, language switcher, search
in each language with suffixed forms, the start page's language choice, screenshots."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from urllib.parse import quote

import pytest

from tutor.i18n import LANGUAGES, Translator

SCREENSHOTS = Path(__file__).resolve().parents[2] / "benchmarks" / "output" / "site"
#: A word of each language and a suffixed form of it: searching for the form must find
#: every page whose text has the word itself.
SEARCHES = [
    ("en", "compass", "compasses"),
    ("fr", "carte", "cartes"),
    ("fr", "boussole", "boussoles"),
    ("hu", "kártya", "kártyák"),
    ("hu", "iránytű", "iránytűt"),
]


def title(language: str, msgid: str) -> str:
    """A page title as the catalogs give it, apostrophes made plain (see ``heading``)."""
    return Translator(language).gettext(msgid).replace("\u2019", "'")


def heading(browser) -> str:
    """The page's title as shown, with Sphinx's typographic apostrophes made plain."""
    text = browser.evaluate("document.querySelector('h1').textContent")
    return text.strip("¶ ").replace("\u2019", "'")


def pages_with_word(site: Path, language: str, word: str) -> set[str]:
    """The pages whose main text (not the sidebar, not pictures) contains ``word``."""
    found = set()
    for path in (site / language).glob("*.html"):
        text = path.read_text(encoding="utf-8")
        body = re.search(r'<div class="body" role="main">(.*?)<div class="sphinxsidebar"',
                         text, re.S)
        if not body:
            continue
        plain = re.sub(r"<svg.*?</svg>|<[^>]+>", " ", body.group(1), flags=re.S)
        if re.search(rf"(?<!\w){re.escape(word)}(?!\w)", html.unescape(plain), re.I):
            found.add(path.name)
    return found


@pytest.mark.parametrize("language", LANGUAGES)
def test_home_and_rules_page(site: Path, browser, language: str) -> None:
    browser.open((site / language / "index.html").as_uri())
    assert browser.evaluate("document.documentElement.lang") == language
    assert heading(browser) == title(language, "The rules of Celestia")
    links = browser.evaluate("Array.from(document.querySelectorAll('.toctree-wrapper a'))"
                             ".map(a => a.getAttribute('href'))")
    assert "payment.html" in links and "faq.html" in links

    browser.open((site / language / "payment.html").as_uri())
    assert heading(browser) == title(language, "The captain's payment")
    # The hazards picture is drawn inline, labelled in the page's language.
    picture = browser.evaluate("document.querySelector('svg.celestia-picture title')"
                               ".textContent")
    assert picture == title(language, "Each hazard and the Equipment card that answers it")
    width = browser.evaluate("document.querySelector('svg.celestia-picture')"
                             ".getBoundingClientRect().width")
    assert width > 300
    browser.screenshot(SCREENSHOTS / f"payment-{language}.png")


@pytest.mark.parametrize("language", LANGUAGES)
def test_switcher_lands_on_the_same_page(site: Path, browser, language: str) -> None:
    for other in LANGUAGES:
        if other == language:
            continue
        browser.open((site / language / "crash.html").as_uri())
        browser.evaluate(f".celestia-topbar a[hreflang='{other}']".join(
            ["document.querySelector(\"", "\").click()"]))
        browser.wait_until_loaded(f"/{other}/crash.html")
        assert browser.evaluate("document.documentElement.lang") == other
        assert heading(browser) == title(other, "The crash")


@pytest.mark.parametrize(("language", "word", "query"), SEARCHES)
def test_search_finds_suffixed_forms(site: Path, browser, language: str, word: str,
                                     query: str) -> None:
    expected = pages_with_word(site, language, word)
    assert expected, f"no {language} page says {word!r}"
    url = (site / language / "search.html").as_uri() + "?q=" + quote(query)
    browser.open(url, lands_on=f"/{language}/search.html?q=")
    # Sphinx shows a status line when the search has finished.
    browser.wait_for("document.querySelector('#search-results .search-summary') && "
                     "document.querySelector('#search-results .search-summary')"
                     ".textContent.length > 0")
    found = browser.evaluate("Array.from(document.querySelectorAll('#search-results li a'))"
                             ".map(a => a.getAttribute('href').split(/[?#]/)[0])")
    assert expected <= set(found), f"{query!r} missed {sorted(expected - set(found))}"
    if (language, query) in (("hu", "kártyák"), ("fr", "cartes")):
        summary = browser.evaluate("document.querySelector('.search-summary').textContent")
        # The search page's own strings are in the page's language too.
        assert "Search finished" not in summary
        browser.screenshot(SCREENSHOTS / f"search-{language}.png")


@pytest.mark.parametrize(("accepted", "expected"), [("hu-HU,hu", "hu"), ("fr-CA", "fr"),
                                                     ("de-DE,en-GB", "en")])
def test_start_page_opens_the_preferred_language(site: Path, browser, accepted: str,
                                                 expected: str) -> None:
    browser.send("Emulation.setUserAgentOverride", userAgent="Mozilla/5.0 (celestia test)",
                 acceptLanguage=accepted)
    try:
        browser.open((site / "index.html").as_uri(), lands_on=f"/{expected}/index.html")
        assert browser.evaluate("document.documentElement.lang") == expected
    finally:
        browser.send("Emulation.setUserAgentOverride", userAgent="", acceptLanguage="")


def test_start_page_lists_every_language_when_asked(site: Path, browser) -> None:
    browser.open((site / "index.html").as_uri() + "?choose")
    links = browser.evaluate("Array.from(document.querySelectorAll('.celestia-start a'))"
                             ".map(a => [a.getAttribute('hreflang'), a.textContent])")
    assert links == [[code, Translator(code).gettext("The rules of Celestia")]
                     for code in LANGUAGES]
    assert json.dumps(links)  # plain data came back from the page
