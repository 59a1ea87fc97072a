"""translate-toolkit's ``pofilter`` checks over every French and Hungarian catalog.

    python -m tutor.tools.catalogs pofilter [--domain NAME]

Runs the tests in ``RUN`` on every translated message of every ``.po`` under
``locales/fr`` and ``locales/hu`` and prints the figures (messages checked, failures per
test). Any failure fails the step, except in a domain that lists ``pofilter`` under
``report_only`` in ``locales/domains.toml`` (its failures are printed for whoever owns
it). Every other pofilter test is listed in ``SKIPPED`` with the reason it does not
apply to these catalogs.

Before the checks, the grammar specs of our placeholders (``{city:a -es}`` →
``{city}``, see ``tutor.grammar``) are taken out of the translations: they are ours, not
Python's, and ``tutor.tools.checks`` validates them. Variables are ``{name}`` and
``%(name)s``.
"""

from __future__ import annotations

import re
import string
from collections import Counter
from pathlib import Path

from translate.filters import checks
from translate.misc.multistring import multistring
from translate.storage import po

from ..grammar import is_grammar_spec
from . import catalog_model as tool

#: The pofilter tests run, and what each guards.
RUN: dict[str, str] = {
    "blank": "a translation that is only spaces",
    "brackets": "( ) [ ] { } lost or added",
    "compendiumconflicts": "leftovers of a merge (#-#-#-#-#)",
    "credits": "translator credits instead of a translation",
    "doublespacing": "double spaces the English does not have",
    "doublewords": "a word typed twice",
    "emails": "e-mail addresses changed",
    "endpunc": "a sentence ending with other punctuation than the English",
    "endwhitespace": "trailing spaces lost or added (prompts end with a space)",
    "escapes": "escapes (\\n, \\t) lost or added",
    "filepaths": "file paths translated",
    "functions": "function names translated",
    "isfuzzy": "a fuzzy entry",
    "kdecomments": "KDE-style _: comments left in a translation",
    "musttranslatewords": "English words left in a translation (MUST_TRANSLATE)",
    "newlines": "line breaks lost or added",
    "notranslatewords": "names that stay as they are changed (NO_TRANSLATE)",
    "nplurals": "the wrong number of plural forms",
    "options": "command-line options translated",
    "printf": "printf-style placeholders (%(name)s, %s) lost, added or changed",
    "purepunc": "a message that is only punctuation changed",
    "pythonbraceformat": "{placeholders} lost, added or renamed",
    "simpleplurals": "English-style plurals, 'card(s)'",
    "startwhitespace": "leading spaces lost or added",
    "tabs": "tabs lost or added",
    "untranslated": "an empty translation",
    "urls": "web addresses changed",
    "xmltags": "HTML or XML tags translated, lost or added",
}

#: The pofilter tests not run, each with its reason.
SKIPPED: dict[str, str] = {
    "accelerators": "our messages have no accelerator keys (no & or _ markers)",
    "acronyms": "Hungarian writes its own acronyms and metavars (GYIK for FAQ, FÁJL for FILE)",
    "doublequoting": "French quotes with « », Hungarian with „ ”: the English \" never stays",
    "hassuggestion": "PO files carry no suggestions",
    "isreview": "review marks exist only in XLIFF",
    "long": "French and Hungarian are often longer than English; length is no defect",
    "numbers": "'1 to 9' is '1–9' in Hungarian and numbers are often spelled out in words",
    "puncspacing": "French puts a space before : ; ! ?, which this test reports as wrong",
    "sentencecount": "a natural translation may join or split sentences",
    "short": "a shorter translation is often the better one (Hungarian suffixes)",
    "simplecaps": "Hungarian writes game terms in lower case (turbó for Turbo)",
    "singlequoting": "English apostrophes ('s) are not quotes; French uses ’",
    "spellcheck": "needs fr and hu dictionaries; terms are checked against the glossary "
                  "(tests/i18n/test_glossary_terms.py) instead",
    "startcaps": "a sentence may start with a placeholder or a lower-case Hungarian term",
    "startpunc": "French and Hungarian open quotes differently (« and „)",
    "variables": "reports reordered {placeholders} as added (translate-toolkit 3.20 compares "
                 "them in order); pythonbraceformat and printf check the same, order-free",
    "unchanged": "some words are the same in French (Jetpack, options, Score, Coach)",
    "validchars": "no list of valid characters fits Latin-script languages with « » „ ”",
}

#: Names that must appear unchanged in a translation when the English has them
#: (Hungarian inflects names, "a Celestiát", so only French keeps "Celestia" as it is).
NO_TRANSLATE = {"fr": ["Celestia", "JSON", "TOML", "YAML", "UTF-8"],
                "hu": ["JSON", "TOML", "YAML", "UTF-8"]}
