// The busy moments for `npm run bench`, driven by autocannon so that the figure measures the
// server, not the client (BENCH_BUSY_ONLY=timer|press|answers|reads runs one part):
//  1. the timer refetch burst after a close: every subscribed player asks for the timer at
//     once, on connections held open and on new ones (see timerBurst); the time until the
//     last has its answer, p50/p95
//     (goal: 3,000 embedded all within 2 s with p95 under 1 s; 10,000 on PostgreSQL within 2 s);
//  2. presses of every kind, a first press then a repeat per player, 32 in flight, next to the
//     raw INSERT rate of the same database measured in the same run (pgbench on PostgreSQL, the
//     same INSERT through PGlite embedded); goal at least 0.5x, p99 under 50 ms;
//  3. answers (PATCH questionnaires/{id}) and reward claims (POST rewards), next to the same raw
//     INSERT rate; goal at least 0.5x, p99 under 50 ms (BENCH_BUSY_EMBEDDED=off: on PostgreSQL
//     alone);
//  4. public reads (draws/current, health): goal at least 10x main's rate, p99 under 20 ms.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { Client } from 'undici';
import { loadConfig } from '../server/config';
import { databaseTarget, openDatabase } from '../server/db/database';
import { createServices } from '../server/services/index';
import { createSmsSender } from '../server/sms/sender';
import {
  cpuSeconds,
  freshPostgres,
  pgbenchTps,
  PGBENCH_INSERT,
  PGBENCH_PLAYER,
  signedInPlayers,
  withClient,
} from './draw';
import { percentile, startServer } from './processes';

const BURST_EMBEDDED = Number(process.env.BENCH_BURST_EMBEDDED ?? 3_000);
const BURST_POSTGRES = Number(process.env.BENCH_BURST_POSTGRES ?? 10_000);
const PRESS_PLAYERS = Number(process.env.BENCH_PRESS_PLAYERS ?? 10_000);
const IN_FLIGHT = 32;
const READ_SECONDS = Number(process.env.BENCH_READ_SECONDS ?? 5);
const RAW_INSERTS = Number(process.env.BENCH_RAW_INSERTS ?? 10_000);

/** Main's figures before this work (issue 8), the base of the 10x goal. */
const MAIN_CURRENT_PER_S = 591;
const MAIN_HEALTH_PER_S = 1_979;

interface Run {
  perSecond: number;
  seconds: number;
  latencies: number[];
  statuses: Map<number, number>;
  /** The server process's CPU time over the run, as a share of one core (when it was asked). */
  serverCpu?: number;
}

/** autocannon against `path`, each request with the next of `tokens` (none: anonymous). */
async function cannon(
  baseUrl: string,
  options: {
    path: string;
    method?: 'GET' | 'POST';
    connections: number;
    amount?: number;
    seconds?: number;
    tokens?: string[];
    /** The k-th request's own path, method, body and token (overrides the rest). */
    each?: (k: number) => { path: string; method: 'PATCH' | 'POST'; body: unknown; token: string };
    /** The server's process id, for its CPU time over the run. */
    serverPid?: number;
  },
): Promise<Run> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const tokens = options.tokens;
  const cpuBefore = options.serverPid ? cpuSeconds(options.serverPid) : 0;
  const began = performance.now();
  let lastAnswerAt = began;
  await new Promise<void>((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl,
        connections: options.connections,
        ...(options.amount ? { amount: options.amount } : { duration: options.seconds ?? 5 }),
        requests: [
          {
            method: options.method ?? 'GET',
            path: options.path,
            ...(options.method === 'POST'
              ? { body: '{}', headers: { 'content-type': 'application/json' } }
              : {}),
            ...(options.each
              ? {
                  setupRequest: (request) => {
                    const one = options.each!(next++);
                    return {
                      ...request,
                      path: one.path,
                      method: one.method,
                      body: JSON.stringify(one.body),
                      headers: {
                        ...request.headers,
                        'content-type': 'application/json',
                        authorization: `Bearer ${one.token}`,
                      },
                    };
                  },
                }
              : {}),
            ...(tokens && !options.each
              ? {
                  setupRequest: (request) => ({
                    ...request,
                    headers: {
                      ...request.headers,
                      authorization: `Bearer ${tokens[next++ % tokens.length]}`,
                    },
                  }),
                }
              : {}),
          },
        ],
      },
      (error: Error | null) => (error ? reject(error) : resolve()),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      lastAnswerAt = performance.now();
      latencies.push(responseTime);
      statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
    });
  });
  // Up to the last answer: autocannon notices that `amount` is reached only on its next
  // one-second tick, which would round every run up to whole seconds.
  const seconds = (lastAnswerAt - began) / 1000;
  const serverCpu = options.serverPid
    ? (cpuSeconds(options.serverPid) - cpuBefore) / ((performance.now() - began) / 1000)
    : undefined;
  latencies.sort((a, b) => a - b);
  return { perSecond: latencies.length / seconds, seconds, latencies, statuses, serverCpu };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
