"""The rulebook site without a browser: what the build writes, in every language."""

from __future__ import annotations

import html
import itertools
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from html.parser import HTMLParser
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tutor.cli import main
from tutor.content import faq, rules, search
from tutor.engine import data
from tutor.glossary import concepts, engine_term
from tutor.i18n import LANGUAGES, Translator
from tutor.site import build as site_build
from tutor.site import examples, pictures, render, rst, sphinx_catalog
from tutor.site.alphabet import by_letter, sort_key
from tutor.site.extension import labels
from tutor.site.terms import label
from tutor.site.typography import NNBSP, WORD_JOINER, french_spacing, hungarian_html

from .conftest import AXE

PAGE_IDS = list(render.pages())
VNU = AXE.parents[1] / "vnu-jar" / "build" / "dist" / "vnu.jar"


def html_files(site: Path, language: str) -> list[Path]:
    """The pages of a language, without the single-page edition (which repeats them)."""
    return sorted(p for p in (site / language).glob("*.html") if p.name != "book.html")


def main_text(path: Path) -> str:
    """The visible text of a page's main content, without scripts, styles or code."""
    text = path.read_text(encoding="utf-8")
    body = text.split('<main id="furo-main-content"', 1)[1].split("</main>", 1)[0]
    body = re.sub(r"<(script|style|pre|code|svg)\b.*?</\1>", " ", body, flags=re.S)
    import html

    return html.unescape(re.sub(r"<[^>]+>", "", body))


def search_index(site: Path, language: str) -> dict:
    text = (site / language / "searchindex-celestia.js").read_text(encoding="utf-8")
    return json.loads(text.removeprefix("window.CELESTIA_SEARCH=").rstrip().rstrip(";"))


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
    page = " ".join(main_text(site / language / "payment.html").split())
    for rule in rules.get("3.4").rules:
        words = " ".join(rst.squash(rules.text(rule, tr)).replace("'", "\u2019").split())
        # Sphinx only changes the apostrophes; terms become links, which keeps their text.
        assert words[:60] in page.replace("'", "\u2019"), rule.id


def test_faq_page_has_every_entry(site: Path) -> None:
    found = anchors(site / "en" / "faq.html")
    assert {f"faq-{entry.id}" for entry in faq.entries()} <= found


def test_tables_show_the_engine_numbers(site: Path) -> None:
    page = (site / "en" / "components.html").read_text(encoding="utf-8")
    for city in data.CITY_VALUES:
        assert f"<td><p>{city}</p></td>" in page
    # The deck's totals are a sentence under the table of cards (a deck is not a card).
    powers = (site / "en" / "powers.html").read_text("utf-8")
    total = sum(data.deck_composition().values())
    beginner = sum(data.deck_composition(data.BEGINNER).values())
    assert f"</span></a> holds {total} cards;" in powers
    assert f"</span></a>\u2019s, {beginner}.</p>" in powers


@pytest.mark.parametrize("language", LANGUAGES)
def test_pictures_are_labelled_in_the_page_language(language: str) -> None:
    tr = Translator(language)
    hazards = pictures.hazards(tr)
    for hazard, equipment in data.ANSWERS.items():
        for thing in (hazard, equipment):
            word = str(engine_term(thing, language))  # the glossary's, capitalised
            assert f">{word[:1].upper() + word[1:]}<" in hazards
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


def test_docs_command_builds_and_reports(built_site: tuple[Path, str | None],
                                        tmp_path: Path, capsys, monkeypatch) -> None:
    """`celestia docs` builds every language whatever --lang says, and says where. The
    session's site is built by the command itself; when the session reuses CI's build,
    the command is run here, on one language."""
    folder, printed = built_site
    if printed is None:
        real = site_build.build
        monkeypatch.setattr(site_build, "build",
                            lambda out, strict=False: real(out, strict, ("hu",)))
        assert main(["docs", "--out", str(tmp_path), "--lang", "fr"]) == 0
        folder, printed = tmp_path, capsys.readouterr().out
    assert "Le site des règles est dans" in printed and str(folder.resolve()) in printed
    assert (folder / "hu" / "payment.html").is_file()


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
    assert "il faut Sphinx" in err and "pip install -e '.[docs]'" in err
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


# --- Clean output ------------------------------------------------------------------------

