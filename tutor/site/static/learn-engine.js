/* The lessons in the page: the bridge to the engine. The engine runs in a Web Worker
   (../_learn/worker.js); each action is one request, answered with the screen to draw.
   Before the engine is ready, the screens prepared at build time read on and judge the
   answers (the same controller made them); the engine then replays those actions and
   takes over. An action they cannot answer waits for the engine (the first one only).
   learn-boot.js says what the player's scripts share, and runs first. */
(function () {
  "use strict";
  var L = window.CelestiaLearn;
  if (!L) { return; }
  var root = L.root, data = L.data, state = L.state;

  var EARLY_KEY = data.storage + ".early";
  var worker = null;
  var requests = {};
  var counter = 0;
  var queue = Promise.resolve();

  function ask(op, args) {
    // One action at a time, in order; each carries what localStorage holds now (another
    // tab may have saved), and the answer's progress is kept.
    var step = queue.then(function () {
      return new Promise(function (resolve) {
        var id = ++counter;
        requests[id] = resolve;
        worker.postMessage({ id: id, request: { op: op, args: args || {}, stored: L.stored() } });
      });
    }).then(function (answer) {
      if (answer.error) {
        state.note = L.fill(L.labels.failed, { reason: answer.error });
        L.draw();
        return answer;
      }
      if (answer.aside) {
        try { window.localStorage.setItem(data.storage + ".aside-" + Date.now(), answer.aside); }
        catch (error) { /* nothing more to keep it in */ }
      }
      if ("stored" in answer) { L.store(answer.stored); }
      if (answer.view) {
        L.keepResumeScreen(op, answer);
        show(answer.view);
      }
      return answer;
    });
    queue = step;
    return step;
  }


  function startEngine() {
    if (location.protocol === "file:") {
      state.engine = "unavailable";
      state.note = L.labels.from_file;
      return;
    }
    if (typeof WebAssembly !== "object" || typeof Worker !== "function") {
      state.engine = "unavailable";
      state.note = L.labels.no_wasm;
      return;
    }
    state.note = L.labels.loading;
    var begin = function () {
      try {
        worker = new Worker(data.worker, { type: "module" });
      } catch (error) {
        state.engine = "unavailable";
        state.note = L.labels.no_wasm;
        L.draw();
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
          state.note = L.labels.ready_offline;
          L.drawNote();
        }
      }
    });
    sw.controller.postMessage({ type: "keep" });
  }

  function onWorker(event) {
    var message = event.data;
    if (message.type === "progress") {
      state.fraction = message.fraction;
      L.drawNote();
    } else if (message.type === "ready") {
      // How long the engine's start took, part by part (read by benchmarks/web.py).
      root.dataset.engineStart = JSON.stringify(message.timings || {});
      engineReady();
    } else if (message.type === "failed") {
      state.engine = "failed";
      state.note = L.fill(L.labels.failed, { reason: message.error });
      L.draw();
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
    if (data.pseudo) { args.pseudo = true; }  // a layout-check build only (never published)
    var lesson = early ? early.id : L.wantedLesson();
    if (lesson) {
      args.lesson = lesson;
      args.actions = early && !early.resumed ? early.actions : [];
      // Ready before the prepared screens came (after a reload): what a reload kept.
      var kept = keptEarly(lesson);
      if (!args.actions.length && kept && !(early && early.resumed)) {
        args.actions = kept.actions || [];
        state.waiting = state.waiting || kept.waiting || null;
      }
    }
    var waiting = state.waiting;
    state.waiting = null;
    ask("start", args).then(function (answer) {
      state.early = null;
      // Replayed (its progress is stored): nothing is left to keep.
      if (!answer.error) { L.store(null, EARLY_KEY); }
      if (waiting) { act(waiting.op, waiting.args); }
    });
  }


  function show(view) {
    state.view = view;
    // How many screens the engine has sent: lets a test (or a person) see it answered.
    root.dataset.views = String(Number(root.dataset.views || 0) + 1);
    L.labels = view.labels;
    if (view.language !== data.language) { switchAddress(view.language); }
    data.language = view.language;
    root.setAttribute("lang", view.language);
    var id = view.screen === "lesson" && view.lesson ? view.lesson.id : "";
    if (decodeURIComponent(location.hash.slice(1)) !== id) {
      history.replaceState(null, "", id ? "#" + encodeURIComponent(id)
                                        : location.pathname + location.search);
    }
    L.draw();
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

  function exportProgress() {
    ask("export").then(function (answer) {
      if (!answer.export) { return; }
      var link = L.el("a", { href: URL.createObjectURL(new Blob([answer.export],
                                                             { type: "application/json" })),
                           download: "progress.json" });
      document.body.appendChild(link);
      link.click();
      link.remove();
    });
  }

  // --- Actions -------------------------------------------------------------------------
  /* The prepared screen that ``op`` leads to from the one on show, or null. */
  function preparedStep(early, op, args) {
    var node = early ? early.nodes[early.node] : null;
    var next = !node ? null : op === "proceed" ? node.proceed
      : op === "choose" && node.choose ? node.choose[args.position] : null;
    return typeof next === "number" ? next : null;
  }

  /* What was done before the engine was ready, kept until the engine has replayed it: a
     reload in the meantime (or a closed tab) loses no answer. */
  function keepEarly() {
    var early = state.early;
    L.store(early && (early.actions.length || state.waiting)
      ? JSON.stringify({ id: early.id, language: data.language, actions: early.actions,
                         waiting: state.waiting })
      : null, EARLY_KEY);
  }

  /* What ``keepEarly`` kept for lesson ``id`` in this page's language, or null. */
  function keptEarly(id) {
    var kept = L.parsed(L.stored(EARLY_KEY));
    return kept && kept.id === id && kept.language === data.language ? kept : null;
  }

  /* The actions kept by ``keepEarly`` for lesson ``id``, taken again on its prepared
     screens (as far as they lead: a build since may have changed them). */
  function restoreEarly(id) {
    var kept = keptEarly(id);
    if (!kept) { return; }
    var early = state.early;
    (kept.actions || []).every(function (action) {
      var next = preparedStep(early, action.op, action.args || {});
      if (next === null) { return false; }
      early.node = next;
      early.actions.push({ op: action.op, args: action.args || {} });
      return true;
    });
    if (kept.waiting && early.actions.length === (kept.actions || []).length) {
      state.waiting = kept.waiting;
    }
  }

  function act(op, args) {
    state.focus = true;
    if (state.engine === "ready") { return ask(op, args); }
    // Before the engine is ready: the prepared screens read on and judge the answers;
    // anything else waits.
    var early = state.early;
    var next = early && !state.waiting ? preparedStep(early, op, args) : null;
    if (next !== null) {
      early.node = next;
      early.actions.push({ op: op, args: args });
      keepEarly();
      L.draw();
      return Promise.resolve();
    }
    if (op === "menu") {
      state.early = null;
      state.waiting = null;
      keepEarly();
      history.replaceState(null, "", location.pathname + location.search);
      L.draw();
      return Promise.resolve();
    }
    // Only the first action waits for the engine (its screen cannot be known before):
    // later ones are not taken, and the page says so.
    if (state.engine === "loading" && !state.waiting) {
      state.waiting = { op: op, args: args };
      keepEarly();
    }
    L.draw();
    return Promise.resolve();
  }

  function openLesson(id) {
    if (state.engine === "ready") { return ask("open", { lesson: id }); }
    history.replaceState(null, "", "#" + encodeURIComponent(id));
    state.view = null;
    state.waiting = null;
    var kept = L.storedLessons()[id];
    if (kept && kept.inputs && kept.inputs.length) {
      // A lesson under way resumes where it was: the screen kept from the last visit, or
      // its title until the engine draws it.
      var screen = L.resumeScreen(id);
      state.early = { id: id, nodes: screen ? [{ lesson: screen, proceed: null, choose: null }] : [],
                      node: 0, actions: [], resumed: true };
      L.draw();
      return Promise.resolve();
    }
    state.early = { id: id, nodes: [], node: 0, actions: [] };
    L.draw();
    // Asked for already by the page's head when its address named this lesson.
    var early = window.celestiaPrepared;
    window.celestiaPrepared = null;
    var response = early && early.id === id ? early.response
      : fetch("_learn/" + encodeURIComponent(id) + ".json");
    return response.then(function (response) {
      return response.ok ? response.json() : null;
    }).then(function (prepared) {
      if (prepared && prepared.nodes && state.engine !== "ready" && state.early &&
          state.early.id === id && !state.early.actions.length) {
        state.early = { id: id, nodes: prepared.nodes, node: 0, actions: [] };
        restoreEarly(id);
        L.draw();
      }
    }, function () { /* the engine will L.draw it */ });
  }


  Object.assign(L, { ask: ask, act: act, openLesson: openLesson, startEngine: startEngine,
                     exportProgress: exportProgress });
})();
