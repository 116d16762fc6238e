// The presentation environment and the end of a test campaign, in Chromium on a phone:
// DEMO_MODE's 'Reset demo' at the bottom of the drawer leaves a clean demo a second person signs
// up in with the starter code the server prints anew; FEATURE_FINAL_TEST shows 'This Concludes
// Our Test' on every signed-in route, with a link to text 'More'.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { TOAST_DEMO_RESET } from '../../machines/session/session.types';
import { DEMO_RESET_WARNING } from '../../src/features/winnings/AccountActions';
import {
  launchBrowser,
  newPhone,
  newPlayer,
  openDrawerAt,
  phoneContext,
  screenshot,
  signInThroughPhoneLogin,
  smallTapTargets,
  startServer,
  tokenOf,
  type RunningServer,
} from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** Every starter code the server printed so far, in order. */
const starterCodes = (server: RunningServer) =>
  [...server.output().matchAll(/Starter invite code: (\S+)/g)].map((match) => match[1] ?? '');

describe('a demo (DEMO_MODE=on) reset from the drawer', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ DEMO_MODE: 'on' });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('erases player A, prints a new starter code, and lets player B sign up with it', async () => {
    const a = await newPlayer(browser, server);
    const oldToken = await tokenOf(a.page);
    await openDrawerAt(a.page);
    const footer = a.page.getByRole('navigation', { name: 'Help and account' });
    const reset = footer.getByRole('button', { name: 'Reset demo' });
    await reset.scrollIntoViewIfNeeded();
    await reset.tap();

    // Asked once more, saying what goes; Cancel leaves everything as it was.
    const question = a.page.getByRole('dialog', { name: 'Reset demo' });
    await question.getByText(DEMO_RESET_WARNING).waitFor();
    await screenshot(a.page, 'demo-reset-question');
    expect(await smallTapTargets(a.page)).toEqual([]);
    await question.getByRole('button', { name: 'Cancel' }).tap();
    await question.waitFor({ state: 'detached' });
    expect(starterCodes(server)).toHaveLength(1);

    await reset.tap();
    await question.getByRole('button', { name: 'Reset demo' }).tap();
    await a.page.waitForURL('**/disclaimer');
    await a.page.getByText(TOAST_DEMO_RESET).waitFor();
    await a.page.getByText('Your account was deleted').waitFor();
    await screenshot(a.page, 'demo-reset-signed-out');
    expect(await a.page.evaluate(() => localStorage.getItem('jwt'))).toBeNull();

    await expect.poll(() => starterCodes(server).length).toBe(2);
    const [oldCode, newCode] = starterCodes(server);
    expect(newCode).not.toBe(oldCode);

    // A's session and A's starter code are gone.
    const invites = await fetch(`${server.baseUrl}/api/v1/invites`, {
      headers: { authorization: `Bearer ${oldToken}` },
    });
    expect(invites.status).toBe(401);
    const withOldCode = await fetch(`${server.baseUrl}/api/v1/users/registrations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone_number: newPhone().withCountry, invite_code: oldCode }),
    });
    expect(withOldCode.status).toBe(404);

    // B signs up on another phone with the new code and reaches the button.
    const b = await phoneContext(browser, server.baseUrl);
    const page = await b.newPage();
    await signInThroughPhoneLogin(
      page,
      { ...server, starterInviteCode: newCode ?? '' },
      newPhone(),
    );
    await page.getByRole('button', { name: /Enter To Win/ }).waitFor();
    await b.close();
    await a.context.close();
  });
});

describe('the end of a test campaign (FEATURE_FINAL_TEST=on)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ FEATURE_FINAL_TEST: 'on' });
  });
  afterAll(async () => {
    await server.stop();
  });

  it("shows 'This Concludes Our Test' on every signed-in route, with a link to text 'More'", async () => {
    const context = await phoneContext(browser, server.baseUrl);
    const page = await context.newPage();
    const phone = newPhone();
    await signInThroughPhoneLogin(page, server, phone);
    for (const path of ['/home', '/winnings', '/players', '/what-i-like', '/wallet']) {
      await page.goto(path);
      await page.getByRole('heading', { name: 'This Concludes Our Test' }).waitFor();
      const text = page.getByRole('link', { name: "Text 'More'" });
      expect(await text.getAttribute('href')).toMatch(/^sms:.*body=More$/);
      expect(await page.getByRole('button', { name: /Enter To Win/ }).count()).toBe(0);
    }
    await screenshot(page, 'final-test');
    expect(await smallTapTargets(page)).toEqual([]);
    // Signed out, the entry flow is as before.
    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto('/');
    await page.getByRole('heading', { name: 'Disclaimer' }).waitFor();
    expect(await page.getByText('This Concludes Our Test').count()).toBe(0);
    await context.close();
  });
});
