"""A practice game without a screen: moves read line by line (scripts, tests, pipes).

Each line is one of the choices shown, by its number, its words as shown (in any language)
or the engine's action string (``stay``, ``pay compass+turbo``), or a command in any
language (``parse``: ``coach``/``edző`` the odds, ``board`` the board, ``save FILE``,
``quit``/``quitter``/``kilépés``). A wrong line is answered with an error and the same
question; the end of the input saves the game (with ``--save``) and stops.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from ..app.board import board_text
from ..engine import CelestiaError
from ..engine.messages import N_
from ..i18n import LANGUAGES, Translator
from ..inputs import excerpt, whole
from ..names import move_label
from .game import GAME_SAVED, PracticeGame
from .parse import key, read_word, shown
from .saved import check_save_file, saved_lines
from .words import bots_line, summary_lines

#: The commands typed in a game without a screen.
COMMANDS = ("coach", "board", "save", "quit")


def command_list(tr: Translator, style: str = "or") -> str:
    """The commands in the reader's words, as a list: "coach, plateau, enregistrer FICHIER
    ou quitter"."""
    file = tr.gettext(N_("FILE"))  # the usage's placeholder for a file name
    words = [shown("command", c, tr) for c in COMMANDS]
    return tr.join([word + "\u00a0" + file if c == "save" else word  # never parted
                    for c, word in zip(COMMANDS, words, strict=True)], style)


def choice_lines(game: PracticeGame, tr: Translator) -> list[str]:
    return [f"  {i}. " + move_label(a, game.state, tr) for i, a in enumerate(game.choices(), 1)]


def coach_text(game: PracticeGame, tr: Translator) -> str:
    """The coach's sentence, then the rest of what it says."""
    advice = game.advice(tr)
    return "\n".join([advice.sentence, *advice.details])


def pick(game: PracticeGame, line: str) -> str | None:
    """The action a line names (a choice number, its words as shown in any language, or an
    action string), or None."""
    choices = game.choices()
    text = " ".join(line.split())
    number = whole(text, 1, len(choices))
    if number is not None:
        return choices[number - 1]
    if text in choices:
        return text
    typed = key(text)
    for language in LANGUAGES:
        tr = Translator(language)
        for action in choices:
            if key(move_label(action, game.state, tr)) == typed:
                return action
    return None


class _Saver:
    """Saves after every move; a failure is said once, and the last save looks for
    another place (see ``saved.saved_lines``) so that the game is never lost unsaid."""

    def __init__(self, game: PracticeGame, path: Path | None, write: Callable[[str], None],
                 tr: Translator) -> None:
        self.game, self.path, self.write, self.tr = game, path, write, tr
        self.failed = False

    def after_move(self) -> None:
        if self.path is None:
            return
        try:
            self.game.save(self.path)
            self.failed = False
        except CelestiaError as err:
            if not self.failed:
                self.write(self.tr.message(err))
            self.failed = True

    def last(self) -> None:
        if self.path is None:
            return

        for line in saved_lines(self.game, self.path, self.tr, summary=False):
            self.write(line)


def run_batch(game: PracticeGame, lines: Iterable[str], write: Callable[[str], None],
              tr: Translator, save_path: Path | None = None, coach: bool = False,
              board: bool = False) -> int:
    """Play from ``lines``; returns 0 at the end of the game, 1 if the input ran out or
    could not be read further (a line that is not text: said, and the game saved)."""
    saver = _Saver(game, save_path, write, tr)
    write(bots_line(game, tr))
    told = len(game.log)
    for event in game.log:
        write(tr.message(event))
    source = iter(lines)
    while not game.over:
        if board:
            write(board_text(game.state, game.learner, tr))
        if coach:
            write(coach_text(game, tr))
        # TRANSLATORS: Same role in every view of a practice game: the title of the choices.
        title = N_("Your choices:")
        write(tr.gettext(title))
        write("\n".join(choice_lines(game, tr)))
        try:
            line = next(source, None)
        except CelestiaError as err:   # a line that is not text, an input that is closed
            write(tr.message(err))
            saver.last()   # as at the end of the input: the game is kept, unfinished
            return 1
        text = "quit" if line is None else line.strip()
        word, _, rest = text.partition(" ")
        command = read_word(word, "command")
        if command == "quit":
            saver.last()
            return 1
        if command == "coach":
            write(coach_text(game, tr))
            continue
        if command == "board":
            write(board_text(game.state, game.learner, tr))
            continue
        if command == "save" and rest.strip():
            target = rest.strip()
            try:
                # The same check as --save: never over a file that is not this game.
                check_save_file(Path(target), game)
                game.save(target)
                write(tr.format(GAME_SAVED, path=target))
            except CelestiaError as err:
                write(tr.message(err))
            continue
        action = pick(game, text)
        if action is None:
            write(tr.format(N_('"{text}" is not one of your choices: type its number, or '
                               "{commands}."), text=excerpt(text), commands=command_list(tr)))
            continue
        try:
            game.play(action)
        except CelestiaError as err:
            write(tr.message(err))
            continue
        for event in game.log[told:]:
            write(tr.message(event))
        told = len(game.log)
        saver.after_move()
    for event in game.log[told:]:
        write(tr.message(event))
    write("\n".join(summary_lines(game, tr)))
    if saver.failed:
        saver.last()
    return 0
