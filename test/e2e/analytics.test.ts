// Analytics on a phone: every screen the player opens is a page view, and the What I Like click
// lands too, each with the platform (the phone's user agent says Android); what is queued when
// the page goes away is sent by beacon. Real server, real embedded database, real Chromium.
import { describe, expect, it } from 'vitest';
import type { StatsReport } from '../../server/services/stats';
import {
  newPhone,
  ops,
  phoneContext,
  pressToWhatILike,
  screenshot,
  signInThroughPhoneLogin,
  withServerAndBrowser,
} from './harness';

const e2e = withServerAndBrowser();

async function report(): Promise<StatsReport> {
  return JSON.parse(await ops(e2e.server, 'stats', '--days', '1', '--json')) as StatsReport;
}

/** Asks `ops stats` again until `holds` says the report shows what is awaited. */
async function untilReported(holds: (now: StatsReport) => boolean, what: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const now = await report();
    if (holds(now)) return now;
    if (Date.now() > deadline) throw new Error(`${what}: ${JSON.stringify(now)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const viewsOf = (now: StatsReport, path: string) =>
  now.screens.find((screen) => screen.path === path)?.views ?? 0;

describe('analytics on a phone', () => {
  it('records the screens opened and the clicks, with the platform, sent as the page goes', async () => {
    const context = await phoneContext(e2e.browser, e2e.server.baseUrl);
    const page = await context.newPage();
    await signInThroughPhoneLogin(page, e2e.server, newPhone());
    await pressToWhatILike(page);
    await screenshot(page, 'analytics-what-i-like');
    await page.getByRole('button', { name: 'What I Like' }).tap();
    await page.waitForURL('**/disclosure');
    await page.getByRole('button', { name: "Got it, let's go" }).tap();
    await page.waitForURL('**/questionnaire');
    // The screen itself, not only its address: its page view is told as the address and the
    // app's state agree, a render after the address changes (a page closed in between was never
    // seen, and tells nothing).
    await page.getByText("The More You Tell Us, The More You'll Win").waitFor();
    // Whatever is still queued goes by beacon as the page goes away (its timers go with it).
    await page.close({ runBeforeUnload: true });

    const now = await untilReported(
      (r) => viewsOf(r, '/questionnaire') >= 1 && r.platforms.clicks.android >= 1,
      'the questions page view and the What I Like click',
    );
    // Each screen opened once, as this one player passed it (a render does not count twice).
    for (const path of [
      '/phone-login',
      '/login',
      '/home',
      '/youve-entered',
      '/what-i-like',
      '/disclosure',
    ]) {
      expect(viewsOf(now, path), path).toBe(1);
    }
    expect(now.screens.find((s) => s.path === '/home')?.players).toBe(1);
    // The sign-in pages were a visitor's; the signed-in pages are the player's.
    expect(now.screens.find((s) => s.path === '/phone-login')?.players).toBe(0);
    // Every view and click came from the Android phone.
    expect(now.platforms.page_views.ios + now.platforms.page_views.other).toBe(0);
    expect(now.platforms.page_views.android).toBe(now.totals.page_views);
    expect(now.platforms.clicks.android).toBe(now.totals.clicks);
    await context.close();
  });
});
