// A newcomer signs up on a phone, from an invite link and from the disclaimer; a returning
// player signs back in. Real server, real embedded database, real Chromium.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  newPhone,
  ops,
  phoneContext,
  screenshot,
  smallTapTargets,
  swipe,
  withServerAndBrowser,
} from './harness';

const e2e = withServerAndBrowser();

async function createInvite(uses = 10): Promise<string> {
  const out = await ops(e2e.server, 'invite', 'create', '--uses', String(uses));
  return out.trim().split('\n').pop()!.trim();
}

/** Every control on the screen is at least 44x44 px, for a finger. */
async function expectTapTargetsBigEnough(page: Page, screen: string): Promise<void> {
  expect((await smallTapTargets(page)).join('; '), `controls under 44x44 px on ${screen}`).toBe('');
}

/** Types the phone, presses the screen's button, and lands on the verification screen. */
async function verifyWithShownCode(page: Page, shot: string): Promise<void> {
  await page.getByText('Enter Verification Code').waitFor();
  const shown = page.getByText(/^\d{4}$/).first();
  await shown.waitFor();
  const code = (await shown.textContent())!.trim();
  await screenshot(page, `${shot}-verification`);
  const boxes = page.locator('input[inputmode="numeric"]');
  expect(await boxes.count()).toBe(4);
  await boxes.first().tap();
  await page.keyboard.type(code, { delay: 40 });
  await page.waitForURL('**/home');
  await page.getByText('Enter To Win').waitFor();
}

