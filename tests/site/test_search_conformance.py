"""One search: the built site's search page gives the first answers of ``celestia faq``.

Every query of the FAQ's evaluation sets (tests/content/faq_*.tsv) and a few rule numbers
go through the Python search and through the built page's own scripts, run in Node.js as
the page runs them (tests/site/js/search_page.js); the first FAQ answer on the page must
be ``celestia faq``'s first answer, for every query, and a rule's number must bring that
rule first.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tutor.content import faq
from tutor.i18n import LANGUAGES

CONTENT = Path(__file__).resolve().parents[1] / "content"
RUNNER = Path(__file__).resolve().parent / "js" / "search_page.js"
SETS = ("faq_queries.tsv", "faq_heldout.tsv", "faq_situations.tsv",
        "faq_situations_heldout.tsv", "faq_fresh.tsv", "faq_fresh2.tsv", "faq_fresh3.tsv",
        "faq_fresh4.tsv", "faq_fresh5.tsv", "faq_fresh6.tsv",
        "faq_fresh7.tsv", "faq_fresh8.tsv", "faq_fresh9.tsv", "faq_fresh10.tsv")
#: Rule numbers as players type them, with the rule's anchor that must come first.
RULE_QUERIES = [
    ("en", "3.4.2", "rule-3-4-2"), ("en", "rule 3.4", "rule-3-4"),
    ("en", "what does rule 3.9.3 say", "rule-3-9-3"), ("fr", "règle 3.5", "rule-3-5"),
    ("fr", "regle 4.2.1 jetpack", "rule-4-2-1"), ("hu", "szabály 5.2", "rule-5-2"),
    ("hu", "5.1.1", "rule-5-1-1"), ("en", "§3.4.3?", "rule-3-4-3"),
]


def queries(language: str) -> list[str]:
    found = []
    for name in SETS:
        for line in (CONTENT / name).read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                lang, _, query, *_ = line.split("\t")
                if lang == language:
                    found.append(query)
    return found


def page_answers(site: Path, language: str, asked: list[str]) -> list[list[str]]:
    """The anchors of the first results of each query on the built search page."""
    node = shutil.which("node")
    if node is None:
        if os.environ.get("CI"):
            pytest.fail("Node.js is required in CI (CI is set) but is missing")
        pytest.skip("Node.js is not installed")
    done = subprocess.run([node, str(RUNNER), str(site), language], input=json.dumps(asked),
                          capture_output=True, text=True, check=False, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_page_gives_the_first_answer_of_celestia_faq(site: Path, language: str) -> None:
    asked = queries(language)
    assert len(asked) >= 170  # the four sets, in this language
    differ = []
    for query, anchors in zip(asked, page_answers(site, language, asked), strict=True):
        expected = [f"faq-{e.id}" for e in faq.search(query, language, limit=1)]
        first = [a for a in anchors if a.startswith("faq-")][:1]
        if first != expected:
            differ.append((query, expected, first))
    assert not differ, differ


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_rule_number_brings_that_rule_first(site: Path, language: str) -> None:
    mine = [(query, anchor) for lang, query, anchor in RULE_QUERIES if lang == language]
    found = page_answers(site, language, [query for query, _ in mine])
    for (query, anchor), anchors in zip(mine, found, strict=True):
        assert anchors[:1] == [anchor], (query, anchors[:3])
        assert faq.rule_refs(query)[0] == anchor.removeprefix("rule-").replace("-", ".")


def test_an_answer_shows_its_first_sentence(site: Path) -> None:
    """A result shows the answer itself: under the question, the answer's first sentence
    (with the next when the first is only "No.")."""
    text = (site / "en" / "searchindex-celestia.js").read_text(encoding="utf-8")
    index = json.loads(text[text.index("=") + 1:].rstrip().rstrip(";"))
    units = {unit[1]: unit for unit in index["units"]}
    unit = units["faq-captain-draws-after-paying"]
    assert unit[2] == "Does the captain draw new cards after paying?"
    assert unit[3] == ("No. The cards he pays are discarded and nothing replaces them "
                       "during the voyage.")
    found = page_answers(site, "en", ["does the captain draw after he paid"])[0]
    assert found[0] == "faq-captain-draws-after-paying"


@pytest.mark.parametrize(("language", "query", "anchor"), [
    ("en", "the final town pile is out of cards, where do we stop now", "faq-last-city-empty"),
    ("hu", "holtverseny van a vegen, ki nyer", "faq-ties"),
])
def test_the_page_compares_with_the_example_questions(site: Path, language: str, query: str,
                                                      anchor: str) -> None:
    """A situation that reaches its entry only through the questions players ask about
    it (tutor/content/faq_examples.yaml) reaches it on the page too."""
    anchors = page_answers(site, language, [query])[0]
    assert [a for a in anchors if a.startswith("faq-")][:1] == [anchor]


@pytest.mark.parametrize(("query", "entry"), [
    ("56 partout qui gagne", "ties"),
    ("il vient de passer à 57, ça s'arrête ?", "end-of-game"),
    ("on peut jouer a plus de 6 ?", "player-count"),
    ("le cap a pris 3 des pour la 9", "how-many-dice"),
])
def test_a_rewritten_phrase_takes_any_number_on_the_page(site: Path, query: str,
                                                         entry: str) -> None:
    """A players' phrase written once for every number ("56 partout" is a tie at any
    score, "passer à 57" reaches one) is read so by the page as by ``celestia faq``."""
    assert [e.id for e in faq.search(query, "fr", limit=1)] == [entry]
    anchors = page_answers(site, "fr", [query])[0]
    assert [a for a in anchors if a.startswith("faq-")][:1] == [f"faq-{entry}"]


def test_an_answer_comes_before_a_worked_example(site: Path) -> None:
    """A lesson that shares the query's words comes after the FAQ's answer."""
    for query in ("the turbo and when the captain may refuse it", "lone captain"):
        anchors = page_answers(site, "en", [query])[0]
        faq_at = next(n for n, a in enumerate(anchors) if a.startswith("faq-"))
        lessons = [n for n, a in enumerate(anchors) if a.startswith("lesson-")]
        assert all(n > faq_at for n in lessons), (query, anchors)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_page_agrees_on_any_words(site: Path, language: str) -> None:
    """Beyond the evaluation sets: queries made of the FAQ's own words, stop words, rule
    numbers, typos, accents, contractions and odd characters, in a fixed random order,
    get the same first FAQ answer on the page."""
    import random

    from tutor.content import search

    rng = random.Random(21)
    tables = faq.page_data()["languages"][language]
    words = [*tables["spellings"], *search.page_tables()["stop_by_language"][language],
             "3.4.2", "rule", "règle", "szabály", "2", "25", "?", ",", "l'aéronef",
             "joue-t-il", "doesnt", "ki", "után", "après", "already", "déjà", "már",
             "ÉCRASÉ", "Ködkürtöt", "x" * 40, "🙂", "ß", "les des"]
    asked = []
    for _ in range(200):
        chosen = [rng.choice(words) for _ in range(rng.randint(1, 9))]
        asked.append(" ".join(w[:2] + w[3:] if len(w) > 4 and rng.random() < 0.2 else w
                              for w in chosen))
    differ = []
    for query, anchors in zip(asked, page_answers(site, language, asked), strict=True):
        expected = [f"faq-{e.id}" for e in faq.search(query, language, limit=1)]
        first = [a for a in anchors if a.startswith("faq-")][:1]
        if first != expected:
            differ.append((query, expected, first))
    assert not differ, differ
