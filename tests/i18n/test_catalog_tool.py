"""The catalog tool on a small tree of its own: extraction, idempotence and every check."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import write_po

import tutor.tools.catalog_model as catalog_model
import tutor.tools.catalogs as tool
from tutor.tools.checks import run_checks

pytestmark = pytest.mark.skipif(shutil.which("msgfmt") is None,
                                reason="msgfmt (Debian package gettext) is needed")

SOURCE = '''\
from tutor.engine.messages import N_

GREETING = N_("Hello, {player}.")


def cards(tr, n):
    return tr.ngettext("{n} card", "{n} cards", n)
'''

TRANSLATIONS = {
    "fr": {"Hello, {player}.": "Bonjour, {player}.", "Day": "Jour",
           ("{n} card", "{n} cards"): ("{n} carte", "{n} cartes")},
    "hu": {"Hello, {player}.": "Szia, {player}!", "Day": "Nap",
           ("{n} card", "{n} cards"): ("{n} kártya", "{n} kártya")},
}


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "locales").mkdir()
    (tmp_path / "src").mkdir()
    (tmp_path / "pyproject.toml").write_text('[project]\nversion = "1.2.3"\n')
    (tmp_path / "locales" / "domains.toml").write_text(
        '[domains.demo]\nsources = ["src"]\n')
    (tmp_path / "src" / "demo.py").write_text(SOURCE)
    (tmp_path / "src" / "demo.yaml").write_text("title: Day\nid: not-extracted\n")
    monkeypatch.setattr(catalog_model, "ROOT", tmp_path)
    monkeypatch.setattr(catalog_model, "LOCALES", tmp_path / "locales")
    monkeypatch.setattr(catalog_model, "COMPILED", tmp_path / "compiled")
    return tmp_path


def translate(language: str, changes: dict | None = None) -> None:
    path = tool.po_path(language, "demo")
    catalog = tool.read(path, locale=language)
    for msgid, msgstr in (changes or TRANSLATIONS[language]).items():
        catalog[msgid].string = msgstr
    with path.open("wb") as handle:
        write_po(handle, catalog, width=100)


def translated_tree() -> None:
    tool.main(["all"])
    for language in tool.TRANSLATED:
        translate(language)
    tool.main(["compile"])


def snapshot(root: Path) -> dict[Path, bytes]:
    return {p: p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_a_complete_tree_passes_and_prints_the_figures(tree: Path,
                                                       capsys: pytest.CaptureFixture) -> None:
    translated_tree()
    assert run_checks()
    out = capsys.readouterr().out
    assert "fr demo: 3/3 (100 %)" in out and "hu demo: 3/3 (100 %)" in out


def test_running_everything_again_changes_no_file(tree: Path) -> None:
    translated_tree()
    before = snapshot(tree)
    tool.main(["all"])
    assert snapshot(tree) == before


def test_headers_have_real_values_and_french_two_plural_forms(tree: Path) -> None:
    translated_tree()
    text = tool.po_path("fr", "demo").read_text()
    for placeholder in ("FIRST AUTHOR", "YEAR-MO-DA", "EMAIL@ADDRESS", "FULL NAME",
                        "ORGANIZATION", "VERSION", "LANGUAGE <"):
        assert placeholder not in text
    assert "nplurals=2; plural=(n > 1);" in text
    assert "Project-Id-Version: celestia-tutor 1.2.3" in text


def test_an_english_string_changed_without_extraction_fails_and_is_named(
        tree: Path, capsys: pytest.CaptureFixture) -> None:
    translated_tree()
    (tree / "src" / "demo.py").write_text(SOURCE.replace("Hello, {player}.",
                                                         "Welcome aboard, {player}."))
    assert not run_checks()
    out = capsys.readouterr().out
    assert "not extracted yet" in out and "Welcome aboard, {player}." in out
    assert "no longer in the source" in out and "Hello, {player}." in out


def test_untranslated_and_fuzzy_entries_fail(tree: Path, capsys: pytest.CaptureFixture) -> None:
    translated_tree()
    translate("hu", {"Day": ""})
    path = tool.po_path("fr", "demo")
    catalog = tool.read(path, locale="fr")
    catalog["Day"].flags.add("fuzzy")
    with path.open("wb") as handle:
        write_po(handle, catalog, width=100)
    tool.main(["compile"])
    assert not run_checks()
    out = capsys.readouterr().out
    assert "hu demo: 2/3 (66 %)" in out and "fr demo: 2/3 (66 %), 1 fuzzy" in out


def test_placeholders_must_match_in_every_plural_form(tree: Path,
                                                      capsys: pytest.CaptureFixture) -> None:
    translated_tree()
    translate("hu", {("{n} card", "{n} cards"): ("{n} kártya", "{szam} kártya")})
    translate("fr", {"Hello, {player}.": "Bonjour, {joueur}."})
    tool.main(["compile"])
    assert not run_checks()
    out = capsys.readouterr().out
    assert "['szam'] (form 1) instead of ['n']" in out
    assert "['joueur'] instead of ['player']" in out


def test_a_stale_compiled_catalog_fails(tree: Path, capsys: pytest.CaptureFixture) -> None:
    translated_tree()
    translate("fr", {"Day": "Journée"})
    assert not run_checks()
    assert "is not compiled from the current .po" in capsys.readouterr().out


SPHINX_PO = """\
msgid ""
msgstr ""
"Project-Id-Version: demo 1.0\\n"
"PO-Revision-Date: 2026-01-01 00:00+0000\\n"
"Last-Translator: Demo translators\\n"
"Language-Team: Hungarian\\n"
"Language: hu\\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"

#, python-format
msgid "Search results for %(query)s"
msgstr "{broken}"

msgid "Next"
msgstr "Következő"

msgid "Previous"
msgstr ""
"""


def test_other_catalogs_get_msgfmt_and_completeness(tree: Path,
                                                    capsys: pytest.CaptureFixture) -> None:
    translated_tree()
    (tree / "locales" / "hu" / "LC_MESSAGES" / "sphinx.po").write_text(SPHINX_PO)
    assert not run_checks()
    out = capsys.readouterr().out
    assert "hu sphinx: 2/3 (66 %)" in out
    assert "msgfmt --check locales/hu/LC_MESSAGES/sphinx.po" in out


def test_the_command_line_exit_status(tree: Path) -> None:
    translated_tree()
    assert tool.main(["check"]) == 0
    translate("fr", {"Day": ""})
    with pytest.raises(SystemExit) as stopped:
        tool.main(["check"])
    assert stopped.value.code == 1


def test_the_real_catalogs_pass_every_check() -> None:
    """What CI runs: every domain in sync, complete, compiled, msgfmt-clean."""
    result = subprocess.run([sys.executable, "-m", "tutor.tools.catalogs", "check"],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]


def test_jinja2_templates_are_extracted(tree: Path) -> None:
    (tree / "src" / "page.html").write_text(
        '<h1>{{ _("Night") }}</h1>\n<p>{% trans %}Dawn comes early.{% endtrans %}</p>\n')
    tool.main(["extract"])
    template = tool.read(tool.pot_path("demo"))
    assert template.get("Night") is not None
    assert template.get("Dawn comes early.") is not None
    assert ("src/page.html", 1) in template.get("Night").locations
