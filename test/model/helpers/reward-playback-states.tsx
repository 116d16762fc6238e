// What the player sees in each state of the reward playback's model, checked against the screen
// and its effects.
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { rewardKindOf } from '../../../machines/reward-playback/reward-playback.machine';
import { LEFT_TO_PLAY, type PlaybackSnapshot } from './reward-playback-model';
import {
  allRewards,
  app,
  expectEffects,
  expectReward,
  reopen,
  whilePlaying,
} from './reward-playback-harness';

export const states: Record<string, (snapshot: PlaybackSnapshot) => Promise<void> | void> = {
  // Opened again with no rewards: nothing shows until the server lists what is left.
  loading: async () => {
    expect(app().actor.getSnapshot().matches('loading')).toBe(true);
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(app().played.sounds).toBe(0);
    expect(await reopen(app().input, LEFT_TO_PLAY)).toBe(LEFT_TO_PLAY[0]!.id);
  },
  'playing.token': whilePlaying,
  'playing.coupon': whilePlaying,
  'playing.giftCard': whilePlaying,
  // The last reward stays on screen, silent, while the server is told.
  markingPlayedBack: async (snapshot) => {
    const last = expectReward(snapshot);
    expect(last).toBe(snapshot.context.rewards.at(-1));
    expectEffects(snapshot);
    expect(app().played.marked.at(-1)).toEqual(snapshot.context.rewards.map((reward) => reward.id));
    // All told: a reload or Back plays none of them again.
    const input = app().input;
    expect(await reopen(input, allRewards(snapshot, input))).toBeNull();
  },
  // The flow that opened /rewards moves on: /what-i-like after a gift card, when the player
  // came from 'You're Entered To Win', else /home.
  played: async ({ context }) => {
    const { actor, played } = app();
    const hasReceivedGC = context.rewards.some((reward) => rewardKindOf(reward) === 'giftCard');
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({
      toWhatILike: context.fromYouveEntered && hasReceivedGC,
      hasReceivedGC,
    });
    if (context.rewards.length === 0) {
      expect(screen.queryByRole('heading')).toBeNull();
      expect(screen.queryByRole('img')).toBeNull();
      expect(played.sounds).toBe(0);
      expect(played.marked).toEqual([]);
    } else {
      expect(played.marked.at(-1)).toEqual(context.rewards.map((reward) => reward.id));
      const input = app().input;
      expect(await reopen(input, allRewards(actor.getSnapshot(), input))).toBeNull();
    }
  },
};
