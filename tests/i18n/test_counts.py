"""A count agrees with its noun: every message is rendered with each of its numbers set to 1
and then to 2 (the plural form the language's rule picks for that number), and no noun
follows a number in the wrong form: "un trésor de 1 points", "2 carte", "1 players",
"2 kincsek" (Hungarian nouns stay singular after a number).

A comment to translators says which numbers a message is for ("{value} is 1.", "{count} is
2 or more.", "{listed} is more than {most}."): the engine, which does not translate, keeps
one message per number, and such a message is rendered with its number only. Numbers that
the game's data keep at 2 or more (the players of a game, the bounds of a range) are left
at their usual values, and the coach's expected points are decimals, as the program shows
them. A lesson's text is filled as the lesson runner fills it (``Runner.placeholders``):
the box's and the game's counts with their real values, the coach's figures as the
runner's ``Points`` (decimals) and ``Percent``, shown by the lessons' own code; every
lesson's transcript, as a reader sees it, is read too. A domain listing "counts" under
report_only in locales/domains.toml is reported as an expected failure (XFAIL, or XPASS
once fixed: then remove the switch).
"""

import re
from fractions import Fraction
from functools import cache
from typing import Any

import pytest

from tutor import grammar
from tutor.content.values import NAMES as CONTENT_VALUES
from tutor.content.values import Values
from tutor.engine import data
from tutor.i18n import Translator
from tutor.lessons.library import load_all
from tutor.lessons.render import _localise
from tutor.lessons.runner import Percent, Points, Runner, box_values
from tutor.lessons.transcript import transcript
from tutor.tools import catalogs as tool
from tutor.tools.checks import placeholders

from .test_rendering import CITIES, PEOPLE, TERMS, TEXTS

#: Counts the game never lets fall below 2, and bounds of ranges ("from {low} to {high}").
NEVER_ONE = {"low", "high", "most", "least", "players", "cities", "default", "supported",
             "version", "columns", "rows", "width", "height",
             # Lessons' scripted values, and the points a Spyglass scores in them.
             "score", "spyglass_points",
             # The points that end the game: 50 wherever a text names them.
             "end"}
#: Values the program shows with a decimal ("about 6,8 points").
DECIMALS = {"points", "stay", "leave", "roll", "take", "play", "keep", "harm", "gain", "kept",
            "pay", "crash", "mean", "best", "spread", "seconds", "chance", "rate", "share",
            "before", "after", "games_per_second", "actions", "now", "best_points",
            "other_points", "cost", "margin"}
#: Nouns that follow a count, singular → plural, in each language.
NOUNS = {
    "en": {"point": "points", "card": "cards", "die": "dice", "treasure": "treasures",
           "player": "players", "game": "games", "voyage": "voyages", "hazard": "hazards",
           "mistake": "mistakes", "bot": "bots", "city": "cities", "Spyglass": "Spyglasses",
           "Turbo": "Turbos", "entry": "entries", "character": "characters",
           "style": "styles", "name": "names", "hand": "hands", "lesson": "lessons",
           "question": "questions", "step": "steps", "star": "stars"},
    "fr": {"point": "points", "carte": "cartes", "dé": "dés", "trésor": "trésors",
           "joueur": "joueurs", "partie": "parties", "voyage": "voyages",
           "danger": "dangers", "erreur": "erreurs", "bot": "bots", "cité": "cités",
           "Longue-vue": "Longues-vues", "entrée": "entrées", "caractère": "caractères",
           "style": "styles", "nom": "noms", "main": "mains", "leçon": "leçons",
           "question": "questions", "étape": "étapes", "étoile": "étoiles"},
}
#: Hungarian plurals that must not follow a number ("2 kockák": "2 kocka").
HU_PLURALS = ("pontok", "lapok", "kártyák", "kockák", "kincsek", "játékosok", "játszmák",
              "utazások", "veszélyek", "hibák", "botok", "szigetek", "távcsövek", "turbók",
              "bejegyzések", "karakterek", "stílusok", "nevek", "leckék", "kérdések",
              "csillagok", "szakaszok")
