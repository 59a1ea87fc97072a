"""Fuzzers for every input a user can hand us (issue 15, "Keep it kept").

Game records, saved practice games (``play --resume``), score sheets (TOML files and
arguments), the tutor's progress file and every command's arguments are mutated by
Hypothesis. Each run must end with exit code 0 or 2 (1 where the command documents it:
a practice game left unfinished, an interrupted entry), never a traceback (the runs set
``CELESTIA_DEBUG``, so an unforeseen error fails the test with its traceback), speak
only the chosen language (no English from the system or the parsers in a French or
Hungarian run), write nothing but the files the command names, and leave the user's
file byte-identical when the command refuses it.

The budget is small for every test run; ``pytest -m fuzz`` runs the same properties
much longer (``FUZZ_EXAMPLES``, default 2,000 per fuzzer) before a release.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tutor.engine import Options, SeededChance, State, make_bot, to_record

from .helpers import Result, english_words, files, leaks, run

CI = settings(max_examples=int(os.environ.get("FUZZ_CI_EXAMPLES", "25")), deadline=None,
              derandomize=True, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
DEEP = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "2000")), deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

LANGUAGES = st.sampled_from(["en", "fr", "hu"])


# --- Checking one run ------------------------------------------------------------------------
def check(result: Result, language: str, given: str | list[str],
          codes: tuple[int, ...] = (0, 2)) -> None:
    """Exit code, no traceback, and in French or Hungarian no English: neither the
    system's and parsers' phrases nor any word of tests/i18n/test_english_leak.py's list
    (what the user gave, echoed, does not count)."""
    assert result.code in codes, result
    assert "Traceback" not in result.text
    if language != "en":
        typed = [given] if isinstance(given, str) else list(given)
        joined = " ".join(typed)
        assert not leaks(result.text, joined), (leaks(result.text, joined), result)
        english = english_words(result.text, [*typed, *joined.split()])
        assert not english, (english, result)


class Folder:
    """A fresh folder for one example: the command's working directory and its files."""

    def __enter__(self) -> Path:
        self._temp = tempfile.TemporaryDirectory(prefix="celestia-fuzz-")
        self.path = Path(self._temp.name)
        self._cwd = os.getcwd()
        os.chdir(self.path)
        return self.path

    def __exit__(self, *exc: object) -> None:
        os.chdir(self._cwd)
        self._temp.cleanup()


# --- Game records and saved practice games ------------------------------------------------
@cache
def base_record(practice: bool) -> dict[str, Any]:
    """A real game in progress: three seats, 120 actions of seeded bots."""
    state = State(Options(players=3), ["Ann", "Bob", "Cy"])
    chance = SeededChance(11)
    bots = [make_bot(style, 5 + i) for i, style in enumerate(("cautious", "sensible", "bold"))]
    for _ in range(120):
        if state.actor == -1:   # CHANCE
            state.apply(chance.outcome(state))
        elif state.actor >= 0:
            state.apply(bots[state.actor].choose(state, state.actor))
        else:
            break
    record = to_record(state)
    if practice:
        record["practice"] = {"learner": 0, "bots": [None, "sensible", "bold"], "seed": 11,
                              "coach": False}
    return record


JSON_LEAF = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(min_value=-(10**40), max_value=10**40),
    st.floats(allow_nan=False), st.text(max_size=30),
    st.sampled_from(["stay", "leave", "pass", "crash", "play ejection ²", "play ejection 9",
                     "roll fog blank", "pay compass+turbo", "reroll 1+3", "chance", "",
                     "deck", "pile 1 2", "x" * 5000]))
JSON_VALUE = st.recursive(JSON_LEAF, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12)


def _paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value[:40]):
            found += _paths(item, (*prefix, i))
    return found


def _cut_or_insert(draw: st.DrawFn, text: str, damage: str) -> str:
    """The text cut short anywhere, or with a few characters slipped in anywhere."""
    if damage == "cut":
        return text[:draw(st.integers(0, len(text)))]
    if damage == "insert":
        at = draw(st.integers(0, len(text)))
        return text[:at] + draw(st.text(max_size=5)) + text[at:]
    return text


