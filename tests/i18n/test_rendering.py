"""Every French and Hungarian message, rendered with sample values the way the program
renders it, reads right: Hungarian puts "a" or "az" before a number as the number is read
aloud and gives number suffixes their harmony ("az 1-es", "a 6-ra"); French puts a narrow
no-break space before : ; ! ? and inside « », and never leaves it out.

Each message is rendered several times, with every number set to 1, 2, 5, 6, 20, 25 and
50 in turn (cities to the game's values), names that the grammar module can and cannot
judge, and game terms, so that every article and suffix a translation asks for is tried.
A domain listing "rendering" under report_only in locales/domains.toml is reported as an
expected failure (XFAIL, or XPASS once fixed: then remove the switch).
"""

import re
from pathlib import Path
from typing import Any

import pytest

from tutor import grammar
from tutor.content.values import NAMES as CONTENT_VALUES
from tutor.content.values import Values
from tutor.i18n import Translator
from tutor.site.typography import PROTECTED
from tutor.tools import catalogs as tool
from tutor.tools.checks import placeholders

CITIES = {"city", "dest", "first_city", "last_city", "start_city", "position"}
PEOPLE = {"player", "captain", "target", "actor", "said", "learner"}
TERMS = {"card": "ejection", "cards": "compass+turbo", "dice": "fog blank",
         "faces": ("fog", "blank"), "face": "fog", "treasure": "spyglass", "hazard": "fog",
         "equipment": "compass"}
TEXTS = {"action", "actions", "actual", "allowed", "available", "bot", "choice", "choices",
         "close", "default", "designer", "detail", "error", "expected", "file", "format",
         "heading", "hint", "id", "ids", "item", "key", "kind", "kinds", "known", "language",
         "legal", "message", "name", "names", "option", "other", "outcome", "output", "page",
         "path", "predecessor", "query", "reason", "rule", "rules", "section", "style",
         "styles", "terms", "text", "title", "variant", "where", "why", "prog", "matches",
         "argument_name", "filename", "parser_name", "type", "value_text", "treasures",
         "values", "bots"}
PERCENTS = {"chance", "rate", "share"}
DECIMALS = {"mean", "best", "spread", "seconds", "games_per_second"}
#: The values every number takes in turn, and the cities that go with them.
ROUNDS = [(1, 1), (2, 2), (5, 6), (6, 6), (20, 20), (25, 25), (50, 9)]
NAMES_TRIED = ["Ada", "Bruno", "Kate"]


def sample(name: str, number: int, city: int, person: str, tr: Translator,
           values: Values) -> Any:
    if name in CITIES:
        return city
    if name in PEOPLE:
        return person
    if name == "players":
        return tr.join([person, "Nimbus"])
    if name == "positions":
        return tr.join([tr.number(number), "3"])
    if name in TERMS:
        return tr.term_value(name, TERMS[name])
    if name in CONTENT_VALUES:
        return values[name]
    if name in PERCENTS:
        return tr.percent(0.423)
    if name in DECIMALS:
        return tr.number(12.5)
    if name == "section":
        return "3.4"
    if name in TEXTS:
        return "zork"
    return tr.number(number)


def rendered(message: Any, language: str, number: int, city: int, person: str) -> list[str]:
    """The message's translation(s) filled as the program fills them."""
    tr = Translator(language).with_genders({"Ada": "f", "Bruno": "m"})
    values = Values(language)
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    ids = message.id if isinstance(message.id, tuple) else (message.id,)
    out = []
    for index, text in enumerate(strings):
        english = ids[min(index, len(ids) - 1)]
        names = placeholders(english) or set()
        if language == "fr":
            text = grammar.french_typography(text)
        percent = {n[2:-1] for n in names if n.startswith("%(")}
        params = {n: sample(n, number, city, person, tr, values) for n in names
                  if not n.startswith("%(")}
        if percent:
            out.append(text % {n: sample(n, number, city, person, tr, values)
                               for n in percent})
        elif "%s" in text or "%r" in text:
            out.append(text)
        else:
            out.append(grammar.GrammarFormatter(language, tr.gender_of).vformat(text, (),
                                                                                  params))
    return out


# --- what is checked in the rendered text -------------------------------------------------

