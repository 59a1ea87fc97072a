"""The lessons for the page: the lesson controller driven by the page's actions.

The page's script (in a Web Worker running Pyodide) sends one action at a time as JSON
— ``{"op": "choose", "args": {"position": 2}, "stored": "<progress JSON or null>"}`` —
to ``handle``, which answers with the screen to draw (``view``) and, when the progress
changed, its new text to keep in the browser (``stored``).

Progress is the terminal's own: a ``tutor.lessons.progress.Progress`` on a file in
Pyodide's memory, whose text the page keeps in ``localStorage``. Before each action the
page hands over what ``localStorage`` holds, which is written to that file as "the disk":
so two tabs merge their progress exactly as two terminals do, and a progress file
exported here is the terminal's ``progress.json``.

Nothing here knows about HTML: ``tutor.web.view`` says what to draw, in words.
"""

from __future__ import annotations

import json
import pickle
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .. import glossary
from ..engine.messages import N_, CelestiaError
from ..i18n import LANGUAGES, Translator, use_pseudo
from ..lessons.controller import Tutor
from ..lessons.library import load_all
from ..lessons.progress import Progress
from ..lessons.schema import Lesson
from ..names import ngettext
from . import view

MENU, LESSON = "menu", "lesson"


class Learn:
    """The lesson player of one page: the controller, its progress and what the page
    shows besides (which screen, a message)."""

    def __init__(self, language: str, folder: Path, stored: str | None = None,
                 lessons: Sequence[Lesson] | None = None) -> None:
        self.path = folder / "progress.json"
        folder.mkdir(parents=True, exist_ok=True)
        self.aside: str | None = None
        self._disk(stored)
        progress = Progress(self.path)
        if progress.notice is not None and stored is not None:
            # What the browser held could not be read: the page keeps it aside, and the
            # learner starts afresh (as the terminal does with a damaged file).
            self.aside = stored
        self.tutor = Tutor(lessons if lessons is not None else load_all(), progress,
                           language if language in LANGUAGES else LANGUAGES[0])
        self.screen = MENU
        self.message: tuple[Any, dict[str, Any]] | None = self._notice(progress)
        if self.message is None and self.tutor.resumable() is not None:
            self.message = (N_("Welcome back! Open “{title}” to go on where you left off."),
                            {"title": self.tutor.resumable().title})

    # --- Progress, between the page and the file ----------------------------------------
    def _disk(self, stored: str | None) -> None:
        """Make the progress file hold what the browser holds (nothing: no file)."""
        if stored is None:
            self.path.unlink(missing_ok=True)
        elif self._read() != stored:
            self.path.write_text(stored, encoding="utf-8")

    def _read(self) -> str | None:
        try:
            return self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None

    def _notice(self, progress: Progress) -> tuple[str, dict[str, Any]] | None:
        notice = progress.notice
        if notice is None:
            return None
        _msgid, params = notice
        if "reason" in params and "path" in params and not progress.read_only:
            return (N_("Your progress saved in this browser could not be read, so you start "
                       "afresh (the old copy is kept aside): {reason}"),
                    {"reason": params["reason"]})
        if progress.read_only:
            return (N_("Your progress in this browser was saved by a newer version of the "
                       "lessons: it is left as it is, and this visit's progress is not saved. "
                       "Reload the page to get the newer version."), {})
        return notice

    # --- Actions ----------------------------------------------------------------------------
    def open(self, lesson_id: str, proceeds: int = 0,
             actions: Sequence[dict[str, Any]] = ()) -> None:
        """Open a lesson where it was left (or at its start), then read on ``proceeds``
        times, then take ``actions`` (``{"op": "proceed"}``, ``{"op": "choose", "args":
        {"position": 0}}``): what the page did on its prepared screens before the engine
        was ready (``publish.prepared_screens``)."""
        self.tutor.open(lesson_id, resume=True)
        self.screen = LESSON
        self.message = None
        session = self.tutor.session
        assert session is not None
        for _ in range(max(0, proceeds)):
            if session.pause != "say":
                break
            session.proceed()
        self.tutor.save()
        for action in actions:
            if not isinstance(action, dict):
                continue
            if action.get("op") == "proceed":
                self.proceed()
            elif action.get("op") == "choose":
                position = (action.get("args") or {}).get("position")
                if isinstance(position, int):
                    self.choose(position)

    def menu(self) -> None:
        if self.tutor.session is not None:
            self.tutor.close()
        else:
            self.tutor.progress = Progress(self.path)  # another tab may have saved
        self.screen = MENU
        self.message = None

    def proceed(self) -> None:
        """Enter: read on, or (after the recap) the next lesson."""
        session = self.tutor.session
        if self.screen == MENU or session is None:
            suggested = self.tutor.menu()[self.tutor.suggested()].lesson.id
            self.open(suggested)
            return
        self.message = None
        if session.pause == "say":
            session.proceed()
            self.tutor.save()
        elif session.pause == "ask":
            # Enter alone never answers: as in the terminal, the learner picks a choice.
            self.message = (N_("Choose an answer first: tap it, press its number, or the "
                               "arrows then Enter."), {})
        else:
            self.next()

    def review(self) -> None:
        """Start the review of what is due (the menu says when nothing is)."""
        if self.tutor.session is not None:
            self.tutor.close()
        if self.tutor.open_review() is None:
            self.screen = MENU
            # TRANSLATORS: Same role as in the terminal's tutor: a message in the list.
            self.message = (N_("Nothing to review now."), {})
            return
        self.screen = LESSON
        self.message = None

    def _next_review(self) -> None:
        if self.tutor.next_review() is None:
            self.screen = MENU
            # TRANSLATORS: Same role as in the terminal's tutor: a message in the list.
            self.message = (N_("The review is over for now."), {})
            return
        self.message = None

    def next(self) -> None:
        """After the recap: the next lesson, or the menu after the last one; in the
        review, its next question or exercise."""
        session = self.tutor.session
        if session is None:
            return
        self.tutor.save()
        if session.unit is not None:
            self._next_review()
            return
        following = self.tutor.next_lesson(session.lesson.id)
        if following is None:
            self.menu()
            # TRANSLATORS: Same role as in the terminal's tutor: a message under the lesson.
            self.message = (N_("You have reached the end of the lessons. Well flown!"), {})
            return
        self.open(following.id)

    def choose(self, position: int) -> None:
        session = self.tutor.session
        if session is None:
            return
        if session.pause == "say":
            self.message = (N_("Read on first: tap Continue, or press Enter."), {})
            return
        if session.choose(position) is not None:
            self.message = None
            self.tutor.save()

    def hint(self) -> None:
        session = self.tutor.session
        if session is None or session.pause != "ask":
            return
        if session.hint():
            self.message = None
        else:
            # TRANSLATORS: Same role as in the terminal's tutor: a message under the lesson.
            self.message = (N_("No more hints for this question."), {})

    def undo(self) -> None:
        session = self.tutor.session
        if session is None:
            return
        if session.undo():
            self.tutor.save()
            self.message = (N_("Undone: you are back at your last decision."), {})
        else:
            self.message = (N_("There is nothing to undo yet."), {})

    def restart(self) -> None:
        session = self.tutor.session
        if session is None:
            return
        session.restart()
        self.tutor.save()
        # TRANSLATORS: Same role as in the terminal's tutor: a message under the lesson.
        self.message = (N_("The lesson starts again from the beginning."), {})

    def skip(self) -> None:
        session = self.tutor.session
        if session is not None and session.unit is not None:
            self._next_review()  # skipped: it stays due
            return
        next_id = self.tutor.skip()
        if next_id is None:
            self.screen = MENU
            # TRANSLATORS: Same role as in the terminal's tutor: a message under the lesson.
            self.message = (N_("That was the last lesson."), {})
            return
        self.open(next_id)

    def language(self, code: str) -> None:
        """Another language: the same place, drawn again (the session knows no language)."""
        if code in LANGUAGES:
            self.tutor.set_language(code)

    def import_progress(self, text: str, name: str) -> None:
        """Take in a progress file (the terminal's ``progress.json`` or one saved here):
        each lesson's newer entry wins and a ✓ once earned stays, as when two windows
        merge."""
        folder = self.path.parent / "import"
        folder.mkdir(exist_ok=True)
        candidate = folder / "progress.json"
        candidate.write_text(text, encoding="utf-8")
        loaded = Progress(candidate)
        for leftover in folder.iterdir():
            leftover.unlink()
        if loaded.notice is not None:
            if loaded.read_only:
                self.message = (N_("The file {name} was saved by a newer version of Celestia: "
                                   "it cannot be loaded here."), {"name": name})
            else:
                reason = loaded.notice[1].get("reason")
                self.message = (N_("The file {name} could not be loaded: {reason}"),
                                {"name": name, "reason": reason})
            return
        # The file plays "another window that saved": merged in by this window's save,
        # after what the browser holds (another tab's saves) is taken in first.
        if self.tutor.session is not None:
            self.tutor.close()
            self.screen = MENU
        self.tutor.progress.save()
        self.path.write_text(text, encoding="utf-8")
        self.tutor.progress.save()
        count = len(loaded.lessons)
        self.message = (ngettext("Progress loaded from {name}: {n} lesson.",
                                 "Progress loaded from {name}: {n} lessons.", count),
                        {"name": name, "_n": count})

    def resume_view(self) -> dict[str, Any] | None:
        """The open lesson's screen as the next visit resumes it (the terminal's resume:
        its decisions replayed, no feedback shown), for the page to show at once on a
        reload while the engine loads; None when no lesson is under way."""
        session = self.tutor.session
        if session is None or session.finished or not session.inputs:
            return None
        again = Tutor(self.tutor.lessons, self.tutor.progress, self.tutor.language)
        again.open(session.lesson.id, resume=True)
        return view.lesson_view(again)

    def export(self) -> str:
        """The progress file's text, as the terminal keeps it."""
        self.tutor.progress.save()
        return self._read() or ""

    # --- The screen -------------------------------------------------------------------------
    def view(self) -> dict[str, Any]:
        tutor = self.tutor
        tr = tutor.tr
        out: dict[str, Any] = {"language": tutor.language, "screen": self.screen,
                               "labels": view.labels(tr), "languages": view.languages(),
                               "menu": view.menu_view(tutor), "lesson": None,
                               "message": self._message_text(tr)}
        if self.screen == LESSON and tutor.session is not None:
            out["lesson"] = view.lesson_view(tutor)
        return out

    def _message_text(self, tr: Translator) -> str:
        if self.message is None:
            return ""
        msgid, params = self.message
        shown = {k: v for k, v in params.items() if not k.startswith("_")}
        if "title" in shown:
            shown["title"] = tr.gettext(shown["title"])
        if isinstance(msgid, tuple):  # a count: (singular, plural), with "_n"
            return tr.nformat(*msgid, params["_n"], **shown)
        return tr.format(msgid, **shown)


