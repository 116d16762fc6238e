// After winning, as a player sees it on a phone: the WINNINGS drawer opens by its tab and
// closes by a swipe down; a coupon is claimed; a draw is won (the operator closes it) and its
// grand prize claimed with PayPal; a message goes through Contact Us; the player logs out and
// signs back in, then deletes the account. Real server, real embedded database, real Chromium.
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  newPhone,
  ops,
  phoneContext,
  screenshot,
  signInThroughPhoneLogin,
  signInWithPhone,
  smallTapTargets,
  swipe,
  type RunningServer,
  withServerAndBrowser,
} from './harness';

let server: RunningServer;
let browser: Browser;

withServerAndBrowser((started, launched) => {
  server = started;
  browser = launched;
});

/** Presses the black button and skips What I Like: a first skip earns the wishlist coupon. */
async function enterAndSkip(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Enter To Win/ }).tap();
  await page.waitForURL('**/what-i-like', { timeout: 10_000 });
  await page.getByRole('button', { name: 'Skip' }).tap();
  await page.waitForURL('**/home', { timeout: 30_000 });
  await page.getByText('Enter The Next Drawing In:').waitFor();
}

/** Opens the drawer by the WINNINGS tab and waits until it is down. */
async function openDrawer(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'WINNINGS' }).tap();
  await page.locator('[data-panel="open"]').waitFor({ timeout: 5_000 });
  expect(new URL(page.url()).pathname).toBe('/winnings');
}

