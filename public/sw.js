// BLACK BUTTON service worker: keeps the app shell so the installed app opens without a network.
// Live data never goes through a cache: /api and /cable always reach the server, so a player never
// sees a stale draw, timer or prize.
const CACHE_PREFIX = 'black-button-shell-';
// Bump when the list below changes; activation deletes every older shell cache.
const SHELL_CACHE = `${CACHE_PREFIX}v2`;
const SHELL_URLS = [
  '/',
  '/manifest.webmanifest',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/icon-maskable-512.png',
  '/icons/icon.svg',
  '/apple-touch-icon.png',
];

const isLive = (url) => /^\/(api|cable)(\/|$)/.test(url.pathname);
// Vite fingerprints everything under /assets/, so a stored copy is correct for as long as it is named.
const isFingerprinted = (url) => url.pathname.startsWith('/assets/');
const isStatic = (url) =>
  SHELL_URLS.includes(url.pathname) || /^\/(images|sounds|icons)\//.test(url.pathname);

/** Scripts, styles and preloads the shell page names: without them a cached '/' cannot boot. */
function assetsOf(html) {
  const urls = new Set();
  for (const match of html.matchAll(/(?:src|href)="(\/assets\/[^"?#]+)"/g)) urls.add(match[1]);
  return [...urls];
}

/**
 * The chunks a script loads later (the signed-in app, gestures, toasts, the other screens):
 * Vite names each in the script that imports it, as `assets/NAME` or `./NAME`.
 */
function chunksOf(script) {
  const urls = new Set();
  for (const match of script.matchAll(/["'`](?:\/?assets\/|\.\/)([\w.-]+\.(?:js|css))["'`]/g)) {
    urls.add(`/assets/${match[1]}`);
  }
  return [...urls];
}

/** Stores `urls` and every chunk their scripts load, so the installed app starts offline whole. */
async function storeWithChunks(cache, urls) {
  const stored = new Set();
  let pending = urls;
  while (pending.length > 0) {
    const batch = [...new Set(pending)].filter((url) => !stored.has(url));
    batch.forEach((url) => stored.add(url));
    await cache.addAll(batch);
    const found = [];
    for (const url of batch.filter((url) => url.endsWith('.js'))) {
      const script = await cache.match(url);
      if (script) found.push(...chunksOf(await script.text()));
    }
    pending = found;
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      const page = await fetch('/', { cache: 'no-cache' });
      if (!page.ok) throw new Error(`The app shell answered ${page.status}`);
      await cache.put('/', page.clone());
      await cache.addAll(SHELL_URLS.filter((url) => url !== '/'));
      await storeWithChunks(cache, assetsOf(await page.text()));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith(CACHE_PREFIX) && name !== SHELL_CACHE)
          .map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  // Range requests (audio seeking) must reach the network whole: a cached 200 breaks playback.
  if (request.method !== 'GET' || request.headers.has('range')) return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isLive(url)) return;

  if (request.mode === 'navigate') {
    event.respondWith(navigate(request));
  } else if (isFingerprinted(url)) {
    event.respondWith(cacheFirst(request));
  } else if (isStatic(url)) {
    event.respondWith(staleWhileRevalidate(event, request));
  }
});

/** Network first: every route answers with the same shell page, kept fresh for offline starts. */
async function navigate(request) {
  const cache = await caches.open(SHELL_CACHE);
  try {
    const response = await fetch(request);
    const type = response.headers.get('content-type') ?? '';
    if (response.ok && type.includes('text/html')) await cache.put('/', response.clone());
    return response;
  } catch (error) {
    const shell = await cache.match('/');
    if (shell) return shell;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(SHELL_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function staleWhileRevalidate(event, request) {
  const cache = await caches.open(SHELL_CACHE);
  const cached = await cache.match(request);
  const refresh = fetch(request).then(async (response) => {
    if (response.ok) await cache.put(request, response.clone());
    return response;
  });
  if (!cached) return refresh;
  event.waitUntil(refresh.catch(() => undefined));
  return cached;
}
