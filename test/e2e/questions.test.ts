// The questions and rewards after a press, as a player sees them on a phone: 'You're Entered
// To Win', What I Like, the promises, the swipe cards answered by touch, the rewards played
// back with their timings, the countdown on /home and the tickets in the wallet; a first Skip's
// wishlist coupon; Tell Us More from the tab; a press resumed without a second entry. Real
// server, real embedded database, real Chromium.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  screenshot,
  swipe,
  questionReady,
  withServerAndBrowser,
  newPlayer as newPlayerOn,
  pressToWhatILike,
} from './harness';

const e2e = withServerAndBrowser();

const newPlayer = () => newPlayerOn(e2e.browser, e2e.server);

/**
 * A first-time player's Skip on What I Like: the wishlist coupon (or gift card) plays on
 * /rewards, then /home shows the countdown.
 */
async function skipFirstQuestionnaire(page: Page, shot?: string): Promise<void> {
  await page.getByRole('button', { name: 'Skip', exact: true }).tap();
  await page.waitForURL('**/rewards', { timeout: 10_000 });
  await page.getByText('You won!').waitFor();
  const card = page.locator('.rewards__card--coupon, .rewards__card--gift-card');
  await card.waitFor();
  expect(await card.textContent()).toMatch(/saved to your winnings/);
  expect(await page.locator('.rewards__card').count()).toBe(1);
  if (shot) await screenshot(page, `${shot}-reward`);
  await expectCountdown(page);
}

/** The ids of the player's entries in the open draw, as the server has them. */
async function myEntryIds(page: Page): Promise<number[]> {
  const token = await page.evaluate(() => localStorage.getItem('jwt'));
  const response = await fetch(`${e2e.server.baseUrl}/api/v1/draws/current`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  const { data } = (await response.json()) as { data: { my_entry_ids?: number[] } };
  return data.my_entry_ids ?? [];
}

/** The countdown on /home, and no black button. */
async function expectCountdown(page: Page): Promise<void> {
  await page.waitForURL('**/home', { timeout: 20_000 });
  await page.getByText('Enter The Next Drawing In:').waitFor();
  await page.getByRole('timer', { name: 'Time until the next drawing' }).waitFor();
  expect(await page.getByRole('button', { name: /Enter To Win/ }).count()).toBe(0);
}

/** The tickets the wallet holds, read on /wallet-token as the player sees them. */
async function ticketsInWallet(page: Page): Promise<number> {
  await page.getByRole('link', { name: 'Wallet' }).tap();
  await page.waitForURL(/\/wallet(-token)?$/);
  if (new URL(page.url()).pathname === '/wallet') {
    // The instructions, the first time: a finger swiping up leaves them for the tickets.
    const slides = page.getByTestId('instruction-slides-track');
    await slides.waitFor();
    await swipe(page, slides, 0, -200);
    await page.waitForURL('**/wallet-token', { timeout: 5000 });
  }
  const held = page.getByLabel(/^You hold \d+ tickets?$/);
  await held.waitFor();
  const label = (await held.getAttribute('aria-label')) ?? '';
  return Number(/\d+/.exec(label)?.[0]);
}

type CardSeen = { at: number; card: string | null; path: string };

/**
 * Records in the page, with the page's clock, every change of the reward card on screen (its
 * kind and text) and of the path, until `collectRewardTimeline` reads them.
 */
async function recordRewardTimeline(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: CardSeen[] = [];
    let last = '';
    const note = () => {
      const card = document.querySelector('.rewards__card');
      const now: CardSeen = {
        at: performance.now(),
        card: card ? `${card.className} | ${card.textContent?.trim() ?? ''}` : null,
        path: location.pathname,
      };
      const key = `${now.card}@${now.path}`;
      if (key !== last) {
        last = key;
        seen.push(now);
      }
    };
    new MutationObserver(note).observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
    });
    (window as unknown as { rewardTimeline: CardSeen[] }).rewardTimeline = seen;
    note();
  });
}

/**
 * A reward played: its kind and text, how long its card was on screen, and how long it was
 * timed for (the same, but for the first card: from /rewards opening, when the playback
 * starts its clock).
 */
type RewardShown = { kind: string; text: string; onScreenMs: number; timedMs: number };

