// The rulebook's service worker: once the lessons have loaded, they (and every page
// already read) keep working offline. Written at the site's root by tutor.web.publish,
// which fills in the version and the list of the lessons' files.
"use strict";

const VERSION = "__VERSION__";
const CACHE = `celestia-${VERSION}`;
// The lessons' files, relative to this script. Each is kept as the page first loads it
// (the engine's runtime, _learn/, is downloaded only once); once the engine is ready, the
// page asks for the rest ("keep": the other languages' pages, the other lessons' first
// screens, the look-up's search index), so that installing this worker never competes
// with the engine's download, and the page starts the engine under its control at once.
const FILES = [/*__FILES__*/];
const SCOPE = new URL("./", self.location.href);
const KEPT = new Set(FILES.map((name) => new URL(name, SCOPE).href));

self.addEventListener("install", (event) => {
  event.waitUntil(self.skipWaiting());
});

/* Keep every file of FILES not kept yet; then tell the page that asked. */
async function keepTheRest(source) {
  const cache = await caches.open(CACHE);
  const missing = [];
  for (const name of FILES) {
    const url = new URL(name, SCOPE).href;
    if (!(await cache.match(url, { ignoreSearch: true }))) missing.push(url);
  }
  let kept = true;
  for (const url of missing) {
    try {
      const response = await fetch(url);
      if (response.ok) await cache.put(url, response);
      else kept = false;
    } catch (error) {
      kept = false;
    }
  }
  if (source) source.postMessage({ type: kept ? "kept" : "not-kept" });
}

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "keep") {
    event.waitUntil(keepTheRest(event.source));
  }
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names
      .filter((name) => name.startsWith("celestia-") && name !== CACHE)
      .map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
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

async function fromNetworkFirst(event) {
  const request = event.request;
  const cache = await caches.open(CACHE);
  try {
    return keep(event, cache, request, await fetch(request));
  } catch (error) {
    const kept = await cache.match(request, { ignoreSearch: true });
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || !url.href.startsWith(SCOPE.href)) return;
  const address = url.origin + url.pathname;
  // The lessons' files are versioned with this script: from the cache first. Any other
  // page of the rulebook: the newest from the network, the kept copy when offline.
  event.respondWith(KEPT.has(address) ? fromCacheFirst(event) : fromNetworkFirst(event));
});
