"""Build the rulebook site in every language: ``<out>/en/``, ``<out>/fr/``, ``<out>/hu/``
and a start page ``<out>/index.html`` that opens the reader's preferred language.

Each language is two Sphinx builds run side by side in their own processes: the pages
(``html``) and the single-page edition ``book.html`` (``singlehtml``). Sphinx's working
files (doctrees, build info, inventories) stay in a temporary folder, so the published
folder holds only what a reader's browser needs. ``strict`` turns Sphinx warnings into
errors (``-W``), as CI does. Interrupted — Ctrl-C, a plain ``kill`` (SIGTERM) or the
terminal closing (SIGHUP) — the build stops every Sphinx process it started and removes
its temporary folder before it returns.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from html import escape
from pathlib import Path

from .. import i18n, pseudo
from ..engine.messages import N_, CelestiaError
from ..file_errors import Reason, os_reason
from ..i18n import DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGES, Translator
from ..storage import state_dir, write_new
from ..web.publish import offline_files, publish
from . import DOCS_DIR, SITE_TITLE, offline
from .cards import label_cells
from .typography import french_html, hungarian_html

#: Files Sphinx writes that no reader needs: its build state, the cross-project
#: inventory, its own search (replaced by ours) and the theme's source maps.
UNPUBLISHED = (".buildinfo", "objects.inv", "searchindex.js", "_sources",
               "_static/searchtools.js", "_static/language_data.js",
               "_static/documentation_options.js", "_static/doctools.js",
               "_static/sphinx_highlight.js", "_static/translations.js",
               "_static/base-stemmer.js", "_static/*-stemmer.js", "_static/file.png",
               "_static/minus.png", "_static/plus.png", "_static/debug.css",
               "_static/scripts/*.map", "_static/styles/*.map",
               "_static/scripts/*.LICENSE.txt")


_BOOK_LINK = re.compile(r'href="(?:index\.html)?#document-[^"#]*#')


class DocsError(CelestiaError):
    """The site cannot be built."""


class Stopped(KeyboardInterrupt):
    """The build was stopped by SIGTERM or SIGHUP; like Ctrl-C, it first cleans up."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


#: The signals that stop a build as Ctrl-C does (those this system has).
STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP")
                     if hasattr(signal, name))


#: While Sphinx processes are being started, a stop signal waits here (raising then
#: would leave a process running, unknown to us); it is raised once all are known.
_HELD: dict[str, list[int] | bool] = {"holding": False, "signals": []}


