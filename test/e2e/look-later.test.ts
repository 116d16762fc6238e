// The look of the screens a player meets later, or less often, than the first tour
// (look.test.ts) goes: a gift card won and claimed, Tell Us More, a prize paid, a referral
// bonus, an answer to a Contact Us message, a draw's record that does not check out or does not
// exist, the players screen before the feature is on, the screens' loading shapes before the
// app's code arrives, and the final test's page. Each, in the light and the dark theme, passes
// axe and looks as its baselines do at 360, 390 and 430 px wide. Real server, real embedded
// database, real Chromium. Baselines are written as look.test.ts says, with this file's name.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  liveChannelConfirmed,
  ops,
  questionReady,
  signInThroughPhoneLogin,
  startServer,
  tokenOf,
  type RunningServer,
} from './harness';
import { itHoldsEveryScreen, lookingPhone, lookTour } from './look/setup';
import { LookTour } from './look/tour';

/** The players' numbers are the same from run to run (each run has a database of its own). */
const PLAYER = { digits: '4152345602', withCountry: '14152345602' };
const INVITEE = { digits: '4152345603', withCountry: '14152345603' };

/** A call to the API as a phone makes it, with the player's session when given. */
async function api(path: string, body?: object, token?: string): Promise<unknown> {
  const response = await fetch(`${server.baseUrl}/api/v1/${path}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? null : response.json();
}

const look = lookTour({}, 'bass-pro-gift-card');
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let tour: LookTour;

beforeAll(() => {
  ({ server, browser, context, page, tour } = look);
});

describe('the look of the screens met later', () => {
  it('tours a gift card won, Tell Us More and the players screen before it opens', async () => {
    await signInThroughPhoneLogin(page, server, PLAYER);
    await page.getByRole('button', { name: /Enter To Win/ }).tap();
    await page.waitForURL('**/what-i-like', { timeout: 10_000 });
    // A first-time Skip: the wishlist's gift card plays (8 s), held a second in.
    const skip = page.getByRole('button', { name: 'Skip', exact: true });
    await skip.waitFor();
    await tour.stopClock();
    await skip.tap();
    const card = page.locator('.rewards__card--gift-card');
    await tour.stepClockUntil(card);
    await page.clock.runFor(1100);
    await tour.look('rewards-gift-card');
    await tour.runClock();

    await page.waitForURL('**/home', { timeout: 20_000 });
    const tab = page.getByRole('navigation', { name: 'Main' }).getByRole('link', {
      name: 'Tell Us More',
    });
    await tab.tap();
    await page.waitForURL('**/questionnaire');
    await page.getByRole('main').getByRole('link', { name: 'Home' }).waitFor();
    await questionReady(page, 1);
    await tour.look('tell-us-more');
    await page.getByRole('main').getByRole('link', { name: 'Home' }).tap();
    await page.waitForURL('**/home');
    await tab.waitFor();

    await page.goto('/players');
    await page.getByText('The Players Feature Will Be Active Soon.').waitFor();
    await tour.look('players-off');
  });

  it('tours the drawer of a paid prize, a referral bonus, a gift card and an answer', async () => {
    const token = await tokenOf(page);
    // The draw closes once the page listens: a close before that is a broadcast it never hears.
    const listening = liveChannelConfirmed(page);
    await page.goto('/home');
    await page.getByRole('timer', { name: 'Time until the next drawing' }).waitFor();
    await listening;
    // The player wins the draw they entered, claims the prize with PayPal, and is paid.
    expect(await ops(server, 'draw', 'close')).toMatch(/Winning entry \d+ \(\$500\)/);
    await page.getByRole('dialog', { name: 'YOU WON!' }).waitFor({ timeout: 10_000 });
    const prizes = (await api('grand_prizes', undefined, token)) as { data: Array<{ id: string }> };
    await api(
      'reward_payment_choices/claim',
      { grand_prize_id: prizes.data[0]!.id, payment_method: 'PayPal', email: 'winner@example.com' },
      token,
    );
    const payouts = await ops(server, 'payouts', 'list');
    await ops(server, 'payouts', 'paid', /^([0-9a-f-]{36})\s/m.exec(payouts)![1]!);

    // A friend joins with the player's invite and wins the next draw: the inviter's bonus.
    const { code } = (await api('invites', {}, token)) as { code: string };
    await api('users/registrations', { phone_number: INVITEE.withCountry, invite_code: code });
    const { otp } = (await api('users/request_code', { phone_number: INVITEE.withCountry })) as {
      otp: string;
    };
    const invitee = (await api('users/verify_code', {
      phone_number: INVITEE.withCountry,
      code: otp,
    })) as { token: string };
    await api('draw_entries', {}, invitee.token);
    expect(await ops(server, 'draw', 'close')).toMatch(/Winning entry \d+ \(\$500\)/);

    // The player asked about the gift card; the operator answered.
    await api(
      'contact-us/send-email',
      { subject: 'My gift card', message: 'When does the code come?' },
      token,
    );
    const listed = await ops(server, 'messages', 'list');
    const messageId = /^([0-9a-f-]{36})\s[^\n]*\n\s+Subject: My gift card/m.exec(listed)![1]!;
    await ops(server, 'messages', 'reply', messageId, 'Within a day, by text to this phone.');

    await page.goto('/winnings');
    await page.locator('[data-panel="open"]').waitFor();
    const drawer = page.getByTestId('winnings-drawer');
    await drawer.getByText('Paid by PayPal').waitFor();
    const bonus = drawer.getByRole('button', { name: /\$100 because a player you invited won/ });
    await bonus.waitFor();
    const thread = drawer.getByRole('button', { name: /My gift card/ });
    await thread.getByText('New').waitFor();
    const drawDays = drawer.getByText(/^Draw \d+, /);
    await drawDays.first().waitFor();
    const still = { leaveOut: [drawDays] };
    await tour.look('winnings-later', still);

    await drawer.getByRole('button', { name: /\$25 gift card/ }).tap();
    const claim = page.getByRole('dialog', { name: 'Claim coupon' });
    await claim.getByRole('button', { name: 'Claim' }).tap();
    const claimed = page.getByRole('dialog', { name: 'Your gift card' });
    await claimed.getByText('Your gift card code arrives by text within 24 hours.').waitFor();
    await tour.look('winnings-gift-card-claimed', still);
    await claimed.getByRole('button', { name: 'Close' }).tap();
    await claimed.waitFor({ state: 'detached' });

    await bonus.tap();
    const bonusClaim = page.getByRole('dialog', { name: 'Referral bonus' });
    await bonusClaim.getByRole('button', { name: 'PayPal' }).waitFor();
    await tour.look('winnings-bonus', still);
    await page.keyboard.press('Escape');
    await bonusClaim.waitFor({ state: 'detached' });

    await thread.tap();
    const conversation = page.getByRole('dialog', { name: 'My gift card' });
    await conversation.getByText('Within a day, by text to this phone.').waitFor();
    // When it was written and answered: today's date and time, left out.
    await tour.look('winnings-thread', {
      leaveOut: [drawDays, conversation.locator('.winnings__said')],
    });
    await conversation.getByRole('button', { name: 'Close' }).tap();
    await conversation.waitFor({ state: 'detached' });
  });

  it("tours a draw's record that does not check out, does not exist, is open or cannot load", async () => {
    // The server's record of the player's won draw, its seed and commitment replaced on the way
    // to the phone (the same each run, as is all the check then says of them).
    await page.route(/\/api\/v1\/draws\/\d+$/, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: { seed: string; commitment: string } };
      body.data.seed = 'ab'.repeat(32);
      body.data.commitment = 'cd'.repeat(32);
      await route.fulfill({ response, json: body });
    });
    await page.goto('/winnings');
    await page.locator('[data-panel="open"]').waitFor();
    await page
      .getByTestId('winnings-drawer')
      .getByRole('link', { name: /^Draw \d+,/ })
      .last()
      .tap();
    await page.waitForURL('**/draws/*');
    await page.getByRole('heading', { name: 'This draw does not check out' }).waitFor();
    await tour.look('draw-record-mismatch');
    await page.unroute(/\/api\/v1\/draws\/\d+$/);

    await page.goto('/draws/99999');
    await page.getByText('There is no draw 99999.').waitFor();
    await tour.look('draw-record-missing');

    // The draw still open (its commitment is new each run): its seed is not out yet.
    const { data: open } = (await api('draws/current')) as { data: { id: number } };
    await page.goto(`/draws/${open.id}`);
    await page.getByText('This draw is still open.', { exact: false }).waitFor();
    await tour.look('draw-record-open', { mask: [page.getByTestId('draw-commitment')] });

    // The server not answering: the page says so, and the player can try again.
    await page.route(/\/api\/v1\/draws\/\d+$/, (route) =>
      route.fulfill({ status: 503, json: { errors: [{ detail: 'Service unavailable' }] } }),
    );
    await page.goto(`/draws/${open.id}`);
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    await tour.look('draw-record-unavailable');
    await page.unroute(/\/api\/v1\/draws\/\d+$/);
  });

  it("tours the loading shapes a signed-in page shows before the app's code arrives", async () => {
    // The player's phone as it is, its service worker kept out: the app's code never arrives.
    const { context: held, page: waiting } = await lookingPhone(browser, server, {
      storageState: await context.storageState(),
      serviceWorkers: 'block',
    });
    await waiting.route('**/assets/*.js', () => undefined);
    const waitingTour = new LookTour(waiting);
    await waiting.goto('/home', { waitUntil: 'commit' });
    await waiting.locator('.loading--home').waitFor();
    await waitingTour.look('loading-home');
    await waiting.goto('/winnings', { waitUntil: 'commit' });
    await waiting.locator('.loading').waitFor();
    await waitingTour.look('loading-page');
    tour.findings.push(...waitingTour.findings);
    tour.differences.push(...waitingTour.differences);
    await held.close();
  });

  it("tours the final test's page", async () => {
    const finalTest = await startServer({ FEATURE_FINAL_TEST: 'on' });
    try {
      const { context: finalPhone, page: player } = await lookingPhone(browser, finalTest);
      const finalTour = new LookTour(player);
      await signInThroughPhoneLogin(player, finalTest, PLAYER);
      await player.getByRole('heading', { name: 'This Concludes Our Test' }).waitFor();
      // Once the toast that says the code was right (2 s) has gone.
      await player.getByText('Validation Succesful').waitFor({ state: 'detached' });
      await finalTour.look('final-test');
      tour.findings.push(...finalTour.findings);
      tour.differences.push(...finalTour.differences);
      await finalPhone.close();
    } finally {
      await finalTest.stop();
    }
  });

  itHoldsEveryScreen(look);
});
