"""The one normaliser of players' words (``tutor.content.search``): accents, case,
endings, stop words, glossary terms and players' words, typos."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.content import faq, search


def test_fold_and_stem() -> None:
    assert search.fold("Débarquement") == "debarquement"
    assert search.fold("KÖDKÜRT") == "kodkurt"
    assert search.stem("compasses", "en") == "compass"
    assert search.stem("boussoles", "fr") == search.stem("boussole", "fr")
    assert search.stem("iránytűvel".replace("ű", "u").replace("á", "a"), "hu") == "iranytu"
    # English words keep the endings of the other languages: "player" is not "play".
    assert search.stem("player", "en") == "player"


def test_question_words_and_filler_are_dropped_but_game_words_kept() -> None:
    assert search.words("What happens when nobody can pay?") == ["pay"]
    assert search.words("Que se passe-t-il si le capitaine ne peut pas payer ?") == [
        "capitaine", "payer"]
    assert search.words("Mi történik, ha lehet-e kiszállni?") == ["kiszallni"]
    # Spelt with its accent, "dés" (dice) is a word; "des" (an article) is not.
    assert search.words("les dés") == ["des"] and search.words("des cartes") == ["cartes"]


def test_players_words_stand_for_glossary_terms() -> None:
    assert ["@draw-pile", "deck"] in search.query_terms("the deck", "en")
    assert search.query_terms("dé blanc", "fr") == [["@blank"]]
    assert ["@city", search.stem("varos", "hu")] in search.query_terms("város", "hu")
    assert search.query_terms("gyors játék", "hu") == [["@beginner-variant"]]
    assert search.concepts("Shuffle the discard pile into a new draw pile.", "en") == [
        "@discard-pile", "@draw-pile"]
    # A synonym group brings its words: "winner" finds "win".
    assert "win" in search.query_terms("winner", "en")[0]


def test_index_and_query_forms_meet() -> None:
    """What the site's index stores and what a query asks for are the same forms."""
    text = "When the draw pile runs out, shuffle the discard pile."
    stored = set(search.index_terms(text, "en"))
    for alternatives in search.query_terms("deck empty", "en"):
        assert stored & set(alternatives), alternatives


def test_a_typo_finds_the_word_it_misspells() -> None:
    assert search.closest_spelling("jetpak", ["jetpack", "jacket"]) == "jetpack"
    assert search.closest_spelling("boussolle", ["boussole", "bouse"]) == "boussole"
    assert search.closest_spelling("xylophone", ["jetpack"]) is None


@given(st.text("abcd", max_size=9), st.text("abcd", max_size=9), st.integers(0, 3))
def test_edit_counts_agree_with_rapidfuzz(a: str, b: str, limit: int) -> None:
    """Our bounded count of edits is the optimal string alignment distance."""
    from rapidfuzz.distance import OSA

    assert search.edit_distance(a, b, limit) == min(OSA.distance(a, b), limit + 1)


@pytest.mark.parametrize(("query", "language", "expected"), [
    ("jetpak", "en", "who-plays-jetpack"),
    ("spyglas worth points", "en", "spyglass-points"),
    ("boussolle brouillard", "fr", "what-hazards"),
    ("szellokes", "hu", "gust-of-wind"),
])
def test_typos_and_missing_accents_still_find_the_entry(query: str, language: str,
                                                        expected: str) -> None:
    assert faq.search(query, language)[0].id == expected


@pytest.mark.parametrize(("query", "language"), [
    ("50 points", "en"), ("game end 50 points", "en"), ("fin de partie 50 points", "fr"),
    ("játék vége 50 pont", "hu"), ("when does the game end", "en"),
])
def test_the_general_rule_comes_before_the_variant(query: str, language: str) -> None:
    found = [e.id for e in faq.search(query, language, limit=10)]
    # The variant may also fall below the cut-off when the query is asked as players
    # ask about the general rule (its example questions).
    assert "end-of-game" in found
    if "beginner-end-score" in found:
        assert found.index("end-of-game") < found.index("beginner-end-score")


@pytest.mark.parametrize(("query", "language"), [
    ("beginner 50 points", "en"), ("variante pour débuter 50 points", "fr"),
    ("gyors játék 50 pont", "hu"), ("quick game 50 points", "en"),
])
def test_naming_the_variant_brings_its_entry_first(query: str, language: str) -> None:
    assert faq.search(query, language)[0].id == "beginner-end-score"


def test_a_whole_question_beats_a_shared_word() -> None:
    assert faq.search("what happens when nobody can pay?", "en")[0].id == "captain-cannot-pay"
    assert faq.search("What if the deck is empty?", "en")[0].id == "reshuffle"


@given(st.text(max_size=60))
def test_any_text_is_normalised_without_error(text: str) -> None:
    for language in ("en", "fr", "hu"):
        for form in search.index_terms(text, language):
            assert form and form == form.strip()
        for alternatives in search.query_terms(text, language):
            assert alternatives
    assert all(w == search.fold(w) for w in search.words(text))


@given(st.text(max_size=40))
def test_any_query_searches_without_error(query: str) -> None:
    for entry in faq.search(query, "hu", limit=3):
        assert faq.get(entry.id) is entry


