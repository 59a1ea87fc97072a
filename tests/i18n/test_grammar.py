"""tutor.grammar: Hungarian articles and suffixes for every number the game shows, names by
vowel harmony (with a safe form for names it cannot judge), French gender and elision,
French typography, and how Translator uses them (a broken spec falls back to English)."""

import pickle
import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from hypothesis import given
from hypothesis import strategies as st

import tutor.i18n as i18n
from tutor import grammar
from tutor.engine import data
from tutor.grammar import GrammarError, Person, french_typography, hu_article, render
from tutor.i18n import Translator
from tutor.tools import catalogs as tool

# --- Hungarian numbers --------------------------------------------------------------------

#: Every city, in the forms the catalogs use, written out as a Hungarian reader expects.
CITY_FORMS = {
    1: ("az 1-es", "az 1-esre", "az 1-esről", "az 1-esen", "1-re", "1-ről", "1-gyel", "1-et"),
    2: ("a 2-es", "a 2-esre", "a 2-esről", "a 2-esen", "2-re", "2-ről", "2-vel", "2-t"),
    4: ("a 4-es", "a 4-esre", "a 4-esről", "a 4-esen", "4-re", "4-ről", "4-gyel", "4-et"),
    6: ("a 6-os", "a 6-osra", "a 6-osról", "a 6-oson", "6-ra", "6-ról", "6-tal", "6-ot"),
    9: ("a 9-es", "a 9-esre", "a 9-esről", "a 9-esen", "9-re", "9-ről", "9-cel", "9-et"),
    12: ("a 12-es", "a 12-esre", "a 12-esről", "a 12-esen", "12-re", "12-ről", "12-vel",
         "12-t"),
    15: ("a 15-ös", "a 15-ösre", "a 15-ösről", "a 15-ösön", "15-re", "15-ről", "15-tel",
         "15-öt"),
    20: ("a 20-as", "a 20-asra", "a 20-asról", "a 20-ason", "20-ra", "20-ról", "20-szal",
         "20-at"),
    25: ("a 25-ös", "a 25-ösre", "a 25-ösről", "a 25-ösön", "25-re", "25-ről", "25-tel",
         "25-öt"),
}
CITY_SPECS = ("a -es", "a -esre", "a -esről", "a -esen", "-ra", "-ról", "-val", "-t")


def test_every_city_is_covered() -> None:
    assert set(CITY_FORMS) == set(data.CITY_VALUES)


@pytest.mark.parametrize("city", sorted(CITY_FORMS))
def test_cities_take_the_article_and_suffixes_of_their_spoken_name(city: int) -> None:
    assert tuple(render("hu", city, spec) for spec in CITY_SPECS) == CITY_FORMS[city]


# An independent reading of 0–200 aloud, and the suffixes each last word takes, written
# out in full: the module's own tables are not used to check themselves.
UNITS = ["", "egy", "kettő", "három", "négy", "öt", "hat", "hét", "nyolc", "kilenc"]
TENS = ["", "tíz", "húsz", "harminc", "negyven", "ötven", "hatvan", "hetven", "nyolcvan",
        "kilencven"]
TENS_PREFIX = ["", "tizen", "huszon", "harminc", "negyven", "ötven", "hatvan", "hetven",
               "nyolcvan", "kilencven"]


