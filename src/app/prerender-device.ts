// What the device keeps, read as it is, for the built pages' guard, a small script that runs
// before the app (prerender-guard.ts): the app's readers (machines/session) would cost it the
// schema library. A session marked signed in, with a player and a token, is taken as signed in;
// where this reads more than the app will, the guard only hides a page the app could have used.
import { STORAGE_KEYS, type StorageKey } from '../../machines/shared/device';

export function stored(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The session the device keeps (`user-storage`), as far as these scripts need it. */
export function storedSession(): { signedIn: boolean; termsAccepted: boolean } {
  let session: Record<string, unknown> = {};
  try {
    const entry: unknown = JSON.parse(stored(STORAGE_KEYS.userStorage) ?? 'null');
    const state =
      typeof entry === 'object' && entry !== null && 'state' in entry ? entry.state : entry;
    if (typeof state === 'object' && state !== null) session = state as Record<string, unknown>;
  } catch {
    // Unreadable: the app reads it as a fresh session too.
  }
  return {
    signedIn:
      session.isAuthenticated === true &&
      typeof session.user === 'object' &&
      session.user !== null &&
      Boolean(stored(STORAGE_KEYS.jwt)),
    termsAccepted: session.hasAcceptedTerms === true,
  };
}