def test_the_normaliser_imports_nothing_heavy() -> None:
    code = ("import sys, tutor.content.search; "
            "print(' '.join(m for m in ('yaml', 'rapidfuzz', 'babel', 'tutor.engine.state') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == ""


@pytest.mark.parametrize(("query", "language"), [("jetpak", "en"), ("kodkurt mire jo", "hu"),
                                                 ("what if the deck is empty?", "en")])
def test_a_lookup_with_or_without_typos_loads_no_heavy_module(query: str,
                                                             language: str) -> None:
    """What ``celestia faq`` must not import to start fast: no YAML parser (the content
    comes from its caches), no fuzzy matcher or hash library (typos and cache keys are
    checked in plain Python), no text wrapper (the Writer wraps)."""
    code = ("import contextlib, io, sys; from tutor.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            f"    main(['faq', {query!r}, '--lang', {language!r}])\n"
            "print(' '.join(m for m in ('yaml', 'rapidfuzz', 'hashlib', 'textwrap', "
            "'tutor.engine.state') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == ""


@pytest.fixture
def players_file(tmp_path, monkeypatch: pytest.MonkeyPatch):
    """A players' words file that a test may break (and search tables kept in tmp)."""
    from tutor.content import loader

    for name in ("rules.yaml", "faq.yaml", "about.yaml"):
        (tmp_path / name).write_bytes((loader.FOLDER / name).read_bytes())
    path = tmp_path / "players_words.yaml"
    path.write_bytes(search.PLAYERS_FILE.read_bytes())
    monkeypatch.setattr(search, "PLAYERS_FILE", path)
    monkeypatch.setattr(loader, "FOLDER", tmp_path)

    def clear() -> None:
        for cached in (search.lexicon, search._phrases, loader.load, faq._entries,
                       faq._rule_ids, faq._index):
            cached.cache_clear()

    clear()
    yield path
    monkeypatch.undo()
    clear()


@pytest.mark.parametrize(("broken", "said"), [
    ("terms:\n  draw-piles:\n    en: [deck]\n", '"draw-piles" under "terms" is not a concept'),
    ("terms:\n  airship:\n    en: ship\n", 'the words of "airship" must be lists'),
    ("groups:\n  - en: [win]\n", "each synonym group"),
    ("colours: {}\n", 'unknown key "colours"'),
    ("kinds:\n  fog: dice\n", '"kinds" must map concepts'),
    ("kinds: [fog]\n", '"kinds" must map concepts'),
    ("terms: [\n", "cannot be read"),
])
def test_a_broken_players_words_file_is_reported(players_file, broken: str,
                                                 said: str) -> None:
    from tutor.content.loader import ContentError
    from tutor.i18n import Translator

    players_file.write_text(broken, encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        faq.search("deck", "en")
    message = Translator("en").message(caught.value)
    assert said in message and "players_words.yaml" in message
    assert Translator("hu").message(caught.value) != message  # translated


def test_search_tables_are_rebuilt_when_their_cache_is_damaged(players_file) -> None:
    assert faq.search("deck empty", "en")[0].id == "reshuffle"
    caches = sorted(players_file.parent.glob("*search*.cache.json"))
    assert [p.name for p in caches] == ["faq-search.en.cache.json",
                                        "search-lexicon.cache.json"]
    for path in caches:
        path.write_text('{"digest": "0", "data": []}', encoding="utf-8")
    faq._index.cache_clear()
    search.lexicon.cache_clear()
    search._phrases.cache_clear()
    assert faq.search("deck empty", "en")[0].id == "reshuffle"


class _CountingSet(set):
    """A set that counts how often it is asked whether it holds something."""

    checks = 0

    def __contains__(self, item: object) -> bool:
        self.checks += 1
        return super().__contains__(item)


@pytest.mark.parametrize("size", [10, 1_000, 120_000])
def test_an_endless_word_costs_no_more_than_the_longest_known_word(size: int) -> None:
    """A pasted page is no typo of any word: the work done on a word is bounded by the
    longest word the game has, not by the length of the word."""
    vocabulary = search.Vocabulary(["jetpack", "compass", "kodkurt"], "en")
    vocabulary.known = _CountingSet(vocabulary.known)
    assert vocabulary.related("q" * size) == {}
    assert vocabulary.known.checks <= vocabulary.longest + 1
    table = {"jetpack": "@jetpack", "compass": "@compass"}
    vocabulary.known.checks = 0
    assert search._single_word_target("a" * size, table, vocabulary, typing=True) is None
    assert vocabulary.known.checks <= 2 * (vocabulary.longest + 1)
    assert search.closest_spelling("a" * size, ["jetpack"]) is None


def test_search_reads_only_the_start_of_an_endless_query() -> None:
    assert faq.search("jetpack", "en")
    assert faq.search("x " * faq.MAX_QUERY + "jetpack", "en") == []
    assert faq.search("a" * 120_000, "hu") == []


@pytest.mark.parametrize(("text", "expected"), [
    ("who starts", {"who"}), ("qui commence", {"who"}), ("ki kezd", {"who"}),
    ("alternatív útvonal ki választja a kockákat", {"who"}),
    # Hungarian "ki" after a verb is its prefix, not "who".
    ("Mikor játssza ki a kapitány a lapjait?", {"when"}),
    ("Mi van a kockákon, és milyen gyakran jön ki üres oldal?", set()),
    ("does the captain pay before or after passengers decide", {"when"}),
    ("le capitaine paie avant ou apres les passagers", {"when"}),
    ("à quoi sert la longue-vue", {"purpose"}), ("mire jó a távcső", {"purpose"}),
    ("What do the Power cards do?", {"purpose"}), ("How does the Magic Spyglass work?",
                                                    {"how", "purpose"}),
    ("et si le capitaine n'a pas de cartes", {"not"}),
    ("how many dice", set()),
    ("Can the captain choose to reroll no die at all?", {"not"}),
    ("et si tous les passagers descendent", {"all"}),
])
def test_what_a_question_asks_for_is_read_in_every_language(text: str,
                                                          expected: set[str]) -> None:
    assert search.intents(text) == expected


def test_the_words_of_before_or_after_only_shape_the_question() -> None:
    terms = search.query_terms("does the captain pay before or after passengers decide", "en")
    assert not any("after" in alternatives or "befor" in alternatives
                   for alternatives in terms)
    assert ["after"] in search.query_terms("after a crash", "en")


def test_english_forms_of_one_word_meet() -> None:
    for forms in (["treasure", "treasures"], ["tie", "ties", "tied"], ["city", "cities"],
                  ["leave", "leaves", "leaving"], ["crash", "crashes", "crashed"],
                  ["stop", "stopped", "stopping"]):
        assert len({search.stem(f, "en") for f in forms}) == 1, forms
    assert search.stem("dice", "en") == "dice" and search.stem("compass", "en") == "compass"


def test_french_inversion_keeps_a_phrase_whole() -> None:
    # "joue-t-il ses cartes" is the phrase "joue ses cartes": the captain pays.
    assert search.query_terms("Quand le capitaine joue-t-il ses cartes ?", "fr")[-1][0] == "#pay"


def test_a_broad_word_of_a_group_counts_in_a_query_but_not_in_a_text() -> None:
    """French "plus" is "no more" in "plus de cartes dans la pioche", but "la carte la plus
    rare" is not about an empty pile."""
    assert "#empty" in search.query_terms("plus de cartes", "fr")[0]
    assert "#empty" not in search.index_terms("les canons sont la carte la plus rare", "fr")
    assert "#empty" in search.index_terms("la pioche est vide", "fr")


@pytest.mark.parametrize(("query", "language"), [
    ("50 points", "en"), ("50 points", "fr"), ("50 pont", "hu"),
    ("what happens at 50 points", "en"),
])
def test_a_number_of_the_rules_finds_the_rule_it_belongs_to(query: str,
                                                             language: str) -> None:
    assert faq.search(query, language)[0].id == "end-of-game"


@pytest.mark.parametrize(("query", "language", "expected"), [
    # "mire" (what for) is a word of the language, not a typo of "kire" (on whom).
    ("mire jó a ködkürt", "hu", "what-hazards"), ("kodkurt mire jo", "hu", "what-hazards"),
    ("mire jó a távcső", "hu", "spyglass-how"),
    ("à quoi sert la longue-vue", "fr", "spyglass-how"),
])
def test_filler_and_known_words_do_not_drown_the_content_word(query: str, language: str,
                                                              expected: str) -> None:
    assert faq.search(query, language)[0].id == expected


@pytest.mark.parametrize("language", ["en", "fr", "hu"])
def test_every_entry_is_indexed_in_its_own_language(language: str) -> None:
    """A translation whose placeholders carry grammar specs ("{spyglass_cities:a -es}")
    renders for the index too, instead of falling back to the English text."""
    from tutor.content.values import Values, fill
    from tutor.i18n import Translator

    tr, plain = Translator(language), Values(language, plain_lists=True)
    for entry in faq.entries():
        for msgid in (entry.question, entry.answer):
            # Raised ValueError for a list with a spec, and the index took the English.
            text = fill(tr.gettext(msgid), plain)
            assert "{" not in text, entry.id
    # The cities a list names are left out of the index: they say what the text
    # enumerates, not what it is about.
    assert "9" not in fill("the cities {city_values}", plain)


@pytest.mark.parametrize(("text", "intent"), [
    ("do I have to pay", "must"), ("est-il obligé de payer", "must"),
    ("kötelező fizetnie a kapitánynak?", "must"), ("can the captain refuse", "must"),
    ("can I still leave after he paid", "still"), ("je peux encore descendre", "still"),
    ("captain doesnt have the cards", "not"), ("i cant pay", "not"),
])
def test_an_obligation_and_a_later_moment_are_a_questions_point(text: str,
                                                                intent: str) -> None:
    assert intent in search.intents(text)


def test_a_moment_is_told_from_another_of_the_same_kind() -> None:
    """"after the captain paid" is not "after I left"; "already" puts what follows
    before the moment; Hungarian names the moment before "után"."""
    paid = search.order("after the captain paid, can I leave", "en", typing=True)
    left = search.order("can I play a card after I left", "en", typing=True)
    assert "after:#pay" in paid and "after:@leave" in left
    assert not set(paid) & set(left)
    assert "after:#pay" in search.order("the captain already paid, can I leave", "en",
                                        typing=True)
    assert search.order("fizetés után húz a kapitány?", "hu", typing=True) == ["after:#pay"]
    assert search.order("does he pay before or after they decide", "en") == []
    # "already" after its verb, at a clause's end or before the next words of the
    # question, puts the verb's thing before the moment.
    assert search.order("i left already can i still play my cards", "en",
                        typing=True) == ["after:@leave"]
    assert search.order("kiszálltam már, kijátszhatok még lapot?", "hu",
                        typing=True) == ["after:@leave"]


def test_words_that_place_a_moment_are_no_things_asked_about() -> None:
    """"already" and "still" ("déjà", "encore", "már", "még") shape the question; a
    word of a synonym group among them keeps its meaning ("anymore": nothing left)."""
    forms = {f for t in search.query_terms("je suis déjà descendu, je peux encore jouer",
                                           "fr") for f in t}
    assert not forms & {"deja", "encore", "enco"}
    assert [t[0] for t in search.query_terms("no treasure anymore", "en")
                          if t[0] == "#empty"] == ["#empty"]


def test_a_phrase_that_frames_the_question_asks_nothing() -> None:
    """"during the game" ("en cours de partie", "játék közben") says nothing of what is
    asked: the entry about the empty draw pile comes first."""
    assert faq.search("le paquet est fini en cours de partie", "fr")[0].id == "reshuffle"
    assert faq.search("játék közben elfogyott a pakli", "hu")[0].id == "reshuffle"


def test_a_hungarian_game_term_before_meg_is_no_verb() -> None:
    """"kalóz meg egy üres": "meg" is "and" after a noun of the game, not a verb's
    prefix put after it."""
    assert "kalóz" in search._spelled("egy kalóz meg egy üres", "hu")
    assert "kilőhetek" in search._spelled("lőhetek ki egy passzt", "hu")


def test_a_hungarian_prefix_split_off_by_an_auxiliary_goes_back_onto_its_verb() -> None:
    """"ki lehet dobni a kapitányt" asks about "kidobni" (Ejection); a prefix that makes
    no player's word with the verb stays apart ("ki lehet katapultálni")."""
    assert search._spelled("ki lehet dobni a kapitanyt", "hu") == [
        "lehet", "kidobni", "a", "kapitanyt"]
    assert search._spelled("ki lehet katapultálni", "hu") == ["ki", "lehet", "katapultálni"]
    # with an adverb between the auxiliary and the verb
    assert search._spelled("ki lehet ott szállni", "hu") == ["lehet", "ott", "kiszállni"]
    assert faq.search("ki lehet dobni a kapitanyt?", "hu")[0].id == "ejection-target"


@pytest.mark.parametrize(("query", "language", "expected"), [
    ("can I still get off after the captain paid", "en", "leave-after-payment"),
    ("can I still play a card after I left", "en", "powers-after-leaving"),
    ("does the captain draw after paying", "en", "captain-draws-after-paying"),
    ("apres avoir paye, le capitaine repioche ?", "fr", "captain-draws-after-paying"),
])
def test_the_moment_a_query_names_finds_its_entry(query: str, language: str,
                                                  expected: str) -> None:
    assert faq.search(query, language)[0].id == expected


@pytest.mark.parametrize(("query", "refs"), [
    ("3.4.2", ["3.4.2"]), ("rule 3.4", ["3.4"]), ("règle 3.5 ?", ["3.5"]),
    ("szabály 5.2", ["5.2"]), ("rule 3", ["3"]), ("(§3.4.3)", ["3.4.3"]),
    # Not rules: a lone number, a number the rulebook lacks.
    ("what if 50", []), ("9.9.9", []), ("rule 99", []),
])
def test_rule_numbers_are_read_from_a_query(query: str, refs: list[str]) -> None:
    assert faq.rule_refs(query) == refs


def test_a_rule_number_brings_the_entries_resting_first_on_it() -> None:
    assert faq.search("3.4.2", "en")[0].rules[0] == "3.4.2"
    assert faq.search("rule 3.4", "en")[0].rules[0].startswith("3.4")


@pytest.mark.parametrize(("typed", "intent"), [
    ("kotelezo fizetni?", "must"), ("est-il oblige de payer", "must"),
    ("mit csinal a tavcso", "purpose"), ("muszaj fizetnie", "must"),
])
def test_question_words_count_without_their_accents(typed: str, intent: str) -> None:
    """The search reads a query without its accents: a question word typed so, or
    folded, still says what the question asks (but "ou", "or", is not "où")."""
    assert intent in search.intents(typed)
    assert intent in search.intents(search.fold(typed))
    assert "where" not in search.intents("avant ou apres")


@pytest.mark.parametrize(("query", "language", "expected"), [
    ("gyors játékban az 50 pont véget vet a játéknak?", "hu", "beginner-end-score"),
    ("in the quick game does 50 points end it", "en", "beginner-end-score"),
    ("does the game end at 50 points", "en", "end-of-game"),
])
def test_a_query_about_the_variant_finds_the_variant_first(query: str, language: str,
                                                         expected: str) -> None:
    """A query naming the beginner variant is answered by its entries before the general
    rule, as a query that does not name it is answered by the general rule first."""
    assert faq.search(query, language)[0].id == expected


def test_tables_built_in_the_pseudo_language_are_kept_apart(tmp_path, monkeypatch) -> None:
    """A run in the pseudo-language (CI's layout check) builds its English tables from
    accented text: an ordinary run must never read them as English, nor the reverse."""
    from tutor import i18n

    monkeypatch.setattr(search, "cache_folder", lambda: tmp_path)
    monkeypatch.setattr(i18n, "PSEUDO_ON", True)
    search.write_json_cache("faq-search.en.cache.json", "same sources", {"from": "qps"})
    monkeypatch.setattr(i18n, "PSEUDO_ON", False)
    assert search.read_json_cache("faq-search.en.cache.json", "same sources") is None
    search.write_json_cache("faq-search.en.cache.json", "same sources", {"from": "en"})
    assert search.read_json_cache("faq-search.en.cache.json", "same sources") == {"from": "en"}
    monkeypatch.setattr(i18n, "PSEUDO_ON", True)
    assert search.read_json_cache("faq-search.en.cache.json", "same sources") == {"from": "qps"}


def test_a_hungarian_prefix_before_a_conjunction_goes_back_onto_its_verb() -> None:
    """"a 6-osnál szálltam ki és…": the prefix ends its clause, "kiszálltam" is leaving;
    a number with a suffix ("6-osnál", "the 6th", "la 6e") is the number (in Hungarian
    followed by a filler word, ``SHAPES["hu_place"]``: a place counts nothing)."""
    assert search._spelled("a 6-osnál szálltam ki és húztam", "hu") == [
        "a", "6", "na", "kiszálltam", "és", "húztam"]
    assert search._spelled("got off at the 6th, la 6e") == [
        "got", "off", "at", "the", "6", "la", "cité", "6"]   # "la 6" is a city


def test_phrases_that_ask_with_a_question_word_of_their_own() -> None:
    """"at what point" asks when (no game's points), "qu'est-ce qui" what (no "who"),
    "quand même" still (no "when"), "je passe" passes."""
    assert search.intents("at what point does the captain pay") == {"when"}
    assert "who" not in search.intents("qu'est-ce qui est secret", "fr")
    assert search.intents("je peux quand même descendre", "fr") == {"still"}
    assert "passer" in search._spelled("si je passe", "fr")


def test_french_dont_is_no_contraction() -> None:
    """French "dont" (whose) is a word: an entry saying "une cité dont la pile…" asks
    about no negation, while English "dont" typed without its apostrophe is "do not"."""
    assert "not" not in search.intents("une cité dont la pile est vide", "fr")
    assert "not" in search.intents("i dont have a cannon", "en")


def test_a_hungarian_past_tense_reads_as_its_verb() -> None:
    """"kijátszotta", "húztam": a past tense unknown as it is reads as its verb."""
    table, _, single = search._phrases("hu", True)
    assert search._single_word_target(search.stem("huztam", "hu"), table, single,
                                      True) == "#take"


@pytest.mark.parametrize(("query", "language", "expected"), [
    # a card the captain lacks is a payment he cannot make
    ("le capitaine a pas de paratonnerre pour l'eclair, on fait quoi", "fr",
     "captain-cannot-pay"),
    ("captain doesnt have the cards what now", "en", "captain-cannot-pay"),
    # a face of the dice is also about the dice; a card also about Equipment
    ("un de blanc et un de brouillard, il faut quoi", "fr", "blank-dice"),
])
def test_a_situation_reaches_its_answer(query: str, language: str, expected: str) -> None:
    assert faq.search(query, language)[0].id == expected


def test_a_concept_counts_as_its_kind() -> None:
    """players_words.yaml's kinds: fog is a face of the event dice, a Cannon Equipment."""
    assert search.kinds("en", "@fog") == ["@event-dice"]
    assert search.kinds("hu", "@cannon") == ["@equipment"]
    assert search.kinds("fr", "@captain") == []


def test_the_others_are_no_more() -> None:
    """Hungarian "a többiek" (the others) is not "több" (more: the hand limit)."""
    terms = search.query_terms("a többiek újra játszhatnak?", "hu")
    assert ["#others" in t for t in terms] == [True, False, False]
    assert not any("#limit" in t for t in terms)


def test_what_happened_next_places_the_players_moment_before_it() -> None:
    """"I got off at 9, then the ship went down": the player's moment came before the
    crash, as "I left before the crash" asks ("puis", "aztán" alike)."""
    assert "before:@crash" in search.order("got off at 9, then the ship went down", "en")
    assert "before:@crash" in search.order("je suis descendu, puis on s'est écrasé", "fr")
    assert "before:@crash" in search.order("kiszálltam, aztán lezuhant a hajó", "hu")


def test_a_hungarian_stem_that_lost_its_last_vowel_is_still_its_word() -> None:
    """"eszközkártyái" (his Equipment cards) stems to "eszkozkarty": it is still the
    glossary's "eszközkártya"."""
    assert search.concepts("megvannak a megfelelő eszközkártyái", "hu") == ["@equipment"]


def test_a_letter_left_out_is_the_likeliest_typo() -> None:
    """Of candidates one edit away, a letter left out comes before one mistyped: "oder"
    is "order" before "over", "cares" "cartes" before "cards"."""
    assert search.closest_spelling("oder", ["over", "order"]) == "order"
    assert search.closest_spelling("cares", ["cards", "cartes"]) == "cartes"
    assert search.closest_spelling("ordder", ["over", "order"]) == "order"


def test_a_typo_of_a_filler_word_is_no_game_word() -> None:
    """"anone" is "anyone" (a stop word), not "alone" (the lone captain's word)."""
    assert faq._corrected("can anone still get off there", faq._index("en")).split()[1] \
        == "anyone"


def test_an_order_word_ending_its_clause_says_afterwards() -> None:
    """"…and we crashed right after": the crash came after the player's moment, which is
    "before the crash"; the word asks nothing by itself. "Already" names what follows it
    up to the next clause ("már kiszálltam, amikor lezuhantak": not after the crash)."""
    assert "before:@crash" in search.order("he hopped off and we crashed right after", "en")
    assert "after" in search.asking_words("he hopped off and we crashed right after")
    moments = search.order("már kiszálltam amikor lezuhantak", "hu")
    assert "after:@leave" in moments and "after:@crash" not in moments


def test_a_moment_the_other_way_round_is_no_match() -> None:
    """Left, then the ship crashed: "I left before the crash" first, not "after a crash"."""
    assert faq.search("my mate hopped off at 15 and we crashed right after, does he keep "
                      "his card", "en")[0].id == "left-before-crash"


def test_french_partir_is_leaving_but_a_partir_de_is_from() -> None:
    """"je veux partir" is getting off; "à partir de" ("from") leaves nobody."""
    assert "@leave" in search.canonical("je veux partir avec un trésor", "fr", typing=True)
    for text in ("j'en jette à partir d'un moment", "a partir de la cite 9"):
        assert "@leave" not in search.canonical(text, "fr", typing=True)


@pytest.mark.parametrize(("language", "query", "word"), [
    ("fr", "j'accumule 12 cartes, faut que j'en jette a partir d'un moment", "jette"),
    ("fr", "je veux descendre vite avant le crash", "vite"),
    ("en", "im stuck with a turbo, can i keep it", "stuck"),
    ("hu", "ki kezdi az uj kort?", "kort"),
    ("hu", "menni akarok a kovetkezo varosba", "menni"),
    # nearly as common as "crew": a word of its own
    ("en", "can the captain screw us over", "screw"),
])
def test_a_common_word_is_no_typo(language: str, query: str, word: str) -> None:
    """An ordinary word of the language stays what it is: "jette" is not "cette" (a stop
    word, so dropped), "vite" not "cité", "stuck" not "stack", "kört" (the round) not
    "kürt" (the horn), "menni" (to go) not "mennyi" (how many)."""
    assert word in search.common_words(language)
    corrected = faq._corrected(query, faq._index(language))
    assert word in search.tokens(corrected)
    # and the same word is what the typo fixer would have made of it otherwise
    assert search.closest_spelling(word, faq._index(language).spellings) not in (None, word)


def test_a_typo_of_a_more_common_game_word_is_still_fixed() -> None:
    """"carts" is a word, but rarer than "cards": a player typing it meant the cards."""
    index = faq._index("en")
    assert faq._corrected("how many carts in my hand", index).split()[2] == "cards"
    assert faq._corrected("i played my jetpak", index).split()[-1] == "jetpack"


def test_the_common_words_file_holds_folded_words_of_each_language() -> None:
    """What the typo fixer and the website's script read (``page_tables``): each
    language's words, folded, as long as a word the typo fixer may correct, none a stop
    word or a word of the game."""
    tables = search.page_tables()["common_words"]
    for language in search.LANGUAGES:
        words = search.common_words(language)
        assert words and tables[language] == sorted(words)
        spellings = set(search.lexicon()[language]["spellings"])
        for word in words:
            assert word == search.fold(word) and search.WORD.fullmatch(word)
            assert len(word) >= search.MIN_PREFIX
            assert word not in search.STOP_WORDS and word not in spellings


@given(st.sampled_from(sorted(search.common_words("fr"))),
       st.lists(st.text("abcdefghijklmnopqrstuvwxyz", min_size=4, max_size=9), max_size=5))
def test_a_common_word_is_corrected_into_nothing(word: str, candidates: list[str]) -> None:
    """Whatever the candidates, in its own language only."""
    assert search.closest_spelling(word, [word + "s", *candidates], "fr") is None
    if word not in search.common_words("en"):
        assert search.closest_spelling(word, [word + "s", *candidates], "en") is not None


def test_without_the_common_words_file_the_typo_fixer_corrects_as_before(
        monkeypatch, tmp_path) -> None:
    monkeypatch.setattr(search, "COMMON_WORDS_FILE", tmp_path / "missing.txt")
    search._common_words_by_language.cache_clear()
    try:
        assert search.common_words("fr") == frozenset()
        assert search.closest_spelling("jette", ["cette"], "fr") == "cette"
    finally:
        search._common_words_by_language.cache_clear()


def test_french_elisions_typed_without_apostrophe_are_read_apart() -> None:
    """"quon", "quil" are "qu'on", "qu'il" (stop words), no typos of "quoi", "quel"."""
    assert search.words("quon peut jouer quil reste", "fr") == ["jouer", "reste"]


COUNTED_WORDS = {"en": ["cards", "players", "dice", "points", "treasures", "turns",
                        "pirates"],
                 "fr": ["cartes", "joueurs", "dés", "points", "trésors", "tours", "pirates"],
                 "hu": ["lapom", "kártyát", "játékos", "kocka", "pont", "kincs", "kör"]}


@given(st.sampled_from(search.LANGUAGES), st.sampled_from(["9", "12", "15", "20", "25"]),
       st.data())
def test_a_number_before_what_it_counts_is_a_count_not_a_city(language: str, number: str,
                                                             data: st.DataObject) -> None:
    """"12 cartes", "14 cards", "12 lapom", "20 points": a count ("how many"), no city
    (``@city`` is the number alone or before anything else: "at the 12", "la 25 est
    vide")."""
    counted = data.draw(st.sampled_from(COUNTED_WORDS[language]))
    forms = search.canonical(f"{number} {counted}", language, typing=True)
    assert "@city" not in forms and "#number" in forms
    assert "@city" in search.canonical(f"{number}", language, typing=True)
    assert "@city" in search.canonical(f"{number} vide" if language == "fr" else
                                       f"{number} üres" if language == "hu" else
                                       f"{number} empty", language, typing=True)


def test_a_count_is_no_city_in_what_the_faq_searches_for() -> None:
    """"j'ai 12 cartes" is a hand of twelve cards, no city 12; "la 12 est vide" is. Any
    number counts cards or players ("7 joueurs"), but only a city's number is a count of
    points: "50 points" ends the game."""
    assert search.query_terms("j'ai 12 cartes", "fr")[0][0] == "#number"
    assert ["@city", "12"] in search.query_terms("la 12 est vide", "fr")
    assert search.query_terms("on est 7 joueurs", "fr")[0][0] == "#number"
    assert search.query_terms("50 points", "en")[0] == ["50"]
    assert search.query_terms("20 points", "en")[0][0] == "#number"


@pytest.mark.parametrize(("query", "language", "expected"), [
    ("j'ai 12 cartes en main, je dois en jeter ?", "fr", "hand-limit"),
    ("12 lapom van, el kell dobnom párat?", "hu", "hand-limit"),
    ("on a 9 joueurs, c'est possible ?", "fr", "player-count"),
])
def test_a_count_finds_the_entry_about_counts(query: str, language: str,
                                              expected: str) -> None:
    assert faq.search(query, language)[0].id == expected


@pytest.mark.parametrize(("text", "language", "kept"), [
    ("ship went down with me on it, do i get anything", "en", ["ship", "went", "down"]),
    ("the guy next to the captain, erm, decides first", "en",
     ["next", "captain", "decides", "first"]),
    ("je suis obligé en tant que capitaine", "fr", ["oblige", "capitaine"]),
    # (a score beyond the end score is read as it: SHAPES["hu_beyond"]; both of us at
    # one score is a tie)
    ("ketten is 52 ponton vagyunk", "hu", ["dontetlen", "50", "ponton"]),
    ("három veszély lett, ezen a szigeten", "hu", ["3", "veszely", "szigeten"]),
    ("who is captain on the very first voyage", "en", ["captain", "first", "voyage"]),
    ("ya des pirates, on part dou", "fr", ["pirates", "part"]),
    ("átvitt minket a 4-esre, szabad ilyet?", "hu", ["atvitt", "4"]),
])
def test_filler_words_carry_no_meaning(text: str, language: str, kept: list[str]) -> None:
    """"anything", "guy", "erm", "en tant que", "vagyunk" (we are), "lett" (became),
    "ezen" (on this), "very", "ya" (il y a), "minket" (us), "ilyet" (such) only fill the
    sentence: no entry is about them."""
    assert search.words(text, language) == kept


@pytest.mark.parametrize(("text", "language", "present", "absent"), [
    ("je sors à la 9", "fr", "@leave", None),
    # helps the captain out with a card: gives it
    ("kisegíthetem a kapitányt a saját iránytűmmel?", "hu", "#give", "@ejection"),
    ("can i still jump out at this point", "en", "@leave", "#points"),
    # "what does that give": what happens
    ("pas de parafoudre pour la foudre, ça donne quoi", "fr", "@lightning-rod", "#give"),
    ("the captain says he has the cannon but hes lying", "en", "#talk", None),
    ("ki a kapitány a legelső utazásnál?", "hu", "#start", None),
    ("easy mode: is that the five cities that end it", "en", "@beginner-variant", None),
    # a die that turned into another face: no turn of play
    ("alternative route turned a blank into pirates", "en", "@blank", "@step"),
    ("the fog turned into lightning", "en", "#reroll", "@step"),
    # earns treasures: gets them, nobody has won yet
    ("comment on gagne des trésors", "fr", "#take", "#win"),
    ("qui gagne la partie", "fr", "#win", "#take"),
])
def test_a_word_reads_as_what_it_says_at_the_table(text: str, language: str, present: str,
                                                   absent: str | None) -> None:
    forms = search.canonical(text, language, typing=True)
    assert present in forms
    assert absent not in forms


def test_a_stop_word_of_one_language_is_no_word_of_another() -> None:
    """Stop words are one set for every language: English filler must not drop a
    Hungarian word typed without accents ("er" is "ér", is worth)."""
    assert "er" in search.words("a 6-ost húztam, 4-et vagy 6-ot er?", "hu")


@pytest.mark.parametrize(("text", "die"), [
    ("un de brouillard et deux faces vides", True),
    ("chaque de montre un danger", True),
    ("un de mes potes est descendu", False),
    ("il en faut un de plus", False),
])
def test_french_de_after_un_is_a_die(text: str, die: bool) -> None:
    """"un de brouillard" is "un dé" typed without its accent; "un de mes potes" (one of
    my friends) and "un de plus" (one more) are not."""
    assert ("@event-dice" in search.canonical(text, "fr", typing=True)) is die
    # in French only: Hungarian "le, de" is "down, but"
    assert "dé" not in search._spelled("ugorj le de kiszállt", "hu")


@pytest.mark.parametrize("query", ["7-en vagyunk", "heten vagyunk", "ötön játszunk",
                                   "3an játszunk"])
def test_a_hungarian_count_of_people_is_a_number_of_players(query: str) -> None:
    """"7-en vagyunk" (seven of us) is a number of players: its ending counts people and
    is not stripped away from the number; after an article it is a city ("a 9-en")."""
    assert faq.search(query, "hu")[0].id == "player-count"
    assert "@city" in search.concepts("a 9-en kiszállhatok", "hu", players=True)


@pytest.mark.parametrize("query", ["merre megy a kör", "milyen sorrendben megy a kör",
                                   "kinek a köre jön", "óramutató irányába megy a kör?",
                                   "jobbra vagy balra megy a kör"])
def test_a_hungarian_kor_of_direction_or_order_is_the_turn_not_the_voyage(query: str) -> None:
    """"kör" is the voyage, but asked with "merre", "sorrend" or as "kinek a köre" it is
    the turn of play going round."""
    assert "@voyage" not in search.concepts(query, "hu", players=True)
    assert "@voyage" in search.concepts("mi a különbség a kör és a lépés között", "hu",
                                        players=True)


def test_whose_turn_in_hungarian_asks_who_is_next() -> None:
    assert faq.search("kinek a köre jön?", "hu")[0].id == "next-captain"
    assert faq.search("ki jön a kapitány után?", "hu")[0].id == "next-captain"
    assert faq.search("merre megy a kör?", "hu")[0].id == "first-captain"


def test_a_hungarian_compound_of_the_word_rules_is_what_its_last_part_is() -> None:
    """"szabályopciók" (rule options) are options: "szabály" only says that the question
    is about the rules, and a compound starting with it is not that word."""
    assert query_groups("milyen szabályopciók vannak a programban") == []
    assert "szabalyopci" in [form for term in search.query_terms(
        "milyen szabályopciók vannak", "hu") for form in term]
    assert query_groups("a gyors játék szabályai") == ["#rules"]
    assert faq.search("milyen szabályopciók vannak?", "hu")[0].id == "program-options"


def query_groups(query: str) -> list[str]:
    return [term[0] for term in search.query_terms(query, "hu") if term[0] == "#rules"]


def test_a_hungarian_verb_with_its_prefix_takes_no_second_one() -> None:
    """"leugorhatok meg" is "leugorhatok még" (can I still jump off), typed without the
    accent: a verb that has its prefix takes no other, and "leugor" is leaving."""
    assert search._spelled("leugorhatok meg", "hu") == ["leugorhatok", "még"]
    assert search._spelled("kiszallhatok meg a kapitany utan", "hu")[:2] == [
        "kiszallhatok", "még"]
    assert "still" in search.intents("leugorhatok még?", "hu")
    assert "@leave" in search.concepts("leugorhatok még?", "hu", players=True)
    # a verb without a prefix still takes it back ("lőhetek ki" is "kilőhetek")
    assert "kilőhetek" in search._spelled("lőhetek ki egy passzt", "hu")


@pytest.mark.parametrize(("query", "language"), [
    ("what if it's just me on the airship", "en"), ("only me left, can I stay", "en"),
    ("ya plus que moi sur le bateau", "fr"), ("már csak én vagyok fent", "hu")])
def test_just_me_is_alone(query: str, language: str) -> None:
    """"just me", "plus que moi", "már csak én": two or three filler words that together
    say the player is alone."""
    assert "#alone" in [term[0] for term in search.query_terms(query, language)]


def test_only_me_as_a_comparison_is_no_one_alone() -> None:
    assert "#alone" not in [term[0] for term in search.query_terms(
        "il a plus de cartes que moi", "fr")]


@pytest.mark.parametrize("query", ["it's a draw", "we drew on points",
                                   "what if there's a draw"])
def test_a_draw_is_a_tie(query: str) -> None:
    """"It's a draw", "we drew on points": a game that ends even, no card drawn."""
    groups = [term[0] for term in search.query_terms(query, "en")]
    assert "#tie" in groups and "#take" not in groups
    assert faq.search(query, "en")[0].id == "ties"
    assert "#take" in [term[0] for term in search.query_terms("can I draw a card", "en")]


@pytest.mark.parametrize("query", ["birds plus 2 blanks", "fog plus a blank"])
def test_plus_before_a_count_is_and(query: str) -> None:
    """"birds plus 2 blanks": "plus" adds one thing to another, no + city of the
    beginner variant; "plus cities" still are."""
    assert "plus" not in [form for term in search.query_terms(query, "en") for form in term]
    assert faq.search(query, "en")[0].id != "plus-cities"
    assert faq.search("what are plus cities", "en")[0].id == "plus-cities"


@pytest.mark.parametrize(("typed", "read"), [
    ("jpeux descendre", ["je", "peux", "descendre"]),
    ("jme barre", ["je", "me", "barre"]),
    ("jsuis seul", ["je", "suis", "seul"]),
    ("pk je peux pas", ["pourquoi", "je", "peux", "pas"]),
    ("sil a pas de canon", ["s", "il", "a", "pas", "de", "canon"]),
    ("keske ca fait", ["qu", "est", "ce", "que", "ca", "fait"]),
])
def test_french_as_spoken_and_typed_on_a_phone(typed: str, read: list[str]) -> None:
    """"je" elided before a consonant ("jpeux") and phone spellings ("pk", "keske") are
    read as the words they stand for; "jetpack" and "jeu" stay whole."""
    assert search._spelled(typed, "fr") == read
    assert search._spelled("le jetpack et le jeu", "fr") == ["le", "jetpack", "et", "le", "jeu"]
    assert "why" in search.intents("pk je peux pas descendre", "fr")
    assert "@leave" in search.concepts("jme barre a la ville 9", "fr", players=True)


@pytest.mark.parametrize(("query", "concept"), [
    ("befizetem a kártyát", "#pay"), ("ki kell katapultálni", "@ejection"),
    ("elhasználhatom a turbót", "#play")])
def test_a_hungarian_verb_with_an_unlisted_prefix_is_still_its_verb(query: str,
                                                                    concept: str) -> None:
    """"befizet" pays as "fizet" and "kifizet" do, though no list names it."""
    assert concept in [term[0] for term in search.query_terms(query, "hu")]
    # a prefix before a word that is no word of the game makes nothing of it
    # ("bejelenteni", announcing, is now a players' word of its own: "#announce")
    assert search.query_terms("beköszönni", "hu") == [["bekoszon"]]


@pytest.mark.parametrize(("word", "stem"), [
    ("kartyaimmal", "kartyaim"), ("kalozzal", "kaloz"), ("iranytummel", "iranytum"),
    ("szigettel", "sziget"), ("fizetessel", "fizetes")])
def test_a_hungarian_with_ending_that_took_the_consonants_sound_is_taken_off(
        word: str, stem: str) -> None:
    """"-val", "-vel" (with) after a consonant doubles it ("kalózzal"): the word is the
    same without it, so "a kártyáimmal" is about the cards, not corrected to another word."""
    assert search.stem(word, "hu") == stem
    assert "#card" in [term[0] for term in search.query_terms("a kartyaimmal mit csinaljak",
                                                              "hu")]


def test_more_ways_of_saying_alone_a_tie_and_and() -> None:
    """"nobody else but me" is alone, "we're even" a tie (the "re" of "we're" is no
    word), and "plus me" adds a player, no + city."""
    def groups(query: str) -> list[str]:
        return [term[0] for term in search.query_terms(query, "en")]
    assert "#alone" in groups("nobody else but me on the ship")
    assert groups("we're even on points")[0] == "#tie"
    assert "plus" not in groups("3 players plus me")


@pytest.mark.parametrize(("query", "alone"), [
    ("est-ce que le capitaine doit payer", False), ("avant que le capitaine paie", False),
    ("il n'y a que le capitaine", True), ("plus que le capitaine à bord", True)])
def test_french_que_is_only_after_a_restriction(query: str, alone: bool) -> None:
    """"que le capitaine" is "only the captain" after "ne … que", "y a", "plus", "reste",
    not in "est-ce que le capitaine…" or "avant que le capitaine…"."""
    assert ("#alone" in [term[0] for term in search.query_terms(query, "fr")]) is alone


@pytest.mark.parametrize(("typed", "read"), [
    ("lequipement", ["l", "equipement"]), ("lile 9", ["l", "ile", "9"]),
    ("tjrs", ["toujours"]), ("jsp", ["je", "sais", "pas"]), ("dla ville", ["de", "la", "ville"]),
    # a word of its own starting so stays whole
    ("le lancer", ["le", "lancer"]), ("la lune", ["la", "lune"])])
def test_french_elided_articles_and_short_forms(typed: str, read: list[str]) -> None:
    """"lequipement", "lile" (l'équipement, l'île) typed without the apostrophe, and
    short forms ("tjrs", "jsp"), are read as the words they stand for: "lile 9" was
    corrected into "pile"."""
    assert search._spelled(typed, "fr") == read
    assert "@city" in search.concepts("lile 9", "fr", players=True)


def test_hungarian_what_to_do_is_filler() -> None:
    """"mit kell csinálni" (what to do) asks nothing about a thing: "csinálni" is filler
    as "csinálunk" is, so the passengers are what the question is about."""
    assert search.query_terms("az utasoknak mit kell csinálni", "hu") == [
        ["@passenger", "utasok"]]


def test_a_die_that_came_up_was_rolled_once() -> None:
    """"all dice came up blank" tells what the roll showed: no die rolled again ("turned
    into" still is)."""
    def groups(query: str) -> list[str]:
        return [term[0] for term in search.query_terms(query, "en")]
    assert "#reroll" not in groups("all dice came up blank, can i use the hook")
    assert "#reroll" in groups("the fog turned into a blank")


@pytest.mark.parametrize(("text", "read"), [
    ("un de ca a cmb de faces", ["un", "dé", "ca", "a", "combien", "de", "faces"]),
    ("le de qui montre un oiseau", ["le", "dé", "qui", "montre", "un", "oiseau"]),
    ("un de ces jours", ["un", "de", "ces", "jours"])])
def test_french_de_before_what_the_die_does_and_cmb(text: str, read: list[str]) -> None:
    """"un de ça a cmb de faces" is "un dé, ça a combien de faces": "de" before "ça",
    "qui", "est", "a" is still a die typed without its accent, and "cmb" is "combien"."""
    assert search._spelled(text, "fr") == read


def test_a_french_face_that_comes_up_is_no_one_leaving() -> None:
    """"ça sort tout le temps" (that face comes up all the time) is no player getting
    off ("je sors" still is)."""
    def groups(query: str) -> list[str]:
        return [term[0] for term in search.query_terms(query, "fr")]
    assert "@leave" not in groups("un dé blanc, on dirait que ca sort tout le temps")
    assert "@leave" in groups("je sors avant le crash")


def test_french_ni_ni_is_a_negation() -> None:
    """"le capitaine a ni canon ni turbo" says he lacks both: "ni" is no word of the
    game but a negation, and "a ni" is "a pas de"."""
    query = "pirates sur un dé et le capitaine a ni canon ni turbo"
    assert "not" in search.intents(query, "fr")
    groups = [term[0] for term in search.query_terms(query, "fr")]
    assert "#lack" in groups and "ni" not in groups


@pytest.mark.parametrize(("query", "language"), [
    ("et si le capitaine n'a pas de cartes", "fr"), ("le capitaine a aucune carte", "fr"),
    ("what if the captain has no cards", "en"),
    ("the captain doesn't have any cards", "en"),
    ("mi van, ha a kapitánynak nincs kártyája", "hu")])
def test_no_cards_at_all_is_an_empty_hand(query: str, language: str) -> None:
    """A captain with no cards at all has an empty hand: he lacks no one card."""
    groups = [term[0] for term in search.query_terms(query, language)]
    assert "#empty" in groups and "#lack" not in groups
    assert "#lack" in [term[0] for term in search.query_terms(
        {"fr": "le capitaine n'a pas de canon", "en": "the captain doesn't have a cannon",
         "hu": "a kapitánynál hiányzik az ágyú"}[language], language)]


def test_a_term_whose_end_looks_like_an_ending_is_found_inflected() -> None:
    """"útvonal" ends as if in "-nál": its stem is "utvo", but "útvonalat" (its
    accusative) is "utvonal" with "-at". Both are the Alternative Route."""
    for query in ("alternatív útvonal", "lerakhat egy alternativ utvonalat"):
        assert ["@alternative-route"] in search.query_terms(query, "hu"), query


@pytest.mark.parametrize("query", ["le tudok még szállni", "le tudok meg szallni",
                                   "ki tudunk szállni a 9-esnél"])
def test_a_hungarian_prefix_split_off_by_an_auxiliary_of_the_first_person(query: str) -> None:
    """"le tudok még szállni" is "még le tudok szállni": the prefix goes back onto its
    verb after "tudok", "tudunk" as after "tudom", "lehet"."""
    assert "@leave" in [term[0] for term in search.query_terms(query, "hu")]


def test_a_hungarian_prefix_split_off_by_tudjuk() -> None:
    """"le tudjuk rakni a kártyákat" is "lerakni" (put the cards down), and "tudjuk" no
    seeing."""
    groups = [term[0] for term in search.query_terms("le tudjuk rakni a kártyákat", "hu")]
    assert "#pay" in groups and "#see" not in groups


def test_hungarian_megis_is_filler() -> None:
    """"mégis" (yet, all the same) asks about nothing: "mégis lezuhanást jelent be" is
    about announcing a crash."""
    for query in ("mégis lezuhanást jelent be", "megis lezuhanast jelent be"):
        assert search.query_terms(query, "hu")[0][0] == "@crash"



def test_hungarian_rather_is_no_replacing() -> None:
    """"inkább" (rather) is a preference, no word of the group of "helyett" (instead),
    whose letters start "helyettesít" (replace): a player who would rather pay with a
    Turbo asks about paying with it instead of his card, not about what it replaces."""
    assert "#instead" not in [term[0] for term in search.query_terms(
        "inkább turbót raknék le", "hu")]
    found = [e.id for e in faq.search(
        "van villámhárítóm, de inkább a turbót tenném le a villámra", "hu", limit=1)]
    assert found == ["turbo-instead-of-equipment"]


def test_french_plus_que_is_only() -> None:
    """"je n'ai plus que 2 cartes" is "only two cards": nothing is empty; "plus que le
    capitaine" is still the captain alone; "c mort" ("c'est mort", it is hopeless) and
    "on en récupère" (we get some back) are no unknown words."""
    def groups(query: str) -> list[str]:
        return [term[0] for term in search.query_terms(query, "fr")]
    assert "#empty" not in groups("jai plus que 2 cartes en main, on en recupere quand ?")
    assert "#empty" in groups("il y a plus de cartes dans la pioche")
    assert "#alone" in groups("il reste plus que le capitaine")
    assert groups("on en recupere ou c mort") == ["#take"]


def test_english_keeps_before_a_verb_in_ing_goes_on() -> None:
    """"the captain keeps swearing" says that he goes on: nothing is kept or lost
    ("keep going" is still staying aboard, "we keep our treasures" keeping)."""
    def groups(query: str) -> list[str]:
        return [term[0] for term in search.query_terms(query, "en")]
    assert "#keep" not in groups("captain keeps swearing he has it covered")
    assert "@stay" in groups("can i keep going after the crash")
    assert "#keep" in groups("do we keep our treasures")


@pytest.mark.parametrize(("query", "leaving"), [
    ("the guy to my left already got off", True), ("the player on the left", False),
    ("the player left of the captain", False), ("the one on his left", False),
    ("i left before the crash", True)])
def test_english_left_the_direction_is_no_leaving(query: str, leaving: bool) -> None:
    """"to my left", "on the left", "left of the captain" say where a player sits: only
    "got off" and "i left" are leaving."""
    assert ("@leave" in [term[0] for term in search.query_terms(query, "en")]) is leaving
    assert search.query_terms(query, "en").count(["@leave"]) + search.query_terms(
        query, "en").count(["@leave", "left"]) <= 1


def test_english_discard_alone_is_no_payment() -> None:
    """"do i need to discard" (a hand limit) is dropping cards, no payment; the captain
    who "discarded his cards" paid."""
    def groups(query: str) -> list[str]:
        return [term[0] for term in search.query_terms(query, "en")]
    assert "#pay" not in groups("im holding 13 cards, do i need to discard")
    assert "#pay" in groups("the captain already discarded his cards")


@pytest.mark.parametrize(("query", "language"), [
    ("on sera 7 samedi soir, ca passe ?", "fr"), ("nous sommes 5, comment on joue", "fr"),
    ("we are 7 tonight, does it work", "en")])
def test_a_number_after_we_are_counts_the_players(query: str, language: str) -> None:
    """"on sera 7", "we are 7": the number counts players, as "7 joueurs" does."""
    assert "#player" in [term[0] for term in search.query_terms(query, language)]
    assert "#player" not in [term[0] for term in search.query_terms(
        {"fr": "on est à 9", "en": "we are at 9"}[language], language)]


@pytest.mark.parametrize(("query", "language"), [
    ("qui prend la barre ?", "fr"), ("who takes the helm now", "en"),
    ("ki veszi át a kormányt", "hu")])
def test_taking_the_helm_is_becoming_captain(query: str, language: str) -> None:
    """"qui prend la barre" asks who becomes captain ("se barrer" still leaves)."""
    assert "@captain" in [term[0] for term in search.query_terms(query, language)]
    assert "@leave" in [term[0] for term in search.query_terms("je me barre", "fr")]


@pytest.mark.parametrize("query", ["moi jen ai 2, je lui en passe un ?",
                                   "je peux lui passer mon canon", "tu me passes ta boussole"])
def test_french_passing_to_someone_is_giving(query: str) -> None:
    """"je lui en passe un" gives a card ("jen" is "j'en"); "ça passe" is still filler."""
    assert "#give" in [term[0] for term in search.query_terms(query, "fr")]
    assert search.query_terms("ça passe ?", "fr") == []


def test_french_tas_is_a_pile() -> None:
    """"les tas de trésors" are the piles of Treasure cards the texts speak of ("une pile
    par cité"); "pile de cartes" is still the draw pile."""
    assert ["#pile", "pile", "tas"] in search.query_terms("les tas de trésors", "fr")
    assert "#pile" in search.index_terms("chacune avec sa pile de trésors", "fr")
    assert search.query_terms("la pile de cartes", "fr")[0][0] == "@draw-pile"


@pytest.mark.parametrize(("query", "language"), [
    ("a régebbi utazásokon szerzett kincseim", "hu"),
    ("les trésors des manches précédentes", "fr"), ("treasures from previous voyages", "en")])
def test_an_earlier_voyage_is_one_word_group(query: str, language: str) -> None:
    """"régebbi" (older) is the texts' "korábbi" (earlier): "a korábbi utazásokon
    szerzett kincsek" is what a player asks about with either."""
    assert "#earlier" in [term[0] for term in search.query_terms(query, language)]
    assert "#earlier" in search.index_terms("a korábbi utazásokon szerzett kincsek", "hu")


@pytest.mark.parametrize(("text", "read"), [
    ("mikor rakhatom le a távcsövet", ["mikor", "lerakhatom", "a", "távcsövet"]),
    ("leugorhatok meg", ["leugorhatok", "még"]),
    ("kiszállhatok meg a végén", ["kiszállhatok", "még", "a", "végén"])])
def test_a_hungarian_verb_starting_as_a_prefix_takes_one(text: str, read: list[str]) -> None:
    """"rakhatom" starts with the letters of "rá" but "khatom" starts no Hungarian word
    (one consonant at most before the first vowel): "rakhatom le" is "lerakhatom", not
    corrected into "láthatom"; "leugorhatok meg" is still "még" (still)."""
    assert search._spelled(text, "hu") == read


def test_hungarian_left_side_is_a_direction_no_face() -> None:
    """"a bal oldali szomszédom" (my neighbour on the left) names no side of a die."""
    groups = [term[0] for term in search.query_terms(
        "a bal oldali szomszédom már kiszállt, ki lesz a kapitány?", "hu")]
    assert "#symbol" not in groups and "@leave" in groups
    assert "#symbol" in [term[0] for term in search.query_terms("hány oldala van a kockának", "hu")]


def test_french_continue_is_staying_and_continue_de_goes_on() -> None:
    """"il continue" stays aboard (it was read as "contre", counter, through its first
    letters); "il continue de lancer les dés" says that he goes on rolling."""
    def groups(query: str) -> list[str]:
        return [term[0] for term in search.query_terms(query, "fr")]
    assert groups("le capitaine continue, et moi ?")[:2] == ["@captain", "@stay"]
    assert groups("le capitaine continue de lancer les dés") == ["@captain", "@event-dice",
                                                                 "@event-dice"]


def test_hungarian_we_will_be_is_filler() -> None:
    """"hatan leszünk" (we will be six) counts players; "leszünk" is "lesz" (will be),
    filler, no unknown word."""
    assert [term[0] for term in search.query_terms("hatan leszünk, hány lapot kapunk",
                                                   "hu")][:2] == ["#player", "#number"]


def _groups(query: str, language: str) -> list[str]:
    return [term[0] for term in search.query_terms(query, language)]


@pytest.mark.parametrize(("query", "leaving"), [
    ("si le dé sort un éclair", False), ("le de sort nuage", False),
    ("les des sortent 2 pirates", False), ("je sors a la 4", True)])
def test_french_a_die_that_sort_shows_a_face_nobody_leaves(query: str, leaving: bool) -> None:
    """"le dé sort blanc" is what the die showed; "je sors" is still getting off."""
    assert ("@leave" in _groups(query, "fr")) is leaving
    if not leaving:
        assert "@event-dice" in _groups(query, "fr")


def test_french_seulement_is_only_not_alone() -> None:
    """"seulement" restricts ("payer seulement avec des turbos"); it stems to "seul"
    (alone) but says nothing of a player alone aboard, unless it is "seulement le
    capitaine"."""
    assert "#alone" not in _groups("je peux payer seulement avec des turbos", "fr")
    assert "#alone" in _groups("il reste seulement le capitaine", "fr")


@pytest.mark.parametrize(("query", "leaving"), [
    ("can i ditch my turbo instead of a compass", False),
    ("captain wants to ditch a card to pay", False),
    ("can i ditch the ship at city 4", True)])
def test_english_a_card_ditched_is_discarded(query: str, leaving: bool) -> None:
    """"ditch a card" drops a card; "ditch the ship" leaves it."""
    assert ("@leave" in _groups(query, "en")) is leaving


def test_hungarian_the_airship_that_collapses_crashed() -> None:
    assert "@crash" in _groups("összeomlott a hajó, mi lesz a kincsekkel", "hu")


# Hungarian queries, fresh7

@pytest.mark.parametrize("query", [
    "kapitányként ledobhatok egy iránytűt, ha úgyis fizetek? sok van belőle",
    "ki tudta volna fizetni, pedig így szabályos",
    "kijátszhatok bármit?"])
def test_hungarian_filler_words_ask_nothing(query: str) -> None:
    """"úgyis" (anyway), "belőle" (of it), "volna" (would have), "pedig" (yet), "így"
    (so), "bármit" (anything) say nothing of the game: no term of their own."""
    terms = [form for term in search.query_terms(query, "hu") for form in term]
    assert not {"ugyis", "belole", "volna", "pedig", "igy", "barmit", "barmi"} & set(terms)


@pytest.mark.parametrize("query", ["kapitány vagyok, ki szeretnék szállni a 9-esnél",
                                   "a kapitány ki tudta volna fizetni a kalózt"])
def test_hungarian_wish_and_past_auxiliaries_split_a_verb(query: str) -> None:
    """"ki szeretnék szállni" (I'd like to get off) and "ki tudta volna fizetni" (he could
    have paid) are "kiszállni", "kifizetni" split by an auxiliary: no "who", and
    "szeretnék" is no typo of "szerez" (to get)."""
    groups = _groups(query, "hu")
    assert ("@leave" in groups) or ("#pay" in groups)
    assert "#take" not in groups
    assert "who" not in search.intents(query, "hu")


@pytest.mark.parametrize(("query", "group"), [
    ("ledobhatok egy plusz iránytűt?", "#pay"),
    ("köd volt, de villám lett belőle", "#reroll"),
    ("már 52 pontom van, abbahagyjuk?", "#end"),
    ("csak 1 maradt a kezemben, mikor kapok újat?", "#remain"),
    ("az appban be lehet állítani?", "#software"),
    ("az appban be lehet állítani?", "#settings")])
def test_hungarian_players_words(query: str, group: str) -> None:
    """A card "ledobva" is paid as "eldobva"; a die that "became" lightning was rolled
    again; "abbahagyjuk" is stopping the game; a card left in hand is left over, nobody
    stays aboard; "az app" is the program and "beállítani" sets an option."""
    assert group in _groups(query, "hu")
    if group == "#remain":
        assert "@stay" not in _groups(query, "hu")


def test_hungarian_ha_mar_ugyis_gives_a_reason_no_moment() -> None:
    """"ha már úgyis fizetek" (since I pay anyway): nothing has already been paid."""
    assert "after:#pay" not in search.order("ledobhatok még egyet, ha már úgyis fizetek?",
                                            "hu")
    assert "after:#pay" in search.order("már fizettem, kiszállhatok?", "hu")


def test_hungarian_a_face_that_came_up_asks_no_who() -> None:
    """"két kalóz jött ki" (two pirates came up): "ki" is the verb's prefix."""
    assert "who" not in search.intents("szélroham után két kalóz jött ki, most mi van?",
                                       "hu")
    assert "who" in search.intents("szélroham után ki jön?", "hu")


@pytest.mark.parametrize(("query", "still"), [
    ("a kapitány letette a ködkürtöt, ezután én meg kiszállhatok?", True),
    ("kiszálltam már, kijátszhatok meg bármit ebben az utazásban?", True),
    ("ki mondja meg először, hogy marad?", False),
    ("a szomszédom kiszállt, mi meg lezuhantunk", False)])
def test_hungarian_meg_beside_a_prefixed_verb_of_can_is_still(query: str, still: bool) -> None:
    """"meg" typed for "még" (still) beside a verb that has its prefix and says "can"
    ("meg kiszállhatok", "kijátszhatok meg bármit"): the verb takes no second prefix.
    "mondja meg először" (first) and "mi meg lezuhantunk" (and we crashed) stay."""
    assert ("még" in search._spelled(query, "hu")) is still
    # and the FAQ reads it so: the query it searches says "még"
    assert ("still" in search.intents(faq._corrected(query, faq._index("hu")), "hu")) is still


@pytest.mark.parametrize(("query", "concept"), [
    ("két ködöt dobtunk, van egy iránytűm meg egy turbóm, kötelező fizetnem?", "@compass"),
    ("kijátszhatom a távcsövet meg mielőtt a kapitány fizet?", "@magic-spyglass")])
def test_hungarian_meg_after_a_game_word_with_an_ending_is_no_prefix(query: str,
                                                                     concept: str) -> None:
    """"iránytűm meg egy turbóm" (my compass and a Turbo): "meg" after a word of the game
    with an ending is "and" (or "még"), not that word's prefix ("megiránytűm" was no
    word, and the compass was lost)."""
    assert concept in _groups(query, "hu")
    # a verb still takes its prefix back
    assert "megdobja" in search._spelled("dobja meg a kockát", "hu")


def test_hungarian_prefix_after_an_adverb_goes_back_onto_its_verb() -> None:
    """"szállhatok most ki?" is "kiszállhatok most"; "játszhatok még ki" put "ki" onto
    "még" ("kimég", no word)."""
    assert search._spelled("szállhatok most ki?", "hu") == ["kiszállhatok", "most"]
    assert "@leave" in _groups("szállhatok most ki?", "hu")
    assert "kimég" not in search._spelled("milyen lapokat játszhatok még ki?", "hu")


@pytest.mark.parametrize(("query", "group"), [
    ("jetpackkel ugrottam ki zuhanáskor, melyik kincset kapom", "@leave"),
    ("mit gurított a kapitány a 20-as felé?", "@event-dice"),
    ("hogy adjuk össze mindenki kincseit a játék végén", "#count"),
    ("a kincseimet titokban tartom?", "#hidden"),
    ("egyedül vagyok, vehetek kincset?", "#take"),
    ("hány fővel játszható", "#player"),
    ("van ágyúja, de direkt lezuhantatja a hajót", "#on-purpose"),
    ("a köd kockákat is újra dobjuk?", "#reroll"),
    ("kijátszhatom a távcsövet, hogy megspórolja a lapjait?", "#keep")])
def test_hungarian_players_words_of_the_development_questions(query: str, group: str) -> None:
    """Words of the development questions that matched nothing: the verb before its
    prefix ("ugrottam ki" before no article), rolling as "gurít", adding up, a secret,
    "vehetek" (may I take), persons ("fővel"), on purpose ("direkt", the texts'
    "szándékosan"), "újra dobjuk" apart, saving one's cards."""
    assert group in _groups(query, "hu")


def test_hungarian_meg_between_an_auxiliary_and_its_verb_is_still() -> None:
    """"le tudok meg szállni" is "tudok még leszállni": still."""
    assert search._spelled("le tudok meg szállni?", "hu") == ["tudok", "még", "leszállni"]


# French queries, fresh7


def _french(query: str) -> list[str]:
    return [term[0] for term in search.query_terms(query, "fr")]


@pytest.mark.parametrize(("query", "filler"), [
    ("le capitaine a juste des boussoles", "just"),
    ("c'est a lui d'etre capitaine", "etre"),
    ("il avait des boussoles", "avait"),
    ("ceux qui sont restés à bord", "ceux"),
    ("jpeux descendre finalement ?", "final")])
def test_french_filler_words_ask_nothing(query: str, filler: str) -> None:
    """"juste" restricts as "seulement" does, "etre" is "être" without its accent, the
    other tenses of "avoir", "ceux" and "finalement" carry nothing: none is a term."""
    assert [filler] not in search.query_terms(query, "fr")


def test_french_quand_before_its_subject_tells_the_situation() -> None:
    """"quand t'es capitaine, tu peux descendre ?" asks whether, not when."""
    assert "when" not in search.intents("quand t'es capitaine tu peux descendre ?", "fr")
    assert "when" not in search.intents("quand vous êtes 2, ça marche ?", "fr")
    assert "when" in search.intents("quand le capitaine paie-t-il ?", "fr")


@pytest.mark.parametrize("query", ["on est juste 2 avec ma copine",
                                   "on n'est que 3, ça marche ?", "on joue a 5"])
def test_french_a_restricted_count_of_us_is_players(query: str) -> None:
    """"on est juste 2", "on n'est que 3", "on joue à 5" count the players."""
    assert "#player" in _french(query)
    assert "#player" not in _french("on est a la 20")


@pytest.mark.parametrize(("query", "drawing"), [
    ("j'ai pioché un 9 à la 6", True), ("on pioche quoi à la 20", True),
    ("qui pioche en premier", True), ("ils ont pris les derniers trésors", True),
    ("la pioche est vide", False)])
def test_french_drawing_is_taking_and_the_pioche_is_the_draw_pile(query: str,
                                                                  drawing: bool) -> None:
    """Every form of "piocher" stems to "pioche", the draw pile; with its subject ("je
    pioche", "j'ai pioché") it draws, as "pris" (taken) does."""
    assert ("#take" in _french(query)) is drawing
    assert ("@draw-pile" in _french(query)) is not drawing


@pytest.mark.parametrize(("query", "form"), [
    ("le cap peut pas payer", "@captain"),
    ("a la 12 le capitaine a pas de canon et boum", "@crash"),
    ("on est tous morts direct ?", "@crash"),
    ("combien de dée pour la 15", "@event-dice"),
    ("la carte qui fait descendre quelqu'un", "@ejection"),
    ("moi je peux descendre meme si je prends rien ?", "#empty"),
    ("il avait pas les cartes", "#lack"),
    ("le capitaine a que des boussoles", "#lack"),
    ("le brouillard est devenu pirates", "#reroll"),
    ("on peut sauter la prochaine ville ?", "#skip"),
    ("le capitaine veut aller direct a la 9", "#skip"),
    ("ceux qui sont restés dedans", "#aboard")])
def test_french_players_words_of_fresh7(query: str, form: str) -> None:
    """Words players use at the table: "le cap", "boum", "tous morts", "dée", a card
    that "fait descendre" someone, "rien", "avait pas", having "que des" compasses, a
    face that "est devenu" another, "sauter la prochaine", "aller direct", "dedans"."""
    assert form in _french(query)


@pytest.mark.parametrize(("query", "present", "absent"), [
    ("un seul canon ça suffit ?", "@cannon", "#alone"),
    ("un seul de brouillard", "@event-dice", "#alone"),
    ("je suis seul à bord", "#alone", ""),
    ("il peut le garder pour plus tard ?", "#keep", "#empty"),
    ("il a un parafoudre mais ni canon ni turbo", "#lack", ""),
    ("ça tourne bien à deux ?", "#two", "@step"),
    ("mon pote sort son jetpack", "#play", "@leave"),
    ("quelqu'un sort une longue-vue", "#play", "@leave")])
def test_french_phrases_read_as_meant(query: str, present: str, absent: str) -> None:
    """"un seul canon" is a single one, nobody alone; "plus tard" is later, nothing
    empty; "mais ni canon ni turbo" lacks them; "ça tourne bien" works, no turn of
    play; "sortir" a card plays it, nobody gets off."""
    assert present in _french(query)
    assert absent not in _french(query)


def test_french_s_il_reste_asks_whether_he_stays() -> None:
    """"c'est à qui de dire s'il reste" asks who says whether he stays aboard; "il
    reste deux turbos" is still what is left over."""
    assert "@stay" in _french("apres le lancer c'est a qui de dire s'il reste")
    assert "#remain" not in _french("apres le lancer c'est a qui de dire s'il reste")
    assert "#remain" in _french("il reste deux turbos au capitaine")


@pytest.mark.parametrize("query", ["nouveau capitaine quand le capitaine descend ?",
                                   "c ki le nouveau capitaine ?"])
def test_french_the_new_captain_is_the_next_one(query: str) -> None:
    """"le nouveau capitaine" is the next captain ("nouveau" was an unknown word)."""
    assert "#next" in _french(query)


@pytest.mark.parametrize(("query", "leaving"), [
    ("apres l'itineraire bis y a de la foudre qui sort, je peux descendre ?", True),
    ("que se passe-t-il si un danger sort ?", False),
    ("les pirates sortent encore, on fait quoi", False),
    ("le joueur qui sort prend un tresor", True)])
def test_french_a_face_that_sort_came_up(query: str, leaving: bool) -> None:
    """"de la foudre qui sort", "un danger sort": a face came up, nobody got off (the
    query's own "descendre" still leaves); "le joueur qui sort" leaves."""
    groups = _french(query)
    assert ("@leave" in groups) is leaving
    assert groups.count("@leave") <= 1


def test_french_choosing_not_to_is_refusing() -> None:
    """"il peut décider de pas le poser" asks whether he may refuse to pay."""
    query = "capitaine avec un parafoudre, il peut decider de pas le poser ?"
    assert "#refuse" in _french(query)
    assert "must" in search.intents(query, "fr")


def test_french_a_card_that_efface_cancels() -> None:
    """"la longue vue efface tout ?" asks what the entries call "annuler"."""
    assert "#cancel" in _french("la longue vue ça efface tout ?")
    assert faq.search("la longue vue ça efface tout ?", "fr")[0].id == "spyglass-how"


@pytest.mark.parametrize(("query", "asks"), [
    ("le turbo ça fait joker pour tout ?", False), ("3 tresors de la 4 ca fait 3 cites ?", False),
    ("la longue vue pas utilisee ca fait 2 points ?", False),
    ("la longue vue ca fait quoi", True), ("qu'est-ce que ça fait ?", True),
    ("les cartes speciales, elles font quoi", True), ("que fait la longue vue", True)])
def test_french_ca_fait_asks_what_a_thing_does_only_with_quoi(query: str, asks: bool) -> None:
    """"ça fait quoi" asks what a thing does; "ça fait joker", "ça fait 3 cités" say
    what it counts as."""
    assert ("purpose" in search.intents(query, "fr")) is asks


# Hungarian queries, fresh8


def _hu_groups(query: str) -> list[str]:
    return [group[0] for group in search.query_terms(query, "hu")]


@pytest.mark.parametrize("query", ["kifizetnie kötelező?",
                                   "a kapitánynak semmit nem kell kifizetnie?"])
def test_hungarian_infinitive_with_its_person_is_the_verb(query: str) -> None:
    """"ki kell fizetnie" (he must pay), "fizetniük" (they must pay): the infinitive with
    its person's ending is the verb."""
    assert "#pay" in _hu_groups(query)


def test_hungarian_mire_megy_ki_asks_the_aim() -> None:
    """"mire megy ki az egész" asks what the game is about, nobody leaves."""
    query = "mire megy ki ez a játék?"
    assert "#aim" in _hu_groups(query)
    assert faq.search(query, "hu")[0].id == "goal"


@pytest.mark.parametrize("query", ["van két katapultom, mindet elsüthetem?",
                                   "mindent elveszítek ha lezuhanunk?"])
def test_hungarian_all_of_them_is_no_must(query: str) -> None:
    """"mindet", "mindent" (all of them, everything) share their stem with "mindig"
    (always), no "must"."""
    assert "#must" not in _hu_groups(query)


@pytest.mark.parametrize("query", ["elsüthetem a katapultot?", "rádobta a távcsövet",
                                   "muszáj ráköltenem a turbót?"])
def test_hungarian_players_slang_for_playing_a_card(query: str) -> None:
    """Firing a card off ("elsüt"), throwing it onto the dice ("rádob"), spending it
    ("rákölt") plays it."""
    assert "#play" in _hu_groups(query)


def test_hungarian_telling_ones_hand_is_revealing_it() -> None:
    """"nem akarja megmondani, hány lapja van" asks whether the captain's hand is hidden."""
    query = "megkérdeztem a kapitányt hány lapja van, nem akarja megmondani. köteles?"
    assert "#hidden" in _hu_groups(query)
    assert faq.search(query, "hu")[0].id == "captain-hand-size"


def test_hungarian_vegallomas_is_the_end_of_the_route() -> None:
    """"végállomás" (a train's terminus) is the end of the route."""
    assert "#end" in _hu_groups("a 20-as lesz a végállomás?")


def test_hungarian_jutni_comes_by_a_thing_eljutni_reaches() -> None:
    """"kincshez jutni" comes by treasure; "el tudunk jutni" (the prefix split off)
    gets as far as a place."""
    assert "#take" in _hu_groups("hogy lehet egyáltalán kincshez jutni?")
    groups = _hu_groups("el tudunk jutni a 25-ösig?")
    assert "#reach" in groups
    assert "#take" not in groups


# French queries, fresh8
@pytest.mark.parametrize(("query", "dice"), [
    ("le cap a pris 2 des pour la 9", True), ("on part vers la 9 avec 3 des ?", True),
    ("il a des canons", False)])
def test_french_a_digit_before_des_is_a_number_of_dice(query: str, dice: bool) -> None:
    """"2 des" typed without the accent is two dice: no article follows a digit."""
    assert ("@event-dice" in _french(query)) is dice


@pytest.mark.parametrize("query", ["je m'ejecte en jetpack pendant le vol",
                                   "le capitaine peut s'éjecter avec son jetpack ?"])
def test_french_ejecting_oneself_is_getting_off(query: str) -> None:
    """"je m'éjecte", "s'éjecter" is leaving with a Jetpack, no Ejection played."""
    groups = _french(query)
    assert "@leave" in groups and "@ejection" not in groups


def test_french_personne_alone_is_nobody() -> None:
    """"personne sait" is nobody knows (no pawn); "chaque personne" is each player."""
    assert "@adventurer" not in _french("ya 3 pirates, personne sait si le cap a des canons")
    assert "#player" in _french("chaque personne pioche une carte")


@pytest.mark.parametrize(("query", "group"), [
    ("le cap est a sec apres 2 etapes", "#empty"),
    ("toutes les cartes de la 9 sont parties", "#empty"),
    ("on demarre le voyage d'ou ?", "#start"),
    ("l'appli fait les totaux ?", "#count"),
    ("si je dis stop j'ai quelle carte ?", "@leave")])
def test_french_players_words_of_fresh8(query: str, group: str) -> None:
    """Players' words: "à sec", "sont parties", "démarrer", "les totaux", "je dis stop"."""
    assert group in _french(query)


def test_french_phone_spellings_of_avoir_and_etre_carry_nothing() -> None:
    """"javais", "jetais" are "j'avais", "j'étais" (no "java", "jeta")."""
    assert _french("javais dit que je restais") == ["#announce", "@stay"]
    assert _french("le capitaine a annonce, jetais dedans") == [
        "@captain", "#announce", "#aboard"]


@pytest.mark.parametrize("query", ["jai plus que 2 cartes en main",
                                   "ya plus que la 25 qui a des cartes"])
def test_french_plus_que_is_what_is_left(query: str) -> None:
    """"j'ai plus que 2 cartes", "y a plus que la 25" is what is left ("il ne reste
    que"), nothing empty."""
    groups = _french(query)
    assert "#remain" in groups and "#empty" not in groups


# Hungarian queries, fresh9


def _hungarian(query: str) -> list[str]:
    return [term[0] for term in search.query_terms(query, "hu")]


@pytest.mark.parametrize("query", ["látcső mind a 3 veszélyt viszi?",
                                   "minden lapom megvan, maradjatok bent",
                                   "mennyi mindennek kéne benne lennie?"])
def test_hungarian_all_and_every_are_no_obligation(query: str) -> None:
    """"mind", "minden" (all, every) share the stem of "mindig" (always), but oblige
    nothing."""
    assert "#must" not in _hungarian(query)


def test_hungarian_past_and_conditional_of_kell_carry_nothing() -> None:
    """"kellett", "kéne" are "kell" in another tense: no word of the game."""
    assert _hungarian("neki kellett volna dobnia") == ["@event-dice"]
    assert _hungarian("mi kéne") == []


@pytest.mark.parametrize(("word", "alone"), [("kinccsel", "kincs"), ("kulccsal", "kulcs"),
                                             ("kincseimmel", "kincseim")])
def test_hungarian_with_after_a_doubled_digraph(word: str, alone: str) -> None:
    """"-val", "-vel" after a two-letter consonant doubles its first letter: "kinccsel"
    is "kincs" with it."""
    assert search.stem(search.fold(word), "hu") == search.stem(search.fold(alone), "hu")
    assert _hungarian("leszállt egy kinccsel") == ["@leave", "@treasure-card"]


@pytest.mark.parametrize(("query", "group"), [
    ("egy villámra letett egy iránytűt", "#pay"),
    ("a kapitánynak is le kell tennie valamit?", "#pay"),
    ("valaki széllökést rakott", "#play"),
    ("a szomszédom lecsapta a látcsövét", "#play"),
    ("szabad így kamuzni?", "#talk"),
    ("kincseket képpel felfelé?", "#hidden"),
    ("kint vagyok már, a zuhanásnál", "@leave"),
    ("ha kijatszom a varazslatcsovet", "@magic-spyglass")])
def test_hungarian_players_words_of_fresh9(query: str, group: str) -> None:
    """Players' words: "letett", "le kell tennie" (put down: paid), "rakott", "lecsapta"
    (put or slapped down: played), "kamuzni" (to lie), "képpel felfelé" (face up),
    "kint vagyok" (I am out), "varázslátcső"."""
    assert group in _hungarian(query)


@pytest.mark.parametrize("query", ["a 12-esre dobunk", "beértünk a 25-ösbe hárman",
                                   "eljutottunk a 25-ösig hárman"])
def test_hungarian_number_with_its_ending_is_a_place_no_count(query: str) -> None:
    """"a 12-esre dobunk" rolls for the city 12, it counts no dice; "a 25-ösbe hárman"
    names the city 25, no number of players ("12 kockával" still counts)."""
    terms = _hungarian(query)
    assert "@city" in terms and "#number" not in terms
    assert "#number" in _hungarian("12 kockával dobunk")


def test_hungarian_ki_before_an_impersonal_auxiliary_is_the_prefix() -> None:
    """"ki lehet katapultálni a kapitányt?" (can one eject the captain) asks no "who",
    even first in its sentence; "ki lehet a kapitány?", "ki tud fizetni?" still do."""
    assert "who" not in search.intents("ki lehet katapultálni a kapitányt?", "hu")
    assert "who" not in search.intents("ki lehet még szállni?", "hu")
    assert "who" in search.intents("ki lehet a kapitány?", "hu")
    assert "who" in search.intents("ki tud fizetni?", "hu")


def test_hungarian_equal_scores_are_a_tie() -> None:
    """"47-47 lett" is a tie; "2-2 lapot kap mindenki" is two each."""
    assert "#tie" in _hungarian("47-47 lett, ki nyert?")
    assert "#tie" not in _hungarian("mindenki 2-2 lapot kap")


def test_hungarian_plus_between_faces_is_and() -> None:
    """"üres + villám" is a blank and a lightning, no "+" city; "a +" alone still is."""
    assert "+" not in _hungarian("üres + villám, mit fizet a kapitány?")
    assert "+" in _hungarian("mit jelent a + a városon?")


def test_hungarian_very_start_is_the_start() -> None:
    """"legelején" (at the very start) is "az elején"."""
    assert "#start" in _hungarian("legelején ki dob?")


@pytest.mark.parametrize(("query", "concept"), [
    ("kikatapultáltak egy üres szigeten", "@ejection"),
    ("kikatapultálhatom saját magamat?", "@ejection"),
    ("a kapitány minden lapját elhasználta", "#play")])
def test_hungarian_prefixed_verb_with_an_ending_is_its_verb(query: str, concept: str) -> None:
    """A verb's prefix and an ending at once: "kikatapultáltak" ejects as "katapultált"
    does, "elhasználta" plays as "használta" does."""
    assert concept in _hungarian(query)


def test_hungarian_bluffing_spelt_in_english() -> None:
    """"bluffolni" is "blöffölni"."""
    assert "#talk" in _hungarian("szabad bluffolni?")


def test_hungarian_score_beyond_the_end_score_has_reached_it() -> None:
    """"már 52 pontom van" has reached the end score, which the texts name ("50"); the
    figure in SHAPES is the engine's."""
    from tutor.engine import data
    assert search.SHAPES["hu_beyond"]["least"] == data.END_SCORE
    assert "50" in _hungarian("már 52 pontom van, abbahagyjuk?")
    assert "12" not in _hungarian("már 12 pontom van")
    assert "50" not in _hungarian("már 12 pontom van")


def test_hungarian_city_one_named_is_the_first_city() -> None:
    """"az 1-esnél" (at the 1) is at the first city."""
    assert search._spelled("1-esnél már kiszállhatok?", "hu")[0] == "első"
    assert "#start" in _hungarian("az 1-esnél kiszállhatok?")


# French queries, fresh9


@pytest.mark.parametrize(("query", "filler"), [
    ("il me reste 9 cartes dont 2 pouvoirs", "dont"),
    ("chez nous le cap le fait tout de suite", "chez"),
    ("les autres ont gueulé, qui a raison", "raison"),
    ("14 cartes en main c grave ?", "grav"),
    ("il l'a gardé, il a le droit le mec ?", "mec"),
    ("tant pis on tombe", "pis"),
    ("cap peut debarquer qqun ?", "qqun"),
    ("personne savait", "sava")])
def test_french_fresh9_filler_is_no_term(query: str, filler: str) -> None:
    """"dont", "chez nous", "qui a raison", "c grave", "le mec", "tant pis", "qqun" and
    "il savait" say nothing of the game."""
    assert filler not in [form for term in search.query_terms(query, "fr")
                          for form in term]


@pytest.mark.parametrize(("query", "absent"), [
    ("du coup ma femme a voulu descendre", "coup"),
    ("il doit payer quoi au final", "final"),
    ("il a perdu vu qu'il etait dernier", "vu"),
    ("ca s'est passé hier : tout le monde reste", "@pass"),
    ("virer 3 boussoles qui me servent a rien", "#empty"),
    ("le cap a juste un parafoudre et rien d'autre", "#empty"),
    ("je peux en profiter pour virer 3 boussoles", "@ejection"),
    ("reste que la 25 ?", "@stay")])
def test_french_fresh9_story_filler_is_read_as_meant(query: str, absent: str) -> None:
    """A told story's filler ("du coup", "au final", "vu que", "ça s'est passé", "ça sert
    à rien", "rien d'autre") is no term; "virer 3 boussoles" discards them, nobody is
    ejected; "reste que la 25" is what is left, nobody staying."""
    assert absent not in _french(query)


def test_french_fresh9_coup_dur_and_partout() -> None:
    """"du coup dur" is still the card; "56 partout" is a tie."""
    assert "@gust-of-wind" in _french("je joue du coup dur")
    assert "#tie" in _french("56 partout qui gagne")
    assert "#remain" in _french("reste que la 25, on continue ?")
    assert "#pay" in _french("je peux virer 3 boussoles ?")


@pytest.mark.parametrize(("query", "group"), [
    ("version debutant 55 pts c fini ?", "#points"),
    ("version debutant 55 pts c fini ?", "#end"),
    ("on finit le voyage ?", "#end"),
    ("le cap nous jure qu'il a tout en main", "#talk"),
    ("il a le droit de raconter des salades ?", "#talk"),
    ("le cap avait tout sauf un parafoudre", "#lack"),
    ("on arrive a la 25 et on est 3", "#reach"),
    ("je veux pas le donner", "#refuse"),
    ("je tire une longue-vue en descendant", "#take"),
    ("ma copine voulait lui en glisser un", "#give")])
def test_french_players_words_of_fresh9(query: str, group: str) -> None:
    """Players' words: "pts", "c fini" and "on finit" (over), "il nous jure", "raconter
    des salades", "tout sauf", "on arrive à", "je veux pas", "je tire une carte", "lui en
    glisser un"."""
    assert group in _french(query)


def test_french_fini_is_over_and_filer_alone_is_heading_off() -> None:
    """"manche finie" is over, no empty pile; "je file seul vers la 20" gives nothing,
    "je lui file mon canon" does."""
    assert "#empty" not in _french("derniere manche finie")
    assert "#give" not in _french("jfile seul vers la 20")
    assert "#give" in _french("je lui file mon canon")
    assert "@leave" in _french("je me tire")


@pytest.mark.parametrize(("query", "expected", "absent"), [
    ("2 pirates, il a qu'un canon", "uniq", "#lack"),
    ("ca tourne a deux ou faut forcement etre plus ?", "nombreu", "#empty"),
    ("on peut jouer a plus de 5 ?", "5", "#empty"),
    ("je suis descendue a la 4", "@city", "#number"),
    ("ma cousine passe a 53 en descendant", "#reach", "@pass"),
    ("je viens de passer les 50", "#reach", "@pass"),
    ("match nul, qui gagne ?", "#tie", "nul"),
    ("c'est nul d'etre capitaine", "@captain", "nul")])
def test_french_fresh9_phrases_are_read_as_meant(query: str, expected: str,
                                                 absent: str) -> None:
    """"il a qu'un canon" is a single one; "être plus", "plus de 5" are more (nothing
    empty); "la 6" is a city; "passer à 53", "passer les 50" reach a score; "match nul"
    is a tie and "c'est nul" filler."""
    groups = _french(query)
    assert expected in groups and absent not in groups


@pytest.mark.parametrize(("query", "announces"), [
    ("le cap a dit jpeux pas. et la", True),
    ("il avait 61 depuis 2 voyages et il a rien dit", True),
    ("qui dit en premier s'il reste ?", True),
    ("la regle dit qu'on pioche a la fin du voyage", False),
    ("ca veut dire quoi itineraire bis ?", False)])
def test_french_saying_aloud_is_announcing(query: str, announces: bool) -> None:
    """"il a dit", "il a rien dit", "qui dit en premier" announce, as the texts'
    "annonce"; what the rule "dit", and "ça veut dire" (means), announce nothing."""
    assert ("#announce" in _french(query)) is announces


@pytest.mark.parametrize(("query", "expected", "absent"), [
    ("il a rien dit, c'est de la triche ?", "#announce", "#empty"),
    ("c 3 pour la 9 non ? jcrois", "@city", "croi"),
    ("je dis que jai rien et jfile vers la 20 mdr", "#announce", "mdr"),
    ("il pioche pas un peu entre deux villes ?", "#take", "peu"),
    ("la carte pour que le capitaine degage", "@leave", "@ejection")])
def test_french_fresh9_more_filler_and_words(query: str, expected: str, absent: str) -> None:
    """"il a rien dit" says nothing (no empty pile); "je crois", "mdr", "un peu" are
    filler; "pour qu'il dégage" is getting off."""
    groups = [form for term in search.query_terms(query, "fr") for form in term[:2]]
    assert expected in groups and absent not in groups


def test_french_laisser_faire_asks_whether_it_is_allowed() -> None:
    """"on le laisse faire ?", "on l'a laissée faire" ask whether it is allowed: no term."""
    assert _french("on l'a laissée faire, on aurait pas du ?") == []
    assert _french("on le laisse faire ?") == []


# French and Hungarian queries, fresh9, round 2


def _hungarian_groups(query: str) -> list[str]:
    return [term[0] for term in search.query_terms(query, "hu")]


@pytest.mark.parametrize("query", ["kint vagyok már, rakhatok még távcsövet?",
                                   "rakhat a kapitány turbót egy villámra?"])
def test_hungarian_rakhat_is_playing_a_card(query: str) -> None:
    """"rakhatok még távcsövet" (may I still put down a Spyglass) plays a card, as
    "rakta", "rakni" do; "rakhatom le" stays "lerakhatom"."""
    assert "#play" in _hungarian_groups(query)


@pytest.mark.parametrize("query", ["a kapitánynak kell döntenie, hogy marad-e?",
                                   "előbb nekem kell döntenem?", "ti döntetek először?"])
def test_hungarian_deciding_is_no_tie(query: str) -> None:
    """"döntenie", "döntenem", "döntetek" (to decide, conjugated) are choosing, never
    corrected into "döntetlen" (a tie), which stays a tie."""
    groups = _hungarian_groups(query)
    assert "#choose" in groups and "#tie" not in groups
    assert "#tie" in _hungarian_groups("döntetlen, ki nyer?")


@pytest.mark.parametrize("query", ["il avait 61 depuis 2 voyages et il a rien dit",
                                   "j'ai 52, j'ai gagné ?", "égalité à 57 points"])
def test_a_french_score_beyond_the_end_score_has_reached_it(query: str) -> None:
    """A French score past the end score, often named alone ("il avait 61"), is read as
    the end score the texts name, as Hungarian "52 pontom"; "66 cartes" counts cards."""
    assert ["50"] in [term[:1] for term in search.query_terms(query, "fr")]
    assert ["50"] not in [term[:1] for term in search.query_terms("66 cartes en tout ?", "fr")]


@pytest.mark.parametrize(("query", "language", "kept"), [
    ("ma fille a 63 points depuis hier, mon cousin dit que c'est fini", "fr",
     ["50", "#points", "#announce", "#end"]),
    ("anyám a 2-esnél leszállt, a bátyám szerint a srác is", "hu", ["#two", "@leave"])])
def test_relatives_and_days_are_filler(query: str, language: str, kept: list[str]) -> None:
    """Who told the story and when ("ma fille", "mon cousin", "depuis hier", "anyám",
    "a bátyám", "a srác") says nothing of the game: only the game's words are left."""
    assert [term[0] for term in search.query_terms(query, language)] == kept


# French queries, fresh10


def _french_groups(query: str) -> list[str]:
    return [term[0] for term in search.query_terms(query, "fr")]


@pytest.mark.parametrize("query", ["la carte du type avec un sac à dos à réaction",
                                   "le sac a dos je peux le jouer quand ?"])
def test_french_backpack_is_the_jetpack(query: str) -> None:
    """A first-time player names the Jetpack by its picture: "un sac à dos (à réaction)"."""
    assert "@jetpack" in _french_groups(query)


def test_french_giving_a_card_back_is_losing_it() -> None:
    """"il veut que je rende ma carte" (give it back) is about keeping or losing it."""
    assert "#keep" in _french_groups("le bateau tombe et il veut que je rende ma carte")


@pytest.mark.parametrize("query", ["une fois jouée ma longue-vue je la remets dans mes trésors ?",
                                   "la longue vue retourne dans mes trésors ?"])
def test_french_putting_a_card_back(query: str) -> None:
    """"je la remets dans mes trésors" is the texts' "retourne": one group."""
    assert "#back" in _french_groups(query)


def test_french_richest_has_the_most_points() -> None:
    """"le plus riche" is the one with the most points."""
    assert "#points" in _french_groups("faut être le plus riche à la fin ?")


@pytest.mark.parametrize("query", ["le cap a eu peur et voulait descendre",
                                   "la carte qu'on a eue avec la boîte",
                                   "qui se fait avoir ?"])
def test_french_avoir_and_its_participle_are_filler(query: str) -> None:
    """"avoir", "eu", "eue" carry nothing ("il a eu peur", "qui se fait avoir")."""
    assert not {"avoir", "eu", "eue"} & {word for term in search.query_terms(query, "fr")
                                         for word in term}


def test_french_a_part_is_except() -> None:
    """"à part" is "except": nobody leaves ("des trésors à part en descendant ?")."""
    assert _french_groups("des trésors à part en descendant ?").count("@leave") == 1
    assert "@leave" not in _french_groups("trésors a part ça ?")


@pytest.mark.parametrize("query", ["je peux poser 2 boussoles histoire de vider ma main ?",
                                   "il balance 3 cornes pour alléger sa main"])
def test_french_emptying_ones_hand_is_getting_rid_of_cards(query: str) -> None:
    """"vider ma main", "alléger sa main" is getting rid of cards, the texts'
    "se débarrasser"; "histoire de" is "pour", no story; a hand that is empty stays so."""
    words = {word for term in search.query_terms(query, "fr") for word in term}
    assert "debarrass" in words and "histoi" not in words
    assert "#empty" in _french_groups("le capitaine a la main vide")


def test_french_which_way_round_asks_the_order() -> None:
    """"dans quel sens" asks the order of play, as "dans quel ordre"."""
    assert _french_groups("on les joue dans quel sens ?") == \
        _french_groups("on les joue dans quel ordre ?")


def test_french_first_time_we_play_is_no_start() -> None:
    """"première fois qu'on joue" says the players are new: nothing starts."""
    groups = _french_groups("première fois qu'on joue. le cap lance pour la 6")
    assert "#start" not in groups and "#play" not in groups
    assert "#start" in _french_groups("qui joue en premier ?")


@pytest.mark.parametrize("query", ["elle avait 55 points et a rien dit",
                                   "il a pas annoncé ses points"])
def test_french_not_saying_is_no_lack(query: str) -> None:
    """"il a rien dit", "il a pas annoncé" is a negated past: no card is lacking, and
    nothing is empty."""
    groups = _french_groups(query)
    assert "#announce" in groups and "#lack" not in groups and "#empty" not in groups


def test_french_ai_plus_de_lacks_it() -> None:
    """"j'ai plus de canon" ("ne" dropped) lacks a cannon, as "j'ai pas de canon"; a
    place that has no more treasure and "plus de 50" stay as they were."""
    assert "#lack" in _french_groups("il dit bah j'ai plus de canon")
    assert "#lack" not in _french_groups("il n'y a plus de trésor dans une cité")
    assert "#lack" not in _french_groups("la 4 n'a plus de trésor")
    assert ["50"] in [t[:1] for t in search.query_terms("il a plus de 50 points", "fr")]


def test_french_the_most_is_no_no_more() -> None:
    """"le plus riche", "le plus de points" is the most: nothing is empty."""
    assert "#empty" not in _french_groups("faut être le plus riche à la fin ?")
    assert "#empty" in _french_groups("il a plus rien")


def test_french_the_one_next_to_him_is_on_his_left() -> None:
    """"celui d'à côté" (the one next to him) is the player on the left, as the texts say."""
    assert search.query_terms("c'est qui le cap, celui qui a crashé ou celui d'à côté ?", "fr") \
        [-1] == search.query_terms("c'est qui le cap, celui à gauche ?", "fr")[-1]


@pytest.mark.parametrize(("query", "same"), [
    ("le turbo ça fait joker ? même pour les pirates ?", False),
    ("je peux la jouer même si je suis capitaine ?", False),
    ("deux dés avec le même danger", True),
    ("je peux me débarquer moi même avec la carte ?", True)])
def test_french_meme_before_si_or_pour_is_even(query: str, same: bool) -> None:
    """"même si", "même pour" is "even": no "same" hazard; "le même", "moi-même" stay."""
    words = {word for term in search.query_terms(query, "fr") for word in term}
    assert ("meme" in words) == same


@pytest.mark.parametrize("query", ["je peux dire que je l'ai pas ?",
                                   "ça veut dire qu'il en a pas ?"])
def test_french_dire_is_no_direct(query: str) -> None:
    """"dire" (to say) and "ça veut dire" (it means) are no "direct" (at once), nor
    anything of the game; "dire stop" still gets off."""
    groups = _french_groups(query)
    assert "#now" not in groups and "dire" not in {w for t in search.query_terms(query, "fr")
                                                   for w in t}
    assert "@leave" in _french_groups("je peux dire stop ?")


def test_french_a_quel_moment_asks_when() -> None:
    """"à quel moment" asks "when", as "quand" does; "à ce moment-là" is "now": no
    "moment" of the game's words."""
    assert search.query_terms("on repioche des cartes à quel moment ?", "fr") == \
        search.query_terms("on repioche des cartes quand ?", "fr")
    assert "when" in search.intents("a quel moment le capitaine joue", "fr")
    words = {w for t in search.query_terms("je voulais sauter à ce moment-là", "fr") for w in t}
    assert "moment" not in words


@pytest.mark.parametrize("query", ["quand quelqu'un passe pendant les pouvoirs",
                                   "si tout le monde passe ?", "il passe son tour"])
def test_french_someone_passing_passes(query: str) -> None:
    """"quelqu'un passe", "tout le monde passe", "passer son tour" pass in the power window
    ("passe" alone stays filler: "il se passe quoi")."""
    assert "@pass" in _french_groups(query)
    assert "@pass" not in _french_groups("il se passe quoi ?")


# Hungarian queries, fresh10


@pytest.mark.parametrize(("query", "group"), [
    ("a kapitány bemondta, hogy lezuhanunk", "#announce"),
    ("szólni kell a többieknek?", "#announce"),
    ("Zoli elvitte az utolsó kincset", "#take"),
    ("fizetés után visszatölti a kezét?", "#take"),
    ("odacsúsztathatom neki az ágyúmat?", "#give"),
    ("válaszolhatok egy katapulttal?", "#play"),
    ("a fentiek mit veszítenek?", "#aboard"),
    ("kiürült a 9-es pakli", "#empty"),
    ("most ugranék, lehet?", "@leave")])
def test_hungarian_players_words_of_fresh10(query: str, group: str) -> None:
    """Players' Hungarian words for the game's actions: announcing ("bemondta",
    "szólni"), carrying a treasure off ("elvitte") and refilling a hand ("visszatölti"),
    slipping a card over, answering with a card ("válaszol": never "választ", to
    choose), those still aboard ("a fentiek"), a pile emptied ("kiürült") and jumping
    off with no prefix ("ugranék")."""
    assert group in _hungarian_groups(query)
    assert "#choose" not in _hungarian_groups("válaszolhatok egy katapulttal?")


def test_hungarian_fillers_of_fresh10() -> None:
    """"mert", "ilyenkor", "velünk", "annak", "erre", "egyet", "mennénk" carry nothing:
    "mennénk" (we would go) is no "mennyi" (how many)."""
    assert _hungarian_groups("mi lesz velünk ilyenkor, mert annak a szigetnek vége?") == [
        "@city", "#end"]
    assert "#number" not in _hungarian_groups("ahova mennénk, onnan húzok?")


def test_a_hungarian_verb_prefix_alone_is_no_word_being_typed() -> None:
    """"vissza lehet szállni?": the prefix "vissza" standing alone is no word of the
    lists half typed ("visszatölt")."""
    assert "#take" not in _hungarian_groups("vissza lehet szállni a hajóra?")


def test_a_hungarian_players_phrase_keeps_its_prefix_after_the_verb() -> None:
    """"nincs meg a lapja" (he lacks the card) is the players' phrase "nincs meg", no
    verb "megnincs"; "szálltam ki a 6-osnál" still leaves."""
    assert _hungarian_groups("nincs meg neki a ködkürt, mi van?")[:1] == ["#lack"]
    assert "@leave" in _hungarian_groups("szálltam ki a 6-osnál")


@pytest.mark.parametrize(("query", "number"), [
    ("egy ágyú elintézi mind a hármat?", "3"), ("ötven pontom van", "50"),
    ("nyolcat is ledobhat?", "8")])
def test_hungarian_numbers_in_words_are_numbers(query: str, number: str) -> None:
    """A number written in words is that number: "hármat" (three of them) is no
    "hárman" (three of us, players) half typed; "három lapom" counts cards."""
    groups = _hungarian_groups(query)
    assert number in groups and "#player" not in groups
    assert _hungarian_groups("három lapom van") == ["#number", "#card"]


@pytest.mark.parametrize("query", ["meddig tart egy játszma?", "meddig megyünk?",
                                   "meddig játszunk, pontra?"])
def test_hungarian_how_long_asks_when_it_ends(query: str) -> None:
    """"meddig tart", "meddig megy", "meddig játszunk" (how long does it go on) ask when
    the game ends."""
    assert "#end" in _hungarian_groups(query)
    assert "when" in search.intents(query, "hu")


@pytest.mark.parametrize("query", ["lehet túlfizetni?", "a kapitány túlfizetett",
                                   "fizethet túl sokat a kapitány?"])
def test_hungarian_overpaying_is_paying_more(query: str) -> None:
    """"túlfizetni" (to overpay) and "túl sokat" (too many) pay more than asked: "#pay"
    and "#limit" ("több")."""
    groups = _hungarian_groups(query)
    assert "#pay" in groups and "#limit" in groups


def test_the_hungarian_conditional_of_we_is_its_verb() -> None:
    """"játszanánk", "fizetnénk" (we would play, pay) are "játszik", "fizet"."""
    assert "#play" in _hungarian_groups("gyerekekkel játszanánk")
    assert _hungarian_groups("fizetnénk") == ["#pay"]


def test_a_hungarian_argument_asks_who_is_right() -> None:
    """"ki nyert a vitában?" (who won the argument), "kinek van igaza?", "ki téved?"
    ask who is right: nobody won the game, and the words carry nothing."""
    for query in ("ki nyert a vitában?", "kinek van igaza?", "ki téved?",
                  "volt egy vitánk"):
        assert _hungarian_groups(query) == []
    assert "#win" in _hungarian_groups("ki nyert?")


def test_hungarian_may_it_go_asks_whether_it_is_allowed() -> None:
    """"mehet?" (may it go) asks whether a move is allowed, as "lehet", "szabad": a
    filler; "válogathat" (may pick and choose) chooses."""
    assert _hungarian_groups("2 katapult egymás után mehet?")[:2] == ["#two", "@ejection"]
    assert "mehe" not in _hungarian_groups("a távcső mehet?")
    assert "#choose" in _hungarian_groups("válogathat a kapitány a kockák közül?")


@pytest.mark.parametrize(("query", "groups"), [
    ("annak a kockaszámával?", ["@event-dice", "#number"]),
    ("van kézlimit?", ["#hand", "#limit"]),
    ("elfogyott a kincspakli", ["#empty", "@treasure-card", "@draw-pile"]),
    # a first part that only frames a question makes no compound
    ("szabályopciók", ["szabalyopci"]),
    # an unknown last part makes no compound
    ("a szigetlapkán", ["szigetlapkan"])])
def test_a_hungarian_compound_is_its_two_words(query: str, groups: list[str]) -> None:
    """A compound that no list names ("kockaszám", dice and number; "kézlimit", hand and
    limit; "kincspakli", treasure and pile) is read as its two known words."""
    assert _hungarian_groups(query) == groups


@pytest.mark.parametrize("query", ["egy kalóz meg egy üres, elég egy ágyú?",
                                   "2 üres + 1 köd, mit fizet?", "két üres oldalt dobott"])
def test_a_hungarian_blank_counted_among_the_dice_is_a_blank_face(query: str) -> None:
    """"egy üres", "2 üres" counted among the dice's faces is a blank face, no empty
    pile; "üres a pakli" stays empty."""
    groups = _hungarian_groups(query)
    assert "@blank" in groups and "#empty" not in groups
    assert "#empty" in _hungarian_groups("üres a 9-es pakli")


@pytest.mark.parametrize("query", ["ketten is 52 ponton vagyunk, ki nyert?",
                                   "mindketten 47 pontosak lettünk"])
def test_hungarian_both_at_one_score_is_a_tie(query: str) -> None:
    """"ketten is 52 ponton" (both of us at 52) is a tie at that score; "ketten is 3
    lapot húzunk" counts cards."""
    assert _hungarian_groups(query)[0] == "#tie"
    assert "#tie" not in _hungarian_groups("ketten is 3 lapot húzunk?")


@pytest.mark.parametrize("query", ["az ő kincse is elúszott?", "mindenki bukik ilyenkor?",
                                   "a kincseim is odavesznek?"])
def test_hungarian_slang_for_losing_is_losing(query: str) -> None:
    """"elúszott" (swam away), "bukik", "odavesznek": losing it, as "elveszít"."""
    assert "#keep" in _hungarian_groups(query)
