// `npm run bench`: the figures kept in bench/RESULTS.md.
//  1. time from `npm start` to a healthy server on a fresh data dir (client build included);
//  2. sign-ins per second through the HTTP API (request_code + verify_code), on the embedded
//     database and, when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, on PostgreSQL;
//  3. gzip size of the JavaScript the first screen loads (budget 120 KB);
//  4. the draw's figures (bench/draw.ts): presses, the live channel, closing a big draw;
//  5. the busy moments (bench/busy.ts, autocannon): the timer burst after a close, presses of
//     every kind against the raw INSERT rate, public reads;
//  6. Lighthouse mobile scores of /disclaimer and a signed-in /home (bench/lighthouse.ts);
//  7. the winnings drawer's server side (bench/winnings.ts): drawer opens, contact messages
//     stored, one prize claimed by 50 requests at once (BENCH_ONLY=winnings: these alone).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { busyBench } from './busy';
import { drawBench } from './draw';
import { lighthouseBench } from './lighthouse';
import { percentile, postJson as post, startServer } from './processes';
import { BUILT } from '../scripts/build-server.js';
import { winningsBench } from './winnings';

const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 400);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const FIRST_SCREEN_BUDGET_KB = 120;

async function signInRate(label: string, env: Record<string, string>): Promise<string> {
  const server = await startServer({
    CODE_LIMIT_PER_ADDRESS: '1000000',
    CODE_LIMIT_PER_PHONE: '1000000',
    ...env,
  });
  try {
    // Registration is set-up, not measured: every player registers with one campaign code.
    const campaign = execFileSync(
      process.execPath,
      [BUILT.cli, 'invite', 'create', '--uses', String(SIGN_INS)],
      { env: { ...process.env, ...env } },
    )
      .toString()
      .trim()
      .split('\n')
      .pop()!;
    const phones = Array.from({ length: SIGN_INS }, (_, i) => `1415${String(2000000 + i)}`);
    for (const phone of phones)
      await post(server.baseUrl, 'users/registrations', {
        phone_number: phone,
        invite_code: campaign,
      });

    const latencies: number[] = [];
    let next = 0;
    const began = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < phones.length) {
          const phone = phones[next++]!;
          const t0 = performance.now();
          const sent = (await post(server.baseUrl, 'users/request_code', {
            phone_number: phone,
          })) as { otp?: string };
          await post(server.baseUrl, 'users/verify_code', { phone_number: phone, code: sent.otp });
          latencies.push(performance.now() - t0);
        }
      }),
    );
    const seconds = (performance.now() - began) / 1000;
    latencies.sort((a, b) => a - b);
    return `| sign-ins/s, ${label} | ${(phones.length / seconds).toFixed(0)} | p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, ${phones.length} sign-ins, ${CONCURRENCY} concurrent |`;
  } finally {
    await server.stop();
  }
}

function firstScreenGzipKb(): number {
  const dist = join(process.cwd(), 'dist', 'client');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const scripts = [
    ...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g),
  ].map((m) => m[1]!);
  const bytes = [...new Set(scripts)].reduce(
    (sum, src) => sum + gzipSync(readFileSync(join(dist, src))).length,
    0,
  );
  return bytes / 1024;
}

function firstScreenRow(): string {
  const kb = firstScreenGzipKb();
  return `| first screen JavaScript, gzip | ${kb.toFixed(1)} KB | budget ${FIRST_SCREEN_BUDGET_KB} KB: ${kb <= FIRST_SCREEN_BUDGET_KB ? 'within' : 'OVER'} |`;
}

async function main(): Promise<void> {
  const rows: string[] = [];
  // BENCH_ONLY=size: only the first screen's JavaScript, of the client already built.
  if (process.env.BENCH_ONLY === 'size') {
    console.log(['| figure | value | notes |', '| --- | --- | --- |', firstScreenRow()].join('\n'));
    return;
  }
  // BENCH_ONLY=winnings: only the winnings drawer's figures (bench/winnings.ts).
  if (process.env.BENCH_ONLY === 'winnings') {
    const winnings = await winningsBench();
    console.log(`\n| figure | value | notes |\n| --- | --- | --- |\n${winnings.join('\n')}`);
    return;
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'bb-bench-'));
  const npmStart = await startServer({ DATA_DIR: dataDir }, 4096, ['npm', 'start']);
  await npmStart.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rows.push(
    `| \`npm start\` to healthy, fresh data dir (includes the client build) | ${(npmStart.msToHealthy / 1000).toFixed(2)} s | |`,
  );

  const serverDir = mkdtempSync(join(tmpdir(), 'bb-bench-'));
  const serverOnly = await startServer({
    DATA_DIR: serverDir,
  });
  await serverOnly.stop();
  rmSync(serverDir, { recursive: true, force: true });
  rows.push(
    `| server start to healthy, fresh data dir (client already built) | ${(serverOnly.msToHealthy / 1000).toFixed(2)} s | migrations and seed included |`,
  );

  rows.push(firstScreenRow());

  const pgliteDir = mkdtempSync(join(tmpdir(), 'bb-bench-'));
  try {
    rows.push(await signInRate('embedded PGlite', { DATA_DIR: pgliteDir }));
  } finally {
    rmSync(pgliteDir, { recursive: true, force: true });
  }

  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const name = `bb_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    const pgDir = mkdtempSync(join(tmpdir(), 'bb-bench-'));
    try {
      rows.push(await signInRate('PostgreSQL', { DATABASE_URL: url.href, DATA_DIR: pgDir }));
    } finally {
      rmSync(pgDir, { recursive: true, force: true });
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  } else {
    rows.push('| sign-ins/s, PostgreSQL | skipped | set BENCH_DATABASE_URL or TEST_DATABASE_URL |');
  }

  rows.push(...(await drawBench()));
  rows.push(...(await busyBench()));
  rows.push(...(await winningsBench()));
  // The client was built by the `npm start` above.
  rows.push(...(await lighthouseBench({ build: false })));

  console.log(`\n| figure | value | notes |\n| --- | --- | --- |\n${rows.join('\n')}`);
}

await main();
