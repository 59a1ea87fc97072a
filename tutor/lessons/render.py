"""Turning the runner's narration entries and errors into text in the reader's language."""

from __future__ import annotations

from typing import Any

from ..engine.messages import N_, CelestiaError
from ..i18n import Translator
from .runner import Entry


def _localise(params: dict[str, Any], tr: Translator) -> dict[str, Any]:
    """Card and face identifiers in engine events → the glossary's words."""
    from ..app.names import dice_text

    # The lessons list dice with commas, the way the board shows them; every other term
    # is rendered as the engine's messages are everywhere (Translator.term_value).
    out = {name: value if name == "dice" else tr.term_value(name, value)
           for name, value in params.items()}
    if isinstance(out.get("dice"), str):
        out["dice"] = dice_text(out["dice"], tr)
    return out


def rules_text(rules: tuple[str, ...], tr: Translator) -> str:
    from babel.lists import format_list

    return tr.ngettext("See rule {rules}.", "See rules {rules}.", len(rules)).format(
        rules=format_list(list(rules), locale=tr.language))


def render_entry(entry: Entry, tr: Translator) -> str:
    params = {k: v for k, v in entry.params.items() if not k.startswith("_")}
    if entry.kind == "event":
        return tr.format(entry.msgid, **_localise(params, tr))
    if entry.kind == "refused":
        return tr.format(entry.msgid, reason=describe_error(entry.params["_error"], tr))
    if entry.kind == "chosen":
        return tr.format(entry.msgid, choice=tr.format(entry.params["_choice"], **params))
    text = tr.format(entry.msgid, **params)
    if entry.kind == "hint":
        return tr.format(N_("Hint: {hint}"), hint=text)
    if entry.kind == "wrong" and entry.params.get("_rules"):
        text += " " + rules_text(entry.params["_rules"], tr)
    return text


def describe_error(err: CelestiaError, tr: Translator) -> str:
    """An error in the reader's language, with a nested engine reason translated too."""
    cause = getattr(err, "cause", None)
    if cause is not None and "reason" in err.params:
        params = dict(err.params)
        params["reason"] = tr.message(cause)
        return tr.format(err.msgid, **params)
    return tr.message(err)
