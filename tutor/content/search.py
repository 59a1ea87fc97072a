"""One normaliser of players' words, for every search of the project.

``celestia faq``, the tutor's ``?`` lookup and the rulebook website all turn texts and
questions into the same *forms* with this module, so that a word finds the same things
everywhere. Nothing heavy is imported here: a form costs a few string operations.

The forms
---------
``fold(text)``
    lower case, accents removed: "Ködkürt" and "kodkurt" are the same word.
``tokens(text)``
    every folded word, in order, stop words included ("+" is a word of its own; hyphens
    and apostrophes split words: "lehet-e" → "lehet", "e"; "can't" → "can", "not"; a
    number with a suffix is the number: "6th", "6-osnál" → "6"; a few phrases ask with a
    question word of their own: "at what point" → "when", "quand même" → "encore").
``words(text)``
    the tokens that carry meaning: stop words (articles, pronouns, question words and
    filler such as "what happens", "est-ce que", "mi történik", "lehet-e") are dropped.
    A stop word is recognised with its accents, so "dés" (dice) is kept while "des" (an
    article) is dropped.
``stem(word)``
    a folded word without one common ending of English, French or Hungarian
    ("compasses" → "compass", "boussoles" → "boussol", "iránytűvel" → "iranytu"); in
    English the forms of one word meet ("treasure", "treasures" → "treasur").
``concepts(text, language, players=…)``
    the game's terms found in ``text``, as ``"@"`` + the concept id of ``glossary.yaml``
    ("draw pile", "pioche", "húzópakli" → ``"@draw-pile"``); with ``players=True`` also
    the words players use (``players_words.yaml``: "deck", "paquet", "pakli").
``similarity(a, b)``
    how well two folded words match, from 0 to 1 (equal, same stem, one a prefix of the
    other, two inflections of one stem).
``closest_spelling(word, candidates)``
    the known word that ``word`` is a typo of (one or two edits), if any.
``intents(text)``
    the kinds of answer a question asks for, in any language: "who" ("qui", "ki"),
    "when" (also "before or after …"), "which", "why", "how", "all", "not" and
    "purpose" ("what does it do", "à quoi sert", "mire jó").

How another index gets the same forms
-------------------------------------
Index each document with ``index_terms(text, language)``: the stems of its ``words``
plus the ``@concept`` forms of the glossary terms it uses. Turn a query into
``query_terms(query, language)``: one list of alternative forms for each thing the
query asks about, where a player's word brings its glossary concept ("deck" →
``["@draw-pile", "deck"]``) and a word of a synonym group brings its group. A document
matches a query term when it holds any of its alternatives (compare stems with
``similarity`` to forgive prefixes and inflections). ``celestia faq`` ranks with these
forms (``tutor.content.faq``); a search box in a browser can use ``index_terms`` at
build time and the same rules on its side.

The players' words are data (``tutor/players_words.yaml``, beside the glossary); the
compiled table of each language is cached beside the content files (see ``lexicon``).
"""

from __future__ import annotations

import json
import os
import re
import unicodedata
from bisect import bisect_left
from collections.abc import Collection
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import Any

from .. import i18n
from ..engine.messages import N_
from ..file_errors import os_reason, yaml_reason
from . import loader
from .loader import ContentError, stamp

MIN_PREFIX = 4
#: How many letters a typo may add to a word: a word longer than every known word by
#: more than this is no spelling of any of them, and is only ever matched exactly.
TYPO_SLACK = 2
WORD = re.compile(r"[^\W_]+|\+", re.UNICODE)
LANGUAGES = ("en", "fr", "hu")
TUTOR = Path(__file__).resolve().parents[1]
GLOSSARY_FILE = TUTOR / "glossary.yaml"
PLAYERS_FILE = TUTOR / "players_words.yaml"
#: Each language's common words that are no typo of a known word (written by
#: ``python -m tutor.tools.common_words`` from wordfreq's lists).
COMMON_WORDS_FILE = TUTOR / "common_words.txt"
#: Concept forms start with this; synonym groups with ``GROUP``.
CONCEPT = "@"
GROUP = "#"

# Endings stripped by ``stem``, longest first, per language. Deliberately light:
# over-stemming would merge unrelated words, and ``similarity`` already forgives most
# other inflections. Without a language, every language's endings are tried. English
# has rules of its own (``_stem_en``): one word and its plural must meet.
_ENDINGS_BY_LANGUAGE = {
    # plurals and verb endings (without a language only)
    "en": {"es", "s", "ing", "ed"},
    # plurals and common noun/verb endings
    "fr": {"s", "x", "es", "aux", "ement", "er", "ez", "ee", "ees", "ent", "e", "re", "ir",
           "u", "us", "ue", "ues", "is", "it"},
    # plural, accusative and common case endings (accents already folded)
    "hu": {"k", "t", "ok", "ek", "ak", "at", "et", "ot", "nak", "nek", "val", "vel",
           "ban", "ben", "ba", "be", "ra", "re", "rol", "tol", "hoz", "hez", "nal", "nel",
           "on", "en", "ig", "kent", "ert", "bol", "ja", "je", "ai", "ei", "tal", "tel",
           "ni", "hat", "het", "ik", "jak", "jek", "juk", "om", "em", "am", "unk", "tok",
           "tek",
           # a verb's "can" with its person ("játszhatják" and "játszhat" meet at
           # "jatsz"), and the infinitive ("játszani")
           "hatjak", "hetik", "hatja", "heti", "hatnak", "hetnek", "hatok", "hetek",
           "hatunk", "hetunk", "hatsz", "hetsz", "ani", "eni",
           # the time of an event ("zuhanáskor", at the crash)
           "kor",
           # the infinitive with its person ("ki kell fizetnie", he must pay;
           # "kiszállnia", "fizetniük")
           "nia", "nie", "niuk",
           # the conditional of "we" ("játszanánk", "fizetnénk": we would play, pay)
           "nank", "nenk"},
}
#: Hungarian "-val", "-vel" (with) after a consonant becomes that consonant again:
#: "kalózzal", "kártyáimmal", "iránytűmmel" are "kalóz", "kártyáim", "iránytűm" with
#: it. ``stem`` takes off a doubled consonant's second letter and one of these.
_ASSIMILATED = {"hu": ("al", "el")}
#: And a consonant written with two letters doubles its first one: "kinccsel", "ásszal"
#: are "kincs", "ász" with it.
_ASSIMILATED_DIGRAPHS = {"hu": ("cs", "sz", "zs", "gy", "ly", "ny", "ty")}
_CONSONANTS = "bcdfghjklmnpqrstvwxz"
_ENDINGS = {
    language: sorted(endings, key=len, reverse=True)
    for language, endings in [*_ENDINGS_BY_LANGUAGE.items(),
                              (None, set().union(*_ENDINGS_BY_LANGUAGE.values()))]
}

# Stop words, written as they are spelt (accents included): a query word is compared
# before its accents are folded, so "dés" (dice) is not "des" (an article). Unaccented
# spellings are listed too where they cannot be a word of the game.
# French "marche" is filler as "passe" is ("ça marche ?"); "comment ça marche" still asks
# what a thing does (``SHAPES["purpose_with"]``). French "juste" restricts as "seulement"
# does ("il a juste des boussoles"), "etre" is "être" typed without its accent, and the
# other tenses of "avoir" and the pronouns "ceux", "celle" carry nothing either; nor do
# "dont 2 pouvoirs" (of which), "chez nous" (at our table), "qui a raison" (who is
# right), "c'est grave ?" (is it a problem), "tant pis", "le mec", "qqun" (someone),
# "il savait" and "c'est nul" ("match nul" is a tie, a phrase), "je crois" and "mdr", nor
# "avoir" and its participle ("il a eu peur", "qu'on a eue", "qui se fait avoir"), nor
# "dire" (to say: no "direct"; "dire stop" is a phrase).
# Hungarian "mindet", "mindent", "minden", "mind" (all of them, everything, every, all)
# carry nothing, and their stem is that of "mindig" (always: "must"); "kellett",
# "kellene", "kéne" (had to, should) are "kell" in another tense. Nor do the conjunction
# "mert" (because), "ilyenkor" (then, in such a case), the pronouns with a case ending
# ("velünk", "annak", "erre"...: "mi lesz velünk?", "annak a szigetnek"), "akik",
# "egyet" (one of them), "mennénk" (we would go: no "mennyi") and a story's "tegnap este";
# nor "mehet?" (may it go: is that allowed, as "lehet", "szabad"), nor an argument's
# words ("kinek van igaza?", "ki téved?", "volt egy vitánk"; "kinek" still asks who).
_STOP = {
    "en": """
        a an the of to in on at by for and or is are was were be been being am can could
        do does did done doing if it its it's i i'm me my we us our you your he him his
        she her they them their this that these those there here what what's whats when where
        who whom whose which how why with from as than then so may might shall should
        will would not no yes any all one some such about into onto up out off still just
        also even else really ok okay possible allowed happen happens happened happening
        mean means get gets got have has had having anyone anybody someone somebody
        everyone everybody nobody thing things way case let lets please now exactly
        actually like basically anyway too
        hey hi um uh so then wait sure though tho btw lol pls plz guys u ur
        legal valid correct alright gonna wanna friend buddy mate dude
        friends buddies mates bro wife husband girlfriend boyfriend sister brother mom dad
        guy anything something erm hmm very re ve ll
    """,
    "fr": """
        le la les l un une des du de d et ou où ou est sont été être suis es il elle ils
        elles on je j tu te t me m se s y en ne n pas que qu qui quoi quel quelle quels
        quelles quand comment pourquoi avec sans pour par dans au aux ce c cet cette ces
        ça ca cela ceci son sa ses leur leurs mon ma mes ton ta tes nous vous lui moi toi
        peut peux peuvent pouvez pouvons puis si est-ce passe arrive arriver droit
        possible permis autorisé autorise faire fait a à ai as avons avez ont tout tous
        toute toutes alors donc bien aussi quelqu quelqu'un quelque chose cas sert
        servent servir dès lorsque maintenant exactement vraiment genre pouvait pouvais
        pourrait pourrais pourra marche
        bon ben bah hein enfin svp stp ok voilà voila truc normal correct valable
        légal legal pote copain copine mais potes copains copines femme mari frère soeur
        sœur
        tant ya parce sais ni mort sera serons seront serait était etait
        seulement
        juste etre avait avais avaient ait aurait aura auront ceux celle celles celui
        finalement étais etais personne
        dont chez raison grave pis mec meuf gars qqun qq1 savait savais nul
        crois croit croyais mdr ptdr
        fille fils cousin cousine père pere mère mere oncle tante frangin frangine
        depuis hier
        avoir eu eue eus eues dire
    """,
    "hu": """
        a az egy és es vagy is nem igen mi mit mik mikor ki kit kik hogyan hogy miért
        miert melyik mely milyen hol hova honnan van vannak volt lesz lehet lehetséges
        lehetseges kell e de meg már mar csak ez azt ezt ezek azok én en te ő mi ti ők ok
        engem téged neki nekem nekik maga magát sem ha akkor amikor aki ami amit
        történik tortenik szabad tudok tud tudja tudom szerint valaki valami mindenki
        senki dolog eset mire jó jo való valo most pontosan igazából tényleg vajon
        szóval szoval na hát ugye oké oke rendben helyes szabályos szabalyos
        érvényes ervenyes csinálunk csinalunk csináljunk csinaljunk csinálok csinalok
        csináljak csinaljak teszünk tegyünk teszunk tegyunk jött jott jöttek jottek
        jön jon haver haverom barátom baratom közül kozul között kozott haverommal
        haveromnak haverjaim haverok barátommal baratommal barátnőm baratnom feleségem
        felesegem férjem ferjem tesóm tesom valamit valamire valakit valakinek mindenkit
        vagyok vagyunk vagytok voltam voltunk voltak lett lettek ezen minket titeket
        őket nekünk nekunk ilyet ilyen csinálni csinalni csinálnom csinalnom csinálnia
        csinalnia csináljon csinaljon mégis megis tudjuk tudunk tudsz tudod
        leszünk leszunk leszek lesznek lenne lennénk lennenk
        úgyis ugyis amúgy amugy belőle belole belőlük beloluk belőlem belolem
        volna pedig így igy bármi barmi bármit barmit
        egyáltalán egyaltalan szerintem
        anyám anyam apám apam bátyám batyam öcsém ocsem nővérem noverem húgom hugom
        lányom lanyom fiam srác srac
        szeretnék szeretnek szeretnénk szeretnenk szeretném szeretnem szeretne
        tudta tudtam tudtuk tudtunk tudott tudna tudnám tudnam tudnánk tudnank
        mindet mindent minden mind mindennek mindenre mindenből mindenbol
        kellett kellene kéne kene
        mert ilyenkor olyankor velünk velunk vele velem veled velük veluk annak ennek
        azzal ezzel arra erre abból abbol ebből ebbol ahhoz ehhez akik amik
        egyet mennénk mennenk tegnap este
        mehet igaza igazam igazad igazunk téved teved tévedek tevedek vita vitánk vitank
        vitában vitaban vitát vitat vitatkozunk vitatkoztunk kinek
    """,
}
STOP_WORDS = frozenset(w for lang in _STOP.values() for w in lang.split())
#: The word "rule" as players type it before a rule's number ("rule 3.4", "règle 3.5",
#: "szabály 5.2"), folded.
RULE_WORDS = frozenset({"rule", "rules", "regle", "regles", "szabaly", "szabalyt",
                        "szabalyok", "szabalyban", "szabalynal", "szabalyhoz"})


