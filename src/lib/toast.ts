import type * as Notistack from 'notistack';
import type { ToastEffect, ToastVariant } from '../../machines/shared/effects';
import './toast.css';

// notistack arrives with the toast container (app/Toasts.tsx), loaded when the first toast is
// asked for: most visits show none, and its start-up work would otherwise land on the first
// screen. Toasts and dismissals asked for before it is mounted wait for it, in order.
let mounted: (notistack: typeof Notistack) => void = () => undefined;
const container = new Promise<typeof Notistack>((resolve) => (mounted = resolve));

let wanted = false;
const wantedListeners = new Set<() => void>();

/** Whether a toast has been asked for, so the container should be on screen. */
export function toastsWanted(): boolean {
  return wanted;
}

/** For useSyncExternalStore: calls `listener` once the first toast is asked for. */
export function subscribeToastsWanted(listener: () => void): () => void {
  wantedListeners.add(listener);
  return () => wantedListeners.delete(listener);
}

function wantToasts(): void {
  if (wanted) return;
  wanted = true;
  wantedListeners.forEach((listener) => listener());
}

/** The toast container is on screen: toasts go to it from now on. */
export function toastsMounted(notistack: typeof Notistack): void {
  mounted(notistack);
}

// Toast durations of spec section 9: success 2 s, error 4 s, other 4 s, loading 2-8 s.
export const TOAST_DURATIONS = {
  success: 2000,
  error: 4000,
  info: 4000,
  loadingMin: 2000,
  loadingMax: 8000,
} as const;
export const MAX_TOASTS = 20;

/** Which of notistack's variants shows each of the app's toast variants (see toast.css). */
export const NOTISTACK_VARIANTS = {
  success: 'success',
  error: 'error',
  info: 'default',
  loading: 'info',
} as const satisfies Record<ToastVariant, string>;

// A toast shown again replaces the one on screen, for its full time, rather than stacking under
// it (four 'Invalid Code' in a row) or being dropped while the first runs out: a keyed toast by
// its key (a resent code, say), any other by its message. notistack drops a toast whose key is
// still on screen, even while it leaves, so each showing gets a key of its own and the toast's
// key names whichever showing is current.
const showings = new Map<string, string>();
let showingCount = 0;

export function showToast(toast: Omit<ToastEffect, 'type'>): void {
  wantToasts();
  const duration =
    toast.variant === 'loading' ? TOAST_DURATIONS.loadingMax : TOAST_DURATIONS[toast.variant];
  const key = toast.key ?? `message:${toast.message}`;
  const previous = showings.get(key);
  showingCount += 1;
  const showing = `${key}#${showingCount}`;
  showings.set(key, showing);
  void container.then(({ enqueueSnackbar, closeSnackbar }) => {
    if (previous !== undefined) closeSnackbar(previous);
    enqueueSnackbar(toast.message, {
      variant: NOTISTACK_VARIANTS[toast.variant],
      key: showing,
      persist: toast.persist ?? false,
      autoHideDuration: duration,
    });
  });
}

export function dismissToast(key: string): void {
  // Nothing can be on screen to dismiss before the first toast.
  if (!wanted) return;
  const showing = showings.get(key);
  if (showing === undefined) return;
  showings.delete(key);
  void container.then(({ closeSnackbar }) => closeSnackbar(showing));
}
