// The browser's own install prompt (`beforeinstallprompt`, Chromium browsers): the event comes
// once, early, whatever screen is open, so the app listens from its start and keeps it; the
// install guide offers 'Install' while one is kept. A kept event can prompt only once.
import { INSTALL_PATH } from './install-mode';

/** The event as Chromium sends it (not in the DOM typings). */
export type InstallPromptEvent = Event & {
  prompt: () => Promise<unknown>;
  userChoice?: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

let kept: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function keep(event: InstallPromptEvent | null): void {
  kept = event;
  for (const listener of listeners) listener();
}

function isInstallPromptEvent(event: Event): event is InstallPromptEvent {
  return typeof (event as Partial<InstallPromptEvent>).prompt === 'function';
}

let listening = false;

/**
 * Starts keeping the browser's install prompt. While the install guide shows (`guideShown`), the
 * browser's own banner is held back: the guide's 'Install' button offers the same prompt.
 */
export function listenForInstallPrompt(guideShown: () => boolean): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('beforeinstallprompt', (event) => {
    if (!isInstallPromptEvent(event)) return;
    if (guideShown()) event.preventDefault();
    keep(event);
  });
  // Installed (by the prompt or the browser's menu): nothing left to offer.
  window.addEventListener('appinstalled', () => keep(null));
}

/** The address bar shows the install guide's own address. */
export const isInstallPath = () =>
  typeof window !== 'undefined' && window.location.pathname === INSTALL_PATH;

export function subscribeInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function installPromptKept(): boolean {
  return kept !== null;
}

/** Shows the browser's install prompt, once: the kept event is spent whatever the answer. */
export async function promptInstall(): Promise<void> {
  const event = kept;
  if (!event) return;
  keep(null);
  try {
    await event.prompt();
  } catch {
    // The browser refused (already shown): the guide's steps are still there.
  }
}