def test_published_folder_holds_only_what_readers_need(site: Path) -> None:
    names = {p.relative_to(site).as_posix() for p in site.rglob("*")}
    for unwanted in (".doctrees", ".buildinfo", "objects.inv", "_sources", "searchindex.js",
                     ".map", "documentation_options.js"):
        assert not [n for n in names if unwanted in n.split("/")[-1] or
                    f"/{unwanted}/" in f"/{n}/"], unwanted
    for language in LANGUAGES:
        assert (site / language / "_static" / "favicon.svg").is_file()
        assert (site / language / "book.html").is_file()
        page = (site / language / "payment.html").read_text(encoding="utf-8")
        assert 'rel="icon" href="_static/favicon.svg"' in page
        for script in re.findall(r'<script src="([^"?]+)', page):
            assert (site / language / script).is_file(), script


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_has_the_credits_and_the_build_date(site: Path, language: str) -> None:
    frame = labels(Translator(language))
    for path in [*html_files(site, language), site / language / "book.html"]:
        text = path.read_text(encoding="utf-8")
        footer = text.split("<footer", 1)[1]
        assert "Aaron Weissblum" in footer and "Blam!" in footer, path.name
        plain = footer.replace(NNBSP, " ")
        for key in ("unofficial", "built"):
            assert frame[key].replace(NNBSP, " ") in plain.replace("&#39;", "'"), (path.name, key)


@pytest.mark.parametrize("language", LANGUAGES)
def test_titles_are_unique(site: Path, language: str) -> None:
    titles = [re.search(r"<title>(.*?)</title>", p.read_text("utf-8")).group(1)
              for p in [*html_files(site, language), site / language / "book.html"]]
    assert len(set(titles)) == len(titles), titles
    home = re.search(r"<title>(.*?)</title>", (site / language / "index.html").read_text("utf-8"))
    assert home.group(1) == Translator(language).gettext("The rules of Celestia")