@cache
def fold(text: str) -> str:
    """Lower-case ``text`` and remove accents ("Débarquement" → "debarquement")."""
    # Compatibility forms first ("𝓐" is "A"), then case, then decomposed again.
    decomposed = unicodedata.normalize(
        "NFKD", unicodedata.normalize("NFKD", text).casefold())
    folded = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    if " " in decomposed and len(folded) < len(decomposed):
        # A spacing accent ("ﱞ" is a space and two marks) leaves no space behind it,
        # or a word would fold to one.
        folded = "".join(ch for n, ch in enumerate(decomposed)
                         if not unicodedata.combining(ch)
                         and not (ch == " " and unicodedata.combining(decomposed[n + 1:n + 2]
                                                                      or " ")))
    return folded


@cache
def stem(word: str, language: str | None = None) -> str:
    """``word`` (folded) without one common ending of ``language`` (of any of our
    languages when None), keeping at least four letters."""
    if language == "en":
        return _stem_en(word)
    if (word.endswith(_ASSIMILATED.get(language or "", ())) and len(word) - 3 >= MIN_PREFIX
            and word[-3] == word[-4] and word[-3] in _CONSONANTS):
        return word[:-3]
    if (word.endswith(_ASSIMILATED.get(language or "", ())) and len(word) - 3 >= MIN_PREFIX
            and word[-4:-2] in _ASSIMILATED_DIGRAPHS.get(language or "", ())
            and word[-5] == word[-4]):
        return word[:-5] + word[-4:-2]
    for ending in _ENDINGS.get(language, _ENDINGS[None]):
        if word.endswith(ending) and len(word) - len(ending) >= MIN_PREFIX:
            return word[: -len(ending)]
    return word


_DOUBLED = tuple(c + c for c in "bdgmnprt")


def _stem_en(word: str) -> str:
    """An English word without its plural or third-person "s", its "ed" or "ing" and a
    silent final "e", so that the forms of one word meet: "treasure", "treasures" →
    "treasur"; "tie", "ties", "tied" → "tie"; "city", "cities" → "city"; "leave",
    "leaving" → "leav"; "stopped" → "stop". Short words are left alone."""
    if len(word) <= 3 or not word.isalpha():
        return word
    if word.endswith("ies"):
        word = word[:-3] + "y" if len(word) > 4 else word[:-1]
    elif word.endswith(("sses", "shes", "ches", "xes", "zzes", "oes")):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    if word.endswith("ied"):
        word = word[:-3] + ("y" if len(word) > 4 else "ie")
    elif word.endswith("ed") and not word.endswith("eed") and len(word) > 4 \
            and any(v in word[:-2] for v in "aeiouy"):
        word = word[:-2]
        word = word[:-1] if word.endswith(_DOUBLED) else word
    elif word.endswith("ing") and len(word) > 5 and any(v in word[:-3] for v in "aeiouy"):
        word = word[:-3]
        word = word[:-1] if word.endswith(_DOUBLED) else word
    if word.endswith("e") and not word.endswith("ee") and len(word) > 4:
        word = word[:-1]
    return word


#: French inversion ("joue-t-il", "doit-elle", "peut-on"): the pronoun is dropped, so
#: that "joue-t-il ses cartes" is the phrase "joue ses cartes".
_INVERSION = re.compile(r"-t-(?:il|elle|on|ils|elles)\b|-(?:il|elle|on|ils|elles|je|tu|"
                        r"nous|vous)\b")


#: French words after which "des" typed without its accent can only be "dés" (dice):
#: "les des", "combien de des" are no French, "les dés", "combien de dés" are.
_BEFORE_DICE = frozenset({"les", "ces", "mes", "tes", "ses", "nos", "vos", "leurs", "aux",
                          "quels", "quelles", "de"})


#: French "de" typed without its accent is "dé" (a die), in French, after one of these and
#: before a word that is no stop word: "un de brouillard", "chaque de", but "un de mes amis",
#: "un de plus" (one more), "un de trop".
_DIE = ("de", "dé")
_BEFORE_DIE = frozenset({"un", "le", "chaque", "ce", "mon", "ton", "son", "seul", "unique"})
_NOT_AFTER_DIE = frozenset({"plus", "trop", "moins"})
#: Stop words that may still follow "un de" when it is a die, for they start what the die
#: does or is ("un de ça a combien de faces", "un de qui montre", "le de est blanc"):
#: "un de" is no "one of" before them.
_AFTER_DIE = frozenset({"ça", "ca", "qui", "est", "a"})


#: Hungarian verb prefixes that may stand after their verb ("dobja újra", "játssza ki").
_HU_PREFIXES = frozenset({"ki", "be", "le", "fel", "föl", "meg", "el", "át", "újra",
                          "vissza", "össze", "oda", "rá", "szét",
                          # as typed without accents (and as the search reads a query)
                          "fol", "at", "ujra", "ossze", "ra", "szet"})
#: Hungarian "meg" after a verb that already has its prefix is "még" (still).
_STILL = {"meg": "még"}


def _has_prefix(word: str) -> bool:
    """Whether the Hungarian ``word`` (as spelt) starts with a verb's prefix followed by
    a verb of its own ("leugorhatok", not "megyek" nor "rakja"; nor "rakhatom": no
    Hungarian word starts "kh", ``_hu_onset``)."""
    return any(word.startswith(prefix) and len(word) - len(prefix) > MIN_PREFIX
               and _hu_onset(word[len(prefix):]) for prefix in _HU_PREFIXES)


#: The letters of Hungarian vowels, and the consonants written with two or three letters:
#: a Hungarian word starts with at most one consonant before its first vowel.
_HU_VOWELS = "aeiouáéíóöőúüű"
_HU_DIGRAPHS = ("dzs", "sz", "zs", "cs", "gy", "ly", "ny", "ty", "dz")


def _hu_onset(rest: str) -> bool:
    """Whether ``rest`` may start a Hungarian word: a vowel, or one consonant (of one,
    two or three letters) and a vowel ("ugorhatok", "szállok", not "khatom")."""
    consonant = next((d for d in _HU_DIGRAPHS if rest.startswith(d)), rest[:1])
    if rest[:1] in _HU_VOWELS:
        return True
    return rest[len(consonant):len(consonant) + 1] in tuple(_HU_VOWELS)


#: The verb prefixes of each language, folded, longest first (``_single_word_target``).
_VERB_PREFIXES = {"hu": sorted({fold(p) for p in _HU_PREFIXES}, key=lambda p: (-len(p), p))}
#: What may follow a verb's prefix put after it: an article, or an object pronoun
#: ("lőhetek ki valakit").
_HU_ARTICLES = frozenset({"a", "az", "egy", "valakit", "engem", "téged", "őt", "minket",
                          "titeket", "őket", "mindenkit", "teged", "oket",
                          # or a conjunction that starts the next clause ("szálltam ki
                          # és…", "ugrott ki, mielőtt…")
                          "és", "es", "de", "vagy", "mert", "hogy", "aztán", "aztan",
                          "majd", "utána", "utana", "akkor", "amikor", "mielőtt",
                          "mielott", "miután", "miutan", "e"})
#: A word of a rewritten phrase that stands for any number from ``least`` to ``most``, as
#: typed ("7", not "07"): "#30-99". No word of a query holds "#". In the phrase's meaning,
#: ``NUMBER_SLOT`` is the number it matched. One entry stands for a hundred, on the page too.
NUMBER_SLOT = "#"
_NUMBER_SLOT = re.compile(r"#(\d+)-(\d+)")


def _number(least: int, most: int) -> str:
    return f"{NUMBER_SLOT}{least}-{most}"


#: Phrases that ask with a question word of their own: "at what point" asks "when" (it
#: is no game's points), "how come" "why", "ce qui" "ce que". Words as spelt.
_REWRITES = {("at", "what", "point"): ("when",), ("how", "come"): ("why",),
             # "at this point" is now, no game's points
             ("at", "this", "point"): ("now",), ("at", "that", "point"): ("now",),
             # a die "turned" into another face changed: no turn of play
             ("turned",): ("became",),
             # "ça donne quoi" asks what happens, nobody gives anything
             ("ça", "donne", "quoi"): ("quoi",), ("ca", "donne", "quoi"): ("quoi",),
             # "ce qui" ("qu'est-ce qui est secret") is "what", not "who"
             ("ce", "qui"): ("ce", "que"),
             # "quand même" is "still", not "when"
             ("quand", "même"): ("encore",), ("quand", "meme"): ("encore",),
             # a face that "sort" (comes up) is no one getting off: "ça sort tout le temps"
             ("ça", "sort"): ("ça",), ("ca", "sort"): ("ca",),
             # and so is a die that "sort" ("le dé sort blanc", "les dés sortent 2 nuages")
             ("de", "sort"): ("dé",), ("dé", "sort"): ("dé",), ("de", "sortent"): ("dés",),
             ("des", "sortent"): ("dés",), ("dés", "sortent"): ("dés",),
             # "il n'a ni canon ni turbo" lacks both, as "il n'a pas de canon"
             ("a", "ni"): ("a", "pas", "de"), ("ai", "ni"): ("ai", "pas", "de"),
             # "passe" alone is filler ("ça passe", "il se passe"), "je passe" passes
             ("je", "passe"): ("je", "passer"),
             # "à partir de" is "from" (as "dès"), nobody leaving
             ("à", "partir"): ("dès",), ("a", "partir"): ("dès",),
             # "tout le monde" is everyone, no "world"
             ("tout", "le", "monde"): ("tous",),
             # "what's the point of…" asks for the aim
             ("the", "point", "of"): ("the", "aim", "of"),
             # "kinek a köre" (whose turn) asks who is next, no voyage
             ("kinek", "a", "köre"): ("ki", "következik"),
             ("kinek", "a", "kore"): ("ki", "következik"),
             # and so does "ki jön" (who comes)
             ("ki", "jön"): ("ki", "következik"), ("ki", "jon"): ("ki", "következik"),
             ("melyik", "pillanatban"): ("mikor",), ("mely", "pillanatban"): ("mikor",),
             # "most már kiszállhatok?" is "can I get off now", nobody has "already" left
             ("most", "már"): ("most",), ("most", "mar"): ("most",),
             # "ha már úgyis fizetek" (since I pay anyway) gives a reason: nothing has
             # already happened
             ("már", "úgyis"): ("úgyis",), ("mar", "ugyis"): ("ugyis",),
             # a face that "jött ki" came up: "ki" is the verb's prefix, no "who"
             ("jött", "ki"): ("jött",), ("jott", "ki"): ("jott",),
             ("jöttek", "ki"): ("jöttek",), ("jottek", "ki"): ("jottek",),
             ("jön", "ki"): ("jön",), ("jon", "ki"): ("jon",),
             # "mire megy ki (a játék)" asks what it is all about: the aim
             ("mire", "megy", "ki"): ("mi", "a", "cél")}
#: French "un seul canon", "une seule carte" is a single one ("unique"), nobody alone
#: aboard.
_REWRITES |= {("un", "seul"): ("un", "unique"), ("une", "seule"): ("une", "unique"),
              # "pour plus tard" is later: nothing is empty
              ("plus", "tard"): ("tard",),
              # "il a un parafoudre mais ni canon ni turbo" lacks both
              ("mais", "ni"): ("mais", "a", "pas", "de"),
              # "ça tourne bien à deux" says the game works, no turn of play
              ("tourne", "bien"): ("marche",),
              # "s'il reste" asks whether he stays, nothing is left over ("il reste")
              ("s", "il", "reste"): ("s", "reste"), ("s", "ils", "restent"): ("s", "restent")}
#: French filler of a told story: "du coup" (so; "du coup dur" is the card), "au final"
#: (in the end), "vu qu'il était dernier" (since), "ça s'est passé hier" (it happened:
#: no one passed), "ça sert à rien" (it is no use: nothing is empty), "et rien d'autre"
#: (and that is all he had), "un peu".
_REWRITES |= {("du", "coup", "dur"): ("de", "coup", "dur"), ("du", "coup"): ("donc",),
              ("au", "final"): ("donc",), ("vu", "qu"): ("qu",), ("vu", "que"): ("que",),
              ("rien", "d", "autre"): ("seulement",), ("rien", "de", "plus"): ("seulement",)}
_REWRITES |= {("un", "peu"): ("un",)}
_REWRITES |= {("s", "est", happened): ("s", "est")
              for happened in ("passé", "passe", "passée", "passee")}
_REWRITES |= {(serve, to, "rien"): ("inutile",) for to in ("à", "a") for serve in (
    "sert", "servent", "servir", "servait", "servaient")}
#: French "56 partout" is a tie at 56 ("on finit à 52 partout"), nothing everywhere.
_REWRITES |= {(_number(0, 99), "partout"): (NUMBER_SLOT, "égalité")}
#: French "reste que la 25" (only the 25 is left) is what is left over, as "il ne reste
#: que": nobody stays ("reste que moi" is being alone, above).
_REWRITES |= {("reste", "que", what): ("il", "en", "reste", what)
              for what in ("la", "le", "les", "l", "des", "deux", "un", "une", "2", "3")}
#: French "virer" cards is throwing them down as the captain pays ("virer 3 boussoles",
#: "virer mes cartes"), no Ejection ("virer quelqu'un").
_REWRITES |= {(rid, what): ("payer", what)
              for rid in ("virer", "vire", "viré", "virée", "virés")
              for what in ("mes", "ses", "tes", "des", "deux", "trois", "2", "3", "4")}
