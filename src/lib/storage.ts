// Names of everything the app keeps on the device (spec sections 3 and 9).
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
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export function readString(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeString(key: StorageKey, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Private mode or a full quota: the app keeps working for this visit.
  }
}

export function readJson(key: StorageKey): unknown {
  const raw = readString(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

export function writeJson(key: StorageKey, value: unknown): void {
  writeString(key, JSON.stringify(value));
}

export function clearAll(): void {
  try {
    window.localStorage.clear();
    window.sessionStorage.clear();
  } catch {
    // Nothing to clear.
  }
}
