"""The built site in a real browser (headless Chromium, opened from file:// as a reader
opens it, without --allow-file-access-from-files), on a phone (390×844) and a desktop
(1280×800): pages, layout, accessibility (axe-core), the language switcher with its
anchor, search in each language with the words players type, printing."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote

import pytest

from tutor.content import faq
from tutor.i18n import LANGUAGES, Translator
from tutor.site import render

from .conftest import DESKTOP, PHONE

SCREENSHOTS = Path(__file__).resolve().parents[2] / "benchmarks" / "output" / "site"
PAGES = [*render.pages(), "search", "book"]
SCREENS = {"phone": PHONE, "desktop": DESKTOP}

#: (language, what a player types, a page that must be among the results). Without
#: accents, with French and Hungarian endings, with a typing mistake.
SEARCHES = [
    ("en", "compasses", "payment"),
    ("en", "jetpak", "powers"),
    ("en", "ejected", "powers"),
    ("en", "spyglasses", "powers"),
    ("en", "crashing", "crash"),
    ("en", "turbos", "payment"),
    ("en", "grappling hook", "grappling-hook"),
    ("en", "score sheet", "score-sheet"),
    ("en", "beginner variant", "beginner"),
    ("en", "captian must pay", "payment"),
    ("en", "50 points", "end"),
    ("fr", "debarquement", "powers"),
    ("fr", "ecrasement", "crash"),
    ("fr", "aeronef", "voyage"),
    ("fr", "boussoles", "payment"),
    ("fr", "longue-vue", "powers"),
    ("fr", "grappin", "grappling-hook"),
    ("fr", "cartes pouvoir", "powers"),
    ("fr", "capitaine payer", "payment"),
    ("fr", "feuille de score", "score-sheet"),
    ("fr", "variante debutant", "beginner"),
    ("fr", "parafoudres", "payment"),
    ("fr", "tresors", "end"),
    ("hu", "kodkurt", "payment"),
    ("hu", "ködkürtöt", "payment"),
    ("hu", "iranytu", "payment"),
    ("hu", "tavcso", "powers"),
    ("hu", "távcsövet", "powers"),
    ("hu", "katapult", "powers"),
    ("hu", "lezuhanás", "crash"),
    ("hu", "csáklyával", "grappling-hook"),
    ("hu", "pontozolap", "score-sheet"),
    ("hu", "kezdő változat", "beginner"),
    ("hu", "kapitany fizet", "payment"),
    ("hu", "kincsek", "end"),
    # Typing mistakes, forgiven as `celestia faq` forgives them: one in a word of up to
    # seven letters, two in a longer one, against the site's words as well as its stems.
    ("fr", "capitane", "voyage"),
    ("fr", "bousole", "payment"),
    ("fr", "boussle", "glossary"),
    ("fr", "ejecton", "faq"),
    ("fr", "piraets", "glossary"),
    ("en", "reshufle", "faq"),
    ("en", "ligtning rod", "glossary"),
    ("hu", "irnytű", "payment"),
    ("hu", "katpult", "powers"),
]


def title(language: str, msgid: str) -> str:
    """A page title as the catalogs give it, apostrophes made plain (see ``heading``)."""
    return Translator(language).gettext(msgid).replace("\u2019", "'")


def heading(browser) -> str:
    """The page's title as shown, with Sphinx's typographic apostrophes made plain."""
    text = browser.evaluate("document.querySelector('h1').textContent")
    return text.strip("#¶ ").replace("\u2019", "'")


def search(browser, site_url: str, language: str, query: str) -> list[str]:
    """The result links (relative addresses) for ``query`` on the search page: typed into
    its box when the page is open already (as a reader searches again), else opened from
    an address with ``?q=``."""
    page = f"{site_url}{language}/search.html"
    if browser.evaluate("location.href.split('?')[0]") == page:
        browser.evaluate(f"(box => {{ box.value = {json.dumps(query)}; box.dispatchEvent("
                         f"new Event('input')); }})(document.getElementById('celestia-q'))")
    else:
        browser.open(f"{page}?q={quote(query)}", lands_on=f"/{language}/search.html?q=")
    # Every message of the search names the query: its results are on show.
    browser.wait_for(f"document.getElementById('celestia-search-status').textContent"
                     f".includes({json.dumps(query)})")
    return browser.evaluate("Array.from(document.querySelectorAll("
                            "'#celestia-search-results li > a')).map(a => a.getAttribute("
                            "'href'))")


def partial(browser) -> bool:
    """Whether the results on show lack some of the query's words."""
    texts = json.loads(browser.evaluate(
        "document.getElementById('celestia-search-texts').textContent"))
    return texts["partial"] in browser.evaluate(
        "document.getElementById('celestia-search-status').textContent")


