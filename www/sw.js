// Offline after one visit, with no mixed versions. Every build's code has its content's hash in its name (each
// mode's module: practice-<hash>.js and practice-<hash>_bg.wasm, study-…, lab-…, class-…; style-<hash>.css; the
// question bank's bank-<hash>.json and bank-details-<hash>.json), so a file with a hash in its name never changes and is served from the cache;
// everything else (the page itself, worker.js, a study file, a pack) comes from the network when there is one and
// from the cache when there is not. The page that arrives names its own build's files, so old and new code never
// meet. Installing fetches the page and every file it names, the modules of the modes not visited included (the
// page's loader lists them all), so the first visit to any mode is enough for every mode to work offline.
const CACHE = 'fermi-playground-v1';
// 8 to 16 hex digits: Trunk writes its 64-bit hashes without leading zeros (practice-22404d0dbb67f26.js).
const HASHED = /-[0-9a-f]{8,16}(_bg)?\.(js|wasm|css|json)$/;
const PAGE = new URL('./', self.registration.scope).href;

/** The same-origin files a page names: link and script targets, and the hashed files in its loader's table and
 * its meta tags (the bank's details). */
function named(html, base) {
  const urls = new Set();
  for (const m of html.matchAll(/\b(?:href|src)=["']([^"']+)["']|"([^"]+-[0-9a-f]{8,16}(?:_bg)?\.(?:js|wasm|json))"/g)) {
    const url = new URL(m[1] ?? m[2], base);
    if (url.origin === self.location.origin && !url.href.startsWith('data:')) urls.add(url.href);
  }
  return [...urls];
}

/** Stores `page` as the page, fetches what it names into the cache, and drops hashed files no page names. */
async function keep(page) {
  const cache = await caches.open(CACHE);
  const html = await page.clone().text();
  await cache.put(PAGE, page);
  const wanted = named(html, PAGE);
  await Promise.all(wanted.map(async (url) => {
    if (await cache.match(url)) return;
    const res = await fetch(url, { cache: 'no-cache' });
    if (res.ok) await cache.put(url, res);
  }));
  // The previous page's files stay until the next visit, for a tab still open on them.
  const previous = (await cache.match('previous-files'))?.json() ?? [];
  const keepSet = new Set([...wanted, ...(await previous)]);
  for (const req of await cache.keys()) {
    if (HASHED.test(new URL(req.url).pathname) && !keepSet.has(req.url)) await cache.delete(req);
  }
  await cache.put('previous-files', new Response(JSON.stringify(wanted)));
}

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const page = await fetch(PAGE, { cache: 'no-cache' });
    if (page.ok) await keep(page);
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

async function fromNetworkFirst(event) {
  const { request } = event;
  const isPage = request.mode === 'navigate';
  try {
    const res = await fetch(request, { cache: 'no-cache' });
    if (res.ok) {
      if (isPage) {
        event.waitUntil(keep(res.clone()));
      } else {
        const cache = await caches.open(CACHE);
        await cache.put(request, res.clone());
      }
    }
    return res;
  } catch (err) {
    const cache = await caches.open(CACHE);
    // A page address with a query (`?study=…`) is the same page.
    const hit = isPage ? await cache.match(PAGE) : await cache.match(request);
    if (hit) return hit;
    throw err;
  }
}

async function fromCacheFirst(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const res = await fetch(request);
  if (res.ok) await cache.put(request, res.clone());
  return res;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  event.respondWith(HASHED.test(url.pathname) ? fromCacheFirst(request) : fromNetworkFirst(event));
});
