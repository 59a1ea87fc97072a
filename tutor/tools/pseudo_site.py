"""The rulebook site in the pseudo-language, read in headless Chromium on a phone (390 px)
and a desktop (1280 px): every page shows only the catalogs' text, and no text overflows
its box or makes the page scroll sideways.

    CELESTIA_PSEUDO=1 python -m tutor.tools.pseudo_site [--out FOLDER | --site FOLDER]

builds the site's English pages with every catalog's text through ``qps`` (accented, 40 %
longer, each message in ⟦ ⟧: ``tutor.pseudo``) into FOLDER (a temporary one by default),
then opens every page, the search page with results, the score sheet filled in, each
lesson's first screens as the build prepared them in the lessons' page, then every lesson
played through to its end by the page's own engine (which speaks the pseudo-language in
such a build only) with the lesson's accepted answers, and prints
every word shown outside the brackets of a catalog's message and every text that runs out
of its box or off the screen; exit 1 if any. ``--site`` checks a pseudo-language site
built earlier (``--out``) without building it again. What a reader types or copies (code,
commands, options), numbers, rule ids and names are not text to translate
(``tutor.tools.pseudo_check``).

The pseudo-language is never published: ``celestia docs`` builds only the real
languages, and this site goes to a folder of its own.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from .. import i18n
from ..cli import COMMANDS
from ..engine import data
from ..glossary import concepts
from ..lessons.library import load_all
from ..lessons.runner import first_answer
from ..site import build as site_build
from ..site import examples, render
from ..site.serve import address, make_server
from ..web.bridge import Learn
from .chromium import DESKTOP, PHONE, Page, launched
from .pseudo_check import WORD, outside_words

#: The screens every page is read on.
SCREENS = {"phone": PHONE, "desktop": DESKTOP}
#: A marker left in a built pseudo-language site, so that ``--site`` knows it is one.
MARKER = ".celestia-pseudo"

#: What the page shows, and where its text runs out of its box. The text is every
#: visible text node's, in order (a message may span elements: its brackets are counted
#: across them), leaving out what is typed or copied (code) and the labels read aloud
#: (aria-label, alt, placeholder) beside them. A text runs out of its box when a line of
#: it reaches past the border of the nearest element laid out as a block (or of its
#: picture), or across an edge of the screen outside a box made to scroll; a text wholly
#: off the screen is in a drawer (the phone's menu) and is read when it opens, like the
#: rest.
_READ = r"""(() => {
  const width = document.documentElement.clientWidth;
  const code = "pre, code, kbd, samp, script, style, noscript, template";
  const texts = [], overflows = [];
  const name = el => {
    let label = el.tagName.toLowerCase();
    if (el.id) { label += "#" + el.id; }
    else if (el.classList.length) { label += "." + Array.from(el.classList).join("."); }
    return label;
  };
  const hidden = el => !el.checkVisibility({visibilityProperty: true});
  const clipped = el => {
    for (let up = el; up && up !== document.body; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (style.clip !== "auto" || style.clipPath !== "none") { return true; }
    }
    return false;
  };
  const scrolls = el => {
    for (let up = el; up && up !== document.documentElement; up = up.parentElement) {
      const x = getComputedStyle(up).overflowX;
      if (x === "auto" || x === "scroll") { return true; }
    }
    return false;
  };
  const box = el => {
    let up = el;
    while (up.parentElement && ["inline", "contents"].includes(getComputedStyle(up).display)) {
      up = up.parentElement;
    }
    return up;
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || !el || el.closest(code) && !el.closest("svg")) {
      continue;
    }
    if (hidden(el)) { continue; }
    texts.push(node.textContent);
    if (clipped(el)) { continue; }
    const range = document.createRange();
    range.selectNodeContents(node);
    // A picture's text is cut at the picture's edge.
    const outer = (el.closest("svg") || box(el)).getBoundingClientRect();
    const inScroller = scrolls(el);
    // A picture's label is drawn as its element says (squeezed to a length, maybe).
    const lines = el.closest("svg") ? [el.getBoundingClientRect()] : range.getClientRects();
    for (const line of lines) {
      if (line.width < 1) { continue; }
      // Across, a pixel of rounding; down, a line's glyphs may reach a little past a
      // tight line height.
      const past = line.right - outer.right > 1 || outer.left - line.left > 1
        || line.bottom - outer.bottom > 4 || outer.top - line.top > 4;
      const across = !inScroller && (line.left < -1 && line.right > 1
        || line.left < width - 1 && line.right > width + 1);
      if (past || across) {
        overflows.push({element: name(box(el)), text: node.textContent.trim().slice(0, 80),
                        why: past ? "runs out of its box" : "runs off the screen"});
        break;
      }
    }
  }
  for (const el of document.querySelectorAll("[aria-label], [alt], [placeholder]")) {
    if (hidden(el)) { continue; }
    for (const attribute of ["aria-label", "alt", "placeholder"]) {
      if (el.hasAttribute(attribute)) { texts.push(el.getAttribute(attribute)); }
    }
  }
  return {text: texts.join(" "), overflows,
          scrollWidth: document.documentElement.scrollWidth, width};
})()"""


@cache
def _site_data(glossary: bool) -> frozenset[str]:
    """Words the site shows as data, not as messages (lower case): each language's name in
    itself and its code (the switcher), the game's designer and illustrator, the players
    of the worked examples, the score sheet and the lessons, the commands' names, the
    words of CLDR's lists; with ``glossary``, the glossary's terms in every language (its
    page lists the three, as written in the glossary)."""
    words = {*i18n.LANGUAGE_NAMES.values(), *i18n.LANGUAGES, data.DESIGNER, data.ILLUSTRATOR,
             *COMMANDS, "and", "or"}
    words |= {seat for example in examples.examples() for seat in example.get("seats", ())}
    words |= set(examples.bots_game().seats)
    words |= {name for lesson in load_all() for name in lesson.seats}
    if glossary:
        words |= {t for c in concepts() for terms in c.terms.values() for t in terms}
    return frozenset(w.lower() for text in words for w in WORD.findall(text))


#: The pages that show the glossary, whose terms are data there.
GLOSSARY_PAGES = ("glossary.html", "book.html")


def not_from_a_catalog(text: str, glossary: bool = False) -> list[str]:
    """The words of ``text`` outside any catalog's message that are not data; the
    glossary's terms are data only on a page that shows the glossary (``glossary``):
    elsewhere a game's word comes through the catalogs like any other."""
    known = _site_data(glossary)
    return [word for word in outside_words(text) if word.lower() not in known]


