"""The lessons played in the page (``learn.html``), in headless Chromium, served over HTTP
as ``celestia docs --serve`` serves them: the real engine in Pyodide, one start per
language for the whole course.

Every lesson is played through with its accepted answers (a goal with its solution) in
English, French and Hungarian, and what the page shows must be what the terminal's
transcript (``celestia tutor --lesson ID --transcript``) says, in the same order. Each
lesson also gets one wrong answer first (a goal: its mistake line), whose feedback must be
the controller's, then a restart (``r``, then ``y``). Then: the language switch in the
middle of a lesson, progress after a reload, export and import, offline after the first
load, and the page at 390 and 1280 px (touch targets, no sideways scrolling, axe-core).
"""

from __future__ import annotations

import json
import re
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tutor.i18n import LANGUAGES, Translator
from tutor.lessons.controller import Session
from tutor.lessons.library import load_all
from tutor.lessons.render import render_entry
from tutor.lessons.runner import Entry, Runner, first_answer
from tutor.lessons.schema import Lesson
from tutor.lessons.transcript import Question, transcript, walk_answered

from .conftest import DESKTOP, PHONE

SCREENSHOTS = Path(__file__).resolve().parents[2] / "benchmarks" / "output" / "learn"
LESSONS = load_all()
#: Reading one screen of the player: what a person sees, with the marks a test needs
#: (entries carry their place in the lesson's log, choices their option key).
SCREEN = """(() => {
  const root = document.getElementById('celestia-learn');
  const lesson = root.querySelector('.celestia-lesson');
  const text = e => e.textContent;
  return {
    views: Number(root.dataset.views || 0),
    pause: lesson ? lesson.dataset.pause : 'menu',
    title: lesson ? text(lesson.querySelector('h2')) : '',
    entries: Array.from(root.querySelectorAll('.celestia-entry')).map(e =>
      [Number(e.dataset.n), e.className.replace('celestia-entry entry-', ''),
       text(e.querySelector('.celestia-entry-text'))]),
    feedback: Array.from(root.querySelectorAll('.celestia-feedback .celestia-entry-text'))
      .map(text),
    choices: Array.from(root.querySelectorAll('.celestia-choice')).map(b =>
      [b.dataset.key, text(b.querySelector('.celestia-choice-label'))]),
    recap: Array.from(root.querySelectorAll('.celestia-recap')).map(text),
    message: Array.from(root.querySelectorAll('.celestia-learn-message')).map(text),
    engine: text(root.querySelector('.celestia-learn-engine')),
  };
})()"""


def lesson_tr(lesson: Lesson, language: str) -> Translator:
    tr = Translator(language)
    return tr.with_genders(lesson.genders) if lesson.genders else tr


def squash(text: str) -> str:
    return " ".join(text.split())


