// Rewards tapped through, and rewards the player already had (spec sections 4 and 9, issue 20):
// a tap moves on once a reward has had its first second; a coupon claimed in WINNINGS never
// plays; /rewards opened again goes on with the reward that was playing.
import { describe, expect, it } from 'vitest';
import { toPromise } from 'xstate';
import type { Reward } from '../../contract/api';
import { REWARDS_PATH } from '../../machines/reward-playback/reward-playback.machine';
import {
  selectPosition,
  selectRewardCount,
} from '../../machines/reward-playback/reward-playback.selectors';
import { routeOf } from '../../machines/shared/routes';
import { settle } from '../support/settle';
import { COUPON, GIFT_CARD, play, TICKETS } from './reward-playback-harness';

describe('tapping through', () => {
  it('moves on at a tap once the reward has shown for its first second', () => {
    const rewards = play([GIFT_CARD, COUPON, TICKETS]);
    rewards.tap();
    rewards.wait(999);
    rewards.tap();
    expect(rewards.showing()).toBe(GIFT_CARD.id);
    rewards.wait(1);
    rewards.tap();
    expect(rewards.showing()).toBe(COUPON.id);
    expect(selectPosition(rewards.snapshot())).toBe(2);
    // A second tap right after is not an answer for the reward that just came.
    rewards.tap();
    expect(rewards.showing()).toBe(COUPON.id);
    rewards.wait(1000);
    rewards.tap();
    expect(rewards.showing()).toBe(TICKETS.id);
    expect(rewards.marked).toEqual([[GIFT_CARD.id], [COUPON.id]]);
  });

  it('a tap on the last reward ends the playback, each still shown with its sound', async () => {
    const rewards = play([TICKETS, GIFT_CARD], { fromYouveEntered: true });
    rewards.wait(1000);
    rewards.tap();
    rewards.wait(1000);
    rewards.tap();
    expect(rewards.snapshot().matches('markingPlayedBack')).toBe(true);
    expect(rewards.sounds).toEqual([0, 1000]);
    expect(rewards.vibrations).toEqual([1000]);
    await expect(toPromise(rewards.actor)).resolves.toEqual({
      toWhatILike: true,
      hasReceivedGC: true,
    });
  });

  it('without a tap each reward keeps its full time', () => {
    const rewards = play([COUPON, TICKETS]);
    rewards.wait(1000, 1999);
    expect(rewards.showing()).toBe(COUPON.id);
    rewards.wait(1);
    expect(rewards.showing()).toBe(TICKETS.id);
  });
});

describe('rewards already had', () => {
  const CLAIMED: Reward = {
    ...COUPON,
    id: 'r-claimed',
    attributes: { ...COUPON.attributes, claimed: true },
  };

  it("never plays a coupon claimed in WINNINGS as 'You won!'", () => {
    const rewards = play([CLAIMED, TICKETS]);
    expect(rewards.showing()).toBe(TICKETS.id);
    expect(selectRewardCount(rewards.snapshot())).toBe(1);
    rewards.playAll();
    expect(rewards.onScreen).toEqual([TICKETS.id]);
  });

  it('ends at once when every reward was claimed already', () => {
    const rewards = play([CLAIMED]);
    expect(rewards.snapshot().status).toBe('done');
    expect(rewards.sounds).toEqual([]);
  });

  it('after a reload goes on with the reward that was playing, not from the first', async () => {
    // The server has had the ticket told as shown: it lists the coupon and the gift card.
    let asked = 0;
    const rewards = play([], {
      fetchUnplayed: () => {
        asked += 1;
        return Promise.resolve([COUPON, GIFT_CARD]);
      },
    });
    expect(routeOf(rewards.snapshot())).toBe(REWARDS_PATH);
    await settle();
    expect(asked).toBe(1);
    expect(rewards.showing()).toBe(COUPON.id);
    expect(rewards.snapshot().matches({ playing: 'coupon' })).toBe(true);
    rewards.wait(3000, 8000);
    expect(rewards.onScreen).toEqual([COUPON.id, GIFT_CARD.id]);
  });

  it('after a reload with the server out of reach goes on to /home', async () => {
    const rewards = play([], { fetchUnplayed: () => Promise.reject(new Error('offline')) });
    await settle();
    expect(rewards.snapshot().status).toBe('done');
  });
});
