/* The language switcher keeps the place. Every anchor is the same in every language
   (#rule-3-4-2, #faq-…, #term-…, a heading's id), so each link of the switcher is kept
   pointing at the place being read: the rule, entry or heading nearest above the top of
   the screen (or the address's #anchor while it is on screen), and on the search page at
   the same query (?q=). Kept up to date as the reader scrolls, so that a link copied or
   opened in a new tab keeps the place too. */
(function () {
  "use strict";
  var PLACES = "section[id], [id^='rule-'], [id^='faq-'], [id^='term-'], [id^='lesson-'], " +
    "[id^='example-']";

  function onScreen(element) {
    var box = element.getBoundingClientRect();
    return box.bottom > 0 && box.top < window.innerHeight;
  }

  /* Whether the reader moved the page since it opened at its #anchor (the browser's own
     scroll to the anchor, smooth or not, does not count). */
  var moved = false;
  ["wheel", "touchmove", "keydown", "mousedown"].forEach(function (name) {
    window.addEventListener(name, function () { moved = true; }, { passive: true });
  });

  /* The id of the place being read, or "" at the top of the page. */
  function place() {
    var main = document.getElementById("furo-main-content");
    if (!main) { return ""; }
    var named = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (named && main.contains(named) && (!moved || onScreen(named))) { return named.id; }
    // Below the header: what the reader sees first.
    var line = Math.min(120, window.innerHeight / 4);
    var found = "";
    var places = main.querySelectorAll(PLACES);
    for (var i = 0; i < places.length; i++) {
      var top = places[i].getBoundingClientRect().top;
      if (top > line) { break; }
      found = places[i].id;
    }
    // The page's own first section is its top: no anchor needed.
    var first = places.length ? places[0].id : "";
    return found === first ? "" : found;
  }

  function update() {
    var anchor = place();
    var query = document.getElementById("celestia-q") ? location.search : "";
    var links = document.querySelectorAll("a.celestia-switch");
    for (var i = 0; i < links.length; i++) {
      var base = links[i].getAttribute("href").split(/[?#]/)[0];
      links[i].setAttribute("href", base + query + (anchor ? "#" + anchor : ""));
    }
  }

  var pending = false;
  function later() {
    if (pending) { return; }
    pending = true;
    window.requestAnimationFrame(function () { pending = false; update(); });
  }

  window.addEventListener("scroll", later, { passive: true });
  window.addEventListener("hashchange", function () { moved = false; update(); });
  window.addEventListener("load", update);
  // Right before the link is followed (the search page changes its ?q= as one types).
  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("a.celestia-switch")) { update(); }
  }, true);
  document.addEventListener("pointerdown", function (event) {
    if (event.target.closest && event.target.closest("a.celestia-switch")) { update(); }
  }, true);
  document.addEventListener("focusin", function (event) {
    if (event.target.closest && event.target.closest("a.celestia-switch")) { update(); }
  });
  if (document.readyState !== "loading") { update(); }
  else { document.addEventListener("DOMContentLoaded", update); }
})();
