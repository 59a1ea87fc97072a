"""What the page draws, as plain data (JSON-ready dicts of strings, numbers and lists).

The texts are the ones the terminal shows: narration and feedback through
``tutor.lessons.render``, the board through ``tutor.web.board`` (the terminal's board),
the recap from the controller. Only the page's own labels (buttons, status words, the
loading and progress messages) are written here, in the "site" domain.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.messages import N_
from ..i18n import LANGUAGE_NAMES, LANGUAGES, Translator
from ..lessons.controller import DONE, NEW, PRACTISE, STARTED
from ..lessons.keys import yes_keys
from ..lessons.render import render_entry
from ..lessons.summary import summary_text
from .board import board

if TYPE_CHECKING:
    from ..lessons.controller import Session, Tutor
    from ..lessons.runner import Entry

#: The mark before a feedback line, as in the terminal.
MARKS = {"right": "✓", "reached": "✓", "wrong": "✗", "missed": "✗"}
# TRANSLATORS: Same role as in the terminal's tutor: under a lesson's summary.
TIP = N_("Tip: this lesson builds on earlier ones; you may want to do those first.")
# TRANSLATORS: Same role as in the site's frame: the label of a list of languages.
LANGUAGE = N_("Language")
#: A lesson's status in the list, in words.
STATUS = {DONE: N_("finished"), PRACTISE: N_("to practise again"), STARTED: N_("in progress"),
          NEW: N_("not started")}


def labels(tr: Translator) -> dict[str, str]:
    """Every label of the page's lesson player, in ``tr``'s language."""
    _ = tr.gettext
    return {
        "lessons": _(N_("Lessons")),
        "lesson_list": _(N_("The lessons, in order")),
        "continue": _(N_("Continue")),
        "hint": _(N_("Hint")),
        "undo": _(N_("Undo")),
        "restart": _(N_("Restart")),
        "skip": _(N_("Skip")),
        "next_lesson": _(N_("Next lesson")),
        "review": _(N_("Review")),
        "review_start": _(N_("Review now")),
        "next_review": _(N_("Next question")),
        "yes": _(N_("Yes")),
        "no": _(N_("No")),
        "board": _(N_("The board")),
        "route": _(N_("The route: each city, the dice needed to reach it and the "
                      "treasures left in its pile")),
        "dice_now": _(N_("The dice on the table")),
        "airship_here": _(N_("the airship is here")),
        "heading_for": _(N_("the airship heads for this city")),
        "off_route": _(N_("not on the route")),
        "lesson_text": _(N_("The lesson")),
        "answer": _(N_("Your last answer")),
        "choices": _(N_("Your choices")),
        "actions": _(N_("Lesson actions")),
        "language": _(LANGUAGE),
        "confirm_restart": _(N_("Start this lesson again from the beginning?")),
        "confirm_skip": _(N_("Leave this lesson unfinished and go to the next one?")),
        # TRANSLATORS: {yes} is the key that says yes: y, and o (oui) or i (igen) too.
        # The letters that answer yes (the page's keys are the terminal's: "yo", "yi").
        "yes_keys": "".join(yes_keys(tr)),
        "confirm_keys": tr.format(N_("Yes, or the key {yes}, goes ahead; No, Enter or any "
                                     "other key keeps the lesson."), yes=_yes_keys(tr)),
        "keys": _(N_("Keys: 1–9 choose · Enter continue · h hint · u undo · r restart · "
                     "s skip · ? look up · l language · q lessons")),
        "lookup": _(N_("Look up a rule or a word")),
        "lookup_label": _(N_("A rule, a card, a word…")),
        "lookup_hint": _(N_("The rulebook's search, without leaving the lesson: each result "
                            "opens its rule or answer.")),
        "lookup_close": _(N_("Back to the lesson")),
        "lookup_none": _(N_("Nothing in the rulebook matches “{query}”.")),
        "lookup_missing": _(N_("The rulebook's search cannot be read here: open the search "
                               "page of the site once while online.")),
        "resuming": _(N_("This lesson resumes where you left it as soon as the rules engine "
                         "is ready.")),
        **{status: _(text) for status, text in STATUS.items()},
        "progress": _(N_("Your progress")),
        "progress_note": _(N_("Your progress stays in this browser. Save it to a file to "
                              "keep it or to carry it to another device, or to the "
                              "tutor in a terminal (its progress.json).")),
        "export": _(N_("Save my progress to a file")),
        "import": _(N_("Load progress from a file")),
        "loading": _(N_("The lessons run on the real rules engine, in your browser. The "
                        "first visit downloads it (about {size} MB); after that, the lessons "
                        "work offline.")),
        "starting": _(N_("Starting the rules engine: {percent} loaded.")),
        "waiting": _(N_("One moment: the rules engine is still loading ({percent}). Your "
                        "first answer is kept and will be judged as soon as it is ready; "
                        "until then, only that one counts.")),
        "waiting_short": _(N_("Your first answer is kept until the rules engine is ready.")),
        "ready_offline": _(N_("Ready: the lessons now work offline too.")),
        "from_file": _(N_("The lessons cannot run in a page opened from a file: the "
                          "browser does not let such a page start the rules engine. Serve "
                          "the site with the command celestia docs --serve, or open it from "
                          "a website.")),
        "no_wasm": _(N_("This browser cannot run the lessons: it does not support "
                        "WebAssembly. Any recent browser does.")),
        "no_script": _(N_("The lessons need JavaScript: turn it on to play them in this "
                          "page.")),
        "failed": _(N_("The rules engine could not start: {reason}. Reload the page to "
                       "try again.")),
    }


def _yes_keys(tr: Translator) -> str:
    """The keys that confirm a question, in the reader's words: "y", "y or o"."""
    return tr.join(yes_keys(tr), "or")