const statusText = (run: Run) =>
  [...run.statuses].map(([status, count]) => `${count}x ${status}`).join(', ');

/** `players` signed in, half of them pressed into the open draw; their tokens. */
async function playersWithHalfPressed(env: Record<string, string>, players: number) {
  const database = await openDatabase(databaseTarget(loadConfig({ LOG_LEVEL: 'silent', ...env })));
  try {
    await database.migrate();
    const tokens = await signedInPlayers(database, env, players);
    await database.db.execute(sql`
      insert into draw_entries (draw_id, user_id, source)
      select (select id from draws where status = 'open'), user_id, 'button'
      from (select user_id, row_number() over () as n from sessions) as numbered
      where n % 2 = 0`);
    return tokens;
  } finally {
    await database.close();
  }
}

/** Asks `path` on one undici client (one connection) and answers the status. */
async function ask(client: Client, path: string, token?: string) {
  const response = await client.request({
    path: `/api/v1/${path}`,
    method: 'GET',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    headersTimeout: 60_000,
    bodyTimeout: 60_000,
  });
  await response.body.text();
  return response.statusCode;
}

/**
 * The burst of timers after a closing: every player asks at once. Two ways, both timed from
 * the first request to the last answer:
 * - `held`: the apps hold their connections open (each opened beforehand, one per player, as
 *   a phone that has just used the API does), so the figure is the server's answers alone;
 * - `cold`: every app opens a new connection for the request, as a phone does when its last
 *   call was long ago (a day's draw), so accepting the connections is in the figure too.
 * autocannon opens its connections while it sends and cannot hold one per player; it drives
 * the steady rates below.
 */
async function timerBurst(label: string, env: Record<string, string>, players: number) {
  const tokens = await playersWithHalfPressed(env, players);
  const server = await startServer(env, players + 1024);
  const timeBurst = async (clients: Client[]) => {
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    const began = performance.now();
    await Promise.all(
      tokens.map(async (token, index) => {
        const status = await ask(clients[index]!, 'questionnaires/get_timer', token);
        latencies.push(performance.now() - began);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }),
    );
    latencies.sort((a, b) => a - b);
    return { perSecond: 0, seconds: 0, latencies, statuses } satisfies Run;
  };
  const embeddedGoal = label === 'embedded PGlite';
  const row = (how: string, run: Run) => {
    const last = run.latencies[run.latencies.length - 1] ?? 0;
    const p95 = percentile(run.latencies, 95);
    const goal = embeddedGoal ? last < 2000 && p95 < 1000 : last < 2000;
    return (
      `| timer burst, ${players} players at once, ${label}, ${how} | last answer after ${last.toFixed(0)} ms | ` +
      `p50 ${ms(percentile(run.latencies, 50))}, p95 ${ms(p95)} ` +
      `(goal: all within 2 s${embeddedGoal ? ', p95 < 1 s' : ''}: ${met(goal)}); ${statusText(run)} |`
    );
  };
  const open = (count: number) =>
    Array.from({ length: count }, () => new Client(server.baseUrl, { pipelining: 1 }));
  const closeAll = (clients: Client[]) => Promise.all(clients.map((client) => client.close()));
  try {
    const held = open(players);
    let rows: string[];
    try {
      // Opens every connection (a few at a time, as the apps came online).
      for (let from = 0; from < players; from += 256) {
        await Promise.all(held.slice(from, from + 256).map((client) => ask(client, 'app_config')));
      }
      rows = [row('connections held', await timeBurst(held))];
    } finally {
      await closeAll(held);
    }
    const cold = open(players);
    try {
      rows.push(row('new connections', await timeBurst(cold)));
    } finally {
      await closeAll(cold);
    }
    return rows.join('\n');
  } finally {
    await server.stop();
  }
}

