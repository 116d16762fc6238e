// What the look tours share: their server, browser and phone, a catalog that draws the same
// offer whatever the draw picks, and their verdicts.
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, ops, phoneContext, startServer, type RunningServer } from '../harness';
import { describeFindings, keepRealTimersForAxe } from './axe';
import { LookTour } from './tour';

/**
 * A phone whose page runs the page's own clock, as the real one until a screen is held still
 * (axe keeps the browser's timers, taken before the clock is installed), in the light theme
 * with motion reduced. `options` adds to the harness's phone.
 */
export async function lookingPhone(
  browser: Browser,
  server: RunningServer,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await phoneContext(browser, server.baseUrl, options);
  await keepRealTimersForAxe(context);
  await context.clock.install();
  const page = await context.newPage();
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  return { context, page };
}

/**
 * Every coupon and gift card in the catalog made the offer under `key`, each under its own key:
 * the offer a reward draws is chosen at random, and the screens showing it look the same
 * whichever it is.
 */
export async function everyOfferAs(server: RunningServer, key: string): Promise<void> {
  const starter = (await import('../../../server/catalog/offers.json')).default as {
    offers: Array<{ key: string }>;
  };
  const shown = starter.offers.find((offer) => offer.key === key);
  if (!shown) throw new Error(`no offer ${key} in the starter catalog`);
  const file = join(tmpdir(), `bb-look-offers-${process.pid}-${key}.json`);
  writeFileSync(
    file,
    JSON.stringify({ offers: starter.offers.map((offer) => ({ ...shown, key: offer.key })) }),
  );
  try {
    await ops(server, 'coupons', 'import', file);
  } finally {
    rmSync(file, { force: true });
  }
}

/** A tour's server, browser and phone, ready once the file's `beforeAll` hooks have run. */
export type LookSession = {
  server: RunningServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  tour: LookTour;
};

/**
 * Starts the file's server (with `env`) and browser before its tests, the catalog drawing the
 * offer under `offer` alone, and the tour's phone; closes both after the tests.
 */
export function lookTour(env: Record<string, string>, offer: string): LookSession {
  const session = {} as LookSession;
  beforeAll(async () => {
    session.server = await startServer(env);
    session.browser = await launchBrowser();
    await everyOfferAs(session.server, offer);
    Object.assign(session, await lookingPhone(session.browser, session.server));
    session.tour = new LookTour(session.page);
  });
  afterAll(async () => {
    await session.browser?.close();
    await session.server?.stop();
  });
  return session;
}

/** The tour's verdicts, once its screens are looked at: each problem on every screen, at once. */
export function itHoldsEveryScreen(session: LookSession): void {
  it('finds nothing for axe on any screen, in either theme', () => {
    expect(describeFindings(session.tour.findings), 'axe violations').toBe('');
  });

  it('looks as the baselines do on every screen, at every width, in either theme', () => {
    expect(session.tour.differences.join('\n'), 'screenshots unlike their baselines').toBe('');
  });
}
