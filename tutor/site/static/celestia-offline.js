/* The rulebook offline. On every page served over HTTP(S), the site's service worker
   (../celestia-sw.js, written by tutor.site.offline) is asked to keep every page of this
   language, with its styles, scripts and search index; the menu then says that the
   rulebook is available offline, and the first time it is, a short notice says so too.
   A page that an earlier build's copies served offers the newer build once it is there.
   Served, the page also names its web app manifest (installable as an app); from a
   file, where a browser refuses to read it, and in a browser without service workers,
   nothing changes. On the lessons' page the pages are asked for only once the lessons
   are kept, so that they never compete with the engine's download. */
(function () {
  "use strict";
  var status = document.getElementById("celestia-offline");
  if (!status || !/^https?:$/.test(location.protocol)) { return; }
  var manifest = document.createElement("link");
  manifest.rel = "manifest";
  manifest.href = status.dataset.manifest;
  document.head.appendChild(manifest);
  if (!("serviceWorker" in navigator) || !window.isSecureContext) { return; }
  var language = document.documentElement.lang;
  var container = navigator.serviceWorker;

  function say(state) {
    status.textContent = status.dataset[state];
    status.dataset.state = state;
    status.hidden = false;
  }

  /* A notice at the bottom of the screen (above the ones showing already), read out. */
  function noticeBox(className) {
    var area = document.querySelector(".celestia-notices");
    if (!area) {
      area = document.createElement("div");
      area.className = "celestia-notices";
      document.body.appendChild(area);
    }
    var box = document.createElement("div");
    box.className = className;
    box.setAttribute("role", "status");
    area.insertBefore(box, area.firstChild);
    return box;
  }

  /* Once per build and language: a notice at the bottom of the screen, read out too. */
  function notice(version) {
    var key = "celestia-offline-" + language;
    try {
      if (window.localStorage.getItem(key) === version) { return; }
      window.localStorage.setItem(key, version);
    } catch (error) { /* no storage: say it this once all the same */ }
    var box = noticeBox("celestia-offline-notice");
    // Filled after it is in the page, so that a screen reader announces it.
    window.setTimeout(function () { box.textContent = status.dataset.ready; }, 100);
    window.setTimeout(function () { box.remove(); }, 8000);
  }

  /* A newer build's worker took charge of this page, which an earlier build's worker
     served from its copies (a worker was in charge before: not the first visit): the
     page may be out of date, so the newer one is offered until the reader decides. */
  var earlier = container.controller;
  container.addEventListener("controllerchange", function () {
    if (!earlier || document.querySelector(".celestia-updated")) { return; }
    var box = noticeBox("celestia-offline-notice celestia-updated");
    var button = function (label, action) {
      var it = document.createElement("button");
      it.type = "button";
      it.textContent = label;
      it.addEventListener("click", action);
      return it;
    };
    window.setTimeout(function () {
      var text = document.createElement("span");
      text.textContent = status.dataset.updated;
      var buttons = document.createElement("span");
      buttons.className = "celestia-updated-buttons";
      buttons.append(button(status.dataset.reload, function () { location.reload(); }),
                     button(status.dataset.later, function () { box.remove(); }));
      box.append(text, buttons);
    }, 100);
  });

  container.addEventListener("message", function (event) {
    var data = event.data || {};
    if (data.type === "kept" && document.getElementById("celestia-learn")) {
      ask();  // the lessons are kept: now the pages
    }
    if (data.language !== language) { return; }
    if (data.type === "site-progress" && data.done < data.total) { say("saving"); }
    else if (data.type === "site-kept") { say("ready"); notice(String(data.version)); }
    else if (data.type === "site-not-kept") { say("failed"); }
  });

  function ask() {
    container.ready.then(function (registration) {
      (container.controller || registration.active).postMessage({ type: "keep-site",
                                                                  language: language });
    });
  }

  container.register(status.dataset.worker).then(function () {
    if (!document.getElementById("celestia-learn")) { ask(); }
  }, function () { /* not kept: the site works online as before */ });
})();