HU_ARTICLE = re.compile(r"(?<![\w\-])([Aa]z?) (\d[\d\u00a0\u202f]*)(?![\d,])")
HU_SUFFIX = re.compile(r"(?<![\w.,])(\d+)-([a-záéíóöőúüű]+)")
FR_WIDE_SPACE = re.compile(r"[ \u00a0](?=[;:!?»])|«[ \u00a0]")
FR_NO_SPACE = re.compile(r"(?<=[^\W\d_]|[»)])[;!?](?=\s|$)|(?<=[^\W\d_]|[»)]):(?=\s|$)")
#: Code quoted in French messages, where a colon has no space before it: an id, a
#: ``city:value``, a YAML mapping written inline (``{min: N}``), typed as it is.
FR_CODE = re.compile(r"\bid: \"|\b\w+:\w+|\{[^{}]*\}")


def hungarian_problems(text: str) -> list[str]:
    problems = []
    if "a(z)" in text.lower():
        problems.append("a(z)")
    for match in HU_ARTICLE.finditer(text):
        article, number = match.group(1), match.group(2).rstrip()
        if article.lower() != grammar.hu_article(number):
            problems.append(f"{match.group()!r}: write {grammar.hu_article(number)} {number}")
    for match in HU_SUFFIX.finditer(text):
        number, suffix = match.groups()
        try:
            right = grammar.hu_inflect(int(number), "-" + suffix)
        except grammar.GrammarError:
            continue  # not a case ending
        if right != match.group():
            problems.append(f"{match.group()!r}: write {right!r}")
    return problems


def _near(text: str, match: re.Match[str]) -> str:
    return repr(text[max(0, match.start() - 15):match.end() + 5])


def french_problems(text: str) -> list[str]:
    problems = [f"a wide space before {m.group()[-1]!r} near {_near(text, m)}"
                for m in FR_WIDE_SPACE.finditer(text)]
    code = FR_CODE.sub("", text)
    for name in PROTECTED:  # a brand written with its own punctuation ("Blam!")
        code = code.replace(name, name[:-1])
    problems += [f"no space before {m.group()!r} near {_near(code, m)}"
                 for m in FR_NO_SPACE.finditer(code)]
    return problems


def _catalogs() -> list:
    params = []
    for language in tool.TRANSLATED:
        for domain in tool.domains():
            reason = tool.pending(domain, "rendering")
            marks = [pytest.mark.xfail(reason=reason)] if reason else []
            params.append(pytest.param(language, domain, marks=marks, id=f"{language}-{domain}"))
    return params


@pytest.mark.parametrize(("language", "domain"), _catalogs())
def test_every_message_renders_and_reads_right(language: str, domain: str) -> None:
    found = []
    for message in tool.read(tool.po_path(language, domain), locale=language):
        if not message.id:
            continue
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        seen: set[str] = set()
        for (number, city) in ROUNDS:
            for person in NAMES_TRIED:
                try:
                    texts = rendered(message, language, number, city, person)
                except (KeyError, ValueError, IndexError, TypeError) as err:
                    found.append(f"{msgid[:60]!r} does not render: {err}")
                    break
                for text in texts:
                    if text in seen:
                        continue
                    seen.add(text)
                    check = hungarian_problems if language == "hu" else french_problems
                    found += [f"{problem} in {text[:90]!r}" for problem in check(text)]
    assert not found, f"{language} {domain}:\n  " + "\n  ".join(dict.fromkeys(found))


@pytest.mark.parametrize(("text", "ok"), [
    ("A léghajó az 1-es szigetre ér.", True), ("A léghajó a 1-es szigetre ér.", False),
    ("Az 50 pontba semmi sem számít.", True), ("Abba a 50 pontba.", False),
    ("a 6-osra", True), ("a 6-esre", False), ("a(z) 2. bejegyzés", False),
])
def test_the_hungarian_check_tells_right_from_wrong(text: str, ok: bool) -> None:
    assert (not hungarian_problems(text)) is ok


@pytest.mark.parametrize(("text", "ok"), [
    ("Scores\u202f: 4", True), ("Scores : 4", False), ("Scores: 4", False),
    ("«\u202fx\u202f»", True), ("« x »", False), ("Vous avez gagné\u202f!", True),
    ("Vous avez gagné!", False), ("(écrivez id: \"3.4\")", True), ("NOM:VALEURS", True),
])
def test_the_french_check_tells_right_from_wrong(text: str, ok: bool) -> None:
    assert (not french_problems(text)) is ok


def test_sample_catalog_paths_exist() -> None:
    for language in tool.TRANSLATED:
        for domain in tool.domains():
            assert Path(tool.po_path(language, domain)).exists()
