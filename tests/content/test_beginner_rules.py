"""The rulebook and the FAQ state the rulings of RULES.md §5.1, §6 and §4.6 in every
language: 50 points do not end a beginner game, five different cities do; a player who
reaches 50 says so; the Grappling Hook may follow a roll with no hazard."""

from __future__ import annotations

import pytest

from tutor.content import faq, rules
from tutor.engine import data
from tutor.i18n import Translator


def text(rule_id: str, language: str) -> str:
    return rules.render(rules.get(rule_id), Translator(language))


@pytest.mark.parametrize("language", ["en", "fr", "hu"])
def test_the_beginner_end_is_stated_with_its_numbers(language: str) -> None:
    for rule_id in ("6.3", "6.4", "5.1.5"):
        said = text(rule_id, language)
        assert str(data.BEGINNER_CITIES_TO_END) in said, (rule_id, said)
    assert str(data.END_SCORE) in text("6.4", language)
    assert str(data.END_SCORE) in text("5.1.4", language)


def test_the_english_rules_say_that_points_do_not_end_a_beginner_game() -> None:
    assert "also" not in rules.get("6.3").text  # the cities are the end, not an extra one
    assert "does not end" in rules.get("6.4").text
    assert "never end" in rules.get("5.1.5").text
    assert "says so" in rules.get("5.1.4").text
    assert "no hazard" in rules.get("4.6.4").text


@pytest.mark.parametrize(("language", "no"), [("en", "No."), ("fr", "Non."), ("hu", "Nem.")])
def test_the_faq_answers_no_to_fifty_points_in_the_beginner_variant(language: str,
                                                                    no: str) -> None:
    entry = faq.get("beginner-end-score")
    assert entry is not None and "6.4" in entry.rules
    assert faq.render_answer(entry, Translator(language)).startswith(no)


def test_the_faq_cites_the_new_rulings() -> None:
    cited = {r for e in faq.entries() for r in e.rules}
    assert {"4.6.4", "5.1.4", "5.1.5", "6.3", "6.4"} <= cited
