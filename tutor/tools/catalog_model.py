"""The gettext catalogs of every domain, as data and files: the domains and their sources
(``locales/domains.toml``), where each template, catalog and compiled catalog lives, and
extracting, merging and compiling them. The command line (``tutor.tools.catalogs``) and
the checks (``tutor.tools.checks``, ``tutor.tools.pofilter_check``) use it.

Every step is idempotent: a file is rewritten only when its content changes, and a
template keeps its POT-Creation-Date while its messages stay the same, so running ``all``
on an unchanged tree leaves the working tree clean.
"""

from __future__ import annotations

import io
import tomllib
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from ..grammar import has_grammar_spec
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
LANGUAGE_TEAMS = {"fr": "French", "hu": "Hungarian"}
TRANSLATORS = "Celestia tutor translators"
BUGS_TO = "Celestia tutor maintainers (see README.md)"
COPYRIGHT = "Celestia tutor authors"
HEADER = """\
# {title}
# Copyright (C) {year} {holder}
# This file is distributed under the same license as the {project} project (MIT).
#"""


def version() -> str:
    with (ROOT / "pyproject.toml").open("rb") as handle:
        return str(tomllib.load(handle)["project"]["version"])


def _headers(catalog: Catalog, language: str | None, domain: str) -> Catalog:
    """Real values in place of Babel's placeholders (msgfmt warns about those)."""
    year = catalog.creation_date.year if isinstance(catalog.creation_date, datetime) else ""
    title = (f"{LANGUAGE_TEAMS[language]} translations of the {domain} messages"
             if language else f"Message template of the {domain} messages")
    catalog.header_comment = HEADER.format(title=f"{title} of {PROJECT}.", year=year,
                                           holder=COPYRIGHT, project=PROJECT)
    catalog.project = PROJECT
    catalog.version = version()
    catalog.copyright_holder = COPYRIGHT
    catalog.msgid_bugs_address = BUGS_TO
    catalog.fuzzy = False
    if language:
        catalog.last_translator = TRANSLATORS
        catalog.language_team = LANGUAGE_TEAMS[language]
        if not isinstance(catalog.revision_date, datetime):
            catalog.revision_date = catalog.creation_date
    return catalog


def _domain_table() -> dict[str, dict[str, object]]:
    with (LOCALES / "domains.toml").open("rb") as handle:
        return dict(tomllib.load(handle)["domains"])


def domains() -> dict[str, list[str]]:
    return {name: list(spec["sources"]) for name, spec in _domain_table().items()}


#: The checks a domain may hold back with ``report_only`` in ``locales/domains.toml``.
SWITCHABLE_CHECKS = ("shared-messages", "register", "one-word", "pofilter", "rendering",
                     "counts")


def report_only(domain: str) -> frozenset[str]:
    """The checks whose findings are only printed for ``domain`` (``report_only`` in
    ``locales/domains.toml``): domains being rewritten by someone else turn them on
    by removing the name from that list."""
    spec = _domain_table().get(domain, {})
    names = frozenset(str(n) for n in spec.get("report_only", []))  # type: ignore[union-attr]
    unknown = names - set(SWITCHABLE_CHECKS)
    if unknown:
        raise SystemExit(f"locales/domains.toml: unknown check(s) in report_only of "
                         f"{domain}: {', '.join(sorted(unknown))}")
    return names


def enforced(domain: str, check: str) -> bool:
    return check not in report_only(domain)


def pending(domain: str, check: str) -> str | None:
    """Why ``check`` only reports on ``domain`` (for tests to mark it expected to fail),
    or None when it is enforced. A catalog outside the domains follows its owner's
    (``sphinx`` → ``site``)."""
    owner = CATALOG_OWNERS.get(domain, domain)
    if enforced(owner, check):
        return None
    return (f'"{check}" is report-only for {owner} in locales/domains.toml while its owner '
            f"rewrites it: remove it from report_only there once this passes")


def translated_catalogs(check: str) -> list[tuple[str, Path, str | None]]:
    """Every French and Hungarian ``.po`` under ``locales/``, with the reason ``check`` only
    reports on it (see ``pending``), or None."""
    return [(language, path, pending(path.stem, check))
            for language in TRANSLATED
            for path in sorted((LOCALES / language / "LC_MESSAGES").glob("*.po"))]


