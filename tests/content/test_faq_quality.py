"""The FAQ answers real players' questions: the evaluation set ``faq_queries.tsv`` (whole
questions, keywords, missing accents and typos, written from what players ask in public,
at least 60 per language) must find its entry first for at least 90 % of the queries of
each language, and among the first three for all of them."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.content import faq
from tutor.i18n import LANGUAGES

QUERIES = Path(__file__).with_name("faq_queries.tsv")


def read_queries() -> list[tuple[str, str, str]]:
    found = []
    for line in QUERIES.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            language, expected, query, *_ = line.split("\t")
            found.append((language, expected, query))
    return found


EVALUATION = read_queries()


def test_the_evaluation_set_is_large_and_names_real_entries() -> None:
    ids = {e.id for e in faq.entries()}
    for language in LANGUAGES:
        assert sum(1 for lang, _, _ in EVALUATION if lang == language) >= 60, language
    assert {expected for _, expected, _ in EVALUATION} <= ids
    # Every query says where it comes from: a page's address, the audit, or our words.
    for line in QUERIES.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            source = line.split("\t")[3]
            assert source.startswith(("http", "audit", "issue", "own wording")), line


@pytest.mark.parametrize("language", LANGUAGES)
def test_first_answers_for_real_questions(language: str) -> None:
    queries = [(expected, query) for lang, expected, query in EVALUATION if lang == language]
    firsts, misses = 0, []
    for expected, query in queries:
        top = [e.id for e in faq.search(query, language, limit=3)]
        if top[:1] == [expected]:
            firsts += 1
        if expected not in top:
            misses.append((query, expected, top))
    assert not misses, f"not in the first three: {misses}"
    assert firsts / len(queries) >= 0.9, f"{language}: {firsts}/{len(queries)} first"
