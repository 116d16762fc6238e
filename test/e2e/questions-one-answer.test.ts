// One answer per card shown, whatever the fingers do: a double tap on Yes, a tap right after a
// swipe. Each card the player saw takes one answer, as the server records them. Real server,
// real embedded database, real Chromium, real touch input.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  newPhone,
  ops,
  pressToWhatILike,
  questionReady,
  screenshot,
  newPlayer,
  swipe,
  withServerAndBrowser,
} from './harness';

const e2e = withServerAndBrowser();

describe('one answer per card shown', () => {
  /** The answers the server recorded for the player, as the operator's export lists them. */
  async function answersRecorded(phone: string): Promise<number> {
    const document = JSON.parse(await ops(e2e.server, 'user', 'export', phone)) as {
      answers: unknown[];
    };
    return document.answers.length;
  }

  /** The middle of `name`'s button, for taps that do not wait for it to be enabled. */
  async function centreOf(page: Page, name: string): Promise<{ x: number; y: number }> {
    const box = await page.getByRole('button', { name, exact: true }).boundingBox();
    if (!box) throw new Error(`no ${name} button on screen`);
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  }

  /** Whichever card comes next has taken its arrival: the number it shows. */
  async function settledQuestion(page: Page): Promise<string> {
    await page.locator('.question-card__choice--yes:enabled').waitFor();
    return (await page.locator('.questionnaire__progress').textContent()) ?? '';
  }

  it('takes a double tap on Yes, a tap right after a swipe, as one answer each', async () => {
    const phone = newPhone();
    const { context, page } = await newPlayer(e2e.browser, e2e.server, phone);
    await pressToWhatILike(page);
    await page.getByRole('button', { name: 'What I Like' }).tap();
    await page.waitForURL('**/disclosure');
    await page.getByRole('button', { name: "Got it, let's go" }).tap();
    await page.waitForURL('**/questionnaire');
    await page.getByText("The More You Tell Us, The More You'll Win").waitFor();
    await swipe(page, page.getByTestId('question-card'), 160);
    const first = await questionReady(page, 1);
    expect(await answersRecorded(phone.withCountry)).toBe(0);

    // Yes twice, 150 ms apart, as a hurried finger does.
    const yes = await centreOf(page, 'Yes');
    await page.touchscreen.tap(yes.x, yes.y);
    await page.waitForTimeout(150);
    await page.touchscreen.tap(yes.x, yes.y);
    expect(await settledQuestion(page)).toBe('Question 2 of 5');
    const second = await questionReady(page, 2);
    expect(second).not.toBe(first);
    expect(await answersRecorded(phone.withCountry)).toBe(1);

    // The card that came is answered as usual.
    await page.getByRole('button', { name: 'No', exact: true }).tap();
    expect(await settledQuestion(page)).toBe('Question 3 of 5');
    expect(await answersRecorded(phone.withCountry)).toBe(2);

    // A swipe, and at once a click on Yes: the swipe answers, the click finds no card ready.
    await swipe(page, page.getByTestId('question-card'), 160);
    await page.mouse.click(yes.x, yes.y);
    expect(await settledQuestion(page)).toBe('Question 4 of 5');
    expect(await answersRecorded(phone.withCountry)).toBe(3);
    await screenshot(page, 'questions-one-answer-per-card');
    await context.close();
  });
});
