// Logging out or deleting the account ends the session's live sockets at once, on every
// instance: the revocation travels through the database like the TimerChannel broadcast.
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { LoginResponse } from '../../contract/api';
import { revokeSession } from '../../server/repositories/sessions';
import {
  bearer,
  buildTestApp,
  databases,
  freshCode,
  signedInPlayer,
  url,
  useDatabase,
  useTwoInstances,
  verifyCode,
} from './helper';
import { cableClient, isDisconnect, isType, timerIdentifier, type Frame } from './cable-client';

const unauthorized = { type: 'disconnect', reason: 'unauthorized', reconnect: false };
const isBroadcast = (frame: Frame) => frame.identifier === timerIdentifier && 'message' in frame;
/** Ended sockets are told at once; this only bounds the wait of a failing test. */
const PROMPTLY_MS = 2_000;

function cableUrlOf(app: FastifyInstance, token: string) {
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/cable?token=${token}`;
}

/** A second session of the same player, as from another device. */
async function signInAgain(app: FastifyInstance, phone: string, address: string) {
  const response = await verifyCode(app, phone, await freshCode(app, phone, address));
  return LoginResponse.parse(response.json()).token;
}

async function subscribed(address: string) {
  const client = cableClient(address);
  await client.waitFor(isType('welcome'));
  client.subscribe();
  await client.waitFor(isType('confirm_subscription'));
  return client;
}

async function endedAtOnce(client: ReturnType<typeof cableClient>) {
  expect(await client.waitFor(isDisconnect, PROMPTLY_MS)).toEqual(unauthorized);
  await client.closed;
}

describe.each(databases)('ended sessions on /cable on %s', (kind) => {
  const database = useDatabase(kind);
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp(database());
    await app.listen({ port: 0, host: '127.0.0.1' });
  });

  it("logging out disconnects that session's sockets, and only those", async () => {
    const { phone, token } = await signedInPlayer(app);
    const otherDevice = await signInAgain(app, phone, '10.200.0.1');
    const sameSession = [
      await subscribed(cableUrlOf(app, token)),
      await subscribed(cableUrlOf(app, token)),
    ];
    const stillSignedIn = await subscribed(cableUrlOf(app, otherDevice));

    const logout = await app.inject({
      method: 'POST',
      url: url('users/logout'),
      headers: bearer(token),
    });
    expect(logout.statusCode).toBe(200);
    for (const client of sameSession) await endedAtOnce(client);

    app.cable.broadcastTimer({ refetch: true });
    await stillSignedIn.waitFor(isBroadcast);
    expect(stillSignedIn.frames.some(isDisconnect)).toBe(false);
    for (const client of sameSession) expect(client.frames.some(isBroadcast)).toBe(false);
    stillSignedIn.socket.close();
  });

  it("deleting the account disconnects every session of the player, and nobody else's", async () => {
    const player = await signedInPlayer(app);
    const otherDevice = await signInAgain(app, player.phone, '10.200.0.2');
    const someoneElse = await signedInPlayer(app);
    const players = [
      await subscribed(cableUrlOf(app, player.token)),
      await subscribed(cableUrlOf(app, otherDevice)),
    ];
    const bystander = await subscribed(cableUrlOf(app, someoneElse.token));

    const deleted = await app.inject({
      method: 'DELETE',
      url: url(`users/registrations/${player.user.id}`),
      headers: bearer(player.token),
    });
    expect(deleted.statusCode).toBe(200);
    for (const client of players) await endedAtOnce(client);

    app.cable.broadcastTimer({ refetch: true });
    await bystander.waitFor(isBroadcast);
    expect(bystander.frames.some(isDisconnect)).toBe(false);
    bystander.socket.close();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('ended sessions across two instances', () => {
  const instances = useTwoInstances({ scheduleDraws: false, listen: true });

  const both = () => {
    return instances();
  };

  it('a logout through one instance disconnects the session on both', async () => {
    const [first, second] = both();
    const { token } = await signedInPlayer(first);
    const clients = [
      await subscribed(cableUrlOf(first, token)),
      await subscribed(cableUrlOf(second, token)),
    ];
    const logout = await first.inject({
      method: 'POST',
      url: url('users/logout'),
      headers: bearer(token),
    });
    expect(logout.statusCode).toBe(200);
    for (const client of clients) await endedAtOnce(client);
  });

  it("a deletion through one instance disconnects the player's sessions on the other", async () => {
    const [first, second] = both();
    const player = await signedInPlayer(first);
    const otherDevice = await signInAgain(second, player.phone, '10.200.0.3');
    const clients = [
      await subscribed(cableUrlOf(second, player.token)),
      await subscribed(cableUrlOf(second, otherDevice)),
    ];
    const deleted = await first.inject({
      method: 'DELETE',
      url: url(`users/registrations/${player.user.id}`),
      headers: bearer(player.token),
    });
    expect(deleted.statusCode).toBe(200);
    for (const client of clients) await endedAtOnce(client);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('ended sessions while the listener was away', () => {
  const database = useDatabase('postgres');
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp(database());
    await app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('drops the sockets of sessions ended meanwhile once the listening connection is back', async () => {
    const ended = await signedInPlayer(app);
    const live = await signedInPlayer(app);
    const endedClient = await subscribed(cableUrlOf(app, ended.token));
    const liveClient = await subscribed(cableUrlOf(app, live.token));
    // Revoked with no announcement: as if it was sent while the listener was disconnected.
    const session = await app.sessionFromToken(ended.token);
    await revokeSession(database().db, session?.id ?? '', new Date());

    // Only this test's own database: its listening connection is cut.
    await database().db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query = 'listen bb_sessions_ended'`,
    );
    expect(await endedClient.waitFor(isDisconnect, 5_000)).toEqual(unauthorized);
    await endedClient.closed;
    app.cable.broadcastTimer({ refetch: true });
    await liveClient.waitFor(isBroadcast);
    expect(liveClient.frames.some(isDisconnect)).toBe(false);
    liveClient.socket.close();
  });
});
