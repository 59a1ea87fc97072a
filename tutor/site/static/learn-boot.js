/* The lessons, played in the page. These scripts only draw what the engine says and
   forward taps and keys to it: the lessons run in Python (the tutor package, in
   Pyodide, in a Web Worker: ../_learn/worker.js), whose tutor.web.bridge answers every
   action with the screen to draw. Before the engine is ready, the page draws what the
   site's build prepared — the lesson list, a lesson's first screens up to its first
   question — or, for a lesson under way, the screen this browser kept from the last
   visit; the learner's first answer then waits for the engine. Progress is the
   terminal's progress file, kept in localStorage.

   The player is five classic scripts, one concern each, run in this order (deferred,
   so that they work from file:// too, where a browser refuses modules), sharing one
   object, window.CelestiaLearn:
   - learn-boot.js (this one): the boot data, the state, what localStorage keeps, and
     the start once every script has run;
   - learn-draw.js: drawing the screens (the list, a lesson, its board);
   - learn-lookup.js: the look-up panel (the site's own search);
   - learn-engine.js: the bridge to the engine (its worker, the actions, their order);
   - learn-keys.js: the keys, those of the terminal.
   tutor.web.publish puts them in the page (LEARN_SCRIPTS) and in the offline list. */
(function () {
  "use strict";
  var root = document.getElementById("celestia-learn");
  var source = document.getElementById("celestia-learn-data");
  if (!root || !source) { return; }
  var data = JSON.parse(source.textContent);
  var KEY = data.storage;
  //: The screen of a lesson right after its last decision: where the engine resumes it.
  var SCREEN_KEY = KEY + ".screen";

  var state = {
    view: null,          // the last screen the engine sent
    early: null,         // {id, nodes, node, actions}: the screens prepared at build time
                         // (or the one kept), read and answered before the engine is ready
    engine: "loading",   // loading, ready, failed, unavailable
    fraction: 0,
    waiting: null,       // the first action the prepared screens cannot answer (the only
                         // one: the screen it was taken on stays until the engine is ready)
    confirm: null,       // "restart" or "skip", asked before it is done
    note: "",            // a line about the engine (loading, offline, failure)
    focus: false,        // move the focus into the new screen (after a tap or a key)
    lookup: null,        // the look-up panel: {query} while it is open
    reveal: false,       // scroll the look-up panel into view (it has just opened)
  };

  /* What the player's scripts share: the page's element, its boot data, the labels of
     the language on show (replaced by each screen the engine sends) and the state; each
     script adds its functions, which the others call through it when they run. */
  var L = window.CelestiaLearn = { root: root, data: data, labels: data.labels, state: state };

  // --- Storage -------------------------------------------------------------------------
  function stored(key) {
    try { return window.localStorage.getItem(key || KEY); } catch (error) { return null; }
  }
  function store(text, key) {
    try {
      if (text === null) { window.localStorage.removeItem(key || KEY); }
      else if (text !== stored(key)) { window.localStorage.setItem(key || KEY, text); }
    } catch (error) { /* private browsing: progress lasts as long as the page */ }
  }
  function parsed(text) {
    try { return JSON.parse(text || "null"); } catch (error) { return null; }
  }
  function storedLessons() {
    var progress = parsed(stored());
    return (progress && progress.lessons) || {};
  }
  function inputsOf(progressText, id) {
    var progress = parsed(progressText);
    var entry = progress && progress.lessons && progress.lessons[id];
    return entry && entry.inputs ? entry.inputs.length : 0;
  }


  /* What a reload resumes a lesson at (the bridge says it after each decision; a lesson
     just opened is at it already): kept, a reload shows it at once instead of the list. */
  function keepResumeScreen(op, answer) {
    var view = answer.view;
    var lesson = answer.resume || (/^(start|open|next|skip)$/.test(op) && view.screen === "lesson"
                                   ? view.lesson : null);
    if (!lesson || lesson.pause === "end") { return; }
    store(JSON.stringify({ id: lesson.id, language: view.language,
                           inputs: inputsOf(answer.stored, lesson.id), lesson: lesson }), SCREEN_KEY);
  }

  function resumeScreen(id) {
    var kept = parsed(stored(SCREEN_KEY));
    var inputs = (storedLessons()[id] || {}).inputs || [];
    if (kept && kept.id === id && kept.language === data.language &&
        kept.inputs === inputs.length && kept.lesson) {
      return kept.lesson;
    }
    return null;
  }


  // --- The page's address: the lesson it names -------------------------------------------
  function wantedLesson() {
    var id = decodeURIComponent(location.hash.slice(1));
    return data.menu.items.some(function (item) { return item.id === id; }) ? id : null;
  }

  function withStoredProgress(menu) {
    // Before the engine runs, the list shows what this browser keeps: each lesson's
    // status and stars, the count of lessons finished, tips only where a lesson not
    // finished has earlier ones not done, and the lesson to offer first.
    var kept = storedLessons();
    var last = (parsed(stored()) || {}).last;
    var done = 0;
    var items = menu.items.map(function (item) {
      var entry = kept[item.id] || {};
      var stars = entry.done ? Math.max(0, Math.min(3, entry.stars | 0)) : 0;
      // Learned with two stars or more (a file of the first format kept no stars: its
      // finished lessons count); one star is to practise again, as in the terminal.
      var learned = mastered(entry);
      var status = learned ? "done" : (entry.inputs && entry.inputs.length ? "started"
                                       : (entry.done ? "practise" : "new"));
      done += learned ? 1 : 0;
      var ready = (item.prerequisites || []).every(function (id) { return mastered(kept[id] || {}); });
      return Object.assign({}, item, { status: status, status_text: L.labels[status],
                                       stars: stars, stars_text: stars ? data.stars[stars - 1] : "",
                                       ready: ready,
                                       tip: ready || learned ? "" : data.tip });
    });
    var suggested = null;
    items.forEach(function (item) {
      if (item.id === last && item.status === "started") { suggested = item.id; }
    });
    if (!suggested) {
      var open = items.filter(function (item) { return item.status !== "done"; })[0];
      suggested = (open || items[0] || {}).id || null;
    }
    // What is due for review is known once the engine runs (it dates this session).
    return Object.assign({}, menu, { items: items, counts: data.counts[done] || menu.counts,
                                     suggested: suggested, review: null });
  }

  function mastered(entry) {
    return Boolean(entry.done) && (entry.stars | 0) !== 1;
  }

  window.addEventListener("hashchange", function () {
    var id = wantedLesson();
    var open = state.view && state.view.lesson ? state.view.lesson.id : state.early ? state.early.id : null;
    if (id && id !== open) { L.openLesson(id); }
    else if (!id && open) { L.act("menu"); }
  });

  // --- Start: once every script of the player has run (they are deferred, in order) ---
  document.addEventListener("DOMContentLoaded", function () {
    L.mount();
    var first = wantedLesson();
    if (first) {
      // The engine starts once the lesson's first screen is drawn and the page is idle:
      // on a phone its start would otherwise hold up the screens a learner reads on
      // through (the prepared screens answer them meanwhile).
      var start = function () {
        L.startEngine();
        // Loading: the note's figure; an engine that cannot run: the screen says why.
        if (state.engine === "loading") { L.drawNote(); } else { L.draw(); }
      };
      var whenIdle = function () {
        if (window.requestIdleCallback) { window.requestIdleCallback(start, { timeout: 2000 }); }
        else { window.setTimeout(start, 0); }
      };
      L.openLesson(first).then(whenIdle, whenIdle);
    } else {
      L.startEngine();
      L.draw();
    }
  });

  Object.assign(L, { stored: stored, store: store, parsed: parsed, storedLessons: storedLessons,
                     keepResumeScreen: keepResumeScreen, resumeScreen: resumeScreen,
                     wantedLesson: wantedLesson, withStoredProgress: withStoredProgress });
})();
