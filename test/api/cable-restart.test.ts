// A restart does not disturb the app: the server's `disconnect` with reason server_restart
// makes the app's cable client (the official @rails/actioncable) come back by itself, to the
// restarted server or another instance, and hear the next closing.
import type { AddressInfo } from 'node:net';
import * as ActionCable from '@rails/actioncable';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { cableUrl, listenToTimerChannel } from '../../src/lib/cable';
import { buildTestApp, databases, signedInPlayer, useDatabase } from './helper';

async function until(condition: () => boolean, what: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(databases)('the app across a server restart on %s', (kind) => {
  const database = useDatabase(kind);

  beforeAll(() => {
    // Node has no global WebSocket, and the connection monitor listens for page visibility.
    ActionCable.adapters.WebSocket = WebSocket as unknown as typeof globalThis.WebSocket;
    const global = globalThis as unknown as Record<string, unknown>;
    global.addEventListener ??= () => undefined;
    global.removeEventListener ??= () => undefined;
  });

  it('reconnects after server_restart, refetches what it may have missed, and hears the next closing', async () => {
    const before = await buildTestApp(database());
    await before.listen({ port: 0, host: '127.0.0.1' });
    const port = (before.server.address() as AddressInfo).port;
    const { token } = await signedInPlayer(before);
    let refetches = 0;
    const stop = listenToTimerChannel(() => (refetches += 1), {
      url: () => `ws://127.0.0.1:${port}${cableUrl(token)}`,
    });
    try {
      await until(() => before.cable.timerSubscribers() === 1, 'the subscription', 5_000);
      // Confirmed: the app refetches what may have closed before it listened.
      await until(() => refetches === 1, 'the refetch on subscribing', 5_000);
      await before.close();

      // The client comes back at its monitor's next look (every 6 s or so in the app); a
      // shorter threshold from here keeps the test brief without changing what it proves.
      ActionCable.ConnectionMonitor.staleThreshold = 1;
      const after = await buildTestApp(database());
      await after.listen({ port, host: '127.0.0.1' });
      expect(refetches).toBe(1);
      await until(() => after.cable.timerSubscribers() === 1, 'the client to come back', 20_000);
      // Back on the channel, the app refetches once: a closing while it was away went unheard.
      await until(() => refetches === 2, 'the refetch on coming back', 5_000);

      await after.services.draws.closeNow();
      await until(() => refetches === 3, 'the refetch of the closing', 5_000);
      expect(refetches).toBe(3);
      await after.close();
    } finally {
      stop();
    }
  }, 40_000);
});
