// Inviting friends from a phone without a share sheet (desktop Chromium, many Android browsers):
// 'Unsupported browser.' says so, the invite link shows with 'Copy link', and the copied link,
// opened on a friend's phone, signs the friend up with that code; the inviter's screen then
// counts what is left and shows who joined. Also the players tutorial, reached from /players.
// Real server (the players feature on), real embedded database, real Chromium.
import { describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import {
  newPhone,
  phoneContext,
  screenshot,
  signedInPhone,
  smallTapTargets,
  withServerAndBrowser,
} from './harness';

const e2e = withServerAndBrowser({ FEATURE_PLAYERS: 'on' });

/** A phone whose browser has no share sheet (`navigator.share`) and lets the app copy. */
async function phoneWithoutShareSheet(options: BrowserContextOptions = {}) {
  const context = await phoneContext(e2e.browser, e2e.server.baseUrl, options);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: e2e.server.baseUrl,
  });
  await context.addInitScript(() => {
    delete (Navigator.prototype as { share?: unknown }).share;
  });
  return context;
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

describe('players on a phone without a share sheet', () => {
  it('copies a working invite link that signs a friend up with its code', async () => {
    const context = await phoneWithoutShareSheet(await signedInPhone(e2e.server));
    const page = await context.newPage();
    await page.goto('/home');
    await page.getByRole('button', { name: /Enter To Win/ }).waitFor();
    expect(await page.evaluate(() => typeof navigator.share)).toBe('undefined');

    await page.goto('/players');
    await page.getByRole('region', { name: 'Your Players' }).waitFor();
    expect(await heading(page).textContent()).toBe(
      'You have 5 invitations To pick your own players',
    );

    await page.getByRole('button', { name: 'Invite friends' }).tap();
    await page.getByText('Unsupported browser.').waitFor();
    const field = page.getByRole('textbox', { name: 'Send this link to a friend' });
    await field.waitFor();
    const link = await field.inputValue();
    expect(link).toMatch(new RegExp(`^${e2e.server.baseUrl}/\\?code=[A-Z0-9]+$`));
    const code = new URL(link).searchParams.get('code')!;
    // The new code is listed, open, and one invitation fewer is left.
    await page.getByRole('listitem').filter({ hasText: code }).getByText('Open').waitFor();
    await page.getByText('You have 4 invitations').waitFor();

    await page.getByRole('button', { name: 'Copy link' }).tap();
    await page.getByText('Invite link copied').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(link);
    await screenshot(page, 'players-link-copied');
    expect((await smallTapTargets(page)).join('; '), 'controls under 44x44 px').toBe('');

    // A friend opens the copied link on another phone and signs up.
    const friendContext = await phoneContext(e2e.browser, e2e.server.baseUrl);
    const friendPage = await friendContext.newPage();
    const friend = newPhone();
    await friendPage.goto(copied);
    await friendPage.getByRole('button', { name: 'Skip' }).tap();
    await friendPage.getByRole('button', { name: 'ENTER' }).tap();
    await friendPage
      .getByText('You also just received one entry ticket', { exact: false })
      .waitFor({
        timeout: 5000,
      });
    // Skip leaves out the disclaimer: straight to the phone number, the link's code kept.
    await friendPage.getByRole('button', { name: 'Skip' }).tap();
    await friendPage.getByText('Verify Your Mobile Number').waitFor();
    await friendPage.getByRole('textbox').fill(friend.digits);
    await friendPage.getByRole('button', { name: 'Enter' }).tap();
    await friendPage.waitForURL('**/login');
    const shown = friendPage.getByText(/^\d{4}$/).first();
    await shown.waitFor();
    const otp = (await shown.textContent())!.trim();
    await friendPage.locator('input[inputmode="numeric"]').first().tap();
    await friendPage.keyboard.type(otp, { delay: 40 });
    await friendPage.waitForURL('**/home');
    await friendContext.close();

    // The inviter's row of that code now shows the friend joined (the number masked).
    await page.reload();
    const row = page.getByRole('listitem').filter({ hasText: code });
    await row.getByText(`Joined ••• ${friend.digits.slice(-4)}`).waitFor();
    expect(await heading(page).textContent()).toBe(
      'You have 4 invitations To pick your own players',
    );
    await screenshot(page, 'players-friend-joined');
    await context.close();
  });

  it('opens the players tutorial from /players and comes back', async () => {
    const context = await phoneWithoutShareSheet(await signedInPhone(e2e.server));
    const page = await context.newPage();
    await page.goto('/home');
    await page.goto('/players');
    await page.getByRole('link', { name: 'How players work' }).tap();
    await page.waitForURL('**/players-tutorial');
    await page.getByText('an invitee win of $500 gives you $100', { exact: false }).waitFor();
    await screenshot(page, 'players-tutorial');
    expect((await smallTapTargets(page)).join('; '), 'controls under 44x44 px').toBe('');
    await page.getByRole('link', { name: 'Go to Players' }).tap();
    await page.waitForURL('**/players');
    await page.getByRole('region', { name: 'Your Players' }).waitFor();
    await context.close();
  });
});
