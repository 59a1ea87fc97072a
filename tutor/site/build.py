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
from collections.abc import Iterator
from contextlib import contextmanager
from html import escape
from pathlib import Path

from ..engine.messages import N_, CelestiaError
from ..i18n import LANGUAGE_NAMES, LANGUAGES, Translator
from ..web.publish import publish
from . import DOCS_DIR, SITE_TITLE
from .cards import label_cells
from .typography import french_html

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
    command = [sys.executable, "-m", "sphinx", "-b", builder, "-E", "-q",
               "-D", f"language={language}", "-d", str(work / "doctrees" / builder / language),
               str(DOCS_DIR), str(out)]
    if strict:
        command[5:5] = ["-W", "--keep-going"]
    return command


def prepare(out: Path) -> None:
    """Make sure ``out`` is a folder we may write in, or say why not (translated)."""
    if out.exists() and not out.is_dir():
        raise DocsError(N_("{path} is a file, not a folder: give --out a folder for the "
                           "site."), path=str(out))
    for parent in out.parents:
        if parent.exists():
            if not parent.is_dir():
                raise DocsError(N_("The site cannot go in {path}: {parent} is a file, not "
                                   "a folder."), path=str(out), parent=str(parent))
            break
    try:
        out.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=out, prefix=".celestia-"):
            pass
    except PermissionError:
        raise DocsError(N_("You may not write in {path}: choose another folder with "
                           "--out."), path=str(out)) from None
    except OSError:
        raise DocsError(N_("The folder {path} cannot be written: choose another folder "
                           "with --out."), path=str(out)) from None


def build(out: Path, strict: bool = False,
          languages: tuple[str, ...] = LANGUAGES) -> dict[str, str]:
    """Build every language into ``out``; returns each language's Sphinx messages
    (warnings). Raises ``DocsError`` naming the language whose build failed."""
    if not (DOCS_DIR / "conf.py").is_file():
        raise DocsError(N_("The rulebook's sources are not in {path}: build the site from a "
                           "clone of the project."), path=str(DOCS_DIR))
    prepare(out)
    with _stop_on_signals(), tempfile.TemporaryDirectory(prefix="celestia-sphinx-") as folder:
        work = Path(folder)
        jobs = {}
        for language in languages:
            jobs[(language, "html")] = sphinx_command(language, out / language, work, strict)
            jobs[(language, "singlehtml")] = sphinx_command(
                language, work / "book" / language, work, strict, "singlehtml")
        messages = _run(jobs)
        for language in languages:
            book = (work / "book" / language / "index.html").read_text(encoding="utf-8")
            # Sphinx's single-page builder writes a link to an anchor of another page as
            # "#document-glossary#term-compass": on one page, the anchor alone is the link.
            book = _BOOK_LINK.sub('href="#', book)
            (out / language / "book.html").write_text(book, encoding="utf-8")
    with _stop_on_signals():
        for language in languages:
            clean(out / language)
            polish(out / language, language)
        write_start_page(out, languages)
        # The lessons, playable in the page (tutor.web.publish): the engine, first screens.
        publish(out, languages)
    return messages


def _run(jobs: dict[tuple[str, str], list[str]]) -> dict[str, str]:
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
        language = failed[0][0]
        raise DocsError(N_("The rulebook in the language \"{language}\" could not be "
                           "built:\n{output}"),
                        language=language, output=messages[language].strip())
    return messages


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
    page, including the texts of Sphinx and the theme."""
    for path in folder.glob("*.html"):
        text = path.read_text(encoding="utf-8")
        fixed = label_cells(_TABLE_WRAPPER.sub(r'<div class="\1" tabindex="0"', text))
        if language == "fr":
            fixed = french_html(fixed)
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
