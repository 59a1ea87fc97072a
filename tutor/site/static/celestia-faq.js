/* The FAQ search of `celestia faq`, for the website's pages.
 *
 * Nothing here knows a language: every word list, every player's word and synonym, the
 * stems' endings, the FAQ's index and its weights come from the data that the site's
 * build exports from the Python search (tutor.content.faq.page_data, in
 * searchindex-celestia.js as CELESTIA_SEARCH.faq). This script follows the steps of
 * tutor/content/search.py and tutor/content/faq.py one for one, so that the page and
 * `celestia faq` give the same answers; tests/site/test_search_conformance.py asks both
 * every question of the evaluation sets and fails on any difference in the first answer.
 * When the Python side changes, change the step of the same name here.
 */
(function (root) {
  "use strict";

  function has(object, key) { return Object.prototype.hasOwnProperty.call(object, key); }
  function length(text) { return Array.from(text).length; }

  /* search.fold: lower case, accents removed. */
  function fold(text) {
    return text.normalize("NFKD").toLowerCase().replace(/ß/g, "ss").normalize("NFKD")
      .replace(/ (?=\p{Mn})/gu, "").replace(/\p{Mn}/gu, "");
  }

  /* Everything derived once from the data of one page. */
  function prepare(data) {
    if (data.prepared) { return data.prepared; }
    var t = data.tables;
    var p = {
      t: t, w: data.weights,
      stop: new Set(t.stop), question: new Set(t.question_words),
      purpose: new Set(t.purpose), have: new Set(t.have), beforeDice: new Set(t.before_dice),
      huPrefixes: new Set(t.hu_prefixes), huArticles: new Set(t.hu_articles),
      ruleWords: new Set(t.rule_words), ruleIds: new Set(data.rule_ids),
      stems: {}, languages: {}, common: {}
    };
    Object.keys(t.common_words).forEach(function (language) {
      p.common[language] = new Set(t.common_words[language]);
    });
    var inversion = /-t-(?:il|elle|on|ils|elles)(?![\p{L}\p{N}_])|-(?:il|elle|on|ils|elles|je|tu|nous|vous)(?![\p{L}\p{N}_])/gu;
    p.inversion = inversion;
    data.prepared = p;
    Object.keys(data.languages).forEach(function (language) {
      var l = data.languages[language];
      var table = new Map(Object.entries(t.lexicon[language].players));
      var longest = 1;
      var singles = [];
      table.forEach(function (target, key) {
        longest = Math.max(longest, key.split(" ").length);
        if (key.indexOf(" ") < 0) { singles.push(key); }
      });
      var postings = new Map();
      l.weights.forEach(function (weights, i) {
        Object.keys(weights).forEach(function (form) {
          if (!postings.has(form)) { postings.set(form, []); }
          postings.get(form).push([i, weights[form]]);
        });
      });
      var forms = [];
      postings.forEach(function (value, form) { if (form[0] !== "@") { forms.push(form); } });
      p.languages[language] = {
        language: language, kinds: t.lexicon[language].kinds, table: table, longest: longest, single: new Vocabulary(singles, language, p),
        groups: t.lexicon[language].groups, postings: postings,
        vocabulary: new Vocabulary(forms, language, p), spelled: new Set(l.spellings),
        known: new Set(l.known), index: l
      };
    });
    return p;
  }

  /* search._spelled: the words as spelt, lower case, accents kept. */
  function spelled(p, text, language, wordsOf) {
    text = text.toLowerCase().replace(/’/g, "'").replace(p.inversion, "");
    p.t.contractions.forEach(function (pair) { text = text.split(pair[0]).join(pair[1]); });
    if (language === "hu") {
      text = collective(p, text);
      /* search._EVEN: "47-47" is a tie */
      var even = p.t.shapes.hu_even;
      text = text.replace(/(^|[^\p{L}\p{N}\p{M}_.])(\p{Nd}+) ?[-:] ?\2(?![\p{L}\p{N}\p{M}_.])/gu,
                          function (match, before, number) {
                            return Number(number) >= even.least ? before + even.word : match;
                          });
      /* search._PLACE: "a 6-osra dobunk" is the city 6 */
      var place = p.t.shapes.hu_place;
      text = text.replace(new RegExp("(^|[^\\p{L}\\p{N}\\p{M}_.])(\\p{Nd}+)-?(?:" +
                                     place.suffixes.join("|") + ")[\\p{L}\\p{M}]+", "gu"),
                          function (match, before, number) {
                            return before + (has(place.named, number) ? place.named[number]
                                             : number + " " + place.word);
                          });
    }
    text = text.replace(/(^|[^\p{L}\p{N}\p{M}_.])(\p{Nd}+)-?[\p{L}\p{M}]+/gu, "$1$2");
    var found = [];
    var kept = p.t.not_unspelt[wordsOf || language || ""] || [];
    (text.match(/[\p{L}\p{N}]+|\+/gu) || []).forEach(function (w) {
      if (has(p.t.unspelt, w) && kept.indexOf(w) < 0) {
        found.push.apply(found, p.t.unspelt[w]);
      } else if (length(w) > 2 && new RegExp("^" + p.t.elided_je).test(w)) {
        /* search._elided: "jpeux" is "je peux" */
        var rest = w.slice(1);
        found.push("je");
        if (has(p.t.unspelt, rest)) { found.push.apply(found, p.t.unspelt[rest]); }
        else { found.push(rest); }
      } else if (fold(w)) { found.push(w); }   /* a word of marks alone is no word */
    });
    if ((wordsOf || language) === "fr") {
      /* search._unelided: "lequipement" is "l'equipement" */
      var article = new RegExp("^" + p.t.elided_article, "u");
      var players = p.t.lexicon.fr.players;
      found = [].concat.apply([], found.map(function (w) {
        if (length(w) > 3 && article.test(w) && !has(players, stem(p, fold(w), "fr")) &&
            has(players, stem(p, fold(w.slice(1)), "fr"))) {
          return [w[0], w.slice(1)];
        }
        return [w];
      }));
    }
    /* a phrase whose first word is not in the text is skipped at once, as in search.py */
    var present = new Set(found);
    var slot = p.t.number_slot;
    /* search._rewritten: a phrase's word "#30-99" is any number from 30 to 99, as typed */
    function matches(w, word) {
      if (w.charAt(0) !== slot) { return word === w; }
      var range = w.slice(1).split("-");
      return /^[0-9]+$/.test(word) && String(Number(word)) === word &&
        Number(range[0]) <= Number(word) && Number(word) <= Number(range[1]);
    }
    p.t.rewrites.forEach(function (rewrite) {
      var phrase = rewrite[0];
      var first = phrase[0].charAt(0) === slot;
      if (!present.has(phrase[0]) &&
          !(first && found.some(function (w) { return /^[0-9]+$/.test(w); }))) { return; }
      for (var r = found.length - phrase.length; r >= 0; r--) {
        if (phrase.every(function (w, k) { return matches(w, found[r + k]); })) {
          var number = found[r + phrase.findIndex(function (w) { return w.charAt(0) === slot; })];
          found.splice.apply(found, [r, phrase.length].concat(rewrite[1].map(function (w) {
            return w === slot ? number : w;
          })));
          present = new Set(found);
        }
      }
    });
    found = found.map(function (w, n) {
      return w === "des" && n && p.beforeDice.has(found[n - 1]) ? "dés" : w;
    });
    found = found.map(function (w, n) {
      return (wordsOf || language) === "fr" && w === p.t.die[0] && n > 0 &&
        n < found.length - 1 &&
        p.t.before_die.indexOf(found[n - 1]) >= 0 &&
        (!p.stop.has(found[n + 1]) || p.t.after_die.indexOf(found[n + 1]) >= 0) &&
        p.t.not_after_die.indexOf(found[n + 1]) < 0 ? p.t.die[1] : w;
    });
    found = dropped(p, found, wordsOf || language);
    found = people(p, found, wordsOf || language);
    var plus = p.t.shapes.plus_and[wordsOf || language || ""];
    if (plus) {
      found = found.map(function (w, n) {
        return w === plus.word && n + 1 < found.length &&
          (/^[0-9]+$/.test(found[n + 1]) || plus.before.indexOf(found[n + 1]) >= 0)
          ? plus.as : w;
      });
    }
    if (language === "fr") {
      /* "j'ai 52, j'ai gagné ?" has reached the end score; "66 cartes" counts cards */
      var beyondFr = p.t.shapes.fr_beyond;
      found = found.map(function (w, n) {
        return /^[0-9]+$/.test(w) && Number(w) > beyondFr.least &&
          Number(w) <= beyondFr.most &&
          !(n + 1 < found.length && fold(found[n + 1]).indexOf(beyondFr.not_before) === 0)
          ? String(beyondFr.least) : w;
      });
    }
    if (language === "hu") {
      /* "már 52 pontom van" has reached the end score */
      var beyond = p.t.shapes.hu_beyond;
      found = found.map(function (w, n) {
        return /^[0-9]+$/.test(w) && Number(w) > beyond.least && Number(w) <= beyond.most &&
          n + 1 < found.length && fold(found[n + 1]).indexOf(beyond.before) === 0
          ? String(beyond.least) : w;
      });
      var turn = p.t.shapes.hu_turn;
      if (found.some(function (w) {
        return turn.context.some(function (c) { return w.indexOf(c) === 0; });
      })) {
        found = found.map(function (w) { return turn.words.indexOf(w) >= 0 ? turn.as : w; });
      }
      var auxiliaries = p.t.shapes.ki_auxiliaries;
      for (var m = 0; m + 2 < found.length; m++) {
        var verb = p.t.shapes.hu_between.indexOf(found[m + 2]) >= 0 ? m + 3 : m + 2;
        if (verb < found.length && p.huPrefixes.has(found[m]) &&
            auxiliaries.indexOf(found[m + 1]) >= 0 && !p.stop.has(found[verb]) &&
            singleWordTarget(p, stem(p, fold(found[m] + found[verb]), "hu"),
                             p.languages.hu, false, false)) {
          found[verb] = found[m] + found[verb];
          found[m] = "";
          if (has(p.t.hu_still, found[m + 2])) { found[m + 2] = p.t.hu_still[found[m + 2]]; }
        }
      }
      /* "meg" beside a verb that has its prefix is "még" (still) */
      found = found.map(function (w, k) {
        return has(p.t.hu_still, w) && [k - 1, k + 1].some(function (j) {
          return j >= 0 && j < found.length && !p.stop.has(found[j]) &&
            hasPrefix(p, found[j]) && p.t.shapes.hu_can.some(function (c) {
              return found[j].indexOf(c) >= 0;
            });
        }) ? p.t.hu_still[w] : w;
      });
      for (var n = 1; n < found.length; n++) {
        /* the verb may stand before an adverb ("játszhatok még ki?") */
        var v = n > 1 && p.t.shapes.hu_between.indexOf(found[n - 1]) >= 0 && found[n - 2]
          ? n - 2 : n - 1;
        /* (a players' phrase of the two that makes no word as one stays as it is:
           "nincs meg a lapja") */
        if (p.huPrefixes.has(found[n]) && found[v] && !p.stop.has(found[v]) &&
            (n + 1 === found.length || p.huArticles.has(found[n + 1])) &&
            !(has(p.t.lexicon.hu.players, stem(p, fold(found[v]), "hu") + " " +
                  stem(p, fold(found[n]), "hu")) &&
              !singleWordTarget(p, stem(p, fold(found[n] + found[v]), "hu"),
                                p.languages.hu, false, false))) {
          if (hasPrefix(p, found[v])) {
            if (has(p.t.hu_still, found[n])) { found[n] = p.t.hu_still[found[n]]; }
          } else if (!has(p.t.lexicon.hu.players, stem(p, fold(found[v]), "hu")) &&
                     !(has(p.t.hu_still, found[n]) &&
                       singleWordTarget(p, stem(p, fold(found[v]), "hu"),
                                        p.languages.hu, false, false))) {
            found[v] = found[n] + found[v];
            found[n] = "";
          }
        }
      }
      found = found.filter(function (w) { return w; });
    }
    return found;
  }

  /* search._people: "on sera 7" is seven players */
  function people(p, found, language) {
    var rule = p.t.shapes.people[language || ""];
    if (!rule) { return found; }
    var out = [];
    found.forEach(function (word, n) {
      out.push(word);
      if (/^[0-9]+$/.test(word) && rule.after.some(function (before) {
        var start = n - before.length;
        return start >= 0 && before.every(function (w, k) { return found[start + k] === w; });
      }) && found[n + 1] !== rule.word) {
        out.push(rule.word);
      }
    });
    return out;
  }

  /* search._dropped: "plus que 2 cartes" (only), "keeps swearing" (goes on) */
  function dropped(p, found, language) {
    var rules = p.t.shapes.dropped[language || ""];
    if (!rules) { return found; }
    var players = p.t.lexicon[language].players;
    return found.filter(function (w, n) {
      var following = n + 1 < found.length ? found[n + 1] : "";
      var drops = following && rules.some(function (rule) {
        return rule.words.indexOf(w) >= 0 && (rule.before.indexOf(following) >= 0 ||
          (rule.ending && following.slice(-rule.ending.length) === rule.ending &&
           length(following) > rule.ending.length + 2));
      });
      if (!drops) { return true; }
      var longest = Math.min(p.t.shapes.dropped_longest, found.length - n);
      for (var size = 2; size <= longest; size++) {
        var key = found.slice(n, n + size).map(function (x) {
          return stem(p, fold(x), language);
        }).join(" ");
        if (has(players, key)) { return true; }
      }
      return false;
    });
  }

  /* search._collective: "7-en vagyunk" is seven players, "a 9-en" a city. */
  function collective(p, text) {
    var rule = p.t.shapes.hu_collective;
    var pattern = new RegExp("(^|[^\\p{L}\\p{N}\\p{M}_.])(\\p{Nd}+)-?(?:" +
                             rule.endings.join("|") + ")(?![\\p{L}\\p{N}\\p{M}_])", "gu");
    return text.replace(pattern, function (match, before, number, offset) {
      var words = text.slice(0, offset + before.length).trim().split(/\s+/);
      if (rule.not_after.indexOf(words[words.length - 1]) >= 0) { return match; }
      return before + number + " " + rule.word;
    });
  }

  /* search._has_prefix: "leugorhatok" has its prefix, "megyek" and "rakja" none. */
  function hasPrefix(p, word) {
    return p.t.hu_prefixes.some(function (prefix) {
      return word.indexOf(prefix) === 0 && length(word) - length(prefix) > p.t.min_prefix &&
        huOnset(p, word.slice(prefix.length));
    });
  }

  /* search._hu_onset: at most one consonant before a Hungarian word's first vowel */
  function huOnset(p, rest) {
    var first = Array.from(rest)[0] || "";
    if (first && p.t.hu_vowels.indexOf(first) >= 0) { return true; }
    var consonant = p.t.hu_digraphs.filter(function (d) { return rest.indexOf(d) === 0; })[0] ||
      first;
    var next = Array.from(rest.slice(consonant.length))[0] || "";
    return next !== "" && p.t.hu_vowels.indexOf(next) >= 0;
  }

  var DOUBLED = ["bb", "dd", "gg", "mm", "nn", "pp", "rr", "tt"];
  function endsWith(word, endings) {
    return endings.some(function (e) { return word.slice(-e.length) === e; });
  }

  /* search._stem_en */
  function stemEn(word) {
    if (length(word) <= 3 || !/^\p{L}+$/u.test(word)) { return word; }
    if (endsWith(word, ["ies"])) {
      word = word.length > 4 ? word.slice(0, -3) + "y" : word.slice(0, -1);
    } else if (endsWith(word, ["sses", "shes", "ches", "xes", "zzes", "oes"])) {
      word = word.slice(0, -2);
    } else if (endsWith(word, ["s"]) && !endsWith(word, ["ss", "us", "is"])) {
      word = word.slice(0, -1);
    }
    if (endsWith(word, ["ied"])) {
      word = word.slice(0, -3) + (word.length > 4 ? "y" : "ie");
    } else if (endsWith(word, ["ed"]) && !endsWith(word, ["eed"]) && word.length > 4 &&
               /[aeiouy]/.test(word.slice(0, -2))) {
      word = word.slice(0, -2);
      if (endsWith(word, DOUBLED)) { word = word.slice(0, -1); }
    } else if (endsWith(word, ["ing"]) && word.length > 5 && /[aeiouy]/.test(word.slice(0, -3))) {
      word = word.slice(0, -3);
      if (endsWith(word, DOUBLED)) { word = word.slice(0, -1); }
    }
    if (endsWith(word, ["e"]) && !endsWith(word, ["ee"]) && word.length > 4) {
      word = word.slice(0, -1);
    }
    return word;
  }

  /* search.stem */
  function stem(p, word, language) {
    var key = (language || "") + "\u0000" + word;
    if (has(p.stems, key)) { return p.stems[key]; }
    var result = word;
    var assimilated = p.t.assimilated[language || ""] || [];
    if (language === "en") {
      result = stemEn(word);
    } else if (endsWith(word, assimilated) && length(word) - 3 >= p.t.min_prefix &&
               word[word.length - 3] === word[word.length - 4] &&
               p.t.consonants.indexOf(word[word.length - 3]) >= 0) {
      result = word.slice(0, -3);
    } else if (endsWith(word, assimilated) && length(word) - 3 >= p.t.min_prefix &&
               (p.t.assimilated_digraphs[language || ""] || []).indexOf(word.slice(-4, -2)) >= 0 &&
               word[word.length - 5] === word[word.length - 4]) {
      /* "kinccsel" is "kincs" with it */
      result = word.slice(0, -5) + word.slice(-4, -2);
    } else {
      var endings = has(p.t.endings, language || "") ? p.t.endings[language] : p.t.any_endings;
      for (var i = 0; i < endings.length; i++) {
        var e = endings[i];
        if (word.slice(-e.length) === e && length(word) - length(e) >= p.t.min_prefix) {
          result = word.slice(0, -e.length);
          break;
        }
      }
    }
    p.stems[key] = result;
    return result;
  }

  function commonPrefix(a, b) {
    var n = 0;
    while (n < a.length && n < b.length && a[n] === b[n]) { n++; }
    return n;
  }

  /* search.similarity */
  function similarity(p, query, word, language) {
    if (query === word) { return 1.0; }
    if (stem(p, query, language) === stem(p, word, language)) { return 0.9; }
    var short = query.length <= word.length ? query : word;
    var long = query.length <= word.length ? word : query;
    if (short.length < p.t.min_prefix) { return 0.0; }
    if ((long.indexOf(short) === 0 || long.indexOf(stem(p, short, language)) === 0) &&
        2 * short.length >= long.length) {
      return 0.5 + 0.4 * short.length / long.length;
    }
    var common = commonPrefix(short, long);
    if (common >= p.t.min_prefix + 1 && common >= short.length - 2) {
      return 0.4 + 0.4 * common / long.length;
    }
    return 0.0;
  }

  /* search.Vocabulary */
  function Vocabulary(stems, language, p) {
    var unique = Array.from(new Set(stems));
    unique.sort(function (a, b) { return a < b ? -1 : a > b ? 1 : 0; });
    this.sorted = unique;
    this.known = new Set(unique);
    this.language = language;
    this.p = p;
    this.longest = unique.reduce(function (m, s) { return Math.max(m, s.length); }, 0);
  }
  Vocabulary.prototype.starting = function (prefix) {
    var lo = 0, hi = this.sorted.length;
    while (lo < hi) {
      var mid = (lo + hi) >> 1;
      if (this.sorted[mid] < prefix) { lo = mid + 1; } else { hi = mid; }
    }
    var found = [];
    while (lo < this.sorted.length && this.sorted[lo].indexOf(prefix) === 0) {
      found.push(this.sorted[lo]);
      lo++;
    }
    return found;
  };
  Vocabulary.prototype.related = function (form) {
    var found = new Map();
    var minPrefix = this.p.t.min_prefix;
    if (this.known.has(form)) { found.set(form, 1.0); }
    if (form.length < minPrefix) { return found; }
    var self = this, score;
    if (form.length <= this.longest + this.p.t.typo_slack) {
      this.starting(form.slice(0, Math.max(minPrefix, form.length - 2))).forEach(function (other) {
        if (other !== form && (score = similarity(self.p, form, other, self.language))) {
          found.set(other, score);
        }
      });
    }
    for (var k = minPrefix; k < Math.min(form.length, this.longest + 1); k++) {
      var head = form.slice(0, k);
      if (this.known.has(head) && (score = similarity(this.p, form, head, this.language))) {
        found.set(head, Math.max(found.has(head) ? found.get(head) : 0.0, score));
      }
    }
    return found;
  };

  /* search.edit_distance */
  function editDistance(a, b, limit) {
    var start = 0, shortest = Math.min(a.length, b.length);
    while (start < shortest && a[start] === b[start]) { start++; }
    a = a.slice(start); b = b.slice(start);
    var end = 0;
    shortest = Math.min(a.length, b.length);
    while (end < shortest && a[a.length - 1 - end] === b[b.length - 1 - end]) { end++; }
    if (end) { a = a.slice(0, -end); b = b.slice(0, -end); }
    if (!a || !b) { return Math.min(a.length + b.length, limit + 1); }
    if (limit === 0) { return 1; }
    var best = limit + 1;
    var tails = [[a.slice(1), b.slice(1)], [a.slice(1), b], [a, b.slice(1)]];
    if (a.length > 1 && b.length > 1 && a[0] === b[1] && a[1] === b[0]) {
      tails.push([a.slice(2), b.slice(2)]);
    }
    for (var i = 0; i < tails.length; i++) {
      best = Math.min(best, 1 + editDistance(tails[i][0], tails[i][1], limit - 1));
      if (best === 1) { break; }
    }
    return best;
  }

  function difference(a, b) {
    var other = new Set(b), n = 0;
    new Set(a).forEach(function (c) { if (!other.has(c)) { n++; } });
    return n;
  }

  /* search.closest_spelling */
  function closestSpelling(p, word, candidates, language) {
    if (word.length < p.t.min_prefix || /^\p{Nd}+$/u.test(word) || !candidates.length) {
      return null;
    }
    if (language && p.common[language] && p.common[language].has(word)) { return null; }
    var longest = candidates.reduce(function (m, c) { return Math.max(m, c.length); }, 0);
    if (word.length > longest + p.t.typo_slack) { return null; }
    var limit = word.length <= 7 ? 1 : 2;
    var best = null, found = null;
    candidates.forEach(function (candidate, position) {
      if (Math.abs(candidate.length - word.length) > limit ||
          difference(word, candidate) > limit || difference(candidate, word) > limit) {
        return;
      }
      var edits = editDistance(word, candidate, limit);
      if (edits <= limit) {
        var order = p.t.typo_length_order[String(candidate.length - word.length)];
        var rank = [edits, order === undefined ? 3 : order, position];
        if (best === null || rank[0] < best[0] || (rank[0] === best[0] &&
            (rank[1] < best[1] || (rank[1] === best[1] && rank[2] < best[2])))) {
          best = rank;
          found = candidate;
        }
      }
    });
    return found;
  }

  /* search._framing_part: "szabályopciók" are options, no rules. */
  function framingPart(p, word, part, table) {
    return p.t.framing_groups.indexOf(table.get(part)) >= 0 && word.indexOf(part) === 0 &&
      length(word) - length(part) >= p.t.min_prefix;
  }

  /* search._single_word_target */
  /* search._known_start: a known word that starts this one ("katapulttal") */
  function knownStart(p, word, lang, shortest) {
    for (var k = Math.min(word.length - 1, lang.single.longest); k >= (shortest || p.t.min_prefix); k--) {
      if (lang.single.known.has(word.slice(0, k)) && 5 * k >= 3 * word.length &&
          !framingPart(p, word, word.slice(0, k), lang.table)) {
        return lang.table.get(word.slice(0, k));
      }
    }
    return null;
  }

  function singleWordTarget(p, word, lang, typing, prefixed) {
    if (lang.table.has(word)) { return lang.table.get(word); }
    if (word.length < p.t.min_prefix) { return null; }
    var restored = p.t.restored[lang.language] || [];
    for (var v = 0; v < restored.length; v++) {
      if (lang.table.has(word + restored[v])) { return lang.table.get(word + restored[v]); }
    }
    var start = knownStart(p, word, lang);
    if (start) { return start; }
    var prefixes = prefixed === false ? [] : p.t.verb_prefixes[lang.language] || [];
    for (var f = 0; f < prefixes.length; f++) {
      var rest = word.slice(prefixes[f].length);
      if (word.indexOf(prefixes[f]) === 0 && length(rest) >= p.t.min_prefix) {
        var verb = lang.table.get(rest) || lang.table.get(stem(p, rest, lang.language)) ||
          knownStart(p, rest, lang, p.t.min_prefix + 1);
        if (verb) { return verb; }
      }
    }
    /* a verb's prefix standing alone is no word being typed */
    if (typing && (p.t.verb_prefixes[lang.language] || []).indexOf(word) < 0) {
      var past = p.t.past[lang.language] || [];
      for (var e = 0; e < past.length; e++) {
        var head = word.slice(0, -past[e].length);
        if (word.slice(-past[e].length) === past[e] &&
            length(word) - length(past[e]) >= p.t.min_prefix - 1 && lang.table.has(head)) {
          return lang.table.get(head);
        }
      }
      var hits = [];
      lang.single.related(word).forEach(function (s, w) {
        if (s >= 0.75 && !framingPart(p, word, w, lang.table)) { hits.push(w); }
      });
      if (hits.length === 1) { return lang.table.get(hits[0]); }
    }
    return null;
  }

  /* search._compound: a word that is two known ones ("kockaszám") */
  function compound(p, word, lang) {
    for (var k = Math.min(word.length - p.t.min_prefix, lang.single.longest);
         k >= p.t.compound_head; k--) {
      if (lang.single.known.has(word.slice(0, k)) &&
          p.t.framing_groups.indexOf(lang.table.get(word.slice(0, k))) < 0) {
        var rest = singleWordTarget(p, word.slice(k), lang, false, false);
        if (rest) { return [lang.table.get(word.slice(0, k)), rest]; }
      }
    }
    return null;
  }

  /* search.segments (players' words: the query side) */
  function segments(p, words, language, typing, known) {
    var lang = p.languages[language];
    var stems = words.map(function (w) { return stem(p, fold(w), language); });
    var found = [];
    var i = 0;
    while (i < stems.length) {
      var done = false;
      for (var size = Math.min(lang.longest, stems.length - i); size > 1; size--) {
        var key = stems.slice(i, i + size).join(" ");
        if (lang.table.has(key)) {
          found.push([i, i + size, lang.table.get(key)]);
          i += size;
          done = true;
          break;
        }
      }
      if (!done) {
        var target = p.stop.has(words[i]) ? null
          : singleWordTarget(p, stems[i], lang, typing && !known.has(fold(words[i])));
        var parts = !target && p.t.compounding.indexOf(language) >= 0 &&
          !p.stop.has(words[i]) ? compound(p, stems[i], lang) : null;
        (parts || [target || null]).forEach(function (part) { found.push([i, i + 1, part]); });
        i++;
      }
    }
    // A number before what it counts is a count, no city (search.COUNTED).
    return found.map(function (piece, k) {
      var next = k + 1 < found.length ? found[k + 1][2] : null;
      return (piece[2] === null || piece[2] === p.t.counted_place) && next !== null &&
        /^[0-9]+$/.test(stems[piece[0]]) && (p.t.counted.indexOf(next) >= 0 ||
          (piece[2] === p.t.counted_place && p.t.counted_worth.indexOf(next) >= 0))
        ? [piece[0], piece[1], p.t.count] : piece;
    });
  }

  function isTerm(form) { return form[0] === "@" || form[0] === "#"; }

  /* search._with */
  function picked(words, rules) {
    var found = new Set();
    rules.forEach(function (rule) {
      if (!rule[0].some(function (w) { return words.has(w); })) { return; }
      words.forEach(function (w) {
        if (rule[1].indexOf(w) >= 0 || (rule[2].length && rule[2].some(function (prefix) {
          return w.indexOf(prefix) === 0;
        }))) { found.add(w); }
      });
    });
    return found;
  }

  function timesIn(p, words) {
    return p.t.times.filter(function (pair) {
      return pair.every(function (w) { return words.has(w); });
    });
  }

  /* search.asking_words */
  /* search._in_lexicon */
  function inLexicon(p, word) {
    return Object.keys(p.t.lexicon).some(function (language) {
      return has(p.t.lexicon[language].players, stem(p, fold(word), language));
    });
  }

  function askingWords(p, text) {
    var words = new Set(spelled(p, text));
    var shaping = picked(words, p.t.shapes.shaping);
    words.forEach(function (w) {
      if (p.purpose.has(w) || p.t.already.indexOf(w) >= 0 ||
          (has(p.t.intents, w) && p.t.intents[w] === "still" && !inLexicon(p, w))) {
        shaping.add(w);
      }
    });
    timesIn(p, words).forEach(function (pair) { pair.forEach(function (w) { shaping.add(w); }); });
    words.forEach(function (w) { if (p.t.then.indexOf(w) >= 0) { shaping.add(w); } });
    text.split(SENTENCE_END).forEach(function (part) {
      var clause = spelled(p, part);
      var last = clause[clause.length - 1];
      if (clause.length && p.t.clause_end_order.indexOf(last) >= 0) { shaping.add(last); }
    });
    return shaping;
  }

  var SENTENCE_END = /[.?!;,]+/;

  /* search._asks_purpose */
  function asksPurpose(p, words) {
    var s = p.t.shapes;
    if (words.length < 3 || words[0] !== s.purpose_first) { return false; }
    var last = words[words.length - 1];
    return last === s.purpose_last || (last === s.purpose_for && s.purpose_be.indexOf(words[1]) >= 0);
  }

  /* search.intents */
  /* search._before_impersonal: "ki lehet katapultálni" is the verb's prefix, no "who" */
  function beforeImpersonal(s, following) {
    if (!following.length || s.ki_impersonal.indexOf(following[0]) < 0) { return false; }
    var verb = following.length > 1 && s.hu_between.indexOf(following[1]) >= 0
      ? following[2] : following[1];
    return verb !== undefined && fold(verb).slice(-s.ki_infinitive.length) === s.ki_infinitive;
  }

  function intents(p, text, language) {
    var s = p.t.shapes;
    var words = spelled(p, text, null, language);
    var found = new Set();
    words.forEach(function (w, n) {
      if (!has(p.t.intents, w)) { return; }
      if (has(s.not_after, w) && n + 1 < words.length && s.not_after[w].indexOf(words[n + 1]) >= 0) {
        return;
      }
      if (w === s.ki && beforeImpersonal(s, words.slice(n + 1, n + 4))) { return; }
      if (w === s.ki && n) {
        var next = words[n + 1];
        var who = next !== undefined && s.ki_articles.indexOf(next) < 0 &&
          s.ki_auxiliaries.indexOf(next) < 0 &&
          !s.ki_endings.some(function (e) { return fold(next).slice(-e.length) === e; });
        if (!who) { return; }
      }
      if (n && has(s.not_before, w) && s.not_before[w].indexOf(words[n - 1]) >= 0) { return; }
      found.add(p.t.intents[w]);
    });
    var set = new Set(words);
    for (var n = 0; n + 1 < words.length; n++) {
      if (p.have.has(words[n]) && words[n + 1] === "to") { found.add("must"); }
    }
    var purpose = Array.from(set).some(function (w) { return p.purpose.has(w); }) ||
      picked(set, s.purpose_with).size > 0;
    for (n = 0; !purpose && n + 1 < words.length; n++) {
      purpose = s.purpose_pairs.some(function (pair) {
        return pair.every(function (w, k) { return words[n + k] === w; });
      });
    }
    if (!purpose) {
      purpose = text.split(SENTENCE_END).some(function (part) { return asksPurpose(p, spelled(p, part)); });
    }
    if (purpose) { found.add("purpose"); }
    if (timesIn(p, set).length) { found.add("when"); }
    return found;
  }

  /* search.canonical (a query: typing) */
  function canonical(p, text, language, known) {
    var words = spelled(p, text, language);
    var out = [];
    segments(p, words, language, true, known).forEach(function (piece) {
      var word = words[piece[0]];
      if (piece[2] || !p.stop.has(word) || p.question.has(word)) {
        out.push(piece[2] || stem(p, fold(word), language));
      }
    });
    return out;
  }

  /* The words up to the next clause's opening word (search.order's "already"). */
  function untilOpener(p, words) {
    for (var k = 0; k < words.length; k++) {
      if (p.t.openers.indexOf(words[k]) >= 0) { return words.slice(0, k); }
    }
    return words;
  }

  /* search.order (a query: typing) */
  function order(p, text, language, known) {
    var marks = {};
    Object.keys(p.t.order_words).forEach(function (relation) {
      (p.t.order_words[relation][language] || []).forEach(function (w) {
        marks[stem(p, fold(w), language)] = relation;
      });
    });
    var span = p.t.order_span;
    var found = new Set();
    var already = new Set(p.t.already);
    var then = p.t.then;
    text.split(SENTENCE_END).forEach(function (clause) {
      var words = spelled(p, clause, language);
      words.forEach(function (word, n) {
        if (!already.has(word)) { return; }
        var moment = n && !p.stop.has(words[n - 1]) &&
          (n + 1 === words.length || p.stop.has(words[n + 1]))
          ? canonical(p, words.slice(0, n).join(" "), language, known).slice(-span)
          : canonical(p, untilOpener(p, words.slice(n + 1)).join(" "), language, known)
            .slice(0, span);
        moment.forEach(function (f) {
          if (!has(marks, f) && !p.question.has(f)) { found.add("after:" + f); }
        });
      });
      words.forEach(function (word, n) {
        if (already.has(word) || then.indexOf(word) < 0) { return; }
        canonical(p, words.slice(n + 1).join(" "), language, known).slice(0, span)
          .forEach(function (f) {
            if (!has(marks, f) && !p.question.has(f)) { found.add("before:" + f); }
          });
      });
      var forms = canonical(p, clause, language, known);
      forms.forEach(function (form, n) {
        if (!has(marks, form) || (n && has(marks, forms[n - 1])) ||
            (n + 1 < forms.length && has(marks, forms[n + 1]))) { return; }
        var near = language === "hu" ? forms.slice(Math.max(0, n - span + 1), n)
          : forms.slice(n + 1, n + 1 + span);
        if (near.length && p.t.not_moments.indexOf(near[language === "hu" ? near.length - 1 : 0]) >= 0) {
          return;
        }
        var relation = marks[form];
        if (!near.length && language !== "hu") {
          near = forms.slice(Math.max(0, n - span + 1), n);
          relation = p.t.opposite[relation];
        }
        near.forEach(function (f) {
          if (!has(marks, f) && !p.question.has(f)) { found.add(relation + ":" + f); }
        });
      });
    });
    return found;
  }

  /* search.query_terms */
  function queryTerms(p, query, language, known) {
    var shaping = askingWords(p, query);
    var words = spelled(p, query, language).filter(function (w) { return !shaping.has(w); });
    var stems = words.map(function (w) { return stem(p, fold(w), language); });
    var terms = [];
    segments(p, words, language, true, known).forEach(function (piece) {
      var start = piece[0], target = piece[2];
      var single = piece[1] - start === 1 && !p.stop.has(words[start]);
      if (target && target[0] === "#") {
        terms.push([target].concat(p.languages[language].groups[target] || []));
      } else if (target) {
        terms.push(single ? [target, stems[start]] : [target]);
      } else if (single) {
        terms.push([stems[start]]);
      }
    });
    return terms;
  }

  /* faq._corrected */
  function corrected(p, query, language) {
    return query.split(SENTENCE_END).map(function (clause) {
      return correctedClause(p, clause, language);
    }).join(", ");
  }

  function correctedClause(p, query, language) {
    var lang = p.languages[language];
    return spelled(p, query, language).map(function (word) {
      var folded = fold(word);
      if (!p.stop.has(word) && folded.length >= 4 && !/^\p{Nd}+$/u.test(folded)) {
        var s = stem(p, folded, language);
        var best = 0.0;
        lang.vocabulary.related(s).forEach(function (v) { best = Math.max(best, v); });
        if (best < p.w.well_known && !singleWordTarget(p, s, lang, true) &&
            !lang.known.has(folded)) {
          return closestSpelling(p, folded, lang.index.spellings, language) || word;
        }
      }
      return word;
    }).join(" ");
  }

  /* faq._likeness */
  function likeness(query, question) {
    if (!query.length || !question.length) { return 0.0; }
    var rest = question.slice();
    var shared = 0;
    query.forEach(function (form) {
      var at = rest.indexOf(form);
      if (at >= 0) { rest.splice(at, 1); shared++; }
    });
    return 2 * shared / (query.length + question.length);
  }

  /* faq._Examples.likeness: for each entry, the cosine likeness of the query's features
     (sorted) to its nearest example question, with the rarities of the data. */
  function nearestExamples(p, lang, features, total) {
    var ex = lang.index.examples;
    if (!lang.examplePostings) {
      // feature name -> [its rarity, the examples that have it]
      lang.examplePostings = new Map();
      ex.names.forEach(function (name, n) { lang.examplePostings.set(name, [ex.rarity[n], []]); });
      ex.features.forEach(function (found, k) {
        found.forEach(function (n) { lang.examplePostings.get(ex.names[n])[1].push(k); });
      });
      // Each example's length, added in its features' order as faq._Examples._length
      // adds them: the same operations on the same doubles give the same bits.
      lang.exampleNorms = ex.features.map(function (found) {
        var total = 0.0;
        found.forEach(function (n) { total += ex.rarity[n] * ex.rarity[n]; });
        return Math.sqrt(total);
      });
    }
    var postings = lang.examplePostings;
    var known = features.filter(function (f) { return postings.has(f); });
    var norm = 0;
    known.forEach(function (f) { norm += postings.get(f)[0] * postings.get(f)[0]; });
    norm = Math.sqrt(norm);
    var dots = new Map();
    known.forEach(function (f) {
      var weight = postings.get(f)[0] * postings.get(f)[0];
      postings.get(f)[1].forEach(function (k) {
        dots.set(k, (dots.has(k) ? dots.get(k) : 0.0) + weight);
      });
    });
    var best = new Array(total).fill(0.0);
    dots.forEach(function (dot, k) {
      var cosine = dot / (norm * lang.exampleNorms[k]);
      var entry = ex.entries[k];
      if (cosine >= p.w.example_floor && cosine > best[entry]) { best[entry] = cosine; }
    });
    return best;
  }

  /* faq._Examples.likely: for each entry, how likely its example questions make the
     query's features (sorted), by multinomial naive Bayes, in the order of the same
     products, quotients and sums as the Python side, so that the bits agree. */
  function likelyEntries(p, lang, features, total) {
    var ex = lang.index.examples;
    var smoothing = p.w.bayes_smoothing;
    if (!lang.exampleCounts) {
      // feature name -> (entry -> how many of its examples have it); each entry's
      // number of features in all its examples
      lang.exampleCounts = new Map();
      ex.names.forEach(function (name) { lang.exampleCounts.set(name, new Map()); });
      lang.exampleSizes = new Array(total).fill(0);
      ex.features.forEach(function (found, k) {
        var entry = ex.entries[k];
        lang.exampleSizes[entry] += found.length;
        found.forEach(function (n) {
          var here = lang.exampleCounts.get(ex.names[n]);
          here.set(entry, (here.has(entry) ? here.get(entry) : 0) + 1);
        });
      });
    }
    var spread = smoothing * ex.names.length;
    var below = lang.exampleSizes.map(function (size) { return size + spread; });
    var chances = new Array(total).fill(1.0);
    features.forEach(function (f) {
      var counts = lang.exampleCounts.get(f);
      if (!counts) { return; }
      for (var i = 0; i < total; i++) {
        chances[i] *= ((counts.has(i) ? counts.get(i) : 0) + smoothing) / below[i];
      }
      var top = Math.max.apply(null, chances);
      chances = chances.map(function (c) { return c / top; });
    });
    var everything = 0.0;
    chances.forEach(function (c) { everything += c; });
    return chances.map(function (c) { return c / everything; });
  }

  /* faq._features: the sorted features of a query compared with the example questions. */
  function features(shape, asks, moments) {
    var found = new Set(shape);
    asks.forEach(function (a) { found.add("?" + a); });
    moments.forEach(function (m) { found.add(m); });
    return Array.from(found).sort(function (a, b) { return a < b ? -1 : a > b ? 1 : 0; });
  }

  /* faq._scores */
  function scoresIn(p, data, query, language) {
    var lang = p.languages[language], index = lang.index, w = p.w;
    query = corrected(p, query, language);
    var terms = queryTerms(p, query, language, lang.spelled);
    if (terms.length > 1) {
      var kept = terms.filter(function (t) { return p.t.framing_groups.indexOf(t[0]) < 0; });
      terms = kept.length ? kept : terms;
    }
    var wanted = new Set();
    terms.forEach(function (alternatives) { alternatives.forEach(function (f) { wanted.add(f); }); });
    terms = terms.map(function (t) {
      return t.concat(has(lang.kinds, t[0]) ? lang.kinds[t[0]] : []);
    });
    var total = index.weights.length;
    var scores = new Array(total).fill(0.0);
    if (!terms.length) { return [scores, 0]; }
    var matched = new Array(total).fill(0.0);
    var unmatched = 0, weightOfAll = 0.0;
    var full = w.fields.question;
    terms.forEach(function (alternatives) {
      var best = new Array(total).fill(0.0);
      alternatives.forEach(function (form, n) {
        var related = isTerm(form) ? new Map([[form, 1.0]]) : lang.vocabulary.related(form);
        var trust = n && isTerm(alternatives[0]) ? w.literal : 1.0;
        if (n && has(lang.kinds, alternatives[0]) && lang.kinds[alternatives[0]].indexOf(form) >= 0) {
          trust = w.kind;
        }
        related.forEach(function (like, other) {
          (lang.postings.get(other) || []).forEach(function (posting) {
            best[posting[0]] = Math.max(best[posting[0]], posting[1] * like * trust);
          });
        });
      });
      var hits = best.filter(function (b) { return b; }).length;
      if (!hits) { unmatched++; return; }
      var rarity = Math.log((total + 1) / hits) + 0.1;
      weightOfAll += rarity;
      best.forEach(function (b, i) {
        if (b) {
          scores[i] += b * rarity;
          matched[i] += rarity * Math.min(1.0, Math.max(w.answer_only, b / full));
        }
      });
    });
    var asked = new Vocabulary(Array.from(wanted).filter(function (f) { return f[0] !== "@"; }),
                               language, p);
    var asks = intents(p, query, language);
    var moments = order(p, query, language, lang.spelled);
    var relations = new Set();
    var opposites = new Set();
    moments.forEach(function (m) {
      var at = m.indexOf(":");
      relations.add(m.slice(0, at));
      opposites.add(p.t.opposite[m.slice(0, at)] + m.slice(at));
    });
    var shape = canonical(p, query, language, lang.spelled);
    var asFeatures = features(shape, asks, moments);
    var likely = shape.length < 3 ? new Array(total).fill(1.0) :
      likelyEntries(p, lang, asFeatures, total);
    var nearest = shape.length < 3 ? new Array(total).fill(0.0) :
      nearestExamples(p, lang, asFeatures, total);
    if (shape.length < 3) { shape = []; }
    var namedParts = w.special_parts.some(function (c) { return wanted.has(c); });
    for (var i = 0; i < total; i++) {
      var toldAlike = w.example_score * weightOfAll * nearest[i] * nearest[i];
      if (!scores[i]) { scores[i] = toldAlike; continue; }
      var coverage = matched[i] / weightOfAll;
      var factor = Math.pow(coverage, w.coverage_power) *
        (1 + w.question * likeness(shape, index.questions[i]));
      var topics = index.topics[i];
      var focus = topics.filter(function (t) {
        if (wanted.has(t)) { return true; }
        var close = false;
        asked.related(t).forEach(function (v) { if (v >= 0.75) { close = true; } });
        return close;
      }).length / Math.max(1, topics.length);
      factor *= 1 + w.focus * focus;
      var intentSum = 0;
      index.intents[i].forEach(function (a) {
        if (asks.has(a)) { intentSum += has(w.intents, a) ? w.intents[a] : w.intent; }
      });
      factor *= 1 + intentSum;
      var orders = index.orders[i];
      if (orders.some(function (m) { return moments.has(m); })) {
        factor *= 1 + w.order;
      } else if (orders.some(function (m) {
        return relations.has(m.split(":")[0]) || opposites.has(m);
      })) {
        factor *= w.order_mismatch;
      }
      if ((index.intents[i].indexOf("not") >= 0 && !asks.has("not")) ||
          (index.questions[i].indexOf(w.empty_group) >= 0 && !wanted.has(w.empty_group))) {
        factor *= w.negation;
      }
      var subject = null;
      for (var k = 0; k < index.questions[i].length; k++) {
        if (isTerm(index.questions[i][k])) { subject = index.questions[i][k]; break; }
      }
      if (subject !== null && wanted.has(subject)) { factor *= w.subject; }
      var special = data.special[i];
      if ((special && !wanted.has(special)) || (!special && namedParts)) {
        factor *= w.variant;
      }
      for (var e = 0; e < w.example_power; e++) { factor *= 1 + w.example * nearest[i]; }
      factor *= Math.pow(likely[i], w.bayes_power);
      scores[i] = scores[i] * factor + toldAlike;
    }
    Object.keys(index.main).forEach(function (concept) {
      if (wanted.has(concept)) { scores[index.main[concept]] *= w.main_entry; }
    });
    return [scores, unmatched];
  }

  function strip(token, chars) {
    var a = 0, b = token.length;
    while (a < b && chars.indexOf(token[a]) >= 0) { a++; }
    while (b > a && chars.indexOf(token[b - 1]) >= 0) { b--; }
    return token.slice(a, b);
  }

  function headOf(query, p) { return Array.from(query).slice(0, p.w.max_query).join(""); }
  function foldedTokens(query, p) { return fold(headOf(query, p)).split(/\s+/).filter(Boolean); }

  /* faq.rule_refs */
  function ruleRefs(query, data) {
    var p = prepare(data);
    var tokens = foldedTokens(query, p).map(function (t) { return strip(t, p.w.ref_punctuation); });
    var found = [];
    tokens.forEach(function (token, n) {
      var named = (token.indexOf(".") >= 0 || (n && p.ruleWords.has(tokens[n - 1]))) &&
        /^[0-9]+(\.[0-9]+)*$/.test(token);
      if (named && p.ruleIds.has(token) && found.indexOf(token) < 0) { found.push(token); }
    });
    return found;
  }

  /* faq.search: the numbers of the entries answering the query, best first. */
  function search(query, language, data, limit) {
    var p = prepare(data);
    limit = limit === undefined ? 5 : limit;
    var refs = ruleRefs(query, data);
    var text = foldedTokens(query, p).filter(function (t) {
      var bare = strip(t, p.w.ref_punctuation);
      return refs.indexOf(bare) < 0 && !(refs.length && p.ruleWords.has(bare));
    }).join(" ");
    var result = scoresIn(p, data, text, language);
    var scores = result[0];
    if (text && (result[1] || !scores.some(function (s) { return s; }))) {
      var found = scores.some(function (s) { return s; });
      Object.keys(data.languages).forEach(function (other) {
        if (other === language) { return; }
        var reading = scoresIn(p, data, text, other);
        /* another language counts only where it reads more of the query */
        if (found && reading[1] >= result[1]) { return; }
        var more = reading[0];
        scores = scores.map(function (s, i) { return Math.max(s, p.w.other_language * more[i]); });
      });
    }
    refs.forEach(function (ref) {
      data.rules.forEach(function (rules, i) {
        for (var n = 0; n < rules.length; n++) {
          if (rules[n] === ref || rules[n].indexOf(ref + ".") === 0) {
            scores[i] += p.w.ref_bonus / (1 + n);
            break;
          }
        }
      });
    });
    var best = scores.reduce(function (m, s) { return Math.max(m, s); }, 0.0);
    if (best <= 0) { return []; }
    var ranked = scores.map(function (s, i) { return i; });
    ranked.sort(function (a, b) { return scores[b] - scores[a] || a - b; });
    return ranked.filter(function (i) {
      return scores[i] > 0 && scores[i] >= p.w.cutoff * best;
    }).slice(0, limit);
  }

  /* The glossary concept a query is nothing but ("kodkurt", "ligtning rod"), or null: the
     page then shows that term first, as the tutor's look-up does. */
  function onlyConcept(query, language, data) {
    var p = prepare(data);
    var text = foldedTokens(query, p).join(" ");
    // The page's language first, then the others, as the FAQ's search reads a query.
    var languages = [language].concat(Object.keys(data.languages).filter(function (l) {
      return l !== language;
    }));
    for (var n = 0; n < languages.length; n++) {
      var lang = p.languages[languages[n]];
      if (!lang) { continue; }
      var terms = queryTerms(p, corrected(p, text, languages[n]), languages[n], lang.spelled);
      if (terms.length === 1 && terms[0][0][0] === "@") { return terms[0][0].slice(1); }
    }
    return null;
  }

  /* The normaliser itself, for the page's search of every other place (rules, terms,
     sections): search.words, search.stem, search.closest_spelling and a Vocabulary's
     related stems, on the same data. */
  function normaliser(data) {
    var p = prepare(data);
    return {
      words: function (text, language) {
        return spelled(p, text, language).filter(function (w) { return !p.stop.has(w); })
          .map(fold);
      },
      stem: function (word, language) { return stem(p, word, language || null); },
      closestSpelling: function (word, candidates, language) {
        return closestSpelling(p, word, candidates, language);
      },
      vocabulary: function (stems, language) { return new Vocabulary(stems, language || null, p); },
      minPrefix: p.t.min_prefix, wellKnown: p.w.well_known
    };
  }

  var api = {fold: fold, search: search, ruleRefs: ruleRefs, onlyConcept: onlyConcept,
             normaliser: normaliser};
  if (typeof module !== "undefined" && module.exports) { module.exports = api; }
  root.CelestiaFaq = api;
})(typeof window !== "undefined" ? window : globalThis);