class Player:
    """The page's lesson player, driven as a person would: clicks and keys."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser

    def screen(self) -> dict[str, Any]:
        return self.browser.evaluate(SCREEN)

    def act(self, script: str) -> dict[str, Any]:
        """Run ``script`` (a click, a key) and wait for the engine's next screen — in the
        page itself, which answers as soon as the screen is drawn."""
        return self.browser.evaluate(f"""(async () => {{
          const root = document.getElementById('celestia-learn');
          const before = Number(root.dataset.views || 0);
          {script};
          const deadline = performance.now() + 50000;
          while (Number(root.dataset.views || 0) <= before) {{
            if (performance.now() > deadline) {{ throw new Error('no new screen'); }}
            await new Promise(resolve => setTimeout(resolve, 5));
          }}
          return {SCREEN};
        }})()""")

    def real_key(self, key: str, shift: bool = False) -> dict[str, Any]:
        """A key pressed as on a keyboard (its default action too), then the next screen."""
        before = self.screen()["views"]
        self.browser.key(key, shift)
        self.browser.wait_for("Number(document.getElementById('celestia-learn').dataset.views"
                              f" || 0) > {before}", timeout=60)
        return self.screen()

    def key(self, key: str) -> dict[str, Any]:
        return self.act(f"document.body.dispatchEvent(new KeyboardEvent('keydown', "
                        f"{{key: {json.dumps(key)}, bubbles: true}}))")

    def press(self, key: str) -> None:
        """A key whose answer draws no new screen from the engine (a confirmation)."""
        self.browser.evaluate(f"document.body.dispatchEvent(new KeyboardEvent('keydown', "
                              f"{{key: {json.dumps(key)}, bubbles: true}}))")

    def choose(self, key: str) -> dict[str, Any]:
        return self.act(f"document.querySelector('.celestia-choice[data-key=\"' + "
                        f"CSS.escape({json.dumps(key)}) + '\"]').click()")

    def proceed(self) -> dict[str, Any]:
        return self.act("document.querySelector('.celestia-lesson .celestia-primary')"
                        ".click()")

    def open(self, lesson_id: str) -> dict[str, Any]:
        return self.act(f"location.hash = {json.dumps(lesson_id)}")

    def fresh(self, url: str) -> dict[str, Any]:
        """``start`` in a browser that has kept no progress."""
        self.browser.open(url)
        self.browser.evaluate("localStorage.clear()")
        return self.start(url)

    def start(self, url: str) -> dict[str, Any]:
        """Load the page afresh and wait for the engine (its first screen counts as
        one)."""
        self.browser.open("about:blank")
        self.browser.open(url)
        self.browser.wait_for("Number(document.getElementById('celestia-learn').dataset"
                              ".views || 0) > 0", timeout=180)
        return self.screen()


def played(player: Player, lesson: Lesson, attempt: int
           ) -> Iterator[tuple[dict[str, Any], Question | None]]:
    """Play ``lesson`` in the page with the answers its transcript takes, its drills in
    the order of the learner's ``attempt``; yields each screen and the question answered
    on it."""
    questions = [item for item in walk_answered(lesson, Runner(lesson, attempt))
                 if isinstance(item, Question)]
    screen = player.screen()
    while screen["pause"] in ("say", "ask"):
        if screen["pause"] == "say":
            yield screen, None
            screen = player.proceed()
            continue
        question = questions.pop(0)
        yield screen, question
        screen = player.choose(question.answer)
    assert not questions
    yield screen, None


def check_played_as_transcript(player: Player, lesson: Lesson, language: str,
                               attempt: int) -> None:
    """The page's texts, in order, are those of the lesson played with its accepted
    answers at the learner's ``attempt`` (which orders the drills' exercises); each
    question shows the transcript's choices (in a shuffled order). The transcript prints
    the same texts, its drills in the file's order."""
    tr = lesson_tr(lesson, language)
    shown: dict[int, tuple[str, str]] = {}
    final: dict[str, Any] = {}
    for screen, question in played(player, lesson, attempt):
        for n, kind, text in screen["entries"]:
            shown.setdefault(n, (kind, text))
        if question is not None:
            labels = sorted(label for _, label in screen["choices"])
            assert labels == sorted(o.label.render(tr) for o in question.options), lesson.id
            assert {key for key, _ in screen["choices"]} == {o.key for o in question.options}
        final = screen
    expected = [(item.kind, render_entry(item, tr))
                for item in walk_answered(lesson, Runner(lesson, attempt))
                if isinstance(item, Entry)]
    assert [shown[n] for n in sorted(shown)] == expected, lesson.id
    # The same texts, in the file's order, in what `celestia tutor --transcript` prints.
    in_file_order = [render_entry(item, tr) for item in walk_answered(lesson)
                     if isinstance(item, Entry)]
    assert sorted(in_file_order) == sorted(text for _, text in expected), lesson.id
    # Without spaces: the transcript wraps its lines, at spaces and after hyphens
    # ("Pouvez-/vous").
    printed = "".join("".join(transcript(lesson, Translator(language))).split())
    at = 0
    for text in in_file_order:
        found = printed.find("".join(text.split()), at)
        assert found >= 0, (lesson.id, text)
        at = found + len("".join(text.split()))
    assert final["pause"] == "end" and final["recap"], lesson.id
    assert "★★★" in final["recap"][0]


def wrong_answer(lesson: Lesson, language: str) -> tuple[list[str], list[str]]:
    """The option keys the page plays to make the lesson's first mistake (a question's
    wrong choice, or a goal's mistake line) after its accepted answers, and the
    feedback the controller gives it."""
    tr = lesson_tr(lesson, language)
    session = Session(lesson)
    solutions: dict[str, list[str]] = {}
    keys: list[str] = []
    while not session.finished:
        if session.pause == "say":
            session.proceed()
            continue
        ask = session.ask
        assert ask is not None
        wrong = [o.key for o in ask.options if not o.correct]
        if ask.kind != "goal" and wrong:
            session.answer(wrong[0])
            return [*keys, wrong[0]], [render_entry(e, tr) for e in session.feedback()]
        if ask.kind == "goal" and ask.step.mistake:
            for move in ask.step.mistake:
                keys.append(move)
                if session.answer(move).goal == "missed":
                    return keys, [render_entry(e, tr) for e in session.feedback()]
        answer = first_answer(session.active, solutions=solutions)
        keys.append(answer)
        session.answer(answer)
    raise AssertionError(f"{lesson.id}: no wrong answer to try")