#: English words that must never stay in a French or Hungarian translation. Words that
#: are also option names, file keys or action words (players, dice, city, stay) are not
#: listed: translations quote those as they are.
MUST_TRANSLATE = ["the", "and", "with", "your", "you", "airship", "captain's", "Equipment",
                  "choose", "default", "cannot", "should", "which", "while", "every",
                  "aboard", "hazard", "hazards", "ejection", "wins"]
#: French spaces before : ; ! ? and inside « »: translate-toolkit expects U+00A0 where
#: our catalogs may hold any space (the program prints U+202F, tutor.grammar).
_FRENCH_SPACE = re.compile(r"(?<=\S)[ \u202f]+(?=[;:!?»])|(?<=«)[ \u202f]+")


#: A command-line option (``--aboard``) is written as it is typed, in every language.
_OPTION = re.compile(r"--[a-z][a-z-]*")


def _plain(text: str, language: str) -> str:
    """``text`` with our grammar specs taken out of its placeholders, command-line options
    made neutral (``--aboard`` is not an English word to translate), and, in French, the
    spaces of its punctuation as translate-toolkit writes them."""
    text = _OPTION.sub("--option", text)
    if language == "fr":
        text = _FRENCH_SPACE.sub("\u00a0", text)
    try:
        parsed = list(string.Formatter().parse(text))
    except ValueError:
        return text
    out = []
    for literal, field, spec, conversion in parsed:
        out.append(literal.replace("{", "{{").replace("}", "}}"))
        if field is not None:
            keep = "" if spec and is_grammar_spec(spec) else (f":{spec}" if spec else "")
            out.append("{" + field + (f"!{conversion}" if conversion else "") + keep + "}")
    return "".join(out)


def _catalogs(only: list[str] | None) -> list[tuple[str, str, Path]]:
    found = []
    for language in tool.TRANSLATED:
        for path in sorted((tool.LOCALES / language / "LC_MESSAGES").glob("*.po")):
            if not only or tool.CATALOG_OWNERS.get(path.stem, path.stem) in only:
                found.append((language, path.stem, path))
    return found


def check_catalog(language: str, path: Path) -> tuple[int, list[tuple[str, str, str]]]:
    """(messages checked, [(test, message, msgid)…]) for one catalog."""
    config = checks.CheckerConfig(targetlanguage=language,
                                  varmatches=[("{", "}"), ("%(", ")")],
                                  notranslatewords=NO_TRANSLATE[language],
                                  musttranslatewords=MUST_TRANSLATE)
    checker = checks.StandardChecker(checkerconfig=config, limitfilters=list(RUN),
                                     errorhandler=None)
    store = po.pofile.parsefile(str(path))
    checked, failures = 0, []
    for unit in store.units:
        if unit.isheader() or not unit.istranslated():
            continue
        checked += 1
        target = unit.target
        strings = target.strings if isinstance(target, multistring) else [target]
        plain = [_plain(s, language) for s in strings]
        unit.target = multistring(plain) if len(plain) > 1 else plain[0]
        if isinstance(unit.source, str):
            # English has its own count spec too ("{points:point|points}").
            unit.source = _plain(unit.source, "en")
        for test, detail in checker.run_filters(unit).items():
            message = detail.get("message", detail) if isinstance(detail, dict) else detail
            failures.append((test, str(message), str(unit.source)))
    return checked, failures


def run_pofilter(only: list[str] | None = None) -> bool:
    """Run the tests on every fr and hu catalog; print figures; True if none failed
    where the check is enforced."""
    unknown = set(RUN) & set(SKIPPED)
    assert not unknown, f"a test cannot be both run and skipped: {unknown}"
    ok = True
    total_checked, total_failed, pending = 0, 0, 0
    for language, domain, path in _catalogs(only):
        checked, failures = check_catalog(language, path)
        total_checked += checked
        enforced = tool.pending(domain, "pofilter") is None
        by_test = Counter(test for test, _, _ in failures)
        summary = ", ".join(f"{test} {n}" for test, n in sorted(by_test.items())) or "none"
        label = "" if enforced else " (report only)"
        print(f"pofilter {language} {domain}: {checked} messages, {len(failures)} "
              f"failures{label}: {summary}")
        for test, message, msgid in failures:
            short = re.sub(r"\s+", " ", msgid)[:80]
            print(f"  {'FAIL' if enforced else 'NOTE'} {test}: {message}: {short!r}")
        if enforced:
            total_failed += len(failures)
            ok = ok and not failures
        else:
            pending += len(failures)
    print(f"pofilter: {len(RUN)} tests run, {len(SKIPPED)} skipped (reasons in "
          f"tutor/tools/pofilter_check.py); {total_checked} messages checked, "
          f"{total_failed} failures" + (f", {pending} more in report-only domains"
                                         if pending else "") + ".")
    return ok
