"""Fuzzers for every input a user can hand us (issue 15, "Keep it kept").

Game records, saved practice games (``play --resume``), score sheets (TOML files and
arguments), the tutor's progress file and every command's arguments are mutated by
Hypothesis. Each run must end with exit code 0 or 2 (1 where the command documents it:
a practice game left unfinished, an interrupted entry), never a traceback (the runs set
``CELESTIA_DEBUG``, so an unforeseen error fails the test with its traceback), speak
only the chosen language (no English from the system or the parsers in a French or
Hungarian run), write nothing but the files the command names, and leave the user's
file byte-identical when the command refuses it.

Issue 27 adds what nobody expects to be handed: named pipes and devices among the
paths (never waited on, never replaced: every run is cut short by an alarm, which fails
it), foreign files and earlier builds in ``docs --out`` (the build is the real one, its
Sphinx processes stood in for by a shell command), another session holding the saved
game, standard input that is not UTF-8 or is closed, a closed standard output, and
Sphinx processes failing with any output.

The budget is small for every test run; ``pytest -m fuzz`` runs the same properties
much longer (``FUZZ_EXAMPLES``, default 2,000 per fuzzer) before a release.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shlex
import signal
import stat
import tempfile
from collections.abc import Callable, Iterator
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
          codes: tuple[int, ...] = (0, 2), all_languages: bool = False) -> None:
    """Exit code, no traceback, and in French or Hungarian no English: neither the
    system's and parsers' phrases nor any word of tests/i18n/test_english_leak.py's list
    (what the user gave, echoed, does not count; ``all_languages``: an output that shows
    every language by design, the glossary's table)."""
    assert result.code in codes, result
    assert "Traceback" not in result.text
    if language != "en" and not all_languages:
        typed = [given] if isinstance(given, str) else list(given)
        # The example's folders, named in messages: their random names are no words.
        typed += [os.getcwd(), os.environ.get("CELESTIA_STATE_DIR", os.getcwd())]
        joined = " ".join(typed)
        assert not leaks(result.text, joined), (leaks(result.text, joined), result)
        english = english_words(result.text, [*typed, *joined.split()])
        assert not english, (english, result)


@contextlib.contextmanager
def no_hang(seconds: int = 60) -> Iterator[None]:
    """A run that blocks (a named pipe opened, a lock waited for) fails instead of
    hanging the fuzzer (and again every 5 seconds: a second one would block for ever)."""
    def stuck(signum: int, frame: object) -> None:
        raise TimeoutError("the command blocked")

    previous = signal.signal(signal.SIGALRM, stuck)
    signal.setitimer(signal.ITIMER_REAL, seconds, 5)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


class Folder:
    """A fresh folder for one example: the command's working directory and its files;
    and a fresh state folder beside it, so that no example sees another's saved game or
    locks."""

    def __enter__(self) -> Path:
        self._temp = tempfile.TemporaryDirectory(prefix="celestia-fuzz-")
        self._state = tempfile.TemporaryDirectory(prefix="celestia-fuzz-state-")
        self.path = Path(self._temp.name)
        self._cwd = os.getcwd()
        self._old_state = os.environ.get("CELESTIA_STATE_DIR")
        os.environ["CELESTIA_STATE_DIR"] = self._state.name
        os.chdir(self.path)
        return self.path

    def __exit__(self, *exc: object) -> None:
        os.chdir(self._cwd)
        if self._old_state is None:
            os.environ.pop("CELESTIA_STATE_DIR", None)
        else:
            os.environ["CELESTIA_STATE_DIR"] = self._old_state
        self._temp.cleanup()
        self._state.cleanup()


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
        with no_hang():
            done = run("replay", str(path), "--lang", language)
        check(done, language, text)
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
        # A message about the file's keys names them as the file has them, in every
        # language ("un joueur a name, treasures et spyglasses").
        check(done, language, [text, *extra, *SHEET_KEYS])
        if done.code == 2:
            assert path.read_bytes() == before       # nothing written over a refused sheet
        else:
            again = run("score", "--file", str(path), "--lang", language)
            assert again.code == 0 and again.out == done.out, (again, done)
            if b"# Our game" in before:
                assert b"# Our game" in path.read_bytes()    # comments survive
        assert set(files(folder)) == {"sheet.toml"}


#: The keys of a score sheet file, the same in every language.
SHEET_KEYS = ["variant", "spyglass_points", "players", "name", "treasures", "spyglasses"]

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
                     ".", "", "sheet.toml/", "-", "pipe", "device", "device-link",
                     "foreign", "site-old", "site-old/en", "new-site"]),
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
    sheet made read-only, a sub-folder; a named pipe, a device and a link to it; a folder
    of their own pages, and an earlier build of the site."""
    sheet = '# our evening\n[[players]]\nname = "Ann"\ntreasures = [25, 20, 4]\n' \
            '[[players]]\nname = "Bob"\ntreasures = [15, 12, 9]\n'
    (folder / "sheet.toml").write_text(sheet, encoding="utf-8")
    (folder / "read-only.toml").write_text(sheet, encoding="utf-8")
    (folder / "read-only.toml").chmod(0o444)
    (folder / "game.json").write_text(json.dumps(base_record(True)), encoding="utf-8")
    (folder / "notes.txt").write_text("Bring the dice.\n", encoding="utf-8")
    (folder / "sub").mkdir()
    os.mkfifo(folder / "pipe")
    try:   # a device of our own (the numbers of /dev/null), where the system allows it
        os.mknod(folder / "device", 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    except (PermissionError, AttributeError):
        (folder / "device").symlink_to(os.devnull)
    (folder / "device-link").symlink_to(folder / "device")
    (folder / "foreign").mkdir()
    (folder / "foreign" / "index.html").write_text("<p>my own page</p>\n", encoding="utf-8")
    (folder / "site-old" / "en").mkdir(parents=True)
    (folder / "site-old" / ".celestia-site").write_text("earlier build\n", encoding="utf-8")
    (folder / "site-old" / "en" / "index.html").write_text("<p>old</p>\n", encoding="utf-8")


def _specials_intact(folder: Path) -> None:
    """The named pipe and the device are what they were: never replaced by a file."""
    assert stat.S_ISFIFO(os.lstat(folder / "pipe").st_mode)
    assert not stat.S_ISREG(os.stat(folder / "device").st_mode)
    assert (folder / "device-link").is_symlink()


def _target(argv: list[str]) -> str | None:
    """The file the command was asked to write (argparse keeps the last --save), or the
    folder of the site (the last --out)."""
    option = "--out" if argv[0] == "docs" else "--save"
    saves = [argv[i + 1] for i, arg in enumerate(argv[:-1]) if arg == option]
    if argv[0] == "docs" and not saves:
        return os.path.normpath("build/site")
    return os.path.normpath(saves[-1]) if saves else None


def _under(name: str, target: str | None) -> bool:
    return bool(target) and (name == target or name.startswith(f"{target}/"))


PAGE = "<!DOCTYPE html><html><body><p>page</p></body></html>"


def _stand_in_sphinx(outputs: dict[tuple[str, str], tuple[str, int]] | None = None
                     ) -> Callable[..., list[str]]:
    """Sphinx's command, stood in for by a shell command that writes one page into the
    job's folder (a minute per language saved), prints the job's output and ends with
    its code (``outputs``, by language and builder; by default nothing and 0)."""

    def command(language: str, out: Path, work: Path, strict: bool,
                builder: str = "html") -> list[str]:
        text, code = (outputs or {}).get((language, builder), ("", 0))
        # The output goes through a file: it may hold what no argument can (a NUL).
        said = work / f"said-{language}-{builder}.txt"
        said.parent.mkdir(parents=True, exist_ok=True)
        said.write_text(text, encoding="utf-8", errors="surrogatepass")
        body = (f"mkdir -p {shlex.quote(str(out))} && printf %s {shlex.quote(PAGE)} > "
                f"{shlex.quote(str(out / 'index.html'))}; cat {shlex.quote(str(said))}; "
                f"exit {code}")
        return ["sh", "-c", body]

    return command


@contextlib.contextmanager
def _other_session(folder: Path, held: bool) -> Iterator[None]:
    """Another program holding the saved game ``game.json`` (``celestia play`` open in
    another window), as ``storage.hold`` does."""
    if not held:
        yield
        return
    from filelock import FileLock

    from tutor.storage import holding_lock_path

    lock_path = holding_lock_path(folder / "game.json")
    lock_path.parent.mkdir(parents=True, exist_ok=True)
    lock = FileLock(str(lock_path), timeout=0)
    lock.acquire()
    try:
        yield
    finally:
        lock.release()


#: What is typed after the command: batch moves and commands, a score sheet's entry;
#: bytes that are not UTF-8 (a Latin-1 file piped in), and a closed input (None).
STDIN = st.one_of(st.sampled_from([
    "quit\n", "", "1\n" * 40, "save notes.txt\n1\nsave sheet.toml\nquit\n",
    "save game.json\n1\nsave copy.json\n1\nsave copy.json\nquit\n", "save sub\nquit\n",
    "Cy\n4\n0\nDan\n2 2\n0\n\n", "Ann\n25 20 4\n1\nBob\n15 12 9\n0\n\n",
    "Ann\n25 20 6\n1\nBob\n15 12 9\n0\n\n", "Cy\n4\n0\n", "Zoé\n²\n9\n1\n\n\n",
    "save pipe\n1\nsave device-link\nquit\n", None,
    "Ann\n25 20 4\n1\nZoé\n4\n0\n\n".encode("latin-1"), b"1\nsta\xe9y\nquit\n",
    b"\xff\xfe1\n", "Ann\n25 20 4\n1\nBob\n15 12 9\n0\n\n".encode("utf-16"),
]), st.binary(max_size=40))



def _arguments_property(argv: list[str], language: str, stdin: str | bytes | None,
                        held: bool, output_closed: bool) -> None:
    from unittest import mock

    with Folder() as folder, no_hang(), \
            mock.patch("tutor.site.build.sphinx_command", _stand_in_sphinx()), \
            mock.patch("tutor.site.build.publish", lambda out, languages: None), \
            mock.patch("tutor.site.build.offline_files", lambda out, languages: []), \
            mock.patch("tutor.site.offline.write", lambda out, languages, lessons: None), \
            mock.patch("tutor.commands.docs.serve", lambda *args: 0):
        _user_files(folder)
        before = files(folder)
        try:
            with _other_session(folder, held):
                done = run(*argv, "--lang", language, stdin=stdin,
                           output_closed=output_closed)
        finally:
            (folder / "read-only.toml").chmod(0o644)
        # 1: an unfinished practice game, an interrupted entry, a look-up that found nothing.
        codes = (0, 1, 2) if argv[0] in ("play", "score", "glossary", "faq", "rules",
                                         "tutor") else (0, 2)
        event(f"{argv[0]} exit {done.code}")   # --hypothesis-show-statistics
        check(done, language, [*argv, *([stdin] if isinstance(stdin, str) else [])],
              (2,) if output_closed else codes,
              all_languages=argv[0] == "glossary" and done.code == 0)
        after = files(folder)
        _specials_intact(folder)
        # Notes, a read-only sheet, a folder of one's own pages are never written over;
        # nothing changes on a refusal, nor under a game another session holds.
        assert after["notes.txt"] == before["notes.txt"]
        assert after["read-only.toml"] == before["read-only.toml"]
        assert after["foreign/index.html"] == before["foreign/index.html"]
        if held:
            assert after["game.json"] == before["game.json"], done
        target = _target(argv)
        if done.code == 2:
            assert after == before, (set(after) ^ set(before), done)
        # Nothing the user had is lost: every file's content is still in some file (a
        # game kept aside under a new name), unless it is the file asked to be written
        # (or, for the site, an earlier build in the folder asked for).
        kept = set(after.values())
        for name, content in before.items():
            assert content in kept or (_under(name, target) and done.code in (0, 1)), \
                (name, done)
        if argv[0] == "docs" and done.code == 0:
            assert target is not None and (folder / target / ".celestia-site").is_file()
        # Written over, the sheet keeps its players, the saved game its moves (or it was
        # kept aside under a new name).
        if target == "sheet.toml" and after.get(target, b"") != before[target]:
            names = re.findall(rb'name = "([^"]*)"', before[target])
            assert set(names) <= set(re.findall(rb'name = "([^"]*)"', after[target])), done
        if target == "game.json" and before[target] not in kept:
            old = json.loads(before[target])["history"]
            assert json.loads(after[target])["history"][:len(old)] == old, done
        # New files: only the one asked for (the site's, for docs), and a game kept aside
        # beside it (--new).
        for name in set(after) - set(before):
            assert _under(name, target) or (target and "--new" in argv and name.startswith(
                Path(target).stem + "-")) or (argv[0] == "play" and name == "copy.json" and
                                              isinstance(stdin, str) and
                                              f"save {name}" in stdin), (name, done)


# --- Sphinx failing -------------------------------------------------------------------------
#: What failing Sphinx processes print: real kinds of failure, and anything at all.
SPHINX_OUTPUT = st.one_of(
    st.sampled_from([
        "Traceback (most recent call last):\nOSError: [Errno 28] No space left on device: "
        "'/x/en/index.html'",
        "OSError: [Errno 13] Permission denied: '/x/fr'",
        "OSError: [Errno 5] Input/output error",
        "/src/docs/rules.rst:12: WARNING: undefined label: 'x'\n\nWarning, treated as error:",
        "/src/docs/faq.rst:3: ERROR: Unknown directive type \"foo\".",
        "Traceback (most recent call last):\nsphinx.errors.ThemeError: no theme named 'furo'",
        "Exception occurred:\n  File \"x.py\", line 2\nKeyboardInterrupt",
        "", "\x00\x1b[31m", "é" * 300]),
    st.text(max_size=200))
JOBS = [(language, builder) for language in ("en", "fr", "hu")
        for builder in ("html", "singlehtml")]


def _sphinx_property(language: str, failures: list[tuple[str, int]], earlier: bool) -> None:
    from unittest import mock

    outputs = dict(zip(JOBS, failures, strict=False))
    with Folder() as folder, no_hang(), \
            mock.patch("tutor.site.build.sphinx_command", _stand_in_sphinx(outputs)), \
            mock.patch("tutor.site.build.publish", lambda out, languages: None), \
            mock.patch("tutor.site.build.offline_files", lambda out, languages: []), \
            mock.patch("tutor.site.offline.write", lambda out, languages, lessons: None):
        if earlier:
            (folder / "site" / "en").mkdir(parents=True)
            (folder / "site" / ".celestia-site").write_text("earlier\n", encoding="utf-8")
            (folder / "site" / "en" / "index.html").write_text("old\n", encoding="utf-8")
        before = files(folder)
        done = run("docs", "--out", "site", "--lang", language)
        given = [text for text, _code in failures]
        check(done, language, [*given, *" ".join(given).split(), "Sphinx", "site"])
        failed = any(code != 0 for _text, code in failures)
        event(f"docs exit {done.code}")
        if failed:
            assert done.code == 2, done
            assert files(folder) == before   # the earlier build whole, nothing beside it
            logs = re.findall(r"\S*docs-build-\S*\.log", done.err)
            assert logs and Path(logs[0]).is_file(), done
        else:
            assert done.code == 0, done
            assert (folder / "site" / ".celestia-site").is_file()
        assert sorted(p.name for p in folder.iterdir()) == (["site"] if earlier or not failed
                                                            else [])


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
    _arguments_property, st.one_of(arguments(), saving_arguments()), LANGUAGES, STDIN,
    st.sampled_from([False, False, True]), st.sampled_from([False] * 5 + [True]))
test_sphinx_failures, test_sphinx_failures_deep = _both(
    _sphinx_property, LANGUAGES,
    st.lists(st.tuples(SPHINX_OUTPUT, st.sampled_from([0, 0, 1, 2, -9, 255])), min_size=6,
             max_size=6),
    st.booleans())
