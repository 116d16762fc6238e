// Renders the built first screens (src/app/prerender-pages.ts) from the real app, for the client
// build (vite.config.ts runs this as a process of its own and writes the pages). Prints JSON: the
// attributes the page's guard reads, and each page with its address, its file, its lazily
// loaded screens and the HTML of its #root.
//
// The app's modules load through Vite (TypeScript, JSX, stylesheets left out), and render in a
// stand-in window (jsdom) as a phone's browser would show them: the app reads the window as it
// starts (its address, the device's storage, the pointer). Its own process keeps that window
// away from the build's.
import { fileURLToPath } from 'node:url';
import { JSDOM } from 'jsdom';
import { createServer } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
/** A phone's user agent: the pages are built for the phones the app is made for. */
const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
/** A render that waits longer than this waits for something the build will never give it. */
const RENDER_GUARD_MS = 60_000;

function installWindow() {
  const dom = new JSDOM('<!doctype html><html><body><div id="root"></div></body></html>', {
    url: 'http://localhost/',
  });
  const { window } = dom;
  Object.defineProperty(window.navigator, 'userAgent', { value: PHONE });
  Object.defineProperty(window.navigator, 'maxTouchPoints', { value: 5 });
  // What Node has already (URL, fetch, timers...) stays Node's.
  for (const key of Object.getOwnPropertyNames(window)) {
    if (key in globalThis || key.startsWith('_')) continue;
    Object.defineProperty(globalThis, key, { configurable: true, get: () => window[key] });
  }
  Object.defineProperty(globalThis, 'navigator', { configurable: true, value: window.navigator });
}

// Standard output carries the pages alone: whatever the app logs goes to standard error.
for (const method of ['log', 'info', 'debug']) console[method] = console.error;

async function main() {
  const vite = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    appType: 'custom',
    cacheDir: fileURLToPath(new URL('../node_modules/.vite-prerender', import.meta.url)),
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
    oxc: { jsx: { runtime: 'automatic' } },
  });
  try {
    installWindow();
    const { renderPage, renderSkeletons, LAZY_SCREENS } = await vite.ssrLoadModule(
      '/src/app/prerender-render.tsx',
    );
    const { PRERENDERED_PAGES, PAGE_ATTRIBUTE, STALE_ATTRIBUTE, APP_FILES_META } =
      await vite.ssrLoadModule('/src/app/prerender-pages.ts');
    const pages = [];
    for (const [page, address] of Object.entries(PRERENDERED_PAGES)) {
      pages.push({ page, ...address, lazy: LAZY_SCREENS[page], html: await renderPage(page) });
    }
    process.stdout.write(
      JSON.stringify({
        attributes: { page: PAGE_ATTRIBUTE, stale: STALE_ATTRIBUTE, appFiles: APP_FILES_META },
        pages,
        skeletons: await renderSkeletons(),
      }),
    );
  } finally {
    await vite.close();
  }
}

const guard = setTimeout(() => {
  process.stderr.write(`prerender: no pages after ${RENDER_GUARD_MS / 1000} s\n`);
  process.exit(1);
}, RENDER_GUARD_MS);
guard.unref();
await main();
// Anything the app left waiting (its calls wait forever) does not hold the process.
process.exit(0);