#: French "il a qu'un canon" (for "il n'a qu'un") is a single one, as "un seul".
_REWRITES |= {(has, "qu", one): (has, one, "unique")
              for has in ("a", "ai", "as", "avait", "avais") for one in ("un", "une")}
#: French "faut être plus" (more players) and "plus de 5" (more than five) are more,
#: nothing empty.
_REWRITES |= {("être", "plus"): ("être", "nombreux"), ("etre", "plus"): ("etre", "nombreux")}
_REWRITES |= {("plus", "de", _number(0, 99)): (NUMBER_SLOT,)}
#: What a book or the program "dit" (says) is no one announcing anything ("la règle dit",
#: "l'appli dit").
_REWRITES |= {(book, "dit"): (book,) for book in (
    "règle", "regle", "règles", "regles", "livret", "notice", "livre", "appli", "site",
    "programme", "faq", "manuel")}
#: French "on l'a laissé faire", "on le laisse faire ?" asks whether it is allowed.
_REWRITES |= {(let, "faire"): ("autorisé",)
              for let in ("laisse", "laissé", "laissée", "laisser", "laissés", "laissee")}
#: French "il a rien dit" is not saying it (nothing is empty).
_REWRITES |= {(has, "rien", said): (has, "pas", said)
              for has in ("a", "ai", "as", "avait", "avais", "ont")
              for said in ("dit", "annoncé", "annonce")}
#: French "la 4", "la 6" is a city ("la cité 4"), as "la 12" is: the cities 1, 2, 4 and 6
#: have numbers that say many other things.
_REWRITES |= {("la", n): ("la", "cité", n) for n in ("1", "2", "4", "6")}
#: French "passer à 53", "passer les 50" is reaching a score, no one passing.
_REWRITES |= {(pass_, to, _number(30, 99)): ("atteint", NUMBER_SLOT)
              for pass_ in ("passe", "passé", "passer", "passes", "passent")
              for to in ("à", "a", "les")}
#: French "(il n')y a plus que", "j'ai plus que 2 cartes" is all that is left ("il ne
#: reste que"): nothing is empty.
#: ("y a plus que moi", as "il reste que moi", is being alone aboard.)
_REWRITES |= {("plus", "que", who): ("reste", "que", who)
              for who in ("moi", "toi", "lui", "elle", "nous", "eux", "elles")}
_REWRITES |= {(*has, "plus", "que"): ("il", "en", "reste")
              for has in (("ya",), ("y", "a"), ("ai",), ("a",), ("avons",), ("as",))}
#: French "2 des", "3 des" typed without the accent is a number of dice ("le cap a pris 2
#: des", "on part vers la 9 avec 3 des"): no article follows a digit.
_REWRITES |= {(_number(1, 9), "des"): (NUMBER_SLOT, "dés")}
#: French "je m'éjecte", "il peut s'éjecter" is getting off oneself (with a Jetpack),
#: no one played an Ejection on another.
_REWRITES |= {(self, eject): ("saute",)
              for self in ("m", "s", "t")
              for eject in ("éjecte", "ejecte", "éjecter", "ejecter", "éjectes", "ejectes",
                            "éjecté", "éjectée", "ejectee", "éjectent", "ejectent")}
#: French "personne" alone is nobody ("personne sait", "personne ne descend"), a stop
#: word; "une personne", "chaque personne" is a player.
_REWRITES |= {(before, "personne"): (before, "joueur")
              for before in ("une", "chaque", "la", "cette", "par", "autre", "seule")}
#: A face that "sort" came up on a die ("de la foudre qui sort", "si un danger sort"):
#: nobody gets off.
_REWRITES |= {(face, *comes): (face,)
              for face in ("foudre", "éclair", "eclair", "brouillard", "nuage", "pirate",
                           "pirates", "oiseau", "oiseaux", "blanc", "blanche", "vide",
                           "danger", "dangers", "face", "faces")
              for comes in (("sort",), ("qui", "sort"), ("sortent",), ("qui", "sortent"))}
#: "choosing not to" pay or play is refusing ("il peut décider de pas le poser").
_REWRITES |= {(choose, "de", *no): ("refuser", "de")
              for choose in ("décider", "decider", "décide", "decide", "choisir", "choisit")
              for no in (("pas",), ("ne", "pas"))}
#: French "sortir" a card is playing it ("mon pote sort son jetpack"): nobody gets off.
_REWRITES |= {(out, whose): ("joue", whose)
              for out in ("sort", "sors", "sortent", "sortir", "sorti")
              for whose in ("son", "sa", "ses", "mon", "ma", "mes", "ton", "ta", "tes", "un",
                            "une", "leur", "leurs", "le", "la", "les", "l")}
#: A card "ditched" is discarded ("ditch a card", "can I ditch my Turbo"); the airship
#: ditched is left.
_REWRITES |= {("ditch", whose): ("discard", whose)
              for whose in ("a", "an", "one", "two", "some", "my", "his", "her", "their",
                            "our", "your", "card", "cards")}
#: "left" the direction ("the player to my left", "on the left", "left of the captain")
#: is no one leaving: it is read as "lefthand".
_REWRITES |= {(before, whose, "left"): (before, whose, "lefthand")
              for before in ("to", "on") for whose in ("my", "his", "her", "your", "their",
                                                      "our", "the", "its")}
_REWRITES |= {("left", "of", whom): ("lefthand", "of", whom)
              for whom in ("the", "him", "her", "me", "you", "them", "us", "my", "his")}
#: And Hungarian "bal oldali", "jobb oldalon" (on the left, right side) is where a player
#: sits, no side of a die: "balra", "jobbra".
_REWRITES |= {(hand, side): (hand + "ra",)
              for hand in ("bal", "jobb")
              for side in ("oldali", "oldalon", "oldalán", "oldalan", "oldalt", "oldalra",
                           "oldalamon", "oldalamra", "oldalára", "oldalara")}
#: French "à part" is "except" ("des trésors à part en descendant ?"): nobody leaves.
_REWRITES |= {(to, "part"): ("sauf",) for to in ("à", "a")}
#: French "celui d'à côté" (the one next to him) is the player on his left, as the texts
#: name the next one.
_REWRITES |= {(to, side): ("à", "gauche") for to in ("à", "a")
              for side in ("côté", "cote", "coté", "côte")}
#: French "même" before "si", "pour", "quand"... is "even" ("même si je suis capitaine",
#: "même pour les pirates"): no same hazard or face ("le même", "même danger"), nor
#: "moi-même" ("moi même avec la carte").
_REWRITES |= {(even, then): (then,) for even in ("même", "meme")
              for then in ("si", "s", "pour", "quand", "contre")}
#: French "ça veut dire" (it means) says nothing of the game: nobody says anything.
_REWRITES |= {(wants, "dire"): ("donc",)
              for wants in ("veut", "voulait", "veulent", "voudrait")}
#: French "à quel moment" asks "when", as "at what point" does, and "à ce moment-là" is
#: "now": no moment of the game's words.
_REWRITES |= {(to, "quel", "moment"): ("quand",) for to in ("à", "a")}
_REWRITES |= {(to, "ce", "moment", *there): ("maintenant",) for to in ("à", "a")
              for there in (("là",), ("la",), ())}
#: French "quelqu'un passe", "si tout le monde passe", "il passe son tour" pass in the
#: power window, as "je passe" does ("passe" alone is filler: "ça passe", "il se passe").
_REWRITES |= {("quelqu", "un", "passe"): ("quelqu", "un", "passer"),
              ("tous", "passe"): ("tous", "passer")}
_REWRITES |= {("passe", whose, "tour"): ("passer",) for whose in ("son", "mon", "ton", "leur")}
#: French "histoire de" (so as to) is "pour" ("histoire de vider ma main"), no story.
_REWRITES |= {("histoire", "de"): ("pour",), ("histoire", "d"): ("pour",)}
#: French "vider ma main", "alléger sa main" (to empty, lighten one's hand) is getting rid
#: of cards on purpose, as the
#: texts say it ("se débarrasser de cartes"); a hand that "est vide" is still empty.
_REWRITES |= {(empty, whose, "main"): ("débarrasser", "de", whose, "cartes")
              for empty in ("vider", "alléger", "alleger")
              for whose in ("ma", "sa", "ta", "la", "leur", "notre", "votre")}
#: French "dans quel sens" (which way round) asks the order of play, no meaning.
_REWRITES |= {("quel", "sens"): ("quel", "ordre")}
#: French "première fois qu'on joue" tells that the players are new: nothing starts.
_REWRITES |= {(first, "fois", *that): ("donc",)
              for first in ("première", "premiere", "1ère", "1ere")
              # (the longer phrases first: the table is read in its order)
              for that in (("qu", "on", "y", "joue"), ("que", "j", "y", "joue"),
                           ("qu", "on", "joue"), ("que", "je", "joue"), ("qu",), ("que",))}
#: French "il a pas dit", "j'ai pas annoncé" is a negated past (not said), no one lacking
#: a card ("il a pas de canon"); "il a rien dit" is the same.
_REWRITES |= {(has, no, said): ("pas", said)
              for has in ("a", "ai", "as", "avait", "avais", "ont")
              for no in ("pas", "rien")
              for said in ("dit", "annoncé", "annonce", "prévenu", "prevenu", "montré",
                           "montre")}
#: French "j'ai plus de canon" (I have none left, "ne" dropped) lacks it, as "j'ai pas de
#: canon"; "il a plus de 50" (more than) is read above.
#: But a place that "(n')a plus de trésor" and "il (n')y a plus de" are empty, as before.
_REWRITES |= {(*has, "plus", "de"): (*has, "pas", "de")
              for has in (("ai",), ("as",), ("avais",), ("avons",), ("il", "a"), ("elle", "a"),
                          ("il", "avait"), ("elle", "avait"), ("on", "a"))}
#: French "le plus riche", "la plus haute", "le plus de points" is the most, no "no more".
_REWRITES |= {(the, "plus"): (the, "meilleur") for the in ("le", "la", "les")}
#: Hungarian "meddig tart", "meddig megy (a játék)", "meddig játszunk" (how long does it
#: go on) asks when it ends.
_REWRITES |= {("meddig", goes): ("mikor", "ér", "véget")
              for goes in ("tart", "tartott", "megy", "ment", "megyünk", "megyunk", "játszunk",
                           "jatszunk", "játsszuk", "jatsszuk", "játszik", "jatszik", "tartson")}
#: Hungarian "túlfizetni" (to overpay) is paying more than asked: "többet fizetni".
_REWRITES |= {(over + pay,): ("többet", "fizet" + ending)
              for over in ("túl", "tul") for pay, ending in (
                  ("fizet", ""), ("fizetni", "ni"), ("fizethet", "het"),
                  ("fizetheti", "heti"), ("fizethetek", "hetek"), ("fizetett", "ett"),
                  ("fizette", "te"), ("fizetés", "és"), ("fizetes", "es"),
                  ("fizetnie", "nie"), ("fizetek", "ek"))}
#: Hungarian "ki nyert a vitában" (who won the argument) asks who is right: no one won
#: the game.
_REWRITES |= {(won, "a", argument): ("igaza",)
              for won in ("nyert", "nyerte", "nyeri")
              for argument in ("vitában", "vitaban", "vitát", "vitat")}
#: Hungarian "ketten is 52 ponton vagyunk", "mindketten 63 pontosak lettünk" (both of us
#: at one score) is a tie at that score.
_REWRITES |= {(*both, _number(30, 99)): ("döntetlen", NUMBER_SLOT)
              for both in (("ketten", "is"), ("hárman", "is"), ("harman", "is"),
                           ("mindketten",), ("mindhárman",), ("mindharman",))}
#: Hungarian numbers written in words are those numbers ("mind a hármat", "négy lapom
#: van", "kilenc kártya"), so that "hármat" is no "hárman" (three of us) half typed, and a
#: count is read as with a digit. ("két", "kettő" are a group of their own; "hat", six,
#: is also "hát" typed without its accent, "hét" also a week; "öt" only with its accent,
#: "ot" is "őt", him.)
_REWRITES |= {(word,): (number,) for number, words in (
    ("3", ("három", "harom", "hármat", "harmat")), ("4", ("négy", "negy", "négyet", "negyet")),
    ("5", ("öt", "ötöt")), ("8", ("nyolc", "nyolcat")), ("9", ("kilenc", "kilencet")),
    ("10", ("tíz", "tiz", "tizet", "tízet")), ("12", ("tizenkettő", "tizenketto", "tizenkét")),
    ("15", ("tizenöt", "tizenot")), ("20", ("húsz", "husz")),
    ("25", ("huszonöt", "huszonot")), ("50", ("ötven", "otven")))
    for word in words}
#: A number with a suffix ("the 6th", "la 6e", "a 6-osnál", "20-ashoz") is that number.
_NUMBER_SUFFIX = re.compile(r"(?<![\w.])(\d+)-?[^\W\d_]+")
#: Vowels that end a word but go with the ending that ``stem`` takes off ("kártyái",
#: "kártyája" are "kártya"): tried back on a stem that is no known word.
_RESTORED = {"hu": ["a", "e"]}
#: Hungarian past-tense endings, tried on a query's word that is no known word
#: ("húztam" → "húz", "kijátszotta" → "kijátsz"); folded.
_PAST = {"hu": ["otta", "ette", "tta", "tte", "ott", "ett", "ta", "te", "tt", "t"]}


