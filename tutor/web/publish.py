"""Ship the lessons with the rulebook site (run by ``tutor.site.build`` after Sphinx).

What it writes into the published folder ``out``:

- ``_learn/pyodide/``: the Pyodide runtime, copied from the npm package ``pyodide``
  (``web/package.json``, installed from its lock file with ``npm ci --prefix web``);
- ``_learn/celestia.zip``: the ``tutor`` modules the lessons use, the lessons, the
  compiled catalogs, and the pure-Python libraries they need (PyYAML without its C
  extension; Babel with the locale data of our languages only), taken from this Python's
  own installed copies so that the page runs what the terminal runs. Beside them, the
  lessons and the glossary as this build parsed them (``tutor/web/prepared.pickle``), so
  that the page starts without parsing YAML in a slow pure-Python parser; and the modules
  are compiled for the page's Python (Pyodide's, run by Node.js at build time:
  ``compile.mjs``), so that the page does not compile them at every start. Without
  Node.js the archive keeps the sources, which the page compiles itself;
- ``_learn/worker.js``: the Web Worker that runs Pyodide and ``tutor.web.bridge``;
- ``<lang>/_learn/<lesson>.json``: each lesson's screens up to its first goal, with
  what each answer leads to (``prepared_screens``), rendered by the controller now, so that
  the page shows a lesson and judges its first answers at once, while the engine loads;
- ``<lang>/learn.html``: the player's boot data (labels, lesson list) put in place of the
  page's placeholder, with its stylesheet and scripts (``LEARN_SCRIPTS``);
- nothing else: the service worker that keeps the lessons offline once loaded is the
  site's (``tutor.site.offline``), given the lessons' files (``offline_files``).

Nothing is fetched from elsewhere at build time or in the page.
"""

from __future__ import annotations

import copy
import importlib.metadata
import json
import pickle
import re
import shutil
import subprocess
import tempfile
import zipfile
from html import escape
from pathlib import Path
from typing import Any

from babel.numbers import format_percent

from .. import i18n
from ..engine.messages import N_, CelestiaError
from ..glossary import concepts
from ..i18n import LANGUAGES, Translator
from ..lessons.library import lesson_files, load_all
from .bridge import Learn
from .view import TIP, lesson_view, stars_label

WEB = Path(__file__).resolve().parent
ROOT = WEB.parent.parent
#: The npm project that brings Pyodide (its lock file pins the version).
NPM_PROJECT = ROOT / "web"
PYODIDE = NPM_PROJECT / "node_modules" / "pyodide"
#: What a page needs of the Pyodide package (no source maps, no consoles, no typings).
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
#: The modules of ``tutor`` that a lesson uses (the app's prompt-toolkit screens, the
#: site, the commands and the tools stay out).
MODULES = ("__init__.py", "i18n.py", "grammar.py", "names.py", "glossary.py",
           "glossary.yaml", "file_errors.py", "storage.py", "terminal_text.py", "engine/*.py",
           "lessons/*.py",
           "content/__init__.py", "content/values.py", "content/terminal.py",
           "practice/__init__.py", "practice/coach.py", "practice/odds.py",
           "practice/evaluate.py", "practice/voyage.py", "practice/sentences.py",
           "practice/endgame.py", "practice/inference.py",
           "app/__init__.py", "app/board.py", "web/*.py")
