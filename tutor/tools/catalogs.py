"""Extract, update and compile the gettext catalogs of every domain.

    python -m tutor.tools.catalogs extract   # sources → locales/<domain>.pot
    python -m tutor.tools.catalogs update    # .pot → locales/<lang>/LC_MESSAGES/<domain>.po
    python -m tutor.tools.catalogs compile   # .po → tutor/locale/<lang>/LC_MESSAGES/<domain>.mo
    python -m tutor.tools.catalogs all       # the three, in order
    python -m tutor.tools.catalogs check     # what CI runs: see ``tutor.tools.checks``
    python -m tutor.tools.catalogs pofilter  # translate-toolkit's checks (test extra)

``--domain NAME`` (repeatable) limits a step to some domains. Domains and their sources
are listed in ``locales/domains.toml``.

Every step is idempotent (see ``tutor.tools.catalog_model``, which does the work and whose
names are also found here).
"""

from __future__ import annotations

import argparse
import sys

from .catalog_model import (
    CATALOG_OWNERS,
    COMPILED,
    LOCALES,
    ROOT,
    TRANSLATED,
    compile_all,
    compiled,
    domains,
    enforced,
    extract,
    mo_path,
    pending,
    po_path,
    pot_path,
    read,
    report_only,
    template,
    translated_catalogs,
    update,
)
from .checks import run_checks

__all__ = ["CATALOG_OWNERS", "COMPILED", "LOCALES", "ROOT", "TRANSLATED", "compiled",
           "domains", "enforced", "main", "mo_path", "pending", "po_path", "pot_path", "read",
           "report_only", "template", "translated_catalogs"]


def check(only: list[str] | None = None) -> None:
    if not run_checks(only):
        raise SystemExit(1)


def pofilter(only: list[str] | None = None) -> None:
    # optional: translate-toolkit comes with the test extra only (pyproject.toml)
    from .pofilter_check import run_pofilter

    if not run_pofilter(only):
        raise SystemExit(1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutor.tools.catalogs",
                                     description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("step", choices=("extract", "update", "compile", "all", "check",
                                         "pofilter"))
    parser.add_argument("--domain", action="append", choices=sorted(domains()),
                        help="limit the step to this domain (repeatable)")
    args = parser.parse_args(argv)
    steps = {"extract": [extract], "update": [update], "compile": [compile_all],
             "all": [extract, update, compile_all], "check": [check],
             "pofilter": [pofilter]}
    for step in steps[args.step]:
        step(args.domain)
    return 0


if __name__ == "__main__":
    sys.exit(main())
