/* The lessons, played in the page. This script only draws what the engine says and
   forwards taps and keys to it: the lessons run in Python (the tutor package, in
   Pyodide, in a Web Worker: ../_learn/worker.js), whose tutor.web.bridge answers every
   action with the screen to draw. Before the engine is ready, the page draws what the
   site's build prepared — the lesson list, a lesson's first screens up to its first
   question — or, for a lesson under way, the screen this browser kept from the last
   visit; the learner's first answer then waits for the engine. Progress is the
   terminal's progress file, kept in localStorage.

   Focus and announcements: after each new screen the focus goes to the lesson's text
   (never to a choice, so that Enter alone never answers); one live region, kept across
   screens, announces the feedback and the messages. */
(function () {
  "use strict";
  var root = document.getElementById("celestia-learn");
  var source = document.getElementById("celestia-learn-data");
  if (!root || !source) { return; }
  var data = JSON.parse(source.textContent);
  var labels = data.labels;
  var KEY = data.storage;
  //: The screen of a lesson right after its last decision: where the engine resumes it.
  var SCREEN_KEY = KEY + ".screen";

  var state = {
    view: null,          // the last screen the engine sent
    early: null,         // {id, screens, index}: screens shown before the engine is ready
    engine: "loading",   // loading, ready, failed, unavailable
    fraction: 0,
    waiting: null,       // the first action taken before the engine was ready (the only one)
    confirm: null,       // "restart" or "skip", asked before it is done
    note: "",            // a line about the engine (loading, offline, failure)
    focus: false,        // move the focus into the new screen (after a tap or a key)
    lookup: null,        // the look-up panel: {query} while it is open
    reveal: false,       // scroll the look-up panel into view (it has just opened)
  };
  var worker = null;
  var requests = {};
  var counter = 0;
  var queue = Promise.resolve();

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

  // --- Small DOM helpers ---------------------------------------------------------------
  function el(tag, attributes, children) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) {
      var value = attributes[name];
      if (value === null || value === undefined || value === false) { return; }
      if (name === "text") { node.textContent = value; }
      else if (name === "onclick") { node.addEventListener("click", value); }
      else { node.setAttribute(name, value === true ? "" : value); }
    });
    (children || []).forEach(function (child) {
      if (child) { node.appendChild(typeof child === "string" ? document.createTextNode(child) : child); }
    });
    return node;
  }
  function button(text, action, extra) {
    var attributes = Object.assign({ type: "button", class: "celestia-button", text: text,
                                     onclick: action }, extra || {});
    return el("button", attributes);
  }
  // In the page's language's own way: "42 %" in French, "42%" in English and Hungarian.
  function percent() {
    try {
      return new Intl.NumberFormat(data.language, { style: "percent" }).format(state.fraction);
    } catch (error) { return Math.round(state.fraction * 100) + "%"; }
  }
  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, function (all, name) {
      return name in values ? values[name] : all;
    });
  }

  /* ``text`` with each of the rule ids it names as a link to the rule on the site: the
     ids of "See rules 3.2 and 5.1." at the end of a line (``last``: the last place each
     id stands, never a number earlier in the text), or the rule a recap line starts with. */
  function withRuleLinks(text, rules, last) {
    var parts = [text];
    (rules || []).forEach(function (rule) {
      var page = data.rules[rule];
      if (!page) { return; }
      var pattern = new RegExp("(^|[^\\d.])(" + rule.replace(/\./g, "\\.") + ")(?![\\d]|\\.\\d)", "g");
      var order = parts.map(function (part, i) { return i; });
      if (last) { order.reverse(); }
      for (var k = 0; k < order.length; k++) {
        var i = order[k], part = parts[i];
        if (typeof part !== "string") { continue; }
        var found = null, match;
        pattern.lastIndex = 0;
        while ((match = pattern.exec(part)) !== null) {
          found = match;
          if (!last) { break; }
          pattern.lastIndex = match.index + 1;
        }
        if (!found) { continue; }
        var at = found.index + found[1].length;
        parts.splice(i, 1, part.slice(0, at),
                     el("a", { href: page + "#rule-" + rule.replace(/\./g, "-"), text: rule,
                               class: "celestia-rule-link" }),
                     part.slice(at + rule.length));
        break;
      }
    });
    return parts.filter(function (part) { return part !== ""; });
  }

  // --- The engine ----------------------------------------------------------------------
  function ask(op, args) {
    // One action at a time, in order; each carries what localStorage holds now (another
    // tab may have saved), and the answer's progress is kept.
    var step = queue.then(function () {
      return new Promise(function (resolve) {
        var id = ++counter;
        requests[id] = resolve;
        worker.postMessage({ id: id, request: { op: op, args: args || {}, stored: stored() } });
      });
    }).then(function (answer) {
      if (answer.error) {
        state.note = fill(labels.failed, { reason: answer.error });
        draw();
        return answer;
      }
      if (answer.aside) {
        try { window.localStorage.setItem(KEY + ".aside-" + Date.now(), answer.aside); }
        catch (error) { /* nothing more to keep it in */ }
      }
      if ("stored" in answer) { store(answer.stored); }
      if (answer.view) {
        keepResumeScreen(op, answer);
        show(answer.view);
      }
      return answer;
    });
    queue = step;
    return step;
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

  function startEngine() {
    if (location.protocol === "file:") {
      state.engine = "unavailable";
      state.note = labels.from_file;
      return;
    }
    if (typeof WebAssembly !== "object" || typeof Worker !== "function") {
      state.engine = "unavailable";
      state.note = labels.no_wasm;
      return;
    }
    state.note = labels.loading;
    var begin = function () {
      try {
        worker = new Worker(data.worker, { type: "module" });
      } catch (error) {
        state.engine = "unavailable";
        state.note = labels.no_wasm;
        draw();
        return;
      }
      worker.onmessage = onWorker;
      worker.postMessage({ type: "start", sizes: data.sizes });
    };
    // With the service worker in charge first, the engine's files are kept as they load
    // (downloaded once, then offline); a browser without one loads them all the same.
    if ("serviceWorker" in navigator && window.isSecureContext) {
      var started = false;
      var once = function () { if (!started) { started = true; begin(); } };
      navigator.serviceWorker.register(data.service_worker).then(function () {
        if (navigator.serviceWorker.controller) { once(); return; }
        navigator.serviceWorker.addEventListener("controllerchange", once);
      }, once);
      setTimeout(once, 3000);
    } else {
      begin();
    }
  }

  /* Once the engine runs, the service worker keeps the rest of the lessons' files; the
     page says they work offline only when it has. */
  function keepOffline() {
    var sw = navigator.serviceWorker;
    if (!sw || !sw.controller) { return; }
    sw.addEventListener("message", function (event) {
      if (event.data && event.data.type === "kept") {
        root.dataset.offline = "ready";
        if (state.engine === "ready" && !state.note) {
          state.note = labels.ready_offline;
          drawNote();
        }
      }
    });
    sw.controller.postMessage({ type: "keep" });
  }

  function onWorker(event) {
    var message = event.data;
    if (message.type === "progress") {
      state.fraction = message.fraction;
      drawNote();
    } else if (message.type === "ready") {
      // How long the engine's start took, part by part (read by benchmarks/web.py).
      root.dataset.engineStart = JSON.stringify(message.timings || {});
      engineReady();
    } else if (message.type === "failed") {
      state.engine = "failed";
      state.note = fill(labels.failed, { reason: message.error });
      draw();
    } else if (message.type === "answer") {
      var resolve = requests[message.id];
      delete requests[message.id];
      if (resolve) { resolve(message.answer); }
    }
  }

  function engineReady() {
    state.engine = "ready";
    state.note = "";
    keepOffline();
    var early = state.early;
    var args = { language: data.language };
    var lesson = early ? early.id : wantedLesson();
    if (lesson) {
      args.lesson = lesson;
      args.proceeds = early && !early.resumed ? early.index : 0;
    }
    var waiting = state.waiting;
    state.waiting = null;
    ask("start", args).then(function () {
      state.early = null;
      if (waiting) { act(waiting.op, waiting.args); }
    });
  }

  // --- What to draw --------------------------------------------------------------------
  function wantedLesson() {
    var id = decodeURIComponent(location.hash.slice(1));
    return data.menu.items.some(function (item) { return item.id === id; }) ? id : null;
  }

  function show(view) {
    state.view = view;
    // How many screens the engine has sent: lets a test (or a person) see it answered.
    root.dataset.views = String(Number(root.dataset.views || 0) + 1);
    labels = view.labels;
    if (view.language !== data.language) { switchAddress(view.language); }
    data.language = view.language;
    root.setAttribute("lang", view.language);
    var id = view.screen === "lesson" && view.lesson ? view.lesson.id : "";
    if (decodeURIComponent(location.hash.slice(1)) !== id) {
      history.replaceState(null, "", id ? "#" + encodeURIComponent(id)
                                        : location.pathname + location.search);
    }
    draw();
  }

  /* Another language chosen in the player: the address becomes that language's page, so
     that a reload, a bookmark or a shared link opens the lessons in the language the
     learner chose (the one the progress file remembers). */
  function switchAddress(language) {
    var path = location.pathname.replace(/\/[a-z]{2}\/learn\.html$/, "/" + language + "/learn.html");
    if (path !== location.pathname) {
      try { history.replaceState(null, "", path + location.search + location.hash); }
      catch (error) { /* the address stays: the page still plays on */ }
    }
  }

  function current() {
    // The screen on show: the engine's, else the prepared or kept one.
    if (state.view) {
      return { screen: state.view.screen, menu: state.view.menu, lesson: state.view.lesson,
               message: state.view.message, languages: state.view.languages };
    }
    if (state.early) {
      return { screen: "lesson", menu: data.menu, lesson: state.early.screens[state.early.index] || null,
               id: state.early.id, message: "", languages: data.languages };
    }
    return { screen: "menu", menu: withStoredProgress(data.menu), lesson: null, message: "",
             languages: data.languages };
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
      var status = entry.done ? "done" : (entry.inputs && entry.inputs.length ? "started" : "new");
      var stars = entry.done ? Math.max(0, Math.min(3, entry.stars | 0)) : 0;
      done += entry.done ? 1 : 0;
      var ready = (item.prerequisites || []).every(function (id) { return (kept[id] || {}).done; });
      return Object.assign({}, item, { status: status, status_text: labels[status],
                                       stars: stars, stars_text: stars ? data.stars[stars - 1] : "",
                                       ready: ready,
                                       tip: ready || entry.done ? "" : data.tip });
    });
    var suggested = null;
    items.forEach(function (item) {
      if (item.id === last && item.status === "started") { suggested = item.id; }
    });
    if (!suggested) {
      var open = items.filter(function (item) { return item.status !== "done"; })[0];
      suggested = (open || items[0] || {}).id || null;
    }
    return Object.assign({}, menu, { items: items, counts: data.counts[done] || menu.counts,
                                     suggested: suggested });
  }

  // The engine's line changes with every percent loaded: shown, not announced (the live
  // region below says what matters: an answer's feedback, a message, a failure).
  var note = el("p", { class: "celestia-learn-note celestia-learn-engine" });
  var live = el("div", { class: "celestia-sr celestia-learn-live", role: "status",
                         "aria-live": "polite", "aria-atomic": "true" });
  var stage = el("div", { class: "celestia-learn-stage" });
  root.textContent = "";
  root.appendChild(note);
  root.appendChild(live);
  root.appendChild(stage);

  function draw() {
    var focusedInside = root.contains(document.activeElement) && document.activeElement !== document.body;
    var screen = current();
    stage.textContent = "";
    if (screen.screen === "lesson") {
      stage.appendChild(lessonScreen(screen.lesson, screen.message, screen.languages, screen.id));
    } else {
      stage.appendChild(menuScreen(screen.menu, screen.message));
    }
    if (state.lookup) { stage.appendChild(lookupPanel()); }
    drawNote();
    announce();
    if (focusedInside || state.focus) {
      var target = stage.querySelector(state.lookup ? ".celestia-lookup [data-focus]" : "[data-focus]");
      if (target) { target.focus({ preventScroll: true }); }
    }
    state.focus = false;
    var panel = stage.querySelector(".celestia-lookup");
    if (state.reveal && panel) {
      // The look-up just opened: its box, not the board, is what the reader needs in view
      // (on a phone it would otherwise open below the screen's edge).
      panel.scrollIntoView({ block: "start" });
    } else {
      // A new screen starts with its board: bring it back into view if it scrolled away.
      var head = stage.querySelector(".celestia-lesson-head");
      if (head && head.getBoundingClientRect().top < 0) { head.scrollIntoView(); }
    }
    state.reveal = false;
  }

  function noteText() {
    var text = state.note;
    if (state.engine === "loading" && text) {
      text += " " + fill(labels.starting, { percent: percent() });
    }
    return text || "";
  }
  function drawNote() {
    var text = noteText();
    if (note.textContent !== text) { note.textContent = text; }
  }

  /* What the live region says for the screen on show: the feedback of the last answer,
     then any message. Updated in place: a screen reader announces the change. */
  function announce() {
    var screen = current();
    var parts = [];
    if (screen.screen === "lesson" && screen.lesson) {
      screen.lesson.feedback.forEach(function (entry) { parts.push(entry.text); });
    }
    if (screen.message) { parts.push(screen.message); }
    if (state.waiting) { parts.push(labels.waiting_short); }
    if (state.engine === "failed" || state.engine === "unavailable") { parts.push(state.note); }
    var text = parts.join(" ");
    if (live.textContent !== text) { live.textContent = text; }
  }

  // --- The lesson list -----------------------------------------------------------------
  function menuScreen(menu, message) {
    var wrap = el("div", { class: "celestia-learn-menu" });
    wrap.appendChild(el("h2", { text: labels.lessons }));
    wrap.appendChild(el("p", { class: "celestia-learn-counts", text: menu.counts }));
    if (message) { wrap.appendChild(el("p", { class: "celestia-learn-message", text: message })); }
    var list = el("ol", { class: "celestia-learn-list", "aria-label": labels.lesson_list });
    menu.items.forEach(function (item) {
      var stars = item.stars ? el("span", { class: "celestia-stars", role: "img",
                                            "aria-label": item.stars_text,
                                            text: "★".repeat(item.stars) + "☆".repeat(3 - item.stars) })
                             : null;
      var open = button(item.number + ". " + item.title, function () { state.focus = true; openLesson(item.id); },
                        { class: "celestia-button celestia-learn-open", "data-lesson": item.id,
                          "data-focus": item.id === menu.suggested ? "" : null });
      list.appendChild(el("li", { class: "celestia-learn-item status-" + item.status }, [
        open,
        el("span", { class: "celestia-learn-status" }, [stars, el("span", { text: item.status_text })]),
        el("p", { class: "celestia-learn-summary", text: item.summary }),
        item.tip ? el("p", { class: "celestia-learn-tip", text: item.tip }) : null,
      ]));
    });
    wrap.appendChild(list);
    wrap.appendChild(progressBox());
    return wrap;
  }

  function progressBox() {
    var box = el("section", { class: "celestia-learn-progress", "aria-labelledby": "celestia-learn-progress-title" });
    box.appendChild(el("h3", { id: "celestia-learn-progress-title", text: labels.progress }));
    box.appendChild(el("p", { text: labels.progress_note }));
    var input = el("input", { type: "file", accept: ".json,application/json", hidden: true,
                              id: "celestia-learn-file", "aria-label": labels.import });
    input.addEventListener("change", function () {
      var file = input.files && input.files[0];
      if (!file) { return; }
      file.text().then(function (text) { act("import", { text: text, name: file.name }); });
    });
    var ready = state.engine === "ready";
    box.appendChild(el("div", { class: "celestia-learn-buttons" }, [
      button(labels.export, exportProgress, { disabled: !ready }),
      button(labels.import, function () { input.click(); }, { disabled: !ready }),
      input,
    ]));
    return box;
  }

  function exportProgress() {
    ask("export").then(function (answer) {
      if (!answer.export) { return; }
      var link = el("a", { href: URL.createObjectURL(new Blob([answer.export],
                                                             { type: "application/json" })),
                           download: "progress.json" });
      document.body.appendChild(link);
      link.click();
      link.remove();
    });
  }

  // --- A lesson ------------------------------------------------------------------------
  function lessonScreen(lesson, message, languages, id) {
    if (!lesson) { return resumingScreen(id); }
    var wrap = el("div", { class: "celestia-lesson", "data-pause": lesson.pause });
    wrap.appendChild(el("div", { class: "celestia-lesson-head" }, [
      el("h2", { text: lesson.title }),
      el("p", { class: "celestia-lesson-counter", text: lesson.counter }),
    ]));
    if (lesson.board) { wrap.appendChild(boardView(lesson.board)); }
    var feedback = el("div", { class: "celestia-feedback", "aria-label": labels.answer });
    lesson.feedback.forEach(function (entry) { feedback.appendChild(entryLine(entry)); });
    wrap.appendChild(feedback);
    // The lesson's text takes the focus after each new screen: Enter there reads on, and
    // a screen reader starts reading here.
    var text = el("div", { class: "celestia-narration", role: "region", "aria-label": labels.lesson_text,
                           tabindex: "-1", "data-focus": state.confirm ? null : "" });
    lesson.narration.forEach(function (entry) { text.appendChild(entryLine(entry)); });
    if (lesson.pause === "end") {
      lesson.recap.forEach(function (line) {
        text.appendChild(el(line.kind === "heading" ? "h3" : "p",
                            { class: "celestia-recap recap-" + line.kind },
                            withRuleLinks(line.text, line.rule ? [line.rule] : [], false)));
      });
    }
    wrap.appendChild(text);
    if (message) { wrap.appendChild(el("p", { class: "celestia-learn-message", text: message })); }
    if (state.waiting) {
      wrap.appendChild(el("p", { class: "celestia-learn-message celestia-learn-waiting",
                                 text: fill(labels.waiting, { percent: percent() }) }));
    }
    wrap.appendChild(decision(lesson));
    if (state.confirm) { wrap.appendChild(confirmBox()); }
    wrap.appendChild(toolbar(lesson, languages));
    return wrap;
  }

  /* A lesson under way whose last screen this browser does not have: its title, and the
     promise that it resumes where it was as soon as the engine is ready. */
  function resumingScreen(id) {
    var item = data.menu.items.filter(function (entry) { return entry.id === id; })[0] || {};
    return el("div", { class: "celestia-lesson", "data-pause": "loading" }, [
      el("div", { class: "celestia-lesson-head" }, [el("h2", { text: item.title || "" })]),
      el("p", { class: "celestia-learn-loading", tabindex: "-1", "data-focus": "",
                text: state.engine === "loading" ? labels.resuming : labels.lesson_text }),
      el("div", { class: "celestia-learn-buttons" }, [
        button(labels.lessons, function () { act("menu"); }, { "aria-keyshortcuts": "q" }),
      ]),
    ]);
  }

  function entryLine(entry) {
    var line = el("p", { class: "celestia-entry entry-" + entry.kind, "data-n": String(entry.n) });
    if (entry.mark) { line.appendChild(el("span", { class: "celestia-mark", "aria-hidden": "true", text: entry.mark + " " })); }
    line.appendChild(el("span", { class: "celestia-entry-text" }, withRuleLinks(entry.text, entry.rules, true)));
    return line;
  }

  function decision(lesson) {
    if (lesson.pause === "ask") {
      var list = el("ol", { class: "celestia-choices", "aria-label": labels.choices });
      var pending = state.waiting && state.waiting.op === "choose" ? state.waiting.args.position : -1;
      lesson.choices.forEach(function (choice, position) {
        list.appendChild(el("li", {}, [
          button("", function () { act("choose", { position: position }); }, {
            class: "celestia-button celestia-choice" + (position === pending ? " celestia-pending" : ""),
            "data-key": choice.key, "data-index": String(choice.index),
            "aria-pressed": pending >= 0 ? (position === pending ? "true" : "false") : null,
          }),
        ]));
        var item = list.lastChild.firstChild;
        item.appendChild(el("span", { class: "celestia-choice-number", "aria-hidden": "true", text: String(position + 1) }));
        item.appendChild(el("span", { class: "celestia-choice-label", text: choice.label }));
      });
      return list;
    }
    if (lesson.pause === "say") {
      return el("div", { class: "celestia-learn-buttons" }, [
        button(labels.continue, function () { act("proceed"); },
               { class: "celestia-button celestia-primary" }),
      ]);
    }
    var stars = el("p", { class: "celestia-stars celestia-big-stars", role: "img", "aria-label": lesson.stars_text,
                          text: "★".repeat(lesson.stars) + "☆".repeat(3 - lesson.stars) });
    return el("div", { class: "celestia-learn-buttons" }, [
      stars,
      lesson.next ? button(labels.next_lesson, function () { act("next"); },
                           { class: "celestia-button celestia-primary" }) : null,
      button(labels.lessons, function () { act("menu"); }),
    ]);
  }

  function confirmBox() {
    var question = state.confirm === "restart" ? labels.confirm_restart : labels.confirm_skip;
    // The focus starts on No: Enter alone keeps the lesson, as in the terminal; Yes (or
    // its key, y, or o and i in French and Hungarian) does it.
    return el("div", { class: "celestia-confirm", role: "alertdialog", "aria-label": question,
                       "aria-describedby": "celestia-confirm-keys" }, [
      el("p", { text: question }),
      el("p", { class: "celestia-confirm-keys", id: "celestia-confirm-keys", text: labels.confirm_keys }),
      el("div", { class: "celestia-learn-buttons" }, [
        button(labels.yes, function () { confirmed(true); }, { class: "celestia-button celestia-primary" }),
        button(labels.no, function () { confirmed(false); }, { "data-focus": "" }),
      ]),
    ]);
  }

  function confirmed(yes) {
    var what = state.confirm;
    state.confirm = null;
    state.focus = true;
    if (yes && what) { act(what); } else { draw(); }
  }

  function toolbar(lesson, languages) {
    var asking = lesson.pause === "ask";
    var bar = el("div", { class: "celestia-toolbar", role: "group", "aria-label": labels.actions }, [
      button(labels.hint, function () { act("hint"); }, { disabled: !asking || !lesson.hints_left, "aria-keyshortcuts": "h" }),
      button(labels.undo, function () { act("undo"); }, { "aria-keyshortcuts": "u" }),
      button(labels.restart, function () { askFirst("restart"); }, { "aria-keyshortcuts": "r" }),
      button(labels.skip, function () { askFirst("skip"); }, { "aria-keyshortcuts": "s" }),
      button(labels.lookup, function () { openLookup(); }, { "aria-keyshortcuts": "?" }),
      button(labels.lessons, function () { act("menu"); }, { "aria-keyshortcuts": "q" }),
    ]);
    var tongues = el("div", { class: "celestia-toolbar celestia-tongues", role: "group", "aria-label": labels.language },
      languages.map(function (language) {
        return button(language.name, function () { act("language", { code: language.code }); }, {
          lang: language.code, "aria-pressed": language.code === data.language ? "true" : "false",
        });
      }));
    return el("div", { class: "celestia-tools" }, [bar, tongues,
      el("p", { class: "celestia-keys", text: labels.keys })]);
  }

  function askFirst(what) {
    state.confirm = what;
    state.focus = true;
    draw();
  }

  // --- Look-up: the site's own search, in a panel over the lesson ------------------------
  function openLookup() {
    state.lookup = { query: state.lookup ? state.lookup.query : "" };
    state.focus = true;
    state.reveal = true;
    loadSearch().then(function () { if (state.lookup) { showResults(); } });
    draw();
  }
  function closeLookup() {
    state.lookup = null;
    state.focus = true;
    draw();
  }

  var searchLoading = null;
  function loadSearch() {
    // The index of this page's language and the search script, loaded on first use.
    if (!searchLoading) {
      searchLoading = Promise.all(["searchindex-celestia.js", "_static/celestia-faq.js",
                                   "_static/celestia-search.js"]
        .map(function (src) {
          return new Promise(function (resolve) {
            var script = el("script", { src: src });
            script.onload = resolve;
            script.onerror = resolve;  // offline and never read: the panel says so
            document.head.appendChild(script);
          });
        }));
    }
    return searchLoading;
  }

  function lookupPanel() {
    var input = el("input", { type: "search", id: "celestia-learn-q", class: "celestia-learn-q",
                              "aria-label": labels.lookup_label, placeholder: labels.lookup_label,
                              "data-focus": "", value: state.lookup.query, autocomplete: "off" });
    input.addEventListener("input", function () {
      state.lookup.query = input.value;
      showResults();
    });
    return el("div", { class: "celestia-lookup", role: "dialog", "aria-label": labels.lookup }, [
      el("h3", { text: labels.lookup }),
      el("p", { class: "celestia-lookup-hint", text: labels.lookup_hint }),
      input,
      el("p", { class: "celestia-lookup-status", role: "status" }),
      el("ol", { class: "celestia-lookup-results" }),
      el("div", { class: "celestia-learn-buttons" }, [
        button(labels.lookup_close, closeLookup, { "aria-keyshortcuts": "Escape" }),
      ]),
    ]);
  }

  function showResults() {
    var list = stage.querySelector(".celestia-lookup-results");
    var status = stage.querySelector(".celestia-lookup-status");
    if (!list || !state.lookup) { return; }
    list.textContent = "";
    var query = state.lookup.query.trim();
    var search = window.CelestiaSearch, index = window.CELESTIA_SEARCH;
    if (!search || !index) { status.textContent = query ? labels.lookup_missing : ""; return; }
    if (!query) { status.textContent = ""; return; }
    var found = search.search(query, index).results.slice(0, 8);
    status.textContent = found.length ? "" : fill(labels.lookup_none, { query: query });
    found.forEach(function (result) {
      var unit = index.units[result[0]];
      var page = index.pages[unit[0]];
      list.appendChild(el("li", {}, [
        el("a", { href: page[0] + ".html" + (unit[1] ? "#" + unit[1] : ""), text: unit[2] }),
        unit[3] ? el("p", { text: unit[3] }) : null,
      ]));
    });
  }

  // --- The board -----------------------------------------------------------------------
  function boardView(board) {
    var box = el("section", { class: "celestia-board", "aria-label": labels.board });
    if (board.title) { box.appendChild(el("p", { class: "celestia-board-title", text: board.title })); }
    var table = el("table", { class: "celestia-route" }, [el("caption", { class: "celestia-sr", text: labels.route })]);
    var rows = [["value", board.route.labels[0]], ["dice", board.route.labels[1]], ["pile", board.route.labels[2]]];
    rows.forEach(function (row, r) {
      var tr = el("tr", {}, [el("th", { scope: "row", text: row[1] })]);
      board.route.cities.forEach(function (city) {
        var classes = [city.at ? "at" : "", city.dest ? "dest" : "", city.offroute ? "offroute" : ""].join(" ").trim();
        var value = row[0] === "dice" ? (city.dice || "–") : row[0] === "pile" ? (city.pile || "-") : city.value;
        var cell = el(r === 0 ? "th" : "td", { class: classes || null, scope: r === 0 ? "col" : null });
        if (r === 0) {
          var mark = city.at ? "▲" : city.dest ? "→" : "";
          if (mark) { cell.appendChild(el("span", { class: "celestia-mark", "aria-hidden": "true", text: mark })); }
          cell.appendChild(el("span", { text: String(value) }));
          var said = city.at ? labels.airship_here : city.dest ? labels.heading_for : city.offroute ? labels.off_route : "";
          if (said) { cell.appendChild(el("span", { class: "celestia-sr", text: " (" + said + ")" })); }
        } else {
          cell.textContent = String(value);
        }
        tr.appendChild(cell);
      });
      table.appendChild(tr);
    });
    box.appendChild(el("div", { class: "celestia-route-wrap" }, [table]));
    if (board.route.description) { box.appendChild(el("p", { class: "celestia-board-line", text: board.route.description })); }
    if (board.dice.faces.length) {
      var dice = el("ul", { class: "celestia-dice", "aria-label": labels.dice_now });
      board.dice.faces.forEach(function (face) {
        dice.appendChild(el("li", { class: "celestia-die face-" + face.face + (face.hazard ? " hazard" : "") }, [
          el("span", { class: "celestia-die-icon", "aria-hidden": "true" }),
          el("span", { text: face.name }),
        ]));
      });
      box.appendChild(el("div", { class: "celestia-board-line" }, [el("span", { class: "label", text: board.dice.label + " " }), dice]));
    }
    board.lines.forEach(function (line) {
      box.appendChild(el("p", { class: "celestia-board-line" }, line.map(function (part) {
        return el("span", { class: part.cls || null, text: part.text });
      })));
    });
    return box;
  }

  // --- Actions -------------------------------------------------------------------------
  function act(op, args) {
    state.focus = true;
    if (state.engine === "ready") { return ask(op, args); }
    // Before the engine is ready: the prepared screens read on; anything else waits.
    var early = state.early;
    if (early && op === "proceed" && early.index + 1 < early.screens.length) {
      early.index += 1;
      draw();
      return Promise.resolve();
    }
    if (op === "menu") {
      state.early = null;
      state.waiting = null;
      history.replaceState(null, "", location.pathname + location.search);
      draw();
      return Promise.resolve();
    }
    // Only the first action waits for the engine (its screen cannot be known before):
    // later ones are not taken, and the page says so.
    if (state.engine === "loading" && !state.waiting) {
      state.waiting = { op: op, args: args };
    }
    draw();
    return Promise.resolve();
  }

  function openLesson(id) {
    if (state.engine === "ready") { return ask("open", { lesson: id }); }
    history.replaceState(null, "", "#" + encodeURIComponent(id));
    state.view = null;
    state.waiting = null;
    var kept = storedLessons()[id];
    if (kept && kept.inputs && kept.inputs.length) {
      // A lesson under way resumes where it was: the screen kept from the last visit, or
      // its title until the engine draws it.
      var screen = resumeScreen(id);
      state.early = { id: id, screens: screen ? [screen] : [], index: 0, resumed: true };
      draw();
      return Promise.resolve();
    }
    state.early = { id: id, screens: [], index: 0 };
    draw();
    return fetch("_learn/" + encodeURIComponent(id) + ".json").then(function (response) {
      return response.ok ? response.json() : null;
    }).then(function (screens) {
      if (screens && state.engine !== "ready" && state.early && state.early.id === id) {
        state.early = { id: id, screens: screens, index: 0 };
        draw();
      }
    }, function () { /* the engine will draw it */ });
  }

  // --- Keys: those of the terminal ------------------------------------------------------

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) { return; }
    var target = event.target;
    var key = event.key;
    if (state.lookup) {
      if (key === "Escape") { event.preventDefault(); closeLookup(); }
      return;  // typing in the look-up is typing, not the lesson's keys
    }
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) { return; }
    var screen = current();
    var onButton = target && target.tagName === "BUTTON" && root.contains(target);
    if (state.confirm) {
      // Tab moves between Yes and No; Enter or Space presses the one focused.
      if (key === "Tab" || key === "Shift" || ((key === "Enter" || key === " ") && onButton)) { return; }
      event.preventDefault();
      // The letters that say yes come with the labels, as the terminal reads them.
      confirmed(key.length === 1 && labels.yes_keys.indexOf(key.toLowerCase()) >= 0);
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
      act("choose", { position: Number(key) - 1 });
    } else if ((key === "Enter" || key === " ") && !onButton && !(target && target.tagName === "A")) {
      // Enter reads on; on a question it answers nothing (the engine says to choose).
      event.preventDefault();
      act(lesson.pause === "end" ? "next" : "proceed");
    } else if (key === "ArrowDown" || key === "ArrowUp") {
      var choices = Array.prototype.slice.call(root.querySelectorAll(".celestia-choice"));
      if (!choices.length) { return; }
      event.preventDefault();
      var at = choices.indexOf(document.activeElement);
      var next = key === "ArrowDown" ? (at + 1) % choices.length
                                     : (at <= 0 ? choices.length - 1 : at - 1);
      choices[next].focus();
    } else if (key === "h") { act("hint"); }
    else if (key === "u" || key === "Backspace") { event.preventDefault(); act("undo"); }
    else if (key === "r") { askFirst("restart"); }
    else if (key === "s") { askFirst("skip"); }
    else if (key === "?") { event.preventDefault(); openLookup(); }
    else if (key === "q" || key === "Escape") { act("menu"); }
    else if (key === "l") {
      var codes = (screen.languages || []).map(function (language) { return language.code; });
      act("language", { code: codes[(codes.indexOf(data.language) + 1) % codes.length] });
    }
  });

  window.addEventListener("hashchange", function () {
    var id = wantedLesson();
    var open = state.view && state.view.lesson ? state.view.lesson.id : state.early ? state.early.id : null;
    if (id && id !== open) { openLesson(id); }
    else if (!id && open) { act("menu"); }
  });

  // --- Start ---------------------------------------------------------------------------
  var first = wantedLesson();
  startEngine();
  if (first) { openLesson(first); } else { draw(); }
})();