#: A phrase's number slot: (its place in the phrase, least, most).
_Slot = tuple[int, int, int]


def _slot(phrase: tuple[str, ...]) -> _Slot | None:
    for k, w in enumerate(phrase):
        if m := _NUMBER_SLOT.fullmatch(w):
            return k, int(m.group(1)), int(m.group(2))
    return None


#: ``_REWRITES`` in its order, each with its number slot (None: none).
_REWRITE_TABLE = [(phrase, meaning, _slot(phrase)) for phrase, meaning in _REWRITES.items()]


def _rewritten(found: list[str], n: int, phrase: tuple[str, ...], slot: _Slot | None
               ) -> str | None:
    """Whether ``phrase`` is ``found``'s words from ``n``: the number its slot matched, or
    "" (no slot); None when it is not."""
    if slot is None:
        return "" if tuple(found[n:n + len(phrase)]) == phrase else None
    at, least, most = slot
    if found[n:n + at] != list(phrase[:at]) or \
            found[n + at + 1:n + len(phrase)] != list(phrase[at + 1:]):
        return None
    word = found[n + at]
    return word if word.isascii() and word.isdigit() and str(int(word)) == word and \
        least <= int(word) <= most else None


def _spelled(text: str, language: str | None = None,
             words_of: str | None = None) -> list[str]:
    """The words of ``text`` in lower case, accents kept ("can't" → "can", "not"). In
    Hungarian a verb prefix that follows its verb, before an article or at the end, is
    put back in front of it: "dobja újra" is "újradobja", "játssza ki a lapjait" is
    "kijátssza a lapjait" (the prefix's place is left as an empty word)."""
    text = _INVERSION.sub("", text.casefold().replace("’", "'"))
    for short, full in _CONTRACTIONS:
        text = text.replace(short, full)
    if language == "hu":
        text = _collective(text)
        even = SHAPES["hu_even"]
        text = _EVEN.sub(lambda m: even["word"] if int(m.group(1)) >= even["least"]
                         else m.group(), text)
        place = SHAPES["hu_place"]
        text = _PLACE.sub(lambda m: place["named"].get(m.group(1))
                          or f"{m.group(1)} {place['word']}", text)
    text = _NUMBER_SUFFIX.sub(r"\1", text)
    # A contraction typed without its apostrophe is read so unless it is a word of the
    # text's language (``words_of``, by default ``language``): French "dont" is "whose".
    kept = _WORDS_NOT_UNSPELT.get(words_of or language or "", ())
    found = [part for m in WORD.finditer(text)
             for part in ((m.group(),) if m.group() in kept
                          else _UNSPELT.get(m.group(), _elided(m.group())))
             if fold(part)]   # a word of marks alone ("ﱞ") folds to nothing: no word
    if (words_of or language) == "fr":
        found = [part for w in found for part in _unelided(w)]
    # In the table's order, as before; a phrase whose first word is not in the text is
    # skipped at once (hundreds of phrases, a query's words looked at once per phrase).
    present = set(found)
    for phrase, meaning, slot in _REWRITE_TABLE:
        if phrase[0] not in present and not (slot is not None and slot[0] == 0
                                             and any(map(str.isdigit, present))):
            continue
        for n in range(len(found) - len(phrase), -1, -1):
            number = _rewritten(found, n, phrase, slot)
            if number is not None:
                found[n:n + len(phrase)] = [number if w == NUMBER_SLOT else w for w in meaning]
                present = set(found)
    found = [("dés" if w == "des" and n and found[n - 1] in _BEFORE_DICE else w)
             for n, w in enumerate(found)]
    found = [(_DIE[1] if (words_of or language) == "fr" and w == _DIE[0]
              and 0 < n < len(found) - 1
              and found[n - 1] in _BEFORE_DIE
              and (found[n + 1] not in STOP_WORDS or found[n + 1] in _AFTER_DIE)
              and found[n + 1] not in _NOT_AFTER_DIE else w)
             for n, w in enumerate(found)]
    # "je n'ai plus que 2 cartes": "plus" before "que" restricts (only two), nothing is
    # empty; "he keeps swearing": "keeps" says it goes on, nothing is kept.
    found = _dropped(found, words_of or language)
    # "on sera 7", "we are 5": a number right after "we are" counts the players.
    found = _people(found, words_of or language)
    # "birds plus 2 blanks": "plus" before a count is "and", no + city.
    plus = SHAPES["plus_and"].get(words_of or language or "")
    if plus:
        found = [plus["as"] if w == plus["word"] and n + 1 < len(found)
                 and (_NUMBER.fullmatch(found[n + 1]) or found[n + 1] in plus["before"]) else w
                 for n, w in enumerate(found)]
    # A French score beyond the end score ("il avait 61 depuis 2 voyages", "j'ai 52, j'ai
    # gagné ?") has reached it, as in Hungarian below; but no count of cards ("66 cartes").
    if language == "fr":
        beyond = SHAPES["fr_beyond"]
        found = [str(beyond["least"]) if w.isdigit() and w.isascii()
                 and beyond["least"] < int(w) <= beyond["most"] and not (
                     n + 1 < len(found) and fold(found[n + 1]).startswith(beyond["not_before"]))
                 else w for n, w in enumerate(found)]
    if language == "hu":
        beyond = SHAPES["hu_beyond"]
        found = [str(beyond["least"]) if w.isdigit() and w.isascii()
                 and beyond["least"] < int(w) <= beyond["most"] and n + 1 < len(found)
                 and fold(found[n + 1]).startswith(beyond["before"]) else w
                 for n, w in enumerate(found)]
        # "kör" is the voyage, but the turn of play with a word of direction or order
        # ("merre megy a kör", "milyen sorrendben megy a kör"): the play going round.
        turn = SHAPES["hu_turn"]
        if any(w.startswith(tuple(turn["context"])) for w in found):
            found = [turn["as"] if w in turn["words"] else w for w in found]
        # A prefix split off by an auxiliary goes back onto its verb when that makes a
        # player's word: "ki lehet dobni" is "lehet kidobni" (the auxiliary stays: it
        # may ask "must" or "can"); "ki lehet katapultálni" stays as it is.
        # An adverb may stand between them ("ki lehet ott szállni").
        table, _, single = _phrases("hu", True)
        for n in range(len(found) - 2):
            verb = n + 3 if found[n + 2] in SHAPES["hu_between"] else n + 2
            if (verb < len(found) and found[n] in _HU_PREFIXES
                    and found[n + 1] in SHAPES["ki_auxiliaries"]
                    and found[verb] not in STOP_WORDS
                    and _single_word_target(stem(fold(found[n] + found[verb]), "hu"),
                                            table, single, False, prefixed=False)):
                found[n], found[verb] = "", found[n] + found[verb]
                # "meg" between them is no prefix of the verb that has one: "még"
                # ("le tudok meg szállni")
                found[n + 2] = _STILL.get(found[n + 2], found[n + 2])
        # A word of the game is no verb: "kalóz meg egy üres" is "a pirate and a blank".
        # Nor does a verb that has a prefix take another: "leugorhatok meg" is "még"
        # (still), typed without its accent, and so is "meg" right before such a verb
        # that says "can" ("most meg kiszállhatok?") or right after it whatever follows
        # ("kijátszhatok meg bármit?"); "ki mondja meg először" stays.
        can = SHAPES["hu_can"]
        for n, word in enumerate(found):
            if word in _STILL and any(
                    k in range(len(found)) and found[k] not in STOP_WORDS
                    and _has_prefix(found[k]) and any(c in found[k] for c in can)
                    for k in (n - 1, n + 1)):
                found[n] = _STILL[word]
        # The verb may stand before an adverb ("játszhatok még ki?", "szállhatok most
        # ki?"): the prefix goes back onto the verb, not onto the adverb.
        terms = lexicon()["hu"]["players"]
        for n in range(1, len(found)):
            v = (n - 2 if n > 1 and found[n - 1] in SHAPES["hu_between"] and found[n - 2]
                 else n - 1)
            # (A players' phrase of the two that makes no word as one stays as it is:
            # "nincs meg a lapja" lacks it, no "megnincs".)
            if (found[n] in _HU_PREFIXES and found[v] and found[v] not in STOP_WORDS
                    and (n + 1 == len(found) or found[n + 1] in _HU_ARTICLES)
                    and not (f"{stem(fold(found[v]), 'hu')} {stem(fold(found[n]), 'hu')}"
                             in terms and not _single_word_target(
                                 stem(fold(found[n] + found[v]), "hu"), table, single,
                                 False, prefixed=False))):
                if _has_prefix(found[v]):
                    found[n] = _STILL.get(found[n], found[n])
                elif stem(fold(found[v]), "hu") not in terms and not (
                        # nor is a word of the game with an ending ("van egy iránytűm
                        # meg egy turbóm", "a távcsövet meg mielőtt…"): "meg" is "and"
                        # or "még" there, no prefix
                        found[n] in _STILL and _single_word_target(
                            stem(fold(found[v]), "hu"), table, single, False,
                            prefixed=False)):
                    found[v], found[n] = found[n] + found[v], ""
        found = [w for w in found if w]
    return found


def _people(found: list[str], language: str | None) -> list[str]:
    """``found`` with the word for players after each number that follows "we are" in
    ``language`` ("on sera 7 samedi": seven players; ``SHAPES["people"]``), unless it
    is there already."""
    rule = SHAPES["people"].get(language or "")
    if not rule:
        return found
    out: list[str] = []
    for n, word in enumerate(found):
        out.append(word)
        if (word.isdigit() and word.isascii()
                and any(found[max(0, n - len(before)):n] == before for before in rule["after"])
                and found[n + 1:n + 2] != [rule["word"]]):
            out.append(rule["word"])
    return out


def _dropped(found: list[str], language: str | None) -> list[str]:
    """``found`` without the words that say nothing of the game before the next one
    (``SHAPES["dropped"]``), unless a player's phrase starts with them."""
    rules = SHAPES["dropped"].get(language or "", ())
    if not rules:
        return found
    players = lexicon()[language or ""]["players"]

    def drops(n: int) -> bool:
        following = found[n + 1] if n + 1 < len(found) else ""
        return bool(following) and any(
            found[n] in rule["words"] and (following in rule["before"] or (
                rule["ending"] and following.endswith(rule["ending"])
                and len(following) > len(rule["ending"]) + 2))
            for rule in rules) and not any(
            " ".join(stem(fold(w), language) for w in found[n:n + size]) in players
            for size in range(2, min(SHAPES["dropped_longest"], len(found) - n) + 1))

    return [w for n, w in enumerate(found) if not drops(n)]


def _elided(word: str) -> tuple[str, ...]:
    """``word`` as it is, or French "je" and the rest of it ("jpeux" → "je", "peux")."""
    if len(word) > 2 and _ELIDED_JE.match(word):
        return ("je", *_UNSPELT.get(word[1:], (word[1:],)))
    return (word,)


def _unelided(word: str) -> tuple[str, ...]:
    """French ``word`` as it is, or its elided article and the rest ("lequipement" →
    "l", "equipement") when the rest is a player's word and the whole is none."""
    if len(word) > 3 and _ELIDED_ARTICLE.match(word):
        table = lexicon()["fr"]["players"]
        if stem(fold(word), "fr") not in table and stem(fold(word[1:]), "fr") in table:
            return (word[0], word[1:])
    return (word,)


def _collective(text: str) -> str:
    """Hungarian ``text`` with each number that counts people ("7-en vagyunk", "3an
    játszunk": seven, three of us; ``SHAPES["hu_collective"]``) followed by the word
    for players, so that it is read as a number of players ("7 játékos"); after an
    article it is a city ("a 9-en": on the 9)."""
    rule = SHAPES["hu_collective"]

    def counted(match: re.Match[str]) -> str:
        before = text[:match.start()].split()
        if before and before[-1] in rule["not_after"]:
            return match.group()
        return f"{match.group(1)} {rule['word']}"

    return _COLLECTIVE.sub(counted, text)


_CONTRACTIONS = (("can't", "can not"), ("won't", "will not"), ("n't", " not"),
                 ("cannot", "can not"))
