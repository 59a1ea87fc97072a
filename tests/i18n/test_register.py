"""One register per language: French says "vous", Hungarian tegez (the informal "te").

Every catalog under locales/ is read, including the website's and the lessons'. A domain
whose owner is still rewriting it lists "register" under report_only in
locales/domains.toml: its findings are reported here as an expected failure (XFAIL, or
XPASS once the catalog is fixed: then remove the switch).
"""

import re
from pathlib import Path

import pytest

from tutor.tools import catalogs as tool

#: Hungarian magázás: the polite pronoun, and polite imperatives that address the reader
#: (at the start of a sentence, or followed by their preverb: "Figyelje meg", "hagyja ki").
POLITE_HU = re.compile(
    r"\bÖn(?:t|nek|nel|re|ről|höz|től|nél|ben|ből|é|ök|öket|öknek|ökkel)?\b"
    r"|\b[Kk]érjük\b"
    r"|(?:^|[.!?:]\s+)(?:Figyelje|Nézze|Olvassa|Írja|Adja|Hagyja|Válassza|Válasszon|"
    r"Nyomja|Kattintson|Próbálja|Ellenőrizze|Engedélyezze|Telepítse|Indítsa|Lépjen|"
    r"Keressen|Töltse|Javítsa|Használja|Tekintse|Vegye|Mentse|Várjon|Folytassa|Nyissa)\b"
    r"|\b(?:figyelje|nézze|olvassa|írja|adja|hagyja|válassza|nyomja|töltse|vegye|nyissa) "
    r"(?:meg|ki|be|el|le|fel|figyelembe)\b")
#: French tutoiement: the familiar pronouns.
FAMILIAR_FR = re.compile(r"(?i)\b(?:tu|toi|ton|ta|tes|te)\b|\bt’|\bt'")


CATALOGS = [pytest.param(path, marks=[pytest.mark.xfail(reason=reason)] if reason else [],
                         id=f"{language}-{path.stem}")
            for language, path, reason in tool.translated_catalogs("register")]


def wrong_register(language: str, text: str) -> list[str]:
    pattern = POLITE_HU if language == "hu" else FAMILIAR_FR
    return [m.group().strip() for m in pattern.finditer(text)]


@pytest.mark.parametrize("path", CATALOGS)
def test_one_register(path: Path) -> None:
    language = path.parent.parent.name
    found = []
    for message in tool.read(path, locale=language):
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            for words in wrong_register(language, text or ""):
                msgid = message.id if isinstance(message.id, str) else message.id[0]
                found.append(f"{words!r} in the translation of {msgid[:60]!r}")
    assert not found, f"{path.relative_to(tool.ROOT)}:\n  " + "\n  ".join(found)


@pytest.mark.parametrize(("language", "text", "bad"), [
    ("hu", "Figyelje meg, ki fizet.", True),
    ("hu", "Az oktató: Ön hozza meg a döntéseket.", True),
    ("hu", "Az első játszmához hagyja ki az erőkártyákat.", True),
    ("hu", "Figyeld meg, ki fizet; te hozod meg a döntéseket.", False),
    ("hu", "Mindenki tegye a bábuját a fedélzetre; önmagukban is elegendők.", False),
    ("hu", "A kapitány kiválasztja, és a kártya elhárítja a veszélyt.", False),
    ("fr", "Tu choisis ta carte.", True),
    ("fr", "Vous choisissez votre carte ; le capitaine te voit.", True),
    ("fr", "Vous choisissez votre carte ; la tête du trajet.", False),
])
def test_the_register_check_tells_formal_from_informal(language: str, text: str,
                                                       bad: bool) -> None:
    assert bool(wrong_register(language, text)) is bad


#: Hungarian second person plural ("ti"): pronouns, and verb and possessive endings that
#: only the plural has ("válasszátok", "játszotok", "nézitek", "kiválaszthatjátok").
#: Plural nouns in -otok ("botok") are not verbs.
PLURAL_HU = re.compile(
    r"(?i)\b(?!botok\b)(?:ti|nektek|veletek|tőletek|rátok|titeket|tiétek|nálatok|hozzátok|"
    r"vagytok|\w+(?:átok|étek|otok|ötök|itok|itek|hattok|hettek))\b")


def plural_you(text: str) -> list[str]:
    return PLURAL_HU.findall(text)


def test_each_faq_answer_says_te_to_one_reader() -> None:
    # The FAQ answers one player's question: tegezés in the singular throughout, never
    # "te" in one sentence and "ti" in the next (the rules' instructions to the table may
    # say "ti"; the lessons say it where the learner and the other players are meant).
    path = tool.po_path("hu", "content")
    found = []
    for message in tool.read(path, locale="hu"):
        if not message.id or not any(f.endswith("faq.yaml") for f, _ in message.locations):
            continue
        if any("search word" in comment for comment in message.auto_comments):
            continue  # what players type, in their own words
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            for words in plural_you(text or ""):
                msgid = message.id if isinstance(message.id, str) else message.id[0]
                found.append(f"{words!r} in the translation of {msgid[:60]!r}")
    assert not found, "FAQ answers that say 'ti':\n  " + "\n  ".join(found)


@pytest.mark.parametrize(("text", "bad"), [
    ("Végül válasszátok ki az első kapitányt.", True),
    ("Csak széllökést, és csáklyát, ha játszotok vele.", True),
    ("Azt csak két utazás között nézitek meg.", True),
    ("Végül válaszd ki az első kapitányt; a botok ellen is így van.", False),
    ("Ha figyeled, mit fizettek már ki a többiek, tudod, hány pontjuk van.", False),
])
def test_the_plural_check_tells_ti_from_te(text: str, bad: bool) -> None:
    assert bool(plural_you(text)) is bad