class _Outline(HTMLParser):
    """Headings, ids, landmarks and viewport tags of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.headings: list[int] = []
        self.ids: list[str] = []
        self.landmarks: list[tuple[str, str]] = []
        self.viewports = 0
        self.empty_actions = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if re.fullmatch(r"h[1-6]", tag):
            self.headings.append(int(tag[1]))
        if found.get("id"):
            self.ids.append(found["id"] or "")
        role = found.get("role") or {"nav": "navigation", "main": "main", "aside":
                                     "complementary"}.get(tag)
        if role in ("navigation", "main", "complementary", "search"):
            self.landmarks.append((role, found.get("aria-label") or ""))
        if tag == "meta" and found.get("name") == "viewport":
            self.viewports += 1
        if tag == "form" and "action" in found and not found["action"]:
            self.empty_actions += 1


@pytest.mark.parametrize("language", LANGUAGES)
def test_pages_are_well_formed(site: Path, language: str) -> None:
    """No heading level skipped, unique ids, one viewport tag, no empty form action, and
    landmarks of one kind told apart by their names."""
    for path in [*html_files(site, language), site / language / "book.html"]:
        outline = _Outline()
        text = path.read_text(encoding="utf-8")
        outline.feed(text)
        assert ">None<" not in text, path.name  # a missing template value shows as None
        levels = outline.headings
        assert levels and levels[0] == 1, path.name
        for before, after in itertools.pairwise(levels):
            assert after <= before + 1, (path.name, before, after)
        assert len(outline.ids) == len(set(outline.ids)), path.name
        assert outline.viewports == 1 and outline.empty_actions == 0, path.name
        assert len(outline.landmarks) == len(set(outline.landmarks)), \
            (path.name, outline.landmarks)


def test_html_is_valid(site: Path) -> None:
    """The Nu Html Checker (vnu.jar from npm, run with Java) finds no error on any page."""
    java = shutil.which("java")
    if java is None or not VNU.is_file():
        if os.environ.get("CI"):
            pytest.fail("Java and vnu.jar are required in CI (npm ci --prefix tests/site/js)")
        pytest.skip("Java or vnu.jar is missing")
    result = subprocess.run([java, "-jar", str(VNU), "--errors-only", "--skip-non-html",
                             str(site)], capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr[:3000]


# --- Stable links ------------------------------------------------------------------------

def _anchors(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    return re.findall(r'<(?:section|p)[^>]* id="([^"]+)"', text)


def test_anchors_are_the_same_in_every_language(site: Path) -> None:
    """Every heading and rule statement has the same id in every language (the glossary
    runs in each language's alphabetical order, so there only the set is the same)."""
    for path in html_files(site, "en"):
        english = [a for a in _anchors(path) if not a.startswith("glossary-letter-")]
        for language in ("fr", "hu"):
            other = [a for a in _anchors(site / language / path.name)
                     if not a.startswith("glossary-letter-")]
            if path.name == "glossary.html":
                assert sorted(other) == sorted(english)
            else:
                assert other == english, (language, path.name)


def anchor_homes(site: Path) -> dict[str, Path]:
    """Each anchor of the English site and the page that has it."""
    homes: dict[str, Path] = {}
    for path in html_files(site, "en"):
        for anchor in anchors(path):
            homes.setdefault(anchor, path)
    return homes


def test_every_rule_faq_entry_and_term_has_its_link(site: Path) -> None:
    homes = anchor_homes(site)
    for rule_id in rules.ids():
        anchor = "rule-" + rule_id.replace(".", "-")
        page = homes[anchor].read_text(encoding="utf-8")
        if isinstance(rules.get(rule_id), rules.Rule):
            # A visible link icon, labelled for screen readers, on the statement itself.
            assert re.search(rf'<a class="celestia-permalink" href="#{anchor}" '
                             rf'aria-label="Link to rule {re.escape(rule_id)}"', page), rule_id
        else:
            assert f'id="{anchor}"' in page, rule_id
    for entry in faq.entries():
        assert homes[f"faq-{entry.id}"].name == "faq.html"
    for concept in concepts():
        assert homes[f"term-{concept.id}"].name == "glossary.html"


def test_each_rule_lists_the_faq_entries_that_cite_it(site: Path) -> None:
    homes = anchor_homes(site)
    for entry in faq.entries():
        for rule_id in entry.rules:
            page = homes["rule-" + rule_id.replace(".", "-")].read_text(encoding="utf-8")
            assert f'href="faq.html#faq-{entry.id}"' in page, (entry.id, rule_id)


@pytest.mark.parametrize("language", LANGUAGES)
def test_faq_is_grouped_by_topic_with_an_index(site: Path, language: str) -> None:
    page = (site / language / "faq.html").read_text(encoding="utf-8")
    index = page.split('<div class="celestia-faq-index">', 1)[1].split("</div>", 1)[0]
    # One folded topic per group, holding exactly its questions, with their number.
    folds = re.findall(r'<details id="faq-index-([^"]+)"><summary>(.*?)</summary>(.*?)'
                       r'</details>', index, re.S)
    tr = Translator(language)
    assert [topic for topic, _, _ in folds] == [render.slug(t) for t, _ in render.faq_groups()]
    for (_, summary, questions), (_, entries) in zip(folds, render.faq_groups(), strict=True):
        assert re.findall(r'href="#faq-([^"]+)"', questions) == [e.id for e in entries]
        count = tr.ngettext("{count} question", "{count} questions", len(entries))
        assert html.escape(count.format(count=len(entries))) in summary
    assert "<details open" not in index
    topics = re.findall(r'<section id="faq-topic-([^"]+)"', page)
    assert len(topics) == len(render.faq_groups()) >= 5
    # Every entry sits under the topic of the first rule it cites.
    for topic, entries in render.faq_groups():
        block = page.split(f'<section id="faq-topic-{render.slug(topic)}"', 1)[1]
        block = block.split('<section id="faq-topic-', 1)[0]
        for entry in entries:
            assert f'id="faq-{entry.id}"' in block


@pytest.mark.parametrize("language", LANGUAGES)
def test_glossary_runs_a_to_z_in_the_language(site: Path, language: str) -> None:
    page = (site / language / "glossary.html").read_text(encoding="utf-8")
    order = re.findall(r'<section id="term-([^"]+)"', page)
    terms = {c.id: c.term(language) for c in concepts()}
    assert sorted(order) == sorted(terms)
    words = [terms[ident] for ident in order]
    assert words == sorted(words, key=lambda w: sort_key(w, language))
    letters = [letter for _, letter, _ in by_letter(language)]
    for letter in letters:
        assert f">{letter}<" in page.split('class="celestia-letters', 1)[1][:4000]


def test_hungarian_alphabet() -> None:
    words = ["cukor", "csáklya", "ötös", "ózon", "szakasz", "sziget", "sűrű", "ágyú",
             "alternatív", "üres", "utas", "zsák", "zuhan"]
    ordered = sorted(words, key=lambda w: sort_key(w, "hu"))
    assert ordered == ["ágyú", "alternatív", "cukor", "csáklya", "ózon", "ötös", "sűrű",
                       "szakasz", "sziget", "utas", "üres", "zuhan", "zsák"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_glossary_terms_link_to_their_entry_at_first_use(site: Path, language: str) -> None:
    page = (site / language / "payment.html").read_text(encoding="utf-8")
    main = page.split('id="furo-main-content"', 1)[1]
    links = re.findall(r'href="glossary\.html#term-([a-z-]+)"', main)
    assert "captain" in links and "turbo" in links
    assert len(links) == len(set(links))  # only the first use on the page


@pytest.mark.parametrize("language", LANGUAGES)
def test_see_rule_is_always_a_link(site: Path, language: str) -> None:
    """Every rule number in "See rule 3.4." (and its translations) links to the rule."""
    from html import escape

    from tutor.lessons.render import rules_text

    tr = Translator(language)
    # The words before the rule numbers, singular and plural, as the catalogs give them.
    lead = {escape(rules_text(ids, tr).split("\x00")[0]) for ids in (("\x00",), ("\x00", "2"))}
    pattern = "(?:" + "|".join(re.escape(words) for words in lead) + ")"
    text = (site / language / "examples.html").read_text(encoding="utf-8")
    mentions = re.findall(pattern + r"(.{0,80})", text)
    assert len(mentions) >= 10
    for after in mentions:
        assert after.startswith('<a class="reference internal" href="'), after


#: The engine's own names of its options, which players never use.
OPTION_KEYS = re.compile(r"\b(?:first_captain|spyglass_points|grappling_hook)\b|variant=")
@pytest.mark.parametrize("page", [*PAGE_IDS, "search", "book"])
def test_option_keys_are_not_shown_to_players(site: Path, page: str) -> None:
    for language in LANGUAGES:
        shown = OPTION_KEYS.findall(main_text(site / language / f"{page}.html"))
        assert not shown, (language, page, shown)


def test_the_content_writes_no_option_key() -> None:
    """Rules and FAQ answers say options in players' words: the site shows them as the
    content gives them, and so does the command line."""
    for language in LANGUAGES:
        tr = Translator(language)
        for rule_id in rules.ids():
            assert not OPTION_KEYS.search(rules.text(rules.get(rule_id), tr)), rule_id
        for entry in faq.entries():
            assert not OPTION_KEYS.search(faq.render_answer(entry, tr)), entry.id


@pytest.mark.parametrize("language", LANGUAGES)
def test_options_table_says_each_default_in_words(site: Path, language: str) -> None:
    """The first captain's default is the first seat, not "no" (0 is no False)."""
    tr = Translator(language)
    text = (site / language / "options.html").read_text(encoding="utf-8")
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", text.split("celestia-options", 1)[1], re.S)
    cells = {re.sub(r"<[^>]+>", "", row.split("</td>")[0]).strip():
             re.sub(r"<[^>]+>", "", row.split("</td>")[1]).strip() for row in rows[1:]}
    first = cells[tr.gettext("First captain")]
    assert first == tr.gettext("the first seat (0)") and first != tr.gettext("no")
    assert cells[tr.gettext("Grappling Hook cards in the deck")] == tr.gettext("no")


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_page_shows_a_raw_value_or_a_placeholder(site: Path, language: str) -> None:
    """Chances, points and placeholders are always filled in the reader's way: no
    "Percent(value=Fraction(…))" nor "{name}" on any page (the worked examples included)."""
    for path in sorted((site / language).glob("*.html")):
        text = main_text(path)
        for raw in ("Percent(", "Fraction(", "Points(", "value="):
            assert raw not in text, (path.name, raw)
        assert not re.findall(r"\{[a-z_]+(?::[^}]*)?\}", text), path.name


@pytest.mark.parametrize("language", LANGUAGES)
def test_command_line_options_read_as_typed(site: Path, language: str) -> None:
    """"--lang" is two hyphens, shown as code, never an en dash."""
    text = (site / language / "tutor.html").read_text(encoding="utf-8")
    assert "\u2013lang" not in main_text(site / language / "tutor.html")
    assert '<span class="pre">--lang</span>' in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_book_sends_players_to_the_lessons_page(site: Path, language: str) -> None:
    """The single-page edition has no lesson player: its "Play the lessons" section says
    so and links to the page that has one; the page itself keeps its own text."""
    tr = Translator(language)
    book = (site / language / "book.html").read_text(encoding="utf-8")
    section = book.split('id="document-learn"', 1)[1].split("</section>", 1)[0]
    assert 'href="learn.html"' in section
    def plain(text: str) -> str:  # apostrophes and spaces as typed
        return " ".join(text.replace("\u2019", "'").replace(NNBSP, " ").split())

    in_this_page = plain(tr.gettext(render.pages()["learn"]["blocks"][0]["text"]))[:40]
    assert in_this_page not in plain(section)
    assert "celestia-learn-data" not in book
    assert in_this_page in plain(main_text(site / language / "learn.html"))


@pytest.mark.parametrize("language", LANGUAGES)
def test_examples_page_opens_with_its_table_of_contents(site: Path, language: str) -> None:
    """A phone reader of the (long) worked examples finds every lesson and example from the
    top of the page, before the first of them."""
    from tutor.lessons.library import load_all

    text = (site / language / "examples.html").read_text(encoding="utf-8")
    body = text.split('<main id="furo-main-content"', 1)[1]
    index = body.split("celestia-page-index", 1)[1].split("<section", 1)[0]
    targets = set(re.findall(r'href="#([^"]+)"', index))
    wanted = {f"lesson-{lesson.id}" for lesson in load_all()}
    wanted |= {f"example-{item['id']}" for item in examples.examples()}
    assert wanted <= targets
    assert 'id="lesson-' not in body.split("celestia-page-index", 1)[0]


def test_score_sheet_cells_carry_their_column_names(site: Path) -> None:
    """On a phone each player is a card whose values are named by their column."""
    for language in LANGUAGES:
        tr = Translator(language)
        text = (site / language / "score-sheet.html").read_text(encoding="utf-8")
        table = text.split("celestia-cards", 2)[2].split("</table>", 1)[0]
        labels = re.findall(r'<td data-label="([^"]*)"', table)
        assert labels[:6] == [tr.gettext(word) for word in (
            "Player", "Treasure values", "Treasure points", "Spyglasses kept", "Score",
            "Rank")]
        assert len(labels) == 6 * len(examples.bots_game().seats)


@pytest.mark.parametrize("language", LANGUAGES)
def test_route_labels_stand_clear_of_the_route_line(language: str) -> None:
    """The line from the first row of cities to the second crosses no label: the first
    row is labelled above, the second below."""
    svg = pictures.route(Translator(language))
    path = re.search(r'<path d="([^"]+)"', svg).group(1)
    points = [tuple(map(float, xy.split(","))) for xy in re.findall(r"[ML]([\d.,]+)", path)]
    turn = next(i for i in range(1, len(points)) if points[i][1] != points[i - 1][1])
    x, (top, bottom) = points[turn][0], sorted((points[turn - 1][1], points[turn][1]))
    for match in re.finditer(r'<(?:text|rect) x="([\d.]+)" y="([\d.]+)"', svg):
        lx, ly = float(match.group(1)), float(match.group(2))
        if abs(lx - x) < 30:
            assert not top + 25 < ly < bottom - 25, (lx, ly)


# --- Search index ------------------------------------------------------------------------

@pytest.mark.parametrize("language", LANGUAGES)
def test_snippets_keep_each_heading_apart_from_its_text(site: Path, language: str) -> None:
    """"Does it work with two? From 2 to 6…", never "two?From"; "the dice 3.4.1 For…",
    never "dice3.4.1"; a table's cells apart; related-page links are not a snippet."""
    see_also = Translator(language).gettext("See also:")
    for _page, anchor, _title, snippet in search_index(site, language)["units"]:
        assert not re.search(r"[^\W\d_][?!]?\d+\.\d+\.\d+", snippet), (anchor, snippet)
        assert not re.search(r"[^\W\d_][?!][^\W\d_]", snippet), (anchor, snippet)
        assert not re.search(r"[a-zà-ÿ][A-ZÀ-Ý]", snippet.replace("McK", "")), (anchor, snippet)
        assert not snippet.startswith(see_also), anchor
        assert not re.search(r"[.,;:\s]…$", snippet), (anchor, snippet)
    units = {anchor: snippet for _, anchor, _, snippet in search_index(site, "en")["units"]}
    assert "two? From 2 to 6" in units["faq-topic-1"]
    assert units["rule-3-4"].startswith("3.4.1 For every die")


@pytest.mark.parametrize("language", LANGUAGES)
def test_faq_keywords_are_searched(site: Path, language: str) -> None:
    """An FAQ entry is found by its keywords and its id's words, as `celestia faq` finds
    it ("reshuffle" finds "What if the draw pile runs out?")."""
    index = search_index(site, language)
    where = [n for n, unit in enumerate(index["units"]) if unit[1] == "faq-reshuffle"]
    assert where
    postings = index["terms"][search.stem("reshuffle")]
    assert where[0] in postings[::2]


def test_rule_links_are_named_in_good_hungarian(site: Path) -> None:
    """"Hivatkozás az 1.1.1. szabályra", "a 3.4.2. szabályra": the article of the rule's
    number, from the grammar specs."""
    assert 'aria-label="Hivatkozás az 1.1.1. szabályra"' in \
        (site / "hu" / "components.html").read_text(encoding="utf-8")
    assert 'aria-label="Hivatkozás a 3.4.2. szabályra"' in \
        (site / "hu" / "payment.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("language", LANGUAGES)
def test_search_index_uses_the_faq_normaliser(site: Path, language: str) -> None:
    index = search_index(site, language)
    for form, key in index["forms"].items():
        assert search.stem(form) == key and key in index["terms"]
    tr = Translator(language)
    for concept in concepts():
        for word in search.words(concept.term(language)):
            assert search.stem(word) in index["terms"], word
    # Every result opens its place: units carry a page, an anchor on it, and a snippet.
    for page, anchor, title, snippet in index["units"]:
        assert title and isinstance(snippet, str)
        if anchor:
            assert f'id="{anchor}"' in (site / language / f"{index['pages'][page][0]}.html"
                                        ).read_text(encoding="utf-8")
    assert tr.gettext("The rules of Celestia") in [title for _, title in index["pages"]]


@pytest.mark.parametrize("language", LANGUAGES)
def test_picture_labels_stay_out_of_the_index(site: Path, language: str) -> None:
    index = search_index(site, language)
    tr = Translator(language)
    labels_in_pictures = [label(kind, tr) for kind in (*data.HAZARDS,
                                                             *data.ANSWERS.values())]
    keys = set(index["terms"])
    for first, second in itertools.pairwise(labels_in_pictures):
        glued = search.fold(first + second).replace(" ", "")
        assert not [k for k in keys if glued in k], glued
    assert max(len(k) for k in keys) < 30
    assert tr.gettext("The rules of Celestia") in [title for _, title in index["pages"]]


def test_a_picture_gives_the_index_no_word() -> None:
    from docutils import nodes
    from docutils.utils import new_document

    from tutor.site.nodes import picture
    from tutor.site.search_index import _units

    document = new_document("test")
    section = nodes.section(ids=["rule-1"])
    section += nodes.title(text="Title")
    section += picture("", svg=pictures.route(Translator("hu")))
    section += nodes.paragraph(text="Words of the text.")
    document += section
    units = _units("page", document)
    assert [" ".join(u.text) for u in units] == ["Words of the text."]
    assert "indulás" not in units[0].under


# --- Languages -----------------------------------------------------------------------------

def test_french_pages_have_french_spacing(site: Path) -> None:
    for path in html_files(site, "fr"):
        text = main_text(path).replace("Blam!", "")
        text = re.sub(r"https?://\S+", "", text)
        assert not re.search(r"[^\s\u202f(«][:;!?]|[ \u00a0][:;!?]|«[ \u00a0]|[ \u00a0]»", text), \
            (path.name, re.search(r".{20}(?:[^\s\u202f(«][:;!?]|[ \u00a0][:;!?]).{10}",
                                  text))
        page = path.read_text(encoding="utf-8")
        title = re.search(r"<title>(.*?)</title>", page).group(1)
        assert french_spacing(title) == title


def test_french_spacing_is_idempotent_and_spares_names_and_times() -> None:
    once = french_spacing("Règles: 3.4 ; « ceci » ! Blam! à 12:30, http://x.org?q=1")
    assert once == f"Règles{NNBSP}: 3.4{NNBSP}; «{NNBSP}ceci{NNBSP}»{NNBSP}! Blam! à " \
                   "12:30, http://x.org?q=1"
    assert french_spacing(once) == once


def test_hungarian_question_particles_stay_on_their_words_line() -> None:
    """"-e" is joined to its word in text (not in tags or code), once; other endings that
    start with e are not the particle."""
    page = ('<p title="a-e">Kiszállhatnak-e? Dobhat-e, ha 20-es?</p>'
            "<code>x-e</code><p>Fel-e</p>")
    once = hungarian_html(page)
    assert once == (f'<p title="a-e">Kiszállhatnak-{WORD_JOINER}e? Dobhat-{WORD_JOINER}e, '
                    f"ha 20-es?</p><code>x-e</code><p>Fel-{WORD_JOINER}e</p>")
    assert hungarian_html(once) == once


def test_the_hungarian_pages_keep_the_particle_on_its_line(site: Path) -> None:
    faq = (site / "hu" / "faq.html").read_text(encoding="utf-8")
    assert f"kiszállhatnak-{WORD_JOINER}e még" in faq
    assert "kiszállhatnak-e" not in faq


@pytest.mark.parametrize("language", ["fr", "hu"])
def test_the_page_frame_is_in_the_page_language(site: Path, language: str) -> None:
    english = labels(Translator("en"))
    translated = labels(Translator(language))
    same = {key for key in english if english[key] == translated[key]}
    assert same <= {"menu", "pages"}, same  # "Menu" and "Pages" are French too
    page = (site / language / "payment.html").read_text(encoding="utf-8")
    for word in ('aria-label="Main"', ">Go<", "Toggle", "Skip to", "Back to top",
                 "On this page", "Made with", 'aria-label="Search"', "Previous</",
                 "Next</"):
        assert word not in page, (language, word)


def test_hungarian_site_texts_use_tegezes() -> None:
    from babel.messages.pofile import read_po as read

    path = Path(sphinx_catalog.ROOT) / "locales" / "hu" / "LC_MESSAGES" / "site.po"
    with path.open("rb") as handle:
        catalog = read(handle)
    formal = re.compile(r"\bÖn\b|\bÖnnek\b|Figyelje|hagyja ki|választhatja|találja meg|építse|"
                        r"\bkérjük\b|olvassa el|próbálja|válassza|adja meg", re.IGNORECASE)
    for message in catalog:
        strings = [message.string] if isinstance(message.string, str) else message.string
        for text in strings:
            assert not formal.search(text or ""), (message.id, text)


# --- The command ---------------------------------------------------------------------------

@pytest.mark.parametrize("case", ["file", "under-a-file"])
def test_docs_command_refuses_an_output_that_is_no_folder(tmp_path: Path, capsys,
                                                          case: str) -> None:
    target = tmp_path / "taken"
    target.write_text("my notes", encoding="utf-8")
    out = target if case == "file" else target / "site"
    assert main(["docs", "--out", str(out), "--lang", "fr"]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and str(target) in err
    assert ("est un fichier, pas un dossier" in err)
    assert target.read_text(encoding="utf-8") == "my notes"


def test_docs_command_refuses_a_folder_it_may_not_write(tmp_path: Path, capsys,
                                                        monkeypatch) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    if os.geteuid() == 0:  # root may write anywhere: make the refusal the system's
        import tempfile

        def refuse(*args: object, **kwargs: object) -> None:
            raise PermissionError(13, "Permission denied")

        monkeypatch.setattr(tempfile, "mkdtemp", refuse)
    else:
        folder.chmod(0o500)
    try:
        assert main(["docs", "--out", str(folder / "site"), "--lang", "hu"]) == 2
    finally:
        folder.chmod(0o700)
    err = capsys.readouterr().err
    assert f"A webhelyet nem lehet ide írni: {folder}." in err and "Traceback" not in err
    assert "nincs hozzá jogosultságod" in err, err
    assert list(folder.iterdir()) == []


def _sphinx_processes(marker: str) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            except OSError:
                continue
            if "sphinx" in command and marker in command:
                found.append(int(entry.name))
    return found


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc to list processes")
@pytest.mark.parametrize("stop", ["SIGINT", "SIGTERM", "SIGHUP"])
def test_an_interrupted_build_leaves_nothing_behind(tmp_path: Path, stop: str) -> None:
    """Ctrl-C, a plain kill or the terminal closing in the middle of a build: every Sphinx
    process stops and the temporary folder goes, and nothing is written to a dead
    terminal (Ctrl-C still says so)."""
    out = tmp_path / "interrupted-site"
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    process = subprocess.Popen([sys.executable, "-m", "tutor", "docs", "--out", str(out),
                                "--lang", "fr"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "TMPDIR": str(temporary)})
    deadline = time.monotonic() + 60
    # Sphinx writes into a temporary folder beside ``out`` (renamed into place at the end).
    while len(_sphinx_processes(str(tmp_path))) < 2:
        assert time.monotonic() < deadline and process.poll() is None
        time.sleep(0.1)
    number = getattr(signal, stop)
    process.send_signal(number)
    _, err = process.communicate(timeout=60)
    assert "Traceback" not in err
    if number == signal.SIGINT:
        assert process.returncode == 130 and "Interrompu" in err
    else:
        assert process.returncode == 128 + number, err
    time.sleep(0.5)
    assert _sphinx_processes(str(tmp_path)) == []
    assert not [p.name for p in temporary.iterdir() if p.name.startswith("celestia-")]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tmp"]   # no half-built site


def test_server_gives_browsers_the_types_they_need(tmp_path: Path) -> None:
    from tutor.site.serve import address, make_server

    for name in ("a.wasm", "a.js", "a.mjs", "a.json", "a.css", "a.html", "a.svg"):
        (tmp_path / name).write_bytes(b"\0asm" if name.endswith("wasm") else b"x")
    server = make_server(tmp_path, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = address(server)
        types = {}
        for name in ("a.wasm", "a.js", "a.mjs", "a.json", "a.css", "a.html", "a.svg"):
            with urllib.request.urlopen(url + name) as reply:
                types[name] = reply.headers["Content-Type"].split(";")[0]
        assert types == {"a.wasm": "application/wasm", "a.js": "text/javascript",
                         "a.mjs": "text/javascript", "a.json": "application/json",
                         "a.css": "text/css", "a.html": "text/html", "a.svg": "image/svg+xml"}
        assert url.startswith("http://127.0.0.1:")
    finally:
        server.shutdown()
        server.server_close()


def test_a_download_stopped_by_the_browser_prints_nothing(tmp_path: Path, capfd) -> None:
    """A reader who leaves a page while a file is on its way closes the connection: the
    server goes on quietly (no traceback over the terminal) and serves the next one."""
    import socket
    import struct

    from tutor.site.serve import address, make_server

    (tmp_path / "big.js").write_bytes(b"x" * 8_000_000)
    server = make_server(tmp_path, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        host, port = server.server_address[:2]
        for _ in range(3):
            client = socket.create_connection((host, port))
            client.sendall(b"GET /big.js HTTP/1.1\r\nHost: x\r\n\r\n")
            client.recv(1024)  # the headers: the file is on its way
            # Closed at once, with a reset, as a browser drops a request.
            client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            client.close()
        time.sleep(0.5)
        with urllib.request.urlopen(address(server) + "big.js") as reply:
            assert len(reply.read()) == 8_000_000
    finally:
        server.shutdown()
        server.server_close()
    err = capfd.readouterr().err
    assert "Traceback" not in err and "Error" not in err, err


def test_serve_without_sources_serves_the_packaged_site(site: Path, tmp_path: Path,
                                                        monkeypatch, capsys) -> None:
    """An installed package has no docs/ but carries the built site: --serve serves it."""
    import tutor.site as site_package
    from tutor.site import serve as serving

    monkeypatch.setattr(site_package, "DOCS_DIR", tmp_path / "no-sources")
    monkeypatch.setattr(site_package, "PUBLISHED_DIR", site)
    servers = []
    real = serving.make_server

    def recording(folder: Path, port: int = 0):
        servers.append(real(folder, 0))
        return servers[-1]

    monkeypatch.setattr(serving, "make_server", recording)
    codes = []
    thread = threading.Thread(target=lambda: codes.append(
        main(["docs", "--serve", "--no-browser", "--lang", "hu"])), daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not servers:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    url = serving.address(servers[0])
    with urllib.request.urlopen(url + "hu/quick.html") as reply:
        assert "Gyors áttekintés" in reply.read().decode("utf-8")
    servers[0].shutdown()
    thread.join(10)
    assert codes == [0]
    out = capsys.readouterr().out
    assert "A csomaggal érkezett szabálykönyvet szolgáljuk ki." in out and url in out


def test_docs_without_sources_points_to_serve(site: Path, tmp_path: Path, monkeypatch,
                                             capsys) -> None:
    import tutor.site as site_package

    monkeypatch.setattr(site_package, "DOCS_DIR", tmp_path / "no-sources")
    monkeypatch.setattr(site_package, "PUBLISHED_DIR", site)
    assert main(["docs", "--lang", "fr"]) == 2
    assert "celestia docs --serve" in capsys.readouterr().err


def test_a_built_wheel_serves_the_rulebook_with_no_source_tree(site: Path,
                                                              tmp_path: Path) -> None:
    """pip builds the wheel (setup.py builds the site into it); installed elsewhere, with
    no docs/ or scenarios/ beside it, `celestia docs --serve` serves all three languages."""
    root = Path(__file__).resolve().parents[2]
    wheels = tmp_path / "wheels"
    # The site the wheel carries is the session's (setup.py would build the same again).
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-build-isolation",
                    "--no-deps", "-w", str(wheels), str(root)], check=True, timeout=600,
                   capture_output=True, env={**os.environ, "CELESTIA_PREBUILT_SITE": str(site)})
    (wheel,) = wheels.glob("*.whl")
    target = tmp_path / "installed"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target",
                    str(target), str(wheel)], check=True, timeout=300, capture_output=True)
    assert not (target / "docs").exists()
    env = {**os.environ, "PYTHONPATH": str(target), "CELESTIA_LANG": "fr"}
    server = subprocess.Popen([sys.executable, "-m", "tutor", "docs", "--serve",
                               "--no-browser", "--port", "0"], cwd=tmp_path, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        lines = [server.stdout.readline(), server.stdout.readline()]
        url = re.search(r"http://127\.0\.0\.1:\d+/", lines[1]).group(0)
        for language in LANGUAGES:
            with urllib.request.urlopen(f"{url}{language}/quick.html") as reply:
                assert reply.status == 200
        with urllib.request.urlopen(f"{url}fr/searchindex-celestia.js") as reply:
            assert reply.headers["Content-Type"].startswith("text/javascript")
    finally:
        server.send_signal(signal.SIGINT)
        _out, err = server.communicate(timeout=30)
    assert server.returncode == 130 and "Traceback" not in err
    assert str(target) in lines[0] + lines[1] or "fourni avec le paquet" in lines[0]
