// The offline shell's worker, built by vite-plugin-pwa from this build's files (vite.config.ts).
// A chunk of its own, loaded after the first screen. A new version installs in the background
// and waits: the player is told, and it starts only when they choose Reload.
import { createRoot } from 'react-dom/client';
import { Workbox } from 'workbox-window';
import { UpdateNotice } from '../components/UpdateNotice';

/** The worker vite-plugin-pwa writes at the root, so its scope is the whole app. */
const WORKER_URL = '/sw.js';
/** An installed app can stay open for days without a navigation that would look for updates. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;
/** The caches of the hand-written worker that came before this one: nothing reads them now. */
const OLD_SHELL_CACHES = 'black-button-shell-';

let noticeShown = false;

function showUpdateNotice(reload: () => void): void {
  if (noticeShown) return;
  noticeShown = true;
  const holder = document.createElement('div');
  document.body.append(holder);
  createRoot(holder).render(<UpdateNotice onReload={reload} />);
}

function keepLookingForUpdates(workbox: Workbox): void {
  const look = () => void workbox.update().catch(() => undefined);
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

export default function startServiceWorker(): void {
  const workbox = new Workbox(WORKER_URL);
  // A new version has installed (now, or before this page loaded) and waits for the player.
  workbox.addEventListener('waiting', () =>
    showUpdateNotice(() => {
      // The new worker takes over (clientsClaim), then the page starts again under it.
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    }),
  );
  void workbox
    .register({ immediate: true })
    .then(() => keepLookingForUpdates(workbox))
    .catch(() => undefined);
  void dropOldShellCaches().catch(() => undefined);
}
