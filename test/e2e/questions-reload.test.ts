// The questions after a press, and Tell Us More, through a reload, Back and Forward, as a
// player does them on a phone: the card's number comes back as it was, the tutorial does not;
// Back never lands on a screen that moves on by itself; and /home then shows the countdown the
// entry gives, with the tab bar. Real server, real embedded database, real Chromium.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  ops,
  screenshot,
  swipe,
  withServerAndBrowser,
  newPlayer as newPlayerOn,
  pressToWhatILike,
} from './harness';

const e2e = withServerAndBrowser();

const TUTORIAL = "The More You Tell Us, The More You'll Win";

const newPlayer = () => newPlayerOn(e2e.browser, e2e.server);

/** Question `n` of 5 is on screen and takes an answer. */
async function questionReady(page: Page, n: number): Promise<void> {
  await page.getByText(`Question ${n} of 5`).waitFor();
  await page.locator('.question-card__choice--yes:enabled').waitFor();
}

/** Answers the cards `from` to `to` with Yes, each once it is ready. */
async function answerYes(page: Page, from: number, to: number): Promise<void> {
  for (let n = from; n <= to; n += 1) {
    await questionReady(page, n);
    await page.getByRole('button', { name: 'Yes', exact: true }).tap();
  }
}

const tabBar = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** /home with the countdown and the tab bar, and no black button. */
async function expectCountdown(page: Page): Promise<void> {
  await page.waitForURL('**/home', { timeout: 30_000 });
  await page.getByText('Enter The Next Drawing In:').waitFor();
  await page.getByRole('timer', { name: 'Time until the next drawing' }).waitFor();
  await tabBar(page).waitFor();
  expect(await page.getByRole('button', { name: /Enter To Win/ }).count()).toBe(0);
}

/** No question card and no 'Loading questions' (checked once the countdown shows). */
async function expectNoQuestions(page: Page): Promise<void> {
  expect(await page.getByText(/Question \d of 5/).count()).toBe(0);
  expect(await page.getByText('Loading questions').count()).toBe(0);
}

describe('the first questionnaire through a reload', () => {
  it('keeps the card number and leaves the tutorial away; /home then counts down', async () => {
    const { context, page } = await newPlayer();
    await pressToWhatILike(page);
    await page.getByRole('button', { name: 'What I Like' }).tap();
    await page.getByRole('button', { name: "Got it, let's go" }).tap();
    await page.getByText(TUTORIAL).waitFor();
    await swipe(page, page.getByTestId('question-card'), 160);
    await answerYes(page, 1, 3);
    await questionReady(page, 4);

    await page.reload();
    // The fourth card again, ready for an answer; the tutorial was swiped away for good.
    await questionReady(page, 4);
    expect(await page.getByText(TUTORIAL).count()).toBe(0);
    await screenshot(page, 'questions-reload-card-4');
    await answerYes(page, 4, 5);

    // The batch was five answers: the rewards, then the countdown the entry gives.
    await page.waitForURL('**/rewards', { timeout: 10_000 });
    await page.getByText('+5 tickets').waitFor();
    await expectCountdown(page);
    await page.reload();
    await expectCountdown(page);

    // Back from /home: the finished questions do not open again (no fresh batch, no Tell Us
    // More), nor does the /home the button was pressed on (the same screen): Back steps past
    // all of them and the sign-in screens, out of the app. Forward comes back to the countdown.
    await page.goBack();
    await page.waitForURL('about:blank');
    await page.goForward();
    await expectCountdown(page);
    await expectNoQuestions(page);
    await context.close();
  });
});

describe('Back from the questions', () => {
  it('goes from What I Like to /home, reloaded or not, and /home counts down', async () => {
    const { context, page } = await newPlayer();
    await pressToWhatILike(page);
    await page.reload();
    await page.getByRole('button', { name: 'What I Like' }).waitFor();
    // Back does not go through 'You're Entered To Win' (which would move on again).
    await page.goBack();
    await expectCountdown(page);
    // Back from /home steps past the sign-in screens behind it (the signed-in app has none of
    // them) and leaves the app; Forward comes back to /home.
    await page.goBack();
    await page.waitForURL('about:blank');
    await page.goForward();
    await expectCountdown(page);
    expect(new URL(page.url()).pathname).toBe('/home');
    await page.reload();
    await expectCountdown(page);
    await context.close();
  });
});

describe('Tell Us More', () => {
  it('goes on at its card after Back and Forward, says what it earned, and /home counts down', async () => {
    const { context, page } = await newPlayer();
    // A first Skip makes the player a returning one; the draw then closes, the button is back.
    await pressToWhatILike(page);
    await page.getByRole('button', { name: 'Skip', exact: true }).tap();
    await expectCountdown(page);
    await ops(e2e.server, 'draw', 'close');
    await page.getByRole('button', { name: /Enter To Win/ }).waitFor({ timeout: 20_000 });

    // Tell Us More from the tab bar of the wallet: it enters the player in the new draw.
    await page.getByRole('link', { name: 'Wallet' }).tap();
    await page.waitForURL(/\/wallet(-token)?$/);
    await tabBar(page).getByRole('link', { name: 'Tell Us More' }).tap();
    await page.waitForURL('**/questionnaire');
    await answerYes(page, 1, 2);
    await questionReady(page, 3);

    // Back, then Forward: the same card number, not a fresh batch. Back leaves the questions
    // for the tickets, or, when the wallet showed its instructions (seen once), steps past them
    // to /home; the step is the app's, so wait for where it comes to rest.
    await page.goBack();
    await page.waitForURL(/\/(wallet-token|home)$/);
    await page.getByRole('link', { name: 'Tell Us More' }).waitFor();
    await page.goForward();
    await page.waitForURL('**/questionnaire');
    await questionReady(page, 3);
    expect(await page.getByText('Question 1 of 5').count()).toBe(0);
    await answerYes(page, 3, 5);

    // What the five answers earned plays, then the countdown the entry gives.
    await page.waitForURL('**/rewards', { timeout: 10_000 });
    await page.getByText('+5 tickets').waitFor();
    await screenshot(page, 'questions-tell-us-more-earned');
    await expectCountdown(page);
    await page.getByRole('link', { name: 'Wallet' }).tap();
    await page.waitForURL(/\/wallet(-token)?$/);
    if (new URL(page.url()).pathname === '/wallet') {
      await swipe(page, page.getByTestId('instruction-slides-track'), 0, -200);
      await page.waitForURL('**/wallet-token');
    }
    await page.getByText("You have 1 entry in today's draw").waitFor();
    await context.close();
  });
});
