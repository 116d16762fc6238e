// What causes each event of the reward playback's model, through the rendered view: time passing
// on the clock, the player's taps, the server's answers. Other walks can drive the rewards with
// these gestures from their own models.
import { act, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { Step } from 'xstate/graph';
import { settle } from '../../support/settle';
import {
  COUPON_ENDS,
  DELAYS,
  FIRST_SECOND_ENDS,
  type FirstSecondEnds,
  GIFT_CARD_ENDS,
  LEFT_TO_PLAY,
  type PlaybackEvent,
  type PlaybackSnapshot,
  TICKETS_END,
  type TimeUp,
  serialize,
} from './reward-playback-model';
import { type Played, app } from './reward-playback-harness';

// ---- the walk ----------------------------------------------------------------------------------

export async function arrive(expected: PlaybackSnapshot): Promise<void> {
  await waitFor(() => expect(serialize(app().actor.getSnapshot())).toBe(serialize(expected)));
}

export type PlaybackStep = Step<PlaybackSnapshot, PlaybackEvent>;

/** Milliseconds the reward on screen has been on screen, on the walk's clock. */
export function onScreenFor(): number {
  const { clock, played } = app();
  return clock.now() - (played.shownSince?.at ?? clock.now());
}

/** The reward's time (or its first second) passes: not a millisecond early, and on time. */
export async function timePasses(step: PlaybackStep): Promise<void> {
  const { actor, clock, played } = app();
  const ms = DELAYS[step.event.type as TimeUp | FirstSecondEnds] - onScreenFor();
  const before = serialize(actor.getSnapshot());
  const sounds = played.sounds;
  act(() => clock.increment(ms - 1));
  expect(serialize(actor.getSnapshot())).toBe(before);
  expect(played.sounds).toBe(sounds);
  act(() => clock.increment(1));
  await arrive(step.state);
}

/** The player taps the screen: the next reward comes at once. */
export async function tap(step: PlaybackStep): Promise<void> {
  const next = screen.getByRole('button', { name: /^(Next reward|Continue)$/ });
  act(() => next.click());
  await arrive(step.state);
}

export async function answer(
  step: PlaybackStep,
  settleCall: (answer: NonNullable<Played['answer']>) => void,
) {
  const { played } = app();
  await waitFor(() => expect(played.answer).not.toBeNull());
  await act(async () => {
    settleCall(played.answer!);
    await settle();
  });
  await arrive(step.state);
}

export async function list(
  step: PlaybackStep,
  settleCall: (listing: NonNullable<Played['listing']>) => void,
) {
  const { played } = app();
  await waitFor(() => expect(played.listing).not.toBeNull());
  await act(async () => {
    settleCall(played.listing!);
    await settle();
  });
  await arrive(step.state);
}

export const executors = {
  [TICKETS_END]: timePasses,
  [COUPON_ENDS]: timePasses,
  [GIFT_CARD_ENDS]: timePasses,
  ...(Object.fromEntries(FIRST_SECOND_ENDS.map((type) => [type, timePasses])) as Record<
    FirstSecondEnds,
    typeof timePasses
  >),
  'rewards.next': tap,
  'xstate.done.actor.fetchUnplayedRewards': (step) =>
    list(step, ({ resolve }) => resolve(LEFT_TO_PLAY)),
  'xstate.error.actor.fetchUnplayedRewards': (step) =>
    list(step, ({ reject }) => reject(new Error('offline'))),
  'xstate.done.actor.markPlayedBack': (step) => answer(step, ({ resolve }) => resolve(undefined)),
  'xstate.error.actor.markPlayedBack': (step) =>
    answer(step, ({ reject }) => reject(new Error('offline'))),
} satisfies Record<PlaybackEvent['type'], (step: PlaybackStep) => Promise<void>>;
