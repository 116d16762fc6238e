// The draw's figures for `npm run bench` (issue "Performance"), all on loopback:
//  1. presses per second and p50/p99 latency of POST draw_entries through HTTP, each a distinct
//     player's first press, on embedded PGlite and on PostgreSQL, next to pgbench's rate for the
//     same INSERT on the same PostgreSQL (goal: at least half of it, p99 under 50 ms);
//  2. the live channel: BENCH_CABLE_CLIENTS (10,000) subscribed ActionCable clients on one
//     instance, the time from `draw close` until all have the refetch (goal under 1 s) and the
//     server's memory per connection (goal under 50 KB);
//  3. closing and verifying a draw of BENCH_CLOSE_ENTRIES (1,000,000) entries (goal under 5 s).
// The PostgreSQL figures need BENCH_DATABASE_URL or TEST_DATABASE_URL (a role that may create
// databases); every database made here is dropped afterwards, also on failure.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { Pool } from 'undici';
import WebSocket from 'ws';
import { DRAW_PATHS } from '../contract/api';
import { CABLE_PATH, CABLE_PROTOCOL, TIMER_CHANNEL } from '../contract/cable';
import { loadConfig } from '../server/config';
import { drawOutcome } from '../server/draw/fairness';
import { databaseTarget, openDatabase, type OpenDatabase } from '../server/db/database';
import { TIMER_NOTIFY_CHANNEL } from '../server/cable/channels';
import { runOps } from '../server/ops/program';
import authPlugin from '../server/plugins/auth';
import { createServices, type Services } from '../server/services/index';
import { resolveJwtSecret } from '../server/services/secrets';
import { createSmsSender } from '../server/sms/sender';
import { percentile, startServer, type Server } from './processes';

const PRESSES = Number(process.env.BENCH_PRESSES ?? 20_000);
const PRESS_WARMUP = 2000;
/** Requests in flight: pgbench's 16 clients, and more phones at once. */
const PRESS_CONCURRENCIES = (process.env.BENCH_PRESS_CONCURRENCY ?? '16,64').split(',').map(Number);
const PGBENCH_SECONDS = Number(process.env.BENCH_PGBENCH_SECONDS ?? 10);
const CABLE_CLIENTS = Number(process.env.BENCH_CABLE_CLIENTS ?? 10_000);
/** Connections opening at once: enough to be quick, few enough for the listen backlog. */
const CABLE_OPENING = 256;
const CLOSE_ENTRIES = Number(process.env.BENCH_CLOSE_ENTRIES ?? 1_000_000);

const PRESS_P99_GOAL_MS = 50;
const CABLE_REFETCH_GOAL_MS = 1000;
const CABLE_MEMORY_GOAL_KB = 50;
const CLOSE_GOAL_S = 5;

const run = promisify(execFile);

