// The winnings drawer (/winnings), run as it runs in the app (test/machines/winnings-drawer-harness.ts):
// sliding down and back up, and what it lists. Claims: winnings-drawer-claims.test.ts; Contact
// Us and the account: winnings-drawer-account.test.ts.
import { describe, expect, it } from 'vitest';
import type { Reward } from '../../contract/api';
import {
  DRAWER_ANIMATION_MS,
  DRAWER_OPEN_DELAY_MS,
  TOAST_WINNINGS_LOAD_FAILED,
  WINNINGS_PATH,
} from '../../machines/winnings/winnings-drawer.machine';
import {
  selectContent,
  selectCouponsByType,
  selectGrandPrizes,
  selectPanel,
  selectReferralBonuses,
} from '../../machines/winnings/winnings.selectors';
import { ApiFailure } from '../../src/lib/api';
import { couponOf } from '../model/helpers/winnings-fake-api';
import { settle } from '../support/settle';
import {
  PIZZA_5,
  BASS_25,
  PIZZA_10,
  PRIZE,
  BONUS,
  start,
  openWith,
} from './winnings-drawer-harness';

describe('the winnings drawer: sliding down and back up', () => {
  it('waits 500 ms after the route opens, then slides down for 500 ms', () => {
    const { clock, snapshot } = start();
    expect(selectPanel(snapshot())).toBe('waiting');
    clock.increment(DRAWER_OPEN_DELAY_MS - 1);
    expect(selectPanel(snapshot())).toBe('waiting');
    clock.increment(1);
    expect(selectPanel(snapshot())).toBe('opening');
    clock.increment(DRAWER_ANIMATION_MS - 1);
    expect(selectPanel(snapshot())).toBe('opening');
    clock.increment(1);
    expect(selectPanel(snapshot())).toBe('open');
  });

  it('logs my_winnings_viewed once, from /winnings, when the drawer opens', async () => {
    const drawer = start({});
    await settle();
    expect(drawer.clicks()).toEqual([{ event_name: 'my_winnings_viewed', page_url: '/winnings' }]);
    drawer.openFully();
    drawer.send({ type: 'drawer.retry' });
    await settle();
    expect(drawer.clicks()).toEqual([
      { event_name: 'my_winnings_viewed', page_url: WINNINGS_PATH },
    ]);
  });

  it('stays open after a pull of a sixth of the screen or less, and closes past it', () => {
    const { snapshot, send, openFully } = start();
    openFully();
    // 800 px: a sixth is 133.3 px.
    send({ type: 'drawer.swipeEnded', distance: 133, screenHeight: 800 });
    expect(selectPanel(snapshot())).toBe('open');
    // Exactly a sixth is not beyond it.
    send({ type: 'drawer.swipeEnded', distance: 120, screenHeight: 720 });
    expect(selectPanel(snapshot())).toBe('open');
    send({ type: 'drawer.swipeEnded', distance: 134, screenHeight: 800 });
    expect(selectPanel(snapshot())).toBe('closing');
  });

  it('ignores a pull when the screen height is unknown', () => {
    const { snapshot, send, openFully } = start();
    openFully();
    send({ type: 'drawer.swipeEnded', distance: 500, screenHeight: 0 });
    expect(selectPanel(snapshot())).toBe('open');
  });

  it('cannot be swiped or closed before it is down', () => {
    const { clock, snapshot, send } = start();
    send({ type: 'drawer.swipeEnded', distance: 700, screenHeight: 800 });
    send({ type: 'drawer.close' });
    expect(selectPanel(snapshot())).toBe('waiting');
    clock.increment(DRAWER_OPEN_DELAY_MS);
    send({ type: 'drawer.swipeEnded', distance: 700, screenHeight: 800 });
    send({ type: 'drawer.close' });
    expect(selectPanel(snapshot())).toBe('opening');
  });

  it('slides back up for 500 ms after a swipe, then goes to /home', () => {
    const { clock, snapshot, send, waysOut, openFully } = start();
    openFully();
    send({ type: 'drawer.swipeEnded', distance: 300, screenHeight: 800 });
    clock.increment(DRAWER_ANIMATION_MS - 1);
    expect(selectPanel(snapshot())).toBe('closing');
    expect(waysOut()).toEqual([]);
    clock.increment(1);
    expect(selectPanel(snapshot())).toBe('closed');
    expect(waysOut()).toEqual(['drawer.closed']);
  });

  it('closes with the close control the same way', () => {
    const { clock, snapshot, send, waysOut, openFully } = start();
    openFully();
    send({ type: 'drawer.close' });
    expect(selectPanel(snapshot())).toBe('closing');
    expect(waysOut()).toEqual([]);
    clock.increment(DRAWER_ANIMATION_MS);
    expect(selectPanel(snapshot())).toBe('closed');
    expect(waysOut()).toEqual(['drawer.closed']);
    // Gone: nothing reopens or closes it again.
    send({ type: 'drawer.close' });
    clock.increment(DRAWER_ANIMATION_MS);
    expect(waysOut()).toEqual(['drawer.closed']);
  });
});

