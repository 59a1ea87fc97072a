"""Every command's output in the pseudo-language, at 80 columns: each line fits, and every
word comes from a catalog (``tutor.pseudo``).

    CELESTIA_PSEUDO=1 python -m tutor.tools.pseudo_check

runs each command (its help, and real runs: rules, FAQ, glossary, odds, simulate, a
practice game, a score sheet, a replay, every lesson's transcript) with ``--lang qps`` in
this process, and prints every line longer than 80 columns and every word outside the
brackets of a catalog's message, with the command that printed it; exit 1 if any. What
people type or copy (options, commands, numbers, paths, names) is not text to translate.

Then it plays every lesson in the full-screen tutor, drawn at 80x24 by the real app and
its layout (``tutor.tools.app_screen``), with the lesson's accepted answers: every screen
shows only the catalogs' words, and the text being read, the question with each of its
choices and the feedback to each answer are whole on the screen.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import sys
import tempfile
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from babel import Locale

from .. import cli, i18n, pseudo
from ..app.main import make_tutor
from ..glossary import concepts
from ..lessons.library import load_all
from ..lessons.render import render_entry
from ..lessons.runner import first_answer
from .app_screen import AppScreen

COLUMNS = 80
#: The full-screen tutor's screens are checked at 80x24, the smallest usual terminal.
ROWS = 24
#: What a screen shows that is not a catalog's text: options and commands typed, language
#: codes, paths, numbers, the bots' and the players' names, the game's name.
NOT_TEXT = re.compile(
    r"(?<![\w-])--?[\w-]+|\bcelestia(?: [a-z]+)?\b|\{en,fr,hu\}|(?:[\w.-]*/)+[\w.-]*"
    r"|\b(?:Nimbus|Cirrus|Stratus|Cumulus|Altus|Ada|Bruno|Ann|Bob|Celestia|qps|en|fr|hu)\b"
    r"|\x1b\[[0-9;]*m|\b\d[\w.,:]*")
WORD = re.compile(r"[^\W\d_]{2,}")
#: An identifier that starts a line of a list (a lesson's, an FAQ entry's, a command's).
IDENT = re.compile(r"^[ \t]*[a-z0-9][a-z0-9.-]*(?=[ \t]{2,}|$)|\{[a-z,]+\}", re.MULTILINE)


@cache
def _data_words() -> frozenset[str]:
    """Words shown as data, not as messages: every language's glossary terms (celestia
    glossary shows the three), the languages' names (from CLDR), the commands' names."""
    words = {w for c in concepts() for terms in c.terms.values() for t in terms
             for w in WORD.findall(t)}
    words |= {Locale.parse("en").languages[code] for code in ("en", "fr", "hu")}
    # The lessons' characters, at the table and on the board.
    words |= {name for lesson in load_all() for name in lesson.seats}
    # The words of lists ("a, b and c") come from CLDR with the numbers' formats.
    return frozenset(words | set(cli.COMMANDS) | {"and", "or"})


#: Commands whose output does not pass yet, and why: reported, not failed, until fixed
#: (then remove them: tests/i18n/test_pseudo.py fails on a known one that passes).
KNOWN = {
    "odds": "the advice and assumptions are printed as long unwrapped lines",
    "play": "a game without a screen prints the coach's sentences unwrapped",
    "simulate": "the summary's lines are printed unwrapped",
    "replay": "the record's sentences are printed unwrapped",
    "score": "the sheet's rows and the help's sample file are laid out by hand",
    "tutor --list": "a lesson's id and title on one line exceed 80 columns",
}


def known(argv: list[str]) -> str | None:
    """Why ``argv``'s output is known not to pass yet, or None."""
    name = " ".join(argv[:2]) if argv[1:2] == ["--list"] else argv[0]
    if argv[-1] == "--help" and name != "score":
        return None
    return KNOWN.get(name)


def runs(folder: Path) -> Iterator[list[str]]:
    """The command lines to run (without --lang)."""
    yield ["--help"]
    for name in cli.COMMANDS:
        yield [name, "--help"]
    game = str(folder / "game.json")
    yield from (
        ["rules"], ["rules", "--about"], ["faq", "--list"], ["faq", "jetpack"],
        ["glossary"], ["glossary", "compass"],
        ["odds", "--city", "4", "--dice", "fog,pirates", "--hand", "compass,turbo"],
        ["odds", "--city", "20", "--dice", "fog,fog,pirates,birds", "--crash",
         "--treasures", "1:spyglass"],
        ["simulate", "--games", "3", "--players", "3"],
        ["play", "--batch", "--seed", "3", "--new", "--save", game, "--board", "--coach"],
        ["replay", game],
        ["score", "--player", "Ann:25,20,4", "--player", "Bob:15,12"],
        ["tutor", "--list"],
    )
    for lesson in load_all():
        yield ["tutor", "--lesson", lesson.id, "--transcript"]


def run(argv: list[str], stdin: str = "1\n1\n1\n1\n1\n") -> str:
    """What ``celestia ARGV --lang qps`` prints (both streams)."""
    out = io.StringIO()
    old_stdin = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out), \
                contextlib.suppress(SystemExit):
            cli.main([*argv, "--lang", "qps"])
    finally:
        sys.stdin = old_stdin
    return out.getvalue()


