// The running reward playback for its model test: the machine and its view with a simulated clock,
// its effects and a fake API, the screen opened again as a reload or Back opens it, the walk's
// coverage, and what the player sees (and hears, and feels).
import { act, render, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { Reward } from '../../../contract/api';
import { createRewardPlaybackActors } from '../../../machines/reward-playback/reward-playback.actors';
import {
  rewardKindOf,
  type RewardPlaybackInput,
} from '../../../machines/reward-playback/reward-playback.machine';
import { RewardsView } from '../../../src/features/reward-playback/RewardsView';
import type { CoverageRecorder } from './coverage';
import { CurrentApp } from './generated-walks';
import { settle } from '../../support/settle';
import {
  LEFT_TO_PLAY,
  type PlaybackSnapshot,
  hasHadFirstSecond,
  logic,
} from './reward-playback-model';

// ---- the running playback, its effects and its view ------------------------------------------

export type Played = {
  sounds: number;
  vibrations: number[];
  /** Every played-back call, as the server received it. */
  marked: string[][];
  answer: { resolve: (value: unknown) => void; reject: (error: unknown) => void } | null;
  listing: { resolve: (rewards: Reward[]) => void; reject: (error: unknown) => void } | null;
  /** When the reward on screen came (on the walk's clock), and which one it was. */
  shownSince: { at: number; index: number; rewards: Reward[] } | null;
};

/** Follows the playback's snapshots: which reward is on screen, and since when (on `clock`). */
export const followShownSince =
  (played: Pick<Played, 'shownSince'>, clock: SimulatedClock) => (snapshot: PlaybackSnapshot) => {
    const { index, rewards } = snapshot.context;
    const since = played.shownSince;
    if (!snapshot.matches('playing')) return;
    if (since?.index === index && since.rewards === rewards) return;
    played.shownSince = { at: clock.now(), index, rewards };
  };

/** `coverage` is the test file's own record of the walk: the helpers keep none between files. */
export function open(input: RewardPlaybackInput, coverage: CoverageRecorder) {
  const clock = new SimulatedClock();
  const played: Played = {
    sounds: 0,
    vibrations: [],
    marked: [],
    answer: null,
    listing: null,
    shownSince: null,
  };
  const actors = createRewardPlaybackActors({
    markPlayedBack: (ids) =>
      new Promise((resolve, reject) => {
        played.marked.push(ids);
        played.answer = { resolve, reject };
      }),
    fetchUnplayed: () =>
      new Promise((resolve, reject) => {
        played.listing = { resolve, reject };
      }),
    playSound: () => {
      played.sounds += 1;
    },
    vibrate: (ms) => {
      played.vibrations.push(ms);
    },
  });
  const actor = createActor(logic.provide({ actors }), {
    clock,
    input,
    inspect: coverage.inspect,
  });
  actor.subscribe(followShownSince(played, clock));
  actor.start();
  const view = render(<RewardsView actor={actor} />);
  return { actor, clock, played, view, input };
}

/**
 * The screen opened again, as a reload or Back opens it: the playback starts with no rewards and
 * the server lists those it was not told were shown. Returns the reward it shows first (null:
 * none, the player goes on), and closes it.
 */
export async function reopen(
  input: RewardPlaybackInput,
  rewards: Reward[],
): Promise<string | null> {
  const told = new Set(app().played.marked.flat());
  const left = rewards.filter((reward) => !told.has(reward.id));
  const reopened = createActor(
    logic.provide({
      actors: createRewardPlaybackActors({
        markPlayedBack: () => new Promise(() => undefined),
        fetchUnplayed: () => Promise.resolve(left),
        playSound: () => undefined,
        vibrate: () => undefined,
      }),
    }),
    { clock: new SimulatedClock(), input: { ...input, rewards: [] } },
  );
  reopened.start();
  const container = document.createElement('div');
  document.body.append(container);
  const view = render(<RewardsView actor={reopened} />, { container });
  try {
    await act(settle);
    const reward = reopened.getSnapshot().context.rewards[reopened.getSnapshot().context.index];
    if (!reward || reopened.getSnapshot().status === 'done') {
      expect(within(container).queryByRole('heading')).toBeNull();
      return null;
    }
    within(container).getByRole('heading', { level: 1, name: 'You won!' });
    return reward.id;
  } finally {
    reopened.stop();
    view.unmount();
    container.remove();
  }
}

export const current = new CurrentApp<ReturnType<typeof open>>('No playback is running.');
export const app = current.get;

// ---- what the player sees ---------------------------------------------------------------------

export const text = (content: string) => screen.getByText(content);
export const image = (name: string) => screen.getByRole('img', { name });
/** A line read whole, its smaller words included ('$5' and 'off' are styled apart). */
export const line = (content: string) =>
  screen.getByText((_, element) => element?.tagName === 'P' && element.textContent === content);

/** The reward on screen, its place in the sequence, and the sound it came with. */
export function expectReward(snapshot: PlaybackSnapshot): Reward {
  const { rewards, index } = snapshot.context;
  const reward = rewards[index]!;
  expect(window.location.pathname).toBe('/');
  screen.getByRole('heading', { level: 1, name: 'You won!' });
  expect(screen.getByRole('main').querySelector('[aria-live="polite"]')).not.toBeNull();
  if (rewards.length > 1) text(`${index + 1} of ${rewards.length}`);
  else expect(screen.queryByText(/ of /)).toBeNull();

  const { value, coupon_type: brand, image_link: art } = reward.attributes;
  switch (rewardKindOf(reward)) {
    case 'token':
      expect(image('Wallet ticket').getAttribute('src')).toBe('/images/rewards/token.svg');
      line(`+${value} ${value === 1 ? 'ticket' : 'tickets'}`);
      text('added to your wallet');
      break;
    case 'coupon':
      expect(image(brand!).getAttribute('src')).toBe(art);
      text(brand!);
      line(`$${value} off`);
      expect(screen.queryByText(/gift card/)).toBeNull();
      break;
    case 'giftCard':
      expect(image(brand!).getAttribute('src')).toBe(art);
      text(brand!);
      line(`$${value} gift card`);
      break;
  }
  return reward;
}

/** One coins sound per reward shown; a vibration with each gift card so far, and none else. */
export function expectEffects(snapshot: PlaybackSnapshot): void {
  const { rewards, index } = snapshot.context;
  const shown = rewards.slice(0, index + 1);
  expect(app().played.sounds).toBe(shown.length);
  const giftCards = shown.filter((reward) => rewardKindOf(reward) === 'giftCard').length;
  expect(app().played.vibrations).toEqual(Array.from({ length: giftCards }, () => 1000));
}

/** The rewards the walk plays (those the server listed, for a screen opened again). */
export const allRewards = (snapshot: PlaybackSnapshot, input: RewardPlaybackInput) =>
  input.rewards.length > 0 ? input.rewards : LEFT_TO_PLAY;

export const whilePlaying = async (snapshot: PlaybackSnapshot) => {
  const reward = expectReward(snapshot);
  expectEffects(snapshot);
  // The server has heard of the rewards before this one, not of this one.
  const { rewards, index } = snapshot.context;
  expect(app().played.marked).toEqual(rewards.slice(0, index).map(({ id }) => [id]));
  // Its first second, the tap does nothing; then 'Tap to continue'.
  const next = screen.getByRole('button', {
    name: index + 1 < rewards.length ? 'Next reward' : 'Continue',
  });
  expect((next as HTMLButtonElement).disabled).toBe(!hasHadFirstSecond(snapshot));
  // A reload or Back here: the same reward plays, none of those before it.
  const input = app().input;
  expect(await reopen(input, allRewards(snapshot, input))).toBe(reward.id);
};
