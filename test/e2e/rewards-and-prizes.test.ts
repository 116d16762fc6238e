// The rewards and the grand prize, as a player meets them on a phone: a reward is tapped past
// once it has had its first second; a reload on /rewards goes on with the reward that was
// playing; a coupon claimed in WINNINGS before it played is never announced again; a winner who
// missed the 3 s 'YOU WON!' still finds the way to claim on /home. Real server, real embedded
// database, real Chromium, real touch input.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ops, screenshot, withServerAndBrowser, newPlayer as newPlayerOn } from './harness';

const e2e = withServerAndBrowser();

const newPlayer = () => newPlayerOn(e2e.browser, e2e.server);

type Seen = { at: number; card: string | null; path: string };

/** Records in the page every change of the reward card on screen and of the path. */
async function recordScreens(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: Seen[] = [];
    let last = '';
    const note = () => {
      const card = document.querySelector('.rewards__card');
      const now: Seen = {
        at: performance.now(),
        card: card ? (card.textContent?.trim() ?? '') : null,
        path: location.pathname,
      };
      const key = `${now.card}@${now.path}`;
      if (key === last) return;
      last = key;
      seen.push(now);
    };
    new MutationObserver(note).observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
    });
    (window as unknown as { screensSeen: Seen[] }).screensSeen = seen;
    note();
  });
}

async function screensSeen(page: Page): Promise<Seen[]> {
  return page.evaluate(() => (window as unknown as { screensSeen: Seen[] }).screensSeen);
}

/** How long the card reading `text` was on screen (until another card or none replaced it). */
function onScreenFor(seen: Seen[], text: string): number {
  const start = seen.findIndex((entry) => entry.card === text);
  const end = seen.slice(start + 1).find((entry) => entry.card !== text);
  return Math.round((end?.at ?? Number.NaN) - (seen[start]?.at ?? Number.NaN));
}

/** A press and a first-time Skip: the wishlist coupon (or gift card) starts to play. */
async function pressAndSkipToReward(page: Page): Promise<string> {
  await page.getByRole('button', { name: /Enter To Win/ }).tap();
  await page.waitForURL('**/what-i-like', { timeout: 10_000 });
  await recordScreens(page);
  await page.getByRole('button', { name: 'Skip', exact: true }).tap();
  await page.waitForURL('**/rewards', { timeout: 10_000 });
  const card = page.locator('.rewards__card');
  await card.waitFor();
  return ((await card.textContent()) ?? '').trim();
}

/** The countdown on /home. */
async function expectCountdown(page: Page): Promise<void> {
  await page.waitForURL('**/home', { timeout: 20_000 });
  await page.getByText('Enter The Next Drawing In:').waitFor();
}

/**
 * Stops the page's clock where it is (a step ahead: the clock runs on while the test asks, so
 * a step already behind it is tried again a little further on).
 */
async function stopClock(page: Page): Promise<void> {
  for (let ahead = 50; ; ahead *= 2) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + ahead);
      return;
    } catch (error) {
      if (ahead > 10_000 || !String(error).includes('to the past')) throw error;
    }
  }
}

/** A finger tap at the middle of the screen. */
async function tapScreen(page: Page): Promise<void> {
  const { width, height } = page.viewportSize()!;
  await page.touchscreen.tap(width / 2, height / 2);
}

