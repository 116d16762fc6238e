// How the session survives a reload (spec sections 3 and 9): the state lives on the device under
// `user-storage`, the bearer token under `jwt`. `loading` and `canSeeTabs` belong to this visit
// only and are never written.
import * as z from 'zod/mini';
import { User } from '../../contract/api';
import {
  definePersisted,
  readItem,
  STORAGE_KEYS,
  type DeviceStorage,
  type StorageKey,
} from '../shared/device';

export { browserStorage, clearDevice, type DeviceStorage } from '../shared/device';

/** The part of the session the device keeps. */
export const PersistedSession = z.object({
  isAuthenticated: z.boolean(),
  isFirstTimeUser: z.boolean(),
  isFirstQuestionnaire: z.boolean(),
  hasAcceptedTerms: z.boolean(),
  grandPrizeHasBeenShown: z.boolean(),
  /** The draws whose grand prize 'YOU WON!' has announced on this device, one id per prize. */
  announcedGrandPrizeDrawIds: z.array(z.int()),
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
  announcedGrandPrizeDrawIds: [],
  user: null,
  hasSeenInstructions: { wallet: false, questionaire: false },
};

export const sessionStorageEntry = definePersisted(
  STORAGE_KEYS.userStorage,
  PersistedSession,
  INITIAL_PERSISTED_SESSION,
);

/**
 * Reads what `user-storage` held. Anything unreadable (not JSON, a missing or mistyped field)
 * falls back field by field to a fresh session, so a damaged entry never locks a player out.
 */
export function parsePersistedSession(raw: string | null): PersistedSession {
  const session = sessionStorageEntry.parse(raw);
  // Signed in without knowing who: treat as signed out rather than show an empty home.
  if (session.isAuthenticated && session.user === null) {
    return { ...session, isAuthenticated: false };
  }
  return session;
}

export const serializePersistedSession = sessionStorageEntry.serialize;

/** The entries the machines start with besides `user-storage` (the session's `kept`). */
const KEPT_KEYS = [
  STORAGE_KEYS.jwt,
  STORAGE_KEYS.drawStorage,
  STORAGE_KEYS.inviteCode,
  STORAGE_KEYS.walletInstruction,
] as const;

/**
 * Everything the device keeps for the machines, read once when the app starts (the session's
 * input): from then on the session holds it, and the app's one writer writes it back.
 */
export function readStoredSession(storage: DeviceStorage | null): {
  stored: string | null;
  hasToken: boolean;
  device: Partial<Record<StorageKey, string | null>>;
} {
  const device: Partial<Record<StorageKey, string | null>> = {};
  for (const key of KEPT_KEYS) {
    const value = readItem(storage, key);
    if (value !== null) device[key] = value;
  }
  return {
    stored: readItem(storage, STORAGE_KEYS.userStorage),
    hasToken: Boolean(device[STORAGE_KEYS.jwt]),
    device,
  };
}
