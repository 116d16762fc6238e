// The offline shell's worker, built by vite-plugin-pwa from this build's files (vite.config.ts).
// A chunk of its own, loaded after the first screen. A new version installs in the background
// and waits: the player is told, and it starts only when they choose Reload. The browser's own
// service worker calls do it all (a helper library cost every visit 2 KB for the same); the
// notice's code loads only when there is a new version to announce.
import { createRoot } from 'react-dom/client';

/** The worker vite-plugin-pwa writes at the root, so its scope is the whole app. */
const WORKER_URL = '/sw.js';
/** An installed app can stay open for days without a navigation that would look for updates. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;
/** The caches of the hand-written worker that came before this one: nothing reads them now. */
const OLD_SHELL_CACHES = 'black-button-shell-';
/** What the built worker (Workbox, registerType 'prompt') takes as 'start now'. */
const SKIP_WAITING = { type: 'SKIP_WAITING' } as const;

let noticeShown = false;

async function showUpdateNotice(reload: () => void): Promise<void> {
  if (noticeShown) return;
  noticeShown = true;
  const { UpdateNotice } = await import('../components/UpdateNotice');
  const holder = document.createElement('div');
  document.body.append(holder);
  createRoot(holder).render(<UpdateNotice onReload={reload} />);
}

/** Tells the player about `worker`, installed and waiting for the one now in charge. */
function announce(worker: ServiceWorker): void {
  void showUpdateNotice(() => {
    // The new worker takes over (clientsClaim), then the page starts again under it.
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload());
    worker.postMessage(SKIP_WAITING);
  });
}

/** A worker that installs while another controls the page waits for the player. */
function announceWhenInstalled(registration: ServiceWorkerRegistration): void {
  const installing = registration.installing;
  if (!installing) return;
  installing.addEventListener('statechange', () => {
    // The first worker of all controls nothing yet and takes over at once: nothing to say.
    if (installing.state === 'installed' && navigator.serviceWorker.controller) {
      announce(installing);
    }
  });
}

function keepLookingForUpdates(registration: ServiceWorkerRegistration): void {
  const look = () => void registration.update().catch(() => undefined);
  setInterval(look, UPDATE_CHECK_INTERVAL_MS);
  // Coming back to the app (from the home screen or another tab) is when a player expects it new.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') look();
  });
}

async function dropOldShellCaches(): Promise<void> {
  const names = await caches.keys();
  await Promise.all(
    names.filter((name) => name.startsWith(OLD_SHELL_CACHES)).map((name) => caches.delete(name)),
  );
}

async function register(): Promise<void> {
  const registration = await navigator.serviceWorker.register(WORKER_URL);
  // A new version installed on an earlier visit, still waiting for the player.
  if (registration.waiting && navigator.serviceWorker.controller) announce(registration.waiting);
  // One installing now (this very load found it), or later (an update check finds one).
  announceWhenInstalled(registration);
  registration.addEventListener('updatefound', () => announceWhenInstalled(registration));
  keepLookingForUpdates(registration);
}

export default function startServiceWorker(): void {
  void register().catch(() => undefined);
  void dropOldShellCaches().catch(() => undefined);
}
