"""The whole rulebook offline after one visit, and installable as an app: in headless
Chromium, a reader opens one page over HTTP; the site's service worker keeps every page
of that language, and the page says so. Then the server is stopped — a file missing
from the worker's copies fails the test — and every page of that language opens, search
included, from the home page's box too."""

from __future__ import annotations

import os
import threading
import urllib.request
from pathlib import Path

import pytest

from tutor.i18n import Translator
from tutor.site import render
from tutor.site.serve import address, make_server

from .conftest import DESKTOP, PHONE

PAGES = [*render.pages(), "search", "book"]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "benchmarks" / "output" / "site"


def test_every_page_and_search_offline_after_one_visit(site: Path, browser) -> None:
    language = "hu"
    tr = Translator(language)
    server = make_server(site, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = address(server)
    browser.screen(PHONE)
    try:
        browser.open(f"{url}{language}/faq.html")
        # Installable: a manifest Chromium accepts, a service worker in charge.
        assert browser.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        ready = tr.gettext("Available offline: every page of the rulebook in this language "
                           "now opens in this browser, even without a connection.")
        status = ("(s => s.dataset.state === 'ready' && s.textContent)"
                  "(document.getElementById('celestia-offline'))")
        assert browser.wait_for(status, timeout=90) == ready
        # Said once where it is seen, whether or not the menu is open.
        assert browser.wait_for("(n => n && n.textContent)(document.querySelector("
                                "'.celestia-offline-notice'))") == ready
        browser.screenshot(SCREENSHOTS / f"offline-{language}-phone.png")
        # Only this language's pages: the lessons' engine is not downloaded for them.
        kept = browser.evaluate("caches.keys().then(names => Promise.all(names.map(n => "
                                "caches.open(n).then(c => c.keys())))).then(lists => "
                                "lists.flat().map(r => new URL(r.url).pathname))")
        assert f"/{language}/book.html" in kept
        assert not [path for path in kept if "/_learn/" in path or path.startswith("/fr/")]
    finally:
        server.shutdown()
        server.server_close()
        browser.screen(DESKTOP)
    with pytest.raises(OSError):  # nothing answers at that address any more
        urllib.request.urlopen(f"{url}{language}/index.html", timeout=5)

    browser.errors.clear()
    browser.screen(PHONE)
    try:
        for page in PAGES:
            browser.open(f"{url}{language}/{page}.html")
            assert browser.evaluate("document.documentElement.lang") == language, page
            assert browser.evaluate("!!document.querySelector('#furo-main-content h1')"), page
            # With its styles: Furo's sheet is there (the header is laid out, not raw).
            assert browser.evaluate("getComputedStyle(document.querySelector("
                                    "'.mobile-header')).position") == "sticky", page
        # Search, from the home page's box, with a word as a player types it.
        browser.open(f"{url}{language}/index.html")
        browser.evaluate("document.getElementById('celestia-home-q').focus()")
        browser.send("Input.insertText", text="iránytű")
        browser.key("Enter")
        browser.wait_until_loaded(f"/{language}/search.html?q=")
        found = browser.wait_for("document.querySelectorAll('#celestia-search-results "
                                 "li > a').length", timeout=10)
        assert found > 0
        # Offline, the page still says it is available offline.
        assert browser.wait_for("document.getElementById('celestia-offline').dataset.state "
                                "=== 'ready'", timeout=10)
    finally:
        browser.screen(DESKTOP)
    assert browser.errors == []


def test_a_page_an_earlier_build_served_offers_the_newer_one(site: Path, browser,
                                                             tmp_path: Path) -> None:
    """A reader who comes back after the site was built again first sees the page the
    earlier build's worker kept; once the newer worker is in charge, a notice offers the
    newer version (and "Later" closes it). The first visit, with no earlier worker, shows
    no such notice."""
    language = "fr"
    tr = Translator(language)
    # The site as served, with a worker of its own that the test can make "newer".
    served = tmp_path / "served"
    served.mkdir()
    for entry in site.iterdir():
        if entry.name != "celestia-sw.js":
            (served / entry.name).symlink_to(entry)
    worker = served / "celestia-sw.js"
    worker.write_bytes((site / "celestia-sw.js").read_bytes())
    server = make_server(served, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    page = f"{address(server)}{language}/crash.html"
    notice = "(n => n ? n.textContent : '')(document.querySelector('.celestia-updated'))"
    browser.screen(PHONE)
    try:
        browser.open(page)
        assert browser.wait_for("!!navigator.serviceWorker.controller", timeout=30)
        browser.open(page)  # served by the worker's copies from now on
        assert browser.wait_for("!!navigator.serviceWorker.controller", timeout=30)
        assert browser.evaluate(notice) == ""

        # Built again: the worker's version changes; the browser looks for a new worker
        # on the next visit (here, at once).
        text = worker.read_text(encoding="utf-8")
        worker.write_text(text.replace('const VERSION = "', 'const VERSION = "newer-', 1),
                          encoding="utf-8")
        # Built later: the server says so (Last-Modified counts whole seconds, and this
        # test runs faster than that).
        later = worker.stat().st_mtime + 60
        os.utime(worker, (later, later))
        browser.evaluate("navigator.serviceWorker.getRegistration()"
                         ".then(r => r.update()).then(() => true)")
        offered = browser.wait_for(notice, timeout=30)
        assert offered == (tr.gettext("A newer version of the rulebook is ready.")
                           + tr.gettext("Reload") + tr.gettext("Later"))
        browser.screenshot(SCREENSHOTS / f"updated-{language}-phone.png")
        # Said once, whatever else changes hands.
        assert browser.evaluate("document.querySelectorAll('.celestia-updated').length") == 1
        # "Later" closes it; "Reload" opens the newer worker's page, with no notice.
        browser.evaluate("document.querySelector('.celestia-updated button:last-child')"
                         ".click()")
        assert browser.evaluate(notice) == ""
        browser.open(page)
        assert browser.wait_for("!!navigator.serviceWorker.controller", timeout=30)
        assert browser.evaluate(notice) == ""
    finally:
        server.shutdown()
        server.server_close()
        browser.screen(DESKTOP)
    assert browser.errors == []