def outside_words(text: str) -> list[str]:
    """The words of ``text`` outside any catalog's message, once each, leaving out what is
    typed or copied (options, commands, paths, identifiers), numbers and names."""
    outside = NOT_TEXT.sub(" ", IDENT.sub(" ", pseudo.outside_brackets(text)))
    return list(dict.fromkeys(WORD.findall(outside)))


def foreign_words(text: str) -> list[str]:
    """The words of ``text`` outside any catalog's message that are not data (once each)."""
    data = _data_words()
    return [word for word in outside_words(text) if word not in data]


def problems(text: str) -> list[str]:
    """Lines too long, and words outside any catalog's message."""
    found = [f"{len(line)} columns: {line!r}" for line in text.splitlines()
             if len(line) > COLUMNS]
    return found + [f"not from a catalog: {word!r}" for word in foreign_words(text)]


def _squashed(text: str) -> str:
    return "".join(text.split())


def _tutor() -> Any:
    return make_tutor(load_all(), i18n.Translator(i18n.pick_language("qps")),
                      explicit_language=True)


def menu_screen() -> str:
    """The tutor's menu at 80x24."""
    return AppScreen(_tutor(), None, ROWS, COLUMNS).text()


def lesson_screens(lesson_id: str) -> Iterator[tuple[str, list[str]]]:
    """Each screen of the lesson in the tutor app at 80x24, played with its accepted
    answers, with the texts that must be whole on it: the text being read, or the
    question and its numbered choices, and after an answer its feedback."""
    tutor: Any = _tutor()
    app = AppScreen(tutor, lesson_id, ROWS, COLUMNS)
    session = tutor.session
    tr = tutor.lesson_tr()
    solutions: dict[str, list[str]] = {}
    for _ in range(5000):  # more than any lesson's screens
        if session.finished:
            yield app.text(), []
            return
        if session.pause == "say":
            said = [entry for entry in session.page() if entry.kind == "say"]
            yield app.text(), [render_entry(said[-1], tr)] if said else []
            app.send("\r")
            continue
        options = session.options()
        yield app.text(), [render_entry(session.question(), tr)] + [
            f"{n}. {option.label.render(tr)}" for n, option in enumerate(options, start=1)]
        key = first_answer(session.active, solutions=solutions)
        app.send(str(next(i for i, o in enumerate(options) if o.key == key) + 1))
        yield app.text(), [render_entry(entry, tr) for entry in session.feedback()]
    raise RuntimeError(f"the lesson {lesson_id} did not end")


def screen_problems(screen: str, whole: list[str]) -> list[str]:
    """Words of ``screen`` outside any catalog's message, and texts of ``whole`` that do
    not show whole on it (cut, or pushed off the screen)."""
    found = problems(screen)  # no line is longer than the screen: what does not fit is cut
    squashed = _squashed(screen)
    found += [f"not whole at {COLUMNS}x{ROWS}: {text!r}" for text in whole
              if _squashed(text) not in squashed]
    return found


def check() -> tuple[list[str], list[str]]:
    """The problems found, and the known ones (of the commands in ``KNOWN``)."""
    os.environ["COLUMNS"] = str(COLUMNS)
    os.environ["CELESTIA_PSEUDO"] = "1"
    report: list[str] = []
    held: list[str] = []
    saved_state = os.environ.get("CELESTIA_STATE_DIR")
    with tempfile.TemporaryDirectory() as folder:
        # The tutor saves progress as it goes: never into the user's own state folder.
        os.environ["CELESTIA_STATE_DIR"] = str(Path(folder) / "state")
        try:
            for argv in runs(Path(folder)):
                found = [f"celestia {' '.join(argv)}: {p}" for p in problems(run(argv))]
                (held if known(argv) else report).extend(found)
            report += [f"celestia tutor (the menu at {COLUMNS}x{ROWS}): {p}"
                       for p in screen_problems(menu_screen(), [])]
            for lesson in load_all():
                seen: set[str] = set()
                for screen, whole in lesson_screens(lesson.id):
                    for problem in screen_problems(screen, whole):
                        if problem not in seen:
                            seen.add(problem)
                            report.append(f"celestia tutor --lesson {lesson.id} "
                                          f"(the app at {COLUMNS}x{ROWS}): {problem}")
        finally:
            if saved_state is None:
                os.environ.pop("CELESTIA_STATE_DIR", None)
            else:
                os.environ["CELESTIA_STATE_DIR"] = saved_state
    return report, held


def main() -> int:
    report, held = check()
    if held:
        print(f"Known, not yet fixed ({len(held)} lines; tutor.tools.pseudo_check.KNOWN):")
        print("\n".join(f"  {line[:150]}" for line in held))
    print("\n".join(report) or f"Every other command fits {COLUMNS} columns, and every "
          f"screen of the tutor's menu and lessons {COLUMNS}x{ROWS}, in the pseudo-language; "
          "every word from a catalog.")
    return 1 if report else 0


if __name__ == "__main__":
    sys.exit(main())