#: What a site built in the pseudo-language adds, so that the page's engine speaks it too
#: (``tutor.tools.pseudo_site`` reads its screens): the module, the templates it knows the
#: catalogs' messages by (at ``tutor.pseudo.TEMPLATES``, beside the package), and Babel's
#: reader of them. Never in a published site.
PSEUDO_MODULES = ("pseudo.py",)
PSEUDO_TEMPLATES = "locales"
#: Installed distributions the lessons import, by their import names.
LIBRARIES = {"PyYAML": "yaml", "babel": "babel"}
#: ``filelock`` in the page: one Python alone with its files (see the module).
FILELOCK = WEB / "filelock_page.py"
#: Babel's locale data the page needs: our languages and the root they inherit from.
LOCALES = ("root", *LANGUAGES)
#: Babel modules the lessons never import (message extraction, the command line).
BABEL_UNUSED = ("babel/messages/",)
PLACEHOLDER = '<div id="celestia-learn" class="celestia-learn"></div>'
#: The site's service worker, at its root (written by ``tutor.site.offline``), which keeps
#: the lessons offline once loaded and every page of the reader's language.
SERVICE_WORKER = "celestia-sw.js"
#: The player's scripts (``tutor/site/static``), one concern each, in the order they run:
#: boot and storage first (it starts the player once the others have run), then drawing,
#: the look-up, the bridge to the engine, the keys. Classic deferred scripts, not modules:
#: a page opened from a file still lists the lessons (browsers refuse modules there).
LEARN_SCRIPTS = ("learn-boot.js", "learn-draw.js", "learn-lookup.js", "learn-engine.js",
                 "learn-keys.js")


class PublishError(CelestiaError):
    """The lessons cannot be added to the site."""


def pyodide_dir() -> Path:
    """The installed npm package ``pyodide``; installed from the lock file if npm is
    there and it is not. Raises ``PublishError`` saying how to get it."""
    if not (PYODIDE / "pyodide.asm.wasm").is_file() and shutil.which("npm"):
        subprocess.run(["npm", "ci", "--prefix", str(NPM_PROJECT), "--no-audit", "--no-fund",
                        "--loglevel=error"], check=False, capture_output=True, timeout=600)
    missing = [name for name in RUNTIME_FILES if not (PYODIDE / name).is_file()]
    if missing:
        raise PublishError(N_("The lessons of the website need Pyodide, from npm: run "
                              "npm ci --prefix {folder} (npm comes with Node.js), then build "
                              "the site again."), folder=str(NPM_PROJECT))
    return PYODIDE


# --- The Python archive -----------------------------------------------------------------

def _tutor_files() -> list[tuple[Path, str]]:
    package = WEB.parent
    found: list[tuple[Path, str]] = []
    for pattern in MODULES + (PSEUDO_MODULES if i18n.PSEUDO_ON else ()):
        for path in sorted(package.glob(pattern)):
            found.append((path, f"tutor/{path.relative_to(package).as_posix()}"))
    if i18n.PSEUDO_ON:
        found += [(path, f"{PSEUDO_TEMPLATES}/{path.name}")
                  for path in sorted(package.parent.joinpath(PSEUDO_TEMPLATES).glob("*.pot"))]
    for path in sorted((package / "locale").glob("*/LC_MESSAGES/*.mo")):
        found.append((path, f"tutor/{path.relative_to(package).as_posix()}"))

    # Where an installed package keeps its lessons (``tutor.lessons.library.PACKAGED``).
    found += [(path, f"tutor/scenarios/{path.name}") for path in lesson_files()]
    return found


def _library_files(distribution: str, name: str) -> list[tuple[Path, str]]:
    """The pure-Python files of an installed distribution (no compiled extension, no
    metadata; for Babel, only our languages' locale data)."""
    found = []
    for item in importlib.metadata.files(distribution) or []:
        relative = item.as_posix()
        if not relative.startswith(f"{name}/") or "__pycache__" in relative:
            continue
        if relative.endswith((".so", ".pyd", ".pyc", ".c", ".h")):
            continue
        if name == "babel":
            if relative.startswith(BABEL_UNUSED) and not i18n.PSEUDO_ON:
                continue
            if "/locale-data/" in relative and Path(relative).stem not in LOCALES:
                continue
        found.append((Path(str(item.locate())), relative))
    return found


#: Where the archive keeps the lessons and glossary parsed at build time (read by
#: ``tutor.web.bridge``).
PREPARED = "tutor/web/prepared.pickle"


def prepared_data() -> bytes:
    """The lessons and the glossary's concepts, parsed now, for the page to start from."""
    return pickle.dumps({"lessons": load_all(), "glossary": concepts()}, protocol=4)


def archive_files() -> dict[str, bytes]:
    """Every file of the archive: its name in the archive → its bytes."""
    files = _tutor_files()
    for distribution, name in LIBRARIES.items():
        files += _library_files(distribution, name)
    found = {name: path.read_bytes() for path, name in files
             if path != FILELOCK and not path.name.endswith(".mjs")}
    found["filelock/__init__.py"] = FILELOCK.read_bytes()
    found[PREPARED] = prepared_data()
    return found


