"""Sphinx configuration of the Celestia rulebook site.

One build per language: ``sphinx-build -D language=fr docs OUT/fr``. Everything a page
shows comes from ``tutor.site`` (directives, pictures, switcher), which reads the one
source of the rules and the engine's data; the .rst files only say which page is which.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # a clean clone without an installed package still builds
    sys.path.insert(0, str(ROOT))

from tutor.site import SITE_DIR  # noqa: E402

project = "Celestia"
author = ""
copyright = ""
language = "en"
root_doc = "index"
extensions = ["tutor.site.extension"]
exclude_patterns = ["_build"]

templates_path = [str(SITE_DIR / "theme")]
html_static_path = [str(SITE_DIR / "static")]
html_css_files = ["celestia.css"]
# Our completion of Sphinx's own interface strings (Hungarian) is found here first.
locale_dirs = [str(SITE_DIR / "locale")]
gettext_auto_build = False

html_theme = "alabaster"
html_theme_options = {
    "github_button": False,
    "show_powered_by": False,
    "show_relbars": False,
    "fixed_sidebar": False,
    "font_family": "Georgia, 'DejaVu Serif', serif",
    "head_font_family": "Georgia, 'DejaVu Serif', serif",
    "code_font_family": "'DejaVu Sans Mono', monospace",
}
html_sidebars = {
    "**": ["about.html", "languages.html", "searchbox.html", "navigation.html",
           "celestia-relations.jinja"],
}
html_show_sourcelink = False
html_copy_source = False
html_show_sphinx = False
html_show_copyright = False
html_use_index = False
html_domain_indices = False
html_permalinks = True
html_last_updated_fmt = None
