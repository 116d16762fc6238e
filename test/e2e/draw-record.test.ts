// A player checks a draw on the phone: after entering, the operator closes the draw; the
// WINNINGS drawer lists it, and its page (/draws/{id}) shows the commitment, the seed, the
// entries, the player's entry and the winner, and says 'Verified on this phone' (a reload shows
// it again, Back returns to the drawer). Then the draw's record is altered in the database (the
// server stopped, the row changed, the server started again on the same data): the page says
// exactly what differs. Real server, real embedded database, real Chromium.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { openDatabase } from '../../server/db/database';
import { draws } from '../../server/db/schema';
import { dataDirWithDatabase } from '../support/pglite-template';
import {
  freePort,
  launchBrowser,
  newPlayer,
  ops,
  screenshot,
  tokenOf,
  type RunningServer,
} from './harness';
import { BUILT } from '../../scripts/build-server.js';

const START_GUARD_MS = 180_000;

/** The built server (as `npm start` runs it) on `dataDir` and `port`; stopping it leaves the data dir in place. */
async function serve(dataDir: string, port: number): Promise<RunningServer> {
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', BUILT.server], {
    cwd: process.cwd(),
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_GUARD_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`server not healthy:\n${output}`);
    // Healthy, and done printing what it prints as it starts (the starter code on a first
    // start, then that it is running): it answers before it has printed them.
    const started = output.includes('is running on');
    try {
      if (started && (await fetch(`${baseUrl}/api/v1/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const starter = /Starter invite code: (\S+)/.exec(output)?.[1] ?? '';
  return {
    baseUrl,
    dataDir,
    starterInviteCode: starter,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const sha256Hex = (hex: string) =>
  createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');

let browser: Browser;
let server: RunningServer;
let dataDir: string;
let port: number;

beforeAll(async () => {
  dataDir = dataDirWithDatabase('bb-e2e-draw-record-');
  port = await freePort();
  server = await serve(dataDir, port);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("a draw's record, checked on the phone", () => {
  it("says 'Verified on this phone', and exactly what differs once the record is altered", async () => {
    const { context, page } = await newPlayer(browser, server);
    // The draw closes once the entry is in ('You're Entered To Win' shows while it is on its way).
    const entered = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/v1/draw_entries') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: /Enter To Win/ }).tap();
    await page.waitForURL('**/youve-entered');
    expect((await entered).ok()).toBe(true);
    const token = await tokenOf(page);
    const closed = await ops(server, 'draw', 'close');
    const drawId = Number(/Closed draw (\d+)/.exec(closed)?.[1]);
    const record = (await (
      await fetch(`${server.baseUrl}/api/v1/draws/${drawId}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as {
      data: { commitment: string; seed: string; winning_entry_id: number; my_entry_ids: number[] };
    };
    const [entryId] = record.data.my_entry_ids;
    expect(record.data.winning_entry_id).toBe(entryId);

    // The drawer lists the draw; a tap opens its record, checked on this phone.
    await page.goto('/winnings');
    await page.locator('[data-panel="open"]').waitFor();
    const link = page
      .getByRole('region', { name: 'Your draws' })
      .getByRole('link', { name: new RegExp(`^Draw ${drawId},`) });
    await link.scrollIntoViewIfNeeded();
    await screenshot(page, 'draw-record-drawer');
    await link.tap();
    await page.waitForURL(`**/draws/${drawId}`);
    const main = page.getByRole('main', { name: `Draw ${drawId}` });
    await main.getByRole('heading', { name: 'Verified on this phone' }).waitFor();
    expect(await main.getByTestId('draw-commitment').textContent()).toBe(record.data.commitment);
    expect(await main.getByTestId('draw-seed').textContent()).toBe(record.data.seed);
    expect(await main.getByTestId('draw-entries').textContent()).toBe('1');
    expect(await main.getByTestId('draw-my-entries').textContent()).toBe(`#${entryId}`);
    expect(await main.getByTestId('draw-winner').textContent()).toBe(`#${entryId} (yours!)`);
    await screenshot(page, 'draw-record-verified');

    // A reload shows the same draw, checked again; Back returns to the drawer.
    await page.reload();
    await main.getByRole('heading', { name: 'Verified on this phone' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/draws/${drawId}`);
    await page.goBack();
    await page.waitForURL('**/winnings');
    await page.locator('[data-panel="open"]').waitFor();

    // The record is altered where it is kept: another seed, another winning entry.
    await server.stop();
    const forgedSeed = 'ab'.repeat(32);
    const forgedWinner = entryId! + 1000;
    const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pgdata') });
    await database.db
      .update(draws)
      .set({ seed: forgedSeed, winningEntryId: forgedWinner })
      .where(eq(draws.id, drawId));
    await database.close();
    server = await serve(dataDir, port);

    await page.goto(`/draws/${drawId}`);
    const alert = main.getByRole('alert');
    await alert.getByRole('heading', { name: 'This draw does not check out' }).waitFor();
    expect(await alert.getByRole('listitem').allTextContents()).toEqual([
      `The seed's SHA-256 is ${sha256Hex(forgedSeed)}, but the commitment published when the draw opened is ${record.data.commitment}.`,
      `The seed picks entry ${entryId}, but the record says the winning entry is ${forgedWinner}.`,
    ]);
    expect(await main.getByRole('heading', { name: 'Verified on this phone' }).count()).toBe(0);
    await screenshot(page, 'draw-record-altered');
    await context.close();
  });
});