#: The one player of the page (the worker runs one at a time).
_LEARN: Learn | None = None
#: Where Pyodide keeps the progress file, in its memory.
STATE = Path("/home/pyodide/celestia")
#: The lessons and glossary as the site's build parsed them (``tutor.web.publish``),
#: beside this module in the page's archive.
PREPARED = Path(__file__).with_name("prepared.pickle")
_LESSONS: list[Lesson] | None = None


def lessons() -> list[Lesson]:
    """The lessons: parsed at build time when the archive has them (the page then parses
    no YAML, which a pure-Python parser does slowly), else read from their files."""
    global _LESSONS
    if _LESSONS is None:
        _LESSONS = _prepared()
    if _LESSONS is None:
        _LESSONS = load_all()
    return _LESSONS


def _prepared() -> list[Lesson] | None:
    try:
        data = pickle.loads(PREPARED.read_bytes())
    except Exception:  # absent (a source tree) or unreadable: the files are read instead
        return None
    found = data.get("lessons") if isinstance(data, dict) else None
    if not isinstance(found, list) or not all(isinstance(x, Lesson) for x in found):
        return None

    concepts = data.get("glossary")
    if isinstance(concepts, tuple) and all(isinstance(c, glossary.Concept) for c in concepts):
        # The glossary's reader parses glossary.yaml once (it is cached): give it what the
        # build parsed instead.
        glossary.concepts = lambda: concepts  # type: ignore[assignment]
    return found


