"""The tutor's lines that need no prompt-toolkit: the header, the menu of lessons with the
notes under it, and the menu's footer, as ``(style, text)`` pairs for a given width.

The app lays them out (``layout``); ``first_frame`` draws the same lines before
prompt-toolkit is even imported, so that the menu shows at once.
"""

from __future__ import annotations

from ..content.terminal import wrap as terminal_wrap
from ..engine.messages import N_
from ..i18n import LANGUAGE_NAMES, Translator
from ..lessons.controller import DONE, PRACTISE, STARTED, Tutor
from .style import cls

#: A message on screen: a msgid and its parameters (``title`` is translated when shown;
#: parameters starting with ``_`` are not for the text).
Message = tuple[str, dict]
Line = tuple[str, str]

# TRANSLATORS: a key and what it does, in the footer of the menu, a lesson and its recap.
KEY_LANGUAGE = N_("l language")
# TRANSLATORS: a key and what it does, in the footer of the menu and of a lesson.
KEY_LOOKUP = N_("? look up")


def stars_text(stars: int) -> str:
    return "★" * stars + "☆" * (3 - stars) if stars else "   "


def wrap(text: str, width: int, indent: str = "") -> list[str]:
    """``text`` in lines of ``width``, broken at spaces only: never inside "Gardez-le" or
    "Longue-vue", nor between a number and the word it counts (``terminal.wrap``)."""
    return terminal_wrap(text, max(10, width), indent,
                         indent + ("  " if indent else "")) or [""]


def opening_message(tutor: Tutor) -> Message | None:
    """What the menu says when the tutor opens: the progress file's notice (e.g. a damaged
    file set aside), else an offer to resume the lesson left unfinished."""
    notice = tutor.progress.notice
    if notice is not None:
        return notice
    resumable = tutor.resumable()
    if resumable is not None:
        return (N_("Welcome back! Press Enter to resume “{title}” where you left off."),
                {"title": resumable.title, "_title": True})
    return None


def message_text(tr: Translator, message: Message | None) -> str:
    if message is None:
        return ""
    msgid, params = message
    params = {k: v for k, v in params.items() if not k.startswith("_")}
    if "title" in params:
        params["title"] = tr.gettext(params["title"])
    return tr.format(msgid, **params)


def header(tutor: Tutor, width: int, in_menu: bool) -> list[Line]:
    """The top line: the menu's or the lesson's title, where the learner stands, and the
    language."""
    tr = tutor.tr
    language = LANGUAGE_NAMES[tutor.language]
    session = tutor.session
    if in_menu or session is None:
        done, total = tutor.counts()
        title = tr.gettext(N_("Celestia — guided lessons"))
        counter = tr.format(N_("{done} of {total} finished"), done=done, total=total)
    elif session.unit is not None:
        # TRANSLATORS: Same role on the page: the title of a review item.
        title = tr.format(N_("Review: {title}"), title=tr.gettext(session.lesson.title))
        # TRANSLATORS: Same role on the page: where the review stands (item 2 of 5).
        counter = tr.format(N_("{number} of {total}"), number=tutor.review_done(),
                            total=tutor.review_total)
    else:
        title = tr.gettext(session.lesson.title)
        if session.in_review:
            counter = tr.format(N_("review: {count} left"), count=session.reviews_left())
        elif session.finished:
            counter = tr.gettext(N_("complete"))
        else:
            done, total = session.progress()
            counter = tr.format(N_("question {number} of {total}"),
                                number=min(done + 1, total), total=total)
    right = f"{language} "
    room = width - len(right)
    left = f" {title} · {counter}"
    if len(left) >= room:
        # The title gives way (shortened with "…"), so that where the learner stands
        # ("question 3 of 6", "complete") is read whole.
        keep = room - len(f" … · {counter}") - 1
        left = f" {title[:keep].rstrip()}… · {counter}" if keep >= 8 else left[:room - 1]
    return [("class:header", left.ljust(room) + right)]


