/* The lessons in the page: the keys, those of the terminal.
   learn-boot.js says what the player's scripts share, and runs first. */
(function () {
  "use strict";
  var L = window.CelestiaLearn;
  if (!L) { return; }
  var root = L.root, data = L.data, state = L.state;

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) { return; }
    var target = event.target;
    var key = event.key;
    if (state.lookup) {
      if (key === "Escape") { event.preventDefault(); L.closeLookup(); }
      return;  // typing in the look-up is typing, not the lesson's keys
    }
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) { return; }
    var screen = L.current();
    var onButton = target && target.tagName === "BUTTON" && root.contains(target);
    if (state.confirm) {
      // Tab moves between Yes and No; Enter or Space presses the one focused.
      if (key === "Tab" || key === "Shift" || ((key === "Enter" || key === " ") && onButton)) { return; }
      event.preventDefault();
      // The letters that say yes come with the labels, as the terminal reads them.
      L.confirmed(key.length === 1 && L.labels.yes_keys.indexOf(key.toLowerCase()) >= 0);
      return;
    }
    if (screen.screen !== "lesson") {
      if (/^[1-9]$/.test(key) && root.contains(target) || /^[1-9]$/.test(key) && target === document.body) {
        var item = root.querySelectorAll(".celestia-learn-open")[Number(key) - 1];
        if (item) { item.focus(); event.preventDefault(); }
      }
      return;
    }
    var lesson = screen.lesson || {};
    if (/^[1-9]$/.test(key) && lesson.pause === "ask") {
      event.preventDefault();
      L.act("choose", { position: Number(key) - 1 });
    } else if ((key === "Enter" || key === " ") && !onButton && !(target && target.tagName === "A")) {
      // Enter reads on; on a question it answers nothing (the engine says to choose).
      event.preventDefault();
      L.act(lesson.pause === "end" ? "next" : "proceed");
    } else if (key === "ArrowDown" || key === "ArrowUp") {
      var choices = Array.prototype.slice.call(root.querySelectorAll(".celestia-choice"));
      if (!choices.length) { return; }
      event.preventDefault();
      var at = choices.indexOf(document.activeElement);
      var next = key === "ArrowDown" ? (at + 1) % choices.length
                                     : (at <= 0 ? choices.length - 1 : at - 1);
      choices[next].focus();
    } else if (key === "h") { L.act("hint"); }
    else if (key === "u" || key === "Backspace") { event.preventDefault(); L.act("undo"); }
    else if (key === "r") { L.askFirst("restart"); }
    else if (key === "s") { L.askFirst("skip"); }
    else if (key === "?") { event.preventDefault(); L.openLookup(); }
    else if (key === "q" || key === "Escape") { L.act("menu"); }
    else if (key === "l") {
      var codes = (screen.languages || []).map(function (language) { return language.code; });
      L.act("language", { code: codes[(codes.indexOf(data.language) + 1) % codes.length] });
    }
  });
})();
