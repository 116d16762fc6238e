// The reward playback on a simulated clock, with fakes for its effects, as the playback's tests
// drive it: the rewards of every kind, and `play`, which starts one and records what it did.
import { createActor, SimulatedClock } from 'xstate';
import type { Reward } from '../../contract/api';
import {
  createRewardPlaybackActors,
  type RewardPlaybackEffects,
} from '../../machines/reward-playback/reward-playback.actors';
import {
  rewardKindOf,
  rewardPlaybackMachine,
} from '../../machines/reward-playback/reward-playback.machine';
import { selectRewardOnScreen } from '../../machines/reward-playback/reward-playback.selectors';

export const TICKETS: Reward = { id: 'r-token', type: 'token_reward', attributes: { value: 3 } };
export const COUPON: Reward = {
  id: 'r-coupon',
  type: 'coupon_reward',
  attributes: { value: 5, coupon_type: 'Game Day Pizza', kind: 'coupon' },
};
export const GIFT_CARD: Reward = {
  id: 'r-gift-card',
  type: 'coupon_reward',
  attributes: { value: 25, coupon_type: 'Bass Pro Shops', kind: 'gift_card' },
};

/** The spec's times (section 9), to play a whole sequence through. */
export const SHOWS_FOR = { token: 1700, coupon: 3000, giftCard: 8000 } as const;

export type Options = {
  fromYouveEntered?: boolean;
  markPlayedBack?: RewardPlaybackEffects['markPlayedBack'];
  fetchUnplayed?: RewardPlaybackEffects['fetchUnplayed'];
  playSound?: RewardPlaybackEffects['playSound'];
};

export function play(rewards: Reward[], options: Options = {}) {
  const clock = new SimulatedClock();
  const sounds: number[] = [];
  const vibrations: number[] = [];
  const marked: string[][] = [];
  const actors = createRewardPlaybackActors({
    markPlayedBack: (ids) => {
      marked.push(ids);
      return options.markPlayedBack?.(ids) ?? Promise.resolve();
    },
    playSound: () => {
      sounds.push(clock.now());
      return options.playSound?.();
    },
    vibrate: (ms) => void vibrations.push(ms),
    fetchUnplayed: options.fetchUnplayed,
  });
  const actor = createActor(rewardPlaybackMachine.provide({ actors }), {
    clock,
    input: { rewards, fromYouveEntered: options.fromYouveEntered ?? true },
  });
  const onScreen: string[] = [];
  actor.subscribe((snapshot) => {
    const reward = selectRewardOnScreen(snapshot);
    if (snapshot.matches('playing') && reward && onScreen.at(-1) !== reward.id) {
      onScreen.push(reward.id);
    }
  });
  actor.start();
  const snapshot = () => actor.getSnapshot();
  const showing = () => selectRewardOnScreen(snapshot())?.id;
  // One step per reward: the simulated clock fires only the timers due when a step begins.
  const wait = (...steps: number[]) => steps.forEach((ms) => clock.increment(ms));
  const playAll = () => wait(...rewards.map((reward) => SHOWS_FOR[rewardKindOf(reward)]));
  const tap = () => actor.send({ type: 'rewards.next' });
  return {
    actor,
    clock,
    sounds,
    vibrations,
    marked,
    onScreen,
    snapshot,
    showing,
    wait,
    playAll,
    tap,
  };
}
