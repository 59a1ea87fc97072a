"""Turning the runner's narration entries and errors into text in the reader's language."""

from __future__ import annotations

from typing import Any

from babel.lists import format_list

from ..engine.messages import N_, CelestiaError
from ..i18n import Translator
from ..names import QUOTED, Phrase, dice_text
from ..practice.coach import advise, percent, points
from .runner import Entry, Percent, Points


def _localise(params: dict[str, Any], tr: Translator) -> dict[str, Any]:
    """Card and face identifiers in engine events → the glossary's words; the coach's
    chances and points → numbers written the reader's way."""
    out: dict[str, Any] = {}
    for name, value in params.items():
        if isinstance(value, Percent):
            out[name] = percent(value.value, tr)
        elif isinstance(value, Points):
            out[name] = points(value.value, tr)
        elif name == "dice" and isinstance(value, str):
            # The lessons list dice with commas, the way the board shows them.
            out[name] = dice_text(value, tr)
        else:
            out[name] = tr.term_value(name, value)
    return out


def rules_text(rules: tuple[str, ...], tr: Translator) -> str:
    return tr.ngettext("See rule {rules}.", "See rules {rules}.", len(rules)).format(
        rules=format_list(list(rules), locale=tr.language))


def render_entry(entry: Entry, tr: Translator) -> str:
    params = _localise({k: v for k, v in entry.params.items() if not k.startswith("_")}, tr)
    kind = entry.kind
    if kind == "refused":
        rule = entry.params.get("_rule")
        if "_moves" in entry.params:
            moves: tuple[Phrase, ...] = entry.params["_moves"]
            # Each as it reads among the choices, quoted: a choice may be a sentence.
            text = tr.format(entry.msgid, moves=tr.join(
                [tr.format(QUOTED, text=m.render(tr).rstrip().rstrip(".")) for m in moves],
                "or"))
        elif "_error" in entry.params:
            text = tr.format(entry.msgid, reason=describe_error(entry.params["_error"], tr))
        else:
            text = tr.gettext(entry.msgid)
        return text + (" " + rules_text((rule,), tr) if rule else "")
    if kind == "chosen":
        choice: Phrase = entry.params["_choice"]
        return tr.format(entry.msgid, choice=choice.render(tr))
    if kind == "coach":
        return coach_text(entry.params["_state"], entry.params["_player"], tr)
    text = tr.pformat(entry.context, entry.msgid, **params) if entry.context else \
        tr.format(entry.msgid, **params)
    if kind == "hint":
        return tr.format(N_("Hint: {hint}"), hint=text)
    if kind == "goal":
        return tr.format(N_("Goal: {goal}"), goal=text)
    if kind in ("wrong", "missed") and entry.params.get("_rules"):
        text += " " + rules_text(entry.params["_rules"], tr)
    return text


def coach_text(state: Any, player: int, tr: Translator) -> str:
    """The coach's advice for ``player`` at ``state``, as the hint of a goal."""
    return tr.format(N_("The coach says: “{advice}”"), advice=advise(state, player, tr).sentence)


def describe_error(err: CelestiaError, tr: Translator) -> str:
    """An error in the reader's language, with a nested engine reason translated too."""
    cause = getattr(err, "cause", None)
    if cause is not None and "reason" in err.params:
        params = dict(err.params)
        params["reason"] = tr.message(cause)
        return tr.format(err.msgid, **params)
    return tr.message(err)
