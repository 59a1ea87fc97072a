"""Our own sentences for operating-system and parser failures, and numbers read in one
place: nothing in English in a French or Hungarian run, nothing Python refuses."""

from __future__ import annotations

import errno
import json

import pytest
import tomlkit
import yaml

from tutor.file_errors import (
    _BY_ERRNO,
    NumberTooLong,
    json_reason,
    load_json,
    os_reason,
    toml_reason,
    yaml_reason,
)
from tutor.i18n import Translator
from tutor.inputs import argument, excerpt, name_problem, whole

ENGLISH = ("No such file", "Is a directory", "Expecting", "Permission denied", "delimiter")


@pytest.mark.parametrize("code", [*sorted(_BY_ERRNO), errno.ECHILD])
def test_every_reason_reads_as_a_sentence_in_each_language(code: int) -> None:
    reason = os_reason(OSError(code, "whatever the system said"))
    english = Translator("en").format("Cannot read {path}: {reason}", path="/x", reason=reason)
    assert "whatever" not in english and english.endswith(".")
    for language in ("fr", "hu"):
        text = Translator(language).format("Cannot read {path}: {reason}", path="/x",
                                           reason=reason)
        assert text != english and not any(word in text for word in ENGLISH), text


@pytest.mark.parametrize("document", ["", "{", '{"a" 1}', "[1 2]", '"abc', "[1,]",
                                      '"\\x"', "1 2", "nul", '{"a": [' * 3])
def test_json_errors_name_line_and_column_in_our_words(document: str) -> None:
    with pytest.raises(json.JSONDecodeError) as err:
        load_json(document)
    reason = json_reason(err.value)
    assert reason.params["line"] == err.value.lineno
    for language in ("en", "fr", "hu"):
        text = Translator(language).message(reason)
        assert str(err.value.colno) in text and "Expecting" not in text


def test_json_that_python_itself_cannot_take_is_refused_cleanly() -> None:
    with pytest.raises(RecursionError) as deep:
        load_json("[" * 100_000 + "]" * 100_000)
    assert "nested" in json_reason(deep.value).english()
    with pytest.raises(NumberTooLong) as long_number:
        load_json("[" + "9" * 5000 + "]")
    assert "digits" in json_reason(long_number.value).english()
    assert load_json('{"seed": 12345678901234567890}') == {"seed": 12345678901234567890}


@pytest.mark.parametrize("document", ["a = ", "a = [1,", "a = 1\na = 2", "x = 1.2.3",
                                      'a = "\\q"', "= 3", "a = 1 2", "x = " + "[" * 200])
def test_toml_errors_in_our_words(document: str) -> None:
    with pytest.raises(tomlkit.exceptions.ParseError) as err:
        tomlkit.parse(document)
    reason = toml_reason(err.value)
    fr, hu = Translator("fr").message(reason), Translator("hu").message(reason)
    assert fr != reason.english() and hu != reason.english()
    assert str(err.value.line) in fr and str(err.value.line) in hu


@pytest.mark.parametrize(("document", "line"), [
    ("a: b: c", 1), ("a:\n\t- b", 2), ("[1, 2", 1), ("a: 1\nb: 'x\n", 2), ("- a\nb: c", 2),
    ("a: *x", 1), ("{a: 1", 1), ("a: [1,]]", 1), ("key: @x", 1), ("a: |\n b\nc", 3),
    ("a: 1\n  b: 2", 2)])
def test_yaml_errors_in_our_words(document: str, line: int) -> None:
    with pytest.raises(yaml.YAMLError) as err:
        yaml.safe_load(document)
    reason = yaml_reason(err.value)
    assert reason.params["line"] == line
    english = reason.english()
    assert str(err.value) not in english and "expected" not in english
    for language in ("fr", "hu"):
        text = Translator(language).message(reason)
        assert text != english and str(line) in text
        assert not any(word in text for word in ("expected", "found", "mapping", "scanning"))


@pytest.mark.parametrize("text", ["²", "٣", "1²", "-1", "", " ", "0x10", "1e3", "9" * 5000,
                                  "１２"])
def test_whole_reads_only_plain_digits_within_bounds(text: str) -> None:
    assert whole(text, 0, 10**6) is None


def test_whole_accepts_what_it_should() -> None:
    assert whole(" 25 ", 0, 25) == 25 and whole("007", 0, 10) == 7
    assert whole("26", 0, 25) is None and whole("-3", -5, 5) == -3


def test_excerpt_and_names() -> None:
    assert excerpt("x" * 1000).endswith("…") and len(excerpt("x" * 1000)) == 41
    assert excerpt("a\nb\x00") == "a\\nb\\x00"
    assert name_problem("Ann") is None
    assert name_problem("Ann\nBob") is not None and name_problem("A\x1b[31m") is not None
    assert name_problem("x" * 41) is not None and name_problem("Ádám Éva") is None


def test_argument_type_says_what_it_wants_in_the_readers_language() -> None:
    import argparse

    parse = argument(Translator("hu"), 0, 25)
    assert parse("3") == 3
    with pytest.raises(argparse.ArgumentTypeError) as err:
        parse("9" * 10_000)
    assert len(str(err.value)) < 200 and "0" in str(err.value)
