// Before anything that imports the contract: see the module.
import './zod-jitless';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

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

void loadInspector().then((inspect) => {
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
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    void import('./service-worker').then((worker) => worker.default());
  });
}
