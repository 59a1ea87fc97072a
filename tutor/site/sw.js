// The rulebook's service worker: after one visit, every page of the reader's language
// opens with no connection (with its styles, scripts, pictures and search index), and the
// lessons too once the reader has opened them. Written at the site's root by
// tutor.site.offline, which fills in the version and the lists of files.
"use strict";

const VERSION = "__VERSION__";
const CACHE = `celestia-${VERSION}`;
// Per language, every page and what the pages load, relative to this script. A page asks
// for its language's list ("keep-site") once this worker is running; the other
// languages are kept only if the reader opens them.
const SITE = {/*__SITE__*/};
// The lessons' files: the engine's runtime (_learn/, downloaded only once, as the page
// first loads it) and each language's player and first screens. Once the engine is
// ready, the lessons' page asks for the rest ("keep"), so that keeping them never
// competes with the engine's download.
const LESSONS = [/*__LESSONS__*/];
// How long a request missing from this version's copies waits for the network before it
// is given an earlier version's copy.
const PATIENCE_MS = 4000;

const SCOPE = new URL("./", self.location.href);
const address = (name) => new URL(name, SCOPE).href;

self.addEventListener("install", (event) => {
  event.waitUntil(self.skipWaiting());
});

// Earlier versions' copies are not dropped when this version starts: they serve a reader
// offline until this version has kept the same files again (see ``forgetEarlier``).
self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

/* The caches of earlier versions. */
async function earlierCaches() {
  const names = await caches.keys();
  return names.filter((name) => name.startsWith("celestia-") && name !== CACHE);
}

/* Drop the earlier versions' copies of ``names`` (this version keeps them now), and every
   earlier cache left empty. */
async function forgetEarlier(names) {
  const urls = new Set(names.map(address));
  for (const name of await earlierCaches()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const url = new URL(request.url);
      if (urls.has(url.origin + url.pathname)) await cache.delete(request);
    }
    if ((await cache.keys()).length === 0) await caches.delete(name);
  }
}

/* Keep every file of ``names`` not kept yet, telling ``progress`` how far it is; whether
   all of them are kept. */
async function keepAll(names, progress) {
  const cache = await caches.open(CACHE);
  const missing = [];
  for (const name of names) {
    const url = address(name);
    if (!(await cache.match(url, { ignoreSearch: true }))) missing.push(url);
  }
  let kept = true;
  let done = names.length - missing.length;
  for (const url of missing) {
    try {
      const response = await fetch(url, { cache: "no-cache" });
      if (response.ok) await cache.put(url, response);
      else kept = false;
    } catch (error) {
      kept = false;
    }
    done += 1;
    if (progress) progress(done, names.length);
  }
  if (kept) await forgetEarlier(names);
  return kept;
}

self.addEventListener("message", (event) => {
  const data = event.data || {};
  const source = event.source;
  if (data.type === "keep") {
    event.waitUntil(keepAll(LESSONS).then((kept) => {
      if (source) source.postMessage({ type: kept ? "kept" : "not-kept" });
    }));
  } else if (data.type === "keep-site" && SITE[data.language]) {
    const language = data.language;
    const tell = (message) => { if (source) source.postMessage(message); };
    event.waitUntil(keepAll(SITE[language], (done, total) => {
      tell({ type: "site-progress", language, done, total });
    }).then((kept) => tell({ type: kept ? "site-kept" : "site-not-kept", language,
                             version: VERSION })));
  }
});

// A copy is kept while the response streams on to the page (which counts the bytes).
function keep(event, cache, request, response) {
  if (response.ok && response.status === 200) {
    event.waitUntil(cache.put(request, response.clone()));
  }
  return response;
}

/* This version's copy at once: the version is made from every file's contents and the
   browser looks for a new version of this script at each visit, so a copy kept by this
   version is the newest. Otherwise the network; an earlier version's copy when the
   network fails, or when it is slow to answer and such a copy is kept. */
async function respond(event) {
  const request = event.request;
  const cache = await caches.open(CACHE);
  const copy = await cache.match(request, { ignoreSearch: true });
  if (copy) return copy;
  const earlier = caches.match(request, { ignoreSearch: true });
  const network = fetch(request).then((response) => keep(event, cache, request, response));
  const late = new Promise((resolve) => setTimeout(resolve, PATIENCE_MS))
    .then(() => earlier).then((old) => old || network);
  try {
    return await Promise.race([network, late]);
  } catch (error) {
    const old = await earlier;
    if (old) return old;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || !url.href.startsWith(SCOPE.href)) return;
  event.respondWith(respond(event));
});
