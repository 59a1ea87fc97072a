"""Write ``tutor/common_words.txt``: the common words of each language that the search's
typo fixer must leave as they are.

A query's word that the search does not know is read as a typo of the nearest known
word (``search.closest_spelling``). An ordinary word of the language is no typo:
French "jette" (throws away) is not "cette", "marche" (works) is not "manche", English
"stuck" is not "stack". This script takes each language's common words from the
``wordfreq`` package (its word lists are CC-BY-SA 4.0, by Robyn Speer and contributors)
and keeps only those that the typo fixer would otherwise correct, that is, within its
reach of a word the search knows, no inflection of that word ("leteszi" may well be
read as "letesz"), and more common than it, or nearly as common, when it is a word of
the game (a player typing "carts" meant "cards", one typing "screw" did not mean "crew";
a stop word such as "cette" is never what a common word was meant to be). The file is
small and tracked: ``wordfreq`` is only needed to write it again (``pip install
'wordfreq==3.1.1'``), after the FAQ's or the players' words changed::

    python -m tutor.tools.common_words
"""

from __future__ import annotations

import sys
from pathlib import Path

from tutor.content import faq, search

#: A word at least this common (Zipf scale: 3 is once per million words) is an ordinary
#: word of its language.
MIN_ZIPF = 3.0
#: A common word nearly as common as the game's word it is within reach of (less than
#: this much rarer on the Zipf scale, about three times) is a word of its own: "screw"
#: (4.25) is no typo of "crew" (4.7), while "carts" (3.45) is one of "cards" (4.76).
CLOSE_ENOUGH = 0.5
TARGET = search.COMMON_WORDS_FILE

HEADER = """\
# The common words of each language that the search's typo fixer leaves as they are
# (tutor/content/search.py, closest_spelling): only those within its reach of a word the
# search knows, no inflection of it, and more common than it when it is one of the
# game's. Written by `python -m tutor.tools.common_words`; do not edit by hand.
#
# The words come from the wordfreq package's lists (https://github.com/rspeer/wordfreq),
# licensed CC-BY-SA 4.0: this file is shared under the same licence.
#
# One word a line, folded (lower case, no accents), after its language's [code].
"""


def _frequencies(language: str) -> dict[str, float]:
    """Each folded word of ``language``'s wordfreq list with its Zipf frequency (the
    highest of its spellings: "kor" is as common as "kör")."""
    import wordfreq  # optional: the wordlists extra, only to write the file

    found: dict[str, float] = {}
    for word, frequency in wordfreq.get_frequency_dict(language).items():
        folded = search.fold(word)
        if search.WORD.fullmatch(folded):
            zipf = wordfreq.freq_to_zipf(frequency)
            found[folded] = max(found.get(folded, 0.0), zipf)
    return found


def common_words(language: str) -> list[str]:
    """The words of ``language`` for the file, sorted."""
    frequency = _frequencies(language)
    candidates = faq._index(language).spellings
    position = {c: n for n, c in enumerate(candidates)}
    stop = {search.fold(w) for w in search.STOP_WORDS}
    by_length: dict[int, list[str]] = {}
    for candidate in candidates:
        by_length.setdefault(len(candidate), []).append(candidate)
    kept = []
    for word, zipf in frequency.items():
        # (a stop word of any language is never corrected)
        if zipf < MIN_ZIPF or len(word) < search.MIN_PREFIX or word in search.STOP_WORDS \
                or word in by_length.get(len(word), ()):
            continue
        near = [c for n in range(len(word) - 2, len(word) + 3) for c in by_length.get(n, ())]
        # In the candidates' order, as the typo fixer sees them.
        near.sort(key=position.__getitem__)
        corrected = search.closest_spelling(word, near)
        # An inflection of the same word ("leteszi", "letesz"; "thrown", "throws") is
        # read as that word: the typo fixer may as well take it there.
        if corrected is None or search.similarity(word, corrected, language):
            continue
        if corrected in stop or zipf >= frequency.get(corrected, 0.0) - CLOSE_ENOUGH:
            kept.append(word)
    return sorted(kept)


def main() -> int:
    lines = [HEADER]
    for language in search.LANGUAGES:
        words = common_words(language)
        lines.append(f"[{language}]\n" + "".join(f"{w}\n" for w in words))
        print(f"{language}: {len(words)} words", file=sys.stderr)
    Path(TARGET).write_text("".join(lines), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