describe('the winnings drawer', () => {
  it('opens by its tab, closes by a swipe down, and claims a coupon once', async () => {
    const context = await phoneContext(browser, server.baseUrl);
    const page = await context.newPage();
    await signInThroughPhoneLogin(page, server, newPhone());
    await enterAndSkip(page);

    // 500 ms before it moves, 500 ms to slide down.
    const opened = Date.now();
    await openDrawer(page);
    expect(Date.now() - opened).toBeGreaterThanOrEqual(900);
    const drawer = page.getByTestId('winnings-drawer');
    await drawer.getByRole('heading', { name: 'WINNINGS' }).waitFor();
    const coupon = drawer.locator('.winnings__coupon').first();
    await coupon.waitFor();
    for (const name of ['Terms and Conditions', 'Privacy Policy', 'Official Rules']) {
      await drawer.getByRole('link', { name }).waitFor();
    }
    await drawer.getByRole('button', { name: 'Contact Us' }).waitFor();
    await drawer.getByRole('button', { name: 'Logout' }).waitFor();
    expect(await smallTapTargets(page)).toEqual([]);
    await screenshot(page, 'winnings-drawer');

    // A short pull springs back; past a sixth of the screen it closes and goes home.
    const grip = page.getByTestId('winnings-grip');
    await swipe(page, grip, 0, 60);
    expect(page.url()).toMatch(/\/winnings$/);
    await page.locator('[data-panel="open"]').waitFor();
    const height = page.viewportSize()!.height;
    await swipe(page, grip, 0, Math.round(height / 3));
    await page.waitForURL('**/home', { timeout: 5_000 });
    await page.getByText('Enter The Next Drawing In:').waitFor();

    // The coupon: its claim shows the code (or the delivery note), and it leaves the list.
    await openDrawer(page);
    const brand = await drawer.locator('.winnings__brand').first().textContent();
    await drawer.locator('.winnings__coupon').first().tap();
    const claim = page.getByRole('dialog', { name: 'Claim coupon' });
    await claim.getByText(brand!).waitFor();
    await claim.getByRole('button', { name: 'Claim' }).tap();
    const message = page.getByTestId('coupon-message');
    await message.waitFor();
    expect((await message.textContent())!.length).toBeGreaterThan(3);
    await screenshot(page, 'winnings-coupon-claimed');
    await page.getByRole('button', { name: 'Close' }).last().tap();
    await expect
      .poll(() => drawer.locator('.winnings__coupon').count(), { timeout: 5_000 })
      .toBe(0);
    await drawer.getByText(/Nothing here yet/).waitFor();
    await context.close();
  });

  it('wins a draw and claims the grand prize with PayPal, once', async () => {
    // Whoever entered before has their draw closed first: this player is the only entrant.
    ops(server, 'draw', 'close');
    const context = await phoneContext(browser, server.baseUrl);
    const page = await context.newPage();
    await signInThroughPhoneLogin(page, server, newPhone());
    await enterAndSkip(page);
    expect(ops(server, 'draw', 'close')).toMatch(/Winning entry \d+ \(\$500\)/);
    await page.getByText('YOU WON!').waitFor({ timeout: 10_000 });
    // 'YOU WON!' shows for 3 s, with the way to claim the prize.
    await page.getByRole('link', { name: 'Claim your prize' }).tap();
    await page.waitForURL('**/grandPrize');
    await page.getByRole('heading', { name: 'You won $500' }).waitFor();
    await page.getByRole('button', { name: 'Claim with Venmo' }).waitFor();
    await page.getByRole('button', { name: 'Claim with PayPal' }).tap();
    const email = page.getByLabel('PayPal e-mail');
    await email.fill('not an address');
    await page.getByRole('button', { name: 'Claim $500' }).tap();
    await page.getByText('Enter the e-mail address of your PayPal account').waitFor();
    await email.fill('winner@example.com');
    await screenshot(page, 'grand-prize-paypal');
    await page.getByRole('button', { name: 'Claim $500' }).tap();
    await page
      .getByText(/winner@example\.com/)
      .first()
      .waitFor();
    await screenshot(page, 'grand-prize-claimed');
    await page.getByRole('button', { name: 'Done' }).tap();
    await page.waitForURL('**/home');

    // The drawer shows it claimed (the tab bar is off /home while the button shows, so the
    // player opens it by its address); the operator sees the payout to make, and pays it.
    await page.goto('/winnings');
    await page.locator('[data-panel="open"]').waitFor();
    const prize = page.getByRole('button', { name: /You won \$500/ });
    await prize.getByText('Claimed with PayPal').waitFor();
    const pending = ops(server, 'payouts', 'list');
    expect(pending).toMatch(/PayPal\s+winner@example\.com/);
    const prizeId = /^([0-9a-f-]{36})\s/m.exec(pending)![1]!;
    expect(ops(server, 'payouts', 'paid', prizeId)).toMatch(/paid/i);
    await page.reload();
    await page.locator('[data-panel="open"]').waitFor();
    await page.getByText('Paid by PayPal').waitFor();
    // A second claim is refused: the modal shows how it is paid instead of the methods.
    await page.getByRole('button', { name: /You won \$500/ }).tap();
    await page
      .getByRole('dialog', { name: 'Grand prize' })
      .getByText(/Paid by PayPal/)
      .waitFor();
    await context.close();
  });

  it('sends a contact message, logs out and back in, and deletes the account', async () => {
    const context = await phoneContext(browser, server.baseUrl);
    const page = await context.newPage();
    const phone = newPhone();
    await signInThroughPhoneLogin(page, server, phone);

    await page.goto('/winnings');
    await page.locator('[data-panel="open"]').waitFor();
    await page.getByRole('button', { name: 'Contact Us' }).tap();
    await page.waitForURL('**/form/has-problem');
    await page.getByRole('button', { name: 'Submit' }).tap();
    await page.getByText('Subject is required').waitFor();
    await page.getByText('Message is required').waitFor();
    await page.getByLabel('Subject').fill('My coupon code');
    await page.getByLabel('Message').fill('The code did not work at checkout.');
    await screenshot(page, 'contact-us');
    await page.getByRole('button', { name: 'Submit' }).tap();
    await page.getByText('Thank you! Your message has been sent.').waitFor();
    await page.waitForURL('**/home');
    expect(ops(server, 'messages', 'list')).toContain('My coupon code');

    // Logout: the session ends, the device forgets it, the disclaimer shows.
    await page.goto('/winnings');
    await page.getByRole('button', { name: 'Logout' }).tap();
    const ask = page.getByRole('dialog', { name: 'Logout' });
    await ask.getByText('Are you sure you want to logout?').waitFor();
    await screenshot(page, 'logout-modal');
    await ask.getByRole('button', { name: 'Logout' }).tap();
    await page.waitForURL('**/disclaimer');
    expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBeNull();

    // Back in with a new code, then the account is deleted.
    await signInWithPhone(page, phone);
    await page.goto('/winnings');
    await page.getByRole('button', { name: 'Logout' }).tap();
    await page.getByRole('button', { name: 'Delete Account' }).tap();
    await page.waitForURL('**/disclaimer');
    expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBeNull();
    // Nothing is left of the player: the number signs up again as a new player.
    const again = await fetch(`${server.baseUrl}/api/v1/users/registrations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        phone_number: phone.withCountry,
        invite_code: server.starterInviteCode,
      }),
    });
    expect(again.status).toBe(201);
    await context.close();
  });
});