/** First presses then repeats, one session per player, IN_FLIGHT at a time. */
async function pressesOfEveryKind(env: Record<string, string>) {
  const database = await openDatabase(databaseTarget(loadConfig({ LOG_LEVEL: 'silent', ...env })));
  let tokens: string[];
  try {
    await database.migrate();
    tokens = await signedInPlayers(database, env, PRESS_PLAYERS);
  } finally {
    await database.close();
  }
  const server = await startServer(env);
  try {
    return await cannon(server.baseUrl, {
      path: '/api/v1/draw_entries',
      method: 'POST',
      connections: IN_FLIGHT,
      amount: tokens.length * 2,
      tokens,
    });
  } finally {
    await server.stop();
  }
}

const ANSWER_PLAYERS = Number(process.env.BENCH_ANSWER_PLAYERS ?? 4_000);
/**
 * Players who answer and claim first, not counted: every pooled connection prepares the busy
 * statements and PostgreSQL plans them afresh for its first five runs (a long-running server
 * has done so long before), and Node's JIT warms up.
 */
const ANSWER_WARMUP = Number(process.env.BENCH_ANSWER_WARMUP ?? 1_000);
/** Answers per player: one batch. */
const ANSWERS_EACH = 5;

/** The session id a bench token names (its `sid`). */
const sessionOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sid: string })
    .sid;

/**
 * Answers, then reward claims: ANSWER_PLAYERS players with an entry each answer a batch of
 * ANSWERS_EACH questions (PATCH questionnaires/{id}), then each claims their rewards once
 * (POST rewards: tickets and a coupon), IN_FLIGHT at a time; ANSWER_WARMUP more players do the
 * same first, not counted.
 */
async function answersAndClaims(env: Record<string, string>) {
  const database = await openDatabase(databaseTarget(loadConfig({ LOG_LEVEL: 'silent', ...env })));
  let tokens: string[];
  let entryOf: Map<string, number>;
  let questionIds: number[];
  try {
    await database.migrate();
    const config = loadConfig({ LOG_LEVEL: 'silent', ...env });
    const services = createServices({
      db: database.db,
      config,
      sms: createSmsSender(config, { info: () => undefined }),
      now: () => new Date(),
    });
    await services.catalog.loadStarterOnce();
    tokens = await signedInPlayers(database, env, ANSWER_WARMUP + ANSWER_PLAYERS);
    const draw = await services.draws.ensureOpen();
    const entries = await database.db.execute<{ session_id: string; entry_id: string }>(sql`
      with entered as (
        insert into draw_entries (draw_id, user_id, source)
        select ${draw.id}, user_id, 'button' from sessions
        returning id, user_id
      )
      select s.id::text as session_id, e.id::text as entry_id
      from sessions s join entered e on e.user_id = s.user_id`);
    entryOf = new Map(
      (entries as { rows: { session_id: string; entry_id: string }[] }).rows.map((row) => [
        row.session_id,
        Number(row.entry_id),
      ]),
    );
    questionIds = (await services.catalog.listQuestions()).slice(0, ANSWERS_EACH).map((q) => q.id);
  } finally {
    await database.close();
  }
  const server = await startServer(env);
  /** The answers of `players` (token and entry each), then their claims. */
  const run = async (players: { token: string; entry: number }[]) => {
    const answers = await cannon(server.baseUrl, {
      path: '/',
      connections: IN_FLIGHT,
      amount: players.length * ANSWERS_EACH,
      serverPid: server.pid,
      each: (k) => {
        const player = players[k % players.length]!;
        return {
          path: `/api/v1/questionnaires/${questionIds[Math.floor(k / players.length)]}`,
          method: 'PATCH',
          body: {
            question_prompt: 'Do you like this?',
            answer: k % 3 !== 0,
            draw_entry_id: player.entry,
            isSkipped: false,
          },
          token: player.token,
        };
      },
    });
    const claims = await cannon(server.baseUrl, {
      path: '/',
      connections: IN_FLIGHT,
      amount: players.length,
      serverPid: server.pid,
      each: (k) => ({
        path: '/api/v1/rewards',
        method: 'POST',
        body: { draw_entry_id: players[k]!.entry },
        token: players[k]!.token,
      }),
    });
    return { answers, claims };
  };
  try {
    const players = tokens.map((token) => ({ token, entry: entryOf.get(sessionOf(token)) ?? 0 }));
    if (ANSWER_WARMUP > 0) await run(players.slice(0, ANSWER_WARMUP));
    return await run(players.slice(ANSWER_WARMUP));
  } finally {
    await server.stop();
  }
}