// ---- processes and databases ---------------------------------------------------------------

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A fresh, migrated PostgreSQL database next to the one `adminUrl` names. */
export async function freshPostgres(adminUrl: string, label: string) {
  const name = `bb_bench_${label}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  };
  try {
    const migrator = await openDatabase({ kind: 'postgres', url: url.href, maxConnections: 1 });
    await migrator.migrate();
    await migrator.close();
  } catch (error) {
    await drop();
    throw error;
  }
  return { url: url.href, drop };
}

/** The server's own services in this process, over `database`, as the ops CLI builds them. */
function servicesOver(database: OpenDatabase, env: Record<string, string>): Services {
  const config = loadConfig({ LOG_LEVEL: 'silent', ...env });
  return createServices({
    db: database.db,
    config,
    sms: createSmsSender(config, { info: () => undefined }),
    now: () => new Date(),
    broadcast: {
      timer: (message) => database.notify(TIMER_NOTIFY_CHANNEL, JSON.stringify(message)),
    },
  });
}

export async function withClient<T>(
  url: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Runs `work` over `items` with at most `concurrency` at a time. */
async function pool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

// ---- 1. presses ------------------------------------------------------------------------------

/**
 * `count` players, each with a live session, inserted in bulk; their tokens signed by the
 * server's own auth plugin with the secret the server will read from the settings table.
 */
export async function signedInPlayers(
  database: OpenDatabase,
  env: Record<string, string>,
  count: number,
): Promise<string[]> {
  const services = servicesOver(database, env);
  await services.draws.ensureOpen();
  const created = await database.db.execute<{ id: string }>(sql`
    with players as (
      insert into users (main_price) select 500 from generate_series(1, ${count}) returning id
    )
    insert into sessions (user_id, expires_at)
    select id, now() + interval '90 days' from players
    returning id`);
  // Both drivers answer raw SQL with `{ rows }`.
  const sessionIds = (created as { rows: { id: string }[] }).rows.map((row) => row.id);
  const signer = Fastify({ logger: false });
  await signer.register(authPlugin, {
    secret: await resolveJwtSecret(database.db, loadConfig(env)),
    sessions: services.sessions,
  });
  await signer.ready();
  const tokens = sessionIds.map((id) => signer.signSessionToken(id));
  if (!(await signer.sessionFromToken(tokens[0]!))) throw new Error('a signed token is refused');
  await signer.close();
  return tokens;
}

interface PressFigures {
  rate: number;
  p50: number;
  p99: number;
  /** The server process's CPU time over the timed presses, as a share of one core. */
  serverCpu: number;
}

/** User plus system CPU seconds a process has used so far. */
export function cpuSeconds(pid: number): number {
  // Fields after the parenthesised command name; utime and stime are the 12th and 13th.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks / Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());
}

/**
 * PRESS_WARMUP + PRESSES players, signed in (set-up), each press once through HTTP with
 * `concurrency` requests in flight on as many kept-alive connections; the first PRESS_WARMUP
 * presses warm the server up and are not counted.
 */
async function pressRate(env: Record<string, string>, concurrency: number): Promise<PressFigures> {
  const database = await openDatabase(databaseTarget(loadConfig({ LOG_LEVEL: 'silent', ...env })));
  let tokens: string[];
  try {
    await database.migrate();
    tokens = await signedInPlayers(database, env, PRESS_WARMUP + PRESSES);
  } finally {
    await database.close();
  }

  const server = await startServer(env);
  const http = new Pool(server.baseUrl, { connections: concurrency });
  try {
    const latencies: number[] = [];
    let next = 0;
    let began = 0;
    let cpuBefore = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < tokens.length) {
          const index = next++;
          if (index === PRESS_WARMUP) {
            began = performance.now();
            cpuBefore = cpuSeconds(server.pid);
          }
          const t0 = performance.now();
          const response = await http.request({
            path: `/api/v1/${DRAW_PATHS.drawEntries}`,
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${tokens[index]}`,
            },
            body: '{}',
          });
          const body = await response.body.text();
          if (response.statusCode !== 201) {
            throw new Error(`a first press answered ${response.statusCode}, not 201: ${body}`);
          }
          if (index >= PRESS_WARMUP) latencies.push(performance.now() - t0);
        }
      }),
    );
    const seconds = (performance.now() - began) / 1000;
    const serverCpu = (cpuSeconds(server.pid) - cpuBefore) / seconds;
    latencies.sort((a, b) => a - b);
    return {
      rate: latencies.length / seconds,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      serverCpu,
    };
  } finally {
    await http.close();
    await server.stop();
  }
}

function pressRow(label: string, concurrency: number, figures: PressFigures, extra = ''): string {
  const goal = figures.p99 < PRESS_P99_GOAL_MS ? 'met' : 'NOT met';
  return (
    `| presses/s, ${label}, ${concurrency} in flight | ${figures.rate.toFixed(0)} | ` +
    `p50 ${figures.p50.toFixed(1)} ms, p99 ${figures.p99.toFixed(1)} ms (goal < ${PRESS_P99_GOAL_MS} ms: ${goal}), ` +
    `${PRESSES} presses after ${PRESS_WARMUP} to warm up, server process at ` +
    `${(figures.serverCpu * 100).toFixed(0)}% of a core${extra} |`
  );
}

