"""The catalog checks CI runs (``python -m tutor.tools.catalogs check``).

For every domain of ``locales/domains.toml``:

- the template is in sync with the source (a new or changed English string that was not
  re-extracted fails, and is named), and each translation holds exactly its messages;
- every msgstr keeps the placeholders of its msgid (for plurals, each form), and the
  grammar forms it asks for (``{city:a -es}``, ``{player:de}``) exist in its language;
- fr and hu are 100 % translated with no fuzzy entry (the figures are printed);
- the compiled ``.mo`` files are those the ``.po`` files compile to.

Across domains, a message used in more than one place (the same English in two files,
or twice in one) must either have a context (``msgctxt``) for each role, or a translator
comment that starts with "Same role" saying that it plays one role everywhere
(``# TRANSLATORS: Same role: …`` in Python, ``translators: Same role …`` in YAML). A
domain listing ``shared-messages`` under ``report_only`` in ``locales/domains.toml`` has
its findings printed, not failed.

Every ``.po`` under ``locales/`` — including catalogs outside the domains, such as the
website generator's own messages — must pass ``msgfmt --check`` without a warning and be
complete.
"""

from __future__ import annotations

import re
import shutil
import string
import subprocess
from collections.abc import Iterable
from pathlib import Path

from babel.messages.catalog import Catalog, Message

from .. import grammar
from . import catalog_model as tool


def _key(message: Message) -> tuple[str, str | None]:
    msgid = message.id if isinstance(message.id, str) else message.id[0]
    return msgid, message.context


def _entries(catalog: Catalog) -> dict[tuple[str, str | None], Message]:
    return {_key(m): m for m in catalog if m.id}


def _short(text: str, limit: int = 70) -> str:
    text = text.replace("\n", "\\n")
    return text if len(text) <= limit else text[: limit - 1] + "…"


#: Jinja2's ``{% trans %}`` blocks are extracted with Python's %-style placeholders.
PERCENT = re.compile(r"%\((\w+)\)[sdfir]")


def placeholders(text: str) -> set[str] | None:
    """The named fields of a message (``{name}`` and Jinja2's ``%(name)s``); None if the
    braces are malformed."""
    try:
        fields = {field for _, field, _, _ in string.Formatter().parse(text) if field}
    except ValueError:
        return None
    return fields | {f"%({name})" for name in PERCENT.findall(text)}


def placeholder_problems(message: Message) -> list[str]:
    """Forms of a translated message whose placeholders differ from the English."""
    ids = message.id if isinstance(message.id, (list, tuple)) else (message.id,)
    strs = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
    problems = []
    for index, text in enumerate(strs):
        if not text:
            continue
        english = ids[min(index, len(ids) - 1)]
        wanted, found = placeholders(english), placeholders(text)
        if found != wanted:
            form = f" (form {index})" if len(strs) > 1 else ""
            problems.append(f"{sorted(found) if found is not None else 'malformed'}{form} "
                            f"instead of {sorted(wanted or ())}")
    return problems


def grammar_problems(message: Message, language: str) -> list[str]:
    """Grammar specs in a translation that its language does not have."""
    strs = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
    problems = []
    for text in strs:
        try:
            specs = grammar.specs_in(text or "")
        except ValueError:
            continue  # malformed braces: placeholder_problems reports them
        for field, spec in specs:
            try:
                grammar.validate_spec(language, spec)
            except grammar.GrammarError as err:
                problems.append(f"{{{field}:{spec}}}: {err}")
    return problems


def translated(message: Message) -> bool:
    strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
    return not message.fuzzy and all(strings)


class Report:
    def __init__(self) -> None:
        self.failures: list[str] = []

    def fail(self, text: str) -> None:
        self.failures.append(text)
        print(f"FAIL {text}")


def check_sync(domain: str, report: Report) -> Catalog | None:
    """The stored template against a fresh extraction; returns the stored template."""
    path = tool.pot_path(domain)
    if not path.exists():
        report.fail(f"{domain}: {path.relative_to(tool.ROOT)} is missing; run "
                    f"`python -m tutor.tools.catalogs all --domain {domain}`")
        return None
    stored = tool.read(path)
    fresh = tool.template(domain, tool.domains()[domain])
    old, new = _entries(stored), _entries(fresh)
    for key in sorted(new.keys() - old.keys(), key=str):
        where = ", ".join(f"{f}:{n}" for f, n in new[key].locations[:2])
        report.fail(f"{domain}: not extracted yet ({where}): {_short(key[0])!r}")
    for key in sorted(old.keys() - new.keys(), key=str):
        report.fail(f"{domain}: in the template but no longer in the source: "
                    f"{_short(key[0])!r}")
    for key in sorted(old.keys() & new.keys(), key=str):
        if old[key].id != new[key].id:
            report.fail(f"{domain}: plural form changed, not re-extracted: {_short(key[0])!r}")
    if old.keys() != new.keys():
        print(f"     run `python -m tutor.tools.catalogs all --domain {domain}`")
    return stored