@st.composite
def mutated_json(draw: st.DrawFn, base: dict[str, Any]) -> str:
    """A record with a few values replaced, keys dropped, or its text damaged."""
    document = json.loads(json.dumps(base))
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(document) if p]
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = document
        for key in path[:-1]:
            parent = parent[key]
        action = draw(st.sampled_from(["replace", "delete", "nest"]))
        if action == "replace":
            parent[path[-1]] = draw(JSON_VALUE)
        elif action == "delete" and isinstance(parent, dict):
            del parent[path[-1]]
        elif action == "delete":
            parent.pop(path[-1])
        else:
            parent[path[-1]] = json.loads("[" * 50 + "1" + "]" * 50)
    text = json.dumps(document, ensure_ascii=draw(st.booleans()))
    damage = draw(st.sampled_from(["none", "none", "cut", "insert", "huge-number", "deep"]))
    text = _cut_or_insert(draw, text, damage)
    if damage == "huge-number":
        text = text.replace("3", "3" + "0" * draw(st.sampled_from([30, 5000])), 1)
    elif damage == "deep":
        text = '{"format": "celestia-record", "x": ' + "[" * 5000 + "]" * 5000 + "}"
    return text


def _record_property(language: str, text: str) -> None:
    with Folder() as folder:
        path = folder / "record.json"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        before = path.read_bytes()
        check(run("replay", str(path), "--lang", language), language, text)
        assert path.read_bytes() == before and files(folder).keys() == {"record.json"}


def _resume_property(language: str, text: str) -> None:
    with Folder() as folder:
        path = folder / "game.json"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        before = path.read_bytes()
        done = run("play", "--batch", "--resume", "--save", str(path), "--lang", language,
                   stdin="1\nquit\n")
        check(done, language, text, codes=(0, 1, 2))
        if done.code == 2:
            assert path.read_bytes() == before
        else:   # resumed: the game is still a game the program resumes
            again = run("play", "--batch", "--resume", "--save", str(path), "--lang", "en",
                        stdin="quit\n")
            assert again.code in (0, 1), again
        assert set(files(folder)) == {"game.json"}


# --- Score sheets ---------------------------------------------------------------------------
NAMES = st.one_of(st.sampled_from(["Ann", "Bob", "Cy", "Zoé", "Ádám", "Ann", ""]),
                  st.text(max_size=12), st.just("x" * 200), st.just("A\nB"))
NUMBERS = st.one_of(st.sampled_from([0, 1, 2, 4, 6, 9, 12, 15, 20, 25, 3, 30, -1]),
                    st.integers(), st.integers(min_value=10**20, max_value=10**40))
PLAYER = st.fixed_dictionaries(
    {"name": NAMES}, optional={"treasures": st.lists(NUMBERS, max_size=8),
                               "spyglasses": NUMBERS, "colour": st.text(max_size=4)})
SHEET = st.fixed_dictionaries({}, optional={
    "variant": st.sampled_from(["standard", "beginner", "expert", ""]),
    "spyglass_points": NUMBERS, "players": st.lists(PLAYER, max_size=8)})


@st.composite
def sheet_text(draw: st.DrawFn) -> str:
    import tomlkit

    text = "# Our game\n" + tomlkit.dumps(draw(SHEET))
    damage = draw(st.sampled_from(["none", "none", "none", "cut", "insert", "comment"]))
    text = _cut_or_insert(draw, text, damage)
    if damage == "comment":
        text = text.replace("\n", "  # note\n", 1)
    return text


def _sheet_property(language: str, text: str, extra: list[str]) -> None:
    with Folder() as folder:
        path = folder / "sheet.toml"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        before = path.read_bytes()
        argv = ["score", "--file", str(path), "--save", str(path), *extra, "--lang", language]
        done = run(*argv)
        check(done, language, text + " ".join(extra))
        if done.code == 2:
            assert path.read_bytes() == before       # nothing written over a refused sheet
        else:
            again = run("score", "--file", str(path), "--lang", language)
            assert again.code == 0 and again.out == done.out, (again, done)
            if b"# Our game" in before:
                assert b"# Our game" in path.read_bytes()    # comments survive
        assert set(files(folder)) == {"sheet.toml"}


