// The app's one writer of the device's storage (spec sections 3 and 9): subscribed to the root
// of the system, it writes what the root holds of the device, `user-storage` from the session's
// persisted part and every entry the machines reported (`kept`: the token, the draw, the invite
// code, the wallet's flag), each when it changes, and forgets everything when the root says so
// (Logout, account deletion). No machine writes the storage itself.
import { clearDevice, writeItem, type DeviceStorage, type StorageKey } from '../shared/device';
import type { ClearDeviceEffect } from '../shared/effects';
import { sessionStorageEntry, type PersistedSession } from './session.persistence';
import type { DeviceEntries } from './session.types';

type KeptContext = { kept: DeviceEntries };
type Root<TContext> = {
  getSnapshot(): { context: TContext };
  subscribe(listener: (snapshot: { context: TContext }) => void): { unsubscribe(): void };
  on(type: ClearDeviceEffect['type'], listener: () => void): { unsubscribe(): void };
};

/** Each entry of `entriesOf(context)` written when it changes; cleared when the root says so. */
function writeEntries<TContext>(
  root: Root<TContext>,
  storage: DeviceStorage | null,
  entriesOf: (context: TContext) => DeviceEntries,
): () => void {
  // What the device holds already, as read at start: nothing to write again.
  const written = new Map<string, string | null>(
    Object.entries(entriesOf(root.getSnapshot().context)).map(([key, value]) => [
      key,
      value ?? null,
    ]),
  );
  const watching = root.subscribe(({ context }) => {
    for (const [key, value] of Object.entries(entriesOf(context)) as Array<
      [StorageKey, string | null | undefined]
    >) {
      if (written.has(key) && written.get(key) === (value ?? null)) continue;
      written.set(key, value ?? null);
      writeItem(storage, key, value ?? null);
    }
  });
  const clearing = root.on('device.clear', () => {
    clearDevice(storage);
    written.clear();
  });
  return () => {
    watching.unsubscribe();
    clearing.unsubscribe();
  };
}

/** Keeps the device in step with the root's `kept` entries (a stand-in root in a test). */
export function writeKeptToDevice(
  root: Root<KeptContext>,
  storage: DeviceStorage | null,
): () => void {
  return writeEntries(root, storage, (context) => context.kept);
}

/** Keeps the device in step with the session: `user-storage` and the `kept` entries. */
export function writeRootToDevice(
  root: Root<PersistedSession & KeptContext>,
  storage: DeviceStorage | null,
): () => void {
  return writeEntries(root, storage, (context) => ({
    [sessionStorageEntry.key]: sessionStorageEntry.serialize(context),
    ...context.kept,
  }));
}