describe('the rewards', () => {
  it('are tapped past once each has had its first second', async () => {
    const { context, page } = await newPlayer();
    // The page's own clock from here, stopped: a reward's second is a second of this clock
    // however busy the machine running the test is, so a tap lands when the test says.
    await page.clock.install();
    await page.reload();
    await page.getByRole('button', { name: /Enter To Win/ }).tap();
    await page.waitForURL('**/what-i-like', { timeout: 10_000 });
    await recordScreens(page);
    const skip = page.getByRole('button', { name: 'Skip', exact: true });
    await skip.waitFor();
    await stopClock(page);
    await skip.tap();
    const card = page.locator('.rewards__card');
    while (!(await card.isVisible())) await page.clock.runFor(50);
    const reward = ((await card.textContent()) ?? '').trim();

    // A tap at once does nothing: the reward has its first second.
    const next = page.getByRole('button', { name: 'Continue' });
    await tapScreen(page);
    await page.clock.runFor(900);
    expect(await next.isDisabled()).toBe(true);
    expect(((await card.textContent()) ?? '').trim()).toBe(reward);
    await page.clock.runFor(150);
    await next.and(page.locator(':enabled')).waitFor();
    await screenshot(page, 'rewards-tap-to-continue');
    await page.getByText('Tap to continue').waitFor();
    await next.tap();
    await page.waitForURL('**/home', { timeout: 20_000 });
    await page.clock.resume();
    await expectCountdown(page);
    const shown = onScreenFor(await screensSeen(page), reward);
    const seen = JSON.stringify(await screensSeen(page));
    expect(shown, seen).toBeGreaterThanOrEqual(1000);
    // A coupon stays 3 s and a gift card 8 s when nobody taps: the tap ended it at once.
    expect(shown, seen).toBeLessThan(1200);
    await context.close();
  });

  it('go on with the reward that was playing after a reload on /rewards', async () => {
    const { context, page } = await newPlayer();
    const reward = await pressAndSkipToReward(page);
    await page.reload();
    await page.waitForURL('**/rewards');
    const card = page.locator('.rewards__card');
    await card.waitFor({ timeout: 10_000 });
    expect(((await card.textContent()) ?? '').trim()).toBe(reward);
    await page.getByRole('heading', { name: 'You won!' }).waitFor();
    await expectCountdown(page);
    await context.close();
  });

  it('never announce again a coupon claimed in WINNINGS before it played', async () => {
    await ops(e2e.server, 'draw', 'close');
    const { context, page } = await newPlayer();
    const reward = await pressAndSkipToReward(page);
    // Straight to WINNINGS while it plays, and claimed there.
    await page.goto('/winnings');
    await page.locator('[data-panel="open"]').waitFor();
    const drawer = page.getByTestId('winnings-drawer');
    await drawer.locator('.winnings__coupon').first().tap();
    const claim = page.getByRole('dialog', { name: 'Claim coupon' });
    await claim.getByRole('button', { name: 'Claim' }).tap();
    await page.getByTestId('coupon-message').waitFor();
    await page
      .getByRole('dialog', { name: /^Your (coupon|gift card)$/ })
      .getByRole('button', { name: 'Close' })
      .tap();
    await drawer.getByRole('region', { name: 'Claimed' }).getByRole('listitem').first().waitFor();
    await drawer.getByRole('button', { name: 'Close' }).first().tap();
    await page.waitForURL('**/home');

    // The next draw: the press finds no reward to announce and goes on to What I Like.
    await ops(e2e.server, 'draw', 'close');
    const button = page.getByRole('button', { name: /Enter To Win/ });
    await button.waitFor({ timeout: 15_000 });
    await recordScreens(page);
    await button.tap();
    await page.waitForURL('**/what-i-like', { timeout: 10_000 });
    await page.getByRole('button', { name: 'What I Like' }).waitFor();
    const seen = await screensSeen(page);
    expect(JSON.stringify(seen)).not.toContain(reward);
    expect(seen.map((entry) => entry.path)).not.toContain('/rewards');
    await context.close();
  });
});

/** A press and a Skip: the player is entered in the open draw, /home shows the countdown. */
async function enter(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Enter To Win/ }).tap();
  await page.waitForURL('**/what-i-like', { timeout: 10_000 });
  await page.getByRole('button', { name: 'Skip', exact: true }).tap();
  await expectCountdown(page);
}