def build(out: Path) -> float:
    """Build the pseudo-language site into ``out``; the seconds it took."""
    if not i18n.pseudo_allowed():
        raise SystemExit("The pseudo-language is only for checks: set CELESTIA_PSEUDO=1.")
    i18n.pick_language("qps")
    started = time.monotonic()
    site_build.build(out, strict=True, languages=(i18n.DEFAULT_LANGUAGE,))
    (out / MARKER).write_text("The rulebook site in the pseudo-language, for checks only.\n",
                              encoding="utf-8")
    return time.monotonic() - started


def pages() -> list[str]:
    """Every page of the site (``pages.yaml``), the search page and the single-page book."""
    return [*render.pages(), "search", "book"]


def read(page: Page, url: str) -> dict[str, Any]:
    """What the page at ``url`` shows and where it overflows, on the current screen."""
    page.open(url)
    return page.evaluate(_READ)


def problems_of(seen: dict[str, Any], glossary: bool = False) -> list[str]:
    """The problems in what ``read`` found (on a page that shows the glossary or not)."""
    found = [f"not from a catalog: {word!r}"
             for word in not_from_a_catalog(seen["text"], glossary)]
    if seen["scrollWidth"] > seen["width"]:
        found.append(f"the page scrolls sideways: {seen['scrollWidth']} px wide "
                     f"on a screen of {seen['width']} px")
    found += [f"{o['element']}: the text {o['text']!r} {o['why']}" for o in seen["overflows"]]
    return found


