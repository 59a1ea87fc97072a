"""Translator: catalogs, English fallback per string, Babel formatting, game terms."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

import tutor.i18n as i18n
from tutor.cli import main
from tutor.engine import Options, ScriptedChance, State
from tutor.engine.messages import CelestiaError, Event
from tutor.i18n import Translator


@pytest.fixture
def locale_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A catalog folder of our own, in place of the shipped one."""
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n.catalog.cache_clear()
    yield tmp_path
    i18n.catalog.cache_clear()


def _compile(folder: Path, language: str, domain: str, entries: dict) -> None:
    catalog = Catalog(locale=language, domain=domain)
    for msgid, msgstr in entries.items():
        catalog.add(msgid, msgstr)
    target = folder / language / "LC_MESSAGES" / f"{domain}.mo"
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("wb") as handle:
        write_mo(handle, catalog)


def test_a_missing_string_falls_back_to_english_alone(locale_dir: Path) -> None:
    _compile(locale_dir, "fr", "celestia", {"Scores:": "Scores :"})
    tr = Translator("fr")
    assert tr.gettext("Scores:") == "Scores\u202f:"  # French typography added
    assert tr.gettext("A sentence nobody translated.") == "A sentence nobody translated."
    assert tr.format("{player} waves.", player="Ann") == "Ann waves."


def test_every_domain_of_a_language_is_consulted(locale_dir: Path) -> None:
    _compile(locale_dir, "hu", "celestia", {"Scores:": "Pontszámok:"})
    _compile(locale_dir, "hu", "content", {"Setting up": "Előkészületek"})
    tr = Translator("hu")
    assert (tr.gettext("Scores:"), tr.gettext("Setting up")) == ("Pontszámok:", "Előkészületek")