@pytest.mark.parametrize("language", LANGUAGES)
def test_home_and_rules_page(site: Path, browser, language: str) -> None:
    browser.open((site / language / "index.html").as_uri())
    assert browser.evaluate("document.documentElement.lang") == language
    assert heading(browser) == title(language, "The rules of Celestia")
    links = browser.evaluate("Array.from(document.querySelectorAll('.toctree-wrapper a'))"
                             ".map(a => a.getAttribute('href'))")
    assert "payment.html" in links and "faq.html" in links and "quick.html" in links

    browser.open((site / language / "payment.html").as_uri())
    assert heading(browser) == title(language, "The captain's payment")
    picture = browser.evaluate("document.querySelector('svg.celestia-picture title')"
                               ".textContent")
    assert picture == title(language, "Each hazard and the Equipment card that answers it")
    assert browser.errors == []


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_fits_the_screen_and_passes_axe(site: Path, browser, language: str,
                                                    screen: str) -> None:
    """No page scrolls sideways (a wide table scrolls in its own box), no picture label is
    under 11 px, and axe-core finds no serious or critical violation."""
    browser.screen(SCREENS[screen])
    browser.errors.clear()
    problems = {}
    try:
        for page in PAGES:
            browser.open((site / language / f"{page}.html").as_uri())
            width = browser.evaluate("document.documentElement.scrollWidth")
            assert width <= SCREENS[screen][0], f"{page}: {width} px wide"
            smallest = browser.evaluate(
                "Math.min(1000, ...Array.from(document.querySelectorAll("
                "'svg.celestia-picture text')).map(t => t.getBoundingClientRect().height))")
            assert smallest >= 11, f"{page}: a picture label is {smallest:.1f} px high"
            # The single-page edition is every other page again: axe checks them one by one.
            violations = browser.axe() if page != "book" else []
            if violations:
                problems[page] = violations
    finally:
        browser.screen(DESKTOP)
    assert not problems, json.dumps(problems, indent=1)
    assert browser.errors == []


def test_dark_colours_pass_axe_too(site: Path, browser) -> None:
    """Phones at night: with the system's dark colours, contrast still passes."""
    browser.send("Emulation.setEmulatedMedia",
                 features=[{"name": "prefers-color-scheme", "value": "dark"}])
    problems = {}
    try:
        for language in LANGUAGES:
            for page in ("index", "payment", "faq", "search", "quick"):
                browser.open((site / language / f"{page}.html").as_uri())
                if violations := browser.axe():
                    problems[f"{language}/{page}"] = violations
        browser.screenshot(SCREENSHOTS / "index-hu-dark.png")
    finally:
        browser.send("Emulation.setEmulatedMedia", features=[])
    assert not problems, json.dumps(problems, indent=1)


