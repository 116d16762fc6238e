import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { bearer, buildTestApp, databases, signedInPlayer, url, useDatabase } from './helper';

type Message = Record<string, unknown>;

/** A raw ActionCable v1 client: the frames it received, and a way to wait for the next ones. */
function connect(base: string, path: string) {
  const socket = new WebSocket(`${base}${path}`, [
    'actioncable-v1-json',
    'actioncable-unsupported',
  ]);
  const received: Message[] = [];
  const waiters: (() => void)[] = [];
  socket.on('message', (data: Buffer) => {
    received.push(JSON.parse(data.toString()) as Message);
    waiters.splice(0).forEach((wake) => wake());
  });
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('error', () => undefined);
  return {
    socket,
    received,
    closed,
    /** Resolves with the first message (from now on, or already received) matching `match`. */
    next(match: (message: Message) => boolean, timeoutMs = 5_000): Promise<Message> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no matching frame in ${JSON.stringify(received)}`)),
          timeoutMs,
        );
        const check = () => {
          const found = received.find(match);
          if (found) {
            clearTimeout(timer);
            resolve(found);
          } else waiters.push(check);
        };
        check();
      });
    },
    send(message: Message) {
      socket.send(JSON.stringify(message));
    },
  };
}

const timerIdentifier = JSON.stringify({ channel: 'TimerChannel' });

describe.each(databases)('the /cable live channel on %s', (kind) => {
  const database = useDatabase(kind);
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let base = '';

  beforeAll(async () => {
    app = await buildTestApp(database());
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => app.close());

  it('welcomes a signed-in player, confirms TimerChannel and delivers broadcasts', async () => {
    const { token } = await signedInPlayer(app);
    const client = connect(base, `/cable?token=${token}`);
    await client.next((message) => message.type === 'welcome');
    expect(client.socket.protocol).toBe('actioncable-v1-json');

    client.send({ command: 'subscribe', identifier: timerIdentifier });
    await client.next((message) => message.type === 'confirm_subscription');
    expect(app.cable.timerSubscribers()).toBe(1);

    app.cable.broadcastTimer({ refetch: true });
    const broadcast = await client.next((message) => 'message' in message && !('type' in message));
    expect(broadcast).toEqual({ identifier: timerIdentifier, message: { refetch: true } });
    client.socket.close();
    await client.closed;
  });

  it('pings every 3 seconds with the unix time', async () => {
    const { token } = await signedInPlayer(app);
    const client = connect(base, `/cable?token=${token}`);
    const started = Date.now();
    const ping = await client.next((message) => message.type === 'ping', 4_500);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_900);
    expect(Math.abs(Number(ping.message) - Date.now() / 1000)).toBeLessThan(5);
    client.socket.close();
  });

  it('rejects a subscription to any other channel', async () => {
    const { token } = await signedInPlayer(app);
    const client = connect(base, `/cable?token=${token}`);
    await client.next((message) => message.type === 'welcome');
    const identifier = JSON.stringify({ channel: 'AdminChannel' });
    client.send({ command: 'subscribe', identifier });
    expect(await client.next((message) => message.type === 'reject_subscription')).toEqual({
      identifier,
      type: 'reject_subscription',
    });
    client.socket.close();
  });

  it.each([
    ['no token', '/cable'],
    ['a forged token', '/cable?token=eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiJ4In0.Zm9yZ2Vk'],
  ])('disconnects with reason unauthorized for %s', async (_label, path) => {
    const client = connect(base, path);
    expect(await client.next((message) => message.type === 'disconnect')).toEqual({
      type: 'disconnect',
      reason: 'unauthorized',
      reconnect: false,
    });
    await client.closed;
    expect(client.received.some((message) => message.type === 'welcome')).toBe(false);
  });

  it('disconnects a token whose session was revoked by logout', async () => {
    const { token } = await signedInPlayer(app);
    await app.inject({ method: 'POST', url: url('users/logout'), headers: bearer(token) });
    const client = connect(base, `/cable?token=${token}`);
    await client.next((message) => message.type === 'disconnect');
    await client.closed;
  });

  it('refuses upgrades on any other path', async () => {
    const client = connect(base, '/elsewhere');
    await client.closed;
    expect(client.received).toEqual([]);
  });
});