#: English contractions typed without their apostrophe, as whole words ("doesnt", "cant",
#: "whos", "im"): as words only, so that "dontetlen" (döntetlen, unaccented) stays whole.
_UNSPELT = {word: (word[:-2], "not") for word in (
    "doesnt", "dont", "didnt", "isnt", "arent", "wasnt", "hasnt", "havent", "hadnt",
    "couldnt", "shouldnt", "wouldnt", "mustnt")} | {"cant": ("can", "not"),
                                                  "wont": ("will", "not")} | {
    # and the question words run into "is" ("whos the captain now")
    word + "s": (word, "is") for word in ("who", "where", "when", "how", "why")} | {
    "im": ("i", "am"), "ive": ("i", "have"), "youre": ("you", "are"),
    "theyre": ("they", "are"), "thats": ("that", "is"), "hes": ("he", "is"),
    "shes": ("she", "is"), "theres": ("there", "is"), "id": ("i", "would"),
    "ill": ("i", "will"),
    # and French elisions typed without their apostrophe ("jai", "cest")
    "jai": ("j", "ai"), "cest": ("c", "est"), "jsuis": ("je", "suis"),
    "chui": ("je", "suis"),
    # ("quon", "quil" are no typos of "quoi", "quel")
    "quon": ("qu", "on"), "quil": ("qu", "il"), "quils": ("qu", "ils"), "dou": ("d", "où"),
    "sil": ("s", "il"), "sils": ("s", "ils"), "jen": ("j", "en"), "jy": ("j", "y"),
    "nya": ("n", "y", "a"), "cetait": ("c", "était"), "javais": ("j", "avais"),
    "jetais": ("j", "étais"),
    # and French as typed on a phone ("pk", "pcq", "keske", "koi", "qd", "cmt")
    "pk": ("pourquoi",), "pq": ("pourquoi",), "pcq": ("parce", "que"),
    "pck": ("parce", "que"), "paske": ("parce", "que"), "keske": ("qu", "est", "ce", "que"),
    "kesk": ("qu", "est", "ce", "que"), "koi": ("quoi",), "qd": ("quand",),
    "cmt": ("comment",), "tjrs": ("toujours",), "tjs": ("toujours",),
    "jsp": ("je", "sais", "pas"), "ptet": ("peut", "être"), "ptetre": ("peut", "être"),
    "ds": ("dans",), "qqn": ("quelqu", "un"), "qqch": ("quelque", "chose"),
    "bcp": ("beaucoup",), "pr": ("pour",), "tt": ("tout",), "dla": ("de", "la"),
    "cmb": ("combien",)}
#: French "le", "la" and "de" elided before a vowel, typed without the apostrophe
#: ("lequipement", "lile", "lautre"): read apart when the rest is a word of the game and
#: the whole is none.
_ELIDED_ARTICLE = re.compile(r"[ld](?=[aeiouyhàâéèêëîïôûü])")
#: French "je" elided before a consonant, as spoken and typed ("jpeux", "jsais", "jme
#: barre"): a word of "j" and a consonant is "je" and the rest (no word of our
#: languages starts so).
_ELIDED_JE = re.compile(r"j(?=[bcdfghjklmnpqrstvwxz])")


#: Words of a language that are also an English contraction typed without its
#: apostrophe (``_UNSPELT``).
_WORDS_NOT_UNSPELT = {"fr": ["dont"]}


def tokens(text: str) -> list[str]:
    """Every folded word of ``text``, in order, stop words included."""
    return [fold(w) for w in _spelled(text)]


def is_stop(word: str) -> bool:
    """Whether ``word`` (as spelt, lower case) is a stop word in one of our languages."""
    return word in STOP_WORDS


def words(text: str, language: str | None = None) -> list[str]:
    """The folded words of ``text`` that carry meaning (no stop words); in ``language``
    when given (Hungarian verb prefixes, see ``_spelled``)."""
    return [fold(w) for w in _spelled(text, language) if w not in STOP_WORDS]


def similarity(query: str, word: str, language: str | None = None) -> float:
    """How well the folded query word matches a folded text word, from 0 to 1."""
    if query == word:
        return 1.0
    if stem(query, language) == stem(word, language):
        return 0.9
    short, long = (query, word) if len(query) <= len(word) else (word, query)
    if len(short) < MIN_PREFIX:
        return 0.0
    # A prefix must cover at least half of the longer word: "dont" is not "döntetlen".
    if ((long.startswith(short) or long.startswith(stem(short, language)))
            and 2 * len(short) >= len(long)):
        return 0.5 + 0.4 * len(short) / len(long)
    common = _common_prefix_length(short, long)
    # Two inflections of one stem ("refuse" / "refusing", "payer" / "payez") share all
    # but the last letter or two of the shorter word.
    if common >= MIN_PREFIX + 1 and common >= len(short) - 2:
        return 0.4 + 0.4 * common / len(long)
    return 0.0


def _common_prefix_length(a: str, b: str) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


# --- Vocabularies: related words among a known set ---------------------------------------

class Vocabulary:
    """A set of stems that answers "which of you match this stem, and how well" without
    comparing with every one (sorted for prefix look-ups)."""

    def __init__(self, stems: set[str] | list[str], language: str | None = None) -> None:
        self.sorted = sorted(set(stems))
        self.known = set(self.sorted)
        self.language = language
        #: The length of the longest stem: no longer word can be related to one.
        self.longest = max(map(len, self.sorted), default=0)

    def _starting(self, prefix: str) -> list[str]:
        # Every stem that begins with ``prefix`` sorts between it and it followed by the
        # last character there is.
        return self.sorted[bisect_left(self.sorted, prefix):
                           bisect_left(self.sorted, prefix + "\U0010ffff")]

    def related(self, form: str) -> dict[str, float]:
        """The known stems that match ``form`` (a stem), with their ``similarity``."""
        found: dict[str, float] = {}
        if form in self.known:
            found[form] = 1.0
        if len(form) < MIN_PREFIX:
            return found
        # Known stems that ``form`` begins (or that share all but its last two letters);
        # none can when ``form`` is longer than any of them by more than a typo adds.
        if len(form) <= self.longest + TYPO_SLACK:
            for other in self._starting(form[: max(MIN_PREFIX, len(form) - 2)]):
                if other != form and (score := similarity(form, other, self.language)):
                    found[other] = score
        # Known stems that begin ``form`` ("kiszall" in "kiszallhat"), no longer than the
        # longest known one: the work stays bounded whatever the length of ``form``.
        for k in range(MIN_PREFIX, min(len(form), self.longest + 1)):
            if form[:k] in self.known and (score := similarity(form, form[:k],
                                                                self.language)):
                found[form[:k]] = max(found.get(form[:k], 0.0), score)
        return found


def closest_spelling(word: str, candidates: list[str],
                     language: str | None = None) -> str | None:
    """The candidate spelt most like ``word`` when ``word`` looks like a typo of it: one
    edit (a letter wrong, missing, extra, or two swapped) for words of up to seven
    letters, two for longer ones; None otherwise. The fewest edits win, then the likeliest
    typo (``_LENGTH_ORDER``: a letter left out before one mistyped), then the first in
    order. A common word of ``language`` (``common_words``) is no typo: French "jette"
    is not "cette", "marche" not "manche".

    Plain Python: the vocabularies are a few hundred words, so checking each candidate
    with a bounded edit count costs a millisecond or two, far less than importing a
    fuzzy-matching library would."""
    if len(word) < MIN_PREFIX or word.isdigit() or not candidates:
        return None
    if language is not None and word in common_words(language):
        return None
    if len(word) > max(map(len, candidates)) + TYPO_SLACK:
        return None  # longer than any candidate plus a typo's letters: no spelling of one
    limit = 1 if len(word) <= 7 else 2
    letters = set(word)
    best: tuple[int, int, int] | None = None
    found = None
    for position, candidate in enumerate(candidates):
        # Each edit brings in at most one letter and takes away at most one: a quick,
        # exact test that leaves only a few candidates to count the edits of.
        if (abs(len(candidate) - len(word)) > limit
                or len(letters.difference(candidate)) > limit
                or len(set(candidate).difference(letters)) > limit):
            continue
        edits = edit_distance(word, candidate, limit)
        if edits <= limit:
            rank = (edits, _LENGTH_ORDER.get(len(candidate) - len(word), 3), position)
            if best is None or rank < best:
                best, found = rank, candidate
    return found


def common_words(language: str) -> frozenset[str]:
    """The common words of ``language`` (folded) that ``closest_spelling`` leaves as they
    are: those within its reach of a word the search knows, and more common than that
    word when it is one of the game's (``common_words.txt``; none if it is missing or
    unreadable: the typo fixer then corrects as it did before)."""
    return _common_words_by_language().get(language, frozenset())


@cache
def _common_words_by_language() -> dict[str, frozenset[str]]:
    """``common_words.txt`` read once for every language: each ``[code]`` line starts
    that language's words, one a line."""
    try:
        text = COMMON_WORDS_FILE.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return {}
    found: dict[str, set[str]] = {}
    current: set[str] | None = None
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            current = found.setdefault(line[1:-1], set())
        elif current is not None:
            current.add(line)
    return {language: frozenset(words) for language, words in found.items()}


#: Of candidates as many edits away, the likeliest typo first: a letter left out (the
#: candidate is one longer), then one mistyped, then one doubled.
_LENGTH_ORDER = {1: 0, 0: 1, -1: 2}


def edit_distance(a: str, b: str, limit: int) -> int:
    """The number of edits (a letter replaced, removed or added, or two neighbours
    swapped) that turn ``a`` into ``b``, if at most ``limit``; otherwise ``limit + 1``.

    Common starts and ends are set aside, then each possible edit is tried at the first
    letter that differs (an optimal series of edits can always begin there), so the work
    grows with ``4 ** limit``, not with the length of the words."""
    start, shortest = 0, min(len(a), len(b))
    while start < shortest and a[start] == b[start]:
        start += 1
    a, b = a[start:], b[start:]
    end, shortest = 0, min(len(a), len(b))
    while end < shortest and a[-1 - end] == b[-1 - end]:
        end += 1
    if end:
        a, b = a[:-end], b[:-end]
    if not a or not b:
        return min(len(a) + len(b), limit + 1)
    if limit == 0:
        return 1
    best = limit + 1
    tails = [(a[1:], b[1:]), (a[1:], b), (a, b[1:])]
    if len(a) > 1 and len(b) > 1 and a[0] == b[1] and a[1] == b[0]:
        tails.append((a[2:], b[2:]))
    for rest_a, rest_b in tails:
        best = min(best, 1 + edit_distance(rest_a, rest_b, limit - 1))
        if best == 1:
            break
    return best


# --- The lexicon: glossary terms, players' words and synonym groups ----------------------

def _phrase(text: str, language: str) -> str:
    """The key of a term or a player's word: its tokens' stems, space-separated."""
    return " ".join(stem(t, language) for t in tokens(text))


def _build_lexicon() -> dict[str, Any]:
    """Per language: ``glossary`` (phrase → @concept for the glossary's words, → #group
    for the words of a synonym group), ``players`` (the same and the players' words, for
    queries), ``texts`` (the same without the broad words, for indexing), ``groups``
    (#group → its one-word stems) and ``spellings`` (every word, for typos)."""
    # start-up: the command-line lookups (benchmarks/lookup.py)
    from .. import glossary

    extra = _players_words({c.id for c in glossary.concepts()})
    kinds = {CONCEPT + str(ident): [CONCEPT + str(kind)]
             for ident, kind in (extra.get("kinds") or {}).items()}
    table: dict[str, Any] = {}
    for language in LANGUAGES:
        terms: dict[str, str] = {}
        for concept in glossary.concepts():
            for form in concept.terms[language]:
                terms.setdefault(_phrase(form, language), CONCEPT + concept.id)
        groups: dict[str, list[str]] = {}
        for group in extra.get("groups") or []:
            key = GROUP + str(group["id"])
            members = [_phrase(str(form), language) for form in group.get(language, [])]
            groups[key] = sorted({m for m in members if " " not in m})
            for member in members:
                terms.setdefault(member, key)
        # A term's words as they are spelt, too: a word whose end looks like an ending
        # (Hungarian "útvonal", as if "-nál") keeps it in its inflected forms
        # ("útvonalat" is "utvonal" with "-at"), which its stem alone would not meet.
        for concept in glossary.concepts():
            for form in concept.terms[language]:
                terms.setdefault(" ".join(tokens(form)), CONCEPT + concept.id)
        players: dict[str, str] = dict(terms)
        for ident, by_language in (extra.get("terms") or {}).items():
            for form in (by_language or {}).get(language, []):
                players.setdefault(_phrase(str(form), language), CONCEPT + str(ident))
        broad = {_phrase(str(w), language) for w in (extra.get("broad") or {}).get(language, [])}
        # A broad word is left out of the texts' forms unless it is the glossary's own
        # term: a player's word, or a word of a synonym group ("plus" is "no more" in a
        # question, but "la plus rare" in a text).
        texts = {k: v for k, v in players.items()
                 if k not in broad or (k in terms and v.startswith(CONCEPT))}
        spellings: set[str] = set()
        for concept in glossary.concepts():
            spellings.update(words(" ".join(concept.terms[language])))
        for by_language in (extra.get("terms") or {}).values():
            spellings.update(words(" ".join(map(str, (by_language or {}).get(language, [])))))
        for group in extra.get("groups") or []:
            spellings.update(words(" ".join(map(str, group.get(language, [])))))
        table[language] = {"glossary": terms, "players": players, "texts": texts,
                           "groups": groups, "kinds": kinds,
                           "spellings": sorted(w for w in spellings if len(w) >= MIN_PREFIX)}
    return table


