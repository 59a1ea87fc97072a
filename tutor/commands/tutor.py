"""``celestia tutor``: learn the game through short guided lessons."""

from __future__ import annotations

import argparse
import os
import sys

from ..content.terminal import MAX_WIDTH
from ..engine.messages import N_, CelestiaError
from ..i18n import Translator, known_language
from ..lessons.errors import LessonError
from ..lessons.library import check_all, find_lesson, load_all
from ..std_streams import require_input

HELP = N_("learn to play through short guided lessons (the interactive tutor)")


def configure(parser: argparse.ArgumentParser, tr: Translator) -> None:
    _ = tr.gettext
    # TRANSLATORS: Same role in every command: the placeholder for an id in a command's usage.
    parser.add_argument("--lesson", metavar=_("ID"),
                        help=_("open this lesson (with --transcript: print it)"))
    parser.add_argument("--transcript", action="store_true",
                        help=_("print the lesson's whole narration, answered with its accepted "
                               "answers, instead of starting the app"))
    parser.add_argument("--check", action="store_true",
                        help=_("check every lesson: format, ids, prerequisites, translations, "
                               "that every move plays on the engine, no answer on screen "
                               "before its question, taught before asked, goals judged on "
                               "what the learner sees"))
    parser.add_argument("--review", action="store_true",
                        help=_("review what you got wrong in earlier sessions, when it is due "
                               "(spaced repetition)"))
    parser.add_argument("--list", action="store_true", help=_("list the lessons and exit"))


# TRANSLATORS: the last row of the table of lessons (tutor --check): the course's totals.
IN_ALL = N_("In all")
# TRANSLATORS: a column of tutor --check: moves of the learner's seat that the lesson
# plays for them (must be 0). Keep it short.
MADE_FOR_THEM = N_("Made for them")


class TutorError(CelestiaError):
    """A request the tutor cannot serve."""


def _check(tr: Translator) -> int:
    """Check every lesson; print what each asks of the learner, then any problem."""
    # start-up: the tutor's first screen (benchmarks/tutor.py)
    from ..lessons.render import describe_error

    report = check_all()
    if report.lessons:
        for line in _counts_table(report, tr):
            print(line)
    for err in report.errors:
        print(describe_error(err, tr), file=sys.stderr)
    if report.errors:
        print(tr.nformat("{n} problem found.", "{n} problems found.", len(report.errors)),
              file=sys.stderr)
        return 1
    print(tr.nformat("{n} lesson checked: it plays on the engine in every language.",
                     "{n} lessons checked: they play on the engine in every language.",
                     len(report.lessons)))
    return 0


def _counts_table(report, tr: Translator) -> list[str]:
    """One row per lesson, and the course's totals: ideas taught, exercises, the learner's
    decisions as the lesson is played, moves of the learner's seat made for them, quiz
    questions, goals."""
    _ = tr.gettext
    headers = [_(N_("Lesson")), _(N_("Ideas")), _(N_("Exercises")), _(N_("Decisions")),
               _(MADE_FOR_THEM), _(N_("Questions")), _(N_("Goals"))]

    def cells(c) -> list[str]:
        return [str(c.ideas), str(c.exercises), str(c.decisions), str(c.automatic),
                str(c.questions), str(c.goals)]

    rows = [[f"{number:2}. {lesson.id}", *cells(c)]
            for number, (lesson, c) in enumerate(report.lessons, start=1)]
    rows.append([_(IN_ALL), *cells(report.total)])
    heads = [[h] for h in headers]
    table = _table(heads, rows)
    if max(map(len, table)) > MAX_WIDTH:
        # A translated header too wide for a terminal ("Joués à sa place") takes two lines.
        heads = [heads[0], *[_halves(h) for h in headers[1:]]]
        table = _table(heads, rows)
    if max(map(len, table)) > MAX_WIDTH:
        table = _table(heads, rows, gap=" ")
    return table


def _halves(header: str) -> list[str]:
    """``header`` on two lines, cut at the space nearest its middle (one line if none)."""
    spaces = [i for i, ch in enumerate(header) if ch == " "]
    if not spaces:
        return [header]
    cut = min(spaces, key=lambda i: abs(len(header) - 2 * i))
    return [header[:cut], header[cut + 1:]]


def _table(heads: list[list[str]], rows: list[list[str]], gap: str = "  ") -> list[str]:
    """The header lines, a rule, the rows but the last, a rule and the last row."""
    depth = max(len(h) for h in heads)
    # A short header sits on the lower line, beside the last line of the others.
    lines = [[""] * (depth - len(h)) + h for h in heads]
    widths = [max(len(cell) for cell in [*lines[i], *(row[i] for row in rows)])
              for i in range(len(heads))]

    def line(row: list[str]) -> str:
        return gap.join([row[0].ljust(widths[0])]
                        + [cell.rjust(width) for cell, width in zip(row[1:], widths[1:],
                                                                   strict=True)]).rstrip()

    header = [line([column[k] for column in lines]) for k in range(depth)]
    rule = "-" * max(len(text) for text in [*header, *(line(row) for row in rows)])
    return [*header, rule, *[line(row) for row in rows[:-1]], rule, line(rows[-1])]


def run(args: argparse.Namespace, tr: Translator) -> int:
    try:
        if args.check:
            return _check(tr)
        lessons = load_all()
        if args.list:
            for lesson in lessons:
                print(f"{lesson.id:<20} {tr.gettext(lesson.title)}")
            return 0
        if args.transcript:
            if not args.lesson:
                raise TutorError(N_("--transcript needs --lesson ID (see --list)."))
            # start-up: the tutor's first screen (benchmarks/tutor.py)
            from ..lessons.transcript import transcript

            lesson = find_lesson(lessons, args.lesson)
            print("\n".join(transcript(lesson, tr)))
            return 0
        require_input()
        if not (sys.stdin.isatty() and sys.stdout.isatty()):
            raise TutorError(N_("The tutor needs an interactive terminal. To read a lesson "
                                "without one, use: celestia tutor --lesson ID --transcript"))
        # start-up: `celestia --help` imports every command's module (benchmarks/lookup.py)
        from ..app.main import run_app

        # An unknown CELESTIA_LANG was set aside (with a word) when the program started.
        chosen = bool(args.lang) or known_language(os.environ.get("CELESTIA_LANG"))
        return run_app(lessons, tr, explicit_language=chosen, lesson_id=args.lesson,
                       review=args.review)
    except LessonError as err:
        # Imported only here: the lesson runner it brings is not needed for the menu.
        # start-up: the tutor's first screen (benchmarks/tutor.py)
        from ..lessons.render import describe_error

        print(describe_error(err, tr), file=sys.stderr)
        return 2
