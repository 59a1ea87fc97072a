"""The tutor app drawn in this process onto a terminal emulator: the tests' name for
``tutor.tools.app_screen`` (the pseudo-language check draws the lesson screens with it
too)."""

from tutor.tools.app_screen import AppScreen

__all__ = ["AppScreen"]