def spoken(n: int) -> str:
    if n == 0:
        return "nulla"
    words = ""
    if n >= 100:
        words += {1: "száz", 2: "kétszáz"}[n // 100]
        n %= 100
    tens, units = divmod(n, 10)
    if units:
        return words + TENS_PREFIX[tens] + UNITS[units]
    return words + TENS[tens]


#: The last word read aloud → its suffixes, as written after the digits.
SUFFIXES = {
    #         -ra   -ról    -ban   -hoz   -val    -t    -s    -n    -szor
    "nulla": ("ra", "ról", "ban", "hoz", "val", "t", "s", "n", "szor"),
    "egy": ("re", "ről", "ben", "hez", "gyel", "et", "es", "en", "szer"),
    "kettő": ("re", "ről", "ben", "höz", "vel", "t", "es", "n", "szer"),
    "három": ("ra", "ról", "ban", "hoz", "mal", "at", "as", "on", "szor"),
    "négy": ("re", "ről", "ben", "hez", "gyel", "et", "es", "en", "szer"),
    "öt": ("re", "ről", "ben", "höz", "tel", "öt", "ös", "ön", "ször"),
    "hat": ("ra", "ról", "ban", "hoz", "tal", "ot", "os", "on", "szor"),
    "hét": ("re", "ről", "ben", "hez", "tel", "et", "es", "en", "szer"),
    "nyolc": ("ra", "ról", "ban", "hoz", "cal", "at", "as", "on", "szor"),
    "kilenc": ("re", "ről", "ben", "hez", "cel", "et", "es", "en", "szer"),
    "tíz": ("re", "ről", "ben", "hez", "zel", "et", "es", "en", "szer"),
    "húsz": ("ra", "ról", "ban", "hoz", "szal", "at", "as", "on", "szor"),
    "harminc": ("ra", "ról", "ban", "hoz", "cal", "at", "as", "on", "szor"),
    "negyven": ("re", "ről", "ben", "hez", "nel", "et", "es", "en", "szer"),
    "ötven": ("re", "ről", "ben", "hez", "nel", "et", "es", "en", "szer"),
    "hatvan": ("ra", "ról", "ban", "hoz", "nal", "at", "as", "on", "szor"),
    "hetven": ("re", "ről", "ben", "hez", "nel", "et", "es", "en", "szer"),
    "nyolcvan": ("ra", "ról", "ban", "hoz", "nal", "at", "as", "on", "szor"),
    "kilencven": ("re", "ről", "ben", "hez", "nel", "et", "es", "en", "szer"),
    "száz": ("ra", "ról", "ban", "hoz", "zal", "at", "as", "on", "szor"),
}
SPECS = ("-ra", "-ról", "-ban", "-hoz", "-val", "-t", "-s", "-n", "-szor")


def last_word(n: int) -> str:
    word = spoken(n)
    return max((w for w in SUFFIXES if word.endswith(w)), key=len)


@pytest.mark.parametrize("n", range(201))
def test_points_up_to_200_in_every_case(n: int) -> None:
    expected = tuple(f"{n}-{s}" for s in SUFFIXES[last_word(n)])
    assert tuple(render("hu", n, spec) for spec in SPECS) == expected
    article = "az" if spoken(n)[0] in "aáeéiíoóöőuúüű" else "a"
    assert render("hu", n, "a") == f"{article} {n}"
    assert render("hu", n, "Az") == f"{article.capitalize()} {n}"


@pytest.mark.parametrize(("value", "article"), [
    (1000, "az"), (1500, "az"), (5000, "az"), (50_000, "az"), (100_000, "a"),
    (1_000_000, "az"), (2_000_000, "a"), ("12 345", "a"), ("1\u00a0000", "az"), (-5, "a")])
def test_large_and_formatted_numbers(value: object, article: str) -> None:
    assert hu_article(value) == article
    assert render("hu", 1000, "-val") == "1000-rel" and render("hu", 2000, "-t") == "2000-et"
    assert render("hu", 1_000_000, "a -s") == "az 1000000-s"


def test_written_forms_of_a_suffix_all_mean_it() -> None:
    for spec in ("-ra", "-re"):
        assert render("hu", 6, spec) == "6-ra" and render("hu", 5, spec) == "5-re"
    for spec in ("-val", "-vel", "-tel", "-gyel", "-szal"):
        assert render("hu", 20, spec) == "20-szal"
    for spec in ("-t", "-at", "-ot", "-et", "-öt"):
        assert render("hu", 25, spec) == "25-öt"
    assert render("hu", 2, "-szor") == "2-szer"  # "kétszer"


@given(st.integers(min_value=0, max_value=10**9))
def test_any_whole_number_has_an_article_and_every_suffix(n: int) -> None:
    assert render("hu", n, "a") in (f"a {n}", f"az {n}")
    for spec in (*SPECS, "-ig", "-ért", "-esre", "-vá", "-ként"):
        assert render("hu", n, spec).startswith(f"{n}-")


# --- Hungarian names and words --------------------------------------------------------------

@pytest.mark.parametrize(("name", "forms"), [
    # back vowels
    ("Ada", ("Adával", "Adát", "Adának", "Adához", "Adára")),
    ("Bruno", ("Brunóval", "Brunót", "Brunónak", "Brunóhoz", "Brunóra")),
    ("Csilla", ("Csillával", "Csillát", "Csillának", "Csillához", "Csillára")),
    ("Fanni", ("Fannival", "Fannit", "Fanninak", "Fannihoz", "Fannira")),
    ("Dávid", ("Dáviddal", "Dávidot", "Dávidnak", "Dávidhoz", "Dávidra")),
    ("Kovács", ("Kováccsal", "Kovácsot", "Kovácsnak", "Kovácshoz", "Kovácsra")),
    ("Nimbus", ("Nimbusszal", "Nimbust", "Nimbusnak", "Nimbushoz", "Nimbusra")),
    # front vowels, unrounded and rounded
    ("Emil", ("Emillel", "Emilt", "Emilnek", "Emilhez", "Emilre")),
    ("Ágnes", ("Ágnessel", "Ágnest", "Ágnesnek", "Ágneshez", "Ágnesre")),
    ("Gergely", ("Gergellyel", "Gergelyt", "Gergelynek", "Gergelyhez", "Gergelyre")),
    ("Győző", ("Győzővel", "Győzőt", "Győzőnek", "Győzőhöz", "Győzőre")),
    ("Ödön", ("Ödönnel", "Ödönt", "Ödönnek", "Ödönhöz", "Ödönre")),
    # a doubled final consonant is not tripled
    ("Bernadett", ("Bernadett-tel", "Bernadettet", "Bernadettnek", "Bernadetthez",
                   "Bernadettre")),
    ("Ann", ("Ann-nal", "Annt", "Ann-nak", "Annhoz", "Annra")),
    # a full name takes the suffix on its last word
    ("Kovács Péter", ("Kovács Péterrel", "Kovács Pétert", "Kovács Péternek",
                      "Kovács Péterhez", "Kovács Péterre")),
])
def test_names_follow_vowel_harmony(name: str, forms: tuple[str, ...]) -> None:
    assert tuple(render("hu", name, s) for s in ("-val", "-t", "-nak", "-hoz", "-ra")) == forms


@pytest.mark.parametrize("name", ["Kate", "Sarah", "Marie", "R2D2", "李", "Joey", "Xavér"])
def test_a_name_it_cannot_judge_gets_the_safe_form(name: str) -> None:
    assert render("hu", name, "-val") == f"{name} nevű játékossal"
    assert render("hu", name, "-t") == f"{name} nevű játékost"
    assert render("hu", name, "-nak") == f"{name} nevű játékosnak"


#: Common first names a player may type, each with its right "-val" form: the form a
#: Hungarian writes for it, or the safe form where its letters do not tell how it is read
#: (an English or French silent e, a final s read [s], a French silent ending…).
SAFE = None
FIRST_NAMES = {
    "hu": {"Ada": "Adával", "Bruno": "Brunóval", "Csilla": "Csillával", "Dora": "Dorával",
           "Emil": "Emillel", "Fanni": "Fannival", "Bence": "Bencével", "Emese": "Emesével",
           "Levente": "Leventével", "Imre": "Imrével", "Tamás": "Tamással",
           "Lajos": "Lajossal", "Dénes": "Dénessel", "Ferenc": "Ferenccel",
           "Gergely": "Gergellyel", "Mihály": "Mihállyal", "Balázs": "Balázzsal",
           "Zsófia": "Zsófiával", "Tünde": "Tündével", "Norbert": "Norberttel",
           "Roland": "Rolanddal", "Botond": "Botonddal", "Péter": "Péterrel",
           "László": "Lászlóval", "Eszter": "Eszterrel", "Réka": "Rékával",
           "Zoltán": "Zoltánnal", "Katalin": "Katalinnal", "Attila": "Attilával",
           "Judit": "Judittal", "Ágnes": "Ágnessel", "Csenge": "Csengével",
           "Zoé": "Zoéval"},
    "en": {"Mike": SAFE, "Alice": SAFE, "Steve": SAFE, "Chris": SAFE, "Kate": SAFE,
           "Jane": SAFE, "Anne": SAFE, "George": SAFE, "Grace": SAFE, "James": SAFE,
           "Charles": SAFE, "Thomas": SAFE, "Paul": SAFE, "Tony": SAFE, "Kelly": SAFE,
           "Mary": SAFE, "Emily": SAFE, "Sarah": SAFE, "Joseph": SAFE, "Edward": SAFE,
           "Robert": SAFE, "Marc": SAFE, "Joe": SAFE, "Lou": SAFE,
           "John": "Johnnal", "Tom": "Tommal", "Ben": "Bennel", "Bob": "Bobbal",
           "Ann": "Ann-nal", "Emma": "Emmával", "Linda": "Lindával", "Kevin": "Kevinnel",
           "Daniel": "Daniellel", "Helen": "Helennel", "Mark": "Markkal"},
    "fr": {"Pierre": SAFE, "Claude": SAFE, "Nicole": SAFE, "Émile": SAFE, "Louise": SAFE,
           "Camille": SAFE, "Julie": SAFE, "Sophie": SAFE, "Louis": SAFE, "Nicolas": SAFE,
           "Lucas": SAFE, "Jules": SAFE, "Bernard": SAFE, "Gérard": SAFE, "Vincent": SAFE,
           "Laurent": SAFE, "Margot": SAFE, "Olivier": SAFE, "Arnaud": SAFE, "Jean": SAFE,
           "Renée": SAFE, "Hélène": SAFE, "François": SAFE, "Raphaël": SAFE,
           "Léa": "Léával", "Hugo": "Hugóval", "Chloé": "Chloéval", "André": "Andréval",
           "René": "Renével", "Manon": "Manonnal", "Gabriel": "Gabriellel",
           "Simon": "Simonnal", "Rémi": "Rémivel", "Clara": "Clarával"},
    "de": {"Heike": SAFE, "Silke": SAFE, "Klaus": SAFE, "Hans": SAFE, "Moritz": SAFE,
           "Andreas": SAFE, "Matthias": SAFE, "Uwe": SAFE, "Heinz": SAFE, "Kurt": SAFE,
           "Jürgen": "Jürgennel", "Stefan": "Stefannal", "Katrin": "Katrinnal",
           "Birgit": "Birgittel", "Anna": "Annával", "Ursula": "Ursulával",
           "Otto": "Ottóval", "Günter": "Günterrel", "Sebastian": "Sebastiannal"},
}


@pytest.mark.parametrize(("name", "form"), [
    pytest.param(name, form, id=f"{language}-{name}")
    for language, names in FIRST_NAMES.items() for name, form in names.items()])
def test_first_names_get_their_form_or_the_safe_one(name: str, form: str | None) -> None:
    assert render("hu", name, "-val") == (form or f"{name} nevű játékossal")
    if form is None:
        assert render("hu", name, "a -t") == f"{hu_article(name)} {name} nevű játékost"


def test_a_game_term_is_never_taken_for_a_foreign_name() -> None:
    tr = Translator("hu")
    for identifier in ("compass", "cannon", "turbo", "ejection", "jetpack", "spyglass"):
        assert "nevű" not in render("hu", tr.term(identifier), "-val")


@pytest.mark.parametrize(("word", "forms"), [
    ("katapult", ("A katapult", "a katapultot", "katapulttal", "katapultnak")),
    ("jetpack", ("A jetpack", "a jetpacket", "jetpackkel", "jetpacknek")),
    ("alternatív útvonal", ("Az alternatív útvonal", "az alternatív útvonalat",
                            "alternatív útvonallal", "alternatív útvonalnak")),
    ("széllökés", ("A széllökés", "a széllökést", "széllökéssel", "széllökésnek")),
    ("csáklya", ("A csáklya", "a csáklyát", "csáklyával", "csáklyának")),
    ("távcső", ("A távcső", "a távcsövet", "távcsővel", "távcsőnek")),
    ("iránytű", ("Az iránytű", "az iránytűt", "iránytűvel", "iránytűnek")),
    ("villámhárító", ("A villámhárító", "a villámhárítót", "villámhárítóval",
                      "villámhárítónak")),
    ("ködkürt", ("A ködkürt", "a ködkürtöt", "ködkürttel", "ködkürtnek")),
    ("ágyú", ("Az ágyú", "az ágyút", "ágyúval", "ágyúnak")),
    ("turbó", ("A turbó", "a turbót", "turbóval", "turbónak")),
    ("madarak", ("A madarak", "a madarakat", "madarakkal", "madaraknak")),
    ("kalózok", ("A kalózok", "a kalózokat", "kalózokkal", "kalózoknak")),
])
def test_game_terms_take_article_and_case(word: str, forms: tuple[str, ...]) -> None:
    assert tuple(render("hu", word, s) for s in ("A", "a -t", "-val", "-nak")) == forms


def test_every_hungarian_game_term_is_judged() -> None:
    from tutor.glossary import by_engine

    for concept in by_engine().values():
        word = concept.term("hu")
        assert "nevű játékos" not in render("hu", word, "-val"), word


def test_lists_take_the_form_on_each_item() -> None:
    tr = Translator("hu")
    cities = tr.join(["1", "2", "4", "6"])
    assert tr.format("{c:A -es} sziget", c=cities) == "Az 1-es, a 2-es, a 4-es és a 6-os sziget"
    names = tr.join(["Nimbus", "Ada"])
    assert tr.format("Osztozol {p:-val}.", p=names) == "Osztozol Nimbusszal és Adával."


def test_a_numbered_name_takes_its_article_wherever_it_stands() -> None:
    tr = Translator("hu")
    player = "1. játékos"
    assert tr.format("{player} a kapitány.", player=player) == "Az 1. játékos a kapitány."
    assert tr.format("Kész. {player} húz.", player=player) == "Kész. Az 1. játékos húz."
    assert tr.format("a kapitány {player}.", player=player) == "a kapitány az 1. játékos."
    assert tr.format("Osztozol {p:-val}.", p=player) == "Osztozol az 1. játékossal."
    assert tr.format("{p:-nak} jut.", p="2. játékos") == "A 2. játékosnak jut."
    both = tr.join(["Nimbus", player])
    assert tr.format("{p} kiszáll.", p=both) == "Nimbus és az 1. játékos kiszáll."
    assert tr.format("{p} kiszáll.", p=tr.join([player, "Ada"])) == \
        "Az 1. játékos és Ada kiszáll."
    assert tr.format("Csak {player} látja: {message}", player=player, message="x") == \
        "Csak az 1. játékos látja: x"
    # Where it stands as a label, the name stays bare: quoted, before a remark in
    # brackets, after a rank.
    assert tr.format("{player} (te, kapitány)", player=player) == "1. játékos (te, kapitány)"
    assert tr.format("{rank}. {player}: {n} pont", rank=2, player=player, n=12) == \
        "2. 1. játékos: 12 pont"
    assert tr.format("Ez a név túl hosszú: „{name}”.", name=player) == \
        "Ez a név túl hosszú: „1. játékos”."
    # A person's name stays bare, and so does a numbered noun in other languages.
    assert tr.format("{player} a kapitány.", player="Ada") == "Ada a kapitány."
    assert Translator("fr").format("{player} est capitaine.", player="Joueur 1") == \
        "Joueur 1 est capitaine."


@pytest.mark.parametrize("spec", ["-xyz", "b", "a az", "-ra -ról", "az -"])
def test_an_unknown_hungarian_form_is_an_error(spec: str) -> None:
    with pytest.raises(GrammarError):
        grammar.validate_spec("hu", spec)


# --- French ---------------------------------------------------------------------------------

def test_french_gender_follows_the_declared_character() -> None:
    tr = Translator("fr").with_genders({"Ada": "f", "Bruno": "m"})
    text = "{p}, {p:seul|seule} à bord."
    assert tr.format(text, p="Ada") == "Ada, seule à bord."
    assert tr.format(text, p="Bruno") == "Bruno, seul à bord."
    assert tr.format("{p:le capitaine|la capitaine}", p=Person("Ann", "f")) == "la capitaine"


def test_an_undeclared_name_gets_the_epicene_form_when_one_is_given() -> None:
    tr = Translator("fr").with_genders({"Ada": "f"})
    text = "{p:seul|seule|sans personne d’autre} à bord"
    assert tr.format(text, p="Zoé") == "sans personne d’autre à bord"
    assert tr.format(text, p="Ada") == "seule à bord"


def test_genders_are_checked() -> None:
    assert grammar.parse_genders({"Ada": "f", "Bruno": "m"}) == {"Ada": "f", "Bruno": "m"}
    for bad in ({"Ada": "x"}, {"": "f"}, {"Ada": None}):
        with pytest.raises(GrammarError):
            grammar.parse_genders(bad)
    with pytest.raises(GrammarError):
        Person("Ada", "feminine")


@pytest.mark.parametrize(("value", "de", "que"), [
    ("Ada", "d’Ada", "qu’Ada"), ("Emil", "d’Emil", "qu’Emil"), ("Bruno", "de Bruno", "que Bruno"),
    ("Hugo", "de Hugo", "que Hugo"), (1, "d’1", "qu’1"), (8, "de 8", "que 8"),
    (11, "de 11", "que 11")])
def test_french_elision(value: object, de: str, que: str) -> None:
    assert (render("fr", value, "de"), render("fr", value, "que")) == (de, que)


def test_french_typography() -> None:
    nnbsp = "\u202f"
    assert french_typography("Scores : 4 ; « oui » ! Vraiment ?") == (
        f"Scores{nnbsp}: 4{nnbsp}; «{nnbsp}oui{nnbsp}»{nnbsp}! Vraiment{nnbsp}?")
    assert french_typography("«oui»") == f"«{nnbsp}oui{nnbsp}»"
    # Code stays as it is: no space, no change.
    for code in ("id: \"3.4\"", "NOM:VALEURS", "http://x", "4:6"):
        assert french_typography(code) == code


# --- Translator -----------------------------------------------------------------------------

@pytest.fixture
def locale_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n.catalog.cache_clear()
    yield tmp_path
    i18n.catalog.cache_clear()


def _compile(folder: Path, language: str, entries: dict) -> None:
    catalog = Catalog(locale=language, domain="celestia")
    for msgid, msgstr in entries.items():
        catalog.add(msgid, msgstr)
    target = folder / language / "LC_MESSAGES" / "celestia.mo"
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("wb") as handle:
        write_mo(handle, catalog)


def test_translator_fills_grammar_specs_and_falls_back_on_broken_ones(locale_dir: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("tutor.i18n.STRICT", False)  # the program's own behaviour
    _compile(locale_dir, "hu", {
        "The airship reaches city {city}.": "A léghajó megérkezik {city:a -es} szigetre.",
        "{player} waves.": "{player:-xyz} integet.",
        ("{n} die to city {city}", "{n} dice to city {city}"): (
            "{n} kockával {city:a -es} szigetre", "{n} kockával {city:a -es} szigetre"),
    })
    tr = Translator("hu")
    assert tr.format("The airship reaches city {city}.", city=20) == \
        "A léghajó megérkezik a 20-as szigetre."
    assert tr.format("{player} waves.", player="Ada") == "Ada waves."  # broken: English
    # Formatting a translation outside Translator gets the same forms.
    text = tr.ngettext("{n} die to city {city}", "{n} dice to city {city}", 2)
    assert text.format(n=2, city=1) == "2 kockával az 1-es szigetre"
    # It pickles as plain text (Sphinx pickles its configuration), and a translation
    # without grammar specs stays a plain str.
    assert type(pickle.loads(pickle.dumps(text))) is str
    assert type(tr.gettext("Scores:")) is str


def test_contexts_are_separate_messages(locale_dir: Path) -> None:
    catalog = Catalog(locale="hu", domain="celestia")
    catalog.add("Bruno, the captain.", "Brunót, a kapitányt.", context="ejected")
    catalog.add("Bruno, the captain.", "Bruno, a kapitány.", context="drawer")
    target = locale_dir / "hu" / "LC_MESSAGES" / "celestia.mo"
    target.parent.mkdir(parents=True)
    with target.open("wb") as handle:
        write_mo(handle, catalog)
    tr = Translator("hu")
    assert tr.pgettext("ejected", "Bruno, the captain.") == "Brunót, a kapitányt."
    assert tr.pformat("drawer", "Bruno, the captain.") == "Bruno, a kapitány."
    assert tr.gettext("Bruno, the captain.") == "Bruno, the captain."


def test_english_is_left_alone() -> None:
    tr = Translator("en")
    assert tr.format("Scores: {n}.", n=3) == "Scores: 3."
    assert type(tr.gettext("Scores:")) is str


def test_positions_of_dice_become_a_list_in_words() -> None:
    from tutor.engine.messages import Event

    event = Event("reroll-choice", "The captain rerolls dice {positions}.", {"positions": (1, 3)})
    assert Translator("en").message(event) == "The captain rerolls dice 1 and 3."
    assert Translator("fr").message(event) == "Le capitaine relance les dés 1 et 3."
    assert Translator("hu").message(event) == "A kapitány újradobja az 1-es és a 3-as kockát."
    assert Translator("hu").term_value("positions", (2,)) == "2"


def test_a_value_with_no_letter_is_no_name() -> None:
    with pytest.raises(GrammarError):
        render("hu", "(1,)", "-t")


# --- Lists of cards: each card once, with how many -------------------------------------------

@pytest.mark.parametrize(("language", "cards", "plain"), [
    ("en", "compass+compass+turbo", "two compasses and a Turbo"),
    ("en", "ejection", "an Ejection"),
    ("en", "cannon+cannon+cannon", "three cannons"),
    ("fr", "compass+turbo+compass", "deux boussoles et Turbo"),
    ("fr", "turbo+turbo", "deux Turbo"),  # a card's name, invariable
    ("fr", "alternative-route+alternative-route", "deux Itinéraires bis"),
    ("hu", "compass+compass+turbo", "két iránytű és turbó"),
    ("hu", "spyglass+spyglass", "két távcső"),
])
def test_equal_cards_are_counted_once(language: str, cards: str, plain: str) -> None:
    tr = Translator(language)
    assert str(tr.term_value("cards", cards)) == plain
    assert str(tr.cards(cards.split("+"))) == plain


@pytest.mark.parametrize(("cards", "forms"), [
    ("compass+turbo", ("la boussole et le Turbo", "une boussole et un Turbo",
                       "Une boussole et un Turbo")),
    ("compass+compass+turbo", ("les deux boussoles et le Turbo", "deux boussoles et un Turbo",
                               "Deux boussoles et un Turbo")),
    ("alternative-route+foghorn", ("l’Itinéraire bis et la corne de brume",
                                   "un Itinéraire bis et une corne de brume",
                                   "Un Itinéraire bis et une corne de brume")),
])
def test_french_cards_take_their_article_and_gender(cards: str, forms: tuple[str, ...]) -> None:
    tr = Translator("fr")
    value = tr.term_value("cards", cards)
    assert tuple(render("fr", value, spec) for spec in ("le", "un", "Un")) == forms
    assert render("fr", tr.term_value("card", "ejection"), "un") == "un Débarquement"
    assert render("fr", tr.term_value("card", "spyglass"), "Le") == "La Longue-vue magique"


@pytest.mark.parametrize(("cards", "forms"), [
    ("compass+turbo", ("az iránytűvel és a turbóval", "egy iránytűvel és egy turbóval",
                       "Egy iránytűt és egy turbót")),
    ("compass+compass+turbo", ("a két iránytűvel és a turbóval",
                               "két iránytűvel és egy turbóval", "Két iránytűt és egy turbót")),
    ("spyglass+spyglass+spyglass", ("a három távcsővel", "három távcsővel", "Három távcsövet")),
])
def test_hungarian_cards_take_article_number_and_case(cards: str,
                                                      forms: tuple[str, ...]) -> None:
    value = Translator("hu").term_value("cards", cards)
    assert tuple(render("hu", value, spec) for spec in ("az -val", "egy -val", "Egy -t")) \
        == forms


def test_a_french_article_needs_a_game_term() -> None:
    grammar.validate_spec("fr", "le")
    grammar.validate_spec("hu", "egy -val")
    with pytest.raises(GrammarError):
        render("fr", "Ada", "le")  # a name has no article to take


def test_a_counted_term_pickles_as_itself() -> None:
    term = Translator("fr").term("compass").times(2)
    again = pickle.loads(pickle.dumps(term))
    assert (again, again.how_many, again.gender) == ("deux boussoles", 2, "f")


@pytest.mark.parametrize(("amount", "shown", "noun"), [
    (0.0, "0,0", "point"), (0.6, "0,6", "point"), (1.0, "1,0", "point"), (1.9, "1,9", "point"),
    (2.0, "2,0", "points"), (9.3, "9,3", "points"), (-0.4, "-0,4", "point")])
def test_a_french_noun_agrees_with_a_quantity(amount: float, shown: str, noun: str) -> None:
    from tutor.grammar import Quantity

    text = Translator("fr").format("{x}", x=Quantity(shown, amount))
    assert text == shown
    rendered = grammar.render("fr", Quantity(shown, amount), "point|points")
    assert rendered == noun


@pytest.mark.parametrize(("count", "noun"), [(0, "point"), (1, "point"), (2, "points"),
                                             (25, "points")])
def test_a_french_noun_agrees_with_a_whole_number(count: int, noun: str) -> None:
    # A lesson's points are whole numbers: "Vos trésors valent maintenant 0 point."
    line = "{points} {points:point|points}"
    assert grammar.GrammarFormatter("fr").format(line, points=count) == f"{count} {noun}"


def test_the_coach_figures_agree_in_french() -> None:
    from tutor.practice.coach import points

    tr = Translator("fr")
    line = "{x} {x:point espéré|points espérés}"
    fill = grammar.GrammarFormatter("fr").format
    assert fill(line, x=points(0.63, tr)) == "0,6 point espéré"
    assert fill(line, x=points(12.34, tr)) == "12,3 points espérés"
    # Every French coach message that shows expected points agrees its noun with them.
    figures = ("stay|leave|roll|take|play|keep|kept|harm|pay|crash|points|now|best_points|"
               "other_points|cost|next_points")
    for message in tool.read(tool.ROOT / "locales/fr/LC_MESSAGES/practice.po", locale="fr"):
        if any(path.endswith(("coach.py", "sentences.py")) for path, _ in message.locations):
            strings = message.string if isinstance(message.string, tuple) else [message.string]
            for text in strings:
                assert not re.search(rf"\{{(?:{figures})\}} points", text or ""), text
    for message in tool.read(tool.ROOT / "locales/fr/LC_MESSAGES/lessons.po", locale="fr"):
        text = message.string if isinstance(message.string, str) else ""
        assert not re.search(r"\{(?:leave|next|stay)_points\} points", text), text