def stars_label(stars: int, tr: Translator) -> str:
    """What the stars of a finished lesson say to a screen reader."""
    return tr.nformat("{n} star out of 3", "{n} stars out of 3", stars)


def menu_view(tutor: Tutor) -> dict[str, Any]:
    """The list of lessons with their status and stars, and the one to offer first."""
    tr = tutor.tr
    items = []
    for number, item in enumerate(tutor.menu(), start=1):
        status = item.status
        items.append({
            "id": item.lesson.id,
            "number": number,
            "title": tr.gettext(item.lesson.title),
            "summary": summary_text(item.lesson, tr),
            "status": status,
            "status_text": tr.gettext(STATUS[status]),
            "stars": item.stars,
            "stars_text": stars_label(item.stars, tr) if item.stars else "",
            "ready": item.ready,
            "tip": tr.gettext(TIP) if item.advise_earlier else "",
            # For the list drawn before the engine runs, from the progress in the browser.
            "prerequisites": list(item.lesson.prerequisites),
        })
    done, total = tutor.counts()
    # TRANSLATORS: Same role as in the terminal's tutor: lessons finished so far.
    counts = tr.format(N_("{done} of {total} finished"), done=done, total=total)
    return {"items": items, "counts": counts,
            "suggested": tutor.lessons[tutor.suggested()].id if tutor.lessons else None,
            "review": review_view(tutor)}


def review_view(tutor: Tutor) -> dict[str, Any]:
    """The review entry of the list: how many questions and exercises are due, and what
    the review is (the terminal's menu says the same)."""
    return {"due": len(tutor.due_reviews()), "title": tutor.review_title(),
            "note": tutor.review_note()}


def _entry(entry: Entry, number: int, tr: Translator) -> dict[str, Any]:
    # The rules a line cites ("See rules 3.2 and 5.1."): the page links them to the rules.
    rules = entry.params.get("_rules") or ((entry.params["_rule"],)
                                           if entry.params.get("_rule") else ())
    return {"n": number, "kind": entry.kind, "text": render_entry(entry, tr),
            "mark": MARKS.get(entry.kind, ""), "rules": [str(r) for r in rules]}


