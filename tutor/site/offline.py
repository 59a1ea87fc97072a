"""The rulebook offline and installable (run by ``tutor.site.build`` after the lessons are
published).

What it writes into the published folder ``out``:

- ``celestia-sw.js``: the service worker (``sw.js`` with its lists filled in). After one
  visit it keeps every page of the reader's language with everything the pages load —
  styles, scripts, the search index, icons — so that the whole rulebook, search included,
  opens with no connection; the lessons' engine only once the reader opens the lessons.
  Its version is made from the files' contents: a new build replaces the old copies.
- ``<lang>/manifest.webmanifest``: the web app manifest of each language (its name in
  that language, the home page as start, the site's icon), which makes the rulebook
  installable as an app on a phone.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

from ..i18n import Translator
from ..web.publish import SERVICE_WORKER
from . import SITE_DIR, SITE_TITLE

#: Each language's manifest, beside its pages.
MANIFEST = "manifest.webmanifest"
#: The app's icon (any size: it is a drawing), in each language's ``_static``.
ICON = "_static/icon.svg"
#: The colours of the app's frame while it starts (Furo's background, the site's blue).
BACKGROUND = "#ffffff"
THEME = "#1d4f91"
#: Local files named by a page: its styles, scripts, icons and links.
_LINKED = re.compile(r'(?:href|src)="([^"#?:]+)')


def site_files(out: Path, language: str) -> list[str]:
    """Every file a reader of ``language`` needs offline, relative to ``out``: each page of
    the language, and each file of the site a page names (styles, scripts, the search
    index, icons, the manifest), but nothing of the lessons' engine (``_learn/``) and no
    page of another language."""
    folder = out / language
    found = {f"{language}/{MANIFEST}", f"{language}/{ICON}"}
    for page in sorted(folder.glob("*.html")):
        found.add(f"{language}/{page.name}")
        for link in _LINKED.findall(page.read_text(encoding="utf-8")):
            target = (folder / link).resolve()
            try:
                relative = target.relative_to(folder.resolve()).as_posix()
            except ValueError:
                continue  # another language, or the site's root
            if target.is_file() and not relative.startswith("_learn/"):
                found.add(f"{language}/{relative}")
    return sorted(found)


def manifest(language: str) -> dict[str, object]:
    """The web app manifest of ``language`` (addresses relative to the manifest)."""
    tr = Translator(language)
    return {
        "name": tr.gettext(SITE_TITLE),
        "short_name": "Celestia",
        "lang": language,
        "dir": "ltr",
        "start_url": "index.html",
        "scope": "./",
        "display": "standalone",
        "background_color": BACKGROUND,
        "theme_color": THEME,
        "icons": [{"src": ICON, "sizes": "any", "type": "image/svg+xml",
                   "purpose": "any"}],
    }


def write_manifests(out: Path, languages: tuple[str, ...]) -> None:
    for language in languages:
        text = json.dumps(manifest(language), ensure_ascii=False, indent=1)
        (out / language / MANIFEST).write_text(text + "\n", encoding="utf-8")


def write_service_worker(out: Path, languages: tuple[str, ...],
                         lessons: list[str]) -> Path:
    """``celestia-sw.js`` at the site's root, with each language's files, the lessons'
    files (``lessons``, relative to ``out``) and a version made from their contents."""
    site = {language: site_files(out, language) for language in languages}
    everything = sorted({*lessons, *(name for names in site.values() for name in names)})
    digest = hashlib.sha256()
    for name in everything:
        digest.update(name.encode())
        digest.update(hashlib.sha256((out / name).read_bytes()).digest())
    script = (SITE_DIR / "sw.js").read_text(encoding="utf-8")
    script = script.replace('"__VERSION__"', json.dumps(digest.hexdigest()[:16]))
    script = script.replace("{/*__SITE__*/}", json.dumps(site, indent=0))
    script = script.replace("[/*__LESSONS__*/]", json.dumps(sorted(lessons), indent=0))
    target = out / SERVICE_WORKER
    target.write_text(script, encoding="utf-8")
    return target


def write(out: Path, languages: tuple[str, ...], lessons: list[str]) -> None:
    """The manifests, then the service worker that keeps them too."""
    write_manifests(out, languages)
    write_service_worker(out, languages, lessons)