def handle(request: str, folder: Path | None = None) -> str:
    """One action of the page, as JSON in and out (see the module's docstring).

    ``{"op": "start", "args": {"language": "fr", "lesson": "goal", "actions": [...]}}``
    starts the player (and opens a lesson, then takes the actions the page already took
    on its prepared screens: ``Learn.open``; ``"pseudo": true`` in a site built in the
    pseudo-language);
    then ``menu``, ``open`` (``lesson``), ``review``, ``proceed``, ``next``, ``choose``
    (``position``), ``hint``, ``undo``, ``restart``, ``skip``, ``language`` (``code``),
    ``import`` (``text``, ``name``), ``export``, ``view``. After ``choose`` and ``undo``
    the answer also holds ``resume``: the screen a reload resumes the lesson at
    (``Learn.resume_view``). A failure is answered with ``error``, in the page's
    language, never a traceback."""
    global _LEARN
    message = json.loads(request)
    op = message.get("op")
    args = message.get("args") or {}
    stored = message.get("stored")
    answer: dict[str, Any] = {}
    try:
        if op == "start" or _LEARN is None:
            if args.get("pseudo"):
                # A site built in the pseudo-language, to check its layout: English is
                # shown through it, as the build showed the prepared screens.
                use_pseudo()
            _LEARN = Learn(args.get("language", LANGUAGES[0]), folder or STATE, stored,
                           lessons())
            if args.get("lesson"):
                actions = args.get("actions")
                _LEARN.open(str(args["lesson"]), int(args.get("proceeds", 0)),
                            actions if isinstance(actions, list) else ())
        else:
            learn = _LEARN
            learn._disk(stored)
            _run(learn, op, args, answer)
        learn = _LEARN
        answer["view"] = learn.view()
        answer["stored"] = learn._read()
        if learn.aside is not None:
            answer["aside"], learn.aside = learn.aside, None
    except CelestiaError as err:
        tr = _LEARN.tutor.tr if _LEARN is not None else Translator(LANGUAGES[0])
        answer = {"error": tr.message(err)}
    return json.dumps(answer, ensure_ascii=False)


def _run(learn: Learn, op: str, args: dict[str, Any], answer: dict[str, Any]) -> None:
    if op == "menu":
        learn.menu()
    elif op == "open":
        learn.open(str(args["lesson"]), int(args.get("proceeds", 0)))
    elif op == "proceed":
        learn.proceed()
    elif op == "next":
        learn.next()
    elif op == "review":
        learn.review()
    elif op == "choose":
        learn.choose(int(args["position"]))
        answer["resume"] = learn.resume_view()
    elif op == "hint":
        learn.hint()
    elif op == "undo":
        learn.undo()
        answer["resume"] = learn.resume_view()
    elif op == "restart":
        learn.restart()
    elif op == "skip":
        learn.skip()
    elif op == "language":
        learn.language(str(args["code"]))
    elif op == "import":
        learn.import_progress(str(args["text"]), str(args.get("name", "")))
    elif op == "export":
        answer["export"] = learn.export()