def check_wrong_answer_then_restart(player: Player, lesson: Lesson, language: str) -> int:
    """The lesson's first mistake, on its first attempt, then ``r``: returns the attempt
    the learner is now on."""
    keys, feedback = wrong_answer(lesson, language)
    screen = player.screen()
    for key in keys:
        while screen["pause"] == "say":
            screen = player.proceed()
        screen = player.choose(key)
    assert screen["feedback"] == feedback, lesson.id
    # r asks first; any other key keeps the lesson; y (or o, i) starts it again.
    player.press("r")
    assert player.browser.evaluate("!!document.querySelector('.celestia-confirm')")
    player.press("n")
    assert not player.browser.evaluate("!!document.querySelector('.celestia-confirm')")
    player.press("r")
    screen = player.key({"fr": "o", "hu": "i"}.get(language, "y"))
    assert screen["feedback"] == [] and screen["views"] > 0
    return 1


@pytest.fixture(scope="module")
def player(browser: Any) -> Iterator[Player]:
    browser.screen(PHONE)
    yield Player(browser)
    browser.screen(DESKTOP)
    browser.send("Network.emulateNetworkConditions", offline=False, latency=0,
                 downloadThroughput=-1, uploadThroughput=-1)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_lesson_plays_as_its_transcript(served: str, player: Player,
                                              language: str) -> None:
    """The whole course in one page (one engine start): each lesson opened from its
    address, a wrong answer explained, a restart, then played through as the transcript
    says; then the stars survive a reload."""
    browser = player.browser
    browser.errors.clear()
    screen = player.fresh(f"{served}{language}/learn.html")
    assert screen["pause"] == "menu"
    for lesson in LESSONS:
        screen = player.open(lesson.id)
        assert screen["title"] == Translator(language).gettext(lesson.title)
        attempt = check_wrong_answer_then_restart(player, lesson, language)
        check_played_as_transcript(player, lesson, language, attempt)
        if lesson is LESSONS[0]:
            browser.screenshot(SCREENSHOTS / f"recap-{language}-phone.png")
    stored = json.loads(browser.evaluate("localStorage.getItem('celestia-tutor-progress')"))
    assert stored["format"] == "celestia-tutor-progress"
    assert all(stored["lessons"][lesson.id]["done"] for lesson in LESSONS)
    # Each lesson was finished on its second attempt, as the page's drills were played.
    assert {stored["lessons"][lesson.id]["attempt"] for lesson in LESSONS} == {1}
    # Reloaded: the list shows every lesson finished with its stars.
    screen = player.start(f"{served}{language}/learn.html")
    stars = browser.evaluate("Array.from(document.querySelectorAll('.celestia-learn-item "
                             ".celestia-stars')).map(s => s.textContent)")
    assert stars == ["★★★"] * len(LESSONS)
    assert browser.errors == []


def test_language_switch_keeps_the_place(served: str, player: Player) -> None:
    """``l`` in the middle of a lesson: the same screen (even the feedback of a wrong
    answer and a hint) in the next language, the choices in the same order."""
    lesson = next(item for item in LESSONS if item.id == "passengers")
    browser = player.browser
    player.fresh(f"{served}fr/learn.html")
    screen = player.open(lesson.id)
    keys, _ = wrong_answer(lesson, "fr")
    for key in keys:
        while screen["pause"] == "say":
            screen = player.proceed()
        screen = player.choose(key)
    screen = player.key("h")
    before = screen
    after = player.key("l")
    assert browser.evaluate("document.getElementById('celestia-learn').lang") == "hu"
    # The address is now the Hungarian page's: a reload opens the lessons in Hungarian,
    # the language the progress file keeps.
    assert browser.evaluate("location.pathname").endswith("/hu/learn.html")
    assert json.loads(browser.evaluate("localStorage.getItem('celestia-tutor-progress')"))[
        "language"] == "hu"
    assert [key for key, _ in after["choices"]] == [key for key, _ in before["choices"]]
    assert [n for n, _, _ in after["entries"]] == [n for n, _, _ in before["entries"]]
    # Each text is the same entry, now in Hungarian.
    session = Session(lesson)
    for key in keys:
        while session.pause == "say":
            session.proceed()
        session.answer(key)
    session.hint()
    log = session.active.log
    hu = lesson_tr(lesson, "hu")
    assert [text for _, _, text in after["entries"]] == \
        [render_entry(log[n], hu) for n, _, _ in after["entries"]]
    assert after["feedback"] != before["feedback"] and after["feedback"]
    browser.screenshot(SCREENSHOTS / "switched-hu-phone.png")
    # Back round to French: the very same screen as before, at the French address.
    player.key("l")
    again = player.key("l")
    assert again["entries"] == before["entries"] and again["choices"] == before["choices"]
    assert browser.evaluate("location.pathname").endswith("/fr/learn.html")
    reloaded = player.start(browser.evaluate("location.href"))
    assert browser.evaluate("document.documentElement.lang") == "fr"
    assert reloaded["title"] == before["title"]


