"""The saved practice game: never replaced without a word, never reported saved when it
was not.

Starting a new game where an unfinished one is saved asks first (on a terminal): go on
with it, start a new one and keep the unfinished game in a file of its own, or quit.
Without a terminal the command refuses and says how to do either (``--resume``,
``--new``). A finished game is simply replaced. When the game cannot be saved where it
should be, it is saved in the first other place that takes it, and the player is told
where and how to resume it.
"""

from __future__ import annotations

import os
import shlex
import sys
import time
from collections.abc import Callable
from pathlib import Path

from ..content.terminal import wrap_lines
from ..engine.messages import N_, CelestiaError
from ..file_errors import os_reason
from ..i18n import Translator
from ..inputs import read_line, shown_path
from ..storage import held_elsewhere, set_aside
from .game import (
    CANNOT_SAVE,
    GAME_SAVED,
    KEPT_ASIDE,
    PracticeError,
    PracticeGame,
    default_save_path,
    load,
)
from .words import summary_lines

#: What the player chose to do about an unfinished game.
NEW, RESUME, QUIT = "new", "resume", "quit"


def resume_command(path: Path) -> str:
    """The command that resumes the game saved at ``path``."""
    if Path(path) == default_save_path():
        return "celestia play --resume"
    return f"celestia play --resume --save {shlex.quote(str(path))}"


def keep_aside(path: Path) -> Path:
    """Rename a saved game to ``NAME-YYYYmmdd-HHMMSS.json`` beside it; the new path."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    kept = path.with_name(f"{path.stem}-{stamp}{path.suffix}")
    attempt = 0
    while kept.exists():
        attempt += 1
        kept = path.with_name(f"{path.stem}-{stamp}-{attempt}{path.suffix}")
    try:
        os.rename(path, kept)
    except OSError as err:
        raise PracticeError(N_("The unfinished game in {path} could not be kept aside, so no "
                               "new game was started: {reason}"), path=str(path),
                            reason=os_reason(err)) from err
    return kept


def own_file(path: Path) -> Path:
    """A new file beside ``path`` for a game of its own: ``NAME-YYYYmmdd-HHMMSS.json``
    (``-1``, ``-2``… if taken)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    mine = path.with_name(f"{path.stem}-{stamp}{path.suffix}")
    attempt = 0
    while mine.exists() or mine.is_symlink():
        attempt += 1
        mine = path.with_name(f"{path.stem}-{stamp}-{attempt}{path.suffix}")
    return mine


def open_elsewhere(path: Path, resume: bool, interactive: bool, tr: Translator,
                   say: Callable[[str], None] = print,
                   ask: Callable[[str], str] | None = None) -> Path | None:
    """The game at ``path`` is open in another window or program, which saves every move
    there: never a second writer. Resuming it here is refused; a new game is offered a
    file of its own (at a terminal, asked; from a pipe, the command is shown). Returns
    that file, or None if the player chose to quit."""
    mine = own_file(path)
    if resume:
        raise PracticeError(N_("The game saved in {path} is open in another window or "
                               "program: go on with it there. To play a game of your own "
                               "meanwhile: {command}"), path=str(path),
                            command=f"celestia play --save {shlex.quote(str(mine))}")
    if not interactive:
        raise PracticeError(N_("The game saved in {path} is open in another window or "
                               "program, which saves every move there: no second game is "
                               "saved over it. Start a game in a file of its own with: "
                               "{command}"), path=str(path),
                            command=f"celestia play --save {shlex.quote(str(mine))}")
    say(tr.format(N_("The game saved in {path} is open in another window or program, which "
                     "saves every move there."), path=str(path)))
    say("  1. " + tr.format(N_("Start a new game in a file of its own ({path})"),
                            path=str(mine)))
    # TRANSLATORS: Same role in both questions about a saved game: the choice that quits.
    quit_choice = N_("Quit")
    say("  2. " + tr.gettext(quit_choice))
    reader = ask or _read_answer
    while True:
        try:
            answer = reader(tr.gettext(N_("Your choice (1 or 2): "))).strip()
        except EOFError:
            say("")
            return None
        if answer in ("", "1"):
            return mine
        if answer == "2":
            return None
        say(tr.gettext(N_("Type 1 or 2.")))


def not_a_game(path: Path) -> tuple[CelestiaError | None, PracticeGame | None]:
    """What is saved at ``path``: (None, None) if nothing, (None, game) if a practice
    game, (why, None) if a file that is not one — a score sheet, notes, a damaged game —
    which no save may replace (``--save`` at the start, ``save FILE`` during a game).
    Raises ``PracticeError`` for a path no file can have."""
    try:
        if not path.exists() and not path.is_symlink():
            return None, None
    except OSError as err:  # not even a path the system takes (a name too long…)

        raise PracticeError(CANNOT_SAVE, path=shown_path(path), reason=os_reason(err)) from err
    try:
        return None, load(path)
    except CelestiaError as err:
        return err, None


def is_earlier_save(old: PracticeGame, game: PracticeGame) -> bool:
    """True if ``old`` is ``game`` as it was saved before (same set-up, and ``game``'s
    moves go on from ``old``'s)."""
    history = old.state.history
    return (old.seed == game.seed and old.styles == game.styles
            and old.learner == game.learner and old.state.seats == game.state.seats
            and old.state.options == game.state.options
            and game.state.history[:len(history)] == history)