@contextmanager
def _stop_on_signals() -> Iterator[None]:
    """While the build runs, SIGTERM and SIGHUP raise ``Stopped`` (so every ``finally``
    runs: the Sphinx processes stop, the temporary folder goes); then the old handlers
    come back. Only the main thread may handle signals: elsewhere nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop_here(signum: int, frame: object) -> None:
        if _HELD["holding"]:
            _HELD["signals"].append(signum)  # type: ignore[union-attr]
            return
        raise Stopped(signum)

    previous = {number: signal.signal(number, stop_here) for number in STOP_SIGNALS}
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def sphinx_command(language: str, out: Path, work: Path, strict: bool,
                   builder: str = "html") -> list[str]:
    # In the pseudo-language (tutor.pseudo, this process's English), Sphinx builds the
    # English pages through it too (tutor.site.extension).
    told = pseudo.CODE if language == DEFAULT_LANGUAGE and i18n.PSEUDO_ON else language
    command = [sys.executable, "-m", "sphinx", "-b", builder, "-E", "-q",
               "-D", f"language={told}", "-d", str(work / "doctrees" / builder / language),
               str(DOCS_DIR), str(out)]
    if strict:
        command[5:5] = ["-W", "--keep-going"]
    return command


#: Written at the top of every site this build makes: a folder holding it is an earlier
#: build, which the next one may replace. A folder with anything else is the user's.
MARKER = ".celestia-site"
MARKER_TEXT = ("This folder is a Celestia rulebook site built by `celestia docs`; the next "
               "build replaces the whole folder.\n")
#: What the top of a site held before the marker existed (an earlier build is recognised
#: by these names and its start page).
_EARLIER_NAMES = {"index.html", "learn-sw.js", "celestia-sw.js", "_learn", *LANGUAGES}


def is_earlier_build(folder: Path) -> bool:
    """True if ``folder`` holds a site this build made (its marker; before the marker,
    only the names a build writes and its start page)."""
    if (folder / MARKER).is_file():
        return True
    try:
        names = {entry.name for entry in folder.iterdir()}
        start = (folder / "index.html").read_text(encoding="utf-8", errors="replace") \
            if (folder / "index.html").is_file() else ""
    except OSError:
        return False
    return bool(names) and names <= _EARLIER_NAMES and 'class="celestia-start"' in start


def prepare(out: Path) -> Path:
    """Make sure the site may be built as ``out``, or say why not (translated); returns
    the folder the site will take the place of (links followed).

    ``out`` must be new, an empty folder, or an earlier build (``is_earlier_build``):
    the build replaces the whole folder, and never deletes or overwrites a file it did
    not make. It must not be the current folder or one that holds it (the build would
    pull the folder from under the shell). Its parent must take a new folder: the build
    happens in a temporary one beside it, renamed into place when it is complete.
    """
    if out.exists() and not out.is_dir():
        raise DocsError(N_("{path} is a file, not a folder: give --out a folder for the "
                           "site."), path=str(out))
    for parent in out.parents:
        if parent.exists():
            if not parent.is_dir():
                raise DocsError(N_("The site cannot go in {path}: {parent} is a file, not "
                                   "a folder."), path=str(out), parent=str(parent))
            break
    target = Path(os.path.realpath(out))
    here = Path(os.path.realpath(os.getcwd()))
    if target == here or target in here.parents:
        raise DocsError(N_("The site is not built in the current folder, nor in a folder "
                           "that holds it: give --out a folder of its own, such as "
                           "{example}."), example=str(Path("build") / "site"))
    if target.is_dir():
        try:
            names = sorted(entry.name for entry in target.iterdir())
        except OSError as err:
            raise DocsError(N_("The folder {path} cannot be read: {reason} Choose another "
                               "folder with --out."), path=str(out),
                            reason=os_reason(err)) from err
        if names and not is_earlier_build(target):
            shown = ", ".join(names[:3]) + (", …" if len(names) > 3 else "")
            raise DocsError(N_("{path} already holds files that are not a Celestia "
                               "rulebook ({names}): the site is built only in a new or "
                               "empty folder, or over an earlier build, and yours are left "
                               "alone. Choose another folder with --out."),
                            path=str(out), names=shown)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        tempfile.mkdtemp(dir=target.parent, prefix=f".{target.name}.check-")
    except OSError as err:
        raise DocsError(N_("The site cannot be written in {path}: {reason} Choose another "
                           "folder with --out."), path=str(target.parent),
                        reason=os_reason(err)) from err
    else:
        for stray in target.parent.glob(f".{target.name}.check-*"):
            shutil.rmtree(stray, ignore_errors=True)
    return target


def build(out: Path, strict: bool = False,
          languages: tuple[str, ...] = LANGUAGES) -> dict[str, str]:
    """Build every language into ``out``; returns each language's Sphinx messages
    (warnings). Raises ``DocsError`` naming the language whose build failed."""
    if not (DOCS_DIR / "conf.py").is_file():
        raise DocsError(N_("The rulebook's sources are not in {path}: build the site from a "
                           "clone of the project."), path=str(DOCS_DIR))
    target = prepare(out)
    staging: Path | None = None
    try:
        staging = Path(tempfile.mkdtemp(dir=target.parent, prefix=f".{target.name}.building-"))
        # mkdtemp's folder is its owner's alone; a site is for every reader of the disk.
        umask = os.umask(0)
        os.umask(umask)
        staging.chmod(0o777 & ~umask)
        messages = _build_in(staging, strict, languages, shown=target)
        (staging / MARKER).write_text(MARKER_TEXT, encoding="utf-8")
        _put_in_place(staging, target)
    except OSError as err:   # the folder's problem (a full disk), never "the output's"
        raise DocsError(N_("The site cannot be written in {path}: {reason} Choose "
                           "another folder with --out."), path=str(target),
                        reason=os_reason(err)) from err
    finally:
        if staging is not None:
            shutil.rmtree(staging, ignore_errors=True)
    return messages


def _put_in_place(staging: Path, target: Path) -> None:
    """Rename the finished site to ``target``; an earlier build there goes away only
    once the new one is in its place."""
    if not target.exists():
        os.rename(staging, target)
        return
    old = Path(tempfile.mkdtemp(dir=target.parent, prefix=f".{target.name}.old-"))
    os.rmdir(old)
    os.rename(target, old)
    try:
        os.rename(staging, target)
    except BaseException:
        os.rename(old, target)
        raise
    shutil.rmtree(old, ignore_errors=True)


def _build_in(out: Path, strict: bool, languages: tuple[str, ...],
              shown: Path | None = None) -> dict[str, str]:
    """Build every language into the new folder ``out``: Sphinx, then our finish."""
    with _stop_on_signals(), tempfile.TemporaryDirectory(prefix="celestia-sphinx-") as folder:
        work = Path(folder)
        jobs = {}
        for language in languages:
            jobs[(language, "html")] = sphinx_command(language, out / language, work, strict)
            jobs[(language, "singlehtml")] = sphinx_command(
                language, work / "book" / language, work, strict, "singlehtml")
        messages = _run(jobs, (str(out), str(shown or out)))
        for language in languages:
            book = (work / "book" / language / "index.html").read_text(encoding="utf-8")
            # Sphinx's single-page builder writes a link to an anchor of another page as
            # "#document-glossary#term-compass": on one page, the anchor alone is the link.
            book = _BOOK_LINK.sub('href="#', book)
            (out / language / "book.html").write_text(book, encoding="utf-8")
    with _stop_on_signals():
        try:
            for language in languages:
                clean(out / language)
                polish(out / language, language)
            write_start_page(out, languages)
            # The lessons, playable in the page (tutor.web.publish): the engine, first
            # screens.
            publish(out, languages)
            # The whole site offline after one visit, and installable (tutor.site.offline).
            offline.write(out, languages, offline_files(out, languages))
        except OSError as err:   # the folder's problem (a full disk), said as such
            # TRANSLATORS: Same role wherever the site's folder cannot be written: an error.
            raise DocsError(N_("The site cannot be written in {path}: {reason} Choose "
                               "another folder with --out."), path=str(out.parent),
                            reason=os_reason(err)) from err
    return messages


def _run(jobs: dict[tuple[str, str], list[str]],
         shown: tuple[str, str] | None = None) -> dict[str, str]:
    """Run every Sphinx job side by side; stop them all if anything goes wrong."""
    running: dict[tuple[str, str], subprocess.Popen[str]] = {}
    try:
        # Ctrl-C (or SIGTERM, SIGHUP) while a process is being started would leave it
        # running, unknown to us: it waits until every process is known (and then stops
        # them all, below). Ctrl-C is blocked (the processes inherit that, harmlessly:
        # they are stopped with SIGTERM); SIGTERM and SIGHUP are held by their handler,
        # never blocked, so that SIGTERM still stops the processes.
        mask = _block_ctrl_c()
        _HELD.update(holding=True, signals=[])
        try:
            for key, command in jobs.items():
                running[key] = subprocess.Popen(command, stdout=subprocess.PIPE,
                                                stderr=subprocess.STDOUT, text=True,
                                                start_new_session=True)
        finally:
            held = list(_HELD["signals"])  # type: ignore[arg-type]
            _HELD.update(holding=False, signals=[])
            _unblock(mask)
        if held:
            raise Stopped(held[0])
        messages: dict[str, str] = {}
        failed: list[tuple[str, str]] = []
        for key, process in running.items():
            output, _ = process.communicate()
            messages[key[0]] = messages.get(key[0], "") + output
            if process.returncode != 0:
                failed.append(key)
    finally:
        stop(running.values())
    if failed:
        raise sphinx_failure(failed[0][0], messages, shown)
    return messages


def sphinx_failure(language: str, messages: dict[str, str],
                   shown: tuple[str, str] | None = None) -> DocsError:
    """Why Sphinx failed for ``language``, in the reader's words (the cause, where, what
    to do); its whole output, traceback included, goes to a log file that is named."""
    log = "\n\n".join(f"=== {code} ===\n{text.strip()}" for code, text in messages.items())
    output = messages[language]
    if shown is not None:   # the temporary folder is gone: name the folder asked for
        output = output.replace(*shown)
    reason = sphinx_reason(output)
    try:
        path = write_new(state_dir(), f"docs-build-{time.strftime('%Y%m%d-%H%M%S')}", ".log",
                         log)
    except OSError:
        return DocsError(N_("The rulebook in the language \"{language}\" could not be "
                            "built: {reason} (Its log could not be kept either.)"),
                         language=language, reason=reason)
    return DocsError(N_("The rulebook in the language \"{language}\" could not be built: "
                        "{reason} The whole log of the build is in {log}."),
                     language=language, reason=reason, log=str(path))


#: An operating system error in Sphinx's traceback: its number and the path.
_OS_ERROR = re.compile(r"\[Errno (\d+)\][^\n']*(?:'([^'\n]*)')?")
#: Sphinx's own words when a page cannot be written: the path, then the error.
_WRITING = re.compile(r"error writing file (?P<path>[^\n]+?): \[Errno (?P<code>\d+)\]")
#: A warning or an error that Sphinx located in a source file.
_LOCATED = re.compile(r"^(?P<file>[^\n:]+?):(?P<line>\d+)?:? ?(?:\(?(?P<kind>WARNING|ERROR|"
                      r"SEVERE|CRITICAL)\)?[:/])", re.MULTILINE)
#: The last line of a Python traceback: the exception's name.
_EXCEPTION = re.compile(r"^(?P<name>[A-Za-z_][\w.]*(?:Error|Exception|Interrupt|Exit))\b",
                        re.MULTILINE)


def sphinx_reason(output: str) -> Reason:
    """Sphinx's output (English, maybe a traceback) turned into one sentence we
    translate: the cause, where, and what to do."""
    writing = _WRITING.search(output)
    found = _OS_ERROR.search(output)
    if writing or found:
        code, where = (writing.group("code"), writing.group("path")) if writing else (
            found.group(1), found.group(2) or "")   # type: ignore[union-attr]
        reason = os_reason(OSError(int(code), "", where))
        if where:
            return Reason(N_("Sphinx could not use {path}: {reason} Check that folder, or "
                             "choose another one with --out, then build again."),
                          {"path": where, "reason": reason})
        return Reason(N_("Sphinx met a system error: {reason} Check the folder of the site, "
                         "or choose another one with --out, then build again."),
                      {"reason": reason})
    located = _LOCATED.search(output)
    if located:
        place = {"file": located.group("file").strip(), "line": located.group("line") or "?"}
        if "treated as error" in output or located.group("kind") == "WARNING":
            return Reason(N_("with --strict, Sphinx's warnings are errors, and it found one "
                             "in {file} at line {line}. Correct that file, or build "
                             "without --strict."), place)
        return Reason(N_("Sphinx found an error in {file} at line {line}. Correct that "
                         "file, then build again."), place)
    names = _EXCEPTION.findall(output)
    if names:
        return Reason(N_("Sphinx stopped on an unexpected error ({error}). Build again; "
                         "if it fails the same way, please report it with the log."),
                      {"error": names[-1].rsplit(".", 1)[-1]})
    return Reason(N_("Sphinx stopped without saying why. Build again; if it fails the same "
                     "way, please report it with the log."), {})


def _block_ctrl_c() -> set[signal.Signals] | None:
    if not hasattr(signal, "pthread_sigmask"):
        return None
    return signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})


def _unblock(mask: set[signal.Signals] | None) -> None:
    if mask is not None:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)


def stop(processes: object) -> None:
    """End the Sphinx processes still running (after Ctrl-C or an error elsewhere), with
    whatever they started themselves (each leads its own process group)."""
    for process in processes:  # type: ignore[attr-defined]
        if process.poll() is None:
            try:
                os.killpg(process.pid, signal.SIGTERM)
            except (AttributeError, OSError):
                process.terminate()
    for process in processes:  # type: ignore[attr-defined]
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def clean(folder: Path) -> None:
    """Remove from a built language what no reader needs (``UNPUBLISHED``)."""
    for pattern in UNPUBLISHED:
        for path in folder.glob(pattern):
            if path.is_dir():
                shutil.rmtree(path)
            else:
                path.unlink()


#: A table too wide for a phone scrolls in its wrapper, which keyboard users must be able
#: to reach (and scroll) too.
_TABLE_WRAPPER = re.compile(r'<div class="([^"]*\btable-wrapper\b[^"]*)"')


def polish(folder: Path, language: str) -> None:
    """Finish every page: table wrappers reachable by keyboard, the cells of tables laid
    out as cards on a phone labelled (``cards``); French spacing on every text of a French
    page, including the texts of Sphinx and the theme; Hungarian question particles kept
    on their words' lines."""
    for path in folder.glob("*.html"):
        text = path.read_text(encoding="utf-8")
        fixed = label_cells(_TABLE_WRAPPER.sub(r'<div class="\1" tabindex="0"', text))
        if language == "fr":
            fixed = french_html(fixed)
        elif language == "hu":
            fixed = hungarian_html(fixed)
        if fixed != text:
            path.write_text(fixed, encoding="utf-8")


