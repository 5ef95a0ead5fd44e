// The table page's service worker: the page, its static files and the answers it loads at start
// (/api/ruleset, /api/messages) are cached, so a reload works with the server unreachable.
// Network first: with the server up every load is fresh (a table's laptop is a few metres away); with it
// down the cached copy answers. The server writes the version (a hash of the static files) and the file
// list into this script (web/offline.py): a changed page is a changed worker, installed by the browser,
// and its activate step deletes the caches of older versions. The compact lexicon is not cached here:
// offline.js keeps it in its own cache with its ETag (a few hundred KB, refreshed only when it changes).
const PREFIX = "lexicon-tools-shell-";
const CACHE = `${PREFIX}__VERSION__`;
const FILES = __FILES__;
const WAIT_MS = 4000;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n))))
    .then(() => self.clients.claim()));
});

function cacheable(url) {
  return url.origin === self.location.origin && (url.pathname === "/" || url.pathname.startsWith("/static/")
    || url.pathname === "/api/ruleset" || url.pathname === "/api/messages");
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || !cacheable(url)) return;     // the API's answers are never stale copies
  const key = url.pathname === "/" ? "/" : url.pathname;          // "/#table=…" and "/?x" are the page
  const network = fetch(request).then((response) => {
    if (response.ok) {
      const copy = response.clone();
      event.waitUntil(caches.open(CACHE).then((cache) => cache.put(key, copy)));
    }
    return response;
  });
  const cached = () => caches.open(CACHE).then((cache) => cache.match(key));
  // a phone that left the Wi-Fi may wait minutes for a refused connection: after WAIT_MS the cached copy answers
  const late = new Promise((resolve) => setTimeout(resolve, WAIT_MS, null));
  event.respondWith(Promise.race([network.catch(() => null), late])
    .then((response) => response || cached().then((hit) => hit || network))
    .catch(() => Response.error()));
});
