"""A practice game without a screen: moves read line by line (scripts, tests, pipes).

Each line is one of the choices shown, by its number or as the engine's action string
(``stay``, ``pay compass+turbo``), or a command: ``coach`` (the odds), ``board`` (the
board), ``save FILE``, ``quit``. A wrong line is answered with an error and the same
question; the end of the input saves the game (with ``--save``) and stops.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from ..engine import CelestiaError
from ..engine.messages import N_
from ..i18n import Translator
from .game import PracticeGame
from .words import action_label, bots_line, summary_lines


def choice_lines(game: PracticeGame, tr: Translator) -> list[str]:
    return [f"  {i}. " + action_label(a, game.state, tr) for i, a in enumerate(game.choices(), 1)]


def coach_text(game: PracticeGame, tr: Translator) -> str:
    """The coach's sentence, then the rest of what it says."""
    advice = game.advice(tr)
    return "\n".join([advice.sentence, *advice.details])


def pick(game: PracticeGame, line: str) -> str | None:
    """The action a line names (a choice number or an action string), or None."""
    choices = game.choices()
    text = " ".join(line.split())
    if text.isdigit() and 1 <= int(text) <= len(choices):
        return choices[int(text) - 1]
    return text if text in choices else None


def run_batch(game: PracticeGame, lines: Iterable[str], write: Callable[[str], None],
              tr: Translator, save_path: Path | None = None, coach: bool = False,
              board: bool = False) -> int:
    """Play from ``lines``; returns 0 at the end of the game, 1 if the input ran out."""
    from ..app.board import board_text

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
        write(tr.gettext(N_("Your choices:")))
        write("\n".join(choice_lines(game, tr)))
        line = next(source, None)
        if line is None:
            if save_path is not None:
                game.save(save_path)
                write(tr.format(N_("Game saved to {path}."), path=str(save_path)))
            return 1
        text = line.strip()
        command, _, rest = text.partition(" ")
        if command == "quit":
            if save_path is not None:
                game.save(save_path)
                write(tr.format(N_("Game saved to {path}."), path=str(save_path)))
            return 1
        if command == "coach":
            write(coach_text(game, tr))
            continue
        if command == "board":
            write(board_text(game.state, game.learner, tr))
            continue
        if command == "save" and rest.strip():
            try:
                game.save(rest.strip())
                write(tr.format(N_("Game saved to {path}."), path=rest.strip()))
            except CelestiaError as err:
                write(tr.message(err))
            continue
        action = pick(game, text)
        if action is None:
            write(tr.format(N_('"{text}" is not one of your choices: type its number, or '
                               "coach, board, save FILE or quit."), text=text))
            continue
        try:
            game.play(action)
        except CelestiaError as err:
            write(tr.message(err))
            continue
        for event in game.log[told:]:
            write(tr.message(event))
        told = len(game.log)
        if save_path is not None:
            game.save(save_path)
    for event in game.log[told:]:
        write(tr.message(event))
    write("\n".join(summary_lines(game, tr)))
    return 0