#: The score sheet filled in as at the table, one value wrong: its results, ranks and the
#: message on the wrong line show (the sheet's scripts write them).
_FILL_SHEET = """(() => {
  document.querySelector('.celestia-sheet-add').click();
  const rows = [["Ann", "25 20 4", "1"], ["Bob", "25, 20, 6", "0"], ["Cy", "7 25", ""]];
  rows.forEach((row, index) => ["name", "treasures", "spyglasses"].forEach((key, k) => {
    const input = document.getElementById(`celestia-sheet-${key}-${index}`);
    input.value = row[k];
    input.dispatchEvent(new Event("input", {bubbles: true}));
  }));
  return document.querySelectorAll('.celestia-sheet-results tbody tr').length;
})()"""
#: What to do on a page before reading it, and what shows it is done.
_ACTIONS = {
    # The search page with results: their count, their links and excerpts.
    "search.html?q=3.4": ("", "document.getElementById('celestia-search-status')"
                              ".textContent.trim().length > 0"),
    "score-sheet.html": ("localStorage.removeItem('celestia-score-sheet')", ""),
    "score-sheet.html, filled in": (_FILL_SHEET, ""),
}


def visits(site: Path) -> Iterator[tuple[str, str, str]]:
    """(what, screen, url) of every place to read."""
    folder = site / i18n.DEFAULT_LANGUAGE
    for screen in SCREENS:
        for name in pages():
            yield f"{name}.html", screen, (folder / f"{name}.html").as_uri()
        yield "search.html?q=3.4", screen, (folder / "search.html").as_uri() + "?q=3.4"
        yield "score-sheet.html, filled in", screen, (folder / "score-sheet.html").as_uri()


#: The lessons' engine (Pyodide, in a worker): kept from starting in the first pass, so
#: that the page shows the screens the build prepared (``engine_lesson_problems`` reads
#: the engine's own).
ENGINE = ["*/_learn/worker.js", "*/_learn/pyodide/*"]
_LESSON_SHOWN = "!!document.querySelector('.celestia-lesson')"
_HAS_CHOICES = "!!document.querySelector('.celestia-lesson .celestia-choice')"
_CONTINUE = ("(b => b ? (b.click(), true) : false)(document.querySelector("
             "'.celestia-lesson .celestia-primary'))")
_CHOOSE = "document.querySelector('.celestia-lesson .celestia-choice').click()"


