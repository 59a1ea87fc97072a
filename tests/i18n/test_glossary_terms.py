"""Where an English message uses a glossary term, its French and Hungarian translations use
that term's translation (shared/GLOSSARY.md, tutor/glossary.yaml), in every domain.

How a term is found and matched
-------------------------------
- Everything is compared without case or accents ("Équipement" = "equipement").
- In the English msgid, text in placeholders (``{captain}``), in double quotes or
  backquotes, command-line options (``--spyglasses``) and tokens such as ``4:spyglass`` or
  ``compass+turbo`` (things to type) are ignored. An engine identifier kept as it is in the
  translation (a key or a command word, such as "spyglasses") counts as the term. A term is found as
  whole words, with English inflections (-s, -es, -ies, -ed, -ing; "bird" for "birds").
  Longer terms win over the terms they contain: "lightning rod" is not also "lightning",
  "Alternative Route" is not also "route".
- In the translation, any of the concept's forms (term, alternatives, short forms, and the
  few extra forms in ``EXTRA_FORMS``) counts. Each word of a form is matched by its stem at
  the start of a word, so that inflections pass: French plurals and feminines (aéronefs,
  passagère), verb forms (s'écrase), elision (l'aéronef, d'Équipement) and Hungarian
  suffixes (iránytűt, léghajóról, kalózokkal). Hungarian verbs may split their preverb
  ("nem száll ki"), so "lezuhan" also matches "zuhan". Between the words of a
  several-word term one short word may stand (« cartes d'Équipement »).
- The verbs "stay", "leave" and "pass" and the noun "seat" are not checked: in English they
  also have everyday senses (a city "leaves the route", the captaincy "passes" to the next
  player, a lesson "seats" six players) that no one would translate with the game's word.
  For the same reason "step off/down/out/aside/back/in" is not the game's "step".
"""

import re
import unicodedata
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tutor.glossary import Concept, concepts
from tutor.tools.catalogs import TRANSLATED, domains, po_path

#: Concepts whose English word is too common to require the game word (see above).
UNCHECKED = {"stay", "leave", "pass", "seat"}
#: Forms the texts may use besides the glossary's: the English short "Spyglass", and the
#: head word of a several-word term used alone once the term has been introduced.
EXTRA_FORMS: dict[str, dict[str, list[str]]] = {
    "magic-spyglass": {"en": ["Spyglass"], "fr": ["longue-vue"]},
    "event-dice": {"en": ["Event die"], "fr": ["dé"]},
    "blank": {"fr": ["vide"], "hu": ["üres"]},
    "equipment": {"en": ["Equipment card"], "fr": ["Équipement"], "hu": ["eszköz"]},
    "power-card": {"en": ["Power"], "fr": ["Pouvoir"], "hu": ["erőkártya"]},
    "treasure-card": {"fr": ["Trésor"], "hu": ["kincs"]},
    "beginner-variant": {"fr": ["variante"], "hu": ["kezdő"]},
    "score-sheet": {"fr": ["feuille"]},
    "pirates": {"hu": ["kalóz"]},
    "birds": {"fr": ["oiseau"], "hu": ["madár"]},
}
IGNORED_ENGLISH = re.compile(r"\{[^}]*\}|\"[^\"]*\"|`[^`]*`|“[^”]*”"  # placeholders, quotes
                             r"|--[\w-]+|\w*(?:[:+=]\w+)+"  # options, city:value, compass+turbo
                             r"|\bstep(?:s|ped|ping)? (?:off|down|out|aside|back|in)\b")
PREVERBS = ("le", "ki", "be", "fel", "el", "meg")


def fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", text.casefold().replace("’", "'"))
    return "".join(c for c in text if not unicodedata.combining(c))


def words(form: str) -> list[str]:
    return [w for w in re.split(r"[\s\-']+", fold(form)) if w]


def english_pattern(form: str) -> str:
    parts = []
    for word in words(form):
        if word.endswith("y"):
            parts.append(re.escape(word[:-1]) + "(?:y|ies)")
        elif word.endswith("s") and not word.endswith("ss") and len(word) > 4:
            parts.append(re.escape(word[:-1]) + "s?")  # "birds" is also "a bird"
        else:
            parts.append(re.escape(word) + "(?:s|es|ed|d|ing)?")
    return r"\b" + r"[\s\-]+".join(parts) + r"\b"


