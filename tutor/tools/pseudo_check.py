"""Every command's output in the pseudo-language, at 80 columns: each line fits, and every
word comes from a catalog (``tutor.pseudo``).

    CELESTIA_PSEUDO=1 python -m tutor.tools.pseudo_check

runs each command (its help, and real runs: rules, FAQ, glossary, odds, simulate, a
practice game, a score sheet, a replay, every lesson's transcript) with ``--lang qps`` in
this process, and prints every line longer than 80 columns and every word outside the
brackets of a catalog's message, with the command that printed it; exit 1 if any. What
people type or copy (options, commands, numbers, paths, names) is not text to translate.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from .. import pseudo

COLUMNS = 80
#: What a screen shows that is not a catalog's text: options and commands typed, language
#: codes, paths, numbers, the bots' and the players' names, the game's name.
NOT_TEXT = re.compile(
    r"(?<![\w-])--?[\w-]+|\bcelestia(?: [a-z]+)?\b|\{en,fr,hu\}|(?:[\w.-]*/)+[\w.-]*"
    r"|\b(?:Nimbus|Cirrus|Stratus|Cumulus|Altus|Ada|Bruno|Ann|Bob|Celestia|qps|en|fr|hu)\b"
    r"|\x1b\[[0-9;]*m|\b\d[\w.,:]*")
WORD = re.compile(r"[^\W\d_]{2,}")


def runs(folder: Path) -> Iterator[list[str]]:
    """The command lines to run (without --lang)."""
    from ..cli import COMMANDS
    from ..lessons.library import load_all

    yield ["--help"]
    for name in COMMANDS:
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
    from ..cli import main

    out = io.StringIO()
    old_stdin = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out), \
                contextlib.suppress(SystemExit):
            main([*argv, "--lang", "qps"])
    finally:
        sys.stdin = old_stdin
    return out.getvalue()


def problems(text: str) -> list[str]:
    """Lines too long, and words outside any catalog's message."""
    found = [f"{len(line)} columns: {line!r}" for line in text.splitlines()
             if len(line) > COLUMNS]
    outside = NOT_TEXT.sub(" ", pseudo.outside_brackets(text))
    found += [f"not from a catalog: {word!r}" for word in dict.fromkeys(WORD.findall(outside))]
    return found


def check() -> list[str]:
    os.environ["COLUMNS"] = str(COLUMNS)
    os.environ["CELESTIA_PSEUDO"] = "1"
    report = []
    with tempfile.TemporaryDirectory() as folder:
        for argv in runs(Path(folder)):
            report += [f"celestia {' '.join(argv)}: {p}" for p in problems(run(argv))]
    return report


def main() -> int:
    report = check()
    print("\n".join(report) or f"Every command fits {COLUMNS} columns in the "
          "pseudo-language, every word from a catalog.")
    return 1 if report else 0


if __name__ == "__main__":
    sys.exit(main())
