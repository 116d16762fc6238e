// The winnings drawer's server side for `npm run bench` (BENCH_ONLY=winnings runs it alone), on
// embedded PGlite and, with BENCH_DATABASE_URL or TEST_DATABASE_URL, on PostgreSQL:
//  1. drawer opens per second: an open is what the app asks when the drawer opens, GET coupons,
//     GET grand_prizes and GET referral_bonuses in parallel, timed until the last of the three
//     has answered; BENCH_WINNINGS_PLAYERS (200) signed-in players, each with a few coupons (some
//     with a grand prize or a referral bonus), open it BENCH_WINNINGS_OPENS (5) times each,
//     BENCH_WINNINGS_CONCURRENCY (16) opens in flight;
//  2. contact messages stored per second: each player sends its 5 of the hour (POST
//     contact-us/send-email, SMTP_URL unset, so storing is all), then a sixth, which must be 429;
//  3. the grand prize claimed by 50 requests at once (POST reward_payment_choices/claim, the
//     winner's own session): exactly one 201, 409 for the rest, and the time until the last answer.
// WARMUP_PLAYERS more players open the drawer and send their messages first, not counted: every
// pooled connection plans a statement afresh for its first runs, and Node's JIT warms up.
// Players, coupons, prizes and bonuses are set up before the server starts: players and sessions
// as the other benches make them (draw.ts signedInPlayers), grand prizes by closing draws through
// the draw service, coupons and referral bonuses inserted as the reward claim and the closing
// write them.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { Pool } from 'undici';
import { DRAW_PATHS } from '../contract/api';
import { CONTACT_MESSAGES_PER_HOUR, CONTACT_PATHS } from '../contract/contact';
import { WINNINGS_PATHS } from '../contract/winnings';
import { loadConfig } from '../server/config';
import { databaseTarget, openDatabase } from '../server/db/database';
import { createServices } from '../server/services/index';
import { REFERRAL_BONUS_RATE } from '../server/services/prizes';
import { createSmsSender } from '../server/sms/sender';
import { cpuSeconds, freshPostgres, signedInPlayers } from './draw';
import { percentile, startServer } from './processes';

const PLAYERS = Number(process.env.BENCH_WINNINGS_PLAYERS ?? 200);
const WARMUP_PLAYERS = Number(process.env.BENCH_WINNINGS_WARMUP ?? 50);
const OPENS_EACH = Number(process.env.BENCH_WINNINGS_OPENS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_WINNINGS_CONCURRENCY ?? 16);
/** Coupons each player holds (plus one token reward, which GET coupons leaves out). */
const COUPONS_EACH = 4;
/** Draws closed before the run: each leaves a grand prize and its winner's inviter a bonus. */
const PRIZE_DRAWS = 10;
const RACING_CLAIMS = 50;

interface Seeded {
  /** The warm-up players' tokens first, then the timed players'. */
  tokens: string[];
  /** The winner of the first prize, and that prize. */
  winnerToken: string;
  prizeId: string;
  coupons: number;
  grandPrizes: number;
  referralBonuses: number;
}

/** The session id a bench token names (its `sid`). */
const sessionOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sid: string })
    .sid;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The players, their coupons, prizes and bonuses, written before the server starts. */
