// After winning, as a player sees it on a phone: the WINNINGS drawer opens by its tab and
// closes by a swipe down; a coupon is claimed and stays under 'Claimed'; a draw is won (the
// operator closes it) and its grand prize claimed with PayPal, and the winner's inviter claims
// the referral bonus (Contact Us and the account: winnings-contact.test.ts). Its dialogs keep
// a keyboard in: Tab goes round them, Escape is their Cancel, and the focus comes back to what
// opened them. Real server, real embedded database, real Chromium.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  newPhone,
  openDrawerAt,
  tokenOf,
  ops,
  phoneContext,
  screenshot,
  signInThroughPhoneLogin,
  signInWithPhone,
  smallTapTargets,
  swipe,
  withServerAndBrowser,
} from './harness';

const e2e = withServerAndBrowser();

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
    const context = await phoneContext(e2e.browser, e2e.server.baseUrl);
    const page = await context.newPage();
    await signInThroughPhoneLogin(page, e2e.server, newPhone());
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

    // The coupon: its claim shows the code (or the delivery note), and it moves under 'Claimed'.
    await openDrawer(page);
    const brand = (await drawer.locator('.winnings__brand').first().textContent())!;
    await drawer.locator('.winnings__coupon').first().tap();
    const claim = page.getByRole('dialog', { name: 'Claim coupon' });
    await claim.getByText(brand).waitFor();
    await claim.getByRole('button', { name: 'Claim' }).tap();
    const message = page.getByTestId('coupon-message');
    await message.waitFor();
    const said = (await message.textContent())!;
    expect(said.length).toBeGreaterThan(3);
    await screenshot(page, 'winnings-coupon-claimed');
    await page
      .getByRole('dialog', { name: /^Your (coupon|gift card)$/ })
      .getByRole('button', { name: 'Close' })
      .tap();
    await expect
      .poll(() => drawer.locator('.winnings__coupon').count(), { timeout: 5_000 })
      .toBe(0);
    // Focus is not lost to the page: it lands on the coupon, now under 'Claimed'.
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.closest('.winnings__claimed')?.textContent),
      )
      .toContain(brand);

    // Claimed for good: under 'Claimed' with what claiming said, after the drawer closes and
    // opens again, and after a reload.
    const claimed = drawer.getByRole('region', { name: 'Claimed' });
    const expectClaimed = async () => {
      await claimed.getByRole('listitem').filter({ hasText: brand }).waitFor();
      await claimed.getByText(said).waitFor();
      expect(await drawer.getByText(/Nothing here yet/).count()).toBe(0);
    };
    await expectClaimed();
    await screenshot(page, 'winnings-claimed-coupon');
    expect(await smallTapTargets(page)).toEqual([]);
    await drawer.getByRole('button', { name: 'Close' }).first().tap();
    await page.waitForURL('**/home', { timeout: 5_000 });
    await openDrawer(page);
    await expectClaimed();
    await page.reload();
    await page.locator('[data-panel="open"]').waitFor();
    await expectClaimed();
    // The server keeps it: the coupon cannot be removed any more.
    const coupons = (await (
      await fetch(`${e2e.server.baseUrl}/api/v1/coupons`, {
        headers: { authorization: `Bearer ${await tokenOf(page)}` },
      })
    ).json()) as { data: Array<{ id: string; attributes: { claimed?: boolean } }> };
    const kept = coupons.data.find((coupon) => coupon.attributes.claimed)!;
    const removed = await fetch(`${e2e.server.baseUrl}/api/v1/rewards/${kept.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${await tokenOf(page)}` },
    });
    expect(removed.status).toBe(409);
    await context.close();
  });

  it('keeps the keyboard in its dialogs: Tab goes round, Escape cancels, focus comes back', async () => {
    const context = await phoneContext(e2e.browser, e2e.server.baseUrl);
    const page = await context.newPage();
    await signInThroughPhoneLogin(page, e2e.server, newPhone());
    const token = await tokenOf(page);
    await openDrawerAt(page);
    const logout = page
      .getByRole('navigation', { name: 'Help and account' })
      .getByRole('button', { name: 'Logout' });
    /** What has the focus: its words, and whether it is in the open dialog. */
    const focus = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        return {
          name: active?.textContent?.trim() ?? '',
          inDialog: active?.closest('dialog[open]') !== null,
        };
      });
    const isFocused = (control: typeof logout) =>
      control.evaluate((element) => element === document.activeElement);

    // Logout by the keyboard: the question takes the focus, on its first answer.
    await logout.focus();
    await page.keyboard.press('Enter');
    const ask = page.getByRole('dialog', { name: 'Logout' });
    await ask.getByText('Are you sure you want to logout?').waitFor();
    expect(await focus()).toEqual({ name: 'Logout', inDialog: true });
    // Tab goes round its three answers, never out of it; Shift+Tab goes back round.
    const tabbed: string[] = [];
    for (let step = 0; step < 7; step += 1) {
      await page.keyboard.press('Tab');
      const now = await focus();
      expect(now.inDialog, `Tab ${step + 1} left the dialog for '${now.name}'`).toBe(true);
      tabbed.push(now.name);
    }
    expect(tabbed).toEqual([
      'Delete Account',
      'Cancel',
      'Logout',
      'Delete Account',
      'Cancel',
      'Logout',
      'Delete Account',
    ]);
    const shiftTabbed: string[] = [];
    for (let step = 0; step < 4; step += 1) {
      await page.keyboard.press('Shift+Tab');
      const now = await focus();
      expect(now.inDialog, `Shift+Tab ${step + 1} left the dialog for '${now.name}'`).toBe(true);
      shiftTabbed.push(now.name);
    }
    expect(shiftTabbed).toEqual(['Logout', 'Cancel', 'Delete Account', 'Logout']);

    // Escape is Cancel: the question goes, the player stays, the focus is back on Logout.
    await page.keyboard.press('Escape');
    await ask.waitFor({ state: 'detached' });
    expect(await isFocused(logout)).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/winnings');
    await page.locator('[data-panel="open"]').waitFor();
    expect(await tokenOf(page)).toBe(token);

    // Delete Account asks once more; Escape there cancels it too, and Logout has the focus.
    await page.keyboard.press('Enter');
    await ask.getByRole('button', { name: 'Delete Account' }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Delete Account' });
    await confirm.getByRole('button', { name: 'Delete my account' }).waitFor();
    expect(await focus()).toEqual({ name: 'Delete my account', inDialog: true });
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focus()).toEqual({ name: 'Delete my account', inDialog: true });
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    expect(await ask.count()).toBe(0);
    expect(await isFocused(logout)).toBe(true);
    expect(await tokenOf(page)).toBe(token);
    const kept = await fetch(`${e2e.server.baseUrl}/api/v1/coupons`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(kept.status).toBe(200);
    await context.close();
  });

  it('wins a draw and claims the grand prize with PayPal, once', async () => {
    // Whoever entered before has their draw closed first: this player is the only entrant.
    await ops(e2e.server, 'draw', 'close');
    const context = await phoneContext(e2e.browser, e2e.server.baseUrl);
    const page = await context.newPage();
    await signInThroughPhoneLogin(page, e2e.server, newPhone());
    await enterAndSkip(page);
    expect(await ops(e2e.server, 'draw', 'close')).toMatch(/Winning entry \d+ \(\$500\)/);
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
    const pending = await ops(e2e.server, 'payouts', 'list');
    expect(pending).toMatch(/PayPal\s+winner@example\.com/);
    const prizeId = /^([0-9a-f-]{36})\s/m.exec(pending)![1]!;
    expect(await ops(e2e.server, 'payouts', 'paid', prizeId)).toMatch(/paid/i);
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

  it("pays the inviter a referral bonus, claimed with PayPal and then 'Claimed with PayPal'", async () => {
    await ops(e2e.server, 'draw', 'close');
    const inviterContext = await phoneContext(e2e.browser, e2e.server.baseUrl);
    const inviter = await inviterContext.newPage();
    await signInThroughPhoneLogin(inviter, e2e.server, newPhone());
    const invite = await fetch(`${e2e.server.baseUrl}/api/v1/invites`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await tokenOf(inviter)}` },
    });
    expect(invite.status).toBe(201);
    const { code } = (await invite.json()) as { code: string };

    // The invitee signs up with the inviter's code, enters and wins the draw.
    const inviteeContext = await phoneContext(e2e.browser, e2e.server.baseUrl);
    const invitee = await inviteeContext.newPage();
    const inviteePhone = newPhone();
    const registered = await fetch(`${e2e.server.baseUrl}/api/v1/users/registrations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone_number: inviteePhone.withCountry, invite_code: code }),
    });
    expect(registered.status).toBe(201);
    await signInWithPhone(invitee, inviteePhone);
    await enterAndSkip(invitee);
    expect(await ops(e2e.server, 'draw', 'close')).toMatch(/Winning entry \d+ \(\$500\)/);
    await inviteeContext.close();

    // The inviter claims the bonus in the drawer: the three ways, PayPal's e-mail checked.
    await openDrawerAt(inviter);
    const bonuses = inviter.getByRole('region', { name: 'Referral bonuses' });
    const bonus = bonuses.getByRole('button', { name: /\$100 because a player you invited won/ });
    await bonus.tap();
    const modal = inviter.getByRole('dialog', { name: 'Referral bonus' });
    await modal.getByRole('heading', { name: '$100 because a player you invited won' }).waitFor();
    expect(
      await modal
        .getByRole('group', { name: 'Payout method' })
        .getByRole('button')
        .allTextContents(),
    ).toEqual(['Venmo', 'PayPal', 'Virtual Visa']);
    await modal.getByRole('button', { name: 'PayPal' }).tap();
    const email = modal.getByLabel('PayPal e-mail');
    await email.fill('inviter@example');
    await modal.getByRole('button', { name: 'Claim $100' }).tap();
    await modal.getByText('Enter the e-mail address of your PayPal account').waitFor();
    await email.fill('inviter@example.com');
    await screenshot(inviter, 'referral-bonus-paypal');
    await modal.getByRole('button', { name: 'Claim $100' }).tap();
    await modal.getByText(/inviter@example\.com/).waitFor();
    await screenshot(inviter, 'referral-bonus-claimed');
    await modal.getByRole('button', { name: 'Done' }).tap();
    await bonus.getByText('Claimed with PayPal').waitFor();
    await inviter.reload();
    await inviter.locator('[data-panel="open"]').waitFor();
    await bonus.getByText('Claimed with PayPal').waitFor();
    await screenshot(inviter, 'winnings-referral-bonus');
    expect(await ops(e2e.server, 'payouts', 'list')).toMatch(/PayPal\s+inviter@example\.com/);
    await inviterContext.close();
  });
});
