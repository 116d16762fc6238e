// A closing reaches every app: through PostgreSQL LISTEN/NOTIFY to every instance, or in
// process when embedded; the schedule closes draws with nobody calling; the official
// @rails/actioncable client works unchanged.
import type { AddressInfo } from 'node:net';
import * as ActionCable from '@rails/actioncable';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { draws } from '../../server/db/schema';
import { buildTestApp, databases, signedInPlayer, useDatabase, useTwoInstances } from './helper';

type Frame = Record<string, unknown>;
const timerIdentifier = JSON.stringify({ channel: 'TimerChannel' });
const isRefetch = (frame: Frame) =>
  frame.identifier === timerIdentifier && JSON.stringify(frame.message) === '{"refetch":true}';

const cableUrl = (app: FastifyInstance, token: string) =>
  `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/cable?token=${token}`;

/** A raw ActionCable v1 client subscribed to TimerChannel, keeping every frame. */
async function subscribedClient(address: string) {
  const socket = new WebSocket(address, ['actioncable-v1-json']);
  const frames: Frame[] = [];
  socket.on('message', (data: Buffer) => frames.push(JSON.parse(data.toString()) as Frame));
  socket.on('error', () => undefined);
  // A hang guard on a condition, not a budget: seconds when every test lane runs at once.
  const waitFor = async (match: (frame: Frame) => boolean, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!frames.some(match)) {
      if (Date.now() > deadline) throw new Error(`no such frame in ${JSON.stringify(frames)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  await waitFor((frame) => frame.type === 'welcome');
  socket.send(JSON.stringify({ command: 'subscribe', identifier: timerIdentifier }));
  await waitFor((frame) => frame.type === 'confirm_subscription');
  return {
    frames,
    waitFor,
    refetches: () => frames.filter(isRefetch).length,
    close: () => socket.close(),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

describe.each(databases)('the live channel and the draw on %s', (kind) => {
  const database = useDatabase(kind);
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp(database());
    await app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('tells subscribed apps to refetch when the operator closes the draw', async () => {
    const { token } = await signedInPlayer(app);
    const client = await subscribedClient(cableUrl(app, token));
    await app.services.draws.closeNow();
    await client.waitFor(isRefetch);
    client.close();
  });

  describe('with the official @rails/actioncable client', () => {
    beforeAll(() => {
      // Node 20 has no global WebSocket, and the connection monitor listens for page
      // visibility on the global object; the client takes both from here.
      ActionCable.adapters.WebSocket = WebSocket as unknown as typeof globalThis.WebSocket;
      const global = globalThis as unknown as Record<string, unknown>;
      global.addEventListener ??= () => undefined;
      global.removeEventListener ??= () => undefined;
    });

    it('subscribes to TimerChannel and receives the refetch', async () => {
      const { token } = await signedInPlayer(app);
      const consumer = ActionCable.createConsumer(cableUrl(app, token));
      const received: unknown[] = [];
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('never connected')), 5_000);
        consumer.subscriptions.create(
          { channel: 'TimerChannel' },
          {
            connected: () => {
              clearTimeout(timer);
              resolve();
            },
            received: (data: unknown) => received.push(data),
          },
        );
      });
      await app.services.draws.closeNow();
      const deadline = Date.now() + 30_000;
      while (received.length === 0 && Date.now() < deadline) await sleep(10);
      expect(received).toEqual([{ refetch: true }]);
      consumer.disconnect();
    });

    it('gets no subscription with a forged token', async () => {
      const forged =
        'eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiIwMDAwMDAwMC0wMDAwLTAwMDAtMDAwMC0wMDAwMDAwMDAwMDAifQ.Zm9yZ2Vk';
      const consumer = ActionCable.createConsumer(cableUrl(app, forged));
      const events: string[] = [];
      const disconnected = new Promise<{ willAttemptReconnect: boolean }>((resolve) => {
        consumer.subscriptions.create(
          { channel: 'TimerChannel' },
          {
            connected: () => events.push('connected'),
            rejected: () => events.push('rejected'),
            received: () => events.push('received'),
            disconnected: (details: { willAttemptReconnect: boolean }) => resolve(details),
          },
        );
      });
      expect(await disconnected).toEqual({ willAttemptReconnect: false });
      await app.services.draws.closeNow();
      await sleep(300);
      expect(events).toEqual([]);
      consumer.disconnect();
    });
  });

  it('closes draws on schedule with nobody calling, and every app hears it', async () => {
    const scheduled = await buildTestApp(database(), {
      config: { CYCLE_SECONDS: '1' },
      scheduleDraws: true,
    });
    await scheduled.listen({ port: 0, host: '127.0.0.1' });
    const { token } = await signedInPlayer(scheduled);
    const client = await subscribedClient(cableUrl(scheduled, token));
    // The draw open so far was planned for a day; this one lasts the configured second.
    const open = (await scheduled.services.draws.closeNow()).next;
    expect(open.closesAt.getTime() - open.opensAt.getTime()).toBe(1_000);
    await client.waitFor(isRefetch);
    await client.waitFor(() => client.refetches() >= 2, 4_000);
    const [closed] = await database().db.select().from(draws).where(eq(draws.id, open.id));
    expect(closed?.status).toBe('closed');
    expect(closed?.closedAt?.getTime()).toBeGreaterThanOrEqual(open.closesAt.getTime());
    client.close();
    await scheduled.close();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  const instances = useTwoInstances({ config: { CYCLE_SECONDS: '3' }, listen: true });

  it('closes each draw once while both race, and a client on each instance hears it', async () => {
    const [first, second] = instances();
    const { token } = await signedInPlayer(first);
    const clients = [
      await subscribedClient(cableUrl(first, token)),
      await subscribedClient(cableUrl(second, token)),
    ];
    const open = await first.services.draws.ensureOpen();
    expect((await second.services.draws.ensureOpen()).id).toBe(open.id);

    // Both schedules wake at closes_at; the test piles on more closers from both instances.
    await sleep(open.closesAt.getTime() - Date.now() + 2);
    const attempts = await Promise.all(
      [first, second, first, second, first, second].map((app) => app.services.draws.closeDue()),
    );
    expect(attempts.filter((closed) => closed !== null).length).toBeLessThanOrEqual(1);

    for (const client of clients) await client.waitFor(isRefetch);
    await sleep(500);
    expect(clients.map((client) => client.refetches())).toEqual([1, 1]);

    const rows = await first.services.context.db.select().from(draws).orderBy(draws.id);
    expect(rows.map((row) => row.status)).toEqual(['closed', 'open']);
    expect(rows[1]?.opensAt.getTime()).toBe(rows[0]?.closesAt.getTime());
    for (const client of clients) client.close();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two instances remembering the open draw', () => {
  const instances = useTwoInstances({});

  it('serves the draw a closing on the other instance opened, and the timer that goes with it', async () => {
    const [first, second] = instances();
    const { token } = await signedInPlayer(second);
    const read = async (app: FastifyInstance, path: string) =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/v1/${path}`,
          headers: { authorization: `Bearer ${token}` },
        })
      ).json<{
        data?: { id: number; status: string };
        cycle_finished?: boolean;
      }>();
    // The second instance has read the open draw (and remembers it); the player presses there.
    const before = (await read(second, 'draws/current')).data!;
    expect(
      (
        await second.inject({
          method: 'POST',
          url: '/api/v1/draw_entries',
          headers: { authorization: `Bearer ${token}` },
          payload: {},
        })
      ).statusCode,
    ).toBe(201);
    expect((await read(second, 'questionnaires/get_timer')).cycle_finished).toBe(false);

    const closed = await first.services.draws.closeNow();
    expect(closed.draw.id).toBe(before.id);
    // The NOTIFY reaches the second instance within moments: it forgets what it remembered.
    await expect
      .poll(async () => (await read(second, 'draws/current')).data!.id, { timeout: 2_000 })
      .toBe(closed.next.id);
    expect((await read(second, 'questionnaires/get_timer')).cycle_finished).toBe(true);
    expect((await read(second, `draws/${before.id}`)).data!.status).toBe('closed');
  });
});