def stem(word: str, language: str) -> list[str]:
    """Stems that a word of the term may appear as in running text."""
    if language == "fr":
        word = re.sub(r"^(?:l|d|s|qu)'", "", word)
        word = re.sub(r"[sx]$", "", word)
        return [re.sub(r"(?:er|re|e)$", "", word) or word]
    plural = re.sub(r"(?<=..)(?:ok|ek|ak)$", "", word) if len(word) > 5 else word
    base = re.sub(r"(?<=...)[aeiou]$", "", plural)
    stems = [base]
    for preverb in PREVERBS:
        if base.startswith(preverb) and len(base) - len(preverb) >= 4:
            stems.append(base[len(preverb):])
    return stems


def translated_pattern(form: str, language: str) -> str:
    alternatives = []
    for word in words(form):
        options = "|".join(re.escape(s) for s in stem(word, language))
        alternatives.append(rf"(?:{options})\w*")
    between = r"[\s\-']+(?:\w{1,3}[\s\-']+)?"
    return r"(?<!\w)" + between.join(alternatives)


def forms(concept: Concept, language: str) -> list[str]:
    return [*concept.terms[language], *EXTRA_FORMS.get(concept.id, {}).get(language, [])]


def terms_in(english: str) -> list[Concept]:
    """The concepts an English text uses, longest forms first."""
    text = fold(IGNORED_ENGLISH.sub(" ", english))
    candidates = sorted(((form, c) for c in concepts() if c.id not in UNCHECKED
                         for form in forms(c, "en")), key=lambda fc: -len(fc[0]))
    found: list[Concept] = []
    for form, concept in candidates:
        pattern = re.compile(english_pattern(form))
        if pattern.search(text):
            if concept not in found:
                found.append(concept)
            text = pattern.sub(lambda m: " " * len(m.group()), text)
    return found


def uses(translation: str, concept: Concept, language: str) -> bool:
    text = fold(translation)
    if concept.engine and re.search(rf"\b{re.escape(concept.engine)}(?:s|es)?\b", text):
        return True  # a key or command word, kept as the program reads it
    return any(re.search(translated_pattern(f, language), text) for f in forms(concept, language))


def catalogs() -> list[tuple[str, str, Path]]:
    return [(domain, language, po_path(language, domain)) for domain in sorted(domains())
            for language in TRANSLATED if po_path(language, domain).exists()]


def test_the_matching_rule_on_known_cases() -> None:
    by_id = {c.id: c for c in concepts()}
    assert [c.id for c in terms_in("The lightning rod answers lightning.")] == \
        ["lightning-rod", "lightning"]
    assert [c.id for c in terms_in('Play an Alternative Route: type "pay compass".')] == \
        ["alternative-route"]
    assert [c.id for c in terms_in("{captain} pays")] == []
    assert [c.id for c in terms_in("type --spyglasses or 4:spyglass or compass+turbo")] == []
    assert uses("un joueur a name, treasures et spyglasses", by_id["magic-spyglass"], "fr")
    assert [c.id for c in terms_in("Two cities and three Spyglasses")] == \
        ["magic-spyglass", "city"]
    assert uses("Le capitaine s'écrase avec l'aéronef.", by_id["crash"], "fr")
    assert uses("Les aéronefs", by_id["airship"], "fr")
    assert uses("trois cartes d'Équipement", by_id["equipment"], "fr")
    assert uses("A kalózokkal szemben", by_id["pirates"], "hu")
    assert uses("a léghajóról", by_id["airship"], "hu")
    assert uses("a hajó nem zuhan le", by_id["crash"], "hu")
    assert uses("két iránytűt", by_id["compass"], "hu")
    assert not uses("une carte", by_id["compass"], "fr")
    assert not uses("a kapitány fizet", by_id["airship"], "hu")


@pytest.mark.parametrize(("domain", "language", "path"), catalogs(),
                         ids=[f"{d}-{lang}" for d, lang, _ in catalogs()])
def test_translations_use_the_glossary_terms(domain: str, language: str, path: Path) -> None:
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=language)
    problems = []
    for message in catalog:
        if not message.id or not message.string:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        english = " ".join(ids)
        translation = " ".join(s for s in strings if s)
        for concept in terms_in(english):
            if not uses(translation, concept, language):
                problems.append(f"{domain} {language}: {english!r} uses "
                                f"{concept.term('en')!r}, but {translation!r} lacks "
                                f"{' / '.join(forms(concept, language))!r}")
    assert not problems, "\n".join(problems)