#: A count stands alone: not the end of "12", "1,5" or "12 345".
AFTER = r"(?<![\d,.\u202f\u00a0])\b"
#: The space between a count and its noun: an ordinary or a no-break one.
SPACE = "[ \u00a0\u202f]"
PLURAL_INDEX = {"en": lambda n: int(n != 1), "fr": lambda n: int(n > 1),
                "hu": lambda n: int(n != 1)}


def wrong_agreement(text: str, language: str) -> list[str]:
    """Nouns in the wrong number after a count of 1 or 2 in ``text``."""
    found = []
    if language == "hu":
        pattern = r"(?<![\d,.])\d+ (" + "|".join(HU_PLURALS) + r")\b"
        return [m.group() for m in re.finditer(pattern, text)]
    for singular, plural in NOUNS[language].items():
        if singular == plural:
            continue
        # A space or a no-break space (French keeps "8\u00a0cartes" on one line).
        found += [m.group() for m in re.finditer(rf"{AFTER}1{SPACE}{plural}\b", text)]
        # "2 bot styles", "2 Turbo cards": a noun before another is no count's noun.
        found += [m.group() for m in re.finditer(rf"{AFTER}2{SPACE}{singular}\b(?![- ]\w)",
                                                 text)]
    return found


@cache
def lesson_values() -> dict[str, Any]:
    """What a lesson's text is filled with, by name, as the runner gives it (a lesson with
    the coach's figures)."""
    lesson = next(lesson for lesson in load_all() if lesson.uses_odds)
    return Runner(lesson).placeholders()


#: The lesson runner's values that only scripted positions show, before the learner's
#: decision (the captain's hand, a pile's treasures): test_every_lesson_as_shown_agrees
#: reads them as the lessons show them.
LESSON_SCRIPTED = {"captain_cards", "pile"}
#: The lesson runner's values that are the game's data: shown as they are.
LESSON_DATA = {"end_score", "hand_size", "beginner_cities", "cities", "dice_in_box",
               "spyglass_points"}


def lesson_sample(name: str, n: int, tr: Translator) -> Any:
    """``name`` in a lesson's text, filled as the lesson runner fills it."""
    value = lesson_values().get(name)
    if isinstance(value, Points):
        value = Points(Fraction(2 * n + 1, 2))  # decimals: "1,5 point", "2,5 points"
    elif isinstance(value, Percent):
        value = Percent(Fraction(2, 3))
    elif name in box_values() or name in LESSON_DATA or name.startswith("dice_to_"):
        pass  # the game's own numbers
    elif name == "dice":
        value = min(data.DICE_TO_REACH.values())  # a step's dice: 2 or more
    elif name in LESSON_SCRIPTED:
        value = 5
    elif name in CITIES:
        value = 6
    elif name in PEOPLE:
        value = "Ada"
    elif isinstance(value, int) and name not in NEVER_ONE:
        value = n
    elif isinstance(value, int):
        value = 5
    else:
        return None
    return _localise({name: value}, tr)[name]


def sample(name: str, n: int, tr: Translator, values: Values, lesson: bool = False) -> Any:
    if lesson:
        found = lesson_sample(name, n, tr)
        if found is not None:
            return found
    if name in CITIES:
        return 6
    if name in PEOPLE:
        return "Ada"
    if name == "players":
        return tr.join(["Ada", "Nimbus"])
    if name == "positions":
        return tr.join(["1", "3"])
    if name in TERMS:
        return tr.term_value(name, TERMS[name])
    if name in CONTENT_VALUES:
        return values[name]  # the game's own numbers, read from its data
    if name in DECIMALS:
        return tr.number(12.5)
    if name in NEVER_ONE:
        return tr.number(5)
    if name in TEXTS:
        return "zork"
    return tr.number(n)


#: "{value} is 1.", "{total} and {listed} are 2 or more.", "{listed} is more than {most}."
SAID = re.compile(r"((?:\{\w+\}(?:, | and )?)+) (?:is|are) ([^.;]*)")


def said_numbers(comments: list[str]) -> dict[str, int]:
    """Placeholder → the one count of 1 or 2 that the translators' comments allow it."""
    found = {}
    for comment in comments:
        for names, what in SAID.findall(comment):
            number = 1 if what.strip() == "1" else 2 if ("2 or more" in what
                                                         or "more than" in what) else None
            if number is not None:
                found.update({name: number for name in re.findall(r"\{(\w+)\}", names)})
    return found


