"""Messages used in several places: contexts and translator comments from every extractor,
and the check that each shared message has a context or says it plays one role."""

import io
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract, extract_from_file
from babel.messages.pofile import write_po

from tutor.tools import catalog_model, checks
from tutor.tools import catalogs as tool
from tutor.tools.yaml_extract import KEYWORD_COMMENT, extract_yaml

LESSON = b"""\
steps:
  - prompt: Who was ejected?
    choices:
      - label: Bruno, the captain.
        context: accusative, the one ejected
      - label: Ada.
  - prompt: Who would have drawn it?
    translators: Same role as in the lesson before, but the answer is the one who draws.
    choices:
      - label: Bruno, the captain.
        context: nominative, the one who draws
keywords: [turbo, wild card]
"""


def test_yaml_texts_carry_their_context_and_comment() -> None:
    found = list(extract(extract_yaml, io.BytesIO(LESSON), keywords=DEFAULT_KEYWORDS,
                         comment_tags=("TRANSLATORS:",)))
    by_text = {(message, context): comments for _, message, comments, context in found}
    assert ("Bruno, the captain.", "accusative, the one ejected") in by_text
    assert ("Bruno, the captain.", "nominative, the one who draws") in by_text
    assert by_text["Ada.", None] == []
    assert by_text["Who would have drawn it?", None][0].startswith("Same role")
    # The comment is for the mapping's own texts, not for those nested in it.
    assert by_text["Bruno, the captain.", "nominative, the one who draws"] == []
    assert by_text["turbo", None] == [KEYWORD_COMMENT]


def test_python_pgettext_is_extracted_with_its_context(tmp_path: Path) -> None:
    source = tmp_path / "x.py"
    source.write_text('tr.pgettext("the ejected", "Bruno, the captain.")\n'
                      '# TRANSLATORS: Same role: a title.\n'
                      'N_("Crash")\n', encoding="utf-8")
    found = extract_from_file("python", source, keywords=DEFAULT_KEYWORDS,
                              comment_tags=("TRANSLATORS:",), strip_comment_tags=True)
    assert (1, "Bruno, the captain.", [], "the ejected") in found
    assert (3, "Crash", ["Same role: a title."], None) in found


def _pot(folder: Path, domain: str, messages: list[tuple]) -> None:
    catalog = Catalog(domain=domain)
    for msgid, locations, comments, context in messages:
        catalog.add(msgid, locations=locations, auto_comments=comments, context=context)
    with (folder / f"{domain}.pot").open("wb") as handle:
        write_po(handle, catalog)


@pytest.fixture
def locales(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "domains.toml").write_text(
        '[domains.core]\nsources = ["core"]\n'
        '[domains.lessons]\nsources = ["lessons"]\nreport_only = ["shared-messages"]\n',
        encoding="utf-8")
    _pot(tmp_path, "core", [
        ("Pass.", [("core/a.py", 1), ("core/b.py", 9)], [], None),
        ("Crash", [("core/a.py", 2), ("core/c.py", 3)], ["Same role: a title."], None),
        ("Bruno.", [("core/a.py", 5)], [], "the ejected"),
        ("Alone.", [("core/a.py", 6)], [], None),
    ])
    _pot(tmp_path, "lessons", [
        ("Bruno, the captain.", [("scenarios/08.yaml", 31), ("scenarios/13.yaml", 45)], [],
         None),
        ("Bruno.", [("scenarios/08.yaml", 40)], [], "the drawer"),
    ])
    monkeypatch.setattr(catalog_model, "LOCALES", tmp_path)
    return tmp_path


def test_a_shared_message_needs_a_context_or_a_same_role_comment(
        locales: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report = checks.Report()
    checks.check_shared_messages(report)
    out = capsys.readouterr().out
    # Enforced: named with every place, so that the fix is obvious.
    assert len(report.failures) == 1
    assert "'Pass.'" in report.failures[0] and "core/a.py:1, core/b.py:9" in report.failures[0]
    # Report-only domain: printed as a note the lessons' owner can act on.
    assert "NOTE (report only) lessons: 'Bruno, the captain.'" in out
    assert "scenarios/08.yaml:31, scenarios/13.yaml:45" in out
    # Settled: a "Same role" comment, or a context for each role.
    assert "Crash" not in out and "'Bruno.'" not in out


def test_the_switch_is_read_from_domains_toml(locales: Path) -> None:
    assert tool.report_only("lessons") == {"shared-messages"}
    assert tool.enforced("core", "shared-messages")
    assert tool.pending("lessons", "shared-messages")
    assert tool.pending("core", "shared-messages") is None


def test_the_real_catalogs_settle_every_shared_message_of_the_enforced_domains() -> None:
    report = checks.Report()
    checks.check_shared_messages(report)
    assert not report.failures


def test_pofilter_finds_nothing_in_the_enforced_catalogs() -> None:
    pytest.importorskip("translate")
    from tutor.tools.pofilter_check import RUN, SKIPPED, run_pofilter

    assert run_pofilter([d for d in tool.domains() if tool.enforced(d, "pofilter")])
    assert not set(RUN) & set(SKIPPED) and all(SKIPPED.values())
