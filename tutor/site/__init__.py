"""The rulebook website: Sphinx directives, pictures and build, in three languages.

``docs/conf.py`` loads :mod:`tutor.site.extension`; :mod:`tutor.site.build` builds every
language (``celestia docs``). The page prose that is not a rule lives in ``pages.yaml``
and goes through the "site" gettext domain like every other message.
"""

from __future__ import annotations

from pathlib import Path

from ..engine.messages import N_

#: The site's name, on every page, in the root index and in pages.yaml's home page.
SITE_TITLE = N_("The rules of Celestia")

SITE_DIR = Path(__file__).resolve().parent
ROOT = SITE_DIR.parent.parent
DOCS_DIR = ROOT / "docs"
#: The site as built when the package (wheel) was made; absent in a clone of the project.
PUBLISHED_DIR = SITE_DIR / "published"
