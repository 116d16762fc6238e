// The reward screens (spec sections 2, 4 and 9) on a simulated clock: each reward's time, the
// sound and the vibration, the order, telling the server, and where the player goes next.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock, toPromise } from 'xstate';
import type { Reward } from '../../contract/api';
import {
  browserRewardEffects,
  COINS_SOUND,
} from '../../machines/reward-playback/reward-playback.actors';
import {
  BRANDED_GIFT_CARDS,
  REWARDS_PATH,
  rewardKindOf,
  rewardPlaybackMachine,
} from '../../machines/reward-playback/reward-playback.machine';
import {
  selectKindOnScreen,
  selectPosition,
  selectRewardCount,
} from '../../machines/reward-playback/reward-playback.selectors';
import { routeOf } from '../../machines/shared/routes';
import { settle } from '../support/settle';
import { COUPON, GIFT_CARD, play, TICKETS } from './reward-playback-harness';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('how long each reward shows', () => {
  it('shows a token reward for 1.7 s', () => {
    const rewards = play([TICKETS, COUPON]);
    expect(rewards.snapshot().matches({ playing: 'token' })).toBe(true);
    rewards.wait(1699);
    expect(rewards.showing()).toBe(TICKETS.id);
    rewards.wait(1);
    expect(rewards.showing()).toBe(COUPON.id);
  });

  it('shows a coupon for 3 s', () => {
    const rewards = play([COUPON, TICKETS]);
    expect(rewards.snapshot().matches({ playing: 'coupon' })).toBe(true);
    rewards.wait(2999);
    expect(rewards.showing()).toBe(COUPON.id);
    rewards.wait(1);
    expect(rewards.showing()).toBe(TICKETS.id);
  });

  it('shows a branded gift card for 8 s, vibrating the phone for 1 s once', () => {
    const rewards = play([GIFT_CARD, TICKETS]);
    expect(rewards.snapshot().matches({ playing: 'giftCard' })).toBe(true);
    expect(rewards.vibrations).toEqual([1000]);
    rewards.wait(7999);
    expect(rewards.showing()).toBe(GIFT_CARD.id);
    rewards.wait(1);
    expect(rewards.showing()).toBe(TICKETS.id);
    expect(rewards.vibrations).toEqual([1000]);
  });

  it('vibrates for no ticket and no coupon', () => {
    const rewards = play([TICKETS, COUPON]);
    rewards.playAll();
    expect(rewards.vibrations).toEqual([]);
  });

  it('plays the coins sound as each reward appears', () => {
    const rewards = play([TICKETS, COUPON, GIFT_CARD, TICKETS]);
    rewards.playAll();
    expect(rewards.sounds).toEqual([0, 1700, 4700, 12_700]);
  });
});

describe('which rewards play as gift cards', () => {
  it.each(BRANDED_GIFT_CARDS)('%s is a branded gift card, whatever kind it is sent as', (brand) => {
    const asCoupon: Reward = { ...COUPON, attributes: { value: 10, coupon_type: brand } };
    expect(rewardKindOf(asCoupon)).toBe('giftCard');
  });

  it('any reward the server marks as a gift card plays as one', () => {
    const unbranded: Reward = {
      ...GIFT_CARD,
      attributes: { ...GIFT_CARD.attributes, coupon_type: 'Corner Grill' },
    };
    expect(rewardKindOf(unbranded)).toBe('giftCard');
  });

  it('other coupons and tickets play as themselves', () => {
    expect(rewardKindOf(COUPON)).toBe('coupon');
    expect(rewardKindOf({ ...COUPON, attributes: { value: 2 } })).toBe('coupon');
    expect(rewardKindOf(TICKETS)).toBe('token');
  });
});