def check_translations(domain: str, pot: Catalog, report: Report) -> None:
    wanted = _entries(pot)
    for language in tool.TRANSLATED:
        path = tool.po_path(language, domain)
        if not path.exists():
            report.fail(f"{language} {domain}: {path.relative_to(tool.ROOT)} is missing")
            continue
        catalog = tool.read(path, locale=language)
        entries = _entries(catalog)
        for key in sorted(wanted.keys() - entries.keys(), key=str):
            report.fail(f"{language} {domain}: not merged from the template: "
                        f"{_short(key[0])!r}")
        for key in sorted(entries.keys() - wanted.keys(), key=str):
            report.fail(f"{language} {domain}: not in the template: {_short(key[0])!r}")
        for message in entries.values():
            for problem in placeholder_problems(message):
                report.fail(f"{language} {domain}: placeholders {problem} in the "
                            f"translation of {_short(_key(message)[0])!r}")
            for problem in grammar_problems(message, language):
                report.fail(f"{language} {domain}: grammar form {problem}, in the "
                            f"translation of {_short(_key(message)[0])!r}")
        completeness(language, domain, entries.values(), report)
        check_compiled(language, domain, report)


def completeness(language: str, name: str, messages: Iterable[Message],
                 report: Report) -> None:
    messages = list(messages)
    done = sum(1 for m in messages if translated(m))
    fuzzy = sum(1 for m in messages if m.fuzzy)
    total = len(messages)
    share = 100 * done // total if total else 100
    extra = f", {fuzzy} fuzzy" if fuzzy else ""
    print(f"{language} {name}: {done}/{total} ({share} %){extra}")
    if done < total:
        untranslated = [_short(_key(m)[0], 50) for m in messages if not translated(m)]
        report.fail(f"{language} {name}: {total - done} not translated or fuzzy, e.g. "
                    f"{untranslated[0]!r}")


def check_compiled(language: str, domain: str, report: Report) -> None:
    target = tool.mo_path(language, domain)
    if not target.exists() or target.read_bytes() != tool.compiled(language, domain):
        report.fail(f"{language} {domain}: {target.relative_to(tool.ROOT)} is not compiled "
                    f"from the current .po; run `python -m tutor.tools.catalogs compile "
                    f"--domain {domain}`")


def msgfmt(path: Path, report: Report) -> None:
    """GNU msgfmt's own checks (format strings, header, plural forms); warnings fail too."""
    program = shutil.which("msgfmt")
    if program is None:
        report.fail("msgfmt is not installed (Debian package: gettext)")
        return
    result = subprocess.run([program, "--check", "--output-file=/dev/null", str(path)],
                            capture_output=True, text=True, check=False)
    output = (result.stdout + result.stderr).strip()
    if result.returncode or output:
        report.fail(f"msgfmt --check {path.relative_to(tool.ROOT)}:\n{output}")


SAME_ROLE = "same role"


def same_role(message: Message) -> bool:
    return any(c.strip().lower().startswith(SAME_ROLE) for c in message.auto_comments)


def shared_messages() -> list[tuple[str, str | None, list[tuple[str, str, int]], bool]]:
    """Messages used in more than one place, over every domain's template: (msgid,
    context, [(domain, file, line)…], whether a context or a "Same role" comment
    settles it)."""
    places: dict[tuple[str, str | None], list[tuple[str, str, int]]] = {}
    settled: dict[tuple[str, str | None], bool] = {}
    for domain in tool.domains():
        path = tool.pot_path(domain)
        if not path.exists():
            continue
        for message in tool.read(path):
            if not message.id:
                continue
            key = _key(message)
            places.setdefault(key, []).extend(
                (domain, file, int(line or 0)) for file, line in message.locations)
            settled[key] = settled.get(key, False) or same_role(message)
    found = []
    for key, where in places.items():
        if len(where) > 1:
            found.append((key[0], key[1], where, key[1] is not None or settled[key]))
    return found


def check_shared_messages(report: Report, only: list[str] | None = None) -> None:
    """Shared messages need a context per role or a translator comment "Same role…"."""
    pending = 0
    for msgid, _context, where, ok in sorted(shared_messages(), key=lambda f: f[2]):
        if ok:
            continue
        domains = sorted({d for d, _, _ in where})
        if only and not set(domains) & set(only):
            continue
        places = ", ".join(f"{f}:{n}" for _, f, n in where)
        text = (f"{'/'.join(domains)}: {_short(msgid)!r} is used in {len(where)} places "
                f"({places}) with no context: give each use its role (msgctxt; "
                f"`context:` in YAML), or a translator comment starting \"Same role\"")
        if any(tool.enforced(d, "shared-messages") for d in domains):
            report.fail(text)
        else:
            pending += 1
            print(f"NOTE (report only) {text}")
    if pending:
        print(f"     {pending} shared message(s) in domains whose shared-messages check is "
              f"report-only (locales/domains.toml).")


def run_checks(only: list[str] | None = None) -> bool:
    """Run every check, print figures and failures; True if all passed."""
    report = Report()
    names = tool.domains()
    for domain in names:
        if only and domain not in only:
            continue
        pot = check_sync(domain, report)
        if pot is not None:
            check_translations(domain, pot, report)
    check_shared_messages(report, only)
    for path in sorted(tool.LOCALES.rglob("*.po")):
        domain, language = path.stem, path.parent.parent.name
        if only and domain not in only:
            continue
        msgfmt(path, report)
        if domain not in names:
            # A catalog outside the domains (e.g. Sphinx's own messages): only msgfmt and
            # completeness apply, our extraction does not make it.
            completeness(language, domain, _entries(tool.read(path, locale=language)).values(),
                         report)
    if report.failures:
        print(f"{len(report.failures)} problem(s) found.")
        return False
    print("All catalogs are in sync, complete and compiled.")
    return True
