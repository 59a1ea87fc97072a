"""The rulebook site without a browser: what the build writes, in every language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import snowballstemmer
from babel.messages.pofile import read_po

from tutor.cli import main
from tutor.content import faq, rules
from tutor.engine import data
from tutor.i18n import LANGUAGES, Translator
from tutor.site import build as site_build
from tutor.site import examples, pictures, render, rst, sphinx_catalog
from tutor.site.search_hu import stem
from tutor.site.terms import label

PAGE_IDS = list(render.pages())


def html_files(site: Path, language: str) -> list[Path]:
    return sorted((site / language).glob("*.html"))


def anchors(path: Path) -> set[str]:
    return set(re.findall(r'id="([^"]+)"', path.read_text(encoding="utf-8")))


def test_every_page_is_built_in_every_language(site: Path) -> None:
    for language in LANGUAGES:
        built = {p.stem for p in html_files(site, language)}
        assert set(PAGE_IDS) <= built, f"{language}: missing {set(PAGE_IDS) - built}"
    assert (site / "index.html").is_file()


@pytest.mark.parametrize("language", ["fr", "hu"])
def test_every_page_title_is_translated(language: str) -> None:
    tr = Translator(language)
    for page_id in PAGE_IDS:
        english = render.pages()[page_id]["title"]
        assert render.page_title(page_id, tr) != english, page_id


@pytest.mark.parametrize("language", LANGUAGES)
def test_switcher_links_point_at_the_same_page(site: Path, language: str) -> None:
    for path in html_files(site, language):
        text = path.read_text(encoding="utf-8")
        links = re.findall(r'<a class="celestia-switch" href="([^"]+)" hreflang="(\w+)"', text)
        # Top bar and sidebar: each other language twice.
        assert sorted({code for _, code in links}) == sorted(set(LANGUAGES) - {language})
        for href, code in links:
            target = (path.parent / href).resolve()
            assert target == (site / code / path.name).resolve()
            assert target.is_file()


def test_no_external_assets(site: Path) -> None:
    """Scripts, styles, images and fonts all come from the site itself (works offline)."""
    pattern = re.compile(r'<(?:script|link|img|iframe|source)\b[^>]*\b(?:src|href)="'
                         r'(?:https?:)?//', re.I)
    for path in site.rglob("*.html"):
        assert not pattern.search(path.read_text(encoding="utf-8")), path
    for path in site.rglob("*.css"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"url\(\s*['\"]?(?:https?:)?//|@import", text), path


def test_every_rule_has_one_home_on_the_site(site: Path) -> None:
    """Each section and statement of the rulebook is rendered, with its anchor on exactly
    one page: the site shows all the rules and repeats none as its own."""
    wanted = {"rule-" + rule_id.replace(".", "-") for rule_id in rules.ids()}
    homes: dict[str, list[str]] = {}
    for path in html_files(site, "en"):
        for anchor in anchors(path) & wanted:
            homes.setdefault(anchor, []).append(path.name)
    assert set(homes) == wanted
    assert all(len(pages) == 1 for pages in homes.values()), homes


@pytest.mark.parametrize("language", LANGUAGES)
def test_rule_texts_come_from_the_one_source(site: Path, language: str) -> None:
    tr = Translator(language)
    page = (site / language / "payment.html").read_text(encoding="utf-8")
    for rule in rules.get("3.4").rules:
        words = rst.squash(rules.text(rule, tr)).replace("'", "\u2019")
        # Sphinx only changes the apostrophes (and keeps no-break spaces as they are).
        assert words[:60] in page.replace("'", "\u2019"), rule.id


def test_faq_page_has_every_entry(site: Path) -> None:
    found = anchors(site / "en" / "faq.html")
    assert {f"faq-{entry.id}" for entry in faq.entries()} <= found


def test_tables_show_the_engine_numbers(site: Path) -> None:
    page = (site / "en" / "components.html").read_text(encoding="utf-8")
    for city in data.CITY_VALUES:
        assert f"<td><p>{city}</p></td>" in page
    total = sum(data.deck_composition().values())
    assert f"<td><p>{total}</p></td>" in (site / "en" / "powers.html").read_text("utf-8")


@pytest.mark.parametrize("language", LANGUAGES)
def test_pictures_are_labelled_in_the_page_language(language: str) -> None:
    tr = Translator(language)
    hazards = pictures.hazards(tr)
    for hazard, equipment in data.ANSWERS.items():
        assert f">{label(hazard, language)}<" in hazards
        assert f">{label(equipment, language)}<" in hazards
    route = pictures.route(tr)
    for city in data.CITY_VALUES:
        assert f">{city}<" in route
    for dice in set(data.DICE_TO_REACH.values()):
        assert tr.ngettext("{count} die", "{count} dice", dice).format(count=dice) in route
    die = pictures.die_faces(tr)
    assert die.count("<rect") >= len(data.DIE_FACES)


def test_worked_examples_play_every_scripted_move() -> None:
    for example in examples.examples():
        _, story = examples.play(example)
        notes = [item for kind, item in story if kind == "why"]
        assert notes == [m["why"] for m in example["moves"] if m.get("why")]
        moves = [e for kind, e in story if kind == "event" and e.kind != "pass"]
        assert moves, example["id"]


def test_score_sheet_example_is_a_finished_game() -> None:
    state = examples.bots_game()
    assert state.is_terminal()
    assert max(state.points(p) for p in range(state.players)) >= data.END_SCORE


def test_hungarian_stemming_joins_base_and_suffixed_forms() -> None:
    stemmer = snowballstemmer.stemmer("hungarian")
    assert stem(stemmer, "kártya") == stem(stemmer, "kártyák") == stem(stemmer, "kártyát")
    assert stem(stemmer, "léghajó") == stem(stemmer, "léghajót")


def test_hungarian_sphinx_catalog_is_compiled_and_complete() -> None:
    assert sphinx_catalog.main(["--check"]) == 0
    with sphinx_catalog.SOURCE.open("rb") as handle:
        ours = read_po(handle)
    with (Path(sphinx_catalog.__file__).parent.parent.parent / "locales" / "hu"
          / "LC_MESSAGES" / "sphinx.po").open("rb") as handle:
        assert len(read_po(handle)) == len(ours)
    known = {m.id if isinstance(m.id, str) else m.id[0] for m in sphinx_catalog._sphinx_catalog()}
    for message in ours:
        if message.id:
            key = message.id if isinstance(message.id, str) else message.id[0]
            assert key in known, f"{key!r} is not a Sphinx message"
            assert all(message.string) if isinstance(message.string, tuple) \
                else message.string, key


@pytest.mark.parametrize("language", ["fr", "hu"])
def test_sphinx_interface_is_in_the_page_language(site: Path, language: str) -> None:
    for name in ("search.html", "crash.html"):
        text = (site / language / name).read_text(encoding="utf-8")
        for english in ("Quick search", "Please activate JavaScript",
                        "Searching for multiple words", "Link to this heading",
                        "Next topic", "Previous topic"):
            assert english not in text, (language, name, english)
    if language == "hu":  # "Navigation" is also the French word
        assert ">Navigation<" not in (site / language / "crash.html").read_text("utf-8")


def test_docs_command_builds_and_reports(tmp_path: Path, capsys) -> None:
    assert main(["docs", "--out", str(tmp_path), "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "Le livret de règles est dans" in out
    assert (tmp_path / "hu" / "payment.html").is_file()


def test_docs_command_without_sources_says_so(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.setattr(site_build, "DOCS_DIR", tmp_path / "nowhere")
    assert main(["docs", "--out", str(tmp_path / "out"), "--lang", "hu"]) == 2
    err = capsys.readouterr().err
    assert "A szabálykönyv forrásai nincsenek itt" in err
    assert "Traceback" not in err


def test_docs_command_without_sphinx_says_how_to_install_it(tmp_path: Path, monkeypatch,
                                                            capsys) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "sphinx" else real(name, *a))
    assert main(["docs", "--out", str(tmp_path / "out"), "--lang", "fr"]) == 2
    err = capsys.readouterr().err
    assert "demande Sphinx" in err and "pip install -e '.[docs]'" in err
    assert not (tmp_path / "out").exists()


def test_every_lesson_is_a_worked_example(site: Path) -> None:
    from tutor.lessons.library import load_all

    for language in LANGUAGES:
        found = anchors(site / language / "examples.html")
        assert {f"lesson-{lesson.id}" for lesson in load_all()} <= found
    text = (site / "hu" / "examples.html").read_text(encoding="utf-8")
    assert "\\:" not in text  # reST escapes never leak into the page


def test_rest_escaping_keeps_text_as_written() -> None:
    """Translated text that looks like markup ("2. utazás…", stars, colons) stays text."""
    from docutils.core import publish_doctree

    for sample in ("2. utazás: a kapitány Bruno.", "- a dash", "*stars* and `ticks`",
                   "Règles\u00a0: 3.4_", "a | b"):
        tree = publish_doctree(rst.paragraph(sample))
        assert tree.astext().strip() == sample
        assert [node.tagname for node in tree.children] == ["paragraph"]