def pick_file(text: str, name: str) -> str:
    """A script that picks a file with ``text`` in the player's "load progress" input."""
    return (f"(() => {{ const file = new File([{json.dumps(text)}], {json.dumps(name)}, "
            f"{{type: 'application/json'}}); const input = document.getElementById("
            f"'celestia-learn-file'); const data = new DataTransfer(); data.items.add(file);"
            f" input.files = data.files; input.dispatchEvent(new Event('change')); }})()")


def test_progress_survives_a_reload_mid_lesson(served: str, player: Player,
                                               tmp_path: Path) -> None:
    """Half-way through a lesson, a reload resumes it at the same decision (its inputs
    are replayed), and the terminal-shaped progress can be exported and imported."""
    lesson = next(item for item in LESSONS if item.id == "turbo")
    browser = player.browser
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    player.fresh(f"{served}en/learn.html")
    player.open(lesson.id)
    answered = 0
    asked: dict[str, Any] = {}
    for screen, question in played(player, lesson, 0):
        answered += question is not None
        if answered == 3:
            asked = screen  # the third question, on screen, not answered
            break
    stored = json.loads(browser.evaluate("localStorage.getItem('celestia-tutor-progress')"))
    assert len(stored["lessons"][lesson.id]["inputs"]) == 2 and stored["last"] == lesson.id
    # Reloaded, the page shows the lesson at once — the screen kept after the last answer,
    # which is where the engine resumes — not the lesson list, before the engine is ready.
    browser.open("about:blank")
    browser.open(f"{served}en/learn.html#{lesson.id}")
    early = player.screen()
    assert early["views"] == 0, "the engine was ready before the page could be read"
    assert early["pause"] != "menu" and early["title"] == asked["title"]
    resumed = player.start(f"{served}en/learn.html#{lesson.id}")
    assert resumed["entries"] == early["entries"] and resumed["pause"] == early["pause"]
    # As in the terminal, the lesson resumes after the last decision: reading on from
    # there leads to the same question.
    while resumed["pause"] == "say":
        resumed = player.proceed()
    assert resumed["pause"] == "ask" and resumed["title"] == asked["title"]
    assert sorted(resumed["choices"]) == sorted(asked["choices"])
    # Export gives the progress file, as the terminal keeps it; importing it into an
    # empty browser brings the lesson back.
    player.act("document.querySelector('.celestia-toolbar [aria-keyshortcuts=\"q\"]')"
               ".click()")
    browser.send("Page.setDownloadBehavior", behavior="allow", downloadPath=str(downloads))
    browser.evaluate("document.querySelector('.celestia-learn-progress button').click()")
    saved = downloads / "progress.json"
    for _ in range(200):
        if saved.is_file() and saved.stat().st_size:
            break
        time.sleep(0.05)
    text = saved.read_text(encoding="utf-8")
    assert json.loads(text)["lessons"][lesson.id]["inputs"] == stored["lessons"][lesson.id][
        "inputs"]
    player.fresh(f"{served}en/learn.html")
    screen = player.act(pick_file(text, "progress.json"))
    assert any("progress.json" in line for line in screen["message"]), screen["message"]
    status = browser.evaluate(f"document.querySelector('.celestia-learn-item:nth-child("
                              f"{LESSONS.index(lesson) + 1})').className")
    assert "status-started" in status
    # A file that is no progress file is refused with the reason, nothing lost.
    screen = player.act(pick_file('{"format": "other"}', "notes.json"))
    assert any("notes.json" in line and "progress file" in line for line in screen["message"])
    assert "status-started" in browser.evaluate(
        f"document.querySelector('.celestia-learn-item:nth-child("
        f"{LESSONS.index(lesson) + 1})').className")