describe('the sequence', () => {
  it('plays the rewards in the order given, one at a time', () => {
    const rewards = play([COUPON, TICKETS, GIFT_CARD]);
    const seen = [
      [selectKindOnScreen(rewards.snapshot()), selectPosition(rewards.snapshot())] as const,
    ];
    rewards.wait(3000);
    seen.push([selectKindOnScreen(rewards.snapshot()), selectPosition(rewards.snapshot())]);
    rewards.wait(1700);
    seen.push([selectKindOnScreen(rewards.snapshot()), selectPosition(rewards.snapshot())]);
    expect(seen).toEqual([
      ['coupon', 1],
      ['token', 2],
      ['giftCard', 3],
    ]);
    expect(selectRewardCount(rewards.snapshot())).toBe(3);
    rewards.wait(8000);
    expect(rewards.onScreen).toEqual([COUPON.id, TICKETS.id, GIFT_CARD.id]);
  });

  it('plays two rewards of one kind in a row each for its full time', () => {
    const second: Reward = { ...TICKETS, id: 'r-token-2', attributes: { value: 1 } };
    const rewards = play([TICKETS, second]);
    rewards.wait(1700);
    expect(rewards.showing()).toBe(second.id);
    rewards.wait(1699);
    expect(rewards.snapshot().matches({ playing: 'token' })).toBe(true);
    expect(rewards.sounds).toEqual([0, 1700]);
    rewards.wait(1);
    expect(rewards.snapshot().matches('playing')).toBe(false);
  });

  it('tells the server of each reward as the next one comes, and of all after the last', async () => {
    const rewards = play([TICKETS, COUPON, GIFT_CARD]);
    rewards.wait(1699);
    expect(rewards.marked).toEqual([]);
    rewards.wait(1);
    expect(rewards.marked).toEqual([[TICKETS.id]]);
    rewards.wait(3000, 7999);
    expect(rewards.marked).toEqual([[TICKETS.id], [COUPON.id]]);
    rewards.wait(1);
    expect(rewards.marked.at(-1)).toEqual([TICKETS.id, COUPON.id, GIFT_CARD.id]);
    // The last reward stays on screen until the player moves on.
    expect(rewards.snapshot().matches('markingPlayedBack')).toBe(true);
    expect(rewards.showing()).toBe(GIFT_CARD.id);
    await toPromise(rewards.actor);
    expect(rewards.marked).toHaveLength(3);
    expect(rewards.snapshot().status).toBe('done');
  });

  it('goes on when the server cannot be told of a reward shown', async () => {
    const rewards = play([TICKETS, COUPON], {
      markPlayedBack: () => Promise.reject(new Error('offline')),
    });
    rewards.wait(1700);
    await Promise.resolve();
    expect(rewards.showing()).toBe(COUPON.id);
    rewards.wait(3000);
    await expect(toPromise(rewards.actor)).resolves.toBeDefined();
  });

  it('still ends when the server cannot be told', async () => {
    const rewards = play([COUPON], {
      markPlayedBack: () => Promise.reject(new Error('offline')),
    });
    rewards.wait(3000);
    await expect(toPromise(rewards.actor)).resolves.toEqual({
      toWhatILike: false,
      hasReceivedGC: false,
    });
  });

  it('goes on playing when the sound is refused or throws', async () => {
    let refusals = 0;
    const refusing = play([TICKETS, COUPON], {
      playSound: () => {
        refusals += 1;
        return Promise.reject(new DOMException('Autoplay refused', 'NotAllowedError'));
      },
    });
    refusing.playAll();
    await expect(toPromise(refusing.actor)).resolves.toBeDefined();
    expect(refusals).toBe(2);

    const throwing = play([GIFT_CARD, TICKETS], {
      playSound: () => {
        throw new Error('No audio device');
      },
    });
    throwing.playAll();
    await expect(toPromise(throwing.actor)).resolves.toEqual({
      toWhatILike: true,
      hasReceivedGC: true,
    });
  });

  it('with no rewards to go on with ends at once, on to /home, and tells the server nothing', async () => {
    const rewards = play([], { fetchUnplayed: () => Promise.resolve([]) });
    await settle();
    expect(rewards.snapshot().status).toBe('done');
    expect(rewards.snapshot().output).toEqual({ toWhatILike: false, hasReceivedGC: false });
    expect(routeOf(rewards.snapshot())).toBeNull();
    expect(rewards.sounds).toEqual([]);
    expect(rewards.marked).toEqual([]);
  });

  it('started without the app it plays silently and still ends', async () => {
    const clock = new SimulatedClock();
    const actor = createActor(rewardPlaybackMachine, {
      clock,
      input: { rewards: [GIFT_CARD], fromYouveEntered: true },
    });
    actor.start();
    clock.increment(8000);
    await expect(toPromise(actor)).resolves.toEqual({ toWhatILike: true, hasReceivedGC: true });
  });

  it('stopped midway (the player left) has told the server of the rewards shown, not the one on screen', async () => {
    const rewards = play([TICKETS, COUPON]);
    rewards.wait(1700);
    rewards.actor.stop();
    rewards.wait(3000);
    await settle();
    expect(rewards.marked).toEqual([[TICKETS.id]]);
  });
});

