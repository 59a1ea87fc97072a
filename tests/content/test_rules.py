"""The rulebook's content: ids that follow RULES.md, numbers from the engine's data,
complete translations, tables built from the data, unknown ids."""

from __future__ import annotations

import re

import pytest

from tutor.content import about, loader, rules, values
from tutor.engine import data
from tutor.i18n import Translator

SECTION_IDS = ["1", "1.1", "1.2", "1.3", "2", "3", *(f"3.{n}" for n in range(10)), "4",
               *(f"4.{n}" for n in range(1, 7)), "5", *(f"5.{n}" for n in range(1, 5)),
               "6", "7"]
#: Titles whose French or Hungarian form is, by the glossary, the English word itself.
SAME_IN_TRANSLATION = {"Jetpack"}


def english_texts() -> list[tuple[str, str]]:
    found = []
    for section in rules.sections():
        found.append((section.id, section.title))
        if section.text:
            found.append((section.id, section.text))
        found += [(rule.id, rule.text) for rule in section.rules]
    return found


def test_section_ids_follow_rules_md_in_order() -> None:
    assert [s.id for s in rules.sections()] == SECTION_IDS


def test_statement_ids_are_unique_and_numbered_within_their_section() -> None:
    ids = rules.ids()
    assert len(ids) == len(set(ids))
    for section in rules.sections():
        assert [r.id for r in section.rules] == [
            f"{section.id}.{n}" for n in range(1, len(section.rules) + 1)]


def test_every_cross_reference_exists() -> None:
    for section in rules.sections():
        for rule in section.rules:
            assert all(rules.exists(ref) for ref in rule.see), rule.id


def test_no_number_is_typed_in_the_english_text() -> None:
    for ident, text in english_texts():
        without_placeholders = re.sub(r"\{[a-z_]+\}", "", text)
        assert not re.search(r"[0-9]", without_placeholders), (ident, text)


@pytest.mark.parametrize("language", ["fr", "hu"])
def test_translations_are_complete_and_filled(language: str) -> None:
    en, tr = Translator("en"), Translator(language)
    for section in rules.sections():
        if section.title not in SAME_IN_TRANSLATION:
            assert rules.title(section, tr) != rules.title(section, en), section.id
        items = [section, *section.rules] if section.text else section.rules
        for item in items:
            translated = rules.text(item, tr)
            assert translated != rules.text(item, en), item.id
            assert "{" not in translated and "}" not in translated, item.id


def test_numbers_are_filled_in_from_the_engine_data(monkeypatch: pytest.MonkeyPatch) -> None:
    en = Translator("en")
    assert str(data.END_SCORE) in rules.text(rules.get("5.1.1"), en)
    # A change in the data is a change in the rule text: nothing is retyped.
    monkeypatch.setattr(data, "END_SCORE", 61)
    monkeypatch.setattr(data, "HAND_SIZE", {2: 9, 3: 9, 4: 7, 5: 7, 6: 7})
    values.for_language.cache_clear()
    try:
        assert "61 points" in rules.text(rules.get("5.1.1"), en)
        assert "deal 9 cards" in rules.text(rules.get("2.3"), en)
        assert "61 pontot" in rules.text(rules.get("5.1.1"), Translator("hu"))
    finally:
        values.for_language.cache_clear()


def test_lists_follow_the_language() -> None:
    assert "1, 2, 4 et 6" in rules.text(rules.get("1.2.4"), Translator("fr"))
    # Hungarian names each city with its article and suffix: "the 1-es, 2-es… islands".
    assert "Az 1-es, a 2-es, a 4-es és a 6-os sziget" in rules.text(rules.get("1.2.4"),
                                                                    Translator("hu"))


def test_get_returns_sections_and_statements() -> None:
    section = rules.get("3.4")
    assert isinstance(section, rules.Section)
    assert section.title == "Captain faces the dice"
    statement = rules.get("3.4.3")
    assert isinstance(statement, rules.Rule)
    assert "never forced to play a Turbo" in statement.text
    assert [s.id for s in rules.children(rules.get("5"))] == ["5.1", "5.2", "5.3", "5.4"]


def test_unknown_id_names_close_ids() -> None:
    with pytest.raises(rules.UnknownRule) as caught:
        rules.get("3.44")
    message = Translator("en").message(caught.value)
    assert '"3.44"' in message and "3.4" in message and "3.4.4" in message
    with pytest.raises(rules.UnknownRule) as caught:
        rules.get("banana")
    assert "3.9" in Translator("fr").message(caught.value)


def test_render_gives_every_statement_of_a_section_and_its_subsections() -> None:
    text = rules.render(rules.get("3"), Translator("hu"))
    for ident in ["3.0.1", "3.4.5", "3.9.3"]:
        assert ident in text
    assert "kapitány" in text


def test_tables_are_built_from_the_data() -> None:
    tr = Translator("en")
    head, rows = rules.table_rows("cities", tr)
    assert head[0] == "City"
    assert [int(r[0]) for r in rows] == list(data.CITY_VALUES)
    for row in rows[1:]:
        assert int(row[1]) == data.DICE_TO_REACH[int(row[0])]
    assert [int(r[3]) for r in rows] == [len(data.pile_composition(c)) for c in data.CITY_VALUES]
    _, deck = rules.table_rows("deck", Translator("fr"))
    assert deck[0][0] == "Boussole"
    # Every row is a card; the decks' totals are said under the table, not as cards.
    assert sum(int(r[2]) for r in deck) == sum(data.deck_composition(grappling_hook=True)
                                               .values())
    note = rules.table_note("deck", Translator("fr"))
    assert f"{sum(data.deck_composition().values())}\u00a0cartes" in note
    assert f"{sum(data.deck_composition(data.BEGINNER).values())}." in note
    _, faces = rules.table_rows("faces", Translator("hu"))
    assert sum(int(r[2]) for r in faces) == len(data.DIE_FACES)
    _, hands = rules.table_rows("hands", tr)
    assert {int(r[0]): int(r[1]) for r in hands} == data.HAND_SIZE


def test_about_facts_come_from_the_data() -> None:
    for language in ("en", "fr", "hu"):
        tr = Translator(language)
        facts = dict(about.facts(tr))
        assert data.DESIGNER in facts[tr.gettext("Designer")]
        assert data.ILLUSTRATOR in facts[tr.gettext("Illustrator")]
        assert str(data.PUBLISHED) in facts[tr.gettext("Published")]
        text = about.render(tr)
        assert data.PREDECESSOR in text and str(data.MIN_AGE) in text
        assert "{" not in text
    assert about.render(Translator("fr")) != about.render(Translator("en"))


def test_parsed_yaml_caches_are_up_to_date() -> None:
    import json

    for path in sorted(loader.FOLDER.glob("*.yaml")):
        cache = loader.cache_path(path.name)
        digest = loader.digest(path.read_text(encoding="utf-8").encode())
        assert cache.exists() and json.loads(cache.read_text())["digest"] == digest, (
            f"{cache.name} is stale: run python -m tutor.content.loader and commit it")
