"""The ``celestia`` command: one sub-command per module of ``tutor.commands``.

To start fast, ``main`` imports only the module of the command it runs (the table
``COMMANDS``); a command's module imports at its top what its command needs. When the
arguments name a command (``celestia faq …``, ``celestia --lang fr rules 3.4``), the
parser is built with that one sub-parser, which parses and helps exactly as in the full
parser. Anything else (no command, ``--help`` before the command, an unknown word) gets
the full parser.
Every error a person can cause is shown translated, without a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import sys
import time
from collections.abc import Sequence

from . import argparse_texts
from .engine.messages import N_, CelestiaError
from .file_errors import os_reason
from .i18n import LANGUAGES, Translator, UnknownLanguage, pick_language, pseudo_allowed
from .inputs import excerpt
from .std_streams import INTERRUPTED, OUTPUT_CLOSED, settle
from .terminal_text import make_streams_safe

#: Sub-command name → module; each module has ``HELP``, ``configure`` and ``run``.
COMMANDS: dict[str, str] = {
    "simulate": "tutor.commands.simulate",
    "replay": "tutor.commands.replay",
    "docs": "tutor.commands.docs",
    "tutor": "tutor.commands.tutor",
    "rules": "tutor.commands.rules",
    "faq": "tutor.commands.faq",
    "glossary": "tutor.commands.glossary",
    "odds": "tutor.commands.odds",
    "score": "tutor.commands.score",
    "play": "tutor.commands.play",
}


def _requested_language(argv: Sequence[str]) -> str | None:
    """Find ``--lang`` before parsing, so that help texts are already translated.

    As argparse does, the last one counts, and an option is not a value: in
    ``--player --lang --lang fr`` the language is ``fr`` (argparse then says, in French,
    that ``--player`` lacks its value).
    """
    found = None
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv) and not argv[i + 1].startswith("-"):
            found = argv[i + 1]
        elif arg.startswith("--lang="):
            found = arg.split("=", 1)[1]
    return found


def _named_command(argv: Sequence[str]) -> str | None:
    """The command ``argv`` names when only ``--lang`` comes before it, else None."""
    i = 0
    while i < len(argv):
        if argv[i] == "--lang":
            i += 2
        elif argv[i].startswith("--lang="):
            i += 1
        else:
            return argv[i] if argv[i] in COMMANDS else None
    return None


def build_parser(tr: Translator, only: str | None = None) -> argparse.ArgumentParser:
    """The whole command line's parser; with ``only``, the sub-parser of that command
    alone (the others are neither imported nor built)."""
    _ = tr.gettext
    common = argparse.ArgumentParser(add_help=False)
    # The pseudo-language (tutor.pseudo) only where the environment allows it.
    choices = (*LANGUAGES, "qps") if pseudo_allowed() else LANGUAGES
    common.add_argument("--lang", choices=choices, metavar="{en,fr,hu}",
                        help=_("language of the output (default: CELESTIA_LANG, then the "
                               "locale)"))
    parser = argparse.ArgumentParser(
        prog="celestia", parents=[common],
        description=_("Learn and look up the rules of Celestia, the airship board game."),
    )
    commands = parser.add_subparsers(dest="command", metavar=_("COMMAND"))
    for name, module_name in COMMANDS.items():
        if only is not None and name != only:
            continue
        module = importlib.import_module(module_name)
        sub = commands.add_parser(name, parents=[common], help=_(module.HELP),
                                  description=_(module.HELP))
        module.configure(sub, tr)
    return parser


def _fallback_translator() -> Translator:
    """The locale's language for an error about the chosen language, else English."""
    environ = {k: v for k, v in os.environ.items() if k != "CELESTIA_LANG"}
    try:
        return Translator(pick_language(None, environ))
    except CelestiaError:
        return Translator()


def _translator(argv: Sequence[str]) -> Translator:
    """The translator for ``argv``: ``--lang``, ``CELESTIA_LANG``, the locale, English.

    An unknown ``--lang`` is an error (``UnknownLanguage``): it was typed just now. An
    unknown ``CELESTIA_LANG`` was set once, maybe long ago, and would make every command
    unusable: it is said once, and the locale's language (else English) is used.
    """
    requested = _requested_language(argv)
    try:
        return Translator(pick_language(requested))
    except UnknownLanguage:
        if requested is not None:
            raise
    tr = _fallback_translator()
    print(tr.format(N_('CELESTIA_LANG is set to "{language}", a language Celestia does not '
                       "have (it has {available}): the setting is ignored."),
                    language=excerpt(os.environ.get("CELESTIA_LANG", "")),
                    available=", ".join(LANGUAGES)), file=sys.stderr)
    return tr


def main(argv: Sequence[str] | None = None) -> int:
    streams = settle()   # a closed input or output, a line that is not text
    make_streams_safe()
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        tr = _translator(argv)
    except (UnknownLanguage, CelestiaError) as err:  # unknown language, damaged catalog
        print(_fallback_translator().message(err), file=sys.stderr)
        return 2
    if streams.output_closed:
        _say(tr.gettext(OUTPUT_CLOSED))
        return 2
    try:
        code = _run(argv, tr)
        sys.stdout.flush()  # a full disk or a closed pipe shows here, not at exit
        return code
    except CelestiaError as err:
        print(tr.message(err), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        _say(tr.gettext(N_("Interrupted.")))
        return INTERRUPTED
    except BrokenPipeError:
        # The reader of a pipe went away (e.g. `| head`): nothing left to say.
        _silence_stdout()
        return 0
    except OSError as err:
        # The output itself could not be written (e.g. redirected to a full disk).
        _silence_stdout()
        _say(tr.format(N_("Celestia could not write its output: {reason}"),
                       reason=os_reason(err)))
        return 1
    except Exception as err:  # the last guard: a bug, never a traceback
        if os.environ.get("CELESTIA_DEBUG"):
            raise
        return _report_bug(err, tr)


def _run(argv: list[str], tr: Translator) -> int:
    argparse_texts.install(tr)
    parser = build_parser(tr, only=_named_command(argv))
    args = parser.parse_args(argv)
    if not args.command:
        parser.print_help()
        return 0
    module = importlib.import_module(COMMANDS[args.command])
    return int(module.run(args, tr) or 0)


def _silence_stdout() -> None:
    """Point stdout at /dev/null so that the interpreter's last flush cannot fail."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


def _say(text: str) -> None:
    with contextlib.suppress(OSError, ValueError):
        print(text, file=sys.stderr)


def _report_bug(err: Exception, tr: Translator) -> int:
    """An error nobody foresaw: a short translated message, the details in a file."""
    # start-up: the tutor's first screen and the lookups (benchmarks/tutor.py, lookup.py)
    import traceback

    # start-up: the command-line lookups (benchmarks/lookup.py)
    from .storage import state_dir, write_new

    details = "".join(traceback.format_exception(err))
    try:
        path = write_new(state_dir(), f"crash-{time.strftime('%Y%m%d-%H%M%S')}", ".txt",
                         details, private=True)
    except OSError:
        _say(tr.format(N_("Celestia stopped on an unexpected error ({error}). Please report "
                          "it, with the command you typed."), error=type(err).__name__))
    else:
        _say(tr.format(N_("Celestia stopped on an unexpected error ({error}). Please report "
                          "it, with the command you typed and the details saved in {path}."),
                       error=type(err).__name__, path=str(path)))
    return 70
