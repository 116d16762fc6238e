// The device's storage for the views: the keys are named once, in machines/shared/device.ts.
import { browserStorage, readItem, writeItem, type StorageKey } from '../../machines/shared/device';

export { STORAGE_KEYS, type StorageKey } from '../../machines/shared/device';

export function readString(key: StorageKey): string | null {
  return readItem(browserStorage(), key);
}

export function writeString(key: StorageKey, value: string | null): void {
  writeItem(browserStorage(), key, value);
}