async function seed(env: Record<string, string>): Promise<Seeded> {
  const config = loadConfig({ LOG_LEVEL: 'silent', ...env });
  const database = await openDatabase(databaseTarget(config));
  try {
    await database.migrate();
    const services = createServices({
      db: database.db,
      config,
      sms: createSmsSender(config, { info: () => undefined }),
      now: () => new Date(),
    });
    await services.catalog.loadStarterOnce();
    const tokens = await signedInPlayers(database, env, WARMUP_PLAYERS + PLAYERS);

    // Every player presses in each of PRIZE_DRAWS draws, each closed by the draw service: its
    // winner gets the grand prize (a player may win twice).
    for (let i = 0; i < PRIZE_DRAWS; i++) {
      const draw = await services.draws.ensureOpen();
      await database.db.execute(sql`
        insert into draw_entries (draw_id, user_id, source)
        select ${draw.id}, user_id, 'button' from sessions`);
      await services.draws.closeNow();
    }
    // Each winner's inviter (another player) earned the referral bonus, as the closing writes it.
    await database.db.execute(sql`
      insert into referral_bonuses (inviter_id, winner_id, grand_prize_id, amount)
      select (select user_id from sessions where user_id <> g.user_id
              order by md5(g.id::text || user_id::text) limit 1),
        g.user_id, g.id, round(g.prize_amount * ${REFERRAL_BONUS_RATE}::numeric)::int
      from grand_prizes g`);

    // Then a press in the open draw and a claimed batch's rewards for it: a token reward and
    // COUPONS_EACH coupons of the catalog's offers, as the reward claim writes them.
    const open = await services.draws.ensureOpen();
    await database.db.execute(sql`
      with entered as (
        insert into draw_entries (draw_id, user_id, source)
        select ${open.id}, user_id, 'button' from sessions
        returning id, user_id
      ), tokens as (
        insert into rewards (user_id, type, value, draw_entry_id)
        select user_id, 'token_reward', 5, id from entered
      )
      insert into rewards (user_id, type, value, value_cents, coupon_type, image_link, link,
        offer_id, kind, message, draw_entry_id)
      select e.user_id, 'coupon_reward', o.value_cents / 100, o.value_cents, o.coupon_type,
        o.image, o.link, o.id, o.kind, coalesce(o.code, o.delivery_note), e.id
      from entered e cross join lateral (
        select * from offers order by md5(e.user_id::text || offers.key) limit ${COUPONS_EACH}
      ) as o`);

    const [counts] = rowsOf<{ coupons: number; prizes: number; bonuses: number }>(
      await database.db.execute(sql`
        select (select count(*)::int from rewards where type = 'coupon_reward') as coupons,
          (select count(*)::int from grand_prizes) as prizes,
          (select count(*)::int from referral_bonuses) as bonuses`),
    );
    if (counts?.coupons !== tokens.length * COUPONS_EACH || counts.prizes !== PRIZE_DRAWS) {
      throw new Error(`seeded ${JSON.stringify(counts)}`);
    }
    const [first] = rowsOf<{ prize_id: string; session_id: string }>(
      await database.db.execute(sql`
        select g.id::text as prize_id, s.id::text as session_id
        from grand_prizes g join sessions s on s.user_id = g.user_id
        order by g.created_at, g.id limit 1`),
    );
    const winnerToken = tokens.find((token) => sessionOf(token) === first?.session_id);
    if (!first || !winnerToken) throw new Error('no token for the first prize’s winner');
    return {
      tokens,
      winnerToken,
      prizeId: first.prize_id,
      coupons: counts.coupons,
      grandPrizes: counts.prizes,
      referralBonuses: counts.bonuses,
    };
  } finally {
    await database.close();
  }
}

interface Timed {
  perSecond: number;
  latencies: number[];
  statuses: Map<number, number>;
  /** The server process's CPU time over the run, as a share of one core. */
  serverCpu: number;
}