#: Catalogs under locales/ that are not a domain of ours → the domain whose owner keeps them.
CATALOG_OWNERS = {"sphinx": "site"}


def _method(path: Path) -> object | None:
    if path.suffix == ".py":
        return "python"
    if path.suffix in (".yaml", ".yml"):
        return extract_yaml
    if path.suffix in TEMPLATE_SUFFIXES:
        return "jinja2.ext:babel_extract"
    return None


#: Babel's keywords, plus ``Translator.nformat(singular, plural, n)``.
KEYWORDS = {**DEFAULT_KEYWORDS, "nformat": (1, 2)}


def source_files(sources: list[str]) -> Iterator[Path]:
    for source in sources:
        path = ROOT / source
        files = sorted(path.rglob("*")) if path.is_dir() else [path] if path.exists() else []
        for file in files:
            if file.is_file() and _method(file) is not None and "__pycache__" not in file.parts:
                yield file


def template(domain: str, sources: list[str]) -> Catalog:
    """The catalog template of ``domain``, extracted from its sources."""
    catalog = Catalog(project=PROJECT, domain=domain, fuzzy=False, version=version())
    for file in source_files(sources):
        method = _method(file)
        relative = file.relative_to(ROOT).as_posix()
        for line, message, comments, context in extract_from_file(
            method, file, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",),
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


def serialise(catalog: Catalog) -> bytes:
    for message in catalog:
        # A translation with grammar specs in its placeholders ({city:a -es}) is not what
        # GNU msgfmt's python-brace-format check accepts; tutor.tools.checks checks its
        # placeholders and specs instead.
        strings = message.string if isinstance(message.string, (list, tuple)) \
            else (message.string,)
        if any(has_grammar_spec(text or "") for text in strings):
            message.flags.discard("python-brace-format")
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, include_previous=False)
    return buffer.getvalue()


def store(path: Path, content: bytes) -> bool:
    """Write ``content`` unless the file already holds it; True if it changed."""
    if path.exists() and path.read_bytes() == content:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    return True


def write(path: Path, catalog: Catalog) -> bool:
    return store(path, serialise(catalog))


def _now() -> datetime:
    return datetime.now(UTC).replace(second=0, microsecond=0)


def fresh_template(domain: str) -> Catalog:
    """The template as extraction gives it now, keeping the creation date of the stored
    one when nothing but that date would change."""
    catalog = _headers(template(domain, domains()[domain]), None, domain)
    path = pot_path(domain)
    if path.exists():
        catalog.creation_date = read(path).creation_date
        if serialise(_headers(catalog, None, domain)) == path.read_bytes():
            return catalog
    catalog.creation_date = _now()
    return _headers(catalog, None, domain)


def extract(only: list[str] | None = None) -> None:
    for domain in domains():
        if not only or domain in only:
            write(pot_path(domain), fresh_template(domain))


def merged(language: str, domain: str, pot: Catalog) -> Catalog:
    """The translations of ``domain`` merged with the template ``pot`` (no fuzzy)."""
    path = po_path(language, domain)
    if path.exists():
        catalog = read(path, locale=language)
        catalog.update(pot, no_fuzzy_matching=True, update_creation_date=True)
    else:
        catalog = Catalog(locale=language, domain=domain, project=PROJECT, fuzzy=False,
                          creation_date=pot.creation_date, revision_date=pot.creation_date)
        _plural_rule(catalog, language)
        catalog.update(pot, no_fuzzy_matching=True)
    # Obsolete entries would only mislead translators: the source no longer has them.
    catalog.obsolete.clear()
    return _headers(catalog, language, domain)


def update(only: list[str] | None = None) -> None:
    for domain in domains():
        if only and domain not in only:
            continue
        pot = read(pot_path(domain))
        for language in TRANSLATED:
            write(po_path(language, domain), merged(language, domain, pot))


def compiled(language: str, domain: str) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, read(po_path(language, domain), locale=language), use_fuzzy=False)
    return buffer.getvalue()


def compile_all(only: list[str] | None = None) -> None:
    for domain in domains():
        if only and domain not in only:
            continue
        for language in TRANSLATED:
            if po_path(language, domain).exists():
                store(mo_path(language, domain), compiled(language, domain))
