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

# Quotes and ellipses only: "--lang" in a text stays two hyphens, never an en dash.
smartquotes_action = "qe"

templates_path = [str(SITE_DIR / "theme")]
html_static_path = [str(SITE_DIR / "static")]
html_css_files = ["celestia.css"]
# Our completion of Sphinx's own interface strings (Hungarian) is found here first.
locale_dirs = [str(SITE_DIR / "locale")]
gettext_auto_build = False

# Furo: a maintained, phone-first theme whose whole weight is about 70 KB of CSS and
# JavaScript, with no fonts or scripts fetched from elsewhere. Its page frame is replaced
# by tutor/site/theme/page.html so that every label is ours and translated.
html_theme = "furo"
html_theme_options = {
    "sidebar_hide_name": False,
    "light_css_variables": {
        "font-stack": "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif",
        "color-brand-primary": "#1d4f91",
        "color-brand-content": "#1d4f91",
        "color-brand-visited": "#5b2d8e",
    },
    "dark_css_variables": {
        "color-brand-primary": "#8cb8ff",
        "color-brand-content": "#8cb8ff",
        "color-brand-visited": "#c7a6ff",
    },
}
html_show_sourcelink = False
html_copy_source = False
html_show_sphinx = False
html_show_copyright = False
html_use_index = False
html_domain_indices = False
html_permalinks = True
html_permalinks_icon = "#"
html_last_updated_fmt = None
html_favicon = None
