"""Mistakes in the content files are reported with the file, the entry and the problem."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tutor.content import about, faq, loader, rules
from tutor.i18n import Translator


def _clear() -> None:
    for cached in (loader.load, rules._book, faq._entries, faq._rule_ids, faq._index,
                   faq._example_data, faq._examples, about._about):
        cached.cache_clear()


@pytest.fixture
def content(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the content folder that a test may break."""
    for name in ("rules.yaml", "faq.yaml", "about.yaml", "faq_examples.yaml"):
        shutil.copy(loader.FOLDER / name, tmp_path / name)
    monkeypatch.setattr(loader, "FOLDER", tmp_path)
    _clear()
    yield tmp_path
    monkeypatch.undo()
    _clear()


def _error(call: object) -> str:
    with pytest.raises(loader.ContentError) as caught:
        call()  # type: ignore[operator]
    return Translator("en").message(caught.value)


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_unknown_rule_in_faq(content: Path) -> None:
    _edit(content / "faq.yaml", 'rules: ["3.4.2"]', 'rules: ["3.4.9"]')
    message = _error(faq.entries)
    assert "faq.yaml" in message and "captain-must-pay" in message and '"3.4.9"' in message


def test_unknown_placeholder(content: Path) -> None:
    _edit(content / "rules.yaml", "{end_score} points or more", "{end_points} points or more")
    message = _error(rules.sections)
    assert "rules.yaml" in message and "5.1.1" in message and "end_points" in message


def test_statement_out_of_order(content: Path) -> None:
    _edit(content / "rules.yaml", 'id: "3.4.3"', 'id: "3.4.7"')
    message = _error(rules.sections)
    assert "3.4.7" in message and '"3.4.3"' in message


def test_unquoted_id(content: Path) -> None:
    _edit(content / "rules.yaml", 'id: "3.1"\n', "id: 3.1\n")
    assert "quote" in _error(rules.sections)


def test_duplicate_faq_id(content: Path) -> None:
    _edit(content / "faq.yaml", "id: turbo-wild", "id: captain-must-pay")
    assert "captain-must-pay" in _error(faq.entries) and "twice" in _error(faq.entries)


def test_example_question_of_an_unknown_entry(content: Path) -> None:
    _edit(content / "faq_examples.yaml", "- id: turbo-wild\n", "- id: turbo-wilde\n")
    message = _error(lambda: faq.search("we rolled two fog and i have a turbo", "en"))
    assert "faq_examples.yaml" in message and "turbo-wilde" in message
    with pytest.raises(loader.ContentError) as caught:
        faq.search("on a deux brouillards et j'ai un turbo", "fr")
    assert "faq_examples.yaml" in Translator("fr").message(caught.value)
    assert "aucune question de la FAQ" in Translator("fr").message(caught.value)


def test_invalid_yaml(content: Path) -> None:
    (content / "about.yaml").write_text("title: [unclosed\n", encoding="utf-8")
    message = _error(lambda: about.render(Translator("en")))
    assert "about.yaml" in message and "YAML" in message


def test_stale_cache_is_not_used(content: Path) -> None:
    _edit(content / "faq.yaml", "Must the captain pay when", "Does the captain have to pay when")
    assert faq.get("captain-must-pay").question.startswith("Does the captain have to pay")


def test_broken_cache_falls_back_to_the_yaml(content: Path) -> None:
    loader.load("faq.yaml")
    loader.cache_path("faq.yaml").write_text('{"digest": "x"', encoding="utf-8")
    _clear()
    assert len(faq.entries()) >= 30
