/* The lessons in the page: the look-up, the site's own search in a panel over the
   lesson.
   learn-boot.js says what the player's scripts share, and runs first. */
(function () {
  "use strict";
  var L = window.CelestiaLearn;
  if (!L) { return; }
  var state = L.state;

  function openLookup() {
    state.lookup = { query: state.lookup ? state.lookup.query : "" };
    state.focus = true;
    state.reveal = true;
    loadSearch().then(function () { if (state.lookup) { showResults(); } });
    L.draw();
  }
  function closeLookup() {
    state.lookup = null;
    state.focus = true;
    L.draw();
  }

  var searchLoading = null;
  function loadSearch() {
    // The index of this page's language and the search script, loaded on first use.
    if (!searchLoading) {
      searchLoading = Promise.all(["searchindex-celestia.js", "_static/celestia-faq.js",
                                   "_static/celestia-search.js"]
        .map(function (src) {
          return new Promise(function (resolve) {
            var script = L.el("script", { src: src });
            script.onload = resolve;
            script.onerror = resolve;  // offline and never read: the panel says so
            document.head.appendChild(script);
          });
        }));
    }
    return searchLoading;
  }

  function lookupPanel() {
    var input = L.el("input", { type: "search", id: "celestia-learn-q", class: "celestia-learn-q",
                              "aria-label": L.labels.lookup_label, placeholder: L.labels.lookup_label,
                              "data-focus": "", value: state.lookup.query, autocomplete: "off" });
    input.addEventListener("input", function () {
      state.lookup.query = input.value;
      showResults();
    });
    return L.el("div", { class: "celestia-lookup", role: "dialog", "aria-label": L.labels.lookup }, [
      L.el("h3", { text: L.labels.lookup }),
      L.el("p", { class: "celestia-lookup-hint", text: L.labels.lookup_hint }),
      input,
      L.el("p", { class: "celestia-lookup-status", role: "status" }),
      L.el("ol", { class: "celestia-lookup-results" }),
      L.el("div", { class: "celestia-learn-buttons" }, [
        L.button(L.labels.lookup_close, closeLookup, { "aria-keyshortcuts": "Escape" }),
      ]),
    ]);
  }

  function showResults() {
    var list = L.stage.querySelector(".celestia-lookup-results");
    var status = L.stage.querySelector(".celestia-lookup-status");
    if (!list || !state.lookup) { return; }
    list.textContent = "";
    var query = state.lookup.query.trim();
    var search = window.CelestiaSearch, index = window.CELESTIA_SEARCH;
    if (!search || !index) { status.textContent = query ? L.labels.lookup_missing : ""; return; }
    if (!query) { status.textContent = ""; return; }
    var found = search.search(query, index).results.slice(0, 8);
    status.textContent = found.length ? "" : L.fill(L.labels.lookup_none, { query: query });
    found.forEach(function (result) {
      var unit = index.units[result[0]];
      var page = index.pages[unit[0]];
      list.appendChild(L.el("li", {}, [
        L.el("a", { href: page[0] + ".html" + (unit[1] ? "#" + unit[1] : ""), text: unit[2] }),
        unit[3] ? L.el("p", { text: unit[3] }) : null,
      ]));
    });
  }


  Object.assign(L, { openLookup: openLookup, closeLookup: closeLookup, lookupPanel: lookupPanel });
})();