/** The reward cards in the order they showed, each with its times. */
async function collectRewardTimeline(page: Page): Promise<RewardShown[]> {
  const seen = await page.evaluate(
    () => (window as unknown as { rewardTimeline: CardSeen[] }).rewardTimeline,
  );
  const opened = seen.find((entry) => entry.path === '/rewards')?.at ?? Number.NaN;
  // One reward is one kind and text: a re-render of the same card is the same reward.
  const keyed = seen.map((entry) => {
    if (entry.card === null) return { at: entry.at, key: null, kind: '', text: '' };
    const [classes = '', text = ''] = entry.card.split(' | ');
    const kind = /rewards__card--(token|coupon|gift-card)/.exec(classes)?.[1] ?? '?';
    return { at: entry.at, key: `${kind}|${text}`, kind, text };
  });
  const shown: RewardShown[] = [];
  for (let i = 0; i < keyed.length; i += 1) {
    const entry = keyed[i]!;
    if (entry.key === null || (i > 0 && keyed[i - 1]!.key === entry.key)) continue;
    const gone = keyed.slice(i + 1).find((later) => later.key !== entry.key)?.at ?? Number.NaN;
    const start = shown.length === 0 ? opened : entry.at;
    shown.push({
      kind: entry.kind,
      text: entry.text,
      onScreenMs: Math.round(gone - entry.at),
      timedMs: Math.round(gone - start),
    });
  }
  return shown;
}

/** The reward card on screen, once one shows: its text. */
async function rewardOnScreen(page: Page): Promise<string> {
  const card = page.locator('.rewards__card');
  await card.waitFor();
  return ((await card.textContent()) ?? '').trim();
}

/** Waits for the reward card after the one reading `shown`. */
async function nextRewardOnScreen(page: Page, shown: string): Promise<string> {
  await page.waitForFunction(
    (before) => {
      const text = document.querySelector('.rewards__card')?.textContent?.trim();
      return text !== undefined && text !== before;
    },
    shown,
    { timeout: 12_000 },
  );
  return rewardOnScreen(page);
}

/**
 * Each reward played for its time (a ticket 1.7 s, a coupon 3 s, a gift card 8 s; the last one
 * stays a moment longer, while the server hears they were shown), and each card was on screen
 * for all of it, the first too (its view comes with the signed-in app, not a chunk of its own).
 */
function expectPlayedForTheirTimes(played: RewardShown[]): void {
  const times: Record<string, number> = { token: 1700, coupon: 3000, 'gift-card': 8000 };
  played.forEach((reward, index) => {
    const time = times[reward.kind] ?? Number.NaN;
    const what = `${JSON.stringify(played)}: reward ${index + 1} for ${time} ms`;
    expect(reward.timedMs, what).toBeGreaterThanOrEqual(time - 150);
    expect(reward.timedMs, what).toBeLessThan(time + 2000);
    expect(reward.onScreenMs, what).toBeGreaterThanOrEqual(time - 150);
  });
}

