// Contact Us and the account, in the WINNINGS drawer on a phone: a message goes through Contact
// Us and the operator's answer is read in the drawer ('New' until then); the player logs out
// and signs back in, then deletes the account after being asked once more. Real server, real
// embedded database, real Chromium.
import { describe, expect, it } from 'vitest';
import {
  newPhone,
  openDrawerAt,
  tokenOf,
  ops,
  screenshot,
  newPlayer,
  signInWithPhone,
  smallTapTargets,
  withServerAndBrowser,
} from './harness';

const e2e = withServerAndBrowser();

describe('Contact Us and the account in the drawer', () => {
  it("shows the operator's answer under Contact Us, 'New' until it is read", async () => {
    const { context, page } = await newPlayer(e2e.browser, e2e.server);
    const subject = `Coupon code ${Date.now()}`;
    const sent = await fetch(`${e2e.server.baseUrl}/api/v1/contact-us/send-email`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${await tokenOf(page)}`,
      },
      body: JSON.stringify({ subject, message: 'The code did not work.\nAt checkout.' }),
    });
    expect(sent.status).toBe(201);
    // No answer yet: nothing listed under Contact Us.
    await openDrawerAt(page);
    const footer = page.getByRole('navigation', { name: 'Help and account' });
    await footer.getByRole('button', { name: 'Contact Us' }).waitFor();
    expect(await footer.getByText(subject).count()).toBe(0);

    const listed = await ops(e2e.server, 'messages', 'list');
    const id = new RegExp(`^([0-9a-f-]{36})\\s[^\\n]*\\n\\s+Subject: ${subject}`, 'm').exec(
      listed,
    )![1]!;
    const answer = 'Sorry about that!\nHere is a new one: <b>PIZZA-2</b>';
    expect(await ops(e2e.server, 'messages', 'reply', id, answer)).toMatch(/Answered/);

    await page.reload();
    await page.locator('[data-panel="open"]').waitFor();
    const answers = footer.getByRole('list', { name: 'Answers to your messages' });
    const thread = answers.getByRole('button', { name: new RegExp(subject) });
    await thread.getByText('New').waitFor();
    await screenshot(page, 'winnings-contact-answer-new');
    expect(await smallTapTargets(page)).toEqual([]);
    await thread.tap();
    const conversation = page.getByRole('dialog', { name: subject });
    await conversation.getByText('The code did not work.').waitFor();
    // Plain text, line breaks kept: the markup is shown as typed, never run.
    const reply = conversation.locator('.winnings__text').nth(1);
    expect(await reply.textContent()).toBe(answer);
    expect(await conversation.locator('b').count()).toBe(0);
    expect((await reply.boundingBox())!.height).toBeGreaterThan(30);
    await screenshot(page, 'winnings-contact-answer');
    // Opening it tells the server: 'New' goes.
    await expect.poll(() => thread.getByText('New').count(), { timeout: 5_000 }).toBe(0);
    await conversation.getByRole('button', { name: 'Close' }).tap();
    await thread.waitFor();
    // Read on the server too.
    await page.reload();
    await page.locator('[data-panel="open"]').waitFor();
    await thread.waitFor();
    expect(await thread.getByText('New').count()).toBe(0);
    expect(await ops(e2e.server, 'messages', 'list')).toMatch(/\(read\)/);
    await context.close();
  });

  it('keeps what was typed on Contact Us through a reload, and sends it once', async () => {
    const { context, page } = await newPlayer(e2e.browser, e2e.server);
    await openDrawerAt(page);
    await page.getByRole('button', { name: 'Contact Us' }).tap();
    await page.waitForURL('**/form/has-problem');
    const subject = `Prize not paid ${Date.now()}`;
    const message = 'I won on Monday,\nand half of this was typed before a reload.';
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Message').fill(message);
    // Once the typing pauses, the page's entry holds the draft: a reload reads it there.
    const kept = () =>
      page.evaluate(() => (history.state as { message?: unknown } | null)?.message ?? null);
    await expect.poll(kept, { timeout: 5_000 }).toBe(message);
    await page.reload();
    await page.getByRole('heading', { name: 'Contact Us' }).waitFor();
    expect(await page.getByLabel('Subject').inputValue()).toBe(subject);
    expect(await page.getByLabel('Message').inputValue()).toBe(message);
    await page.getByRole('button', { name: 'Submit' }).tap();
    await page.getByText('Thank you! Your message has been sent.').waitFor();
    await page.waitForURL('**/home');
    // Sent once, and Back from /home skips the page sent from: the drawer, no text again.
    await page.goBack();
    await page.waitForURL('**/winnings');
    await page.locator('[data-panel="open"]').waitFor();
    expect(await page.getByLabel('Subject').count()).toBe(0);
    const listed = await ops(e2e.server, 'messages', 'list');
    expect(listed.split(subject).length - 1).toBe(1);
    await context.close();
  });

  it('sends a contact message, logs out and back in, and deletes the account after asking once more', async () => {
    const phone = newPhone();
    const { context, page } = await newPlayer(e2e.browser, e2e.server, phone);

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
    expect(await ops(e2e.server, 'messages', 'list')).toContain('My coupon code');

    // Logout: the session ends, the device forgets it, the disclaimer shows.
    await page.goto('/winnings');
    await page.getByRole('button', { name: 'Logout' }).tap();
    const ask = page.getByRole('dialog', { name: 'Logout' });
    await ask.getByText('Are you sure you want to logout?').waitFor();
    await screenshot(page, 'logout-modal');
    await ask.getByRole('button', { name: 'Logout' }).tap();
    await page.waitForURL('**/disclaimer');
    expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBeNull();
    await page.getByRole('heading', { name: 'Disclaimer' }).waitFor();
    expect(await page.getByText('Your account was deleted').count()).toBe(0);

    // Back in with a new code. Delete Account asks once more; Cancel keeps the account.
    await signInWithPhone(page, phone);
    const token = await tokenOf(page);
    await openDrawerAt(page);
    await page.getByRole('button', { name: 'Logout' }).tap();
    await page.getByRole('button', { name: 'Delete Account' }).tap();
    const confirm = page.getByRole('dialog', { name: 'Delete Account' });
    await confirm
      .getByText('This erases your account and everything you won that is not paid yet')
      .waitFor();
    await screenshot(page, 'delete-account-confirmation');
    await confirm.getByRole('button', { name: 'Cancel' }).tap();
    await confirm.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/winnings');
    await page.locator('[data-panel="open"]').waitFor();
    expect(await tokenOf(page)).toBe(token);
    const kept = await fetch(`${e2e.server.baseUrl}/api/v1/coupons`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(kept.status).toBe(200);

    // Then 'Delete my account': the disclaimer says it was done.
    await page.getByRole('button', { name: 'Logout' }).tap();
    await page.getByRole('button', { name: 'Delete Account' }).tap();
    await confirm.getByRole('button', { name: 'Delete my account' }).tap();
    await page.waitForURL('**/disclaimer');
    await page.getByRole('status').getByText('Your account was deleted').waitFor();
    await screenshot(page, 'account-deleted');
    expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBeNull();
    // The old player's token no longer signs anyone in.
    const gone = await fetch(`${e2e.server.baseUrl}/api/v1/coupons`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(gone.status).toBe(401);
    // Said once: a reload is a normal visit.
    await page.reload();
    await page.getByRole('heading', { name: 'Disclaimer' }).waitFor();
    expect(await page.getByText('Your account was deleted').count()).toBe(0);
    // Nothing is left of the player: the number signs up again as a new player.
    const again = await fetch(`${e2e.server.baseUrl}/api/v1/users/registrations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        phone_number: phone.withCountry,
        invite_code: e2e.server.starterInviteCode,
      }),
    });
    expect(again.status).toBe(201);
    await context.close();
  });
});