def check_save_file(path: Path, game: PracticeGame) -> None:
    """Refuse to save ``game`` over a file that is not a practice game, or over another
    unfinished game (``save FILE`` in a game without a screen)."""
    if held_elsewhere(path):
        raise PracticeError(N_("The game saved in {path} is open in another window or "
                               "program: it is not written over; choose another file."),
                            path=str(path))
    reason, old = not_a_game(path)
    if reason is not None:
        raise PracticeError(N_("{reason} It is not written over: choose another file."),
                            reason=reason)
    if old is not None and not old.over and not is_earlier_save(old, game):
        raise PracticeError(N_("Another unfinished game is saved in {path}: it is not written "
                               "over; choose another file."), path=str(path))


def make_room(path: Path, new: bool, interactive: bool, own_file: bool, tr: Translator,
              say: Callable[[str], None] = print,
              ask: Callable[[str], str] | None = None) -> tuple[str, PracticeGame | None]:
    """Decide what happens to the game saved at ``path`` before a new one is saved there.

    Returns ``(NEW, None)`` when the new game may be saved (nothing there, a finished
    game, or the unfinished one kept aside), ``(RESUME, game)`` when the player chose to
    go on with the saved game, ``(QUIT, None)`` when they chose to stop. ``own_file`` is
    True for the default save file, which may be set aside when it cannot be read; a file
    the player named with ``--save`` is then refused instead of written over.
    """
    err, old = not_a_game(path)
    if old is None and err is None:
        return NEW, None
    if err is not None:
        if not own_file:
            raise PracticeError(N_("{reason} It is not written over: choose another file "
                                   "with --save."), reason=err) from err

        try:
            aside = set_aside(path, "unreadable")
        except OSError as problem:
            raise PracticeError(CANNOT_SAVE, path=str(path), reason=err) from problem
        say(tr.format(N_("The saved game could not be read, so it was set aside as {aside}. "
                         "{reason}"), reason=err, aside=str(aside)))
        return NEW, None
    assert old is not None
    if old.over:
        return NEW, None
    if new:
        kept = keep_aside(path)
        say(tr.format(KEPT_ASIDE, path=str(kept), command=resume_command(kept)))
        return NEW, None
    if not interactive:
        raise PracticeError(N_("An unfinished game is saved in {path}. Go on with it: "
                               "{command}; or start a new game with --new, and the unfinished "
                               "one is kept in a file of its own."),
                            path=str(path), command=resume_command(path))
    return _ask(path, old, tr, say, ask or _read_answer)


def _read_answer(question: str) -> str:
    print(question, end="", flush=True)
    line = read_line(sys.stdin)
    if not line:
        raise EOFError
    return line


def _ask(path: Path, old: PracticeGame, tr: Translator, say: Callable[[str], None],
         ask: Callable[[str], str]) -> tuple[str, PracticeGame | None]:
    bots = [old.state.seats[p] for p, style in enumerate(old.styles) if style is not None]
    say(tr.format(N_("An unfinished game against {bots} is saved in {path} (voyage "
                     "{voyage})."), bots=tr.join(bots), path=str(path),
                  voyage=old.state.voyage))
    say("  1. " + tr.gettext(N_("Go on with it")))
    say("  2. " + tr.gettext(N_("Start a new game, and keep the unfinished one in a file of "
                                "its own")))
    say("  3. " + tr.gettext(N_("Quit")))
    while True:
        try:
            answer = ask(tr.gettext(N_("Your choice (1, 2 or 3): "))).strip()
        except EOFError:
            say("")
            return QUIT, None
        if answer in ("", "1"):
            return RESUME, old
        if answer == "2":
            kept = keep_aside(path)
            say(tr.format(KEPT_ASIDE, path=str(kept), command=resume_command(kept)))
            return NEW, None
        if answer == "3":
            return QUIT, None
        say(tr.gettext(N_("Type 1, 2 or 3.")))


def saved_lines(game: PracticeGame, path: Path, tr: Translator,
                summary: bool = True, columns: int | None = None) -> list[str]:
    """Save the game one last time and say where it is, or that it could not be saved
    and where it went instead; then the end of the game or how to resume it.

    ``columns``: the end of the game is wrapped to that width (it is printed once the
    game's screen is gone, where the terminal would cut a word at its edge). The lines
    that name a file or a command are left whole, so that they can be copied."""
    where, failure = game.rescue(path)
    lines = []
    if failure is None:
        lines.append(tr.format(GAME_SAVED, path=str(path)))
    else:
        lines.append(tr.message(failure))
        if where is not None:
            lines.append(tr.format(N_("The game was not saved there; it was saved to {path} "
                                      "instead."), path=str(where)))
        else:
            lines.append(tr.gettext(N_("It could not be saved anywhere else either, so this "
                                       "game is lost when the program ends. Free some disk "
                                       "space, or choose a folder you can write to with "
                                       "--save.")))
    if game.over:
        if summary:
            end = summary_lines(game, tr)
            lines.extend(end if columns is None else wrap_lines(end, columns))
    elif where is not None:
        lines.append(tr.format(N_("Resume it with: {command}"), command=resume_command(where)))
    return lines
