// What a player does and sees on the screens of the questions flow ('You're Entered To Win', the
// rewards, What I Like, the questionnaire), in the signed-in app: the walks of the draw and of
// the flow take the flow's steps through these gestures, the server's answers and the clock.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { SimulatedClock } from 'xstate';
import type { Reward } from '../../../contract/api';
import { CARD_ARRIVAL_MS } from '../../../machines/questionnaire/questionnaire.types';
import { rewardKindOf } from '../../../machines/reward-playback/reward-playback.machine';
import { ApiFailure } from '../../../src/lib/api';
import type { DrawCallName, FakeDrawApi } from './draw-fake-api';
import { tabBar } from './app-harness';

/** The running app as the gestures need it: its clock and the draw's calls. */
export type QuestionsApp = { clock: SimulatedClock; drawApi: FakeDrawApi };

export const path = () => window.location.pathname;

/** Time passes on the app's clock (the flow's timings). */
export async function advance(app: QuestionsApp, ms: number): Promise<void> {
  await act(async () => {
    app.clock.increment(ms);
    await Promise.resolve();
  });
}

/** The server answers the waiting call of `name`: `value`, or the failure given. */
export async function answerCall(
  app: QuestionsApp,
  name: DrawCallName,
  value: unknown,
  failure?: ApiFailure,
): Promise<void> {
  await waitFor(() => expect(app.drawApi.isWaiting(name), `${name} is waiting`).toBe(true));
  await act(async () => {
    if (failure) app.drawApi.reject(name, failure);
    else app.drawApi.resolve(name, value);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** GET questionnaires/next answers 404: the player has answered every question. */
export const NO_QUESTION_LEFT_FAILURE = new ApiFailure(
  404,
  "You've answered all questions. Come back later for more!",
);

export async function tap(name: string | RegExp): Promise<void> {
  await userEvent.click(await screen.findByRole('button', { name }));
}

// ---- 'You're Entered To Win' ------------------------------------------------------------------

export function expectYouveEntered(): void {
  expect(path()).toBe('/youve-entered');
  expect(screen.getByRole('heading', { name: "You're Entered To Win" })).toBeDefined();
  expect(tabBar()).toBeNull();
}

/** The screen stays 1.5 s (not a millisecond less); then the rewards check finds `rewards`. */
export async function passYouveEntered(app: QuestionsApp, rewards: Reward[]): Promise<void> {
  await advance(app, 1499);
  expect(app.drawApi.isWaiting('rewards')).toBe(false);
  await advance(app, 1);
  await answerCall(app, 'rewards', { data: rewards });
}

// ---- the rewards --------------------------------------------------------------------------------

/** How long each reward stays on /rewards (spec section 9). */
const SHOWS_FOR = { token: 1700, coupon: 3000, giftCard: 8000 } as const;

/** The reward card on /rewards. */
export async function expectRewardOnScreen(reward: Reward): Promise<void> {
  await waitFor(() => expect(path()).toBe('/rewards'));
  expect(await screen.findByRole('heading', { name: 'You won!' })).toBeDefined();
  const name =
    rewardKindOf(reward) === 'token' ? 'Wallet ticket' : (reward.attributes.coupon_type ?? '');
  expect(screen.getByRole('img', { name })).toBeDefined();
  expect(tabBar()).toBeNull();
}

/** Each reward shows for its time, one after another; then the server hears they were shown. */
export async function playRewards(app: QuestionsApp, rewards: Reward[]): Promise<void> {
  for (const reward of rewards) {
    await expectRewardOnScreen(reward);
    await advance(app, SHOWS_FOR[rewardKindOf(reward)]);
  }
  expect(app.drawApi.callsOf('markRewardsPlayedBack').at(-1)).toEqual(
    rewards.map((reward) => reward.id),
  );
  await answerCall(app, 'markRewardsPlayedBack', {});
}

// ---- What I Like --------------------------------------------------------------------------------

export async function expectWhatILike(firstTime: boolean): Promise<void> {
  await waitFor(() => expect(path()).toBe('/what-i-like'));
  const start = await screen.findByRole('button', { name: 'What I Like' });
  expect(start.hasAttribute('disabled')).toBe(false);
  expect(screen.getByRole('button', { name: 'Skip' }).hasAttribute('disabled')).toBe(false);
  expect(screen.queryByText(/Your first answers also win you a random prize/) !== null).toBe(
    firstTime,
  );
  expect(tabBar()).toBeNull();
}

// ---- the questionnaire --------------------------------------------------------------------------

/** The tab bar during Tell Us More: the Home tab alone; after a press: none. */
export function expectQuestionnaireTabs(tellUsMore: boolean): void {
  if (!tellUsMore) {
    expect(tabBar()).toBeNull();
    return;
  }
  const tabs = within(tabBar() as HTMLElement).getAllByRole('link');
  expect(tabs.map((tab) => tab.textContent)).toEqual(['Home']);
}

/** The questionnaire's own Home link (Tell Us More), not the tab of the same name. */
export function homeLink(): HTMLElement | null {
  const bar = tabBar();
  const links = screen.queryAllByRole('link', { name: 'Home' });
  return links.find((link) => !bar?.contains(link)) ?? null;
}

/** /questionnaire while the next question loads. */
export async function expectQuestionLoading(tellUsMore: boolean): Promise<void> {
  await waitFor(() => expect(path()).toBe('/questionnaire'));
  expect(await screen.findByLabelText('Loading the question')).toBeDefined();
  expect(homeLink() !== null).toBe(tellUsMore);
  expectQuestionnaireTabs(tellUsMore);
}

const expectAnswersEnabled = (enabled: boolean) => {
  const answers = within(screen.getByRole('group', { name: 'Your answer' }));
  for (const name of ['No', 'Yes', 'Skip this question']) {
    expect(answers.getByRole('button', { name }).hasAttribute('disabled')).toBe(!enabled);
  }
};

/**
 * The question on its card, numbered in the batch. Given the app, the player reads it: its
 * answers stay off while it arrives (a double tap's second tap must not answer it), then on.
 */
export async function expectQuestionCard(
  prompt: string,
  number: number,
  total: number,
  app?: QuestionsApp,
): Promise<void> {
  await waitFor(() => expect(path()).toBe('/questionnaire'));
  expect(await screen.findByText(prompt)).toBeDefined();
  expect(screen.getByText(`Question ${number} of ${total}`)).toBeDefined();
  if (!app) return;
  expectAnswersEnabled(false);
  await advance(app, CARD_ARRIVAL_MS);
  expectAnswersEnabled(true);
}