#: Sends the browser to the first of its preferred languages that the site has; with
#: "?choose" in the address (the "all languages" link) it stays on the list.
_SCRIPT = """(function () {
  if (location.search.indexOf("choose") >= 0) { return; }
  var available = %(available)s;
  var wanted = (navigator.languages && navigator.languages.length)
    ? navigator.languages : [navigator.language || "en"];
  for (var i = 0; i < wanted.length; i++) {
    var code = String(wanted[i]).toLowerCase().split("-")[0];
    if (available.indexOf(code) >= 0) {
      location.replace(code + "/index.html" + location.hash);
      return;
    }
  }
})();"""


def start_page(languages: tuple[str, ...] = LANGUAGES) -> str:
    """The root ``index.html``: one link per language, each labelled in its own language."""
    items = []
    for code in languages:
        tr = Translator(code)
        title = tr.gettext(SITE_TITLE)
        items.append(f'<li lang="{code}"><a href="{code}/index.html" hreflang="{code}">'
                     f"{escape(title)}</a> — {escape(LANGUAGE_NAMES[code])}</li>")
    available = "[" + ", ".join(f'"{code}"' for code in languages) + "]"
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Celestia</title>
<link rel="icon" href="{languages[0]}/_static/favicon.svg" type="image/svg+xml">
<script>{_SCRIPT % {"available": available}}</script>
<style>
body {{ font-family: system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif;
       max-width: 36em; margin: 3em auto; padding: 0 1em; line-height: 1.5; color: #222; }}
li {{ margin: 0.5em 0; font-size: 1.2em; }}
a {{ color: #1d4f91; display: inline-block; padding: 0.3em 0; }}
</style>
</head>
<body>
<main>
<h1>Celestia</h1>
<ul class="celestia-start">
{chr(10).join(items)}
</ul>
</main>
</body>
</html>
"""


def write_start_page(out: Path, languages: tuple[str, ...] = LANGUAGES) -> Path:
    path = out / "index.html"
    path.write_text(start_page(languages), encoding="utf-8")
    return path