function findPgbench(): string {
  for (const candidate of ['/usr/bin/pgbench', '/usr/lib/postgresql/15/bin/pgbench']) {
    try {
      execFileSync(candidate, ['--version'], { stdio: 'ignore' });
      return candidate;
    } catch {
      // try the next place
    }
  }
  throw new Error('pgbench not found (Debian: apt-get install postgresql-contrib)');
}

/**
 * pgbench's transactions per second for `script` on `url` with `clients` clients. Players for
 * pgbench have ids derived from a sequence (md5 of a number), so every transaction presses as
 * a distinct, existing player without looking one up.
 */
export async function pgbenchTps(
  url: string,
  script: string,
  drawId: number,
  clients: number,
  protocol: 'simple' | 'prepared' = 'simple',
): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'bb-pgbench-'));
  try {
    const file = join(dir, 'press.sql');
    writeFileSync(file, script);
    const { stdout } = await run(
      findPgbench(),
      [
        '-n',
        '-M',
        protocol,
        '-c',
        String(clients),
        '-j',
        '2',
        '-T',
        String(PGBENCH_SECONDS),
        '-D',
        `draw=${drawId}`,
        '-f',
        file,
        url,
      ],
      { timeout: (PGBENCH_SECONDS + 60) * 1000 },
    );
    const failed = /number of failed transactions: (\d+)/.exec(stdout);
    if (failed && failed[1] !== '0') throw new Error(`pgbench: failed transactions\n${stdout}`);
    const tps = /tps = ([\d.]+)/.exec(stdout);
    if (!tps?.[1]) throw new Error(`pgbench printed no tps:\n${stdout}`);
    return Number(tps[1]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** pgbench's n-th player, and that player's session. */
export const PGBENCH_PLAYER = (n: string) => `md5('pgbench-' || ${n})::uuid`;
const PGBENCH_SESSION = (n: string) => `md5('pgbench-session-' || ${n})::uuid`;

/** The INSERT a press makes, alone. */
export const PGBENCH_INSERT = `INSERT INTO draw_entries (draw_id, user_id, source)
  VALUES (:draw, ${PGBENCH_PLAYER(`nextval('bench_pgbench_player')`)}, 'button')
  ON CONFLICT (draw_id, user_id) WHERE source = 'button' DO NOTHING
  RETURNING id, draw_id, user_id, source, created_at;
`;

/**
 * The statement a first press sends (repositories/entering.ts enterOpenDraw) for one session:
 * the session checked live and its player's row taken FOR KEY SHARE, then the INSERT into the
 * open draw, whose row it reads FOR SHARE.
 */
const PGBENCH_PRESS_SQL = `WITH live AS (
  SELECT s.id AS session_id, s.user_id FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.id = ANY(ARRAY[(SELECT ${PGBENCH_SESSION(`nextval('bench_pgbench_player')`)})])
    AND s.revoked_at IS NULL
    AND s.expires_at > now() AND u.deleted_at IS NULL
  FOR KEY SHARE OF u
), open_draw AS (
  SELECT id, closes_at FROM draws WHERE status = 'open' AND closes_at > now() FOR SHARE
), inserted AS (
  INSERT INTO draw_entries (draw_id, user_id, source)
  SELECT open_draw.id, players.user_id, 'button'
  FROM open_draw CROSS JOIN (SELECT DISTINCT user_id FROM live) AS players
  ON CONFLICT (draw_id, user_id) WHERE source = 'button' DO NOTHING
  RETURNING id, draw_id, user_id, source, created_at
)
SELECT live.session_id, live.user_id, inserted.*, open_draw.closes_at
FROM live LEFT JOIN inserted ON inserted.user_id = live.user_id
  LEFT JOIN open_draw ON open_draw.id = inserted.draw_id;
`;

async function pressFigures(adminUrl: string | undefined): Promise<string[]> {
  const rows: string[] = [];
  for (const concurrency of PRESS_CONCURRENCIES) {
    const pgliteDir = mkdtempSync(join(tmpdir(), 'bb-bench-'));
    try {
      const figures = await pressRate({ DATA_DIR: pgliteDir, JWT_SECRET: '' }, concurrency);
      rows.push(pressRow('embedded PGlite', concurrency, figures));
    } finally {
      rmSync(pgliteDir, { recursive: true, force: true });
    }
  }
  if (!adminUrl) {
    rows.push('| presses/s, PostgreSQL | skipped | set BENCH_DATABASE_URL or TEST_DATABASE_URL |');
    return rows;
  }

  for (const concurrency of PRESS_CONCURRENCIES) {
    const database = await freshPostgres(adminUrl, 'press');
    const dataDir = mkdtempSync(join(tmpdir(), 'bb-bench-'));
    try {
      const env = { DATABASE_URL: database.url, DATA_DIR: dataDir, JWT_SECRET: '' };
      const press = await pressRate(env, concurrency);

      let drawId: number;
      await withClient(database.url, async (client) => {
        // More players than pgbench can press in its three runs, each a real row with a live
        // session.
        const players = Math.max(600_000, PGBENCH_SECONDS * 3 * 20_000);
        await client.query(`create sequence bench_pgbench_player`);
        await client.query(
          `insert into users (id) select ${PGBENCH_PLAYER('n')} from generate_series(1, $1) n`,
          [players],
        );
        await client.query(
          `insert into sessions (id, user_id, expires_at)
           select ${PGBENCH_SESSION('n')}, ${PGBENCH_PLAYER('n')}, now() + interval '1 day'
           from generate_series(1, $1) n`,
          [players],
        );
        await client.query('vacuum analyze');
        const open = await client.query<{ id: number }>(
          `select id from draws where status = 'open'`,
        );
        if (!open.rows[0]) throw new Error('no open draw after the presses');
        drawId = open.rows[0].id;
      });
      const insertTps = await pgbenchTps(database.url, PGBENCH_INSERT, drawId!, concurrency);
      // The sequence goes on: each run's players are not in the draw yet.
      const preparedTps = await pgbenchTps(
        database.url,
        PGBENCH_INSERT,
        drawId!,
        concurrency,
        'prepared',
      );
      const pressSqlTps = await pgbenchTps(
        database.url,
        PGBENCH_PRESS_SQL,
        drawId!,
        concurrency,
        'prepared',
      );
      const ratio = press.rate / insertTps;
      rows.push(
        pressRow(
          'PostgreSQL',
          concurrency,
          press,
          `; ${(ratio * 100).toFixed(0)}% of pgbench's INSERT rate (goal ≥ 50%: ${ratio >= 0.5 ? 'met' : 'NOT met'}), ` +
            `${((press.rate / preparedTps) * 100).toFixed(0)}% of its rate with prepared statements`,
        ),
      );
      const pgbench = `\`pgbench -n -c ${concurrency} -j 2 -T ${PGBENCH_SECONDS}\` on the same database`;
      rows.push(
        `| pgbench tps, the press's INSERT, ${concurrency} clients | ${insertTps.toFixed(0)} | ` +
          `${pgbench}, one INSERT ... ON CONFLICT DO NOTHING RETURNING per transaction |`,
        `| pgbench tps, the same INSERT prepared, ${concurrency} clients | ${preparedTps.toFixed(0)} | ` +
          `the same with \`-M prepared\` (parsed and planned once per client) |`,
        `| pgbench tps, the press's whole statement prepared, ${concurrency} clients | ${pressSqlTps.toFixed(0)} | ` +
          `${pgbench} \`-M prepared\`: the session checked live and the INSERT into the open draw (row read FOR SHARE), one session per transaction, as the server sends it for one press |`,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    }
  }
  return rows;
}

function residentKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  if (!match?.[1]) throw new Error(`no VmRSS for ${pid}`);
  return Number(match[1]);
}

function openFileLimit(): number {
  return Number(execFileSync('bash', ['-c', 'ulimit -n']).toString().trim());
}

async function cableFigures(adminUrl: string): Promise<string[]> {
  // One descriptor per client here and one per connection in the server, plus some slack.
  const needed = CABLE_CLIENTS + 1024;
  const ownLimit = openFileLimit();
  if (ownLimit < needed) {
    throw new Error(
      `${CABLE_CLIENTS} cable clients need ${needed} open files; this shell allows ${ownLimit} ` +
        `(run \`ulimit -n ${needed}\` first, or lower BENCH_CABLE_CLIENTS)`,
    );
  }
  const target = await freshPostgres(adminUrl, 'cable');
  const dataDir = mkdtempSync(join(tmpdir(), 'bb-bench-'));
  const env = { DATABASE_URL: target.url, DATA_DIR: dataDir, JWT_SECRET: '' };
  let database: OpenDatabase | undefined;
  let server: Server | undefined;
  const sockets: WebSocket[] = [];
  try {
    database = await openDatabase({ kind: 'postgres', url: target.url });
    const services = servicesOver(database, env);
    const tokens = await signedInPlayers(database, env, CABLE_CLIENTS);

    server = await startServer(env, needed);
    const wsBase = server.baseUrl.replace(/^http/, 'ws');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const rssBefore = residentKb(server.pid);

    const identifier = JSON.stringify({ channel: TIMER_CHANNEL });
    const refetchedAt: number[] = [];
    let onAllRefetched: () => void = () => undefined;
    const allRefetched = new Promise<void>((resolve) => (onAllRefetched = resolve));
    const connectBegan = performance.now();
    await withTimeout(
      pool(tokens, CABLE_OPENING, (token) => {
        return new Promise<void>((resolve, reject) => {
          const socket = new WebSocket(`${wsBase}${CABLE_PATH}?token=${token}`, CABLE_PROTOCOL);
          sockets.push(socket);
          socket.once('error', reject);
          socket.once('close', () => reject(new Error('a cable connection closed early')));
          socket.on('message', (data: Buffer) => {
            const message = JSON.parse(data.toString()) as {
              type?: string;
              message?: { refetch?: boolean };
            };
            if (message.type === 'welcome') {
              socket.send(JSON.stringify({ command: 'subscribe', identifier }));
            } else if (message.type === 'confirm_subscription') {
              resolve();
            } else if (message.type === 'disconnect' || message.type === 'reject_subscription') {
              reject(new Error(`cable answered ${message.type}`));
            } else if (message.message?.refetch) {
              refetchedAt.push(performance.now());
              if (refetchedAt.length === tokens.length) onAllRefetched();
            }
          });
        });
      }),
      300_000,
      `${CABLE_CLIENTS} cable subscriptions`,
    );
    const connectSeconds = (performance.now() - connectBegan) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const rssAfter = residentKb(server.pid);
    const perConnectionKb = (rssAfter - rssBefore) / CABLE_CLIENTS;

    // The operator's `draw close`, run in process over the same database as the CLI runs it
    // (a node process with tsx would add its own start-up to the figure).
    let said = '';
    const closeBegan = performance.now();
    const exit = await runOps(['draw', 'close'], () => Promise.resolve(services), {
      out: (text) => (said += text),
      err: (text) => (said += text),
    });
    const closeReturned = performance.now() - closeBegan;
    if (exit !== 0) throw new Error(`draw close failed:\n${said}`);
    await withTimeout(allRefetched, 30_000, 'the refetch reaching every client');
    const first = Math.min(...refetchedAt) - closeBegan;
    const last = Math.max(...refetchedAt) - closeBegan;

    return [
      `| cable, \`draw close\` to refetch on all ${CABLE_CLIENTS} clients, PostgreSQL | ${last.toFixed(0)} ms | ` +
        `goal < ${CABLE_REFETCH_GOAL_MS} ms: ${last < CABLE_REFETCH_GOAL_MS ? 'met' : 'NOT met'}; the close committed in ${closeReturned.toFixed(0)} ms, first client ${first.toFixed(0)} ms |`,
      `| cable, server memory per subscribed connection | ${perConnectionKb.toFixed(1)} KB | ` +
        `goal < ${CABLE_MEMORY_GOAL_KB} KB: ${perConnectionKb < CABLE_MEMORY_GOAL_KB ? 'met' : 'NOT met'}; RSS ${(rssBefore / 1024).toFixed(0)} MB before, ${(rssAfter / 1024).toFixed(0)} MB with ${CABLE_CLIENTS} subscribed (connected in ${connectSeconds.toFixed(1)} s) |`,
    ];
  } finally {
    for (const socket of sockets) {
      socket.removeAllListeners('close');
      socket.on('error', () => undefined);
      socket.terminate();
    }
    await server?.stop();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
    await target.drop();
  }
}

// ---- 3. closing a big draw ---------------------------------------------------------------------

async function closeFigures(adminUrl: string): Promise<string[]> {
  const target = await freshPostgres(adminUrl, 'close');
  let database: OpenDatabase | undefined;
  try {
    database = await openDatabase({ kind: 'postgres', url: target.url });
    const services = servicesOver(database, { DATABASE_URL: target.url });
    const open = await services.draws.ensureOpen();
    // Each entry a distinct player's press, as a full day of the product would leave it.
    const fillBegan = performance.now();
    await withClient(target.url, async (client) => {
      await client.query(
        `with players as (
           insert into users (main_price) select 500 from generate_series(1, $1) returning id
         )
         insert into draw_entries (draw_id, user_id, source)
         select $2, id, 'button' from players`,
        [CLOSE_ENTRIES, open.id],
      );
      await client.query('analyze draw_entries');
    });
    const fillSeconds = (performance.now() - fillBegan) / 1000;

    const closeBegan = performance.now();
    const closed = await services.draws.closeNow();
    const closeSeconds = (performance.now() - closeBegan) / 1000;
    if (closed.draw.entriesCount !== CLOSE_ENTRIES) {
      throw new Error(`closed with ${closed.draw.entriesCount} entries, not ${CLOSE_ENTRIES}`);
    }
    const verifyBegan = performance.now();
    const verified = await services.draws.verify(closed.draw.id);
    const verifySeconds = (performance.now() - verifyBegan) / 1000;
    if (verified.mismatches.length > 0) throw new Error(verified.mismatches.join('\n'));
    // The same outcome computed the plain way, one id at a time, as anyone checking would.
    const ids = await withClient(target.url, async (client) => {
      const result = await client.query<{ id: string }>(
        'select id from draw_entries where draw_id = $1 order by id',
        [closed.draw.id],
      );
      return result.rows.map((row) => Number(row.id));
    });
    const plain = drawOutcome(Buffer.from(closed.draw.seed, 'hex'), ids);
    if (
      plain.entriesDigest !== closed.draw.entriesDigest ||
      plain.winningEntryId !== closed.draw.winningEntryId
    ) {
      throw new Error(`the closing's outcome differs from the plain computation`);
    }

    const count = CLOSE_ENTRIES.toLocaleString('en-US');
    const goal = (seconds: number) =>
      `goal < ${CLOSE_GOAL_S} s: ${seconds < CLOSE_GOAL_S ? 'met' : 'NOT met'}`;
    return [
      `| closing a draw of ${count} entries (digest, winner, record), PostgreSQL | ${closeSeconds.toFixed(2)} s | ${goal(closeSeconds)}; draw service in process (what \`draw close\` runs); filled in ${fillSeconds.toFixed(0)} s |`,
      `| \`draw verify\` of that draw | ${verifySeconds.toFixed(2)} s | ${goal(verifySeconds)}; recomputes digest and winner from the published seed |`,
    ];
  } finally {
    await database?.close();
    await target.drop();
  }
}

// ---- all of it -------------------------------------------------------------------------------

/** The draw's rows of the bench table. BENCH_DRAW_ONLY=press|cable|close runs one part, none none. */
export async function drawBench(): Promise<string[]> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const only = process.env.BENCH_DRAW_ONLY;
  const rows: string[] = [];
  if (!only || only === 'press') rows.push(...(await pressFigures(adminUrl)));
  if (!adminUrl) {
    rows.push(
      '| cable and closing figures | skipped | set BENCH_DATABASE_URL or TEST_DATABASE_URL |',
    );
    return rows;
  }
  if (!only || only === 'cable') rows.push(...(await cableFigures(adminUrl)));
  if (!only || only === 'close') rows.push(...(await closeFigures(adminUrl)));
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await drawBench();
  console.log(`\n| figure | value | notes |\n| --- | --- | --- |\n${rows.join('\n')}`);
}
