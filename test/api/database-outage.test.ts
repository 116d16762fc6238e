// A lost PostgreSQL connection, at any moment, never ends the process; while the database is
// unreachable the API answers 503 with Retry-After, and it serves again within a second of the
// database coming back (DESIGN 7). PostgreSQL only: PGlite runs inside the process.
//
// The PostgreSQL server is shared with other test files, so it is never restarted here: the
// outage is a TCP proxy in front of it that the test cuts and restores, and connections are
// killed only when they are this test's own (its database, the server's application_name).
import {
  createConnection,
  createServer,
  type AddressInfo,
  type Server,
  type Socket,
} from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../../contract/api';
import {
  APPLICATION_NAME,
  LISTEN_APPLICATION_NAME,
  openDatabase,
  type OpenDatabase,
} from '../../server/db/database';
import { bearer, buildTestApp, sharedPostgres, signedInPlayer, url } from './helper';

const adminUrl = process.env.TEST_DATABASE_URL;
/** The rows of a `db.execute` result (drizzle types them per driver). */
const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** A TCP proxy to PostgreSQL: `cut` drops every connection and refuses new ones. */
async function tcpProxy(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve, reject) => {
      const listening = createServer((client) => {
        const upstream = createConnection(Number(target.port || 5432), target.hostname);
        sockets.add(client).add(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        for (const socket of [client, upstream]) socket.on('error', drop).on('close', drop);
        client.pipe(upstream).pipe(client);
      });
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', () => {
        port = (listening.address() as AddressInfo).port;
        server = listening;
        resolve();
      });
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      if (!server) return resolve();
      server.close(() => resolve());
      server = null;
    });
  await open();
  const through = new URL(target.href);
  through.hostname = '127.0.0.1';
  through.port = String(port);
  return { url: through.href, cut, restore: open };
}

function expectUnavailable(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(503);
  expect(response.headers['retry-after']).toBe('1');
  expect(ErrorBody.parse(response.json()).errors[0]?.code).toBe('service_unavailable');
}

