"""The website's score sheet adds up and checks a sheet exactly as ``celestia score``
does: every sheet of the score tests (and many drawn at random) goes through the Python
(``scoresheet.sheet_from_rows``) and through the page's script
(``celestia-sheet-rules.js``, run by Node.js on the data the build exports), and the two
must agree on each row's problems (in words, in every language), the totals, the ranks
and the winners."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.engine import data
from tutor.i18n import LANGUAGES, Translator
from tutor.practice.scoresheet import Row, sheet_from_rows, treasures_in_game
from tutor.site.scoreform import FormError, _template, sheet_rules

from .conftest import DESKTOP, PHONE

SCREENSHOTS = Path(__file__).resolve().parents[2] / "benchmarks" / "output" / "site"
RULES_JS = Path(__file__).resolve().parents[2] / "tutor" / "site" / "static" / \
    "celestia-sheet-rules.js"

#: The sheets of the score tests (tests/practice/test_scoresheet.py,
#: tests/reliability/test_sheet_saves.py, the command's own examples): (variant, points
#: for a Spyglass, rows of name, treasure values, Spyglasses as a person types them).
SHEETS: list[tuple[str, int, list[tuple[str, str, str]]]] = [
    # test_ranking_shares_ties_and_counts_spyglasses, with 2 points and with none
    ("standard", 2, [("Ann", "25 20", "1"), ("Bob", "25, 20, 2", ""), ("Cy", "12", "")]),
    ("standard", 0, [("Ann", "25 20", "1"), ("Bob", "25 20 2", ""), ("Cy", "12", "")]),
    # test_a_wrong_entry_is_refused_and_names_player_and_value
    ("standard", 2, [("Ann", "25 25 25 25", ""), ("Bob", "25 25 25", "")]),
    ("standard", 2, [("Ann", "25 25 25 25", ""), ("Bob", "7", "")]),
    ("standard", 2, [("Ann", "25 25 25 25", ""), ("Bob", "", "5")]),
    ("standard", 2, [("Ann", "25", ""), ("Bob", "25 25 25 25 25", "")]),
    # test_beginner_sheet_has_no_spyglasses
    ("beginner", 2, [("Ann", "4", "1"), ("Bob", "9", "")]),
    # test_file_format_round_trip_and_errors
    ("standard", 3, [("Ann", "25 20 4", "1"), ("Bob", "15 15", ""), ("Cy", "30", "")]),
    # test_arguments
    ("standard", 2, [("Ann", "25,20,4", "1"), ("Bob", "9 9", "x"), ("Ann", "1", ""),
                     ("Cy", "", "")]),
    # test_command_line_in_french, both runs
    ("standard", 2, [("Ann", "25,20", "2"), ("Bob", "25,20,4", "")]),
    ("standard", 2, [("Ann", "25,21", "")]),
    # test_interactive_entry_keeps_players_when_a_line_is_wrong
    ("standard", 2, [("Ann", "25 20 4", "1"), ("Bob", "7 9", "0")]),
    ("standard", 2, [("Ann", "25 20", "1"), ("Bob", "12 9", "0")]),
    # test_a_tie_names_the_winners_in_a_sentence
    ("standard", 2, [("Ann", "25,20,4", ""), ("Kate", "25,20,4", ""), ("Mike", "20,25,4", "")]),
    # test_a_saved_sheet_speaks_the_language_and_counts_right
    ("standard", 2, [("Ann", "1", ""), ("Bob", "2", "")]),
    # the command's help: celestia score --player "Ann:25,20,4" --player "Bob:15,12,9"
    ("standard", 2, [("Ann", "25,20,4", "1"), ("Bob", "15,12,9", "")]),
    # tests/reliability/test_sheet_saves.py: names as typed, a sheet over the limits
    ("standard", 2, [("Zoé", "25 20", ""), ("Ádám", "15", "2"), ("Ann\x01", "4", "")]),
    ("standard", 2, [("A" * 41, "4", ""), ("Bob", "4 4 4 4 4 4 4 4 4 4 4", "")]),
    ("standard", 2, [(f"P{n}", "1", "") for n in range(7)]),
    ("standard", 25, [("Ann", "", "4"), ("Bob", "", "1"), ("  ", "  ", " ")]),
    ("standard", 2, [("", "25", ""), ("Ann", "+5 ５ 1e3", ""), ("Bob", "9999999", "")]),
]


def node() -> str:
    found = shutil.which("node")
    if found is None:
        pytest.skip("Node.js is not installed")
    return found


_DRIVER = """
const rules = require(process.argv[1]);
let input = "";
process.stdin.on("data", (chunk) => { input += chunk; });
process.stdin.on("end", () => {
  const job = JSON.parse(input);
  const out = job.sheets.map((s) => rules.fromRows(job.rules[s.language], s.rows, s.variant,
                                                   s.points));
  process.stdout.write(JSON.stringify(out));
});
"""


def run_js(sheets: list[dict[str, Any]]) -> list[dict[str, Any]]:
    exported = {language: sheet_rules(Translator(language)) for language in LANGUAGES}
    done = subprocess.run([node(), "-e", _DRIVER, str(RULES_JS)], input=json.dumps(
        {"rules": exported, "sheets": sheets}), capture_output=True, text=True, timeout=120,
        check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def run_python(sheet: dict[str, Any]) -> dict[str, Any]:
    tr = Translator(sheet["language"])
    rows = [Row(**row) for row in sheet["rows"]]
    result, problems = sheet_from_rows(rows, sheet["variant"], sheet["points"])
    ranked = result.results() if len(result.entries) >= data.MIN_PLAYERS else None
    return {
        "problems": [[tr.message(p) for p in found] for found in problems],
        "results": ranked and [[r.rank, r.name, r.treasure_points, r.spyglasses, r.total]
                               for r in ranked],
        "winners": result.winners() if ranked else [],
    }


def shaped(out: dict[str, Any]) -> dict[str, Any]:
    """The page's answer in the Python's shape."""
    return {
        "problems": [[p["text"] for p in found] for found in out["problems"]],
        "results": out["results"] and [[r["rank"], r["name"], r["points"], r["spyglasses"],
                                        r["total"]] for r in out["results"]],
        "winners": out["winners"],
    }


def compare(sheets: list[dict[str, Any]]) -> None:
    for sheet, page in zip(sheets, run_js(sheets), strict=True):
        assert shaped(page) == run_python(sheet), sheet


def as_sheets(items: list[tuple[str, int, list[tuple[str, str, str]]]]) -> list[dict[str, Any]]:
    return [{"language": language, "variant": variant, "points": points,
             "rows": [{"name": n, "treasures": t, "spyglasses": g} for n, t, g in rows]}
            for variant, points, rows in items for language in LANGUAGES]


def test_every_sheet_of_the_score_tests_gives_the_same_scores_and_winners() -> None:
    sheets = as_sheets(SHEETS)
    compare(sheets)
    # Not a test that cannot fail: these sheets have winners, ties and refused rows.
    python = [run_python(s) for s in sheets]
    assert any(len(p["winners"]) > 1 for p in python)
    assert any(any(found for found in p["problems"]) for p in python)
    assert sum(1 for p in python if p["results"]) >= len(SHEETS) // 2


_VALUES = sorted({*treasures_in_game("standard"), *treasures_in_game("beginner")})
_WORD = st.one_of(st.sampled_from([str(v) for v in _VALUES]), st.sampled_from(
    ["0", "7", "30", "x", "04", "25.0", "-3", "²", "1000001", ""]))
_SEPARATOR = st.sampled_from([" ", ",", ", ", ";", "\t", "\u00a0", "\x1c", "\u3000"])
_NAME = st.one_of(st.sampled_from(["Ann", "Bob", "Zoé", "Ádám", "Kate", " Ann ", ""]),
                  st.text(alphabet=st.sampled_from("abcÉő \t\x00\u200b\u2028-"), max_size=45))


@st.composite
def typed_rows(draw: st.DrawFn) -> dict[str, Any]:
    rows = []
    for _ in range(draw(st.integers(0, 7))):
        words = draw(st.lists(_WORD, max_size=10))
        separator = draw(_SEPARATOR)
        rows.append({"name": draw(_NAME), "treasures": separator.join(words),
                     "spyglasses": draw(st.sampled_from(["", "0", "1", "2", "3", "5", "x",
                                                         " 1 "]))})
    return {"language": draw(st.sampled_from(LANGUAGES)),
            "variant": draw(st.sampled_from(list(data.VARIANTS))),
            "points": draw(st.integers(0, data.SPYGLASS_POINTS_MAX)), "rows": rows}


# Sheets go to Node.js twenty at a time: one process per example, not per sheet.
@settings(max_examples=8, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.lists(typed_rows(), min_size=20, max_size=20))
def test_sheets_drawn_at_random_give_the_same_answers(sheets: list[dict[str, Any]]) -> None:
    compare(sheets)


def test_a_translation_the_page_cannot_fill_stops_the_build(monkeypatch) -> None:
    tr = Translator("hu")
    monkeypatch.setattr(tr, "gettext", lambda msgid: "{player:a} nem játszhat.")
    with pytest.raises(FormError):
        _template(tr, "{player}: the beginner variant has no Magic Spyglasses.")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_sheet_filled_in_on_a_phone(site: Path, browser, language: str) -> None:
    """At 390 px, a sheet typed in as at the table: the page shows the scores, ranks and
    winners that ``celestia score`` gives for the same lines, says why a wrong line is left
    out, keeps everything after a reload, passes axe and prints on one A4 sheet."""
    rows = [("Ann", "25 20 4", "1"), ("Bob", "25, 20, 6", "0"), ("Cy", "7 25", ""),
            ("Dora", "15 15 12", "2")]
    expected = run_python({"language": language, "variant": "standard", "points": 2,
                           "rows": [{"name": n, "treasures": t, "spyglasses": g}
                                    for n, t, g in rows]})
    browser.screen(PHONE)
    try:
        browser.open((site / language / "score-sheet.html").as_uri())
        browser.evaluate("localStorage.removeItem('celestia-score-sheet')")
        browser.open((site / language / "score-sheet.html").as_uri())
        browser.wait_for("document.getElementById('celestia-sheet').dataset.ready")
        for index, row in enumerate(rows):
            if index >= 2:
                browser.evaluate("document.querySelector('.celestia-sheet-add').click()")
            for key, text in zip(("name", "treasures", "spyglasses"), row, strict=True):
                if text:
                    browser.evaluate(f"document.getElementById('celestia-sheet-{key}-{index}')"
                                     f".focus()")
                    browser.send("Input.insertText", text=text)
        shown = browser.evaluate(
            "Array.from(document.querySelectorAll('.celestia-sheet-results tbody tr'))"
            ".map(tr => Array.from(tr.children).map(td => td.textContent))")
        assert [[r[0], int(r[4]), int(r[5])] for r in shown] == \
            [[name, total, rank] for rank, name, _, _, total in expected["results"]]
        assert json.loads(browser.evaluate("document.getElementById('celestia-sheet')"
                                           ".dataset.winners")) == expected["winners"]
        problem = browser.evaluate("document.getElementById('celestia-sheet-problem-2')"
                                   ".textContent")
        assert problem == expected["problems"][2][0]
        assert browser.evaluate("document.documentElement.scrollWidth") <= PHONE[0]
        # From the top, as the page opens (axe counts a box under the sticky header or
        # the "back to the top" button as smaller than it is).
        browser.evaluate("window.scrollTo({top: 0, behavior: 'instant'})")
        assert browser.axe() == []
        browser.evaluate("document.querySelector('.celestia-sheet-results').scrollIntoView("
                         "{behavior: 'instant'})")
        browser.screenshot(SCREENSHOTS / f"score-sheet-{language}-phone.png")
        # Kept in this browser: a reload shows the same sheet.
        browser.open((site / language / "score-sheet.html").as_uri())
        browser.wait_for("document.getElementById('celestia-sheet').dataset.ready")
        assert browser.evaluate("document.getElementById('celestia-sheet-treasures-3')"
                                ".value") == "15 15 12"
        assert json.loads(browser.evaluate("document.getElementById('celestia-sheet')"
                                           ".dataset.winners")) == expected["winners"]
        assert browser.pdf_pages() == 1
    finally:
        browser.evaluate("localStorage.removeItem('celestia-score-sheet')")
        browser.screen(DESKTOP)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_beginner_sheet_shows_no_spyglasses(site: Path, browser, language: str) -> None:
    """The beginner variant has no Magic Spyglasses: once it is chosen, the page shows no
    points for them, no box to type them and no column for them, as ``celestia score``
    shows none; the scores are the command's."""
    rows = [("Ann", "25 20 4"), ("Bob", "15 12 9")]
    expected = run_python({"language": language, "variant": "beginner", "points": 2,
                           "rows": [{"name": n, "treasures": t, "spyglasses": ""}
                                    for n, t in rows]})
    page = (site / language / "score-sheet.html").as_uri()
    try:
        browser.open(page)
        browser.evaluate("localStorage.removeItem('celestia-score-sheet')")
        browser.open(page)
        browser.wait_for("document.getElementById('celestia-sheet').dataset.ready")
        shown_points = "document.querySelector('.celestia-sheet-points').offsetParent !== null"
        boxes = "document.querySelectorAll('.celestia-sheet-spyglasses input').length"
        assert browser.evaluate(shown_points) and browser.evaluate(boxes) == 2
        browser.evaluate("document.getElementById('celestia-sheet-variant-beginner').click()")
        for index, row in enumerate(rows):
            for key, text in zip(("name", "treasures"), row, strict=True):
                browser.evaluate(f"document.getElementById('celestia-sheet-{key}-{index}')"
                                 f".focus()")
                browser.send("Input.insertText", text=text)
        assert not browser.evaluate(shown_points)
        assert browser.evaluate(boxes) == 0
        head = browser.evaluate(
            "Array.from(document.querySelectorAll('.celestia-sheet-results thead th'))"
            ".map(th => th.textContent)")
        tr = Translator(language)
        assert tr.gettext("Spyglasses kept") not in head and len(head) == 5
        shown = browser.evaluate(
            "Array.from(document.querySelectorAll('.celestia-sheet-results tbody tr'))"
            ".map(tr => Array.from(tr.children).map(td => td.textContent))")
        assert [[r[0], int(r[3]), int(r[4])] for r in shown] == \
            [[name, total, rank] for rank, name, _, _, total in expected["results"]]
        # Back to the standard game: the Spyglasses come back.
        browser.evaluate("document.getElementById('celestia-sheet-variant-standard').click()")
        assert browser.evaluate(shown_points) and browser.evaluate(boxes) == 2
    finally:
        browser.evaluate("localStorage.removeItem('celestia-score-sheet')")