function answerRows(
  label: string,
  runs: { answers: Run; claims: Run },
  raw: number,
  rawHow: string,
): string[] {
  return (
    [
      [
        'answers',
        runs.answers,
        `${ANSWER_PLAYERS} players x ${ANSWERS_EACH} answers after ${ANSWER_WARMUP} players' to warm up`,
      ],
      [
        'reward claims',
        runs.claims,
        `${ANSWER_PLAYERS} claims of a batch (tickets and a coupon) after ${ANSWER_WARMUP} to warm up`,
      ],
    ] as const
  ).map(([what, run, how]) => {
    const ratio = run.perSecond / raw;
    const p99 = percentile(run.latencies, 99);
    return (
      `| ${what}/s, ${label}, ${IN_FLIGHT} in flight | ${run.perSecond.toFixed(0)} | ` +
      `${(ratio * 100).toFixed(0)}% of the raw INSERT rate ${raw.toFixed(0)}/s (${rawHow}; goal ≥ 50%: ${met(ratio >= 0.5)}), ` +
      `p50 ${ms(percentile(run.latencies, 50))}, p99 ${ms(p99)} (goal < 50 ms: ${met(p99 < 50)}); ` +
      `${how}: ${statusText(run)}` +
      (run.serverCpu === undefined
        ? ''
        : `; server process at ${(run.serverCpu * 100).toFixed(0)}% of a core`) +
      ' |'
    );
  });
}

/** The press's INSERT alone through PGlite in this process, IN_FLIGHT at a time. */
async function rawPgliteInsertRate(): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'bb-bench-raw-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: dir });
  try {
    await database.migrate();
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dir });
    const services = createServices({
      db: database.db,
      config,
      sms: createSmsSender(config, { info: () => undefined }),
      now: () => new Date(),
    });
    const draw = await services.draws.ensureOpen();
    const created = await database.db.execute<{ id: string }>(sql`
      insert into users (main_price) select 500 from generate_series(1, ${RAW_INSERTS}) returning id`);
    const players = (created as { rows: { id: string }[] }).rows.map((row) => row.id);
    let next = 0;
    const began = performance.now();
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < players.length) {
          const player = players[next++]!;
          await database.db.execute(sql`
            insert into draw_entries (draw_id, user_id, source) values (${draw.id}, ${player}, 'button')
            on conflict (draw_id, user_id) where source = 'button' do nothing
            returning id, draw_id, user_id, source, created_at`);
        }
      }),
    );
    return players.length / ((performance.now() - began) / 1000);
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** pgbench's rate for the press's INSERT alone on a fresh database. */
async function rawPostgresInsertRate(adminUrl: string): Promise<number> {
  const target = await freshPostgres(adminUrl, 'raw');
  try {
    let drawId = 0;
    await withClient(target.url, async (client) => {
      await client.query('create sequence bench_pgbench_player');
      await client.query(
        `insert into users (id) select ${PGBENCH_PLAYER('n')} from generate_series(1, 300000) n`,
      );
      const open = await client.query<{ id: number }>(
        `insert into draws (opens_at, closes_at, seed, commitment, status)
         values (now(), now() + interval '1 day', repeat('0', 64), repeat('0', 64), 'open')
         returning id`,
      );
      drawId = open.rows[0]!.id;
      await client.query('vacuum analyze');
    });
    return await pgbenchTps(target.url, PGBENCH_INSERT, drawId, IN_FLIGHT);
  } finally {
    await target.drop();
  }
}

function pressRow(label: string, run: Run, raw: number, rawHow: string) {
  const ratio = run.perSecond / raw;
  const p99 = percentile(run.latencies, 99);
  return (
    `| presses of every kind/s, ${label}, ${IN_FLIGHT} in flight | ${run.perSecond.toFixed(0)} | ` +
    `${(ratio * 100).toFixed(0)}% of the raw INSERT rate ${raw.toFixed(0)}/s (${rawHow}; goal ≥ 50%: ${met(ratio >= 0.5)}), ` +
    `p50 ${ms(percentile(run.latencies, 50))}, p99 ${ms(p99)} (goal < 50 ms: ${met(p99 < 50)}); ` +
    `${PRESS_PLAYERS} first presses then as many repeats: ${statusText(run)} |`
  );
}