def fitting(keys: list[str], spare: tuple[int, ...], width: int) -> str:
    """Keys joined with " · ", leaving out the ``spare`` ones (by position, in that order)
    while they do not fit ``width``."""
    shown = list(keys)
    for index in spare:
        if len(" · ".join(shown)) <= width:
            break
        shown.remove(keys[index])
    return " · ".join(shown)


def footer(style: str, text: str, width: int) -> list[Line]:
    return [(style, (" " + text)[:width].ljust(width))]


def menu_footer(tutor: Tutor, width: int) -> list[Line]:
    tr = tutor.tr
    count = len(tutor.lessons)
    # Two digits typed at once pick lessons 10 and up: the footer shows how.
    choose = tr.format(N_("↑↓ or 1–{last} choose (1 2 → 12)") if count >= 12 else
                       N_("↑↓ or 1–{last} choose"), last=count)
    text = fitting([choose, tr.gettext(N_("Enter open")), tr.gettext(KEY_LANGUAGE),
                    tr.gettext(KEY_LOOKUP), tr.gettext(N_("q quit"))], spare=(3, 2),
                   width=width - 1)
    return footer("class:footer", text, width)


def menu(tutor: Tutor, index: int, width: int, colour: bool) -> list[Line]:
    """The list of lessons, one line each, then the review; the one at ``index``
    selected. A lesson finished with one star is to practise again (↻): it does not
    count as learned."""
    tr = tutor.tr
    out = []
    for i, item in enumerate(tutor.menu()):
        mark = {DONE: "✓", STARTED: "…", PRACTISE: "↻"}.get(item.status, " ")
        line = f" {mark} {stars_text(item.stars)} {i + 1:2}. {tr.gettext(item.lesson.title)}"
        if item.status == STARTED:
            line += "  " + tr.gettext(N_("(in progress)"))
        elif item.status == PRACTISE:
            line += "  " + tr.gettext(N_("(to practise again)"))
        out.append(_menu_line(line, i == index, width,
                              cls("done", colour) if item.status == DONE else ""))
    due = len(tutor.due_reviews())
    out.append(_menu_line(f" ⟳       {tutor.review_title()}", index == len(tutor.lessons),
                          width, cls("hint", colour) if due else ""))
    return out


def _menu_line(line: str, selected: bool, width: int, style: str) -> Line:
    line = line[:width]
    return ("class:selected", line.ljust(width)) if selected else (style, line)


def menu_notes(tutor: Tutor, index: int, message: Message | None, width: int,
               colour: bool) -> list[Line]:
    """Under the list: the selected lesson's summary, advice, and any message; each line
    starts with a space."""
    tr = tutor.tr
    width -= 2
    items = tutor.menu()
    lines: list[Line] = []
    if index >= len(items):
        lines += [("", w) for w in wrap(tutor.review_note(), width)]
    elif items:
        selected = items[index]
        lines += [("", w) for w in wrap(tr.gettext(selected.lesson.summary), width)]
        if selected.advise_earlier:
            advice = tr.gettext(N_("Tip: this lesson builds on earlier ones; you may want to "
                                   "do those first."))
            lines += [(cls("hint", colour), w) for w in wrap(advice, width)]
    text = message_text(tr, message)
    if text:
        lines += [(cls("notice", colour), w) for w in wrap(text, width)]
    return [(style, " " + line) for style, line in lines]


def menu_rows(tutor: Tutor, index: int, message: Message | None, width: int, height: int,
              colour: bool) -> list[list[Line]] | None:
    """The whole menu screen, row by row, as the app lays it out: the header, as much of
    the list as fits (scrolled just enough to show the selection), a rule, the notes and
    a blank line, the footer. None when the screen is too small for the list."""
    notes = menu_notes(tutor, index, message, width, colour)
    room = height - 3 - (len(notes) + 1)
    if room < 1 or width < 20:
        return None
    listed = menu(tutor, index, width, colour)
    top = max(0, index + 1 - room)
    shown = [[line] for line in listed[top:top + room]]
    shown += [[]] * (room - len(shown))
    return [header(tutor, width, in_menu=True), *shown, [("class:rule", "─" * width)],
            *[[line] for line in notes], [], menu_footer(tutor, width)]
