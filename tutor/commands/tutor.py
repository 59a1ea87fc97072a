"""``celestia tutor``: learn the game through short guided lessons."""

from __future__ import annotations

import argparse
import os
import sys

from ..engine.messages import N_, CelestiaError
from ..i18n import Translator

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
                               "and that every move plays on the engine"))
    parser.add_argument("--list", action="store_true", help=_("list the lessons and exit"))


class TutorError(CelestiaError):
    """A request the tutor cannot serve."""


def _check(tr: Translator) -> int:
    from ..lessons.library import MIN_MOVES_IN_COURSE, check_all
    from ..lessons.render import describe_error

    lessons, errors, counts = check_all()
    for err in errors:
        print(describe_error(err, tr), file=sys.stderr)
    if errors:
        print(tr.nformat("{n} lesson has a problem.", "{n} lessons have a problem.",
                         len(errors)), file=sys.stderr)
        return 1
    print(tr.nformat("{n} lesson checked: it plays on the engine in every language.",
                     "{n} lessons checked: they play on the engine in every language.",
                     len(lessons)))
    print(tr.format(N_("The learner makes {moves} moves, answers {questions} questions and "
                       "reaches {goals} goals."), moves=counts.moves,
                    questions=counts.questions, goals=counts.goals))
    if counts.moves < MIN_MOVES_IN_COURSE:
        print(tr.format(N_("Too few moves for the learner: the course needs at least {count}."),
                        count=MIN_MOVES_IN_COURSE), file=sys.stderr)
        return 1
    return 0


def run(args: argparse.Namespace, tr: Translator) -> int:
    from ..lessons.errors import LessonError
    from ..lessons.render import describe_error

    try:
        if args.check:
            return _check(tr)
        from ..lessons.library import load_all

        lessons = load_all()
        if args.list:
            for lesson in lessons:
                print(f"{lesson.id:<20} {tr.gettext(lesson.title)}")
            return 0
        if args.transcript:
            if not args.lesson:
                raise TutorError(N_("--transcript needs --lesson ID (see --list)."))
            from ..lessons.library import find_lesson
            from ..lessons.transcript import transcript

            lesson = find_lesson(lessons, args.lesson)
            print("\n".join(transcript(lesson, tr)))
            return 0
        if not (sys.stdin.isatty() and sys.stdout.isatty()):
            raise TutorError(N_("The tutor needs an interactive terminal. To read a lesson "
                                "without one, use: celestia tutor --lesson ID --transcript"))
        from ..app.main import run_app

        chosen = bool(args.lang or os.environ.get("CELESTIA_LANG"))
        return run_app(lessons, tr, explicit_language=chosen, lesson_id=args.lesson)
    except LessonError as err:
        print(describe_error(err, tr), file=sys.stderr)
        return 2