def lesson_problems(site: Path, page: Page) -> list[str]:
    """The lessons' page served (as ``celestia docs --serve`` does), on a phone: each
    lesson's screens as the build prepared them, read on up to the first question, which
    is answered; what each screen shows is checked like a page."""
    report: list[str] = []
    server = make_server(site, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    page.send("Network.enable")
    page.send("Network.setBlockedURLs", urls=ENGINE)
    page.screen(PHONE)
    try:
        for lesson in load_all():
            page.open("about:blank")
            page.open(f"{address(server)}{i18n.DEFAULT_LANGUAGE}/learn.html#{lesson.id}")
            page.wait_for(_LESSON_SHOWN)
            for step in range(20):  # more than a lesson's screens before its question
                asked = page.evaluate(_HAS_CHOICES)
                if asked:
                    page.evaluate(_CHOOSE)
                seen = page.evaluate(_READ)
                report += [f"learn.html#{lesson.id} (phone, screen {step + 1}): {problem}"
                           for problem in problems_of(seen)]
                if asked or not page.evaluate(_CONTINUE):
                    break
    finally:
        page.send("Network.setBlockedURLs", urls=[])
        page.screen(DESKTOP)
        server.shutdown()
        server.server_close()
    return report


def accepted_answers(lesson_id: str, folder: Path) -> list[str]:
    """The options a play-through of the lesson takes with its accepted answers, in order
    (the moves of a goal's solution): the same lesson player as the page's, run here."""
    learn = Learn(i18n.DEFAULT_LANGUAGE, folder, lessons=load_all())
    learn.open(lesson_id)
    session = learn.tutor.session
    assert session is not None
    keys: list[str] = []
    solutions: dict[str, list[str]] = {}
    for _ in range(5000):  # more than any lesson's screens
        if session.finished:
            return keys
        if session.pause == "say":
            session.proceed()
            continue
        keys.append(first_answer(session.active, solutions=solutions))
        session.answer(keys[-1])
    raise RuntimeError(f"the lesson {lesson_id} did not end")


#: The engine has taken over from the prepared screens (``learn-engine.js``).
_ENGINE_READY = "!!document.getElementById('celestia-learn').dataset.engineStart"
_VIEWS = "Number(document.getElementById('celestia-learn').dataset.views || 0)"
_PAUSE = "(l => l ? l.dataset.pause : '')(document.querySelector('.celestia-lesson'))"
#: The longest the page's engine may take to start (Pyodide, on a busy CI machine).
ENGINE_START = 300.0


def _act(page: Page, expression: str) -> bool:
    """Do what ``expression`` does (true if it could), then wait for the engine's answer."""
    before = page.evaluate(_VIEWS)
    if not page.evaluate(expression):
        return False
    page.wait_for(f"{_VIEWS} > {before}", timeout=60)
    return True


def engine_lesson_problems(site: Path, page: Page) -> list[str]:
    """The lessons' page served, on a phone, once its engine has taken over: every lesson
    played to its end with its accepted answers, and every screen read like a page. A
    choice the page does not offer, or a lesson that ends early or late, is a problem too:
    the page's engine and this Python must play the same lesson."""
    report: list[str] = []
    server = make_server(site, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    page.screen(PHONE)
    try:
        page.open("about:blank")
        page.open(f"{address(server)}{i18n.DEFAULT_LANGUAGE}/learn.html")
        page.wait_for(_ENGINE_READY, timeout=ENGINE_START)
        with tempfile.TemporaryDirectory(prefix="celestia-qps-learn-") as folder:
            for lesson in load_all():
                where = f"learn.html#{lesson.id} (phone, the engine"
                keys = accepted_answers(lesson.id, Path(folder) / lesson.id)
                if not _act(page, f"(location.hash = {json.dumps(lesson.id)}, true)"):
                    continue
                page.wait_for(f"{_PAUSE} && {_PAUSE} !== 'loading'")
                for step in range(1, 5000):
                    report += [f"{where}, screen {step}): {problem}"
                               for problem in problems_of(page.evaluate(_READ))]
                    pause = page.evaluate(_PAUSE)
                    if pause == "say":
                        moved = _act(page, _CONTINUE)
                    elif pause == "ask" and keys:
                        key = json.dumps(keys.pop(0))
                        moved = _act(page, f"(b => b ? (b.click(), true) : false)("
                                           f"document.querySelector("
                                           f"'.celestia-lesson .celestia-choice[data-key=' "
                                           f"+ JSON.stringify({key}) + ']'))")
                        if not moved:
                            report.append(f"{where}, screen {step}): no choice {key}")
                    else:
                        moved = False
                    if not moved:
                        break
                if keys or page.evaluate(_PAUSE) in ("say", "ask"):
                    report.append(f"{where}): the page's lesson and this Python's differ "
                                  f"({len(keys)} answers left, pause "
                                  f"{page.evaluate(_PAUSE)!r})")
    finally:
        page.screen(DESKTOP)
        server.shutdown()
        server.server_close()
    return report


def check(site: Path, page: Page) -> list[str]:
    """Every problem of the pseudo-language site in ``site``, read in ``page``."""
    report = lesson_problems(site, page) + engine_lesson_problems(site, page)
    try:
        for what, screen, url in visits(site):
            page.screen(SCREENS[screen])
            seen = read(page, url)
            action, done = _ACTIONS.get(what, ("", ""))
            if action or done:
                if action:
                    page.evaluate(action)
                if done:
                    page.wait_for(done)
                seen = page.evaluate(_READ)
            report += [f"{what} ({screen}): {problem}"
                       for problem in problems_of(seen, what in GLOSSARY_PAGES)]
    finally:
        page.screen(DESKTOP)
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutor.tools.pseudo_site",
                                     description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--out", type=Path, help="build the site into this folder and keep it")
    where.add_argument("--site", type=Path, help="check this site, built earlier with --out")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="celestia-qps-") as temporary:
        # Absolute: the pages are opened by their file addresses.
        site = (args.site or args.out or Path(temporary) / "site").resolve()
        if args.site is None:
            seconds = build(site)
            print(f"Built the site in the pseudo-language in {seconds:.1f} s.")
        elif not (site / MARKER).is_file():
            print(f"{site} holds no site built in the pseudo-language (--out).")
            return 2
        with launched() as page:
            report = check(site, page)
    print("\n".join(report) or "Every page of the site, on a phone and a desktop, shows only "
          "the catalogs' text in the pseudo-language, and every text fits its box.")
    return 1 if report else 0


if __name__ == "__main__":
    sys.exit(main())
