// Before anything that imports the contract: see the module.
import './zod-jitless';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { App, loadFirstScreen } from './App';
import { dropPrerenderedPage, pageToHydrate } from './prerender-hydration';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/** `?inspect` in development opens the Stately inspector on the app's live machines. */
async function loadInspector() {
  if (!import.meta.env.DEV || !new URLSearchParams(window.location.search).has('inspect')) {
    return undefined;
  }
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return createBrowserInspector().inspect;
}

// A signed-in player's screen renders once its code is in (it is on its way already).
void Promise.all([loadInspector(), loadFirstScreen(window.location.pathname)]).then(([inspect]) => {
  // A first screen built at build time (prerender-pages.ts) that fits this visit: React takes
  // its HTML over as it is, rendering the tree the build rendered (the router is told the
  // address, as it was there). Hydration yields to the browser as it goes.
  if (pageToHydrate()) {
    const { pathname, search } = window.location;
    hydrateRoot(
      root,
      <StrictMode>
        <Router ssrPath={pathname} ssrSearch={search.replace(/^\?/, '')}>
          <App inspect={inspect} />
        </Router>
      </StrictMode>,
    );
    return;
  }
  // Otherwise the app renders its own screen; a built page that does not fit goes.
  dropPrerenderedPage(root);
  // As a transition the first render yields to the browser every few milliseconds instead of
  // holding the main thread until the whole screen is built, so a tap is never kept waiting.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App inspect={inspect} />
      </StrictMode>,
    );
  });
});

// The offline shell is for the built app only: a worker in development would serve stale code.
// Its code loads after the first screen, so it adds nothing to what the first screen waits for.
// A built first screen starts the app once it is painted, which may be after the page's load.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const startWorker = () => void import('./service-worker').then((worker) => worker.default());
  if (document.readyState === 'complete') startWorker();
  else window.addEventListener('load', startWorker, { once: true });
}