async function publicReads(label: string, env: Record<string, string>) {
  const server = await startServer(env);
  const rows: string[] = [];
  try {
    for (const [path, before] of [
      ['draws/current', MAIN_CURRENT_PER_S],
      ['health', MAIN_HEALTH_PER_S],
    ] as const) {
      const run = await cannon(server.baseUrl, {
        path: `/api/v1/${path}`,
        connections: IN_FLIGHT,
        seconds: READ_SECONDS,
      });
      const p99 = percentile(run.latencies, 99);
      rows.push(
        `| ${path} reads/s, ${label}, ${IN_FLIGHT} connections | ${run.perSecond.toFixed(0)} | ` +
          `${(run.perSecond / before).toFixed(1)}x main's ${before}/s (goal ≥ 10x: ${met(run.perSecond >= 10 * before)}), ` +
          `p99 ${ms(p99)} (goal < 20 ms: ${met(p99 < 20)}); ${statusText(run)} |`,
      );
    }
  } finally {
    await server.stop();
  }
  return rows;
}

async function embedded<T>(work: (env: Record<string, string>) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'bb-bench-'));
  try {
    return await work({ DATA_DIR: dir, JWT_SECRET: '' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function onPostgres<T>(
  adminUrl: string,
  label: string,
  work: (env: Record<string, string>) => Promise<T>,
): Promise<T> {
  const target = await freshPostgres(adminUrl, label);
  const dir = mkdtempSync(join(tmpdir(), 'bb-bench-'));
  try {
    return await work({ DATABASE_URL: target.url, DATA_DIR: dir, JWT_SECRET: '' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await target.drop();
  }
}

export async function busyBench(): Promise<string[]> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const only = process.env.BENCH_BUSY_ONLY;
  const rows: string[] = [];
  const skipped = (what: string) =>
    rows.push(`| ${what}, PostgreSQL | skipped | set BENCH_DATABASE_URL or TEST_DATABASE_URL |`);

  if (!only || only === 'timer') {
    rows.push(await embedded((env) => timerBurst('embedded PGlite', env, BURST_EMBEDDED)));
    if (adminUrl) {
      rows.push(
        await onPostgres(adminUrl, 'burst', (env) => timerBurst('PostgreSQL', env, BURST_POSTGRES)),
      );
    } else skipped('timer burst');
  }
  if (!only || only === 'press') {
    const run = await embedded(pressesOfEveryKind);
    const raw = await rawPgliteInsertRate();
    rows.push(pressRow('embedded PGlite', run, raw, 'the same INSERT through PGlite'));
    if (adminUrl) {
      const onPg = await onPostgres(adminUrl, 'presses', pressesOfEveryKind);
      const rawPg = await rawPostgresInsertRate(adminUrl);
      rows.push(pressRow('PostgreSQL', onPg, rawPg, `pgbench -c ${IN_FLIGHT}`));
    } else skipped('presses of every kind');
  }
  if (!only || only === 'answers') {
    // BENCH_BUSY_EMBEDDED=off: PostgreSQL alone.
    if (process.env.BENCH_BUSY_EMBEDDED !== 'off') {
      const run = await embedded(answersAndClaims);
      const raw = await rawPgliteInsertRate();
      rows.push(...answerRows('embedded PGlite', run, raw, 'the press INSERT through PGlite'));
    }
    if (adminUrl) {
      const onPg = await onPostgres(adminUrl, 'answers', answersAndClaims);
      const rawPg = await rawPostgresInsertRate(adminUrl);
      rows.push(...answerRows('PostgreSQL', onPg, rawPg, `pgbench -c ${IN_FLIGHT}`));
    } else skipped('answers and reward claims');
  }
  if (!only || only === 'reads') {
    rows.push(...(await embedded((env) => publicReads('embedded PGlite', env))));
    if (adminUrl)
      rows.push(...(await onPostgres(adminUrl, 'reads', (env) => publicReads('PostgreSQL', env))));
    else skipped('public reads');
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await busyBench();
  console.log(`\n| figure | value | notes |\n| --- | --- | --- |\n${rows.join('\n')}`);
}