describe('the questions and rewards after a press', () => {
  it('answers a first batch by swipes, plays the rewards and pays the tickets', async () => {
    const { context, page } = await newPlayer();
    // A new player holds the welcome ticket.
    expect(await ticketsInWallet(page)).toBe(1);
    await page.goBack();
    await page.waitForURL('**/home');
    await page.getByRole('button', { name: /Enter To Win/ }).waitFor();

    await pressToWhatILike(page);
    await page
      .getByText('Your first answers also win you a random prize', { exact: false })
      .waitFor();
    await screenshot(page, 'questions-what-i-like');
    await page.getByRole('button', { name: 'What I Like' }).tap();

    // The product's promises come before the first questionnaire.
    await page.waitForURL('**/disclosure');
    await page.getByRole('heading', { name: 'Before you start' }).waitFor();
    await page.getByRole('heading', { name: 'Anonymous answers' }).waitFor();
    await screenshot(page, 'questions-disclosure');
    await page.getByRole('button', { name: "Got it, let's go" }).tap();

    // The first-time tutorial card, swiped away by a finger.
    await page.waitForURL('**/questionnaire');
    await page.getByText("The More You Tell Us, The More You'll Win").waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    await screenshot(page, 'questions-tutorial');
    await swipe(page, page.getByTestId('question-card'), 160);

    // Five questions: right is yes, left is no, the centre marker skips one.
    const prompts: string[] = [];
    prompts.push(await questionReady(page, 1));
    await page.getByText('Swipe right for Yes, left for No').waitFor();
    await screenshot(page, 'questions-first-card');
    await swipe(page, page.getByTestId('question-card'), 160);
    prompts.push(await questionReady(page, 2));
    await swipe(page, page.getByTestId('question-card'), -160);
    prompts.push(await questionReady(page, 3));
    await screenshot(page, 'questions-card-3');
    await page.getByRole('button', { name: 'Skip this question' }).tap();
    prompts.push(await questionReady(page, 4));
    await swipe(page, page.getByTestId('question-card'), 160);
    prompts.push(await questionReady(page, 5));
    // Each answer brought a new question.
    expect(new Set(prompts).size).toBe(5);
    await recordRewardTimeline(page);
    await swipe(page, page.getByTestId('question-card'), -160);

    // The rewards play: the tickets for the 4 answers (not the skip) and a coupon or a gift
    // card for the batch, in the order the server lists them; then /home with the countdown.
    await page.waitForURL('**/rewards', { timeout: 10_000 });
    await page.getByText('You won!').waitFor();
    const first = await rewardOnScreen(page);
    await screenshot(page, 'questions-rewards-1');
    await nextRewardOnScreen(page, first);
    await screenshot(page, 'questions-rewards-2');
    await expectCountdown(page);
    await screenshot(page, 'questions-home-countdown');

    const played = await collectRewardTimeline(page);
    const kinds = played.map((reward) => reward.kind);
    expect(kinds, JSON.stringify(played)).toHaveLength(2);
    expect(kinds).toContain('token');
    const tickets = played.find((reward) => reward.kind === 'token')!;
    const coupon = played.find((reward) => reward.kind !== 'token')!;
    expect(tickets.text).toContain('+4 tickets');
    expect(['coupon', 'gift-card']).toContain(coupon.kind);
    expectPlayedForTheirTimes(played);

    // The wallet holds the welcome ticket and one per yes or no.
    expect(await ticketsInWallet(page)).toBe(5);
    await screenshot(page, 'questions-wallet-after');
    await page.goBack();
    await expectCountdown(page);
    // A reload keeps the countdown: the questionnaire is done for this draw.
    await page.reload();
    await expectCountdown(page);
    await context.close();
  });

  it("earns the wishlist coupon with a first-time Skip on 'What I Like'", async () => {
    const { context, page } = await newPlayer();
    await pressToWhatILike(page);
    await skipFirstQuestionnaire(page, 'questions-skip');
    await screenshot(page, 'questions-skip-home');
    await page.reload();
    await expectCountdown(page);
    await context.close();
  });

  it('opens Tell Us More from the tab, answers a question and goes Home', async () => {
    const { context, page } = await newPlayer();
    await pressToWhatILike(page);
    await skipFirstQuestionnaire(page);

    const tab = page.getByRole('navigation', { name: 'Main' }).getByRole('link', {
      name: 'Tell Us More',
    });
    await tab.waitFor();
    await tab.tap();
    await page.waitForURL('**/questionnaire');
    // The questions' own 'Home' link, above the card.
    const home = page.getByRole('main').getByRole('link', { name: 'Home' });
    await home.waitFor();
    const prompt = await questionReady(page, 1);
    // No tutorial for a returning player; the tab bar shows only Home during Tell Us More.
    expect(await page.getByText("The More You Tell Us, The More You'll Win").count()).toBe(0);
    const tabs = page.getByRole('navigation', { name: 'Main' });
    await tabs.waitFor();
    expect(await tabs.getByRole('link').allTextContents()).toEqual(['Home']);
    await screenshot(page, 'questions-tell-us-more');
    await swipe(page, page.getByTestId('question-card'), 160);
    expect(await questionReady(page, 2)).not.toBe(prompt);

    await home.tap();
    await expectCountdown(page);
    await tab.waitFor();
    await screenshot(page, 'questions-tell-us-more-home');
    await context.close();
  });

  it('resumes a press under way without entering twice', async () => {
    const { context, page } = await newPlayer();
    await pressToWhatILike(page);
    const entered = await myEntryIds(page);
    expect(entered).toHaveLength(1);

    // The player leaves What I Like by the address bar, and reloads: the entry is in, the
    // countdown shows.
    await page.goto('/home');
    await page.reload();
    await expectCountdown(page);
    await screenshot(page, 'questions-resume-countdown');
    // The Tell Us More tab takes them back to the questions of that entry.
    const tab = page.getByRole('navigation', { name: 'Main' }).getByRole('link', {
      name: 'Tell Us More',
    });
    await tab.tap();
    await page.waitForURL('**/questionnaire');
    await page.getByText("The More You Tell Us, The More You'll Win").waitFor();
    await screenshot(page, 'questions-resume-questions');
    expect(await myEntryIds(page)).toEqual(entered);
    await context.close();
  });
});
