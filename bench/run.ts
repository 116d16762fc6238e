// `npm run bench`: the figures kept in bench/RESULTS.md.
//  1. time from `npm start` to a healthy server on a fresh data dir (client build included);
//  2. sign-ins per second through the HTTP API (request_code + verify_code), on the embedded
//     database and, when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, on PostgreSQL;
//  3. gzip size of the JavaScript the first screen loads, and of all the JavaScript a first
//     visit to /disclaimer downloads in Chromium (budget 120 KB each);
//  4. the draw's figures (bench/draw.ts): presses, the live channel, closing a big draw;
//  5. the busy moments (bench/busy.ts, autocannon): the timer burst after a close, presses of
//     every kind against the raw INSERT rate, public reads;
//  6. Lighthouse mobile scores of /disclaimer and a signed-in /home (bench/lighthouse.ts);
//  7. the winnings drawer's server side (bench/winnings.ts): drawer opens, contact messages
//     stored, one prize claimed by 50 requests at once (BENCH_ONLY=winnings: these alone).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { busyBench } from './busy';
import { drawBench } from './draw';
import { lighthouseBench } from './lighthouse';
import { percentile, postJson as post, startServer } from './processes';
import { CHROMIUM_ARGS } from '../test/e2e/harness';
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

/** The built client: CLIENT_DIR when given (the server serves it too), else dist/client. */
const clientDir = () => process.env.CLIENT_DIR ?? join(process.cwd(), 'dist', 'client');

/**
 * The scripts the first screen names in its page: the disclaimer's built page when there is one
 * (src/app/prerender-pages.ts: its guard, and the app's files it starts), else index.html.
 */
function firstScreenGzipKb(): number {
  const dist = clientDir();
  const page = existsSync(join(dist, 'disclaimer.html')) ? 'disclaimer.html' : 'index.html';
  const html = readFileSync(join(dist, page), 'utf8');
  const scripts = [
    ...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g),
  ].map((m) => m[1]!);
  // A built page names the app's code for its guard to start after the paint.
  const named = /<meta name="app-files" content="([^"]+)">/.exec(html)?.[1];
  if (named) scripts.push(...named.split(' '));
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

/** The network counts as settled once it has been quiet this long. */
const QUIET_MS = 3000;

/**
 * Every script a fresh visit to /disclaimer downloads, in Chromium on a phone-sized page (a new
 * profile: no cache, no service worker yet): the first screen's and all that loads after it
 * (the API client, analytics, the service worker's registration), counted until the network has
 * been quiet for QUIET_MS. Each as the gzip size of its body. What the service worker then
 * fetches for the offline shell is its own download, not the page's, and is not counted.
 */
async function firstVisitScripts(): Promise<{ url: string; gzip: number }[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bb-bench-'));
  const server = await startServer({ DATA_DIR: dataDir, CLIENT_DIR: clientDir() });
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const scripts: Promise<{ url: string; gzip: number }>[] = [];
    let lastActivity = performance.now();
    page.on('request', () => (lastActivity = performance.now()));
    page.on('requestfinished', () => (lastActivity = performance.now()));
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push(
        response.body().then((body) => ({
          url: new URL(response.url()).pathname,
          gzip: gzipSync(body).length,
        })),
      );
    });
    await page.goto(`${server.baseUrl}/disclaimer`, { waitUntil: 'networkidle' });
    while (performance.now() - lastActivity < QUIET_MS) {
      await page.waitForTimeout(250);
    }
    const counted = await Promise.all(scripts);
    await context.close();
    return counted.sort((a, b) => b.gzip - a.gzip);
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function firstVisitRow(): Promise<string> {
  const scripts = await firstVisitScripts();
  const kb = scripts.reduce((sum, script) => sum + script.gzip, 0) / 1024;
  const files = scripts
    .map((script) => `${script.url.replace(/^\/assets\//, '')} ${(script.gzip / 1024).toFixed(1)}`)
    .join(', ');
  return `| first visit to /disclaimer, all its JavaScript, gzip (Chromium) | ${kb.toFixed(1)} KB in ${scripts.length} files | budget ${FIRST_SCREEN_BUDGET_KB} KB: ${kb <= FIRST_SCREEN_BUDGET_KB ? 'within' : 'OVER'}; ${files} |`;
}

async function main(): Promise<void> {
  const rows: string[] = [];
  // BENCH_ONLY=size: only the JavaScript sizes, of the client already built (CLIENT_DIR or
  // dist/client): the first screen's, and a first visit's to /disclaimer in Chromium.
  if (process.env.BENCH_ONLY === 'size') {
    console.log(
      [
        '| figure | value | notes |',
        '| --- | --- | --- |',
        firstScreenRow(),
        await firstVisitRow(),
      ].join('\n'),
    );
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
  rows.push(await firstVisitRow());

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