def test_first_question_before_the_engine_and_offline_after(site: Path,
                                                           player: Player) -> None:
    """A lesson's first screens come from the build, and equal what the engine draws;
    once loaded, the lessons work with no server at all (the service worker): the site's
    own server is stopped, so a file missing from its cache fails the test."""
    from tutor.site.serve import address, make_server

    browser = player.browser
    server = make_server(site, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = address(server)
    try:
        player.fresh(f"{url}hu/learn.html")
        lesson = LESSONS[0]
        prepared = browser.evaluate(f"fetch('_learn/{lesson.id}.json').then(r => r.json())")
        screen = player.open(lesson.id)
        nodes, number = prepared["nodes"], 0
        while nodes[number]["lesson"]["pause"] == "say":
            view = nodes[number]["lesson"]
            assert screen["entries"] == [[e["n"], e["kind"], e["text"]]
                                         for e in view["narration"]], number
            number = nodes[number]["proceed"]
            screen = player.proceed()
        view = nodes[number]["lesson"]
        assert view["pause"] == "ask"
        assert [key for key, _ in screen["choices"]] == [c["key"] for c in view["choices"]]
        # Each answer's prepared screen is the one the engine draws for it.
        position = len(view["choices"]) - 1
        judged = nodes[nodes[number]["choose"][position]]["lesson"]
        screen = player.choose(view["choices"][position]["key"])
        assert screen["feedback"] == [e["text"] for e in judged["feedback"]]
        assert [key for key, _ in screen["choices"]] == [c["key"] for c in judged["choices"]]
        assert browser.wait_for("!!navigator.serviceWorker.controller", timeout=30)
        # The page says the lessons work offline once the service worker has kept them.
        assert browser.wait_for("document.getElementById('celestia-learn').dataset.offline"
                                " === 'ready'", timeout=60)
        ready = Translator("hu").gettext("Ready: the lessons now work offline too.")
        assert browser.wait_for(f"document.querySelector('.celestia-learn-engine')"
                                f".textContent === {json.dumps(ready)}")
    finally:
        server.shutdown()
        server.server_close()
    with pytest.raises(OSError):  # nothing answers at that address any more
        urllib.request.urlopen(f"{url}hu/learn.html", timeout=5)
    screen = player.start(f"{url}hu/learn.html#{LESSONS[1].id}")
    assert screen["pause"] in ("say", "ask")
    assert screen["title"] == Translator("hu").gettext(LESSONS[1].title)
    # The look-up works offline too (the search index is kept).
    player.browser.evaluate("document.querySelector('[aria-keyshortcuts=\"?\"]').click()")
    browser.evaluate("(box => { box.value = 'iránytű'; box.dispatchEvent(new Event('input')); })"
                     "(document.getElementById('celestia-learn-q'))")
    assert browser.wait_for("document.querySelectorAll('.celestia-lookup-results a').length")


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_player_fits_the_screen_and_passes_axe(served: str, player: Player,
                                                   size: tuple[int, int, bool]) -> None:
    """At 390 and 1280 px, in the list and in a lesson with dice on the board: no
    sideways scrolling, every button at least 44 px high, no serious axe violation; dice
    and cards are named in words."""
    browser = player.browser
    browser.screen(size)
    name = "phone" if size == PHONE else "desktop"
    try:
        player.start(f"{served}fr/learn.html")
        problems = {"menu": browser.axe()}
        browser.screenshot(SCREENSHOTS / f"menu-fr-{name}.png")
        lesson = next(item for item in LESSONS if item.id == "paying")
        screen = player.open(lesson.id)
        while screen["pause"] == "say":
            screen = player.proceed()
        assert browser.evaluate("document.querySelectorAll('.celestia-die').length") > 0
        problems["lesson"] = browser.axe()
        browser.screenshot(SCREENSHOTS / f"lesson-fr-{name}.png")
        assert problems == {"menu": [], "lesson": []}, json.dumps(problems, indent=1)
        width = browser.evaluate("document.documentElement.scrollWidth")
        assert width <= size[0]
        small = browser.evaluate("Array.from(document.querySelectorAll('#celestia-learn "
                                 "button')).filter(b => b.offsetParent).map(b => "
                                 "b.getBoundingClientRect()).filter(r => r.height < 44 || "
                                 "r.width < 44).length")
        assert small == 0
        dice = browser.evaluate("Array.from(document.querySelectorAll('.celestia-die'))"
                                ".map(d => d.textContent)")
        tr = Translator("fr")
        assert all(any(tr.term(face) == name for face in ("fog", "lightning", "birds",
                                                         "pirates", "blank")) for name in dice)
        hand = browser.evaluate("document.querySelector('.celestia-board').textContent")
        assert re.search(tr.term("compass"), hand, re.I)
    finally:
        browser.screen(PHONE)


def test_opened_from_a_file_says_how_to_play(site: Path, player: Player) -> None:
    """From file:// no browser lets a page start the engine: the page says how to serve
    the site, still lists the lessons, and logs no error."""
    browser = player.browser
    browser.errors.clear()
    browser.open((site / "en" / "learn.html").as_uri())
    note = browser.wait_for("document.querySelector('.celestia-learn-engine').textContent")
    assert "celestia docs --serve" in note
    assert browser.evaluate("document.querySelectorAll('.celestia-learn-item').length") == \
        len(LESSONS)
    assert browser.errors == []


def test_enter_alone_finishes_no_lesson(served: str, player: Player) -> None:
    """Enter, pressed as on a keyboard and nothing else: it reads on, and at a question it
    answers nothing — the page asks for a choice, as the terminal does — so no lesson is
    ever finished, or even answered, by Enter alone. After every screen the focus is on
    the lesson's text, never on a choice."""
    browser = player.browser
    player.fresh(f"{served}en/learn.html")
    choose_first = "Choose an answer first"
    for lesson in LESSONS:
        screen = player.open(lesson.id)
        asked = 0
        for _ in range(60):
            focused = browser.evaluate("document.activeElement.className")
            assert "celestia-choice" not in focused, (lesson.id, focused)
            screen = player.real_key("Enter")
            assert screen["pause"] in ("say", "ask"), lesson.id
            if screen["pause"] == "ask" and any(choose_first in m for m in screen["message"]):
                asked += 1
                if asked == 3:
                    break
        assert asked == 3, lesson.id
        assert screen["feedback"] == [], lesson.id
    stored = json.loads(browser.evaluate("localStorage.getItem('celestia-tutor-progress')"))
    assert not any(entry["done"] or entry["inputs"] for entry in stored["lessons"].values())


@pytest.mark.parametrize(("language", "yes"), [("fr", "o"), ("hu", "i")])
def test_the_confirmation_is_answered_with_its_buttons_or_keys(served: str, player: Player,
                                                              language: str, yes: str) -> None:
    """r asks first, with the focus on No: Enter keeps the lesson; Shift+Tab then Enter
    (or Space) on Yes restarts it, and so does the language's own yes key (o, i)."""
    browser = player.browser
    tr = Translator(language)
    player.fresh(f"{served}{language}/learn.html")
    lesson = LESSONS[1]
    player.open(lesson.id)
    screen = player.proceed()
    restarted = tr.gettext("The lesson starts again from the beginning.")
    for confirm in (["Enter"], [" "], [yes]):
        player.press("r")
        focused = browser.evaluate("document.activeElement.textContent")
        assert focused == tr.gettext("No")
        browser.key("Enter")  # No: the lesson stays as it was
        assert not browser.evaluate("!!document.querySelector('.celestia-confirm')")
        assert player.screen()["entries"] == screen["entries"]
        player.press("r")
        if confirm != [yes]:
            browser.key("Tab", shift=True)
            assert browser.evaluate("document.activeElement.textContent") == tr.gettext("Yes")
        after = player.real_key(confirm[0])
        assert any(restarted in m for m in after["message"]), confirm
        screen = player.proceed()


def test_feedback_is_announced_and_rules_are_links(served: str, player: Player,
                                                   site: Path) -> None:
    """One live region, kept across screens, says the feedback of each answer; "See rule
    3.4." in a feedback and the rules of the recap link to the rule on the site; the recap
    names the buttons, not keys alone."""
    browser = player.browser
    player.fresh(f"{served}en/learn.html")
    lesson = next(item for item in LESSONS if item.id == "paying")
    keys, feedback = wrong_answer(lesson, "en")
    player.open(lesson.id)
    browser.evaluate("document.querySelector('.celestia-learn-live').dataset.mark = 'kept'")
    screen = player.screen()
    for key in keys:
        while screen["pause"] == "say":
            screen = player.proceed()
        screen = player.choose(key)
    live = browser.evaluate("(e => [e.dataset.mark, e.getAttribute('aria-live'), e.textContent])"
                            "(document.querySelector('.celestia-learn-live'))")
    assert live[0] == "kept" and live[1] == "polite"
    assert all(text in live[2] for text in feedback)
    links = browser.evaluate("Array.from(document.querySelectorAll('.celestia-feedback "
                             "a.celestia-rule-link')).map(a => [a.textContent, "
                             "a.getAttribute('href')])")
    assert links, feedback
    for rule, href in links:
        page, anchor = href.split("#")
        assert anchor == "rule-" + rule.replace(".", "-")
        assert f'id="{anchor}"' in (site / "en" / page).read_text(encoding="utf-8")
    # Played again to its end: each rule of the recap is a link, and its last line names
    # the button as well as the key.
    player.press("r")
    player.key("y")
    screen = [shown for shown, _ in played(player, lesson, 1)][-1]
    recap_links = browser.evaluate("document.querySelectorAll('.recap-recap "
                                   "a.celestia-rule-link').length")
    assert recap_links == len(lesson.recap)
    last = screen["recap"][-1]
    assert "q for the menu" not in last and "button" in last


def test_the_list_before_the_engine_comes_from_the_stored_progress(site: Path,
                                                                    player: Player) -> None:
    """Before the engine runs (here: never, from a file), the list counts the lessons
    learned in this browser (finished with ★★ or more, as the engine counts them), names
    their stars in words, and shows a tip only where an earlier lesson is still to learn
    and the lesson itself is not learned (lesson 7 is finished, with one star, before its
    prerequisite, lesson 3)."""
    browser = player.browser
    page = (site / "fr" / "learn.html").as_uri()
    done = {LESSONS[0].id: 3, LESSONS[1].id: 2, LESSONS[6].id: 1}
    assert not all(p in done for p in LESSONS[6].prerequisites)
    progress = {"format": "celestia-tutor-progress", "version": 1, "language": "fr",
                "last": LESSONS[1].id,
                "lessons": {ident: {"done": True, "stars": stars, "inputs": [], "at": 1.0}
                            for ident, stars in done.items()}}
    browser.open(page)
    browser.evaluate(f"localStorage.setItem('celestia-tutor-progress', "
                     f"{json.dumps(json.dumps(progress))})")
    browser.open("about:blank")
    browser.open(page)
    tr = Translator("fr")
    counts = browser.wait_for("document.querySelector('.celestia-learn-counts').textContent")
    learned = {ident for ident, stars in done.items() if stars >= 2}
    assert counts == tr.format("{done} of {total} finished", done=len(learned),
                               total=len(LESSONS))
    stars = browser.evaluate("Array.from(document.querySelectorAll('.celestia-learn-item "
                             ".celestia-stars')).map(s => s.getAttribute('aria-label'))")
    assert stars == [tr.nformat("{n} star out of 3", "{n} stars out of 3", n)
                     for n in (3, 2, 1)]
    tips = browser.evaluate("Array.from(document.querySelectorAll('.celestia-learn-item'))"
                            ".map(i => !!i.querySelector('.celestia-learn-tip'))")
    for lesson, tip in zip(LESSONS, tips, strict=True):
        assert tip == (lesson.id not in learned
                       and not all(p in learned for p in lesson.prerequisites)), lesson.id
    browser.evaluate("localStorage.clear()")


#: Run in the lessons' page before the engine is ready: read on to the first question and
#: tap a wrong answer; what the page then shows.
TAP_WRONG_EARLY = """(async () => {
  const root = document.getElementById('celestia-learn');
  for (let i = 0; i < 400 && !root.querySelector('.celestia-choice'); i++) {
    const go = root.querySelector('.celestia-lesson[data-pause="say"] .celestia-primary');
    if (go) { go.click(); }
    await new Promise(resolve => setTimeout(resolve, 10));
  }
  const texts = sel => Array.from(root.querySelectorAll(sel)).map(e => e.textContent);
  const choices = root.querySelectorAll('.celestia-choice');
  const wrong = Array.from(choices).find(b => b.dataset.key !== RIGHT);
  wrong.click();
  return {views: Number(root.dataset.views || 0), key: wrong.dataset.key,
          feedback: texts('.celestia-feedback .celestia-entry'),
          choices: texts('.celestia-choice'),
          waiting: !!root.querySelector('.celestia-learn-waiting')};
})()"""

#: What the lessons' page shows now: the feedback and the choices.
ON_SHOW = """(root => ({
  views: Number(root.dataset.views || 0),
  feedback: Array.from(root.querySelectorAll('.celestia-feedback .celestia-entry'))
    .map(e => e.textContent),
  choices: Array.from(root.querySelectorAll('.celestia-choice')).map(e => e.textContent)
}))(document.getElementById('celestia-learn'))"""


def test_answers_before_the_engine_are_judged_at_once(served: str, player: Player) -> None:
    """Tapped before the engine is ready, an answer is judged at once by the screens the
    build prepared (a wrong one too: its feedback shows); once ready, the engine replays
    what was done and shows the same screen, and the progress keeps the answer."""
    browser = player.browser
    lesson = LESSONS[1]
    player.fresh(f"{served}en/learn.html")
    browser.open("about:blank")
    browser.open(f"{served}en/learn.html#{lesson.id}")
    taken = browser.evaluate(TAP_WRONG_EARLY.replace("RIGHT",
                                                     json.dumps(first_right_key(lesson))))
    assert taken["views"] == 0, "the engine was ready before the answer could be given"
    assert taken["feedback"] and not taken["waiting"]
    browser.wait_for("Number(document.getElementById('celestia-learn').dataset.views || 0) > 0",
                     timeout=180)
    screen = browser.evaluate(ON_SHOW)
    assert (screen["feedback"], screen["choices"]) == (taken["feedback"], taken["choices"])
    stored = json.loads(browser.evaluate("localStorage.getItem('celestia-tutor-progress')"))
    assert stored["lessons"][lesson.id]["inputs"] == [taken["key"]]


def test_an_answer_before_the_engine_outlives_a_reload(served: str, player: Player) -> None:
    """An answer judged by the prepared screens is kept in the browser until the engine
    has replayed it: the page reloaded before the engine was ready (here it cannot start
    in the first visit) shows it again, and the engine, once ready, replays it into the
    progress."""
    browser = player.browser
    lesson = LESSONS[2]
    url = f"{served}fr/learn.html#{lesson.id}"
    player.fresh(f"{served}fr/learn.html")
    hold = browser.send("Page.addScriptToEvaluateOnNewDocument",
                        source="window.Worker = undefined;")["identifier"]
    try:
        browser.open("about:blank")
        browser.open(url)
        taken = browser.evaluate(TAP_WRONG_EARLY.replace(
            "RIGHT", json.dumps(first_right_key(lesson))))
    finally:
        browser.send("Page.removeScriptToEvaluateOnNewDocument", identifier=hold)
    assert taken["views"] == 0 and taken["feedback"]
    browser.open("about:blank")
    browser.open(url)
    browser.wait_for("!!document.querySelector('#celestia-learn .celestia-feedback "
                     ".celestia-entry')", timeout=60)
    again = browser.evaluate(ON_SHOW)
    assert (again["feedback"], again["choices"]) == (taken["feedback"], taken["choices"])
    browser.wait_for("Number(document.getElementById('celestia-learn').dataset.views || 0) > 0",
                     timeout=180)
    assert browser.evaluate(ON_SHOW)["feedback"] == taken["feedback"]
    stored = json.loads(browser.evaluate("localStorage.getItem('celestia-tutor-progress')"))
    assert stored["lessons"][lesson.id]["inputs"] == [taken["key"]]
    assert browser.evaluate("localStorage.getItem('celestia-tutor-progress.early')") is None


def first_right_key(lesson: Lesson) -> str:
    """The key of the accepted answer to the lesson's first question."""
    question = next(item for item in walk_answered(lesson) if isinstance(item, Question))
    return question.answer


def test_the_look_up_searches_the_rulebook_from_the_lesson(served: str,
                                                           player: Player) -> None:
    """? opens the rulebook's search over the lesson: typed words find the rule; Escape
    goes back to the lesson as it was."""
    browser = player.browser
    player.fresh(f"{served}fr/learn.html")
    browser.errors.clear()
    screen = player.open(LESSONS[3].id)
    browser.evaluate("window.scrollTo(0, 0)")
    browser.key("?", shift=True)
    assert browser.wait_for("document.activeElement.id === 'celestia-learn-q'")
    # On the phone the box opens in view (the page may scroll smoothly to it), below the
    # sticky header, not under the lesson.
    assert browser.wait_for(
        "(b => b.top >= document.querySelector('.mobile-header').getBoundingClientRect()"
        ".bottom && b.bottom <= innerHeight)"
        "(document.getElementById('celestia-learn-q').getBoundingClientRect())")
    browser.evaluate("(box => { box.value = 'bousole'; box.dispatchEvent(new Event('input')); })"
                     "(document.getElementById('celestia-learn-q'))")
    links = browser.wait_for("(l => l.length && l)(Array.from(document.querySelectorAll("
                             "'.celestia-lookup-results a')).map(a => a.getAttribute('href')))")
    assert "glossary.html#term-compass" in links[:3]
    browser.key("Escape")
    assert not browser.evaluate("!!document.querySelector('.celestia-lookup')")
    assert player.screen()["entries"] == screen["entries"]
    assert browser.errors == []
