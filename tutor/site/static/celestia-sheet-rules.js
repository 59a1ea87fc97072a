/* The score sheet's checks and sums, as `celestia score` makes them: the steps of
   tutor.practice.scoresheet (sheet_from_rows, ScoreSheet.problems, add_new, results),
   applied to the data the site's build exports from that module (tutor.site.scoreform:
   the game's treasures and Spyglasses, the limits, the messages translated). The Python
   is the authority; tests/site/test_scoreform.py runs sheets through both and compares.
   A classic script (window.CelestiaSheetRules), also loadable by Node for that test. */
(function (root) {
  "use strict";

  // Python's whitespace (str.isspace, and \s in its patterns): not quite JavaScript's.
  var WHITE = "\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029" +
              "\\u202f\\u205f\\u3000";
  var SPLIT = new RegExp("[" + WHITE + ",;]+");
  var EDGES = new RegExp("^[" + WHITE + "]+|[" + WHITE + "]+$", "g");
  var CONTROL = /\p{C}/u;
  var NAME_BREAKS = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Co}\p{Cn}]/u;
  //: Larger than any treasure value (scoresheet._VALUE_BOUND).
  var VALUE_BOUND = 1000000;

  function strip(text) { return String(text).replace(EDGES, ""); }

  /* inputs.whole: digits 0 to 9 only, within bounds, a long text refused unread. */
  function whole(text, low, high) {
    var digits = strip(text);
    if (!digits || !/^[0-9]+$/.test(digits)) { return null; }
    if (digits.replace(/^0+/, "").length > String(Math.max(Math.abs(low), Math.abs(high))).length) {
      return null;
    }
    var value = Number(digits);
    return value >= low && value <= high ? value : null;
  }

  /* inputs.excerpt: at most `limit` characters, control characters as escapes. */
  function escape(ch) {
    var code = ch.codePointAt(0);
    if (code < 128) {
      var named = { 9: "\\t", 10: "\\n", 13: "\\r" }[code];
      return named || "\\x" + ("0" + code.toString(16)).slice(-2);
    }
    var hex = code.toString(16);
    return "\\u" + ("0000" + hex).slice(-Math.max(4, hex.length));
  }
  function excerpt(text, limit) {
    var chars = Array.from(String(text));
    var shown = chars.slice(0, limit).map(function (ch) {
      return CONTROL.test(ch) ? escape(ch) : ch;
    }).join("");
    return shown + (chars.length > limit ? "…" : "");
  }

  function Sheet(rules, variant, spyglassPoints) {
    this.rules = rules;
    this.variant = variant;
    this.spyglassPoints = spyglassPoints;
    this.entries = [];
    var game = rules.variants[variant];
    this.inGame = {};
    for (var value in game.treasures) { this.inGame[value] = game.treasures[value]; }
    this.glasses = game.spyglasses;
  }

  /* A problem: its message (tutor.practice.scoresheet.MESSAGES) with its values. */
  Sheet.prototype.problem = function (key, values) {
    var rules = this.rules;
    var text = key === "no_such_value" ? rules.variants[this.variant].no_such_value
                                       : rules.messages[key];
    Object.keys(values || {}).forEach(function (name) {
      text = text.split(rules.mark + name + rules.mark).join(String(values[name]));
    });
    return { key: key, text: text };
  };

  /* inputs.name_problem: control characters and line breaks, or too long. */
  Sheet.prototype.nameProblem = function (name) {
    if (NAME_BREAKS.test(name)) {
      return this.problem("name_control", { name: excerpt(name, this.rules.excerpt) });
    }
    if (Array.from(name).length > this.rules.name_max) {
      return this.problem("name_long", { name: excerpt(name, this.rules.excerpt) });
    }
    return null;
  };

  Sheet.prototype.total = function (entry) {
    return entry.points + this.spyglassPoints * entry.spyglasses;
  };

  /* ScoreSheet.problems: every reason `entry` cannot go on the sheet. */
  Sheet.prototype.problems = function (entry) {
    var found = [];
    var name = strip(entry.name);
    if (!name) { return [this.problem("no_name")]; }
    var bad = this.nameProblem(name);
    if (bad) { return [bad]; }
    var self = this, inGame = this.inGame;
    var most = Object.keys(inGame).reduce(function (sum, v) { return sum + inGame[v]; }, 0);
    if (entry.values.length > most) {
      return [this.problem("too_many_treasures", { player: name, listed: entry.values.length,
                                                   most: most })];
    }
    var others = this.entries.filter(function (e) { return e.name !== name; });
    if (others.length >= this.rules.max_players) {
      found.push(this.problem("too_many_players", { most: this.rules.max_players, player: name }));
    }
    var held = {};
    others.forEach(function (e) { e.values.forEach(function (v) { held[v] = (held[v] || 0) + 1; }); });
    var seen = {};
    entry.values.forEach(function (value) {
      if (seen[value]) { return; }
      seen[value] = true;
      if (!(value in inGame)) {
        found.push(self.problem("no_such_value", { player: name, value: value }));
        return;
      }
      var wanted = (held[value] || 0) + entry.values.filter(function (v) { return v === value; }).length;
      if (wanted > inGame[value]) {
        found.push(self.problem("too_many_of_value", { player: name, value: value,
                                                       total: inGame[value], listed: wanted }));
      }
    });
    var kept = others.reduce(function (sum, e) { return sum + e.spyglasses; }, 0);
    if (entry.spyglasses < 0) {
      found.push(this.problem("not_spyglasses", { player: name, text: entry.spyglasses }));
    } else if (entry.spyglasses && !this.glasses) {
      found.push(this.problem("no_spyglasses", { player: name }));
    } else if (kept + entry.spyglasses > this.glasses) {
      found.push(this.problem("too_many_spyglasses", { player: name, total: this.glasses,
                                                       listed: kept + entry.spyglasses }));
    }
    return found;
  };

  /* ScoreSheet.add_new: a new name only, and only without problems. */
  Sheet.prototype.addNew = function (entry) {
    var name = strip(entry.name);
    if (this.entries.some(function (e) { return e.name === name; })) {
      return [this.problem("same_name", { player: excerpt(name, this.rules.excerpt) })];
    }
    var found = this.problems(entry);
    if (!found.length) {
      this.entries.push({ name: name, values: entry.values.slice(), spyglasses: entry.spyglasses,
                          points: entry.values.reduce(function (a, b) { return a + b; }, 0) });
    }
    return found;
  };

  /* ScoreSheet.results: best first, tied players sharing a rank (1, 1, 3). */
  Sheet.prototype.results = function () {
    if (this.entries.length < this.rules.min_players) { return null; }
    var self = this;
    var ordered = this.entries.slice().sort(function (a, b) { return self.total(b) - self.total(a); });
    var results = [];
    ordered.forEach(function (e, i) {
      var total = self.total(e);
      var last = results[results.length - 1];
      results.push({ rank: last && last.total === total ? last.rank : i + 1, name: e.name,
                     values: e.values, points: e.points, spyglasses: e.spyglasses, total: total });
    });
    return results;
  };

  /* sheet_from_rows: each row as typed ({name, treasures, spyglasses}, three texts). */
  function fromRows(rules, rows, variant, spyglassPoints) {
    var sheet = new Sheet(rules, variant, spyglassPoints);
    var problems = rows.map(function (row) {
      var name = strip(row.name || "");
      var treasures = row.treasures || "", glasses = row.spyglasses || "";
      if (!name && !strip(treasures) && !strip(glasses)) { return []; }
      var values = [];
      var words = strip(treasures).split(SPLIT);
      for (var i = 0; i < words.length; i++) {
        if (!words[i]) { continue; }
        var value = whole(words[i], 0, VALUE_BOUND);
        if (value === null) {
          return [sheet.problem("not_a_value", { player: name, text: excerpt(words[i], rules.excerpt) })];
        }
        values.push(value);
      }
      var word = strip(glasses) || "0";
      var count = whole(word, 0, VALUE_BOUND);
      if (count === null) {
        return [sheet.problem("not_spyglasses", { player: name, text: excerpt(word, rules.excerpt) })];
      }
      return sheet.addNew({ name: name, values: values, spyglasses: count });
    });
    var results = sheet.results();
    return {
      problems: problems,
      results: results,
      winners: results ? results.filter(function (r) { return r.rank === 1; })
                                .map(function (r) { return r.name; }) : [],
      too_few: results ? null : sheet.problem("too_few_players", { least: rules.min_players }),
    };
  }

  var api = { fromRows: fromRows, whole: whole, excerpt: excerpt };
  if (typeof module === "object" && module.exports) { module.exports = api; }
  else { root.CelestiaSheetRules = api; }
})(this);
