// How the session survives a reload (spec sections 3 and 9): the state lives on the device under
// `user-storage`, the bearer token under `jwt`. `loading` and `canSeeTabs` belong to this visit
// only and are never written.
import * as z from 'zod/mini';
import { User } from '../../contract/api';

export const USER_STORAGE_KEY = 'user-storage';
export const TOKEN_KEY = 'jwt';

/** The part of the session the device keeps. */
export const PersistedSession = z.object({
  isAuthenticated: z.boolean(),
  isFirstTimeUser: z.boolean(),
  isFirstQuestionnaire: z.boolean(),
  hasAcceptedTerms: z.boolean(),
  grandPrizeHasBeenShown: z.boolean(),
  user: z.nullable(User),
  hasSeenInstructions: z.object({ wallet: z.boolean(), questionaire: z.boolean() }),
});
export type PersistedSession = z.infer<typeof PersistedSession>;

export const INITIAL_PERSISTED_SESSION: PersistedSession = {
  isAuthenticated: false,
  isFirstTimeUser: true,
  isFirstQuestionnaire: true,
  hasAcceptedTerms: false,
  grandPrizeHasBeenShown: false,
  user: null,
  hasSeenInstructions: { wallet: false, questionaire: false },
};

// Stored the way a persisted store writes it, `{ state, version }`, so the format can evolve.
const STORAGE_VERSION = 0;

/**
 * Reads what `user-storage` held. Anything unreadable (not JSON, a missing or mistyped field)
 * falls back field by field to a fresh session, so a damaged entry never locks a player out.
 */
export function parsePersistedSession(raw: string | null): PersistedSession {
  if (raw === null) return INITIAL_PERSISTED_SESSION;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return INITIAL_PERSISTED_SESSION;
  }
  const state =
    typeof parsed === 'object' && parsed !== null && 'state' in parsed ? parsed.state : parsed;
  if (typeof state !== 'object' || state === null) return INITIAL_PERSISTED_SESSION;
  const fields = state as Record<string, unknown>;
  const pick = <K extends keyof PersistedSession>(key: K): PersistedSession[K] => {
    const result = PersistedSession.shape[key].safeParse(fields[key]);
    return result.success ? (result.data as PersistedSession[K]) : INITIAL_PERSISTED_SESSION[key];
  };
  const session: PersistedSession = {
    isAuthenticated: pick('isAuthenticated'),
    isFirstTimeUser: pick('isFirstTimeUser'),
    isFirstQuestionnaire: pick('isFirstQuestionnaire'),
    hasAcceptedTerms: pick('hasAcceptedTerms'),
    grandPrizeHasBeenShown: pick('grandPrizeHasBeenShown'),
    user: pick('user'),
    hasSeenInstructions: pick('hasSeenInstructions'),
  };
  // Signed in without knowing who: treat as signed out rather than show an empty home.
  if (session.isAuthenticated && session.user === null) session.isAuthenticated = false;
  return session;
}

export function serializePersistedSession(session: PersistedSession): string {
  const state: PersistedSession = {
    isAuthenticated: session.isAuthenticated,
    isFirstTimeUser: session.isFirstTimeUser,
    isFirstQuestionnaire: session.isFirstQuestionnaire,
    hasAcceptedTerms: session.hasAcceptedTerms,
    grandPrizeHasBeenShown: session.grandPrizeHasBeenShown,
    user: session.user,
    hasSeenInstructions: session.hasSeenInstructions,
  };
  return JSON.stringify({ state, version: STORAGE_VERSION });
}

/** The few Web Storage calls the session needs; `localStorage` in the browser. */
export type DeviceStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'clear'>;

/** The browser's storage, or none (private mode, a server-side test): calls then do nothing. */
export function browserStorage(): DeviceStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function attempt(write: () => void): void {
  try {
    write();
  } catch {
    // A full quota or private mode: the session still works for this visit.
  }
}

export function readStoredSession(storage: DeviceStorage | null): {
  stored: string | null;
  hasToken: boolean;
} {
  if (!storage) return { stored: null, hasToken: false };
  try {
    return {
      stored: storage.getItem(USER_STORAGE_KEY),
      hasToken: Boolean(storage.getItem(TOKEN_KEY)),
    };
  } catch {
    return { stored: null, hasToken: false };
  }
}

export function writeStoredSession(storage: DeviceStorage | null, session: PersistedSession): void {
  if (storage) attempt(() => storage.setItem(USER_STORAGE_KEY, serializePersistedSession(session)));
}

export function writeToken(storage: DeviceStorage | null, token: string): void {
  if (storage) attempt(() => storage.setItem(TOKEN_KEY, token));
}

export function removeToken(storage: DeviceStorage | null): void {
  if (storage) attempt(() => storage.removeItem(TOKEN_KEY));
}

/** Logout and account deletion forget everything the app kept on the device. */
export function clearDevice(storage: DeviceStorage | null): void {
  if (storage) attempt(() => storage.clear());
  attempt(() => globalThis.sessionStorage?.clear());
}

/**
 * Keeps `user-storage` in step with a running session: writes whenever the persisted part
 * changes. Returns the unsubscribe function.
 */
export function persistSession(
  actor: {
    subscribe: (listener: (snapshot: { context: PersistedSession }) => void) => {
      unsubscribe: () => void;
    };
  },
  storage: DeviceStorage | null,
): () => void {
  let last: string | null = null;
  const subscription = actor.subscribe((snapshot) => {
    const next = serializePersistedSession(snapshot.context);
    if (next === last) return;
    last = next;
    writeStoredSession(storage, snapshot.context);
  });
  return () => subscription.unsubscribe();
}