def _players_words(concept_ids: set[str]) -> dict[str, Any]:
    """``players_words.yaml``, checked; a mistake is reported with the file and what."""
    # start-up: the command-line lookups (benchmarks/lookup.py)
    import yaml

    path = str(PLAYERS_FILE)
    try:
        with PLAYERS_FILE.open(encoding="utf-8") as handle:
            data = yaml.load(handle, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as err:
        reason = yaml_reason(err) if isinstance(err, yaml.YAMLError) else os_reason(err)
        raise ContentError(N_("The players' words file {path} cannot be read: {reason}"),
                           path=path, reason=reason) from err
    data = data if data is not None else {}
    allowed = ("terms", "groups", "broad", "kinds")
    if not isinstance(data, dict):
        raise ContentError(N_("{path}: the players' words file must be a mapping with the "
                              "keys {allowed}."), path=path, allowed=", ".join(allowed))
    for key in data:
        if key not in allowed:
            raise ContentError(N_('{path}: unknown key "{key}"; allowed keys: {allowed}.'),
                               path=path, key=str(key), allowed=", ".join(allowed))

    def word_lists(node: Any) -> bool:
        return isinstance(node, dict) and all(
            language in LANGUAGES and isinstance(words, list)
            and all(isinstance(w, str) and w.strip() for w in words)
            for language, words in node.items())

    terms = data.get("terms") or {}
    if not isinstance(terms, dict):
        raise ContentError(N_('{path}: "terms" must map concepts of the glossary to their '
                              'words in each language (en, fr, hu).'), path=path)
    for ident, node in terms.items():
        if ident not in concept_ids:
            raise ContentError(N_('{path}: "{id}" under "terms" is not a concept of the '
                                  'glossary.'), path=path, id=str(ident))
        if not word_lists(node):
            raise ContentError(N_('{path}: the words of "{id}" must be lists of words per '
                                  'language (en, fr, hu).'), path=path, id=str(ident))
    groups = data.get("groups") or []
    if not isinstance(groups, list) or not all(
            isinstance(g, dict) and isinstance(g.get("id"), str)
            and word_lists({k: v for k, v in g.items() if k != "id"}) for g in groups):
        raise ContentError(N_('{path}: each synonym group under "groups" needs an id and '
                              'lists of words per language (en, fr, hu).'), path=path)
    kinds = data.get("kinds") or {}
    if not isinstance(kinds, dict) or not all(
            ident in concept_ids and kind in concept_ids for ident, kind in kinds.items()):
        raise ContentError(N_('{path}: "kinds" must map concepts of the glossary to the '
                              'concept of their kind ("fog: event-dice").'), path=path)
    if not word_lists(data.get("broad") or {}):
        raise ContentError(N_('{path}: "broad" must list words per language (en, fr, '
                              'hu).'), path=path)
    return data


def cache_folder() -> Path:
    """Where the compiled search tables are kept: beside the content files."""
    return loader.FOLDER


def _cache_file(name: str) -> Path:
    # A pseudo-language run (CI's layout check) shows English through "qps": its tables
    # are kept apart, or the next ordinary run would read them as English.
    if i18n.PSEUDO_ON:
        name = name.replace(".cache.json", ".qps.cache.json")
    return cache_folder() / name


def read_json_cache(name: str, digest: str) -> Any | None:
    """The data of cache file ``name`` if it was built from ``digest``, else None."""
    try:
        with _cache_file(name).open(encoding="utf-8") as handle:
            cached = json.load(handle)
    except (OSError, ValueError):
        return None
    if isinstance(cached, dict) and cached.get("digest") == digest:
        return cached.get("data")
    return None


def write_json_cache(name: str, digest: str, data: Any) -> None:
    """Keep ``data`` for the next run; silently skipped where the folder is read-only."""
    target = _cache_file(name)
    try:
        temporary = target.with_suffix(f".{os.getpid()}.tmp")
        temporary.write_text(json.dumps({"digest": digest, "data": data},
                                        ensure_ascii=False, separators=(",", ":")),
                             encoding="utf-8")
        os.replace(temporary, target)
    except (OSError, TypeError, ValueError):
        pass


@cache
def lexicon() -> dict[str, Any]:
    """The compiled players' words of every language (see ``_build_lexicon``), cached in
    ``search-lexicon.cache.json`` with the digest of the glossary, the players' words and
    this module, and rebuilt when any of them changes."""
    digest = stamp(GLOSSARY_FILE, PLAYERS_FILE, Path(__file__))
    name = "search-lexicon.cache.json"
    data = read_json_cache(name, digest)
    if not isinstance(data, dict) or set(data) != set(LANGUAGES):
        data = _build_lexicon()
        write_json_cache(name, digest, data)
    return data


@cache
def _phrases(language: str, players: bool | str) -> tuple[dict[str, str], int, Vocabulary]:
    table = lexicon()[language][{True: "players", False: "glossary"}.get(players, players)]
    longest = max((k.count(" ") + 1 for k in table), default=1)
    single = Vocabulary([k for k in table if " " not in k], language)
    return table, longest, single


def _single_word_target(word: str, table: dict[str, str], single: Vocabulary,
                        typing: bool, prefixed: bool = True) -> str | None:
    """The lexicon entry a one-word stem stands for: the same stem, or an inflection of
    it ("katapulttal" → "katapult"), or with ``prefixed`` a verb with a prefix that no
    list names ("befizet" → "fizet"); in a query (``typing``) also a word being typed."""
    if word in table:
        return table[word]
    if len(word) < MIN_PREFIX:
        return None
    # A stem that lost its word's last vowel with the ending ("kártyái" → "karty"):
    for vowel in _RESTORED.get(single.language or "", ()):
        if word + vowel in table:
            return table[word + vowel]
    target = _known_start(word, table, single)
    if target:
        return target
    # A verb with a prefix that the players' words do not list is still its verb:
    # "befizetem" pays as "fizetem" and "kifizetem" do, and "kikatapultáltak" ejects as
    # "katapultált" does.
    for prefix in _VERB_PREFIXES.get(single.language or "", ()) if prefixed else ():
        rest = word[len(prefix):]
        if word.startswith(prefix) and len(rest) >= MIN_PREFIX:
            target = (table.get(rest) or table.get(stem(rest, single.language))
                      or _known_start(rest, table, single, MIN_PREFIX + 1))
            if target:
                return target
    # A verb's prefix standing alone ("vissza lehet szállni?") is no word being typed:
    # "vissza" is no "visszatölt" half typed.
    if typing and word not in _VERB_PREFIXES.get(single.language or "", ()):
        for ending in _PAST.get(single.language or "", ()):
            if word.endswith(ending) and len(word) - len(ending) >= MIN_PREFIX - 1 \
                    and word[:-len(ending)] in table:
                return table[word[:-len(ending)]]
        hits = [w for w, s in single.related(word).items() if s >= 0.75
                and not _framing_part(word, w, table)]
        if len(hits) == 1:
            return table[hits[0]]
    return None


def _known_start(word: str, table: dict[str, str], single: Vocabulary,
                 shortest: int = MIN_PREFIX) -> str | None:
    """The lexicon entry of a known word of at least ``shortest`` letters that starts
    ``word`` and makes at least three fifths of it, an inflection of it ("katapulttal" →
    "katapult"). Only prefixes as long as a known word can be one (bounded work for any
    word). After a verb's prefix, a word of four letters is too short to be sure of:
    "bejelenteni" (announce) is no "jel" (sign)."""
    for k in range(min(len(word) - 1, single.longest), shortest - 1, -1):
        if word[:k] in single.known and 5 * k >= 3 * len(word) \
                and not _framing_part(word, word[:k], table):
            return table[word[:k]]
    return None


#: Synonym groups whose words only frame a question ("the rules", "during the game"):
#: any question is about the rules, so a query's term of these says little.
FRAMING_GROUPS = ("#rules", "#during-game")


def _framing_part(word: str, part: str, table: dict[str, str]) -> bool:
    """Whether ``part``, a word that only frames a question (``FRAMING_GROUPS``), is the
    first part of the compound ``word``, a word's worth of letters longer: the compound
    is what its last part is ("szabályopciók" are options, "szabálykönyv" a book)."""
    return (table.get(part) in FRAMING_GROUPS and word.startswith(part)
            and len(word) - len(part) >= MIN_PREFIX)


#: A number before one of these is a count ("12 cards", "12 lapom", "7 joueurs", "3
#: pirates"): cards, players, dice and their faces, turns; and so is a city's number ("at
#: the 12") before points or treasures ("20 points"), where any other number says how
#: much ("50 points" ends the game, "5 treasures" the quick game).
COUNTED_PLACE = CONCEPT + "city"
COUNTED = frozenset({"#card", "#player", "@event-dice", "@fog", "@lightning", "@birds",
                     "@pirates", "@blank", "@step", "@voyage"})
COUNTED_WORTH = frozenset({"#points", "@treasure-card"})
_NUMBER = re.compile(r"[0-9]+")
#: What a count stands for: "how many" ("combien", "hány"), which the entries about
#: counts ask (the hand limit, the number of players, of dice).
COUNT = GROUP + "number"


def segments(spelled: list[str], language: str, players: bool | str,
             typing: bool = False, known: Collection[str] = ()
             ) -> list[tuple[int, int, str | None]]:
    """Split words as spelt (``_spelled``) into (start, end, target) pieces: the longest
    phrase of the lexicon at each place (target ``@concept`` or ``#group``), else one
    word (target None). A stop word alone is never a term ("de" is not "dé"), and a
    number before what it counts is a count (``COUNTED``: "12 cartes" is no city 12).
    ``players``: False for the glossary's words, True to add the players' words (a
    query), "texts" to add those that are not broad (a text being indexed). With
    ``typing``, a word may be the start of a term being typed, unless it is one of the
    ``known`` words (folded) as it is: "hányan" is a word, not "hány" half typed."""
    table, longest, single = _phrases(language, players)
    stems = [stem(fold(w), language) for w in spelled]
    found: list[tuple[int, int, str | None]] = []
    i = 0
    while i < len(stems):
        for size in range(min(longest, len(stems) - i), 1, -1):
            target = table.get(" ".join(stems[i:i + size]))
            if target:
                found.append((i, i + size, target))
                i += size
                break
        else:
            target = (None if spelled[i] in STOP_WORDS
                      else _single_word_target(stems[i], table, single,
                                               typing and fold(spelled[i]) not in known))
            parts = (_compound(stems[i], table, single)
                     if target is None and language in COMPOUNDING
                     and spelled[i] not in STOP_WORDS else None)
            found.extend((i, i + 1, part) for part in parts or (target,))
            i += 1
    # A number before what it counts is a count, no city: "12 cartes", "7 joueurs".
    return [(start, end, COUNT) if target in (None, COUNTED_PLACE) and k + 1 < len(found)
            and _NUMBER.fullmatch(stems[start])
            and (found[k + 1][2] in COUNTED or (target == COUNTED_PLACE
                 and found[k + 1][2] in COUNTED_WORTH))
            else (start, end, target)
            for k, (start, end, target) in enumerate(found)]


#: Languages that write compounds as one word ("kockaszám", "kézlimit", "kincspakli"):
#: a word that is no known word may be two known ones (``_compound``).
COMPOUNDING = frozenset({"hu"})
#: The shortest first part of a compound (Hungarian "kéz", hand, stems to three letters).
COMPOUND_HEAD = 3


def _compound(word: str, table: dict[str, str], single: Vocabulary
              ) -> tuple[str, ...] | None:
    """The targets of the two known words that make the stem ``word``, a compound that
    no list names ("kockaszámával" is dice and number, "kézlimit" hand and limit,
    "kincspakli" treasure and pile): the longest known first part, of at least
    ``COMPOUND_HEAD`` letters, followed by a word of the lists (with its endings) of at
    least ``MIN_PREFIX`` letters; None when there is none. A first part that only
    frames a question (``FRAMING_GROUPS``: "szabályopciók") makes no compound: the
    word stays as it is (``_framing_part``)."""
    for k in range(min(len(word) - MIN_PREFIX, single.longest), COMPOUND_HEAD - 1, -1):
        if word[:k] in single.known and table[word[:k]] not in FRAMING_GROUPS:
            rest = _single_word_target(word[k:], table, single, False, prefixed=False)
            if rest:
                return table[word[:k]], rest
    return None


def kinds(language: str, concept: str) -> list[str]:
    """The concepts of which ``concept`` is a kind ("@fog" → ``["@event-dice"]``: a fog
    is a face of the event dice), from ``players_words.yaml``."""
    return list(lexicon()[language]["kinds"].get(concept, []))


def group_members(language: str, group: str) -> list[str]:
    """The one-word stems of a synonym group (``"#win"``) in ``language``."""
    return list(lexicon()[language]["groups"].get(group, []))


def concepts(text: str, language: str, players: bool = False) -> list[str]:
    """The ``@concept`` forms of the game's terms that ``text`` uses, in order."""
    return [target for _, _, target in segments(_spelled(text, language), language, players)
            if target and target.startswith(CONCEPT)]


def index_terms(text: str, language: str) -> list[str]:
    """What an index stores for ``text``: the stems of its meaningful words, then the
    ``@concept`` forms of the game's terms it uses (glossary terms and players' words
    alike: a text about "treasures" is about the Treasure cards) and the ``#group`` of
    each synonym group it uses."""
    return [stem(w, language) for w in words(text, language)] + [
        target for _, _, target in segments(_spelled(text, language), language,
                                            players="texts")
        if target]


def query_terms(query: str, language: str, known: Collection[str] = ()) -> list[list[str]]:
    """For each thing ``query`` asks about, the forms any of which may match: a glossary
    term or a player's word gives its ``@concept`` (and the word itself, when it is one
    word); a word of a synonym group gives the group's words; any other meaningful word
    gives its stem. Words that only shape the question (``asking_words``) ask nothing;
    ``known`` words are taken as they are (see ``segments``)."""
    shaping = asking_words(query)
    spelled = [w for w in _spelled(query, language) if w not in shaping]
    stems = [stem(fold(w), language) for w in spelled]
    terms: list[list[str]] = []
    for start, end, target in segments(spelled, language, players=True, typing=True,
                                       known=known):
        single = end - start == 1 and spelled[start] not in STOP_WORDS
        if target and target.startswith(GROUP):
            terms.append([target, *group_members(language, target)])
        elif target:
            terms.append([target, stems[start]] if single else [target])
        elif single:
            terms.append([stems[start]])
    return terms


#: Question words and negations: stop words, but part of how a question is asked, so
#: ``canonical`` keeps them ("when can I…" is not "who can…", "cannot" is not "can").
_QUESTION = """
    what when who which how why where not no do does quand qui quoi quel quelle comment
    pourquoi où ou combien pas ne fait font mi mit mikor ki kit hogyan miért melyik hol
    hány nem
"""
QUESTION_WORDS = frozenset(_QUESTION.split())

#: What a question asks for, by its question word, the same in every language: "who
#: starts?", "qui commence ?" and "ki kezd?" ask for a person, as "Who is the first
#: captain?" answers. Words as spelt (accents kept: "où" is "where", "ou" is "or").
_INTENTS = {
    "who": "who whom qui ki kit kinek kire kié",
    "when": "when quand mikor",
    "where": "where où hol hova hová honnan",
    "which": "which quel quelle quels quelles lequel laquelle melyik",
    "why": "why pourquoi miért",
    "how": "how comment hogyan",
    # Everyone: "what if all the passengers get off" asks about the lone captain.
    "all": "all every everyone everybody tous toutes tout minden mindenki összes",
    # A negation: "what if the captain has no cards" is not "when does he play them".
    "not": "not no nobody none cannot without pas aucun aucune sans ni nem nincs nincsen "
           "sem senki nélkül",
    # An obligation, or its refusal: "do I have to pay", "est-il obligé", "kötelező",
    # "can he refuse" all ask whether a move is forced.
    "must": "must gotta obliged forced mandatory refuse obligé obligée obligatoire forcé forcée "
            "doit dois doivent faut refuser kötelező köteles muszáj kénytelen kell "
            "megtagadhatja megtagad",
    # "can I still … after …": whether a move is open at a later moment.
    "still": "still anymore encore még",
}
INTENTS = {word: intent for intent, spelt in _INTENTS.items() for word in spelt.split()}
# A query is read without its accents ("kotelezo" is "kötelező"), unless the word without
# them is another word ("ou", "or", is not "où", "where").
INTENTS |= {fold(word): intent for word, intent in list(INTENTS.items())
            if fold(word) not in INTENTS and fold(word) not in STOP_WORDS}
#: Words that ask what a thing is for or does ("à quoi sert", "mire jó", "mit csinál",
#: "how does it work"); English says it with "what … do", "what … for" (``intents``).
_PURPOSE = frozenset({"sert", "servent", "servir", "fonctionne", "fonctionnent",
                      "mire", "csinál", "csinálnak", "működik", "működnek",
                      "csinal", "csinalnak", "mukodik", "mukodnek"})
#: "before or after", "avant ou après", "előtt vagy után": a question about when.
_TIMES = ({"before", "after"}, {"avant", "après"}, {"avant", "apres"}, {"előtt", "után"},
          {"elott", "utan"})


#: English says an obligation with two words: "have to", "has to", "need to".
_HAVE = frozenset({"have", "has", "had", "need", "needs", "got"})

_SENTENCE_END = re.compile(r"[.?!;,]+")

#: Words that put a question's moment after or before something, by language; French
#: and English put the thing after the word ("after the captain paid"), Hungarian before
#: it ("fizetés után"). Folded stems.
_ORDER_WORDS = {
    "after": {"en": ["after"], "fr": ["apres"], "hu": ["utan", "miutan"]},
    "before": {"en": ["before"], "fr": ["avant"], "hu": ["elott", "mielott"]},
}
#: The relation that an order word at the end of its clause stands for ("we crashed
#: right after": the player's moment was before the crash).
OPPOSITE = {"after": "before", "before": "after"}
#: Words that open another clause inside a sentence ("when", "amikor", "et"), as spelt.
_OPENERS = frozenset({"when", "while", "and", "but", "quand", "lorsque", "et", "mais",
                      "amikor", "mikor", "és", "es", "de", "mielőtt", "mielott", "miután",
                      "miutan"})
#: Order words that, ending a clause, say "afterwards" or "beforehand" (as spelt).
_CLAUSE_END_ORDER = frozenset({"after", "before", "après", "apres", "avant"})
#: How many forms next to an order word name the moment it refers to.
ORDER_SPAN = 3
#: Forms that make an order word no moment: "one after another", "egymás után" (in a
#: row), "l'un après l'autre".
NOT_MOMENTS = frozenset({"another", "egymas", "autr", "other"})
#: Words that put what follows them in the past of the question's moment, in every
#: language ("the captain already paid", "déjà descendu", "már kiszálltam"): "after" it.
ALREADY = frozenset({"already", "deja", "déjà", "már", "mar"})
#: Words that tell what happened next ("I got off at 9, then it crashed", "puis",
#: "aztán"): the player's own moment came before the thing they name.
THEN = frozenset({"then", "later", "afterwards", "afterward", "puis", "ensuite", "aztán",
                  "aztan", "majd", "később", "kesobb", "utána", "utana"})


def order(text: str, language: str, typing: bool = False,
          known: Collection[str] = ()) -> list[str]:
    """The moments ``text`` is about, as "after:" or "before:" + a form of the thing
    that comes first ("after the captain paid" → "after:#pay", "after:@captain"; "fizetés
    után" → "after:#pay"; "the captain already paid" → "after:#pay"), so that "after the
    captain paid" is not "after I left".
    "before or after …" asks when, and names no moment."""
    marks = {stem(fold(w), language): relation for relation, by_language in
             _ORDER_WORDS.items() for w in by_language.get(language, ())}
    found: list[str] = []
    for clause in _SENTENCE_END.split(text):
        spelled = _spelled(clause, language)
        for n, word in enumerate(spelled):
            if word in ALREADY:
                # Before the thing it precedes ("the captain already paid", "már
                # kiszálltam"); at a clause's end or before a stop word, after the thing
                # it follows ("I left already, can I…", "kiszálltam már").
                if (n and spelled[n - 1] not in STOP_WORDS
                        and (n + 1 == len(spelled) or spelled[n + 1] in STOP_WORDS)):
                    after = canonical(" ".join(spelled[:n]), language, typing,
                                      known)[-ORDER_SPAN:]
                else:
                    # up to the next clause's opening word ("már kiszálltam, amikor
                    # lezuhantak": the crash is not what came before)
                    rest = spelled[n + 1:]
                    rest = rest[:next((k for k, w in enumerate(rest) if w in _OPENERS),
                                      len(rest))]
                    after = canonical(" ".join(rest), language, typing,
                                      known)[:ORDER_SPAN]
                found.extend(f"after:{f}" for f in after
                             if f not in marks and f not in QUESTION_WORDS)
            elif word in THEN:
                later = canonical(" ".join(spelled[n + 1:]), language, typing,
                                  known)[:ORDER_SPAN]
                found.extend(f"before:{f}" for f in later
                             if f not in marks and f not in QUESTION_WORDS)
        forms = canonical(clause, language, typing, known)
        for n, form in enumerate(forms):
            relation = marks.get(form)
            if relation is None or (n and forms[n - 1] in marks) or (
                    n + 1 < len(forms) and forms[n + 1] in marks):
                continue
            near = (forms[max(0, n - ORDER_SPAN + 1):n] if language == "hu"
                    else forms[n + 1:n + 1 + ORDER_SPAN])
            if near and near[-1 if language == "hu" else 0] in NOT_MOMENTS:
                continue
            if not near and language != "hu":
                # "…and we crashed right after": the word ends its clause and says
                # "afterwards", so the thing before it came after the player's moment.
                near, relation = forms[max(0, n - ORDER_SPAN + 1):n], OPPOSITE[relation]
            found.extend(f"{relation}:{f}" for f in near
                         if f not in marks and f not in QUESTION_WORDS)
    return sorted(set(found))


#: How questions are shaped, word by word, as data (the website's script reads the same):
#: - "ki_*": Hungarian "ki" inside a sentence asks "who" before a verb ("… ki választja"),
#:   but is a verb's prefix before an article, an auxiliary ("ki kell játszanom"), or a
#:   word with one of these endings ("játssza ki a lapjait", "jön ki üres oldal");
#: - "not_after": a question word followed by one of these asks no such thing ("how
#:   many" asks for a number, not a way); "not_before": nor after one of these ("at all");
#: - "purpose_with": a question word with one of these words (or a word starting with one
#:   of the prefixes) asks what a thing does ("how does it work", "mire használható");
#: - "purpose_pairs": words in a row that ask it ("que fait", "qu'est-ce que ça fait",
#:   "ça fait quoi");
#: - "purpose_first", "purpose_last", "purpose_for", "purpose_be": English says it with
#:   "what … do" and "what is … for";
#: - "shaping": with a question word, these words (or words starting with the prefixes)
#:   only shape the question ("how do I use …", "mire használható"); so do the words
#:   that ask what a thing is for ("à quoi sert", "mit csinál").
SHAPES: dict[str, Any] = {
    "ki": "ki",
    "ki_articles": ["a", "az", "egy"],
    "ki_endings": ["s", "o", "u"],
    # And so it is at the start of a sentence too, before an impersonal auxiliary and an
    # infinitive ("ki lehet katapultálni a kapitányt?": can one eject him; "who" would
    # be "kit", or "kinek kell" with a personal infinitive): "ki lehet a kapitány?" and
    # "ki tud fizetni?" still ask who.
    "ki_impersonal": ["lehet", "kell", "szabad", "muszáj", "muszaj", "lehetett", "kellett",
                      "kellene", "lehetne", "kéne", "kene", "érdemes", "erdemes"],
    "ki_infinitive": "ni",
    # "ki kell játszanom": a verb's prefix before the auxiliary that splits it off.
    # In the first and second person too ("le tudok még szállni", "ki tudunk szállni":
    # "who" would take the third).
    "ki_auxiliaries": ["kell", "kellett", "kellene", "lehet", "tudom", "tudja", "tudod",
                       "fogom", "fogja", "akarom", "akarja", "szabad", "muszáj",
                       "tudok", "tudunk", "tudsz", "tudtok", "tudnék", "tudnek", "fogok",
                       "fogunk", "akarok", "akarunk", "tudjuk", "tudjátok", "tudjatok",
                       "fogjuk", "akarjuk",
                       # in the past and the conditional too ("ki tudta volna fizetni"),
                       # and a wish ("ki szeretnék szállni")
                       "tudta", "tudtam", "tudtuk", "tudtunk", "tudott", "tudna", "tudnám",
                       "tudnam", "tudnánk", "tudnank", "akartam", "akarta", "akart",
                       "szeretnék", "szeretnek", "szeretnénk", "szeretnenk", "szeretném",
                       "szeretnem", "szeretne", "lehetett", "lehetne"],
    # "when we went down, which treasure…": "when" before its clause's subject tells
    # the situation and asks nothing ("when does he…" asks).
    "not_after": {"how": ["many", "much"],
                  "when": ["i", "we", "he", "she", "they", "you", "my", "our", "his", "her",
                           "their", "your", "it", "everyone", "everybody", "nobody",
                           "someone"],
                  "quand": ["je", "j", "on", "il", "elle", "ils", "elles", "nous", "tu",
                            "mon", "ma", "mes", "notre", "nos", "tout",
                            # "quand t'es capitaine", "quand vous êtes 2", "quand y a…"
                            "t", "vous", "y", "ya"]},
    # "plus" before a count ("birds plus 2 blanks", "plus a turbo") is "and": no + city.
    "plus_and": {"en": {"word": "plus", "as": "and",
                        "before": ["a", "an", "one", "two", "three", "four", "another",
                                   "me", "us", "him", "her", "them", "my", "his", "the"]},
                 # "üres + villám", "köd + 2 kalóz": "+" between the dice's faces is "and"
                 "hu": {"word": "+", "as": "és",
                        "before": ["üres", "ures", "villám", "villam", "köd", "kod", "kalóz",
                                   "kaloz", "madár", "madar", "vihar", "felhő", "felho",
                                   "kard", "egy", "két", "ket", "kettő", "ketto"]}},
    # A number right after "we are" ("on sera 7", "nous sommes 5", "we are 6") counts
    # the players: the word for them is put after it.
    "people": {"fr": {"after": [["on", "est"], ["on", "sera"], ["on", "était"],
                                ["on", "etait"], ["nous", "sommes"], ["nous", "serons"],
                                ["on", "va", "être"], ["on", "va", "etre"],
                                # "on est juste 2", "on n'est que 3", "on joue à 4"
                                ["on", "est", "juste"], ["on", "est", "que"],
                                ["on", "sera", "juste"], ["on", "sera", "que"],
                                ["nous", "sommes", "que"], ["on", "joue", "à"],
                                ["on", "joue", "a"], ["on", "est", "seulement"],
                                ["n", "est", "que"], ["ne", "sommes", "que"]],
                      "word": "joueurs"},
               "en": {"after": [["we", "are"], ["we", "re"], ["we", "will", "be"],
                                ["we", "ll", "be"], ["we", "were"]],
                      "word": "players"}},
    # Words that say nothing of the game before some words (or words with an ending),
    # unless a player's phrase of up to "longest" words starts with them: French "ne …
    # plus que" is "only" ("plus que 2 cartes": nothing is empty), English "keep" before
    # a verb in "-ing" says that it goes on ("he keeps swearing": nothing is kept; "keep
    # going" is still staying aboard), and so does French "continue de" ("il continue de
    # lancer").
    "dropped": {"fr": [{"words": ["plus"], "before": ["que", "qu"], "ending": ""},
                       # "il continue de lancer": he goes on rolling
                       {"words": ["continue", "continuent", "continuer"],
                        "before": ["de", "à", "a"], "ending": ""}],
                "en": [{"words": ["keep", "keeps", "kept", "keeping"], "before": [],
                        "ending": "ing"}]},
    "dropped_longest": 5,
    # A Hungarian number with the ending that counts people ("7-en", "3-an") is that
    # many players, unless an article makes it a city ("a 9-en": on the 9).
    "hu_collective": {"endings": ["an", "en"], "word": "játékos", "not_after": ["a", "az"]},
    # A Hungarian number made a noun ("-es", "-os": "the 6") with a case ending after it
    # ("a 12-esre dobunk", "a 25-ösbe hárman") names a place, and counts nothing that
    # follows ("6 kockával", "12 lapom" do): a filler word (a stop word) is put after the
    # number, so that no count is read. (Its own word for a city, tried, made "a 2-esnél
    # kiszállt" a question about leaving at a city, which it rarely is.)
    # Two equal scores ("47-47 lett, ki nyert?") are a tie. Only from "least" on: "2-2
    # lapot kap mindenki" is two each.
    "hu_even": {"word": "döntetlen", "least": 20},
    # A score beyond the end score ("már 52 pontom van") has reached it: it is read as
    # the end score (``engine.data.END_SCORE``, a test checks), which the texts name.
    # Up to "most", a score one may have ("100 pont" is none).
    "hu_beyond": {"least": 50, "most": 99, "before": "pont"},
    # In French a score is often named alone ("j'ai 52"): any number up to "most", unless
    # it counts cards.
    "fr_beyond": {"least": 50, "most": 99, "not_before": "cart"},
    # The city 1 so named is the first city ("1-esnél már kiszállhatok?").
    "hu_place": {"suffixes": ["es", "os", "as", "ös", "ős"], "word": "na",
                 "named": {"1": "első"}},
    # "kör" with a word of direction or order (or a word starting so) is the turn of
    # play going round, no voyage: "merre megy a kör" asks which way the play goes.
    "hu_turn": {"words": ["kör", "kor", "köre", "kore", "kört", "kort", "körben", "korben",
                          "körbe", "korbe", "körön", "koron"],
                "context": ["merre", "sorrend", "irány", "irany", "óramutató", "oramutato",
                            "balra", "jobbra"],
                "as": "játék"},
    # What a Hungarian verb says "can" with ("kiszállhatok", "kijátszhatom").
    "hu_can": ["hat", "het"],
    # Adverbs that may stand between a Hungarian auxiliary and its verb.
    "hu_between": ["ott", "itt", "most", "még", "már", "meg", "mar", "volna"],
    "not_before": {"all": ["at"]},
    "purpose_with": [[["how"], ["work", "works", "use"], []],
                     [["comment"], ["utiliser", "marche"], []],
                     [["hogyan"], [], ["használ", "hasznal"]]],
    # and "ça fait quoi", "elle fait quoi" ("on fait quoi" asks what to do; "ça fait
    # joker", "ça fait 5 cités", "ça fait 2 points" say what a thing counts as)
    "purpose_pairs": [["que", "fait"], ["que", "font"], ["qu", "fait"], ["qu", "font"],
                      ["ça", "fait", "quoi"], ["ca", "fait", "quoi"], ["que", "ça", "fait"],
                      ["que", "ca", "fait"],
                      ["ça", "fait", "quelque"], ["ca", "fait", "quelque"],
                      ["elle", "fait", "quoi"], ["elles", "font", "quoi"]],
    "purpose_first": "what",
    "purpose_last": "do",
    "purpose_for": "for",
    "purpose_be": ["is", "are"],
    "shaping": [[["how"], ["use", "work", "works"], []], [["comment"], ["utiliser"], []],
                [["hogyan", "mire"], [], ["használ", "hasznal"]]],
}
#: Two equal numbers (``SHAPES["hu_even"]``: "47-47"), built once.
_EVEN = re.compile(r"(?<![\w.])(\d+) ?[-:] ?\1(?![\w.])")
#: A number made a noun, with a case ending (``SHAPES["hu_place"]``: "a 12-esre"), built once.
_PLACE = re.compile(r"(?<![\w.])(\d+)-?(?:" + "|".join(SHAPES["hu_place"]["suffixes"])
                    + r")[^\W\d_]+")
#: A number with an ending of ``SHAPES["hu_collective"]`` ("7-en"), built once.
_COLLECTIVE = re.compile(r"(?<![\w.])(\d+)-?(?:" + "|".join(SHAPES["hu_collective"]["endings"])
                         + r")(?!\w)")


def _before_impersonal(following: list[str]) -> bool:
    """Hungarian "ki" before an impersonal auxiliary and an infinitive (an adverb may stand
    between them): the verb's prefix ("ki lehet még szállni?"), never "who"."""
    if not following or following[0] not in SHAPES["ki_impersonal"]:
        return False
    verb = following[2:3] if following[1:2] and following[1] in SHAPES["hu_between"] \
        else following[1:2]
    return bool(verb) and fold(verb[0]).endswith(SHAPES["ki_infinitive"])


def _asks_who(following: list[str]) -> bool:
    """Hungarian "ki" inside a sentence: "who" before a verb, not a verb's prefix."""
    return bool(following) and following[0] not in SHAPES["ki_articles"] \
        and following[0] not in SHAPES["ki_auxiliaries"] \
        and not fold(following[0]).endswith(tuple(SHAPES["ki_endings"]))


def _asks_purpose(spelled: list[str]) -> bool:
    """English: "what does it do", "what do the Power cards do", "what is it for"."""
    if len(spelled) < 3 or spelled[0] != SHAPES["purpose_first"]:
        return False
    return spelled[-1] == SHAPES["purpose_last"] or (
        spelled[-1] == SHAPES["purpose_for"] and spelled[1] in SHAPES["purpose_be"])


def _with(words: set[str], rules: list[list[list[str]]]) -> set[str]:
    """The words of ``words`` that a rule of ``rules`` (question words; words; prefixes)
    picks: those of its words or prefixes, when one of its question words is there."""
    found: set[str] = set()
    for asking, picked, prefixes in rules:
        if words & set(asking):
            found |= {w for w in words if w in picked or w.startswith(tuple(prefixes))}
    return found


def first_question(text: str) -> str:
    """The first sentence of ``text`` (an entry's question may add a second one)."""
    return next((s for s in re.split(r"[.?!]+", text) if s.strip()), "")


def asking_words(text: str) -> frozenset[str]:
    """The words of ``text`` (as spelt) that only shape the question, beyond the stop
    words: "before" and "after" in "before or after …" (it asks when), "use" in "how do
    I use …", "mire használható" and their French forms (they ask what a thing does)."""
    words = set(_spelled(text))
    shaping = set().union(*(pair for pair in _TIMES if pair <= words))
    # "already" places the question's moment (``order``), and "still" ("encore", "még")
    # asks whether a move is open then (``intents``): neither is a thing asked about.
    # "then", "puis", "aztán" tell what happened next, and so does an order word that
    # ends its clause ("we crashed right after"): ``order`` reads them.
    ending = {clause[-1] for clause in map(_spelled, _SENTENCE_END.split(text))
              if clause and clause[-1] in _CLAUSE_END_ORDER}
    return frozenset(shaping | _with(words, SHAPES["shaping"]) | (words & _PURPOSE)
                     | (words & ALREADY) | (words & THEN) | ending
                     | {w for w in words if INTENTS.get(w) == "still"
                        and not _in_lexicon(w)})


def _in_lexicon(word: str) -> bool:
    """Whether ``word`` (as spelt) is a player's word or in a synonym group, in some
    language ("anymore" says that something is empty)."""
    return any(stem(fold(word), language) in lexicon()[language]["players"]
               for language in LANGUAGES)


def intents(text: str, language: str | None = None) -> frozenset[str]:
    """The kinds of answer ``text`` asks for, by its question words: "who", "when",
    "where", "which", "why", "how", "all" (everyone), "not" (a negation), "must" (an
    obligation), "still" (a later moment) and "purpose" (what a thing does or is for).
    "How many" asks for a number, not a way; "at all" is no "all"."""
    spelled = _spelled(text, words_of=language)
    found = {INTENTS[w] for n, w in enumerate(spelled) if w in INTENTS
             and spelled[n + 1:n + 2] not in [[x] for x in SHAPES["not_after"].get(w, [])]
             and not (w == SHAPES["ki"] and n and not _asks_who(spelled[n + 1:n + 2]))
             and not (w == SHAPES["ki"] and _before_impersonal(spelled[n + 1:n + 4]))
             and not (n and spelled[n - 1] in SHAPES["not_before"].get(w, []))}
    words = set(spelled)
    if any(a in _HAVE and b == "to" for a, b in pairwise(spelled)):
        found.add("must")
    if (words & _PURPOSE or _with(words, SHAPES["purpose_with"])
            or any(spelled[n:n + len(asking)] == asking for asking in SHAPES["purpose_pairs"]
                   for n in range(len(spelled)))
            or any(_asks_purpose(_spelled(part)) for part in _SENTENCE_END.split(text))):
        found.add("purpose")
    if any(pair <= words for pair in _TIMES):
        found.add("when")
    return frozenset(found)


def canonical(text: str, language: str, typing: bool = False,
              known: Collection[str] = ()) -> list[str]:
    """``text`` as a sequence for comparing whole questions: each token's stem, with the
    game's terms replaced by their ``@concept`` and the words of a synonym group by its
    ``#group``; ``typing`` for a query (a word may be half typed). Of the stop words,
    the question words stay: "what … when" is part of how a question is asked."""
    spelled = _spelled(text, language)
    return [target or stem(fold(spelled[start]), language)
            for start, _, target in segments(spelled, language,
                                             players=True if typing else "texts",
                                             typing=typing, known=known)
            if target or spelled[start] not in STOP_WORDS
            or spelled[start] in QUESTION_WORDS]


def page_tables() -> dict[str, Any]:
    """Everything language-dependent that the query side of the search uses, as plain
    data, for a search that runs elsewhere (the website's script, ``celestia-search.js``):
    it only looks these up, and a conformance test asks it and ``celestia faq`` the same
    questions (tests/site/test_search_conformance.py)."""
    return {
        "min_prefix": MIN_PREFIX,
        "typo_slack": TYPO_SLACK,
        "typo_length_order": {str(k): v for k, v in _LENGTH_ORDER.items()},
        "endings": {language: _ENDINGS[language] for language in ("fr", "hu")},
        "any_endings": _ENDINGS[None],
        "assimilated": {language: list(e) for language, e in _ASSIMILATED.items()},
        "assimilated_digraphs": {language: list(d)
                                 for language, d in _ASSIMILATED_DIGRAPHS.items()},
        "consonants": _CONSONANTS,
        "stop": sorted(STOP_WORDS),
        "stop_by_language": {language: sorted(set(words.split()))
                             for language, words in _STOP.items()},
        "question_words": sorted(QUESTION_WORDS),
        "intents": INTENTS,
        "purpose": sorted(_PURPOSE),
        "times": [sorted(pair) for pair in _TIMES],
        "have": sorted(_HAVE),
        "order_words": _ORDER_WORDS,
        "order_span": ORDER_SPAN,
        "already": sorted(ALREADY),
        "then": sorted(THEN),
        "openers": sorted(_OPENERS),
        "opposite": OPPOSITE,
        "clause_end_order": sorted(_CLAUSE_END_ORDER),
        "not_moments": sorted(NOT_MOMENTS),
        "before_dice": sorted(_BEFORE_DICE),
        "die": list(_DIE),
        "before_die": sorted(_BEFORE_DIE),
        "not_after_die": sorted(_NOT_AFTER_DIE),
        "after_die": sorted(_AFTER_DIE),
        "hu_prefixes": sorted(_HU_PREFIXES),
        "hu_vowels": _HU_VOWELS,
        "hu_digraphs": list(_HU_DIGRAPHS),
        "hu_articles": sorted(_HU_ARTICLES),
        "hu_still": _STILL,
        "verb_prefixes": _VERB_PREFIXES,
        "contractions": [list(pair) for pair in _CONTRACTIONS],
        "rewrites": [[list(phrase), list(meaning)] for phrase, meaning in _REWRITES.items()],
        "number_slot": NUMBER_SLOT,
        "past": _PAST,
        "restored": _RESTORED,
        "unspelt": {word: list(parts) for word, parts in _UNSPELT.items()},
        "elided_je": _ELIDED_JE.pattern,
        "elided_article": _ELIDED_ARTICLE.pattern,
        "not_unspelt": _WORDS_NOT_UNSPELT,
        "rule_words": sorted(RULE_WORDS),
        "framing_groups": list(FRAMING_GROUPS),
        "counted_place": COUNTED_PLACE,
        "counted": sorted(COUNTED),
        "counted_worth": sorted(COUNTED_WORTH),
        "count": COUNT,
        "compounding": sorted(COMPOUNDING),
        "compound_head": COMPOUND_HEAD,
        "common_words": {language: sorted(common_words(language)) for language in LANGUAGES},
        "shapes": SHAPES,
        "lexicon": {language: {"players": tables["players"], "groups": tables["groups"],
                               "kinds": tables["kinds"]}
                    for language, tables in lexicon().items()},
    }