def test_phone_has_menu_and_search_at_the_top(site: Path, browser) -> None:
    browser.screen(PHONE)
    try:
        browser.open((site / "hu" / "faq.html").as_uri())
        boxes = browser.evaluate(
            "['.nav-overlay-icon', '.celestia-search-icon', '.toc-header-icon', "
            "'.celestia-header-languages a[hreflang=\"en\"]', "
            "'.celestia-header-languages a[hreflang=\"fr\"]'].map(s => { const r = "
            "document.querySelector(s).getBoundingClientRect(); "
            "return [r.top, r.bottom, r.width, r.height]; })")
        # The language switcher is in the header too, beside search.
        for top, bottom, width, height in boxes:
            assert top >= 0 and bottom <= 60 and width >= 44 and height >= 44
        browser.evaluate("document.querySelector('.celestia-search-icon').click()")
        browser.wait_until_loaded("/hu/search.html")
        assert browser.evaluate("document.activeElement.id") == "celestia-q"
        browser.open((site / "hu" / "faq.html").as_uri())
        browser.evaluate("document.querySelector('label.nav-overlay-icon').click()")
        assert browser.wait_for("document.querySelector('.sidebar-drawer')"
                                ".getBoundingClientRect().left >= 0")
        browser.screenshot(SCREENSHOTS / "menu-hu-phone.png")
    finally:
        browser.screen(DESKTOP)


@pytest.mark.parametrize("language", LANGUAGES)
def test_switcher_keeps_the_page_and_the_anchor(site: Path, browser, language: str) -> None:
    for other in LANGUAGES:
        if other == language:
            continue
        browser.open((site / language / "glossary.html").as_uri() + "#term-compass")
        browser.evaluate(f"document.querySelector(\"nav.celestia-languages "
                         f"a[hreflang='{other}']\").click()")
        browser.wait_until_loaded(f"/{other}/glossary.html#term-compass")
        assert browser.evaluate("document.documentElement.lang") == other
        # The page opens at the term, not at its top.
        assert browser.wait_for("(t => t >= 0 && t < 200)(document.getElementById("
                                "'term-compass').getBoundingClientRect().top)", timeout=5)
        assert heading(browser) == title(other, "Glossary")


def test_switcher_keeps_the_place_being_read(site: Path, browser) -> None:
    """Scrolled down to an FAQ entry (no anchor in the address), the switch opens the
    other language at that entry; scrolled to a rule inside a section, at the rule."""
    browser.screen(PHONE)
    try:
        for language, page, anchor, other in (("fr", "faq", "faq-reshuffle", "hu"),
                                              ("hu", "payment", "rule-3-4-3", "en"),
                                              ("en", "glossary", "term-compass", "fr")):
            browser.open((site / language / f"{page}.html").as_uri())
            # As a reader's thumb leaves it: the place just under the header.
            browser.evaluate(f"document.getElementById('{anchor}').scrollIntoView("
                             f"{{behavior: 'instant'}})")
            browser.evaluate("window.scrollBy({top: -70, behavior: 'instant'})")
            browser.wait_for(f"document.querySelector(\"nav.celestia-languages a[hreflang="
                             f"'{other}']\").getAttribute('href').endsWith('#{anchor}')")
            browser.evaluate(f"document.querySelector(\"nav.celestia-languages "
                             f"a[hreflang='{other}']\").click()")
            browser.wait_until_loaded(f"/{other}/{page}.html#{anchor}")
            assert browser.wait_for(f"(t => t >= 0 && t < 300)(document.getElementById("
                                    f"'{anchor}').getBoundingClientRect().top)", timeout=5)
        # At the top of a page, no anchor is added.
        browser.open((site / "fr" / "crash.html").as_uri())
        assert browser.evaluate("document.querySelector(\"nav.celestia-languages "
                                "a[hreflang='en']\").getAttribute('href')") == \
            "../en/crash.html"
    finally:
        browser.screen(DESKTOP)


def tap(browser, x: float, y: float) -> None:
    """Press and release at (x, y) of the screen, as a finger or a mouse does."""
    for kind in ("mousePressed", "mouseReleased"):
        browser.send("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left",
                     clickCount=1)