ARG_TEXT = st.one_of(st.text(max_size=20), st.sampled_from(
    ["Ann:25,20,4", "Bob:15,12,9", "Ann:²", "Ann=1", "Ann=²", "Cy:", ":", "=", "Ann:" + "9" * 5000,
     "Ann:25,25,25,25,25,25,25", "Ann\nB:1"]))


# --- Progress files -------------------------------------------------------------------------
@st.composite
def progress_text(draw: st.DrawFn) -> str:
    lessons = st.dictionaries(st.sampled_from(["goal", "roll", "passengers", "x"]),
                              st.fixed_dictionaries({}, optional={
                                  "done": st.one_of(st.booleans(), JSON_LEAF),
                                  "inputs": st.one_of(st.lists(st.text(max_size=30)),
                                                      st.lists(st.integers(-3, 200)),
                                                      JSON_LEAF),
                                  "at": st.one_of(st.floats(allow_nan=False), JSON_LEAF),
                                  "stars": JSON_LEAF}), max_size=4)
    document = draw(st.fixed_dictionaries(
        {"format": st.sampled_from(["celestia-tutor-progress", "celestia-tutor-progress",
                                    "other"])},
        optional={"version": st.one_of(st.integers(-2, 3), st.just(99), JSON_LEAF),
                  "language": st.one_of(st.sampled_from(["en", "fr", "hu"]), JSON_LEAF),
                  "last": JSON_LEAF, "lessons": st.one_of(lessons, JSON_VALUE)}))
    text = json.dumps(document)
    damage = draw(st.sampled_from(["none", "none", "cut", "deep", "huge"]))
    if damage == "cut":
        text = text[:draw(st.integers(0, len(text)))]
    elif damage == "deep":
        text = "[" * 3000 + "]" * 3000
    elif damage == "huge":
        text = text.replace("1", "1" + "0" * 5000, 1)
    return text


def _progress_property(text: str) -> None:
    from tutor.app.main import make_tutor
    from tutor.i18n import Translator

    with Folder() as folder:
        state = folder / "state"
        state.mkdir()
        path = state / "progress.json"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        before = path.read_bytes()
        os.environ["CELESTIA_STATE_DIR"] = str(state)
        tutor = make_tutor(_lessons(), Translator("hu"), explicit_language=False)
        tutor.menu()
        notice = tutor.progress.notice
        if notice is not None:
            shown = tutor.tr.format(notice[0], **notice[1])
            assert not leaks(shown), shown
        tutor.progress.record("goal", ["c0"], False)
        if tutor.progress.read_only:                # a newer version's file: left alone
            assert path.read_bytes() == before
        else:
            saved = json.loads(path.read_text(encoding="utf-8"))
            assert saved["lessons"]["goal"]["inputs"] == ["c0"]
            # Whatever was set aside is the user's file, byte for byte.
            aside = list(state.glob("progress.json.corrupt-*"))
            assert (path.read_bytes() == before) or not aside or aside[0].read_bytes() == before


@cache
def _lessons():
    from tutor.lessons.library import load_all

    return tuple(load_all())


# --- Every command's arguments --------------------------------------------------------------
#: Options whose value is a path: drawn from ``PATHS``, inside the example's folder.
PATH_OPTIONS = {"--save", "--file", "--out"}
OPTIONS: dict[str, list[str]] = {
    "rules": [], "faq": ["--list", "--id"], "glossary": [],
    "odds": ["--players", "--variant", "--grappling-hook", "--dice", "--hand", "--discarded",
             "--captain-cards", "--captain", "--city", "--treasures", "--spyglass-points"],
    "score": ["--player", "--spyglasses", "--variant", "--spyglass-points", "--save",
              "--file", "--save"],
    "play": ["--bots", "--name", "--variant", "--grappling-hook", "--spyglass-points",
             "--seed", "--coach", "--resume", "--new", "--batch", "--board", "--save",
             "--save"],
    "replay": ["--events"],
    "simulate": ["--players", "--seed", "--variant", "--grappling-hook", "--spyglass-points",
                 "--bots"],
    "tutor": ["--lesson", "--transcript", "--list"],
    "docs": ["--out", "--out", "--strict", "--serve", "--port", "--no-browser"],
}
VALUES = st.one_of(
    st.text(max_size=12).map(lambda text: text.lstrip("/")), st.integers().map(str),
    st.sampled_from(["²", "٣", "-5", "0", "1", "2", "3", "6", "9" * 30, "9" * 5000,
                     "1" + "0" * 27, "fog,fog,pirates", "compass,turbo", "2 compass",
                     "99999999 compass", "1:2,4:spyglass", "cautious,bold", "standard",
                     "beginner", "Ann:25", "Ann=1", "3.4", "goal", "passengers", "kodkurt",
                     "távcső", "x" * 3000, "Ann:25,20,4", "Bob:15,12,9", "Cy:4"]))
