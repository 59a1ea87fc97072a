/* The language switcher keeps the place: following it from a page opened at #rule-3-4-2
   opens the other language's page at #rule-3-4-2 (every anchor is the same in every
   language). */
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a.celestia-switch");
    if (!link || !location.hash) { return; }
    link.href = link.href.split("#")[0] + location.hash;
  });
})();
