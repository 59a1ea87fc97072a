"""``celestia docs``: build the rulebook website in English, French and Hungarian."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..engine.messages import N_
from ..i18n import Translator

HELP = N_("build the rulebook website in English, French and Hungarian")
DEFAULT_OUT = Path("build") / "site"


def configure(parser: argparse.ArgumentParser, tr: Translator) -> None:
    _ = tr.gettext
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, metavar=_("FOLDER"),
                        help=_("where to write the site (default: build/site)"))
    parser.add_argument("--strict", action="store_true",
                        help=_("treat every Sphinx warning as an error"))


def run(args: argparse.Namespace, tr: Translator) -> int:
    import importlib.util
    import time

    from babel.numbers import format_decimal

    from ..engine.messages import CelestiaError
    from ..site.build import build

    if importlib.util.find_spec("sphinx") is None:
        raise CelestiaError(N_("Building the rulebook needs Sphinx, which is not installed. "
                               "Install it with: pip install -e '.[docs]'"))

    started = time.perf_counter()
    out: Path = args.out
    build(out, strict=args.strict)
    print(tr.format(N_("The rulebook is in {path} (built in {seconds} s)."),
                    path=str((out / "index.html").resolve()),
                    seconds=format_decimal(time.perf_counter() - started, "0.0",
                                           locale=tr.language)))
    return 0