#: The user's files in each example's folder (see ``_user_files``), and other paths.
PATHS = st.one_of(
    st.sampled_from(["sheet.toml", "game.json", "notes.txt", "read-only.toml", "sub",
                     "sub/new.toml", "new.toml", "missing/deeper/x.toml", "notes.txt/x",
                     ".", "", "sheet.toml/", "-"]),
    st.text(alphabet="abé._-/ ", min_size=1, max_size=12).map(
        lambda text: "/".join(part for part in text.split("/") if part not in ("", "..")))
    .filter(bool))


@st.composite
def arguments(draw: st.DrawFn) -> list[str]:
    command = draw(st.sampled_from(sorted(OPTIONS)))
    argv = [command]
    # Mostly options the command has, so that most runs get past the parser.
    for _ in range(draw(st.integers(0, 5))):
        kind = draw(st.sampled_from(["option"] * 6 + ["value", "unknown"]))
        if kind == "option" and OPTIONS[command]:
            option = draw(st.sampled_from(OPTIONS[command]))
            argv += [option, draw(PATHS if option in PATH_OPTIONS else VALUES)]
        elif kind == "value":
            argv.append(draw(PATHS if command == "replay" else VALUES))
        else:
            argv.append("--" + draw(st.text(alphabet="abcxyz-", max_size=6)))
    if command == "simulate":
        argv += ["--games", str(draw(st.integers(-2, 3)))]   # a small number of games
    return argv


@st.composite
def saving_arguments(draw: st.DrawFn) -> list[str]:
    """Commands that get past the parser and write: sheets, practice games, the site."""
    command = draw(st.sampled_from(["score", "score", "play", "docs"]))
    if command == "docs":
        return ["docs", "--out", draw(PATHS), *draw(st.sampled_from([[], ["--strict"]]))]
    if command == "play":
        start = draw(st.sampled_from([["--seed", "3"], ["--seed", "4", "--new"], ["--resume"],
                                      ["--bots", "cautious,bold", "--seed", "5"]]))
        return ["play", "--batch", *start, "--save", draw(PATHS)]
    players = draw(st.lists(st.sampled_from(["Ann:25,20,4", "Bob:15,12,9", "Cy:4", "Ann:6",
                                             "Dan:2,2"]), max_size=3))
    argv = ["score", *[x for player in players for x in ("--player", player)]]
    if draw(st.booleans()):
        argv += ["--file", draw(PATHS)]
    return [*argv, "--save", draw(PATHS)]


def _user_files(folder: Path) -> None:
    """What a user has in the folder: a score sheet, a saved practice game, notes, a
    sheet made read-only, a sub-folder."""
    sheet = '# our evening\n[[players]]\nname = "Ann"\ntreasures = [25, 20, 4]\n' \
            '[[players]]\nname = "Bob"\ntreasures = [15, 12, 9]\n'
    (folder / "sheet.toml").write_text(sheet, encoding="utf-8")
    (folder / "read-only.toml").write_text(sheet, encoding="utf-8")
    (folder / "read-only.toml").chmod(0o444)
    (folder / "game.json").write_text(json.dumps(base_record(True)), encoding="utf-8")
    (folder / "notes.txt").write_text("Bring the dice.\n", encoding="utf-8")
    (folder / "sub").mkdir()


def _target(argv: list[str]) -> str | None:
    """The file the command was asked to write (argparse keeps the last --save)."""
    saves = [argv[i + 1] for i, arg in enumerate(argv[:-1]) if arg == "--save"]
    return os.path.normpath(saves[-1]) if saves else None