def _zip(target: Path, files: dict[str, bytes]) -> int:
    """Entries sorted and dated 1980-01-01: the same files give the same bytes."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, files[name], compresslevel=9)
    return target.stat().st_size


def write_archive(target: Path, compiled: bool = False) -> int:
    """The zip archive of everything Python needs in the page; its size in bytes. With
    ``compiled``, each module is its bytecode for the page's Python, when Node.js can run
    Pyodide here (see ``compile_for_the_page``); otherwise, and by default, the sources
    (which any Python of ours can run)."""
    files = archive_files()
    if compiled:
        files = compile_for_the_page(files)
    return _zip(target, files)


def compile_for_the_page(files: dict[str, bytes]) -> dict[str, bytes]:
    """``files`` with each ``.py`` replaced by its bytecode (``.pyc`` in its place, with
    no timestamp to check), compiled by the Python the page runs — Pyodide's, in Node.js
    (``compile.mjs``). Unchanged when Node.js is missing or the compilation fails: the
    page then compiles the sources itself, only more slowly."""
    node = shutil.which("node")
    if node is None:
        return files
    with tempfile.TemporaryDirectory(prefix="celestia-compile-") as folder:
        tree = Path(folder)
        for name, content in files.items():
            if name.endswith(".py"):
                (tree / name).parent.mkdir(parents=True, exist_ok=True)
                (tree / name).write_bytes(content)
        try:
            done = subprocess.run([node, str(WEB / "compile.mjs"), str(pyodide_dir()),
                                   str(tree)], capture_output=True, timeout=600, check=False)
        except (OSError, subprocess.SubprocessError):
            return files
        if done.returncode != 0:
            return files
        compiled = dict(files)
        for name in files:
            bytecode = tree / (name + "c")
            if name.endswith(".py") and bytecode.is_file():
                del compiled[name]
                compiled[name + "c"] = bytecode.read_bytes()
        return compiled


# --- Pre-rendered screens ---------------------------------------------------------------

#: The most screens prepared for a lesson (beyond them, an action waits for the engine).
PREPARED_SCREENS = 48
#: Wrong answers to one question that the prepared screens judge (a further try waits).
WRONG_TRIES = 2


def prepared_screens(lesson_id: str, languages: tuple[str, ...], lessons: list[Any],
                     budget: int = PREPARED_SCREENS) -> dict[str, dict[str, Any]]:
    """A lesson's screens from its start up to its first goal (a free move), as the
    bridge draws them, with what each answer to a question before it leads to: the page
    reads on and judges the answers with them while the engine loads (per language:
    ``{"nodes": [...]}``, each node ``{"lesson": screen, "proceed": node or None,
    "choose": [node or None, ...]}``, node 0 the lesson's start). The same controller
    plays every branch, so each screen is the engine's; the engine then replays the
    actions taken and takes over."""
    with tempfile.TemporaryDirectory(prefix="celestia-learn-") as folder:
        learns = {language: Learn(language, Path(folder) / language, lessons=lessons)
                  for language in languages}
        player = learns[languages[0]]
        player.open(lesson_id)
        start = player.tutor.session
        assert start is not None
        lesson = start.lesson
        sessions: list[Any] = []
        links: list[dict[str, Any]] = []
        #: The first language's screens: a node's key, and its screen in that language.
        screens: list[dict[str, Any]] = []
        seen: dict[str, int] = {}

        def node(session: Any) -> int | None:
            player.tutor.session = session
            screen = lesson_view(player.tutor)
            key = json.dumps(screen, sort_keys=True)
            if key not in seen:
                if len(sessions) >= budget:
                    return None
                seen[key] = len(sessions)
                sessions.append(session)
                screens.append(screen)
                links.append({"proceed": None, "choose": None})
            return seen[key]

        def after(session: Any, action: str, position: int = 0) -> int | None:
            # Each branch plays on its own copy; the lesson itself is shared, not copied.
            twin = copy.deepcopy(session, memo={id(lesson): lesson})
            # What the bridge's proceed and choose do at these pauses, without saving.
            if action == "proceed":
                twin.proceed()
            else:
                twin.choose(position)
            if twin.finished or twin.in_review:
                # The stars and the questions asked again depend on every mistake made
                # before, which a screen does not show: the engine draws these.
                return None
            return node(twin)

        node(start)
        done = 0
        while done < len(sessions):
            session, link = sessions[done], links[done]
            done += 1
            if session.finished:
                continue
            if session.pause == "say":
                link["proceed"] = after(session, "proceed")
            elif session.pause == "ask" and session.ask is not None \
                    and session.ask.kind != "goal" \
                    and session.wrong_tries.get(session.ask.key, 0) < WRONG_TRIES:
                link["choose"] = [after(session, "choose", position)
                                  for position in range(len(session.ask.options))]
        prepared = {languages[0]: {"nodes": [{"lesson": screen, **link}
                                             for screen, link in zip(screens, links,
                                                                     strict=True)]}}
        for language in languages[1:]:
            learn = learns[language]
            learn.open(lesson_id)
            nodes = []
            for session, link in zip(sessions, links, strict=True):
                learn.tutor.session = session
                nodes.append({"lesson": lesson_view(learn.tutor), **link})
            prepared[language] = {"nodes": nodes}
    return prepared


def megabytes(sizes: dict[str, int]) -> int:
    """The engine's download, in whole megabytes (10⁶ bytes), as the page says it."""
    return round(sum(sizes.values()) / 1_000_000)


def boot_data(language: str, lessons: list[Any], sizes: dict[str, int],
              rules: dict[str, str] | None = None) -> dict[str, Any]:
    """What the page needs before the engine runs: labels, the lesson list (without
    progress: the page adds what it keeps, with the counts and star labels given here),
    the languages, the page of each rule (``rules``, for the links in feedback and
    recaps), and the engine's files with their sizes (``sizes``, relative to
    ``_learn/``) for the "loaded" figure."""
    with tempfile.TemporaryDirectory(prefix="celestia-learn-") as folder:
        view = Learn(language, Path(folder), lessons=lessons).view()
    tr = Translator(language)
    size = tr.number(megabytes(sizes))
    view["labels"]["loading"] = view["labels"]["loading"].replace("{size}", size)
    total = len(lessons)
    # TRANSLATORS: Same role as in the terminal's tutor: lessons finished so far.
    counts = [tr.format(N_("{done} of {total} finished"), done=done, total=total)
              for done in range(total + 1)]
    return {"language": language, "labels": view["labels"], "menu": view["menu"],
            "languages": view["languages"], "runtime": "../_learn/",
            "storage": "celestia-tutor-progress", "worker": "../_learn/worker.js",
            "service_worker": f"../{SERVICE_WORKER}", "sizes": sizes, "rules": rules or {},
            "counts": counts, "stars": [stars_label(n, tr) for n in (1, 2, 3)],
            "tip": tr.gettext(TIP), "percent": percent_pattern(language),
            # The page's engine speaks the pseudo-language too (only in such a build).
            **({"pseudo": True} if i18n.PSEUDO_ON else {})}


def percent_pattern(language: str) -> str:
    """How ``language`` writes a whole percentage, with ``{percent}`` for the number:
    "{percent}%" in English and Hungarian, "{percent} %" with a no-break space in French
    (Babel's data: a phone takes a tenth of a second to make the browser's formatter)."""
    return format_percent(0.42, locale=language).replace("42", "{percent}")


def rule_pages(folder: Path) -> dict[str, str]:
    """Each rule's page in a built language (``{"3.4.2": "payment.html"}``): where its
    anchor ``rule-3-4-2`` is (the single-page edition aside)."""
    found: dict[str, str] = {}
    for page in sorted(folder.glob("*.html")):
        if page.name == "book.html":
            continue
        for anchor in re.findall(r'id="rule-([0-9-]+)"', page.read_text(encoding="utf-8")):
            found.setdefault(anchor.replace("-", "."), page.name)
    return found


def _embed(data: dict[str, Any]) -> str:
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("</", "<\\/")


#: The prepared screens of the lesson the address names, asked for as the page starts: the
#: player's deferred scripts run only once the whole page is read (learn-engine.js's
#: ``openLesson`` takes the answer).
_PREFETCH = ("<script>(function () { var id = location.hash.slice(1);"
             " if (!/^[a-z0-9-]+$/.test(id) || location.protocol === 'file:') { return; }"
             ' var response = fetch("_learn/" + id + ".json");'
             " response.catch(function () {});"  # handled where it is read
             " window.celestiaPrepared = { id: id, response: response }; })();</script>")


def fill_page(page: Path, data: dict[str, Any]) -> None:
    """Put the player in the page's placeholder, its stylesheet in the head."""
    html = page.read_text(encoding="utf-8")
    if PLACEHOLDER not in html:
        raise PublishError(N_("The page {path} has no place for the lessons."), path=str(page))
    labels = data["labels"]
    player = (f'<div id="celestia-learn" class="celestia-learn" lang="{data["language"]}">'
              f'<noscript><p class="celestia-learn-note">{_html(labels["no_script"])}</p>'
              f"</noscript></div>"
              f'<script type="application/json" id="celestia-learn-data">{_embed(data)}'
              f"</script>")
    html = html.replace(PLACEHOLDER, player)
    head = '<link rel="stylesheet" href="_static/learn.css">' + _PREFETCH + "".join(
        f'<script src="_static/{name}" defer></script>' for name in LEARN_SCRIPTS)
    html = html.replace("</head>", head + "\n</head>", 1)
    page.write_text(html, encoding="utf-8")


def _html(text: str) -> str:
    return escape(text)


# --- Everything ---------------------------------------------------------------------------

def publish(out: Path, languages: tuple[str, ...] = LANGUAGES) -> None:
    """Add the lessons to the built site in ``out`` (see the module's docstring)."""
    source = pyodide_dir()
    runtime = out / "_learn"
    if runtime.exists():
        shutil.rmtree(runtime)
    (runtime / "pyodide").mkdir(parents=True)
    for name in RUNTIME_FILES:
        shutil.copyfile(source / name, runtime / "pyodide" / name)
    write_archive(runtime / "celestia.zip", compiled=True)
    shutil.copyfile(WEB / "worker.js", runtime / "worker.js")
    sizes = {path.relative_to(runtime).as_posix(): path.stat().st_size
             for path in sorted(runtime.rglob("*")) if path.is_file()
             and path.name != "worker.js"}
    lessons = load_all()
    rules = rule_pages(out / languages[0])
    for language in languages:
        folder = out / language / "_learn"
        if folder.exists():
            shutil.rmtree(folder)
        folder.mkdir(parents=True)
    for lesson in lessons:
        prepared = prepared_screens(lesson.id, languages, lessons)
        for language in languages:
            (out / language / "_learn" / f"{lesson.id}.json").write_text(
                json.dumps(prepared[language], ensure_ascii=False, separators=(",", ":")),
                encoding="utf-8")
    for language in languages:
        fill_page(out / language / "learn.html", boot_data(language, lessons, sizes, rules))


def offline_files(out: Path, languages: tuple[str, ...]) -> list[str]:
    """Every file the lessons need, relative to ``out``: the runtime, and per language
    the page with the styles, scripts and icon it loads, and the first screens."""
    files = sorted(p.relative_to(out).as_posix() for p in (out / "_learn").rglob("*")
                   if p.is_file())
    for language in languages:
        page = out / language / "learn.html"
        files.append(page.relative_to(out).as_posix())
        html = page.read_text(encoding="utf-8")
        for link in re.findall(r'(?:href|src)="(_static/[^"?#]+)', html):
            files.append(f"{language}/{link}")
        files += sorted(p.relative_to(out).as_posix() for p in (out / language / "_learn")
                        .glob("*.json"))
        # The look-up of the lesson player: the site's search, offline too.
        files += [f"{language}/searchindex-celestia.js",
                  f"{language}/_static/celestia-faq.js",
                  f"{language}/_static/celestia-search.js"]
    return sorted(set(files))