def recap_view(tutor: Tutor) -> list[dict[str, str]]:
    """The controller's recap, each "what you learned" line with its rule (a link in the
    page), and the last line in words for taps as well as keys: the terminal's says
    "Press Enter to start it, or q for the menu"."""
    session = tutor.session
    assert session is not None
    if session.unit is not None:  # a review item: whether it comes back soon, and what next
        return [{"kind": kind, "text": text} for kind, text in tutor.recap()]
    items = iter(session.lesson.recap)
    lines = []
    for kind, text in tutor.recap():
        line = {"kind": kind, "text": text}
        if kind == "recap":
            item = next(items, None)
            if item is not None:
                line["rule"] = str(item.rule)
        elif kind == "next":
            following = tutor.next_lesson(session.lesson.id)
            line["text"] = (tutor.tr.format(N_("Next: “{title}”. Start it with the button "
                                               "below, or with Enter."),
                                            title=tutor.tr.gettext(following.title))
                            if following else
                            tutor.tr.gettext(N_("That was the last lesson. The button below, "
                                                "or Enter, takes you back to the list.")))
        lines.append(line)
    return lines


def lesson_view(tutor: Tutor) -> dict[str, Any]:
    """The open lesson's screen: header, board, pinned feedback, narration, choices in the
    order shown, or the recap at the end."""
    session = tutor.session
    assert session is not None
    tr = tutor.lesson_tr()
    log = session.active.log
    where = {id(entry): i for i, entry in enumerate(log)}
    review = session.unit is not None
    view: dict[str, Any] = {
        "id": session.lesson.id,
        # TRANSLATORS: Same role as in the terminal's tutor: the title of a review item.
        "title": tutor.tr.format(N_("Review: {title}"), title=tutor.tr.gettext(
            session.lesson.title)) if review else tutor.tr.gettext(session.lesson.title),
        "review": review,
        "counter": _counter(session, tutor),
        "pause": session.pause,
        "in_review": session.in_review,
        "hints_left": session.hints_left(),
        "board": None,
        "feedback": [_entry(e, where.get(id(e), -1), tr) for e in session.feedback()],
        "narration": [],
        "choices": [],
        "recap": [],
        "stars": 0,
        "next": None,
    }
    # The page's text also when the lesson ends: the last move's events (a goal reached
    # by a payment, then the airship flies on) come before the recap, as in the terminal.
    view["narration"] = [_entry(e, where.get(id(e), -1), tr) for e in session.page()]
    if session.finished:
        view["recap"] = recap_view(tutor)
        view["stars"] = session.stars()
        view["stars_text"] = stars_label(session.stars(), tutor.tr)
        if review:
            view["next"] = "review" if tutor.review_queue else None
            return view
        following = tutor.next_lesson(session.lesson.id)
        view["next"] = following.id if following else None
        return view
    view["board"] = board(session.state, session.learner, tr)
    if session.pause == "ask":
        ask = session.ask
        assert ask is not None
        positions = session.order()
        view["choices"] = [{"key": ask.options[i].key, "index": i,
                            "label": ask.options[i].label.render(tr)} for i in positions]
    return view


def _counter(session: Session, tutor: Tutor) -> str:
    """Where the learner is, as the terminal's header says it."""
    tr = tutor.tr
    if session.unit is not None:
        # TRANSLATORS: Same role as in the terminal's tutor: where the review stands.
        return tr.format(N_("{number} of {total}"), number=tutor.review_done(),
                         total=tutor.review_total)
    if session.in_review:
        return tr.nformat("{n} question to review", "{n} questions to review",
                          session.reviews_left())
    if session.finished:
        return tr.gettext(N_("lesson complete"))
    done, total = session.progress()
    # TRANSLATORS: Same role as in the terminal's tutor: where the learner is in a lesson.
    return tr.format(N_("question {number} of {total}"), number=min(done + 1, total),
                     total=total)


def languages() -> list[dict[str, str]]:
    """The languages a lesson can switch to, each named in itself."""
    return [{"code": code, "name": LANGUAGE_NAMES[code]} for code in LANGUAGES]