def test_a_translation_with_broken_placeholders_shows_the_english(locale_dir: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("tutor.i18n.STRICT", False)  # the program's own behaviour
    _compile(locale_dir, "fr", "celestia", {"{player} leaves.": "{joueur} descend."})
    assert Translator("fr").format("{player} leaves.", player="Ann") == "Ann leaves."


@pytest.mark.parametrize("damage", [b"", b"not a catalog at all", b"\xde\x12\x04\x95" + b"\0" * 9])
def test_a_damaged_catalog_is_a_clear_error_not_a_traceback(
        locale_dir: Path, damage: bytes, capsys: pytest.CaptureFixture[str]) -> None:
    target = locale_dir / "fr" / "LC_MESSAGES" / "celestia.mo"
    target.parent.mkdir(parents=True)
    target.write_bytes(damage)
    assert main(["glossary", "compass", "--lang", "fr"]) == 2
    err = capsys.readouterr().err
    assert "celestia.mo" in err and "--lang" in err and "Traceback" not in err


def test_numbers_and_lists_follow_the_language() -> None:
    en, fr, hu = Translator("en"), Translator("fr"), Translator("hu")
    assert en.number(12345) == "12,345"
    assert fr.number(12345) == "12\u202f345"
    assert hu.number(12345) == "12\xa0345"
    items = ["a", "b", "c"]
    assert (en.join(items, "or"), fr.join(items, "or"), hu.join(items, "or")) == \
        ("a, b, or c", "a, b ou c", "a, b vagy c")
    assert (en.join(items), fr.join(items), hu.join(items)) == \
        ("a, b, and c", "a, b et c", "a, b és c")


def test_plurals_choose_the_form_and_format_the_count() -> None:
    en = Translator("en")
    assert en.nformat("{n} card", "{n} cards", 1) == "1 card"
    assert en.nformat("{n} card", "{n} cards", 1500) == "1,500 cards"
    assert en.nformat("{player} holds {n} card", "{player} holds {n} cards", 2,
                      player="Bo") == "Bo holds 2 cards"


@pytest.mark.parametrize(("language", "card", "faces", "treasure"), [
    ("en", "compass", "fog and blank", "Magic Spyglass"),
    ("fr", "boussole", "brouillard et face vide", "Longue-vue magique"),
    ("hu", "iránytű", "köd és üres oldal", "távcső"),
])
def test_game_terms_in_messages_use_the_glossary(language: str, card: str, faces: str,
                                                 treasure: str) -> None:
    tr = Translator(language)
    assert tr.term_value("card", "compass") == card
    assert tr.term_value("faces", ("fog", "blank")) == faces
    assert tr.term_value("dice", "fog blank") == faces
    assert tr.term_value("treasure", "spyglass") == treasure
    # Numbers stay numbers; what a person typed is shown as typed; other params untouched.
    assert tr.term_value("treasure", "12") == "12"
    assert tr.term_value("card", "compas") == "compas"
    assert tr.term_value("player", "compass") == "compass"
    rendered = tr.message(Event("pay", "{player} pays: {card}.", {"player": "Ann",
                                                                  "card": "compass"}))
    assert card in rendered and "Ann" in rendered


def test_an_engine_error_names_the_card_in_the_readers_language() -> None:
    state = State(Options(players=3, first_captain=0), seats=["Ann", "Bob", "Cy"])
    hands = [["compass"] * 8, ["cannon"] * 8, ["turbo"] * 8]
    chance = ScriptedChance(hands=hands, rolls=[["fog", "blank"]], fallback=None)
    from tutor.engine import CHANCE

    while state.actor == CHANCE:
        state.apply(chance.outcome(state))
    errors = []
    for _ in range(40):
        actions = state.legal_actions()
        if state.phase == "payment":
            break
        state.apply("stay" if "stay" in actions else "pass" if "pass" in actions
                    else actions[0])
        while state.actor == CHANCE:
            state.apply(chance.outcome(state))
    assert state.phase == "payment"
    try:
        state.apply("pay cannon")
    except CelestiaError as err:
        errors.append(err)
    assert errors and "cannon" in errors[0].params.values()
    assert "canon" in Translator("fr").message(errors[0])
    assert "ágyú" in Translator("hu").message(errors[0])


def test_percentages_follow_each_language() -> None:
    assert Translator("en").percent(0.683) == "68.3%"
    assert Translator("fr").percent(0.683) == "68,3\u00a0%"
    assert Translator("hu").percent(0.683) == "68,3%"


def test_an_error_about_a_count_takes_the_plural_form_of_its_n(locale_dir: Path) -> None:
    catalog = Catalog(locale="fr", domain="celestia")
    # Babel's French has three forms (the second for millions): one text for both plurals.
    catalog.add(("{n} lesson is short.", "{n} lessons are short."),
                ("{n} leçon est courte.", "{n} leçons sont courtes.",
                 "{n} leçons sont courtes."))
    target = locale_dir / "fr" / "LC_MESSAGES" / "celestia.mo"
    target.parent.mkdir(parents=True)
    with target.open("wb") as handle:
        write_mo(handle, catalog)
    i18n.catalog.cache_clear()

    def error(n: int) -> CelestiaError:
        return CelestiaError("{n} lesson is short.", plural="{n} lessons are short.", n=n)

    assert [error(n).english() for n in (1, 2)] == ["1 lesson is short.",
                                                    "2 lessons are short."]
    french = Translator("fr")
    assert [french.message(error(n)) for n in (0, 1, 2, 1234)] == [
        "0 leçon est courte.", "1 leçon est courte.", "2 leçons sont courtes.",
        "1\u202f234 leçons sont courtes."]


def test_under_test_a_translation_that_cannot_be_filled_is_an_error(locale_dir: Path) -> None:
    """The suite runs with ``STRICT`` on (tests/conftest.py): the English fallback above
    would hide, say, a French article asked of a value that has no gender."""
    from tutor.i18n import UnfilledTranslation

    _compile(locale_dir, "fr", "celestia", {"{player} leaves.": "{joueur} descend."})
    with pytest.raises(UnfilledTranslation, match="joueur"):
        Translator("fr").format("{player} leaves.", player="Ann")
