// What the app keeps on the device (spec sections 3 and 9), named once. A machine that survives
// a reload defines its persisted part with `definePersisted`: a key, a zod object and the
// initial value give a reader that falls back field by field (a damaged entry never locks a
// player out) and a writer in the `{ state, version }` form. Each machine reports its entries to
// the root (root.ts); the app writes them all from one place (machines/session/session.device.ts).
import type * as z from 'zod/mini';

export const STORAGE_KEYS = {
  jwt: 'jwt',
  userStorage: 'user-storage',
  drawStorage: 'draw-storage',
  inviteCode: 'inviteCode',
  hasClickedButton: 'hasClickedButton',
  hasUserFinishedQuestionnaires: 'hasUserFinishedQuestionnaires',
  walletInstruction: 'walletInstruction',
  /** When set, the install screen replaces the whole app. */
  showInstall: 'showInstall',
  /** A random id (nothing about the person): an invite link opened here counts once. */
  deviceId: 'deviceId',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** The few Web Storage calls the app needs; `localStorage` in the browser. */
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
    // A full quota or private mode: the app keeps working for this visit.
  }
}

export function readItem(storage: DeviceStorage | null, key: StorageKey): string | null {
  if (!storage) return null;
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

/** Writes `value` under `key`; null removes the entry. */
export function writeItem(storage: DeviceStorage | null, key: StorageKey, value: string | null) {
  if (!storage) return;
  attempt(() => {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  });
}

/** Logout and account deletion forget everything the app kept on the device. */
export function clearDevice(storage: DeviceStorage | null): void {
  if (storage) attempt(() => storage.clear());
  attempt(() => globalThis.sessionStorage?.clear());
}

// Stored the way a persisted store writes it, `{ state, version }`, so the format can evolve.
const STORAGE_VERSION = 0;

export type Persisted<T> = {
  key: StorageKey;
  initial: T;
  /** What the entry held: anything unreadable falls back, field by field, to `initial`. */
  parse: (raw: string | null) => T;
  /** Only the persisted fields, whatever else `value` holds. */
  pick: (value: T) => T;
  serialize: (value: T) => string;
  read: (storage: DeviceStorage | null) => T;
};

export function definePersisted<Shape extends z.core.$ZodShape>(
  key: StorageKey,
  schema: z.ZodMiniObject<Shape>,
  initial: z.infer<z.ZodMiniObject<Shape>>,
): Persisted<z.infer<z.ZodMiniObject<Shape>>> {
  type T = z.infer<z.ZodMiniObject<Shape>>;
  const fields = Object.keys(schema.shape) as Array<keyof T & string>;
  const pick = (value: T): T => {
    const state: Record<string, unknown> = {};
    for (const field of fields) state[field] = value[field];
    return state as T;
  };
  const parse = (raw: string | null): T => {
    if (raw === null) return initial;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return initial;
    }
    const state =
      typeof parsed === 'object' && parsed !== null && 'state' in parsed ? parsed.state : parsed;
    if (typeof state !== 'object' || state === null) return initial;
    const stored = state as Record<string, unknown>;
    const value: Record<string, unknown> = {};
    for (const field of fields) {
      const result = (schema.shape[field] as z.ZodMiniType).safeParse(stored[field]);
      value[field] = result.success ? result.data : initial[field];
    }
    return value as T;
  };
  return {
    key,
    initial,
    parse,
    pick,
    serialize: (value) => JSON.stringify({ state: pick(value), version: STORAGE_VERSION }),
    read: (storage) => parse(readItem(storage, key)),
  };
}