describe('the grand prize', () => {
  it("stays claimable from /home after the 3 s 'YOU WON!', which hides the button under it", async () => {
    await ops(e2e.server, 'draw', 'close');
    const { context, page } = await newPlayer();
    await enter(page);
    expect(await ops(e2e.server, 'draw', 'close')).toMatch(/Winning entry \d+ \(\$500\)/);
    // Opaque from its first frame: the player never sees 'Enter To Win $500' through it.
    const firstOpacity = await page.waitForFunction(
      () => {
        const view = document.querySelector('.grand-prize');
        return view ? getComputedStyle(view).opacity : false;
      },
      undefined,
      { timeout: 10_000, polling: 'raf' },
    );
    expect(await firstOpacity.jsonValue()).toBe('1');
    const overlay = page.getByRole('dialog', { name: 'YOU WON!' });
    await overlay.waitFor();
    const button = page.getByRole('button', { name: /Enter To Win/ });
    await button.waitFor({ state: 'attached' });
    const box = (await button.boundingBox())!;
    const onTop = await page.evaluate(
      ({ x, y }) => {
        const hit = document.elementFromPoint(x, y);
        const view = hit?.closest('.grand-prize');
        return view ? getComputedStyle(view).backgroundColor : (hit?.textContent ?? 'nothing');
      },
      { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    );
    // The win screen's gold (--color-prize), opaque, is what the button's place shows.
    expect(onTop).toBe('rgb(245, 197, 24)');
    await screenshot(page, 'grand-prize-overlay');

    // Missed: 3 s later /home says how to claim it, and keeps saying it after a reload.
    await overlay.waitFor({ state: 'detached', timeout: 10_000 });
    const claim = page.getByRole('link', { name: 'Claim your $500 prize' });
    await claim.waitFor();
    await screenshot(page, 'grand-prize-claim-notice');
    await page.reload();
    await claim.waitFor({ timeout: 10_000 });
    await claim.tap();
    await page.waitForURL('**/grandPrize');
    await page.getByRole('heading', { name: 'You won $500' }).waitFor();
    await page.getByRole('button', { name: 'Claim with PayPal' }).tap();
    await page.getByLabel('PayPal e-mail').fill('winner@example.com');
    await page.getByRole('button', { name: 'Claim $500' }).tap();
    await page.getByRole('button', { name: 'Done' }).tap();
    await page.waitForURL('**/home');
    // Claimed: the notice is gone (the button is the sentinel that /home has drawn).
    await button.waitFor();
    expect(await claim.count()).toBe(0);
    await context.close();
  });

  it('shows the prize on an open /grandPrize when the draw closes with a win', async () => {
    await ops(e2e.server, 'draw', 'close');
    const { context, page } = await newPlayer();
    await enter(page);
    await page.goto('/grandPrize');
    await page.getByRole('heading', { name: 'No prize to claim' }).waitFor();
    expect(await ops(e2e.server, 'draw', 'close')).toMatch(/Winning entry \d+ \(\$500\)/);
    await page.getByRole('heading', { name: 'You won $500' }).waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Claim with Venmo' }).waitFor();
    await context.close();
  });

  it('shows the prize on /grandPrize when the draw closed before the live channel was up', async () => {
    await ops(e2e.server, 'draw', 'close');
    const { context, page } = await newPlayer();
    await enter(page);
    // The page's live channel reaches the server only once the draw has closed: the closing's
    // broadcast went out while nobody on this page listened.
    let closed!: () => void;
    const drawClosed = new Promise<void>((resolve) => (closed = resolve));
    await page.routeWebSocket(/\/cable/, async (socket) => {
      await drawClosed;
      socket.connectToServer();
    });
    await page.goto('/grandPrize');
    await page.getByRole('heading', { name: 'No prize to claim' }).waitFor();
    expect(await ops(e2e.server, 'draw', 'close')).toMatch(/Winning entry \d+ \(\$500\)/);
    closed();
    await page.getByRole('heading', { name: 'You won $500' }).waitFor({ timeout: 10_000 });
    await context.close();
  });
});