def messages(language: str, domain: str) -> list[tuple[str, tuple[str, ...], tuple[str, ...],
                                                     dict[str, int], bool]]:
    """(context-free msgid, English forms, forms in ``language``, the counts its comments
    allow, whether it is a lesson's text) of every message."""
    path = tool.pot_path(domain) if language == "en" else tool.po_path(language, domain)
    found = []
    for message in tool.read(path, locale=None if language == "en" else language):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = ids if language == "en" else (
            message.string if isinstance(message.string, tuple) else (message.string,))
        lesson = bool(message.locations) and all(
            where.startswith("scenarios/") for where, _ in message.locations)
        found.append((ids[0], ids, strings, said_numbers(message.auto_comments), lesson))
    return found


def render(language: str, ids: tuple[str, ...], strings: tuple[str, ...], n: int,
           said: dict[str, int], lesson: bool = False) -> str | None:
    names = placeholders(ids[0]) or set()
    if any(name.startswith("%(") for name in names) or "%s" in ids[0]:
        return None  # argparse's own messages: no counts of ours
    tr = Translator(language)
    index = min(PLURAL_INDEX[language](n), len(strings) - 1) if len(strings) > 1 else 0
    text = strings[index]
    params = {name: tr.number(said[name]) if name in said else
              sample(name, n, tr, Values(language), lesson) for name in names}
    try:
        if language == "en":
            return text.format(**params)
        return grammar.GrammarFormatter(language, tr.gender_of).vformat(text, (), params)
    except (KeyError, ValueError, IndexError):
        return None  # test_rendering reports a message that does not render


def _domains() -> list:
    params = []
    for domain in tool.domains():
        reason = tool.pending(domain, "counts")
        marks = [pytest.mark.xfail(reason=reason)] if reason else []
        params.append(pytest.param(domain, marks=marks, id=domain))
    return params


@pytest.mark.parametrize("domain", _domains())
def test_counts_agree_with_their_nouns(domain: str) -> None:
    found = []
    for language in ("en", *tool.TRANSLATED):
        for msgid, ids, strings, said, lesson in messages(language, domain):
            for n in (1, 2):
                text = render(language, ids, strings, n, said, lesson)
                if text is None:
                    continue
                found += [f"{language}: {wrong!r} in {text[:100]!r} (msgid {msgid[:50]!r})"
                          for wrong in wrong_agreement(text, language)]
    assert not found, f"{domain}:\n  " + "\n  ".join(dict.fromkeys(found))


@pytest.mark.parametrize("language", ["en", *tool.TRANSLATED])
def test_every_lesson_as_shown_agrees(language: str) -> None:
    """Every lesson as the reader sees it, with the values its positions really have."""
    tr = Translator(language)
    found = []
    for lesson in load_all():
        text = "\n".join(transcript(lesson, tr))
        found += [f"{lesson.id}: {wrong!r}" for wrong in wrong_agreement(text, language)]
    assert not found


@pytest.mark.parametrize(("language", "text", "ok"), [
    ("fr", "Vous piochez un trésor de 1 points dans la cité 1.", False),
    ("fr", "Vous piochez un trésor de 1 point dans la cité 1.", True),
    ("fr", "un trésor de 1\u00a0points", False), ("fr", "2\u00a0carte", False),
    ("fr", "2\u00a0cartes", True),
    ("fr", "2 carte", False), ("fr", "environ 1,5 points", True), ("fr", "2 Turbo", True),
    ("en", "1 players", False), ("en", "2 dice", True), ("en", "2 die", False),
    ("hu", "2 kockák", False), ("hu", "2 kocka", True), ("hu", "1,5 pontok", True),
])
def test_the_check_tells_right_from_wrong(language: str, text: str, ok: bool) -> None:
    assert (not wrong_agreement(text, language)) is ok


def test_comments_say_which_numbers_a_message_is_for() -> None:
    assert said_numbers(["{value} is 1."]) == {"value": 1}
    assert said_numbers(["{total} and {listed} are 2 or more.", "{unseen} is 0, or 2 or more."]) \
        == {"total": 2, "listed": 2, "unseen": 2}
    assert said_numbers(["{listed} is more than {most}, the treasures of a game."]) == \
        {"listed": 2}
    assert said_numbers(["Same role everywhere: an error."]) == {}
