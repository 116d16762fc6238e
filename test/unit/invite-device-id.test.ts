// The random id a device keeps so that an invite link opened on it counts once
// (machines/entry-flow/entry-flow.actors.ts): made the first time, kept after, and none where
// the device keeps nothing.
import { describe, expect, it } from 'vitest';
import {
  createEntryFlowActors,
  DEVICE_ID_KEY,
  deviceIdOf,
  type EntryFlowApi,
} from '../../machines/entry-flow/entry-flow.actors';
import type { DeviceStorage } from '../../machines/shared/device';
import { createActor, toPromise } from 'xstate';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function memoryStorage(entries: Record<string, string> = {}): DeviceStorage & {
  entries: Record<string, string>;
} {
  return {
    entries,
    getItem: (key) => entries[key] ?? null,
    setItem: (key, value) => void (entries[key] = value),
    removeItem: (key) => void delete entries[key],
    clear: () => Object.keys(entries).forEach((key) => delete entries[key]),
  };
}

describe('the device id of invite clicks', () => {
  it('is a random UUID made once and kept', () => {
    const storage = memoryStorage();
    const id = deviceIdOf(storage);
    expect(id).toMatch(UUID_V4);
    expect(storage.entries[DEVICE_ID_KEY]).toBe(id);
    expect(deviceIdOf(storage)).toBe(id);
    expect(deviceIdOf(memoryStorage())).not.toBe(id);
  });

  it('replaces a damaged entry, and is none where the device keeps nothing', () => {
    const damaged = memoryStorage({ [DEVICE_ID_KEY]: 'not an id' });
    expect(deviceIdOf(damaged)).toMatch(UUID_V4);
    expect(deviceIdOf(null)).toBeUndefined();
    const full: DeviceStorage = {
      ...memoryStorage(),
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    expect(deviceIdOf(full)).toBeUndefined();
  });

  it('goes with the click the starting page counts, which never fails the flow', async () => {
    const calls: unknown[][] = [];
    const api = {
      countInviteClick: (...args: unknown[]) => {
        calls.push(args);
        return Promise.reject(new Error('offline'));
      },
    } as unknown as EntryFlowApi;
    const actor = createActor(createEntryFlowActors(api).countInviteClick, {
      input: { inviteCode: 'AB12CD' },
    }).start();
    await toPromise(actor);
    // No browser storage in this test: the click goes without an id.
    expect(calls).toEqual([['AB12CD', undefined]]);
  });
});