def scroll(browser, pixels: int) -> None:
    """Scroll the page down by about ``pixels`` with the wheel, as a reader does."""
    for _ in range(pixels // 400):
        browser.send("Input.dispatchMouseEvent", type="mouseWheel", x=200, y=400, deltaX=0,
                     deltaY=400)
    browser.wait_for(f"window.scrollY > {pixels // 2}")


#: Where the entry being read is: the last FAQ entry (or topic) to start above the line just
#: under the header (or, on a wide screen, under the language switcher), so that the line
#: may also fall in the margin between two entries, where the one above is still being read.
_READING = """(() => {
  const line = Math.min(120, innerHeight / 4);
  const entries = Array.from(document.querySelectorAll('#furo-main-content [id^="faq-"]'));
  const found = entries.filter(e => e.getBoundingClientRect().top <= line);
  return found.length ? found[found.length - 1].id : null;
})()"""


def _first_answer(browser) -> int:
    """How far down the page the first FAQ topic starts, below the index of questions."""
    return int(browser.evaluate("document.querySelector('#furo-main-content section[id^=\"faq-\"]')"
                                ".getBoundingClientRect().top + scrollY"))


@pytest.mark.parametrize("screen", SCREENS)
def test_switcher_in_view_deep_in_the_faq_keeps_the_place(site: Path, browser,
                                                          screen: str) -> None:
    """Far down the FAQ, the switcher is on screen without scrolling back up (in the
    header on a phone, at the top of the article on a wide screen); tapped there, it opens
    the other language at the entry being read, not at the top of the page."""
    browser.screen(SCREENS[screen])
    try:
        for language, other in (("fr", "hu"), ("hu", "en"), ("en", "fr")):
            browser.open((site / language / "faq.html").as_uri())
            # Past the index of questions, into the answers.
            scroll(browser, _first_answer(browser) + 2400)
            reading = browser.wait_for(_READING)
            box = browser.evaluate(
                f"(a => {{ const r = a.getBoundingClientRect(); return [r.left, r.top, "
                f"r.width, r.height]; }})(Array.from(document.querySelectorAll("
                f"\"a.celestia-switch[hreflang='{other}']\")).find(a => "
                f"a.getBoundingClientRect().height > 0))")
            left, top, width, height = box
            assert top >= 0 and top + height <= SCREENS[screen][1], (language, box)
            assert width >= 24 and height >= 24, (language, box)
            tap(browser, left + width / 2, top + height / 2)
            browser.wait_until_loaded(f"/{other}/faq.html#")
            assert browser.evaluate("document.documentElement.lang") == other
            # The entry read before the switch opens at the top of the screen (the
            # browser scrolls there smoothly), in the other language.
            assert browser.wait_for(f"(r => r.top >= 0 && r.top < 300)(document"
                                    f".getElementById('{reading}').getBoundingClientRect())",
                                    timeout=15), (language, reading)
            browser.screenshot(SCREENSHOTS / f"switched-{other}-{screen}.png")
    finally:
        browser.screen(DESKTOP)


def test_home_page_search_box_opens_the_results(site: Path, browser) -> None:
    """The home page has a search box; what is typed there opens the search page with
    its results."""
    browser.screen(PHONE)
    try:
        for language, query, page in (("en", "spyglasses", "powers"),
                                      ("hu", "ködkürtöt", "payment")):
            browser.open((site / language / "index.html").as_uri())
            browser.evaluate("document.getElementById('celestia-home-q').focus()")
            browser.send("Input.insertText", text=query)
            browser.key("Enter")
            browser.wait_until_loaded(f"/{language}/search.html?q=")
            browser.wait_for(f"document.getElementById('celestia-search-status')"
                             f".textContent.includes({json.dumps(query)})")
            results = browser.evaluate("Array.from(document.querySelectorAll("
                                       "'#celestia-search-results li > a'))"
                                       ".map(a => a.getAttribute('href'))")
            assert any(link.startswith(f"{page}.html") for link in results), results
    finally:
        browser.screen(DESKTOP)


def _box(browser, selector: str) -> list[float]:
    return browser.evaluate(f"(r => [r.left, r.top, r.width, r.height])(document"
                            f".querySelector({json.dumps(selector)}).getBoundingClientRect())")


@pytest.mark.parametrize("language", LANGUAGES)
def test_faq_index_is_folded_by_topic_on_a_phone(site: Path, browser, language: str) -> None:
    """On a phone the FAQ opens with its search box and one row per topic (not eighty
    questions, six screens long, before the first answer); a tap on a topic shows its
    questions, a tap on a question brings its answer to the top of the screen."""
    browser.screen(PHONE)
    try:
        browser.open((site / language / "faq.html").as_uri())
        assert browser.evaluate("document.querySelectorAll('.celestia-faq-index details"
                                "[open]').length") == 0
        # The whole index, folded, within the first two screens.
        assert _first_answer(browser) < 2 * PHONE[1], _first_answer(browser)
        topic, entries = next((t, e) for t, e in render.faq_groups()
                              if any(x.id == "turbo-wild" for x in e))
        link = f"#faq-index-{render.slug(topic)} a[href='#faq-turbo-wild']"
        shown = f"document.querySelector({json.dumps(link)}).checkVisibility()"
        assert browser.evaluate(shown) is False   # folded
        summary = f"#faq-index-{render.slug(topic)} summary"
        browser.evaluate(f"document.querySelector({json.dumps(summary)}).scrollIntoView("
                         f"{{block: 'center', behavior: 'instant'}})")
        left, top, width, height = _box(browser, summary)
        assert height >= 44, height   # a finger's target
        assert browser.evaluate(f"document.elementFromPoint({left + width / 2}, "
                                f"{top + height / 2}).closest('summary') !== null")
        tap(browser, left + width / 2, top + height / 2)
        browser.wait_for(shown)
        assert browser.evaluate(f"document.querySelectorAll('#faq-index-{render.slug(topic)}"
                                f" li').length") == len(entries)
        browser.evaluate(f"document.querySelector({json.dumps(link)}).scrollIntoView("
                         f"{{block: 'center', behavior: 'instant'}})")
        # The first line of the question (a question on two lines has a gap between them).
        left, top, width, height = browser.evaluate(
            f"(r => [r.left, r.top, r.width, r.height])(document.querySelector("
            f"{json.dumps(link)}).getClientRects()[0])")
        tap(browser, left + width / 2, top + height / 2)
        browser.wait_for("location.hash === '#faq-turbo-wild'")
        assert browser.wait_for("(r => r.top >= 0 && r.top < 200)(document.getElementById("
                                "'faq-turbo-wild').getBoundingClientRect())")
        browser.screenshot(SCREENSHOTS / f"faq-index-{language}-phone.png")
    finally:
        browser.screen(DESKTOP)


def test_faq_search_box_answers_a_situation(site: Path, browser) -> None:
    """The FAQ page's own box takes the situation in the player's words and opens the
    search page with, first, the answer ``celestia faq`` gives first."""
    browser.screen(PHONE)
    try:
        for language, query in (("fr", "le capitaine a que des turbos, il est obligé de payer ?"),
                                ("hu", "a kapitány kiszállhat a többiekkel?")):
            browser.open((site / language / "faq.html").as_uri())
            browser.evaluate("document.getElementById('celestia-faq-q').focus()")
            browser.send("Input.insertText", text=query)
            browser.key("Enter")
            browser.wait_until_loaded(f"/{language}/search.html?q=")
            browser.wait_for("document.getElementById('celestia-search-status')"
                             ".textContent.length > 0")
            first = browser.wait_for("(a => a && a.getAttribute('href'))(document."
                                     "querySelector('#celestia-search-results li > a'))")
            expected = faq.search(query, language, limit=1)[0].id
            assert first == f"faq.html#faq-{expected}", (query, first)
    finally:
        browser.screen(DESKTOP)


def test_switcher_keeps_the_query_of_the_search_page(site: Path, browser) -> None:
    search(browser, site.as_uri() + "/", "fr", "boussole")
    search(browser, site.as_uri() + "/", "fr", "aeronef")  # typed again: the address follows
    browser.wait_for("location.search.includes('aeronef')")
    browser.evaluate("document.querySelector(\"nav.celestia-languages a[hreflang='hu']\")"
                     ".click()")
    browser.wait_until_loaded("/hu/search.html?q=aeronef")
    assert browser.evaluate("document.getElementById('celestia-q').value") == "aeronef"
    assert browser.wait_for("document.querySelectorAll('#celestia-search-results li')"
                            ".length") > 0


def test_score_sheet_reads_on_a_phone(site: Path, browser) -> None:
    """At 390 px each player is a card: every value on one line beside its column's
    name, nothing cut off, the longest sums on two lines at most."""
    browser.screen(PHONE)
    try:
        for language in LANGUAGES:
            browser.open((site / language / "score-sheet.html").as_uri())
            cells = browser.evaluate(
                "Array.from(document.querySelectorAll('table.celestia-sheet td')).map(td => "
                "{ const r = td.getBoundingClientRect(), p = td.querySelector('p'), "
                "s = getComputedStyle(td); return {label: getComputedStyle(td, '::before')"
                ".content, width: r.width, right: r.right, clipped: td.scrollWidth > "
                "td.clientWidth + 1, lines: p.getBoundingClientRect().height / "
                "parseFloat(s.lineHeight || 20)}; })")
            assert cells
            wrapper = browser.evaluate("document.querySelector('.table-wrapper.celestia-sheet')"
                                       ".getBoundingClientRect().right")
            for cell in cells:
                assert not cell["clipped"] and cell["right"] <= wrapper + 0.5, (language, cell)
                assert cell["lines"] < 2.6, (language, cell)
            assert sum(1 for cell in cells if cell["label"] not in ("none", "normal")) == \
                len(cells) * 5 // 6
            browser.evaluate("document.querySelector('table.celestia-sheet').scrollIntoView()")
            browser.screenshot(SCREENSHOTS / f"score-sheet-{language}-phone.png")
    finally:
        browser.screen(DESKTOP)


@pytest.mark.parametrize(("language", "query", "page"), SEARCHES)
def test_search_finds_what_players_type(site: Path, browser, language: str, query: str,
                                        page: str) -> None:
    """From file://, the search finds the page, every result with a snippet, no error."""
    browser.errors.clear()
    found = search(browser, site.as_uri() + "/", language, query)
    pages = {href.split("#")[0] for href in found}
    assert f"{page}.html" in pages, (query, found[:10])
    # Every result shows a snippet of its text (from file:// too).
    snippets = browser.evaluate("document.querySelectorAll('#celestia-search-results li p')"
                                ".length")
    assert snippets == len(found)
    assert browser.errors == []


#: A word and the forms players type for it: each form finds every page the word finds.
FORMS = [
    ("en", "compass", ["compasses", "Compass"]),
    ("fr", "débarquement", ["debarquement", "Débarquements"]),
    ("fr", "écrasement", ["ecrasement"]),
    ("fr", "aéronef", ["aeronef", "aéronefs"]),
    ("hu", "ködkürt", ["kodkurt", "ködkürtöt", "ködkürttel"]),
    ("hu", "távcső", ["tavcso", "távcsövet", "távcsővel"]),
    ("hu", "iránytű", ["iranytu", "iránytűt", "iránytűvel"]),
    ("hu", "kártya", ["kartya", "kártyák", "kártyát"]),
]


@pytest.mark.parametrize(("language", "word", "forms"), FORMS)
def test_search_forgives_accents_and_endings(site: Path, browser, language: str, word: str,
                                            forms: list[str]) -> None:
    base = {href.split("#")[0] for href in search(browser, site.as_uri() + "/", language,
                                                  word)}
    assert base
    for form in forms:
        found = {href.split("#")[0] for href in search(browser, site.as_uri() + "/",
                                                       language, form)}
        assert base <= found, (form, sorted(base - found))


@pytest.mark.parametrize(("language", "query", "place"), [
    ("en", "never forced turbo", "payment.html#rule-3-4-3"),
    ("hu", "kodkurt", "glossary.html#term-foghorn"),
    ("fr", "debarquement", "glossary.html#term-ejection"),
    ("fr", "jetpak", "glossary.html#term-jetpack"),
    # An FAQ entry is found by its keywords, as `celestia faq` finds it, typo or not.
    ("en", "reshuffle", "faq.html#faq-reshuffle"),
    ("en", "reshufle", "faq.html#faq-reshuffle"),
    ("en", "ligtning rod", "glossary.html#term-lightning-rod"),
    ("fr", "capitane", "glossary.html#term-captain"),
    ("fr", "bousole", "glossary.html#term-compass"),
    ("fr", "piraets", "glossary.html#term-pirates"),
])
def test_search_results_open_the_place_itself(site: Path, browser, language: str,
                                              query: str, place: str) -> None:
    found = search(browser, site.as_uri() + "/", language, query)
    assert place in found[:3], found[:5]
    assert not partial(browser), query  # every word found, the misspelt ones too
    browser.screenshot(SCREENSHOTS / f"search-{language}.png")


def test_search_is_the_same_when_served(site: Path, served: str, browser) -> None:
    for language, query, _ in SEARCHES[::6]:
        assert search(browser, served, language, query) == \
            search(browser, site.as_uri() + "/", language, query)


def test_quick_reference_prints_on_one_a4_page(site: Path, browser) -> None:
    for language in LANGUAGES:
        browser.open((site / language / "quick.html").as_uri())
        assert browser.pdf_pages() == 1, language


def test_the_book_prints_as_a_book(site: Path, browser) -> None:
    """The single-page edition has a print style of its own: one column, each chapter
    from a new sheet, at most 30 A4 pages in every language; on paper a note says where
    the worked examples are, and on screen nothing of it shows."""
    for language in LANGUAGES:
        browser.open((site / language / "book.html").as_uri())
        assert browser.evaluate("getComputedStyle(document.querySelector('.celestia-print-"
                                "only')).display") == "none"
        pages = browser.pdf_pages()
        assert pages <= 30, f"{language}: {pages} pages"
        browser.send("Emulation.setEmulatedMedia", media="print")
        try:
            chapters = browser.evaluate(
                "Array.from(document.querySelectorAll('.toctree-wrapper > "
                "section[id^=\"page-\"]')).map(s => [s.id, getComputedStyle(s).display, "
                "getComputedStyle(s).breakBefore])")
            shown = [(ident, brk) for ident, display, brk in chapters if display != "none"]
            assert len(shown) >= 15, shown
            # The first chapter follows the title on the first sheet; every other one
            # starts a sheet.
            assert all(brk == "page" for _, brk in shown[1:]), shown
            assert browser.evaluate("getComputedStyle(document.querySelector("
                                    "'.celestia-main')).columnCount") == "auto"
            note = browser.evaluate("(n => [getComputedStyle(n).display, n.textContent])"
                                    "(document.querySelector('#page-examples "
                                    ".celestia-print-only'))")
            assert note[0] != "none", language
            assert browser.evaluate("!!document.querySelector('#page-examples "
                                    ".celestia-print-only a[href=\"examples.html\"]')")
        finally:
            browser.send("Emulation.setEmulatedMedia", media="")


def test_print_leaves_out_the_switcher_and_the_menu(site: Path, browser) -> None:
    browser.open((site / "fr" / "payment.html").as_uri())
    browser.send("Emulation.setEmulatedMedia", media="print")
    try:
        hidden = browser.evaluate(
            "['nav.celestia-languages', '.sidebar-drawer', '.mobile-header', '.toc-drawer']"
            ".map(s => getComputedStyle(document.querySelector(s)).display)")
        assert hidden == ["none"] * 4
    finally:
        browser.send("Emulation.setEmulatedMedia", media="")


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


@pytest.mark.parametrize("language", LANGUAGES)
def test_screenshots_for_people(site: Path, browser, language: str) -> None:
    """Screenshots of a few pages at both sizes, for a person to look at
    (benchmarks/output/site/)."""
    for name, screen in SCREENS.items():
        browser.screen(screen)
        try:
            for page in ("quick", "payment", "faq", "glossary"):
                browser.open((site / language / f"{page}.html").as_uri())
                browser.screenshot(SCREENSHOTS / f"{page}-{language}-{name}.png")
        finally:
            browser.screen(DESKTOP)
