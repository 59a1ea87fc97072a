/* Search of the Celestia rulebook.
 *
 * The index (searchindex-celestia.js, window.CELESTIA_SEARCH) is built by
 * tutor/site/search_index.py with the normaliser of `celestia faq`: its keys are the stems
 * that tutor.content.search gives, and "forms" maps every word form the site uses to its
 * stem. The words of a query are read by that same normaliser, run on the data the build
 * exported (celestia-faq.js: its words, stems, related stems and typo fixes); this script
 * only scores the places that hold them. First come the answers of the FAQ's own search
 * (the rules a query names by number, the term it names, `celestia faq`'s answers), then
 * every unit by its words. Every unit is a rule, an FAQ entry, a term or a section, so a
 * result opens the very place; its snippet is in the index, so results are whole even
 * from file://.
 */
(function () {
  "use strict";

  function fold(text) { return window.CelestiaFaq.fold(text); }

  /* The normaliser and the vocabularies of the index's stems and spellings (built once). */
  function prepared(index) {
    if (!index.normaliser) {
      var n = window.CelestiaFaq.normaliser(index.faq);
      var seen = {};
      Object.keys(index.forms).concat(Object.keys(index.terms)).forEach(function (word) {
        if (word.length >= n.minPrefix && !/^[0-9]+$/.test(word)) { seen[word] = true; }
      });
      index.spellings = Object.keys(seen).sort();
      index.vocabulary = n.vocabulary(Object.keys(index.terms));
      index.normaliser = n;
    }
    return index.normaliser;
  }

  /* The index keys a folded word matches, by its form or its stem (0–1), as the
     normaliser relates stems (search.Vocabulary.related). */
  function matchesAsSpelt(word, index) {
    var n = prepared(index);
    var found = {};
    index.vocabulary.related(index.forms[word] || n.stem(word)).forEach(function (score, key) {
      found[key] = score;
    });
    return found;
  }

  /* How far a typo's match counts beside the word as typed. */
  var TYPO = 0.8;

  /* The index keys a folded query word matches, each with how well (0–1): as spelt, and
     for a word the site does not know well, as the site's closest spelling. */
  function matches(word, index) {
    var found = matchesAsSpelt(word, index);
    var best = 0;
    Object.keys(found).forEach(function (key) { best = Math.max(best, found[key]); });
    // A word matched no better than this is corrected too (as `celestia faq` does).
    if (best < prepared(index).wellKnown) {
      var corrected = prepared(index).closestSpelling(word, index.spellings,
                                                          index.language);
      if (corrected) {
        var more = matchesAsSpelt(corrected, index);
        Object.keys(more).forEach(function (key) {
          found[key] = Math.max(found[key] || 0, more[key] * TYPO);
        });
      }
    }
    return found;
  }

  /* The unit of each anchor (built once). */
  function unitsByAnchor(index) {
    if (!index.anchors) {
      index.anchors = {};
      index.units.forEach(function (unit, n) {
        if (unit[1] && !(unit[1] in index.anchors)) { index.anchors[unit[1]] = n; }
      });
    }
    return index.anchors;
  }

  /* What comes before every other result, from the FAQ's own search (celestia-faq.js,
     on the data the build exported from `celestia faq`): the rules the query names by
     number ("3.4.2", "rule 3.4", "règle 3.5"), the glossary term when the query is only
     that term, then the FAQ's answers in `celestia faq`'s order. Unit numbers. */
  function answersFirst(query, index) {
    var faq = window.CelestiaFaq;
    if (!faq || !index.faq) { return []; }
    var anchors = unitsByAnchor(index);
    var first = [];
    function add(anchor) {
      if (anchor in anchors && first.indexOf(anchors[anchor]) < 0) { first.push(anchors[anchor]); }
    }
    faq.ruleRefs(query, index.faq).forEach(function (ref) { add("rule-" + ref.replace(/\./g, "-")); });
    var concept = faq.onlyConcept(query, index.language, index.faq);
    if (concept) { add("term-" + concept); }
    faq.search(query, index.language, index.faq, FAQ_ANSWERS).forEach(function (i) {
      add("faq-" + index.faq.ids[i]);
    });
    return first;
  }
  /* As many answers as `celestia faq` shows. */
  var FAQ_ANSWERS = 3;

  /* Units for the query: [unit number, score], best first: the answers of
     ``answersFirst``, then every unit by its words. */
  function search(query, index) {
    var found = wordSearch(query, index);
    var first = answersFirst(query, index);
    var faqFirst = first.some(function (unit) { return /^faq-/.test(index.units[unit][1]); });
    if (!faqFirst) {
      // The FAQ's answers are `celestia faq`'s: where it has none, the page shows none
      // found by their words alone (the same first FAQ answer everywhere, or none).
      found.results = found.results.filter(function (result) {
        return !/^faq-/.test(index.units[result[0]][1]);
      });
    }
    if (!first.length) { return found; }
    var top = found.results.length ? found.results[0][1] : 1;
    var rest = found.results.filter(function (result) { return first.indexOf(result[0]) < 0; });
    return {words: found.words, partial: false,
            results: first.map(function (unit, n) { return [unit, top + first.length - n]; })
              .concat(rest)};
  }

  /* Units scored by their words: [unit number, score], best first. Every word must
     match; when no unit has them all, units with most of them come back, flagged
     "partial". */
  function wordSearch(query, index) {
    var words = prepared(index).words(query, index.language);
    var total = index.units.length;
    var scores = {};
    var counts = {};
    words.forEach(function (word) {
      var best = {};
      var found = matches(word, index);
      Object.keys(found).forEach(function (key) {
        var postings = index.terms[key];
        for (var i = 0; i < postings.length; i += 2) {
          var value = postings[i + 1] * found[key];
          if (!(postings[i] in best) || best[postings[i]] < value) { best[postings[i]] = value; }
        }
      });
      // A word found in few places tells more than a word found everywhere.
      var found_in = Object.keys(best);
      var rarity = Math.log((total + 1) / (found_in.length + 0.5));
      found_in.forEach(function (unit) {
        scores[unit] = (scores[unit] || 0) + best[unit] * rarity;
        counts[unit] = (counts[unit] || 0) + 1;
      });
    });
    // Among equals, a short title (a term, a rule's heading) is the place the word lives;
    // a worked example (a whole lesson's narration) repeats words the rules define.
    Object.keys(scores).forEach(function (unit) {
      var titleWords = fold(index.units[unit][2]).split(/[^\p{L}]+/u).filter(Boolean).length;
      var anchor = index.units[unit][1];
      // An FAQ answer before a worked example that merely shares its words.
      var kind = /^(rule|term)-/.test(anchor) ? 0.02 : /^faq-/.test(anchor) ? 0.01
        : /^lesson-/.test(anchor) ? -0.6 : 0;
      scores[unit] *= 1 + 0.2 / Math.max(1, titleWords) + kind;
    });
    var units = Object.keys(scores);
    var most = 0;
    units.forEach(function (unit) { most = Math.max(most, counts[unit]); });
    var kept = units.filter(function (unit) { return counts[unit] === most; });
    kept.sort(function (a, b) { return scores[b] - scores[a] || a - b; });
    // At most three places of one page before every other page had its turn.
    var first = [], later = [], perPage = {};
    kept.forEach(function (unit) {
      var page = index.units[unit][0];
      perPage[page] = (perPage[page] || 0) + 1;
      (perPage[page] <= 3 ? first : later).push(unit);
    });
    return {words: words, partial: most < words.length,
            results: first.concat(later).map(function (unit) {
              return [Number(unit), scores[unit]];
            })};
  }

  function highlight(element, text, words) {
    // Mark the snippet's words that begin like a query word (accents ignored).
    var parts = text.split(/([\p{L}\p{N}]+)/u);
    parts.forEach(function (part) {
      var folded = fold(part);
      var hit = folded.length >= 3 && words.some(function (word) {
        var n = Math.min(word.length, folded.length, Math.max(4, word.length - 2));
        return folded.slice(0, n) === word.slice(0, n);
      });
      if (hit) {
        var mark = document.createElement("mark");
        mark.textContent = part;
        element.appendChild(mark);
      } else {
        element.appendChild(document.createTextNode(part));
      }
    });
  }

  function format(text, values) {
    return text.replace(/\{(\w+)\}/g, function (all, name) {
      return name in values ? values[name] : all;
    });
  }

  function show(query, index, texts) {
    var status = document.getElementById("celestia-search-status");
    var list = document.getElementById("celestia-search-results");
    list.textContent = "";
    if (!query.trim()) { status.textContent = ""; return; }
    var found = search(query, index);
    var results = found.results.slice(0, 60);
    if (!results.length) {
      status.textContent = format(texts.none, {query: query});
      return;
    }
    var count = found.results.length;
    status.textContent = format(count === 1 ? texts.one : texts.many,
                                {count: count.toLocaleString(document.documentElement.lang),
                                 query: query}) + (found.partial ? " " + texts.partial : "");
    results.forEach(function (result) {
      var unit = index.units[result[0]];
      var page = index.pages[unit[0]];
      var item = document.createElement("li");
      var link = document.createElement("a");
      link.href = page[0] + ".html" + (unit[1] ? "#" + unit[1] : "");
      link.textContent = unit[2];
      item.appendChild(link);
      if (unit[2] !== page[1]) {
        var where = document.createElement("span");
        where.className = "celestia-result-page";
        where.textContent = page[1];
        item.appendChild(where);
      }
      if (unit[3]) {
        var snippet = document.createElement("p");
        highlight(snippet, unit[3], found.words);
        item.appendChild(snippet);
      }
      list.appendChild(item);
    });
  }

  function start() {
    // Only the search page has a search form; elsewhere (the lessons' look-up) this script
    // only lends its search.
    var source = document.getElementById("celestia-search-texts");
    if (!source) { return; }
    var texts = JSON.parse(source.textContent);
    var index = window.CELESTIA_SEARCH;
    var input = document.getElementById("celestia-q");
    var query = new URLSearchParams(location.search).get("q") || "";
    input.value = query;
    if (!index) {
      document.getElementById("celestia-search-status").textContent = texts.missing;
      return;
    }
    show(query, index, texts);
    var timer = null;
    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(function () {
        show(input.value, index, texts);
        var address = new URL(location.href);
        address.searchParams.set("q", input.value);
        try { history.replaceState(null, "", address.href); } catch (error) { /* file:// */ }
      }, 150);
    });
  }

  window.CelestiaSearch = {search: search};
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
