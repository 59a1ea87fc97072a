"""The FAQ: enough entries, resting on rules that exist, covering every ruling and trap;
search that forgives accents, endings and the language."""

from __future__ import annotations

import re

import pytest

from tutor.content import faq, rules
from tutor.i18n import Translator

#: The traps the issue lists, and the entry that answers each.
TRAPS = {
    "captain cannot refuse when Equipment covers": "captain-must-pay",
    "Turbo never forced": "turbo-never-forced",
    "who may play Ejection": "who-plays-ejection",
    "who may play Jetpack": "who-plays-jetpack",
    "who may play Alternative Route": "alternative-route",
    "who may play Gust of Wind": "gust-of-wind",
    "Spyglass before Jetpack": "spyglass-before-jetpack",
    "leaving at an empty city": "leave-empty-city",
    "lone captain": "lone-captain",
    "last city running out": "last-city",
    "reshuffle": "reshuffle",
    "end checked only between voyages": "end-of-game",
    "ties": "ties",
    "beginner variant's five different cities": "beginner-variant",
    "public and hidden": "public-hidden",
    # What players ask that no entry answered before (issue 11).
    "who wins: the highest score, not the first to 50": "who-wins",
    "talking, persuading and bluffing": "talk-and-bluff",
    "counting the treasures left in a pile": "count-treasures",
    "saying so on reaching 50": "announce-fifty",
    "the + on city tiles": "plus-cities",
    "is a treasure worth its city's number": "treasure-value",
    "how many cards of each kind": "deck-contents",
    "what the Power cards do": "power-cards-overview",
    "when those who got off come back aboard": "back-aboard",
    "when the captain plays his cards": "captain-when-pay",
    "50 points do not end a beginner game": "beginner-end-score",
    "the Grappling Hook after a roll with no hazard": "hook-without-hazard",
}


def test_at_least_seventy_entries_with_unique_ids() -> None:
    ids = [e.id for e in faq.entries()]
    assert len(ids) >= 70
    assert len(ids) == len(set(ids))


def test_every_entry_rests_on_existing_rules_and_has_keywords() -> None:
    for entry in faq.entries():
        assert entry.rules and all(rules.exists(r) for r in entry.rules), entry.id
        assert entry.keywords, entry.id


def test_every_rule_section_is_answered_somewhere() -> None:
    cited = {r for e in faq.entries() for r in e.rules}
    for section in rules.sections():
        assert any(c == section.id or c.startswith(section.id + ".") for c in cited), (
            f"no FAQ entry rests on section {section.id}")


@pytest.mark.parametrize("trap", sorted(TRAPS))
def test_every_trap_has_its_entry(trap: str) -> None:
    assert faq.get(TRAPS[trap]) is not None


def test_no_number_is_typed_in_the_english_text() -> None:
    """Game numbers come from placeholders; a rule id in a command to type is no number."""
    for entry in faq.entries():
        for text in (entry.question, entry.answer, *entry.keywords):
            text = re.sub(r'"celestia rules [0-9.]+"', "", text)
            assert not re.search(r"[0-9]", re.sub(r"\{[a-z_]+\}", "", text)), entry.id


@pytest.mark.parametrize("language", ["fr", "hu"])
def test_translations_are_complete_and_filled(language: str) -> None:
    en, tr = Translator("en"), Translator(language)
    for entry in faq.entries():
        for render in (faq.render_question, faq.render_answer):
            translated = render(entry, tr)
            assert translated != render(entry, en), entry.id
            assert "{" not in translated and "}" not in translated, entry.id


def _top(query: str, language: str) -> str | None:
    found = faq.search(query, language)
    return found[0].id if found else None


