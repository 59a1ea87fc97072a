"""Compile our completion of Sphinx's Hungarian interface catalog.

``locales/hu/LC_MESSAGES/sphinx.po`` holds the Sphinx interface strings that the site shows
(search box, search results, navigation, heading links). This writes, under
``tutor/site/locale/hu/LC_MESSAGES/`` (a ``locale_dirs`` entry of ``docs/conf.py``):

- ``sphinx.mo``: Sphinx reads it before its own catalog, for the page templates;
- ``sphinx.js``: the browser's strings for the search page, which replace Sphinx's own
  file, so they are merged with Sphinx's translated Hungarian messages.

    python -m tutor.site.sphinx_catalog          # write both files
    python -m tutor.site.sphinx_catalog --check  # exit 1 if they are out of date
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from pathlib import Path

import sphinx
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from . import ROOT, SITE_DIR

LANGUAGE = "hu"
SOURCE = ROOT / "locales" / LANGUAGE / "LC_MESSAGES" / "sphinx.po"
TARGET = SITE_DIR / "locale" / LANGUAGE / "LC_MESSAGES"


def _read(path: Path) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=LANGUAGE)


def _sphinx_catalog() -> Catalog:
    return _read(Path(sphinx.__file__).parent / "locale" / LANGUAGE / "LC_MESSAGES"
                 / "sphinx.po")


def compiled_mo() -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, _read(SOURCE), use_fuzzy=False)
    return buffer.getvalue()


def compiled_js() -> str:
    """The browser catalog in the format of Sphinx's ``sphinx.js`` files."""
    messages: dict[str, object] = {}
    for catalog in (_sphinx_catalog(), _read(SOURCE)):  # ours last: it wins
        for message in catalog:
            if not message.id or not message.string or message.fuzzy:
                continue
            if isinstance(message.id, str):
                messages[message.id] = message.string
            elif all(message.string):
                messages[message.id[0]] = list(message.string)
    # The browser indexes the plural forms with this expression's value: it must be a
    # number ("n != 1" alone gives true or false, which index nothing).
    plural = f"Number({_read(SOURCE).plural_expr})"
    body = json.dumps({"locale": LANGUAGE, "messages": dict(sorted(messages.items())),
                       "plural_expr": plural}, ensure_ascii=False, indent=4)
    return f"Documentation.addTranslations({body});\n"


def outputs() -> dict[Path, bytes]:
    return {TARGET / "sphinx.mo": compiled_mo(),
            TARGET / "sphinx.js": compiled_js().encode("utf-8")}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutor.site.sphinx_catalog",
                                     description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true",
                        help="report compiled files that differ from the .po, change nothing")
    args = parser.parse_args(argv)
    stale = [path for path, data in outputs().items()
             if not path.is_file() or path.read_bytes() != data]
    if args.check:
        for path in stale:
            print(f"{path.relative_to(ROOT)} is out of date: run python -m "
                  "tutor.site.sphinx_catalog", file=sys.stderr)
        return 1 if stale else 0
    for path, data in outputs().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
