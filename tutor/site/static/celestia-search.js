/* Search of the Celestia rulebook.
 *
 * The index (searchindex-celestia.js, window.CELESTIA_SEARCH) is built by
 * tutor/site/search_index.py with the normaliser of `celestia faq`: its keys are the stems
 * that tutor.content.search gives, and "forms" maps every word form the site uses to its
 * stem. Here a query word is only folded (lower case, accents removed, as the normaliser's
 * fold does), looked up in "forms", and otherwise compared with the stems by prefix — the
 * rule `celestia faq` applies to endings it does not know — or, failing that, allowed one
 * typing mistake. Every unit is a rule, an FAQ entry, a term or a section, so a result opens
 * the very place; its snippet is in the index, so results are whole even from file://.
 */
(function () {
  "use strict";
  var MIN_PREFIX = 4;

  function fold(text) {
    return text.toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
  }

  function queryWords(query, stop) {
    var found = [];
    fold(query).split(/[^\p{L}\p{N}]+/u).forEach(function (word) {
      if (word && !stop.has(word)) { found.push(word); }
    });
    return found;
  }

  function distanceAtMostOne(a, b) {
    if (a === b) { return true; }
    if (Math.abs(a.length - b.length) > 1) { return false; }
    var i = 0;
    while (i < a.length && i < b.length && a[i] === b[i]) { i++; }
    if (a.length === b.length) {
      // one letter changed, or two neighbours swapped
      return a.slice(i + 1) === b.slice(i + 1) ||
        (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2));
    }
    return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
  }

  /* The index keys a folded query word matches, each with how well (0–1). */
  function matches(word, index, keys) {
    var found = {};
    var stem = index.forms[word] || word;
    if (index.terms[stem]) { found[stem] = 1; }
    keys.forEach(function (key) {
      if (found[key]) { return; }
      var short = key.length <= stem.length ? key : stem;
      var long = key.length <= stem.length ? stem : key;
      if (short.length >= MIN_PREFIX && 2 * short.length >= long.length &&
          long.indexOf(short) === 0) {
        found[key] = 0.5 + 0.4 * short.length / long.length;
      } else if (word.length >= MIN_PREFIX && 2 * key.length >= word.length &&
                 key.length >= MIN_PREFIX && word.indexOf(key) === 0) {
        found[key] = 0.5 + 0.4 * key.length / word.length;
      }
    });
    if (Object.keys(found).length === 0 && word.length >= 5) {
      keys.forEach(function (key) {
        if (key.length >= 4 && (distanceAtMostOne(stem, key) || distanceAtMostOne(word, key))) {
          found[key] = 0.4;
        }
      });
    }
    return found;
  }

  /* Units scored for the query: [unit number, score], best first. Every word must match;
     when no unit has them all, units with most of them come back, flagged "partial". */
  function search(query, index) {
    var stop = new Set(index.stop);
    var words = queryWords(query, stop);
    var keys = Object.keys(index.terms);
    var total = index.units.length;
    var scores = {};
    var counts = {};
    words.forEach(function (word) {
      var best = {};
      var found = matches(word, index, keys);
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
      var kind = /^(rule|term)-/.test(anchor) ? 0.02 : /^faq-/.test(anchor) ? 0.01
        : /^lesson-/.test(anchor) ? -0.4 : 0;
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
        var n = Math.min(word.length, folded.length, Math.max(MIN_PREFIX, word.length - 2));
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
    var texts = JSON.parse(document.getElementById("celestia-search-texts").textContent);
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

  window.CelestiaSearch = {fold: fold, search: search};
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