@pytest.mark.parametrize(("query", "language", "expected"), [
    # accents and case do not matter
    ("kodkurt", "hu", "what-hazards"),
    ("KÖDKÜRT", "hu", "what-hazards"),
    ("debarquement", "fr", "who-plays-ejection"),
    ("egalite", "fr", "ties"),
    # plural and suffixed forms
    ("Débarquements", "fr", "who-plays-ejection"),
    ("katapulttal", "hu", "who-plays-ejection"),
    ("csáklyával", "hu", "grappling-hook"),
    ("turbos forced", "en", "turbo-never-forced"),
    ("refusing to pay", "en", "captain-must-pay"),
    # the obvious entry comes first
    ("lone captain", "en", "lone-captain"),
    ("capitaine seul", "fr", "lone-captain"),
    ("reshuffle", "en", "reshuffle"),
    ("húzópakli", "hu", "reshuffle"),
    ("spyglass jetpack", "en", "spyglass-before-jetpack"),
    ("tie", "en", "ties"),
    ("beginner", "hu", "beginner-variant"),
    ("leave empty pile", "en", "leave-empty-city"),
    # a rule id finds the entries resting on it
    ("3.3.4", "en", "no-new-decision-after-reroll"),
])
def test_search_finds_the_obvious_entry_first(query: str, language: str,
                                               expected: str) -> None:
    assert _top(query, language) == expected


def test_search_falls_back_to_the_other_languages() -> None:
    # Hungarian and French words, searched from English: found through their catalogs.
    assert _top("ködkürt", "en") == "what-hazards"
    assert _top("döntetlen", "en") == "ties"
    assert _top("longue-vue", "hu") is not None
    # The chosen language's matches come before the others'.
    found = [e.id for e in faq.search("jetpack", "hu", limit=10)]
    assert found[0] == "who-plays-jetpack"
    assert {"jetpack-treasure", "spyglass-before-jetpack"} <= set(found[:3])


def test_search_without_match_is_empty() -> None:
    assert faq.search("xylophone quasar", "en") == []
    assert faq.search("", "fr") == []


def test_search_respects_the_limit() -> None:
    assert len(faq.search("captain", "en", limit=2)) == 2


@pytest.mark.parametrize(("query", "language", "expected"), [
    ("the final town pile is out of cards, where do we stop now", "en", "last-city-empty"),
    ("az egyik kocka ures oldalra esett, azert kell fizetni valamit?", "hu", "blank-dice"),
])
def test_a_situation_asked_as_players_ask_it_reaches_its_entry(
        query: str, language: str, expected: str) -> None:
    """Questions worded like no entry's own, but like the example questions players ask
    about that entry (faq_examples.yaml): without the examples another entry comes first."""
    assert faq.search(query, language)[0].id == expected
    faq.hold_back([text for _, _, text in faq.example_questions()])
    try:
        assert faq.search(query, language)[0].id != expected
    finally:
        faq.hold_back(())


@pytest.mark.parametrize(("query", "language", "expected"), [
    ("all three dice came up blank, can i climb back with the hook", "en",
     "hook-without-hazard"),
    ("le de du brouillard est devenu blanc a la relance, faut encore la boussole ?", "fr",
     "reroll-then-pay"),
    ("minden kockan ures oldal van, visszamaszhatok a csaklyaval?", "hu",
     "hook-without-hazard"),
])
def test_the_words_that_tell_neighbouring_entries_apart_count(
        query: str, language: str, expected: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """All the example questions of an entry together (naive Bayes) tell it from a
    neighbour that shares most of its words (the Grappling Hook itself; Gust of Wind,
    which rerolls blanks), which its nearest example alone does not: without that
    factor, the neighbour comes first."""
    assert faq.search(query, language)[0].id == expected
    monkeypatch.setattr(faq, "BAYES_POWER", 0.0)
    assert faq.search(query, language)[0].id != expected


def test_every_entry_has_example_questions_in_every_language() -> None:
    asked = {(language, ident) for language, ident, _ in faq.example_questions()}
    missing = [(language, e.id) for e in faq.entries() for language in ("en", "fr", "hu")
               if (language, e.id) not in asked]
    assert not missing, missing


def test_an_unknown_word_of_the_query_s_language_brings_no_other_language() -> None:
    """"…or are we just doomed": an English word the English texts lack is no reason to
    read the query in French or Hungarian, which leave more of it unmatched."""
    query = "captain played his last card last step, does he still roll or are we just doomed"
    assert [e.id for e in faq.search(query, "en", limit=5)] == [
        e.id for e in faq.search(query.replace(" or are we just doomed", ""), "en", limit=5)]
