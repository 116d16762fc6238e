// The Content-Security-Policy in a real browser: the app itself runs without a single violation
// (sign-in, the button, the live channel), and a script injected into the page does not run.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  newPhone,
  ops,
  phoneContext,
  WITH_WORKER,
  signInThroughPhoneLogin,
  withServerAndBrowser,
} from './harness';

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
}

declare global {
  interface Window {
    cspViolations?: Violation[];
    injectedScriptRan?: boolean;
    injectedHandlerRan?: boolean;
  }
}

const e2e = withServerAndBrowser();

/** A phone whose every page records the policy violations it reports. */
async function watchedPage(): Promise<Page> {
  // The worker in too: what it answers from its cache must keep the page's policy.
  const context = await phoneContext(e2e.browser, e2e.server.baseUrl, WITH_WORKER);
  // Given to the browser through the DevTools protocol, which the page's policy does not govern.
  await context.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations?.push({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        sample: event.sample,
      });
    });
  });
  return context.newPage();
}

const violationsOf = (page: Page) => page.evaluate(() => window.cspViolations ?? []);

describe('the Content-Security-Policy in Chromium', () => {
  it('lets the app sign in, enter the draw and hear the live channel with no violation', async () => {
    const page = await watchedPage();
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(await violationsOf(page)).toEqual([]);

    await signInThroughPhoneLogin(page, e2e.server, newPhone());
    await page.getByRole('button', { name: /Enter To Win/ }).tap();
    await page.waitForURL('**/youve-entered');
    // What I Like follows; a first-time Skip plays the wishlist coupon, then /home.
    await page.waitForURL('**/what-i-like', { timeout: 10_000 });
    await page.getByRole('button', { name: 'Skip' }).tap();
    await page.waitForURL('**/home', { timeout: 30_000 });
    await page.getByText('Enter The Next Drawing In:').waitFor();
    // The operator closes the draw: the live channel brings 'YOU WON!' without a reload.
    await ops(e2e.server, 'draw', 'close');
    await page.getByText('YOU WON!').waitFor({ timeout: 10_000 });
    expect(await violationsOf(page)).toEqual([]);
  });

  it('does not run a script or an event handler injected into the page', async () => {
    const page = await watchedPage();
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injectedScriptRan = true;';
      document.body.append(script);
      const holder = document.createElement('div');
      holder.innerHTML = '<img src="/no-such-image" onerror="window.injectedHandlerRan = true">';
      document.body.append(holder);
    });
    await expect
      .poll(async () => (await violationsOf(page)).map((violation) => violation.directive))
      .toEqual(expect.arrayContaining(['script-src-elem', 'script-src-attr']));
    expect(await page.evaluate(() => window.injectedScriptRan)).toBeUndefined();
    expect(await page.evaluate(() => window.injectedHandlerRan)).toBeUndefined();
  });
});

describe('the trusted-device cookie in Chromium', () => {
  it("is kept by the browser out of scripts' reach and sent back by the app on its next sign-in", async () => {
    const page = await watchedPage();
    const phone = newPhone();
    await signInThroughPhoneLogin(page, e2e.server, phone);
    const [cookie] = await page.context().cookies();
    expect(cookie).toMatchObject({
      name: 'bb_device',
      path: '/api/v1/users',
      httpOnly: true,
      sameSite: 'Strict',
    });
    expect(await page.evaluate(() => document.cookie)).toBe('');

    // Signed out (the session forgotten), the player asks for a code again: the app's own
    // same-origin calls carry the cookie, with no change to the client.
    await page.evaluate(() => window.localStorage.clear());
    await page.goto('/phone-login');
    await page.getByRole('textbox').fill(phone.digits);
    const [request] = await Promise.all([
      page.waitForRequest('**/api/v1/users/request_code'),
      page.getByRole('button', { name: 'Get my code' }).tap(),
    ]);
    expect((await request.allHeaders()).cookie).toMatch(/^bb_device=/);
    expect(await violationsOf(page)).toEqual([]);
  });
});
