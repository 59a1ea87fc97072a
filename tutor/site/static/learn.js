/* The lessons, played in the page. This script only draws what the engine says and
   forwards clicks and keys to it: the lessons run in Python (the tutor package, in
   Pyodide, in a Web Worker: ../_learn/worker.js), whose tutor.web.bridge answers every
   action with the screen to draw. Before the engine is ready, the page draws what the
   site's build prepared: the lesson list, and a lesson's first screens up to its first
   question. Progress is the terminal's progress file, kept in localStorage. */
(function () {
  "use strict";
  var root = document.getElementById("celestia-learn");
  var source = document.getElementById("celestia-learn-data");
  if (!root || !source) { return; }
  var data = JSON.parse(source.textContent);
  var labels = data.labels;
  var KEY = data.storage;

  var state = {
    view: null,          // the last screen the engine sent
    early: null,         // {id, screens, index}: a lesson's prepared first screens
    engine: "loading",   // loading, ready, failed, unavailable
    fraction: 0,
    waiting: null,       // an action taken before the engine was ready
    confirm: null,       // "restart" or "skip", asked before it is done
    note: "",            // a line about the engine (loading, offline, failure)
  };
  var worker = null;
  var requests = {};
  var counter = 0;
  var queue = Promise.resolve();

  // --- Storage -------------------------------------------------------------------------
  function stored() {
    try { return window.localStorage.getItem(KEY); } catch (error) { return null; }
  }
  function store(text) {
    try {
      if (text === null) { window.localStorage.removeItem(KEY); }
      else if (text !== stored()) { window.localStorage.setItem(KEY, text); }
    } catch (error) { /* private browsing: progress lasts as long as the page */ }
  }
  function storedLessons() {
    try { return (JSON.parse(stored() || "{}").lessons) || {}; } catch (error) { return {}; }
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
  function percent() { return Math.round(state.fraction * 100) + "%"; }
  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, function (all, name) {
      return name in values ? values[name] : all;
    });
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
      if (answer.view) { show(answer.view); }
      return answer;
    });
    queue = step;
    return step;
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

  function onWorker(event) {
    var message = event.data;
    if (message.type === "progress") {
      state.fraction = message.fraction;
      drawNote();
    } else if (message.type === "ready") {
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
    state.note = navigator.serviceWorker && navigator.serviceWorker.controller
      ? labels.ready_offline : "";
    var early = state.early;
    var args = { language: data.language };
    var lesson = early ? early.id : wantedLesson();
    if (lesson) {
      args.lesson = lesson;
      args.proceeds = early ? early.index : 0;
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
    data.language = view.language;
    root.setAttribute("lang", view.language);
    var id = view.screen === "lesson" && view.lesson ? view.lesson.id : "";
    if (decodeURIComponent(location.hash.slice(1)) !== id) {
      history.replaceState(null, "", id ? "#" + encodeURIComponent(id)
                                        : location.pathname + location.search);
    }
    draw();
  }

  function current() {
    // The screen on show: the engine's, else the prepared one.
    if (state.view) {
      return { screen: state.view.screen, menu: state.view.menu, lesson: state.view.lesson,
               message: state.view.message, languages: state.view.languages };
    }
    if (state.early) {
      return { screen: "lesson", menu: data.menu, lesson: state.early.screens[state.early.index],
               message: "", languages: data.languages };
    }
    return { screen: "menu", menu: withStoredProgress(data.menu), lesson: null, message: "",
             languages: data.languages };
  }

  function withStoredProgress(menu) {
    // Before the engine runs, the list shows the stars and marks kept in this browser.
    var kept = storedLessons();
    var items = menu.items.map(function (item) {
      var entry = kept[item.id] || {};
      var status = entry.done ? "done" : (entry.inputs && entry.inputs.length ? "started" : "new");
      var stars = entry.done ? Math.max(0, Math.min(3, entry.stars | 0)) : 0;
      return Object.assign({}, item, { status: status, status_text: labels[status],
                                       stars: stars, stars_text: stars ? "★".repeat(stars) : "" });
    });
    return Object.assign({}, menu, { items: items });
  }

  function draw() {
    var focusedInside = root.contains(document.activeElement);
    var screen = current();
    root.textContent = "";
    root.appendChild(noteLine());
    if (screen.screen === "lesson" && screen.lesson) {
      root.appendChild(lessonScreen(screen.lesson, screen.message, screen.languages));
    } else if (screen.screen === "lesson") {
      root.appendChild(el("p", { class: "celestia-learn-loading", text: labels.lesson_text }));
    } else {
      root.appendChild(menuScreen(screen.menu, screen.message));
    }
    if (focusedInside) {
      var target = root.querySelector("[data-focus]");
      if (target) { target.focus({ preventScroll: true }); }
    }
    // A new screen starts with its board: bring it back into view if it scrolled away.
    var head = root.querySelector(".celestia-lesson-head");
    if (head && head.getBoundingClientRect().top < 0) { head.scrollIntoView(); }
  }

  function noteLine() {
    var text = state.note;
    if (state.engine === "loading" && text) {
      text += " " + fill(labels.starting, { percent: percent() });
    }
    return el("p", { class: "celestia-learn-note celestia-learn-engine", role: "status",
                     text: text || null }, []);
  }
  function drawNote() {
    var line = root.querySelector(".celestia-learn-engine");
    if (line) { line.replaceWith(noteLine()); }
  }

  // --- The lesson list -----------------------------------------------------------------
  function menuScreen(menu, message) {
    var wrap = el("div", { class: "celestia-learn-menu" });
    wrap.appendChild(el("h2", { text: labels.lessons }));
    wrap.appendChild(el("p", { class: "celestia-learn-counts", text: menu.counts }));
    if (message) { wrap.appendChild(el("p", { class: "celestia-learn-message", role: "status", text: message })); }
    var list = el("ol", { class: "celestia-learn-list", "aria-label": labels.lesson_list });
    menu.items.forEach(function (item) {
      var stars = item.stars ? el("span", { class: "celestia-stars", role: "img",
                                            "aria-label": item.stars_text,
                                            text: "★".repeat(item.stars) + "☆".repeat(3 - item.stars) })
                             : null;
      var open = button(item.number + ". " + item.title, function () { openLesson(item.id); },
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
  function lessonScreen(lesson, message, languages) {
    var wrap = el("div", { class: "celestia-lesson", "data-pause": lesson.pause });
    wrap.appendChild(el("div", { class: "celestia-lesson-head" }, [
      el("h2", { text: lesson.title }),
      el("p", { class: "celestia-lesson-counter", text: lesson.counter }),
    ]));
    if (lesson.board) { wrap.appendChild(boardView(lesson.board)); }
    var feedback = el("div", { class: "celestia-feedback", role: "status", "aria-label": labels.answer });
    lesson.feedback.forEach(function (entry) { feedback.appendChild(entryLine(entry)); });
    wrap.appendChild(feedback);
    var text = el("div", { class: "celestia-narration", "aria-label": labels.lesson_text });
    lesson.narration.forEach(function (entry) { text.appendChild(entryLine(entry)); });
    if (lesson.pause === "end") {
      lesson.recap.forEach(function (line) {
        text.appendChild(el(line.kind === "heading" ? "h3" : "p",
                            { class: "celestia-recap recap-" + line.kind, text: line.text }));
      });
    }
    wrap.appendChild(text);
    if (message) { wrap.appendChild(el("p", { class: "celestia-learn-message", role: "status", text: message })); }
    if (state.waiting) {
      wrap.appendChild(el("p", { class: "celestia-learn-message", role: "status",
                                 text: fill(labels.waiting, { percent: percent() }) }));
    }
    wrap.appendChild(decision(lesson));
    if (state.confirm) { wrap.appendChild(confirmBox()); }
    wrap.appendChild(toolbar(lesson, languages));
    return wrap;
  }

  function entryLine(entry) {
    var line = el("p", { class: "celestia-entry entry-" + entry.kind, "data-n": String(entry.n) });
    if (entry.mark) { line.appendChild(el("span", { class: "celestia-mark", "aria-hidden": "true", text: entry.mark + " " })); }
    line.appendChild(el("span", { class: "celestia-entry-text", text: entry.text }));
    return line;
  }

  function decision(lesson) {
    if (lesson.pause === "ask") {
      var list = el("ol", { class: "celestia-choices", "aria-label": labels.choices });
      lesson.choices.forEach(function (choice, position) {
        list.appendChild(el("li", {}, [
          button("", function () { act("choose", { position: position }); }, {
            class: "celestia-button celestia-choice", "data-key": choice.key, "data-index": String(choice.index),
            "data-focus": position === 0 ? "" : null,
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
               { class: "celestia-button celestia-primary", "data-focus": "" }),
      ]);
    }
    var stars = el("p", { class: "celestia-stars celestia-big-stars", role: "img", "aria-label": lesson.stars_text,
                          text: "★".repeat(lesson.stars) + "☆".repeat(3 - lesson.stars) });
    return el("div", { class: "celestia-learn-buttons" }, [
      stars,
      lesson.next ? button(labels.next_lesson, function () { act("next"); },
                           { class: "celestia-button celestia-primary", "data-focus": "" }) : null,
      button(labels.lessons, function () { act("menu"); },
             { "data-focus": lesson.next ? null : "" }),
    ]);
  }

  function confirmBox() {
    var question = state.confirm === "restart" ? labels.confirm_restart : labels.confirm_skip;
    return el("div", { class: "celestia-confirm", role: "alertdialog", "aria-label": question }, [
      el("p", { text: question }),
      el("div", { class: "celestia-learn-buttons" }, [
        button(labels.yes, function () { confirmed(true); }, { class: "celestia-button celestia-primary", "data-focus": "" }),
        button(labels.no, function () { confirmed(false); }),
      ]),
    ]);
  }

  function confirmed(yes) {
    var what = state.confirm;
    state.confirm = null;
    if (yes && what) { act(what); } else { draw(); }
  }

  function toolbar(lesson, languages) {
    var asking = lesson.pause === "ask";
    var bar = el("div", { class: "celestia-toolbar", role: "group", "aria-label": labels.actions }, [
      button(labels.hint, function () { act("hint"); }, { disabled: !asking || !lesson.hints_left, "aria-keyshortcuts": "h" }),
      button(labels.undo, function () { act("undo"); }, { "aria-keyshortcuts": "u" }),
      button(labels.restart, function () { askFirst("restart"); }, { "aria-keyshortcuts": "r" }),
      button(labels.skip, function () { askFirst("skip"); }, { "aria-keyshortcuts": "s" }),
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
    draw();
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
    if (state.engine === "loading") {
      state.waiting = { op: op, args: args };
      draw();
    }
    return Promise.resolve();
  }

  function openLesson(id) {
    if (state.engine === "ready") { return ask("open", { lesson: id }); }
    history.replaceState(null, "", "#" + encodeURIComponent(id));
    var kept = storedLessons()[id];
    if (kept && kept.inputs && kept.inputs.length) {
      // A lesson under way resumes where it was: only the engine knows that screen.
      state.early = null;
      state.view = null;
      draw();
      return Promise.resolve();
    }
    return fetch("_learn/" + encodeURIComponent(id) + ".json").then(function (response) {
      return response.ok ? response.json() : null;
    }).then(function (screens) {
      if (screens && state.engine !== "ready") {
        state.early = { id: id, screens: screens, index: 0 };
        draw();
      }
    }, function () { /* the engine will draw it */ });
  }

  // --- Keys: those of the terminal ------------------------------------------------------
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) { return; }
    var target = event.target;
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) { return; }
    var screen = current();
    var key = event.key;
    if (state.confirm) {
      event.preventDefault();
      confirmed(key === "y" || key === "Y");
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
    var onButton = target && target.tagName === "BUTTON" && root.contains(target);
    if (/^[1-9]$/.test(key) && lesson.pause === "ask") {
      event.preventDefault();
      act("choose", { position: Number(key) - 1 });
    } else if ((key === "Enter" || key === " ") && !onButton && !(target && target.tagName === "A")) {
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
  draw();
  startEngine();
  if (first) { openLesson(first); }
  draw();
})();
