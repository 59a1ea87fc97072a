/* The score sheet filled in on the page: the game's options, one line per player (name,
   treasure values as typed, unused Magic Spyglasses), and at once the scores, the ranks
   and the winner, each line checked by CelestiaSheetRules (celestia-sheet-rules.js) as
   `celestia score` checks it. A line with a problem says why and is left out of the
   scores until corrected. Everything typed is kept in this browser (localStorage) as it
   is typed; printing shows the finished sheet. The words come from the page
   (#celestia-sheet-data, written by tutor.site.scoreform). */
(function () {
  "use strict";
  var root = document.getElementById("celestia-sheet");
  var source = document.getElementById("celestia-sheet-data");
  var Rules = window.CelestiaSheetRules;
  if (!root || !source || !Rules) { return; }
  var data = JSON.parse(source.textContent);
  var rules = data.rules, labels = data.labels;
  var KEY = "celestia-score-sheet";
  var language = document.documentElement.lang;

  function blank() { return { name: "", treasures: "", spyglasses: "" }; }
  function fresh() {
    return { variant: rules.variant, points: rules.spyglass_points["default"],
             rows: [blank(), blank()] };
  }
  /* What this browser kept, if it is a sheet this page can show; else a new sheet. */
  function load() {
    var kept = null;
    try { kept = JSON.parse(window.localStorage.getItem(KEY) || "null"); } catch (error) { kept = null; }
    var sheet = fresh();
    if (!kept || typeof kept !== "object") { return sheet; }
    if (kept.variant in rules.variants) { sheet.variant = kept.variant; }
    var points = Number(kept.points);
    if (Number.isInteger(points) && points >= 0 && points <= rules.spyglass_points.max) {
      sheet.points = points;
    }
    if (Array.isArray(kept.rows) && kept.rows.length) {
      sheet.rows = kept.rows.slice(0, rules.max_players).map(function (row) {
        row = row || {};
        return { name: String(row.name || ""), treasures: String(row.treasures || ""),
                 spyglasses: String(row.spyglasses || "") };
      });
    }
    return sheet;
  }
  function save() {
    try { window.localStorage.setItem(KEY, JSON.stringify(sheet)); }
    catch (error) { /* private browsing: the sheet lasts as long as the page */ }
  }

  function el(tag, attributes, children) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) {
      var value = attributes[name];
      if (value === null || value === undefined || value === false) { return; }
      if (name === "text") { node.textContent = value; }
      else { node.setAttribute(name, value === true ? "" : value); }
    });
    (children || []).forEach(function (child) { if (child) { node.appendChild(child); } });
    return node;
  }
  function number(value) { return new Intl.NumberFormat(language).format(value); }

  var sheet = load();
  var form = el("form", { class: "celestia-sheet-form", novalidate: true });
  var results = el("section", { class: "celestia-sheet-results", "aria-labelledby": "celestia-sheet-results-title" });
  var live = el("p", { class: "celestia-sr", role: "status", "aria-live": "polite" });
  form.addEventListener("submit", function (event) { event.preventDefault(); });

  /* --- The game's options --------------------------------------------------------- */
  /* A variant without Magic Spyglasses (the beginner's) shows none: no points for them,
     no box, no column. */
  function hasSpyglasses() { return rules.variants[sheet.variant].spyglasses > 0; }
  var pointsBox = null;
  function optionsBox() {
    var variants = el("fieldset", { class: "celestia-sheet-variant" }, [el("legend", { text: labels.variant })]);
    Object.keys(rules.variants).forEach(function (variant) {
      var input = el("input", { type: "radio", name: "celestia-sheet-variant", value: variant,
                                id: "celestia-sheet-variant-" + variant,
                                checked: sheet.variant === variant });
      input.addEventListener("change", function () {
        sheet.variant = variant;
        changed(true);
      });
      variants.appendChild(el("div", { class: "celestia-sheet-choice" }, [
        input, el("label", { for: input.id, text: labels[variant] })]));
    });
    var select = el("select", { id: "celestia-sheet-points" });
    for (var n = 0; n <= rules.spyglass_points.max; n++) {
      select.appendChild(el("option", { value: String(n), text: number(n), selected: n === sheet.points }));
    }
    select.addEventListener("change", function () {
      sheet.points = Number(select.value);
      changed(false);
    });
    var points = el("div", { class: "celestia-sheet-field celestia-sheet-points",
                             hidden: !hasSpyglasses() }, [
      el("label", { for: select.id, text: labels.points }), select]);
    pointsBox = points;
    return el("fieldset", { class: "celestia-sheet-game" }, [el("legend", { text: labels.legend }),
                                                               variants, points]);
  }

  /* --- The players ------------------------------------------------------------------ */
  var list = el("ol", { class: "celestia-sheet-players" });
  function field(row, index, key, label, extra) {
    var id = "celestia-sheet-" + key + "-" + index;
    var input = el("input", Object.assign({ id: id, type: "text", value: row[key],
                                            autocomplete: "off", spellcheck: "false",
                                            "aria-describedby": "celestia-sheet-problem-" + index },
                                          extra || {}));
    input.addEventListener("input", function () {
      row[key] = input.value;
      changed(false);
    });
    return el("div", { class: "celestia-sheet-field celestia-sheet-" + key }, [
      el("label", { for: id, text: label }), input]);
  }
  function playerBox(row, index) {
    var spyglasses = hasSpyglasses();
    var remove = el("button", { type: "button", class: "celestia-sheet-remove",
                                text: labels.remove[index] });
    remove.addEventListener("click", function () {
      sheet.rows.splice(index, 1);
      if (!sheet.rows.length) { sheet.rows.push(blank()); }
      changed(true);
      var next = form.querySelector("#celestia-sheet-name-" + Math.min(index, sheet.rows.length - 1));
      if (next) { next.focus(); }
    });
    return el("li", { class: "celestia-sheet-player" }, [
      el("fieldset", {}, [
        el("legend", { text: labels.player[index] }),
        field(row, index, "name", labels.name, { maxlength: String(rules.name_max * 2) }),
        field(row, index, "treasures", labels.treasures, { inputmode: "text" }),
        spyglasses ? field(row, index, "spyglasses", labels.spyglasses, { inputmode: "numeric" }) : null,
        el("div", { class: "celestia-sheet-problem", id: "celestia-sheet-problem-" + index }),
        remove,
      ]),
    ]);
  }
  var add = el("button", { type: "button", class: "celestia-sheet-add", text: labels.add });
  add.addEventListener("click", function () {
    sheet.rows.push(blank());
    changed(true);
    form.querySelector("#celestia-sheet-name-" + (sheet.rows.length - 1)).focus();
  });
  function drawPlayers() {
    list.textContent = "";
    sheet.rows.forEach(function (row, index) { list.appendChild(playerBox(row, index)); });
    add.hidden = sheet.rows.length >= rules.max_players;
  }

  /* --- The scores ------------------------------------------------------------------- */
  function rowsForRules() {
    // Beginner sheets have no Spyglass box: what was typed there before does not count.
    var spyglasses = hasSpyglasses();
    return sheet.rows.map(function (row) {
      return { name: row.name, treasures: row.treasures, spyglasses: spyglasses ? row.spyglasses : "" };
    });
  }
  function drawResults() {
    var answer = Rules.fromRows(rules, rowsForRules(), sheet.variant, sheet.points);
    answer.problems.forEach(function (found, index) {
      var box = form.querySelector("#celestia-sheet-problem-" + index);
      if (!box) { return; }
      box.textContent = "";
      found.forEach(function (problem) { box.appendChild(el("p", { text: problem.text })); });
      box.closest(".celestia-sheet-player").classList.toggle("celestia-sheet-refused", found.length > 0);
      box.parentNode.querySelectorAll("input").forEach(function (input) {
        input.setAttribute("aria-invalid", found.length ? "true" : "false");
      });
    });
    results.textContent = "";
    results.appendChild(el("h3", { id: "celestia-sheet-results-title", text: labels.results }));
    var said;
    if (!answer.results) {
      said = answer.too_few.text;
      results.appendChild(el("p", { class: "celestia-sheet-verdict", text: said }));
    } else {
      // The columns of the example sheet below, the player's name first (a card's title
      // on a phone).
      var spyglasses = hasSpyglasses();
      var head = el("tr", {}, [labels.player_column, labels.values_column, labels.treasure_points,
                               spyglasses ? labels.spyglasses_column : null, labels.score, labels.rank]
        .filter(function (text) { return text !== null; })
        .map(function (text) { return el("th", { scope: "col", text: text }); }));
      var body = el("tbody");
      answer.results.forEach(function (r) {
        var cells = [r.name, r.values.length ? r.values.join(" + ") : "–", number(r.points),
                     spyglasses ? number(r.spyglasses) : null, number(r.total), number(r.rank)]
          .filter(function (text) { return text !== null; });
        body.appendChild(el("tr", { class: r.rank === 1 ? "celestia-sheet-winner" : null },
          cells.map(function (text, i) {
            return el("td", { "data-label": head.children[i].textContent, text: text });
          })));
      });
      results.appendChild(el("div", { class: "table-wrapper celestia-cards", tabindex: "0",
                                      role: "region", "aria-labelledby": "celestia-sheet-results-title" }, [
        el("table", { class: "celestia-table celestia-cards" }, [el("thead", {}, [head]), body])]));
      var names = new Intl.ListFormat(language, { type: "conjunction" }).format(answer.winners);
      said = (answer.winners.length > 1 ? labels.winners : labels.winner).replace("{names}", names);
      results.appendChild(el("p", { class: "celestia-sheet-verdict", text: said }));
    }
    var refused = answer.problems.filter(function (found) { return found.length; }).length;
    if (refused) {
      var why = el("ul", { class: "celestia-sheet-left-out" });
      answer.problems.forEach(function (found) {
        found.forEach(function (problem) { why.appendChild(el("li", { text: problem.text })); });
      });
      results.appendChild(el("div", {}, [el("p", { text: labels.left_out }), why]));
    }
    root.dataset.winners = JSON.stringify(answer.winners);
    if (live.textContent !== said) { live.textContent = said; }
  }

  function changed(redraw) {
    save();
    if (redraw) {
      if (pointsBox) { pointsBox.hidden = !hasSpyglasses(); }
      drawPlayers();
    }
    drawResults();
  }

  /* --- The sheet's own buttons -------------------------------------------------------- */
  var printButton = el("button", { type: "button", class: "celestia-button", text: labels.print });
  printButton.addEventListener("click", function () { window.print(); });
  var clearButton = el("button", { type: "button", class: "celestia-button", text: labels.clear });
  clearButton.addEventListener("click", function () {
    if (!window.confirm(labels.confirm_clear)) { return; }
    var options = { variant: sheet.variant, points: sheet.points };
    sheet = fresh();
    sheet.variant = options.variant;
    sheet.points = options.points;
    changed(true);
  });

  root.textContent = "";
  form.appendChild(optionsBox());
  form.appendChild(el("fieldset", { class: "celestia-sheet-list" }, [
    el("legend", { text: labels.players }), list, add]));
  root.appendChild(form);
  root.appendChild(results);
  root.appendChild(live);
  root.appendChild(el("p", { class: "celestia-sheet-kept", text: labels.kept }));
  root.appendChild(el("div", { class: "celestia-sheet-buttons" }, [printButton, clearButton]));
  drawPlayers();
  drawResults();
  root.dataset.ready = "true";
})();
