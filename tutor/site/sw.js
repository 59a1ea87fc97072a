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
// How long a page waits for the network before it is given the kept copy.
const PATIENCE_MS = 4000;

const SCOPE = new URL("./", self.location.href);
const address = (name) => new URL(name, SCOPE).href;
const ENGINE = new Set(LESSONS.map(address));

self.addEventListener("install", (event) => {
  event.waitUntil(self.skipWaiting());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names
      .filter((name) => name.startsWith("celestia-") && name !== CACHE)
      .map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

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

async function fromCacheFirst(event) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(event.request, { ignoreSearch: true });
  if (kept) return kept;
  return keep(event, cache, event.request, await fetch(event.request));
}

/* The newest copy from the network; the kept one when the network fails, or when it is
   slow to answer and a copy is kept. */
async function fromNetworkFirst(event) {
  const request = event.request;
  const cache = await caches.open(CACHE);
  const kept = cache.match(request, { ignoreSearch: true });
  const network = fetch(request).then((response) => keep(event, cache, request, response));
  const late = new Promise((resolve) => setTimeout(resolve, PATIENCE_MS))
    .then(() => kept).then((copy) => copy || network);
  try {
    return await Promise.race([network, late]);
  } catch (error) {
    const copy = await kept;
    if (copy) return copy;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || !url.href.startsWith(SCOPE.href)) return;
  const where = url.origin + url.pathname;
  // The engine's files are versioned with this script: from the cache first. Every page
  // of the rulebook: the newest from the network, the kept copy offline.
  event.respondWith(ENGINE.has(where) ? fromCacheFirst(event) : fromNetworkFirst(event));
});