describe('a newcomer on a phone', () => {
  it('signs up from an invite link: slides, ticket, phone, code, home', async () => {
    const context = await phoneContext(e2e.browser, e2e.server.baseUrl);
    const page = await context.newPage();
    const code = await createInvite();
    const phone = newPhone();

    await page.goto(`/?code=${code}`);
    await page.getByRole('button', { name: 'Skip' }).waitFor();
    await screenshot(page, 'invite-link-first-slide');
    await expectTapTargetsBigEnough(page, 'the starting page');
    // A finger moves the slides on (once the gesture code, loaded after the first paint, is in).
    const slides = page.getByTestId('instruction-slides-track');
    await slides.waitFor();
    await swipe(page, slides, -150);
    await page.getByRole('article', { name: '2 of 7' }).waitFor();
    await swipe(page, slides, -150);
    await page.getByRole('article', { name: '3 of 7' }).waitFor();
    await page.getByRole('button', { name: 'Skip' }).tap();
    await page.getByText('Welcome to BLACK BUTTON').waitFor();
    await screenshot(page, 'invite-link-welcome-slide');
    await expectTapTargetsBigEnough(page, 'the welcome slide');
    await page.getByRole('button', { name: 'ENTER' }).tap();
    await page.locator('img[src*="lottery-ticket"]').first().waitFor();
    await screenshot(page, 'invite-link-ticket-reveal');
    // The ticket shows for 2.5 s, then the ticket-received screen.
    await page.getByText('You also just received one entry ticket', { exact: false }).waitFor({
      timeout: 5000,
    });
    await screenshot(page, 'invite-link-ticket-received');
    await expectTapTargetsBigEnough(page, 'the ticket-received screen');
    // A swipe to the left over 100 px moves on, as the arrow does: to the disclaimer first
    // (Skip would have skipped it).
    const received = page.getByTestId('ticket-received');
    await received.waitFor();
    await swipe(page, received, -160);

    await page.waitForURL('**/onboarding**');
    await page.getByRole('heading', { name: 'Disclaimer' }).waitFor();
    await page.getByRole('checkbox').tap();
    await page.getByRole('button', { name: 'SUBMIT' }).tap();
    await page.getByText('Verify Your Mobile Number').waitFor();
    // The link's code, checked on the starting page, survives a reload of /onboarding.
    await page.reload();
    await page.getByText('Verify Your Mobile Number').waitFor();
    expect(new URL(page.url()).pathname).toBe('/onboarding');
    await page.getByRole('textbox').fill(phone.digits);
    await screenshot(page, 'invite-link-onboarding');
    await page.getByRole('button', { name: 'Enter' }).tap();
    await page.waitForURL('**/login');
    await verifyWithShownCode(page, 'invite-link');
    expect(await page.getByText('$500').first().isVisible()).toBe(true);
    await page.getByText('Welcome to BLACK BUTTON').waitFor();
    await screenshot(page, 'invite-link-home');

    // Back from /home, signed in: the sign-up screens behind it are not shown again, nor is
    // /home left by a redirect back to itself; Back steps past them all and leaves the app
    // for the page the invite link was opened from.
    const signUpSeen: string[] = [];
    await page.exposeFunction('signUpSeen', (text: string) => void signUpSeen.push(text));
    await page.evaluate(() => {
      const seen = (window as unknown as { signUpSeen: (text: string) => void }).signUpSeen;
      new MutationObserver(() => {
        if (document.body.textContent?.includes('Enter Verification Code')) seen('verification');
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await page.goBack();
    await page.waitForURL('about:blank');
    expect(signUpSeen).toEqual([]);
    await page.goForward();
    await page.waitForURL('**/home');
    await page.getByText('Enter To Win').waitFor();

    // Reloading keeps the session.
    await page.reload();
    await page.getByText('Enter To Win').waitFor();
    expect(new URL(page.url()).pathname).toBe('/home');
    await context.close();
  });

  it('signs up from the disclaimer with a typed invite code', async () => {
    const context = await phoneContext(e2e.browser, e2e.server.baseUrl);
    const page = await context.newPage();
    const code = await createInvite();
    const phone = newPhone();

    await page.goto('/');
    const submit = page.getByRole('button', { name: 'SUBMIT' });
    await submit.waitFor();
    expect(await submit.isDisabled()).toBe(true);
    expect(await page.getByRole('link', { name: /terms/i }).first().isVisible()).toBe(true);
    await screenshot(page, 'disclaimer');
    await expectTapTargetsBigEnough(page, 'the disclaimer');
    await page.getByRole('checkbox').check();
    expect(await submit.isEnabled()).toBe(true);
    // Reading the rules and coming Back keeps the ticked box: the disclaimer stays as it was.
    await page.getByRole('link', { name: /rules/i }).first().tap();
    await page.waitForURL('**/rules');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.getByRole('checkbox').isChecked()).toBe(true);
    expect(await submit.isEnabled()).toBe(true);
    await submit.tap();

    await page.waitForURL('**/invite-code');
    await page.getByText('Enter Invitation Code').waitFor();
    await expectTapTargetsBigEnough(page, '/invite-code');
    const field = page.getByRole('textbox');
    await field.fill('NOPE-NOPE');
    await page.getByRole('button', { name: 'Submit' }).tap();
    await page.getByText('Invalid Code').waitFor();
    await screenshot(page, 'invite-code-invalid');
    await field.fill(code);
    await page.getByRole('button', { name: 'Submit' }).tap();
    await page.getByText('Invitation code received').waitFor();

    await page.waitForURL('**/onboarding**');
    const phoneField = page.getByRole('textbox');
    await page.getByText('Verify Your Mobile Number').waitFor();
    await expectTapTargetsBigEnough(page, '/onboarding');
    await page.getByRole('button', { name: 'Enter' }).tap();
    await page.getByText('Phone number cannot be empty.').waitFor();
    await phoneField.fill('41555');
    await page.getByRole('button', { name: 'Enter' }).tap();
    await page.getByText('Must be a valid mobile number').waitFor();
    await screenshot(page, 'onboarding-invalid-phone');
    await phoneField.fill(phone.digits);
    await page.getByRole('button', { name: 'Enter' }).tap();
    await page.waitForURL('**/login');
    await verifyWithShownCode(page, 'disclaimer');
    await screenshot(page, 'disclaimer-home');
    await context.close();
  });
});

describe('a returning player', () => {
  it('signs back in with a resent code, after one wrong code', async () => {
    const phone = newPhone();
    // Registered earlier, on another device.
    const code = await createInvite();
    const registered = await fetch(`${e2e.server.baseUrl}/api/v1/users/registrations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone_number: phone.withCountry, invite_code: code }),
    });
    expect(registered.status).toBe(201);

    const context = await phoneContext(e2e.browser, e2e.server.baseUrl);
    const page = await context.newPage();
    // A stale invite link is caught at once; the player is one tap away from signing in.
    await page.goto('/?code=BADCODE1');
    await page.waitForURL('**/invite-code');
    await page.getByText('Invalid Code').waitFor();
    await screenshot(page, 'invite-link-invalid');
    await page.getByRole('link', { name: 'I already have an account' }).tap();
    await page.waitForURL('**/phone-login');
    // The verification screen without a number sends the player back here.
    await page.goto('/login');
    await page.waitForURL('**/phone-login');
    await page.getByText('Welcome back').waitFor();
    expect(await page.getByRole('button', { name: 'Get my code' }).count()).toBe(0);
    await page.getByRole('textbox').fill(phone.digits);
    await screenshot(page, 'phone-login');
    await expectTapTargetsBigEnough(page, '/phone-login');
    await page.getByRole('button', { name: 'Get my code' }).tap();
    await page.waitForURL('**/login');

    await page.getByText('Enter Verification Code').waitFor();
    const shown = page.getByText(/^\d{4}$/).first();
    await shown.waitFor();
    const right = (await shown.textContent())!.trim();
    const wrong = right === '0000' ? '1111' : '0000';
    const boxes = page.locator('input[inputmode="numeric"]');
    // The first box has the focus: the keyboard is up without a tap.
    await page.keyboard.type(wrong, { delay: 40 });
    await page.getByText('Invalid Code').waitFor();
    await screenshot(page, 'login-invalid-code');
    expect(new URL(page.url()).pathname).toBe('/login');

    // A new text voids the first code.
    const resent = page.waitForResponse((r) => r.url().endsWith('/users/request_code'));
    await page.getByRole('button', { name: 'Resend code' }).tap();
    const fresh = ((await (await resent).json()) as { otp: string }).otp;
    await page.getByText(fresh, { exact: true }).last().waitFor();
    await screenshot(page, 'login-resent-code');
    await boxes.first().tap();
    await page.keyboard.type(fresh, { delay: 40 });
    await page.waitForURL('**/home');
    await page.getByText('Enter To Win').waitFor();
    await screenshot(page, 'returning-home');

    // An unknown path while signed in goes home; the legal pages stay reachable.
    await page.goto('/no-such-page');
    await page.waitForURL('**/home');
    await page.goto('/rules#odds_of_winning');
    await page.locator('#odds_of_winning').waitFor();
    await screenshot(page, 'rules-signed-in');
    await context.close();
  });

  it('sees the signed-out routes when not signed in', async () => {
    const context = await phoneContext(e2e.browser, e2e.server.baseUrl);
    const page = await context.newPage();
    await page.goto('/home');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/terms-and-conditions#dispute-resolution');
    await page.locator('#dispute-resolution').waitFor();
    await page.goto('/privacy-policy');
    await page.locator('#data-review').waitFor({ state: 'attached' });
    await screenshot(page, 'privacy-signed-out');
    // The install guide, as an invite link for either phone opens it.
    for (const device of ['android', 'ios']) {
      await page.goto(`/install?device=${device}`);
      await page.getByRole('button', { name: 'Continue in browser' }).waitFor();
      await expectTapTargetsBigEnough(page, `the ${device} install guide`);
    }
    await context.close();
  });
});