describe('where the player goes next', () => {
  const endOf = async (rewards: Reward[], fromYouveEntered: boolean) => {
    const playing = play(rewards, { fromYouveEntered });
    playing.playAll();
    return toPromise(playing.actor);
  };

  it("goes to /what-i-like after a gift card when it came from 'You're Entered To Win'", async () => {
    await expect(endOf([TICKETS, GIFT_CARD], true)).resolves.toEqual({
      toWhatILike: true,
      hasReceivedGC: true,
    });
  });

  it('goes to /home when no gift card was among the rewards', async () => {
    await expect(endOf([TICKETS, COUPON], true)).resolves.toEqual({
      toWhatILike: false,
      hasReceivedGC: false,
    });
  });

  it("goes to /home after a gift card when it did not come from 'You're Entered To Win'", async () => {
    await expect(endOf([GIFT_CARD], false)).resolves.toEqual({
      toWhatILike: false,
      hasReceivedGC: true,
    });
  });
});

describe('the address', () => {
  it('is /rewards while the rewards play and while the server is told', () => {
    const rewards = play([TICKETS, COUPON, GIFT_CARD], {
      markPlayedBack: () => new Promise(() => undefined),
    });
    const routes = [routeOf(rewards.snapshot())];
    for (const ms of [1700, 3000, 8000]) {
      rewards.wait(ms);
      routes.push(routeOf(rewards.snapshot()));
    }
    expect(rewards.snapshot().matches('markingPlayedBack')).toBe(true);
    expect(routes).toEqual([REWARDS_PATH, REWARDS_PATH, REWARDS_PATH, REWARDS_PATH]);
    expect(REWARDS_PATH).toBe('/rewards');
  });
});

describe('the browser effects', () => {
  it('plays /sounds/coins.wav, and a refused autoplay is no failure', async () => {
    const played: string[] = [];
    vi.stubGlobal(
      'Audio',
      class {
        constructor(readonly src: string) {}
        play() {
          played.push(this.src);
          return Promise.reject(new DOMException('Autoplay refused', 'NotAllowedError'));
        }
      },
    );
    await expect(browserRewardEffects.playSound()).resolves.toBeUndefined();
    expect(played).toEqual([COINS_SOUND]);
    expect(COINS_SOUND).toBe('/sounds/coins.wav');
  });

  it('vibrates where the phone can, and is silent where it cannot or may not yet', () => {
    const vibrate = vi.fn(() => true);
    vi.stubGlobal('navigator', { vibrate });
    browserRewardEffects.vibrate(1000);
    expect(vibrate).toHaveBeenCalledWith(1000);

    // A page nobody has touched yet: the browser would refuse (and log it), so nothing is asked.
    vibrate.mockClear();
    vi.stubGlobal('navigator', { vibrate, userActivation: { hasBeenActive: false } });
    browserRewardEffects.vibrate(1000);
    expect(vibrate).not.toHaveBeenCalled();
    vi.stubGlobal('navigator', { vibrate, userActivation: { hasBeenActive: true } });
    browserRewardEffects.vibrate(1000);
    expect(vibrate).toHaveBeenCalledWith(1000);

    vi.stubGlobal('navigator', {});
    expect(() => browserRewardEffects.vibrate(1000)).not.toThrow();
    vi.stubGlobal('navigator', undefined);
    expect(() => browserRewardEffects.vibrate(1000)).not.toThrow();
  });
});
