"""Extract, update and compile the gettext catalogs of every domain.

    python -m tutor.tools.catalogs extract   # sources → locales/<domain>.pot
    python -m tutor.tools.catalogs update    # .pot → locales/<lang>/LC_MESSAGES/<domain>.po
    python -m tutor.tools.catalogs compile   # .po → tutor/locale/<lang>/LC_MESSAGES/<domain>.mo
    python -m tutor.tools.catalogs all       # the three, in order

``--domain NAME`` (repeatable) limits a step to some domains. Domains and their sources
are listed in ``locales/domains.toml``.
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from .yaml_extract import extract_yaml

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "locales"
COMPILED = ROOT / "tutor" / "locale"
TRANSLATED = ("fr", "hu")
PROJECT = "celestia-tutor"
TEMPLATE_SUFFIXES = (".html", ".j2")
#: The plural rule each catalog declares: the two-form rules that GNU gettext's tools
#: expect (CLDR gives French three forms, which msgfmt and many editors do not know).
PLURAL_FORMS = {"fr": (2, "(n > 1)"), "hu": (2, "(n != 1)")}


def domains() -> dict[str, list[str]]:
    with (LOCALES / "domains.toml").open("rb") as handle:
        table = tomllib.load(handle)["domains"]
    return {name: list(spec["sources"]) for name, spec in table.items()}


def _method(path: Path) -> object | None:
    if path.suffix == ".py":
        return "python"
    if path.suffix in (".yaml", ".yml"):
        return extract_yaml
    if path.suffix in TEMPLATE_SUFFIXES:
        return "jinja2.ext:babel_extract"
    return None


def source_files(sources: list[str]) -> Iterator[Path]:
    for source in sources:
        path = ROOT / source
        files = sorted(path.rglob("*")) if path.is_dir() else [path] if path.exists() else []
        for file in files:
            if file.is_file() and _method(file) is not None and "__pycache__" not in file.parts:
                yield file


def template(domain: str, sources: list[str]) -> Catalog:
    """The catalog template of ``domain``, extracted from its sources."""
    catalog = Catalog(project=PROJECT, domain=domain, fuzzy=False)
    for file in source_files(sources):
        method = _method(file)
        relative = file.relative_to(ROOT).as_posix()
        for line, message, comments, context in extract_from_file(
            method, file, keywords=DEFAULT_KEYWORDS, comment_tags=("TRANSLATORS:",),
            options={"extensions": "jinja2.ext.i18n"} if method != "python" else None,
            strip_comment_tags=True,
        ):
            catalog.add(message, locations=[(relative, line)], auto_comments=comments,
                        context=context)
    return catalog


def pot_path(domain: str) -> Path:
    return LOCALES / f"{domain}.pot"


def po_path(language: str, domain: str) -> Path:
    return LOCALES / language / "LC_MESSAGES" / f"{domain}.po"


def mo_path(language: str, domain: str) -> Path:
    return COMPILED / language / "LC_MESSAGES" / f"{domain}.mo"


def _plural_rule(catalog: Catalog, language: str) -> Catalog:
    count, expression = PLURAL_FORMS[language]
    catalog._num_plurals = count  # Babel has no public setter for the plural rule
    catalog._plural_expr = expression
    return catalog


def read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=locale)
    return _plural_rule(catalog, locale) if locale in PLURAL_FORMS else catalog


def write(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(handle, catalog, width=100, include_previous=False)


def extract(only: list[str] | None = None) -> None:
    for domain, sources in domains().items():
        if not only or domain in only:
            write(pot_path(domain), template(domain, sources))


def update(only: list[str] | None = None) -> None:
    for domain in domains():
        if only and domain not in only:
            continue
        pot = read(pot_path(domain))
        for language in TRANSLATED:
            path = po_path(language, domain)
            if path.exists():
                catalog = read(path, locale=language)
                catalog.update(pot, no_fuzzy_matching=True, update_creation_date=False)
            else:
                catalog = Catalog(locale=language, domain=domain, project=PROJECT, fuzzy=False)
                _plural_rule(catalog, language)
                catalog.update(pot, no_fuzzy_matching=True)
            # Obsolete entries would only mislead translators: the source no longer has them.
            catalog.obsolete.clear()
            write(path, catalog)


def compile_all(only: list[str] | None = None) -> None:
    for domain in domains():
        if only and domain not in only:
            continue
        for language in TRANSLATED:
            source = po_path(language, domain)
            if not source.exists():
                continue
            target = mo_path(language, domain)
            target.parent.mkdir(parents=True, exist_ok=True)
            with target.open("wb") as handle:
                write_mo(handle, read(source, locale=language), use_fuzzy=False)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutor.tools.catalogs",
                                     description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("step", choices=("extract", "update", "compile", "all"))
    parser.add_argument("--domain", action="append", choices=sorted(domains()),
                        help="limit the step to this domain (repeatable)")
    args = parser.parse_args(argv)
    steps = {"extract": [extract], "update": [update], "compile": [compile_all],
             "all": [extract, update, compile_all]}
    for step in steps[args.step]:
        step(args.domain)
    return 0


if __name__ == "__main__":
    sys.exit(main())
