/* The lessons in the page: drawing. Each screen is drawn whole from the engine's
   view (or the prepared or kept one before the engine runs).

   Focus and announcements: after each new screen the focus goes to the lesson's text
   (never to a choice, so that Enter alone never answers); one live region, kept across
   screens, announces the feedback and the messages.
   learn-boot.js says what the player's scripts share, and runs first. */
(function () {
  "use strict";
  var L = window.CelestiaLearn;
  if (!L) { return; }
  var root = L.root, data = L.data, state = L.state;

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
    return fill(data.percent, { percent: Math.round(state.fraction * 100) });
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


  // --- What to draw --------------------------------------------------------------------
  function current() {
    // The screen on show: the engine's, else the prepared or kept one.
    if (state.view) {
      return { screen: state.view.screen, menu: state.view.menu, lesson: state.view.lesson,
               message: state.view.message, languages: state.view.languages };
    }
    if (state.early) {
      var node = state.early.nodes[state.early.node];
      return { screen: "lesson", menu: data.menu, lesson: node ? node.lesson : null,
               id: state.early.id, message: "", languages: data.languages };
    }
    return { screen: "menu", menu: L.withStoredProgress(data.menu), lesson: null, message: "",
             languages: data.languages };
  }


  // The engine's line changes with every percent loaded: shown, not announced (the live
  // region below says what matters: an answer's feedback, a message, a failure).
  var note = el("p", { class: "celestia-learn-note celestia-learn-engine" });
  var live = el("div", { class: "celestia-sr celestia-learn-live", role: "status",
                         "aria-live": "polite", "aria-atomic": "true" });
  var stage = el("div", { class: "celestia-learn-stage" });

  function mount() {
    root.textContent = "";
    root.appendChild(note);
    root.appendChild(live);
    root.appendChild(stage);
  }

  function draw() {
    var focusedInside = root.contains(document.activeElement) && document.activeElement !== document.body;
    var screen = current();
    stage.textContent = "";
    if (screen.screen === "lesson") {
      stage.appendChild(lessonScreen(screen.lesson, screen.message, screen.languages, screen.id));
    } else {
      stage.appendChild(menuScreen(screen.menu, screen.message));
    }
    if (state.lookup) { stage.appendChild(L.lookupPanel()); }
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
      bringBoardIntoView();
    }
    state.reveal = false;
  }

  /* A new screen starts with its board: bring it back into view if it scrolled away.
     Looked at in the next frame, whose layout is made anyway: screens drawn one after
     the other (a phone reading on quickly) then cost one layout, not one each. */
  var boardCheck = false;
  function bringBoardIntoView() {
    if (boardCheck) { return; }
    boardCheck = true;
    window.requestAnimationFrame(function () {
      boardCheck = false;
      var head = stage.querySelector(".celestia-lesson-head");
      if (head && head.getBoundingClientRect().top < 0) { head.scrollIntoView(); }
    });
  }

  function noteText() {
    var text = state.note;
    if (state.engine === "loading" && text) {
      text += " " + fill(L.labels.starting, { percent: percent() });
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
    if (state.waiting) { parts.push(L.labels.waiting_short); }
    if (state.engine === "failed" || state.engine === "unavailable") { parts.push(state.note); }
    var text = parts.join(" ");
    if (live.textContent !== text) { live.textContent = text; }
  }

  // --- The lesson list -----------------------------------------------------------------
  function menuScreen(menu, message) {
    var wrap = el("div", { class: "celestia-learn-menu" });
    wrap.appendChild(el("h2", { text: L.labels.lessons }));
    wrap.appendChild(el("p", { class: "celestia-learn-counts", text: menu.counts }));
    if (message) { wrap.appendChild(el("p", { class: "celestia-learn-message", text: message })); }
    var list = el("ol", { class: "celestia-learn-list", "aria-label": L.labels.lesson_list });
    menu.items.forEach(function (item) {
      var stars = item.stars ? el("span", { class: "celestia-stars", role: "img",
                                            "aria-label": item.stars_text,
                                            text: "★".repeat(item.stars) + "☆".repeat(3 - item.stars) })
                             : null;
      var open = button(item.number + ". " + item.title, function () { state.focus = true; L.openLesson(item.id); },
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
    wrap.appendChild(reviewBox(menu.review));
    wrap.appendChild(progressBox());
    return wrap;
  }

  /* The review across lessons: what is due (known once the engine runs) and a button. */
  function reviewBox(review) {
    var box = el("section", { class: "celestia-learn-review", "aria-labelledby": "celestia-learn-review-title" });
    box.appendChild(el("h3", { id: "celestia-learn-review-title", text: L.labels.review }));
    if (review) {
      box.appendChild(el("p", { class: "celestia-learn-review-due", text: review.title }));
      box.appendChild(el("p", { text: review.note }));
    }
    var ready = state.engine === "ready" && review && review.due > 0;
    box.appendChild(el("div", { class: "celestia-learn-buttons" }, [
      button(L.labels.review_start, function () { state.focus = true; L.act("review"); },
             { disabled: !ready }),
    ]));
    return box;
  }

  function progressBox() {
    var box = el("section", { class: "celestia-learn-progress", "aria-labelledby": "celestia-learn-progress-title" });
    box.appendChild(el("h3", { id: "celestia-learn-progress-title", text: L.labels.progress }));
    box.appendChild(el("p", { text: L.labels.progress_note }));
    var input = el("input", { type: "file", accept: ".json,application/json", hidden: true,
                              id: "celestia-learn-file", "aria-label": L.labels.import });
    input.addEventListener("change", function () {
      var file = input.files && input.files[0];
      if (!file) { return; }
      file.text().then(function (text) { L.act("import", { text: text, name: file.name }); });
    });
    var ready = state.engine === "ready";
    box.appendChild(el("div", { class: "celestia-learn-buttons" }, [
      button(L.labels.export, L.exportProgress, { disabled: !ready }),
      button(L.labels.import, function () { input.click(); }, { disabled: !ready }),
      input,
    ]));
    return box;
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
    var feedback = el("div", { class: "celestia-feedback", "aria-label": L.labels.answer });
    lesson.feedback.forEach(function (entry) { feedback.appendChild(entryLine(entry)); });
    wrap.appendChild(feedback);
    // The lesson's text takes the focus after each new screen: Enter there reads on, and
    // a screen reader starts reading here.
    var text = el("div", { class: "celestia-narration", role: "region", "aria-label": L.labels.lesson_text,
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
                                 text: fill(L.labels.waiting, { percent: percent() }) }));
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
                text: state.engine === "loading" ? L.labels.resuming : L.labels.lesson_text }),
      el("div", { class: "celestia-learn-buttons" }, [
        button(L.labels.lessons, function () { L.act("menu"); }, { "aria-keyshortcuts": "q" }),
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
      var list = el("ol", { class: "celestia-choices", "aria-label": L.labels.choices });
      var pending = state.waiting && state.waiting.op === "choose" ? state.waiting.args.position : -1;
      lesson.choices.forEach(function (choice, position) {
        list.appendChild(el("li", {}, [
          button("", function () { L.act("choose", { position: position }); }, {
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
        button(L.labels.continue, function () { L.act("proceed"); },
               { class: "celestia-button celestia-primary" }),
      ]);
    }
    var stars = el("p", { class: "celestia-stars celestia-big-stars", role: "img", "aria-label": lesson.stars_text,
                          text: "★".repeat(lesson.stars) + "☆".repeat(3 - lesson.stars) });
    return el("div", { class: "celestia-learn-buttons" }, [
      stars,
      lesson.next ? button(lesson.review ? L.labels.next_review : L.labels.next_lesson,
                           function () { L.act("next"); },
                           { class: "celestia-button celestia-primary" }) : null,
      button(L.labels.lessons, function () { L.act("menu"); }),
    ]);
  }

  function confirmBox() {
    var question = state.confirm === "restart" ? L.labels.confirm_restart : L.labels.confirm_skip;
    // The focus starts on No: Enter alone keeps the lesson, as in the terminal; Yes (or
    // its key, y, or o and i in French and Hungarian) does it.
    return el("div", { class: "celestia-confirm", role: "alertdialog", "aria-label": question,
                       "aria-describedby": "celestia-confirm-keys" }, [
      el("p", { text: question }),
      el("p", { class: "celestia-confirm-keys", id: "celestia-confirm-keys", text: L.labels.confirm_keys }),
      el("div", { class: "celestia-learn-buttons" }, [
        button(L.labels.yes, function () { confirmed(true); }, { class: "celestia-button celestia-primary" }),
        button(L.labels.no, function () { confirmed(false); }, { "data-focus": "" }),
      ]),
    ]);
  }

  function confirmed(yes) {
    var what = state.confirm;
    state.confirm = null;
    state.focus = true;
    if (yes && what) { L.act(what); } else { draw(); }
  }

  function toolbar(lesson, languages) {
    var asking = lesson.pause === "ask";
    var bar = el("div", { class: "celestia-toolbar", role: "group", "aria-label": L.labels.actions }, [
      button(L.labels.hint, function () { L.act("hint"); }, { disabled: !asking || !lesson.hints_left, "aria-keyshortcuts": "h" }),
      button(L.labels.undo, function () { L.act("undo"); }, { "aria-keyshortcuts": "u" }),
      button(L.labels.restart, function () { askFirst("restart"); }, { "aria-keyshortcuts": "r" }),
      button(L.labels.skip, function () { askFirst("skip"); }, { "aria-keyshortcuts": "s" }),
      button(L.labels.lookup, function () { L.openLookup(); }, { "aria-keyshortcuts": "?" }),
      button(L.labels.lessons, function () { L.act("menu"); }, { "aria-keyshortcuts": "q" }),
    ]);
    var tongues = el("div", { class: "celestia-toolbar celestia-tongues", role: "group", "aria-label": L.labels.language },
      languages.map(function (language) {
        return button(language.name, function () { L.act("language", { code: language.code }); }, {
          lang: language.code, "aria-pressed": language.code === data.language ? "true" : "false",
        });
      }));
    return el("div", { class: "celestia-tools" }, [bar, tongues,
      el("p", { class: "celestia-keys", text: L.labels.keys })]);
  }

  function askFirst(what) {
    state.confirm = what;
    state.focus = true;
    draw();
  }


  // --- The board -----------------------------------------------------------------------
  function boardView(board) {
    var box = el("section", { class: "celestia-board", "aria-label": L.labels.board });
    if (board.title) { box.appendChild(el("p", { class: "celestia-board-title", text: board.title })); }
    var table = el("table", { class: "celestia-route" }, [el("caption", { class: "celestia-sr", text: L.labels.route })]);
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
          var said = city.at ? L.labels.airship_here : city.dest ? L.labels.heading_for : city.offroute ? L.labels.off_route : "";
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
      var dice = el("ul", { class: "celestia-dice", "aria-label": L.labels.dice_now });
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


  Object.assign(L, { el: el, button: button, percent: percent, fill: fill, stage: stage,
                     current: current, mount: mount, draw: draw, drawNote: drawNote,
                     confirmed: confirmed, askFirst: askFirst });
})();
