"""Celestia: a rules engine, a rulebook and a tutor for the airship board game."""

__version__ = "0.1.0"