/** `count` calls of `work`, `concurrency` at a time; each answers the statuses it got. */
async function timed(
  serverPid: number,
  count: number,
  concurrency: number,
  work: (k: number) => Promise<number[]>,
): Promise<Timed> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const cpuBefore = cpuSeconds(serverPid);
  const began = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const k = next++;
        const t0 = performance.now();
        const got = await work(k);
        latencies.push(performance.now() - t0);
        for (const status of got) statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    perSecond: count / seconds,
    latencies,
    statuses,
    serverCpu: (cpuSeconds(serverPid) - cpuBefore) / seconds,
  };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const statusText = (statuses: Map<number, number>) =>
  [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${count}x ${status}`)
    .join(', ');

/** The three figures on one database: its rows of the bench table. */
async function winningsFigures(label: string, env: Record<string, string>): Promise<string[]> {
  const seeded = await seed(env);
  const server = await startServer(env);
  // Three connections per open in flight: the three GETs really go at once, as from a phone.
  const http = new Pool(server.baseUrl, { connections: CONCURRENCY * 3 });
  const call = async (
    method: 'GET' | 'POST',
    path: string,
    token: string,
    body?: unknown,
  ): Promise<{ status: number; text: string }> => {
    const response = await http.request({
      path: `/api/v1/${path}`,
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.statusCode, text: await response.body.text() };
  };
  const DRAWER = [WINNINGS_PATHS.coupons, DRAW_PATHS.grandPrizes, WINNINGS_PATHS.referralBonuses];
  const openDrawer = async (token: string) => {
    const answers = await Promise.all(DRAWER.map((path) => call('GET', path, token)));
    for (const [i, answer] of answers.entries()) {
      if (answer.status !== 200) {
        throw new Error(`GET ${DRAWER[i]} answered ${answer.status}: ${answer.text}`);
      }
    }
    return answers;
  };
  const contact = (token: string, n: number) =>
    call('POST', CONTACT_PATHS.sendEmail, token, {
      subject: `The drawer, question ${n + 1}`,
      message: `Hello, my coupon code from this week does not work at the checkout (${n + 1}).`,
    });

  try {
    const warm = seeded.tokens.slice(0, WARMUP_PLAYERS);
    const players = seeded.tokens.slice(WARMUP_PLAYERS);
    const rows: string[] = [];

    // ---- 1. drawer opens
    // Every player's first open is checked: COUPONS_EACH coupons each, every prize and bonus
    // listed for someone.
    let prizesSeen = 0;
    let bonusesSeen = 0;
    for (let from = 0; from < seeded.tokens.length; from += CONCURRENCY) {
      await Promise.all(
        seeded.tokens.slice(from, from + CONCURRENCY).map(async (token) => {
          const [coupons, prizes, bonuses] = (await openDrawer(token)).map(
            (answer) => (JSON.parse(answer.text) as { data: unknown[] }).data.length,
          );
          if (coupons !== COUPONS_EACH)
            throw new Error(`${coupons} coupons listed, not ${COUPONS_EACH}`);
          prizesSeen += prizes!;
          bonusesSeen += bonuses!;
        }),
      );
    }
    if (prizesSeen !== seeded.grandPrizes || bonusesSeen !== seeded.referralBonuses) {
      throw new Error(`the drawers listed ${prizesSeen} prizes and ${bonusesSeen} bonuses`);
    }
    await timed(server.pid, warm.length * OPENS_EACH, CONCURRENCY, async (k) => {
      await openDrawer(warm[k % warm.length]!);
      return [200, 200, 200];
    });
    const opens = await timed(server.pid, players.length * OPENS_EACH, CONCURRENCY, async (k) =>
      (await openDrawer(players[k % players.length]!)).map((answer) => answer.status),
    );
    rows.push(
      `| drawer opens/s, ${label}, ${CONCURRENCY} opens in flight | ${opens.perSecond.toFixed(0)} | ` +
        `p50 ${ms(percentile(opens.latencies, 50))}, p99 ${ms(percentile(opens.latencies, 99))} per open ` +
        `(GET coupons, grand_prizes and referral_bonuses at once, until the last answered); ` +
        `${players.length} players x ${OPENS_EACH} opens after ${warm.length} players' to warm up, ` +
        `${COUPONS_EACH} coupons each, ${seeded.grandPrizes} grand prizes and ${seeded.referralBonuses} ` +
        `referral bonuses among them: ${statusText(opens.statuses)}; ` +
        `server process at ${(opens.serverCpu * 100).toFixed(0)}% of a core |`,
    );

    // ---- 2. contact messages: player k % n's message k / n, so those in flight are different
    // players' (one player's messages take turns on its row lock).
    const sendAll = async (tokens: string[]) =>
      timed(server.pid, tokens.length * CONTACT_MESSAGES_PER_HOUR, CONCURRENCY, async (k) => [
        (await contact(tokens[k % tokens.length]!, Math.floor(k / tokens.length))).status,
      ]);
    await sendAll(warm);
    const sent = await sendAll(players);
    const over = await timed(server.pid, players.length, CONCURRENCY, async (k) => [
      (await contact(players[k]!, CONTACT_MESSAGES_PER_HOUR)).status,
    ]);
    const allStored = sent.statuses.get(201) === players.length * CONTACT_MESSAGES_PER_HOUR;
    const allRefused = over.statuses.get(429) === players.length;
    if (!allStored || !allRefused) {
      throw new Error(
        `contact: ${statusText(sent.statuses)}, then the sixth: ${statusText(over.statuses)}`,
      );
    }
    rows.push(
      `| contact messages stored/s, ${label}, ${CONCURRENCY} in flight | ${sent.perSecond.toFixed(0)} | ` +
        `p50 ${ms(percentile(sent.latencies, 50))}, p99 ${ms(percentile(sent.latencies, 99))}; ` +
        `${players.length} players x ${CONTACT_MESSAGES_PER_HOUR} messages after ${warm.length} players' to warm up, ` +
        `SMTP_URL unset: ${statusText(sent.statuses)}; each player's sixth: ${statusText(over.statuses)} ` +
        `(${over.perSecond.toFixed(0)}/s, p99 ${ms(percentile(over.latencies, 99))}); ` +
        `server process at ${(sent.serverCpu * 100).toFixed(0)}% of a core |`,
    );

    // ---- 3. one prize claimed by RACING_CLAIMS requests at once, on connections opened before
    const racing = new Pool(server.baseUrl, { connections: RACING_CLAIMS });
    try {
      const listed = await Promise.all(
        Array.from({ length: RACING_CLAIMS }, () =>
          racing
            .request({
              path: `/api/v1/${DRAW_PATHS.grandPrizes}`,
              method: 'GET',
              headers: { authorization: `Bearer ${seeded.winnerToken}` },
            })
            .then((response) => response.body.json() as Promise<{ data: { id: string }[] }>),
        ),
      );
      if (!listed[0]?.data.some((prize) => prize.id === seeded.prizeId)) {
        throw new Error('the winner’s drawer does not list the prize');
      }
      const bodies = [
        { payment_method: 'PayPal', email: 'winner@example.com' },
        { payment_method: 'Venmo', handle: '@lucky-winner' },
        { payment_method: 'Virtual Visa', email: 'card@example.com' },
      ];
      const answeredAt: number[] = [];
      const statuses = new Map<number, number>();
      let winningMethod = '';
      const began = performance.now();
      await Promise.all(
        Array.from({ length: RACING_CLAIMS }, async (_, k) => {
          const response = await racing.request({
            path: `/api/v1/${WINNINGS_PATHS.claimPrize}`,
            method: 'POST',
            headers: {
              authorization: `Bearer ${seeded.winnerToken}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify({ grand_prize_id: seeded.prizeId, ...bodies[k % 3] }),
          });
          const text = await response.body.text();
          answeredAt.push(performance.now() - began);
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          if (response.statusCode === 201) {
            winningMethod = (JSON.parse(text) as { data: { payment_method: string } }).data
              .payment_method;
          }
        }),
      );
      const last = Math.max(...answeredAt);
      const exactlyOne = statuses.get(201) === 1 && statuses.get(409) === RACING_CLAIMS - 1;
      // The record: claimed once, with the method of the one 201.
      const after = (
        JSON.parse((await call('GET', DRAW_PATHS.grandPrizes, seeded.winnerToken)).text) as {
          data: { id: string; claimed: boolean; payment_method: string | null }[];
        }
      ).data.find((prize) => prize.id === seeded.prizeId);
      const recorded = after?.claimed === true && after.payment_method === winningMethod;
      rows.push(
        `| ${RACING_CLAIMS} claims of one grand prize at once, ${label} | ${last.toFixed(0)} ms to the last answer | ` +
          `${statusText(statuses)} (goal: exactly one 201, the rest 409: ${exactlyOne ? 'met' : 'NOT met'}); ` +
          `first answer after ${Math.min(...answeredAt).toFixed(0)} ms; the prize reads claimed by ${winningMethod || 'none'}` +
          `${recorded ? '' : ' (NOT as recorded)'}; the winner's own session on ${RACING_CLAIMS} connections opened before |`,
      );
      if (!exactlyOne || !recorded) throw new Error(rows[rows.length - 1]);
    } finally {
      await racing.close();
    }
    return rows;
  } finally {
    await http.close();
    await server.stop();
  }
}

/** The winnings drawer's rows of the bench table. */
export async function winningsBench(): Promise<string[]> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const [load] = loadavg();
  console.error(`winnings bench: load average ${load!.toFixed(2)} at the start`);
  const rows: string[] = [];
  const pgliteDir = mkdtempSync(join(tmpdir(), 'bb-bench-'));
  try {
    rows.push(
      ...(await winningsFigures('embedded PGlite', {
        DATA_DIR: pgliteDir,
        JWT_SECRET: '',
        SMTP_URL: '',
      })),
    );
  } finally {
    rmSync(pgliteDir, { recursive: true, force: true });
  }
  if (adminUrl) {
    const target = await freshPostgres(adminUrl, 'winnings');
    const dataDir = mkdtempSync(join(tmpdir(), 'bb-bench-'));
    try {
      rows.push(
        ...(await winningsFigures('PostgreSQL', {
          DATABASE_URL: target.url,
          DATA_DIR: dataDir,
          JWT_SECRET: '',
          SMTP_URL: '',
        })),
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await target.drop();
    }
  } else {
    rows.push(
      '| winnings drawer, contact messages, prize claims, PostgreSQL | skipped | set BENCH_DATABASE_URL or TEST_DATABASE_URL |',
    );
  }
  const [loadAfter] = loadavg();
  console.error(`winnings bench: load average ${loadAfter!.toFixed(2)} at the end`);
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await winningsBench();
  console.log(`\n| figure | value | notes |\n| --- | --- | --- |\n${rows.join('\n')}`);
}