def _no_build(out: Path, strict: bool = False) -> dict[str, str]:
    """The site's build without its Sphinx runs (minutes each): the folder is checked as
    the real build checks it, and nothing is written."""
    from tutor.site.build import prepare

    prepare(out)
    return {}


#: What is typed after the command: batch moves and commands, a score sheet's entry.
STDIN = st.sampled_from([
    "quit\n", "", "1\n" * 40, "save notes.txt\n1\nsave sheet.toml\nquit\n",
    "save game.json\n1\nsave copy.json\n1\nsave copy.json\nquit\n", "save sub\nquit\n",
    "Cy\n4\n0\nDan\n2 2\n0\n\n", "Ann\n25 20 4\n1\nBob\n15 12 9\n0\n\n",
    "Ann\n25 20 6\n1\nBob\n15 12 9\n0\n\n", "Cy\n4\n0\n", "Zoé\n²\n9\n1\n\n\n",
])


def _arguments_property(argv: list[str], language: str, stdin: str) -> None:
    from unittest import mock

    with Folder() as folder, mock.patch("tutor.site.build.build", _no_build), \
            mock.patch("tutor.commands.docs.serve", lambda *args: 0):
        _user_files(folder)
        before = files(folder)
        try:
            done = run(*argv, "--lang", language, stdin=stdin)
        finally:
            (folder / "read-only.toml").chmod(0o644)
        # 1: an unfinished practice game, an interrupted entry, a look-up that found nothing.
        codes = (0, 1, 2) if argv[0] in ("play", "score", "glossary", "faq", "rules",
                                         "tutor") else (0, 2)
        event(f"{argv[0]} exit {done.code}")   # --hypothesis-show-statistics
        check(done, language, argv, codes)
        after = files(folder)
        # Notes and a read-only sheet are never written over; nothing changes on a refusal.
        assert after["notes.txt"] == before["notes.txt"]
        assert after["read-only.toml"] == before["read-only.toml"]
        target = _target(argv)
        if done.code == 2:
            assert after == before, (set(after) ^ set(before), done)
        # Nothing the user had is lost: every file's content is still in some file (a
        # game kept aside under a new name), unless it is the file asked to be written.
        kept = set(after.values())
        for name, content in before.items():
            assert content in kept or (name == target and done.code in (0, 1)), (name, done)
        # Written over, the sheet keeps its players, the saved game its moves (or it was
        # kept aside under a new name).
        if target == "sheet.toml" and after.get(target, b"") != before[target]:
            names = re.findall(rb'name = "([^"]*)"', before[target])
            assert set(names) <= set(re.findall(rb'name = "([^"]*)"', after[target])), done
        if target == "game.json" and before[target] not in kept:
            old = json.loads(before[target])["history"]
            assert json.loads(after[target])["history"][:len(old)] == old, done
        # New files: only the one asked for, and a game kept aside beside it (--new).
        for name in set(after) - set(before):
            assert name == target or (target and "--new" in argv and name.startswith(
                Path(target).stem + "-")) or (argv[0] == "play" and name == "copy.json" and
                                              f"save {name}" in stdin), (name, done)


# --- The tests: a small budget for every run, the deep run on demand ------------------------
def _both(body: Callable[..., None], *strategies: Any) -> tuple[Callable, Callable]:
    ci = CI(given(*strategies)(body))
    deep = pytest.mark.fuzz(DEEP(given(*strategies)(body)))
    return ci, deep


test_records, test_records_deep = _both(_record_property, LANGUAGES,
                                        mutated_json(base_record(False)))
test_resume_files, test_resume_files_deep = _both(_resume_property, LANGUAGES,
                                                  mutated_json(base_record(True)))
test_score_sheets, test_score_sheets_deep = _both(
    _sheet_property, LANGUAGES, sheet_text(),
    st.lists(st.sampled_from(["--player", "--spyglasses", "--variant", "--spyglass-points"])
             .flatmap(lambda option: st.tuples(st.just(option), ARG_TEXT)),
             max_size=3).map(lambda pairs: [x for pair in pairs for x in pair]))
test_progress_files, test_progress_files_deep = _both(_progress_property, progress_text())
test_arguments, test_arguments_deep = _both(
    _arguments_property, st.one_of(arguments(), saving_arguments()), LANGUAGES, STDIN)