describe.skipIf(!adminUrl)('a lost PostgreSQL connection', () => {
  let shared: { url: string; drop(): Promise<void> };
  let databaseName: string;
  let admin: pg.Client;
  const opened: OpenDatabase[] = [];
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    shared = await sharedPostgres();
    databaseName = new URL(shared.url).pathname.slice(1);
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
    await Promise.all(opened.splice(0).map((database) => database.close()));
  });
  afterAll(async () => {
    await admin.end();
    await shared.drop();
  });

  async function serverOn(databaseUrl: string) {
    const database = await openDatabase({ kind: 'postgres', url: databaseUrl, maxConnections: 4 });
    opened.push(database);
    const app = await buildTestApp(database);
    apps.push(app);
    return { database, app };
  }

  /** Terminates this test database's backends of `applicationName`; answers their pids. */
  async function terminate(applicationName: string, pid?: number): Promise<number[]> {
    const { rows } = await admin.query<{ pid: number }>(
      `select pid from pg_stat_activity
        where datname = $1 and application_name = $2 and ($3::int is null or pid = $3)`,
      [databaseName, applicationName, pid ?? null],
    );
    for (const row of rows) await admin.query('select pg_terminate_backend($1)', [row.pid]);
    return rows.map((row) => row.pid);
  }

  const currentDraw = (app: FastifyInstance) =>
    app.inject({ method: 'GET', url: url('draws/current') });
  const health = (app: FastifyInstance) => app.inject({ method: 'GET', url: url('health') });
  // A read that needs the database: the public draw record may be served from memory.
  const timer = (app: FastifyInstance, token: string) =>
    app.inject({ method: 'GET', url: url('questionnaires/get_timer'), headers: bearer(token) });

  it('a connection killed inside a transaction fails that transaction only', async () => {
    const { database, app } = await serverOn(shared.url);
    await expect(
      database.db.transaction(async (tx) => {
        const rows = rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`));
        expect(await terminate(APPLICATION_NAME, rows[0]?.pid)).toHaveLength(1);
        // Idle inside its transaction, the checked-out client hears the server go away: an
        // 'error' nobody listened to would end the process here.
        await sleep(300);
        await tx.execute(sql`select 1`);
      }),
    ).rejects.toThrow();
    expect((await currentDraw(app)).statusCode).toBe(200);
    expect((await health(app)).statusCode).toBe(200);
  });

  it('idle pooled connections killed are replaced by the next request', async () => {
    const { app } = await serverOn(shared.url);
    const player = await signedInPlayer(app);
    expect(await terminate(APPLICATION_NAME)).not.toHaveLength(0);
    await sleep(300);
    const press = await app.inject({
      method: 'POST',
      url: url('draw_entries'),
      headers: bearer(player.token),
      payload: {},
    });
    expect(press.statusCode).toBeLessThan(300);
    expect((await health(app)).statusCode).toBe(200);
  });

  it('a killed LISTEN connection comes back and broadcasts arrive again', async () => {
    const { database, app } = await serverOn(shared.url);
    const received: string[] = [];
    let resumed = 0;
    const stop = await database.listen('outage_test', {
      message: (payload) => received.push(payload),
      resumed: () => (resumed += 1),
    });
    try {
      const killed = await terminate(LISTEN_APPLICATION_NAME);
      // One connection carries the server's channels (draw closings, ended sessions) and
      // this test's.
      expect(killed).toHaveLength(1);
      await until('the listener to come back', () =>
        Promise.resolve(resumed > 0 ? true : undefined),
      );
      await database.notify('outage_test', 'after the loss');
      await until('the broadcast', () =>
        Promise.resolve(received.includes('after the loss') ? true : undefined),
      );
      expect((await currentDraw(app)).statusCode).toBe(200);
      expect((await health(app)).statusCode).toBe(200);
    } finally {
      await stop();
    }
  });

  it('answers 503 with Retry-After while the database is unreachable, health at once, and recovers within a second', async () => {
    const proxy = await tcpProxy(new URL(shared.url));
    try {
      const { app } = await serverOn(proxy.url);
      const player = await signedInPlayer(app);
      expect((await health(app)).statusCode).toBe(200);

      await proxy.cut();
      const started = Date.now();
      // Health learns of the outage from the lost connections, without a connect timeout.
      const down = await until('health to answer 503', async () => {
        const response = await health(app);
        return response.statusCode === 503 ? response : undefined;
      });
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(down.headers['retry-after']).toBe('1');
      expectUnavailable(await timer(app, player.token));
      expectUnavailable(
        await app.inject({
          method: 'POST',
          url: url('draw_entries'),
          headers: bearer(player.token),
          payload: {},
        }),
      );

      await proxy.restore();
      const restored = Date.now();
      await until(
        'health to answer 200',
        async () => ((await health(app)).statusCode === 200 ? true : undefined),
        1_000,
      );
      expect((await currentDraw(app)).statusCode).toBe(200);
      expect(Date.now() - restored).toBeLessThan(1_000);
    } finally {
      await proxy.cut();
    }
  });

  it('under a steady load through an outage: only 503s, then service within a second, no acknowledged press lost', async () => {
    const proxy = await tcpProxy(new URL(shared.url));
    try {
      const { database, app } = await serverOn(proxy.url);
      const players = await Promise.all(Array.from({ length: 24 }, () => signedInPlayer(app)));
      interface Outcome {
        startedAt: number;
        endedAt: number;
        status: number;
        player?: string;
      }
      const outcomes: Outcome[] = [];
      const healthDuringOutage: number[] = [];
      let running = true;
      let turn = 0;
      const lastPress = new Map<string, number>();
      const worker = async () => {
        while (running) {
          turn += 1;
          const mine = turn;
          const chosen = players[mine % players.length]!;
          const startedAt = Date.now();
          // A player presses at most every 250 ms, under the per-session press limit; the
          // turns between are reads of that player's timer.
          const presses = startedAt - (lastPress.get(chosen.user.id) ?? 0) >= 250;
          if (presses) lastPress.set(chosen.user.id, startedAt);
          const player = presses ? chosen : undefined;
          const response = player
            ? await app.inject({
                method: 'POST',
                url: url('draw_entries'),
                headers: bearer(player.token),
                payload: {},
              })
            : await timer(app, chosen.token);
          outcomes.push({
            startedAt,
            endedAt: Date.now(),
            status: response.statusCode,
            ...(player ? { player: player.user.id } : {}),
          });
          await sleep(5);
        }
      };
      const load = Promise.all(Array.from({ length: 6 }, worker));

      await sleep(500);
      const cutAt = Date.now();
      await proxy.cut();
      await sleep(1_000);
      healthDuringOutage.push((await health(app)).statusCode);
      await sleep(1_000);
      const restoredAt = Date.now();
      await proxy.restore();
      await sleep(2_000);
      running = false;
      await load;

      const during = outcomes.filter((o) => o.startedAt >= cutAt && o.endedAt <= restoredAt);
      const after = outcomes.filter((o) => o.startedAt >= restoredAt + 1_000);
      expect(outcomes.filter((o) => o.status >= 500 && o.status !== 503)).toEqual([]);
      expect(during.length).toBeGreaterThan(20);
      expect(during.filter((o) => o.status !== 503)).toEqual([]);
      expect(outcomes.filter((o) => o.endedAt - o.startedAt >= 5_000)).toEqual([]);
      expect(healthDuringOutage).toEqual([503]);
      expect(after.length).toBeGreaterThan(20);
      expect(after.filter((o) => o.status >= 300)).toEqual([]);
      expect((await health(app)).statusCode).toBe(200);

      // Every press answered 2xx has its entry, and only one: presses are once per draw.
      const acknowledged = new Set(
        outcomes.filter((o) => o.player && o.status < 300).map((o) => o.player),
      );
      expect(acknowledged.size).toBe(players.length);
      const rows = rowsOf<{ user_id: string; entries: number }>(
        await database.db.execute(
          sql`select user_id, count(*)::int as entries from draw_entries group by user_id`,
        ),
      );
      const entries = new Map(rows.map((row) => [row.user_id, row.entries]));
      for (const player of acknowledged) expect(entries.get(player ?? '')).toBe(1);
    } finally {
      await proxy.cut();
    }
  });
});