describe('the winnings drawer: what it lists', () => {
  it('loads while the drawer slides, all three lists at once', async () => {
    const drawer = start();
    expect(selectContent(drawer.snapshot())).toBe('loading');
    expect(drawer.api.count('coupons')).toBe(1);
    expect(drawer.api.count('grandPrizes')).toBe(1);
    expect(drawer.api.count('referralBonuses')).toBe(1);
    drawer.api.resolve('coupons', { data: [PIZZA_5] });
    drawer.api.resolve('grandPrizes', { data: [PRIZE] });
    drawer.api.resolve('referralBonuses', { data: [BONUS] });
    await settle();
    expect(selectPanel(drawer.snapshot())).toBe('waiting');
    expect(selectContent(drawer.snapshot())).toBe('list');
    expect(selectGrandPrizes(drawer.snapshot())).toEqual([PRIZE]);
    expect(selectReferralBonuses(drawer.snapshot())).toEqual([BONUS]);
  });

  it('says the list could not load, and loads it again on Try again', async () => {
    const drawer = start();
    drawer.api.reject('coupons', new ApiFailure(503, null));
    await settle();
    expect(selectContent(drawer.snapshot())).toBe('loadFailed');
    expect(drawer.toasts()).toEqual([{ message: TOAST_WINNINGS_LOAD_FAILED, variant: 'error' }]);

    // Failing again says so again.
    drawer.api.answerAlways('coupons', () => Promise.reject(new ApiFailure(503, null)));
    drawer.api.answerAlways('grandPrizes', () => Promise.resolve({ data: [] }));
    drawer.api.answerAlways('referralBonuses', () => Promise.resolve({ data: [] }));
    drawer.send({ type: 'drawer.retry' });
    expect(selectContent(drawer.snapshot())).toBe('loading');
    await settle();
    expect(selectContent(drawer.snapshot())).toBe('loadFailed');
    expect(drawer.toasts()).toHaveLength(2);

    drawer.api.holding({ coupons: [PIZZA_5] });
    drawer.send({ type: 'drawer.retry' });
    await settle();
    expect(selectContent(drawer.snapshot())).toBe('list');
    expect(drawer.api.count('coupons')).toBe(3);
    expect(drawer.toasts()).toHaveLength(2);
    // Try again only after a failure.
    drawer.send({ type: 'drawer.retry' });
    expect(drawer.api.count('coupons')).toBe(3);
  });

  it('says nothing is won yet when all three lists are empty', async () => {
    const { snapshot } = await openWith({});
    expect(selectContent(snapshot())).toBe('empty');
    expect(selectCouponsByType(snapshot())).toEqual([]);
  });

  it('lists a referral bonus alone', async () => {
    const { snapshot } = await openWith({ bonuses: [BONUS] });
    expect(selectContent(snapshot())).toBe('list');
  });

  it('groups the coupons by coupon_type, brands in the order of their first coupon', async () => {
    const claimed = couponOf('c-claimed', 'Fanatics');
    claimed.attributes.claimed = true;
    const { snapshot } = await openWith({ coupons: [PIZZA_5, BASS_25, claimed, PIZZA_10] });
    expect(selectCouponsByType(snapshot())).toEqual([
      ['Game Day Pizza', [PIZZA_5, PIZZA_10]],
      ['Bass Pro Shops', [BASS_25]],
    ]);
  });

  it("groups a coupon without a coupon_type under 'Coupon'", async () => {
    const plain: Reward = { ...PIZZA_5, id: 'c-plain', attributes: { value: 3 } };
    const { snapshot } = await openWith({ coupons: [plain] });
    expect(selectCouponsByType(snapshot())).toEqual([['Coupon', [plain]]]);
  });
});
