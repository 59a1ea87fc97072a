"""Hungarian search for the site: Snowball, then one final vowel dropped.

The Snowball Hungarian stemmer (which Sphinx uses as is) treats a word's base form and
its suffixed forms unevenly: "kártya" becomes "kárty" but "kártyák" becomes "kártya",
because Hungarian lengthens a final vowel before a suffix (kártya → kártyá-k). Dropping
one final vowel after Snowball brings both to "kárty". The index (Python) and the query
(JavaScript, in the browser) must stem alike, so both sides apply the same two steps.
"""

from __future__ import annotations

from functools import cached_property

import snowballstemmer
from sphinx.search import _MINIFIED_JS_PATH
from sphinx.search.hu import SearchHungarian

VOWELS = "aáeéiíoóöőuúüű"
#: A stem keeps at least this many letters; shorter words are left as Snowball made them.
MIN_STEM = 3


def stem(stemmer: snowballstemmer.stemmer, word: str) -> str:
    result = stemmer.stemWord(word.lower())
    if len(result) > MIN_STEM and result[-1] in VOWELS:
        result = result[:-1]
    return result


_WRAPPER = """
var SnowballHungarian = HungarianStemmer;
class Stemmer {
  constructor() { this.inner = new SnowballHungarian(); }
  stemWord(word) {
    let result = this.inner.stemWord(word.toLowerCase());
    if (result.length > %(min)d && "%(vowels)s".includes(result.slice(-1))) {
      result = result.slice(0, -1);
    }
    return result;
  }
}
window.Stemmer = Stemmer;
"""


class SearchHungarianSite(SearchHungarian):
    """Sphinx's Hungarian search with the final-vowel step on both sides."""

    js_stemmer_rawcode = ""

    def stem(self, word: str) -> str:
        return stem(self.stemmer, word)

    @cached_property
    def js_stemmer_code(self) -> str:  # type: ignore[override]
        parts = [(_MINIFIED_JS_PATH / name).read_text(encoding="utf-8")
                 for name in ("base-stemmer.js", "hungarian-stemmer.js")]
        return "\n".join([*parts, _WRAPPER % {"min": MIN_STEM, "vowels": VOWELS}])
