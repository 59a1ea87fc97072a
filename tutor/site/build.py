"""Build the rulebook site in every language: ``<out>/en/``, ``<out>/fr/``, ``<out>/hu/``
and a start page ``<out>/index.html`` that opens the reader's preferred language.

Each language is its own Sphinx build (``-D language=xx``) in its own process, run side by
side. ``strict`` turns Sphinx warnings into errors (``-W``), as CI does.
"""

from __future__ import annotations

import subprocess
import sys
from html import escape
from pathlib import Path

from ..engine.messages import N_, CelestiaError
from ..i18n import LANGUAGE_NAMES, LANGUAGES, Translator
from . import DOCS_DIR


class DocsError(CelestiaError):
    """The site cannot be built."""


def sphinx_command(language: str, out: Path, strict: bool) -> list[str]:
    command = [sys.executable, "-m", "sphinx", "-b", "html", "-E", "-q",
               "-D", f"language={language}", "-d", str(out / ".doctrees" / language),
               str(DOCS_DIR), str(out / language)]
    if strict:
        command[5:5] = ["-W", "--keep-going"]
    return command


def build(out: Path, strict: bool = False,
          languages: tuple[str, ...] = LANGUAGES) -> dict[str, str]:
    """Build every language into ``out``; returns each language's Sphinx messages
    (warnings). Raises ``DocsError`` naming the language whose build failed."""
    if not (DOCS_DIR / "conf.py").is_file():
        raise DocsError(N_("The rulebook's sources are not in {path}: build the site from a "
                           "clone of the project."), path=str(DOCS_DIR))
    out.mkdir(parents=True, exist_ok=True)
    running = {language: subprocess.Popen(sphinx_command(language, out, strict),
                                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                           text=True)
               for language in languages}
    messages: dict[str, str] = {}
    failed: list[str] = []
    for language, process in running.items():
        output, _ = process.communicate()
        messages[language] = output
        if process.returncode != 0:
            failed.append(language)
    if failed:
        language = failed[0]
        raise DocsError(N_("The rulebook in the language \"{language}\" could not be "
                           "built:\n{output}"),
                        language=language, output=messages[language].strip())
    write_start_page(out, languages)
    return messages


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
      location.replace(code + "/index.html");
      return;
    }
  }
})();"""


def start_page(languages: tuple[str, ...] = LANGUAGES) -> str:
    """The root ``index.html``: one link per language, each labelled in its own language."""
    items = []
    for code in languages:
        tr = Translator(code)
        title = tr.gettext(N_("The rules of Celestia"))
        items.append(f'<li lang="{code}"><a href="{code}/index.html" hreflang="{code}">'
                     f"{escape(title)}</a> — {escape(LANGUAGE_NAMES[code])}</li>")
    available = "[" + ", ".join(f'"{code}"' for code in languages) + "]"
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Celestia</title>
<script>{_SCRIPT % {"available": available}}</script>
<style>
body {{ font-family: Georgia, "DejaVu Serif", serif; max-width: 36em; margin: 3em auto;
       padding: 0 1em; line-height: 1.5; color: #222; }}
li {{ margin: 0.5em 0; font-size: 1.2em; }}
</style>
</head>
<body>
<h1>Celestia</h1>
<ul class="celestia-start">
{chr(10).join(items)}
</ul>
</body>
</html>
"""


def write_start_page(out: Path, languages: tuple[str, ...] = LANGUAGES) -> Path:
    path = out / "index.html"
    path.write_text(start_page(languages), encoding="utf-8")
    return path
