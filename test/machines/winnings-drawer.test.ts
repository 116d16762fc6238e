// The winnings drawer (/winnings), run as it runs in the app: a child of the session (here a
// stand-in with the systemId 'session' that records what it hears), on a simulated clock, its
// calls answered by a fake API.
import { describe, expect, it } from 'vitest';
import { createActor, setup, SimulatedClock, type ActorRefFrom, type AnyEventObject } from 'xstate';
import type { GrandPrize, Reward } from '../../contract/api';
import type { ContactThread } from '../../contract/contact';
import { ALREADY_CLAIMED } from '../../contract/rewards';
import type { ReferralBonus } from '../../contract/winnings';
import type { AppEffect } from '../../machines/shared/effects';
import type { RootEffectEvent } from '../../machines/shared/root';
import {
  accountActionsMachine,
  type AccountActionsEvent,
  type AccountActionsInput,
} from '../../machines/winnings/account-actions.machine';
import { createPrizeClaimActors } from '../../machines/winnings/prize-claim.actors';
import { prizeClaimMachine } from '../../machines/winnings/prize-claim.machine';
import {
  CONTACT_US_PATH,
  DRAWER_ANIMATION_MS,
  DELETE_ACCOUNT_WARNING,
  DRAWER_OPEN_DELAY_MS,
  TOAST_COUPON_CLAIM_FAILED,
  TOAST_COUPON_GONE,
  TOAST_WINNINGS_LOAD_FAILED,
  WINNINGS_PATH,
  winningsDrawerMachine,
  type WinningsDrawerEvent,
} from '../../machines/winnings/winnings-drawer.machine';
import { createWinningsActors } from '../../machines/winnings/winnings.actors';
import {
  selectAccountActions,
  selectClaimedCoupons,
  selectContent,
  selectCouponCode,
  selectCouponMessage,
  selectCouponsByType,
  selectDrawerPrizeClaim,
  selectGrandPrizes,
  selectModal,
  selectPanel,
  selectReferralBonuses,
  selectSelectedCouponId,
  selectOpenThread,
  selectThreads,
} from '../../machines/winnings/winnings.selectors';
import { ApiFailure } from '../../src/lib/api';
import {
  bonusOf,
  choicesOf,
  claimedCouponOf,
  couponOf,
  FakeWinningsApi,
  grandPrizeOf,
  threadOf,
} from '../model/helpers/winnings-fake-api';
import { settle } from '../support/settle';

const PIZZA_5 = couponOf('c-pizza-5', 'Game Day Pizza', 5);
const BASS_25 = couponOf('c-bass-25', 'Bass Pro Shops', 25);
const PIZZA_10 = couponOf('c-pizza-10', 'Game Day Pizza', 10);
const PRIZE = grandPrizeOf('p-500', 500);
const BONUS = bonusOf('b-100', 100);
const COUPON_CODE = 'Your code: PIZZA-5-OFF';

type Held = {
  coupons?: Reward[];
  grandPrizes?: GrandPrize[];
  bonuses?: ReferralBonus[];
  threads?: ContactThread[];
};

const drawerLogic = (api: FakeWinningsApi) =>
  winningsDrawerMachine.provide({
    actors: {
      ...createWinningsActors(api),
      prizeClaim: prizeClaimMachine.provide({ actors: createPrizeClaimActors(api) }),
    },
  });

/**
 * The drawer as the session's child. `holding` answers the list calls at once (and takes the
 * clicks); without it the list waits for the test.
 */
function start(holding?: Held) {
  const api = new FakeWinningsApi();
  api.answerAlways('click', () => Promise.resolve({ message: 'ok' }));
  if (holding) api.holding(holding);
  const clock = new SimulatedClock();
  const logic = drawerLogic(api);
  // The session only listens here: the drawer asks it to log out or delete the account, and has
  // it (the root) show the drawer's toasts.
  const toSession: AnyEventObject[] = [];
  const session = createActor(
    setup({ actors: { winningsDrawer: logic } }).createMachine({
      invoke: { id: 'winningsDrawer', src: 'winningsDrawer' },
      on: { '*': { actions: ({ event }) => void toSession.push(event) } },
    }),
    { systemId: 'session', clock },
  );
  session.start();
  const actor = session.getSnapshot().children.winningsDrawer as ActorRefFrom<typeof logic>;
  const emitted: AppEffect[] = [];
  actor.on('*', (effect) => void emitted.push(effect));
  const snapshot = () => actor.getSnapshot();
  const send = (event: WinningsDrawerEvent) => actor.send(event);
  /** The player answers the account actions' question (nothing, when none is asked). */
  const answer = (event: AccountActionsEvent) => selectAccountActions(snapshot())?.send(event);
  const toasts = () =>
    toSession.flatMap((e) => {
      const { effect } = e as RootEffectEvent;
      return e.type === 'root.effect' && effect.type === 'toast'
        ? [{ message: effect.message, variant: effect.variant }]
        : [];
    });
  const navigations = () => emitted.flatMap((e) => (e.type === 'navigate' ? [e.to] : []));
  const clicks = () =>
    api.callsOf('click').map((body) => (body as { click: { event_name: string } }).click);
  const heard = () => toSession.filter((e) => e.type.startsWith('session.')).map((e) => e.type);
  /** The drawer slides down: 500 ms wait, 500 ms slide (one timer per step of the clock). */
  const openFully = () => {
    clock.increment(DRAWER_OPEN_DELAY_MS);
    clock.increment(DRAWER_ANIMATION_MS);
  };
  return {
    api,
    clock,
    actor,
    snapshot,
    send,
    answer,
    toasts,
    navigations,
    clicks,
    heard,
    openFully,
  };
}

/** Lets the fake calls' answers reach the machine. */
/** The drawer down with its list loaded. */
async function openWith(holding: Held) {
  const drawer = start(holding);
  await settle();
  drawer.openFully();
  return drawer;
}

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
    const { clock, snapshot, send, navigations, openFully } = start();
    openFully();
    send({ type: 'drawer.swipeEnded', distance: 300, screenHeight: 800 });
    clock.increment(DRAWER_ANIMATION_MS - 1);
    expect(selectPanel(snapshot())).toBe('closing');
    expect(navigations()).toEqual([]);
    clock.increment(1);
    expect(selectPanel(snapshot())).toBe('closed');
    expect(navigations()).toEqual(['/home']);
  });

  it('closes with the close control the same way', () => {
    const { clock, snapshot, send, navigations, openFully } = start();
    openFully();
    send({ type: 'drawer.close' });
    expect(selectPanel(snapshot())).toBe('closing');
    expect(navigations()).toEqual([]);
    clock.increment(DRAWER_ANIMATION_MS);
    expect(selectPanel(snapshot())).toBe('closed');
    expect(navigations()).toEqual(['/home']);
    // Gone: nothing reopens or closes it again.
    send({ type: 'drawer.close' });
    clock.increment(DRAWER_ANIMATION_MS);
    expect(navigations()).toEqual(['/home']);
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

describe('the winnings drawer: claiming a coupon', () => {
  async function selected() {
    const drawer = await openWith({ coupons: [PIZZA_5, BASS_25] });
    drawer.send({ type: 'drawer.selectCoupon', id: PIZZA_5.id });
    await settle();
    return drawer;
  }

  it('opens the claim modal and logs gift_card_selected', async () => {
    const drawer = await selected();
    expect(selectModal(drawer.snapshot())).toBe('coupon');
    expect(selectSelectedCouponId(drawer.snapshot())).toBe(PIZZA_5.id);
    expect(drawer.clicks()).toEqual([
      { event_name: 'my_winnings_viewed', page_url: '/winnings' },
      { event_name: 'gift_card_selected', page_url: '/winnings' },
    ]);
  });

  it('ignores a coupon that is not listed', async () => {
    const drawer = await openWith({ coupons: [PIZZA_5] });
    drawer.send({ type: 'drawer.selectCoupon', id: 'c-unknown' });
    await settle();
    expect(selectModal(drawer.snapshot())).toBeNull();
    expect(drawer.clicks()).toHaveLength(1);
  });

  it('closes the modal with nothing claimed', async () => {
    const drawer = await selected();
    drawer.send({ type: 'drawer.dismissCoupon' });
    expect(selectModal(drawer.snapshot())).toBeNull();
    expect(selectSelectedCouponId(drawer.snapshot())).toBeNull();
    expect(drawer.snapshot().context.coupons).toEqual([PIZZA_5, BASS_25]);
    expect(drawer.api.count('claimCoupon')).toBe(0);
  });

  it("shows what claiming gave and moves the coupon under 'Claimed'", async () => {
    const drawer = await selected();
    drawer.send({ type: 'drawer.claimCoupon' });
    expect(selectModal(drawer.snapshot())).toBe('couponClaiming');
    expect(drawer.api.callsOf('claimCoupon')).toEqual([PIZZA_5.id]);
    // Claimed once: a second tap while it is on its way sends nothing more.
    drawer.send({ type: 'drawer.claimCoupon' });
    drawer.send({ type: 'drawer.dismissCoupon' });
    expect(drawer.api.count('claimCoupon')).toBe(1);
    drawer.api.resolve('claimCoupon', { data: { message: COUPON_CODE, code: 'PIZZA-5-OFF' } });
    await settle();
    expect(selectModal(drawer.snapshot())).toBe('couponClaimed');
    expect(selectCouponMessage(drawer.snapshot())).toBe(COUPON_CODE);
    expect(selectCouponCode(drawer.snapshot())).toBe('PIZZA-5-OFF');
    const claimed = {
      ...PIZZA_5,
      attributes: {
        ...PIZZA_5.attributes,
        claimed: true,
        claim_message: COUPON_CODE,
        code: 'PIZZA-5-OFF',
      },
    };
    expect(selectClaimedCoupons(drawer.snapshot())).toEqual([claimed]);
    expect(selectCouponsByType(drawer.snapshot())).toEqual([['Bass Pro Shops', [BASS_25]]]);
    expect(drawer.toasts()).toEqual([]);
    drawer.send({ type: 'drawer.dismissCoupon' });
    expect(selectModal(drawer.snapshot())).toBeNull();
    expect(selectCouponMessage(drawer.snapshot())).toBeNull();
    expect(selectCouponCode(drawer.snapshot())).toBeNull();
    expect(selectClaimedCoupons(drawer.snapshot())).toEqual([claimed]);
    // Claimed for good: it cannot be selected to claim again.
    drawer.send({ type: 'drawer.selectCoupon', id: PIZZA_5.id });
    expect(selectModal(drawer.snapshot())).toBeNull();
  });

  it('has nothing to copy when claiming gave a delivery note', async () => {
    const drawer = await selected();
    drawer.send({ type: 'drawer.claimCoupon' });
    drawer.api.resolve('claimCoupon', {
      data: { message: 'Your gift card will be texted to you.' },
    });
    await settle();
    expect(selectCouponCode(drawer.snapshot())).toBeNull();
    expect(selectClaimedCoupons(drawer.snapshot())[0]!.attributes).toMatchObject({
      claim_message: 'Your gift card will be texted to you.',
      code: null,
    });
  });

  it("lists the coupons claimed before under 'Claimed', apart from the others", async () => {
    const kept = claimedCouponOf('c-kept', 'Fanatics', 50, {
      message: 'Code: FAN-50',
      code: 'FAN-50',
      link: 'https://www.fanatics.com',
    });
    const drawer = await openWith({ coupons: [PIZZA_5, kept] });
    expect(selectClaimedCoupons(drawer.snapshot())).toEqual([kept]);
    expect(selectCouponsByType(drawer.snapshot())).toEqual([['Game Day Pizza', [PIZZA_5]]]);
    drawer.send({ type: 'drawer.selectCoupon', id: kept.id });
    expect(selectModal(drawer.snapshot())).toBeNull();
  });

  it("loads the list again for a coupon claimed elsewhere: 'This coupon was claimed already'", async () => {
    const drawer = await selected();
    drawer.send({ type: 'drawer.claimCoupon' });
    const elsewhere = claimedCouponOf(PIZZA_5.id, 'Game Day Pizza', 5, {
      message: COUPON_CODE,
      code: 'PIZZA-5-OFF',
    });
    drawer.api.holding({ coupons: [elsewhere, BASS_25] });
    drawer.api.reject('claimCoupon', new ApiFailure(409, ALREADY_CLAIMED));
    await settle();
    expect(drawer.toasts()).toEqual([{ message: ALREADY_CLAIMED, variant: 'error' }]);
    expect(drawer.api.count('coupons')).toBe(2);
    expect(selectModal(drawer.snapshot())).toBeNull();
    expect(selectContent(drawer.snapshot())).toBe('list');
    expect(selectClaimedCoupons(drawer.snapshot())).toEqual([elsewhere]);
    expect(selectCouponsByType(drawer.snapshot())).toEqual([['Bass Pro Shops', [BASS_25]]]);
  });

  it('takes a coupon the server no longer knows (404) off the list', async () => {
    const drawer = await selected();
    drawer.send({ type: 'drawer.claimCoupon' });
    drawer.api.reject('claimCoupon', new ApiFailure(404, 'Unknown reward'));
    await settle();
    expect(selectModal(drawer.snapshot())).toBeNull();
    expect(drawer.snapshot().context.coupons).toEqual([BASS_25]);
    expect(drawer.toasts()).toEqual([{ message: 'Unknown reward', variant: 'error' }]);
  });

  it('says a coupon gone without a detail (404) is no longer available', async () => {
    const drawer = await selected();
    drawer.send({ type: 'drawer.claimCoupon' });
    drawer.api.reject('claimCoupon', new ApiFailure(404, null));
    await settle();
    expect(drawer.snapshot().context.coupons).toEqual([BASS_25]);
    expect(drawer.toasts()).toEqual([{ message: TOAST_COUPON_GONE, variant: 'error' }]);
  });

  it('keeps the coupon when the server fails (503), to claim again', async () => {
    const drawer = await selected();
    drawer.send({ type: 'drawer.claimCoupon' });
    drawer.api.reject('claimCoupon', new ApiFailure(503, null));
    await settle();
    expect(selectModal(drawer.snapshot())).toBe('coupon');
    expect(selectSelectedCouponId(drawer.snapshot())).toBe(PIZZA_5.id);
    expect(drawer.snapshot().context.coupons).toEqual([PIZZA_5, BASS_25]);
    expect(drawer.toasts()).toEqual([{ message: TOAST_COUPON_CLAIM_FAILED, variant: 'error' }]);
    drawer.send({ type: 'drawer.claimCoupon' });
    expect(drawer.api.callsOf('claimCoupon')).toEqual([PIZZA_5.id, PIZZA_5.id]);
  });

  it('keeps the coupon on another 409 (not the already-claimed one)', async () => {
    const drawer = await selected();
    drawer.send({ type: 'drawer.claimCoupon' });
    drawer.api.reject('claimCoupon', new ApiFailure(409, 'Something else'));
    await settle();
    expect(selectModal(drawer.snapshot())).toBe('coupon');
    expect(drawer.snapshot().context.coupons).toEqual([PIZZA_5, BASS_25]);
    expect(drawer.toasts()).toEqual([{ message: TOAST_COUPON_CLAIM_FAILED, variant: 'error' }]);
  });
});

describe('the winnings drawer: a grand prize', () => {
  it('runs the prize claim in its modal, and shows the prize claimed after it', async () => {
    const other = grandPrizeOf('p-250', 250);
    const drawer = await openWith({ grandPrizes: [PRIZE, other] });
    drawer.send({ type: 'drawer.selectPrize', id: 'p-unknown' });
    expect(selectModal(drawer.snapshot())).toBeNull();

    drawer.send({ type: 'drawer.selectPrize', id: PRIZE.id });
    expect(selectModal(drawer.snapshot())).toBe('prize');
    const claim = selectDrawerPrizeClaim(drawer.snapshot())!;
    expect(claim.getSnapshot().context.prizeId).toBe(PRIZE.id);
    // The modal offers all three methods.
    expect(drawer.api.callsOf('paymentChoices')).toEqual([PRIZE.id]);
    drawer.api.resolve('paymentChoices', choicesOf(PRIZE.id));
    await settle();
    expect(claim.getSnapshot().context.choices).toEqual(['Venmo', 'PayPal', 'Virtual Visa']);
    claim.send({ type: 'claim.choose', method: 'PayPal' });
    claim.send({ type: 'claim.submit', details: 'jane@example.com' });
    drawer.api.resolve('claimPrize', {
      data: { grand_prize_id: PRIZE.id, payment_method: 'PayPal', message: 'On its way' },
    });
    await settle();
    expect(selectModal(drawer.snapshot())).toBe('prize');
    claim.send({ type: 'claim.close' });

    expect(selectModal(drawer.snapshot())).toBeNull();
    expect(drawer.snapshot().context.selectedPrizeId).toBeNull();
    expect(selectGrandPrizes(drawer.snapshot())).toEqual([
      { ...PRIZE, claimed: true, payment_method: 'PayPal' },
      other,
    ]);
  });

  it('leaves the prize unclaimed when the modal is closed before a claim', async () => {
    const drawer = await openWith({ grandPrizes: [PRIZE] });
    drawer.send({ type: 'drawer.selectPrize', id: PRIZE.id });
    selectDrawerPrizeClaim(drawer.snapshot())!.send({ type: 'claim.close' });
    expect(selectModal(drawer.snapshot())).toBeNull();
    expect(selectGrandPrizes(drawer.snapshot())).toEqual([PRIZE]);
  });
});

describe('the winnings drawer: a referral bonus', () => {
  it('runs the claim in its modal, without asking how to pay, and shows it claimed', async () => {
    const other = bonusOf('b-40', 40);
    const drawer = await openWith({ bonuses: [BONUS, other] });
    drawer.send({ type: 'drawer.selectBonus', id: 'b-unknown' });
    expect(selectModal(drawer.snapshot())).toBeNull();

    drawer.send({ type: 'drawer.selectBonus', id: BONUS.id });
    expect(selectModal(drawer.snapshot())).toBe('bonus');
    const claim = selectDrawerPrizeClaim(drawer.snapshot())!;
    expect(claim.getSnapshot().context).toMatchObject({ kind: 'referralBonus', prizeId: BONUS.id });
    expect(claim.getSnapshot().value).toBe('choosing');
    expect(drawer.api.count('paymentChoices')).toBe(0);
    claim.send({ type: 'claim.choose', method: 'PayPal' });
    claim.send({ type: 'claim.submit', details: 'jane@example.com' });
    expect(drawer.api.callsOf('claimBonus')).toEqual([
      { referral_bonus_id: BONUS.id, payment_method: 'PayPal', email: 'jane@example.com' },
    ]);
    drawer.api.resolve('claimBonus', {
      data: { referral_bonus_id: BONUS.id, payment_method: 'PayPal', message: 'On its way' },
    });
    await settle();
    claim.send({ type: 'claim.close' });

    expect(selectModal(drawer.snapshot())).toBeNull();
    expect(drawer.snapshot().context.selectedBonusId).toBeNull();
    expect(selectReferralBonuses(drawer.snapshot())).toEqual([
      { ...BONUS, claimed: true, payment_method: 'PayPal' },
      other,
    ]);
  });

  it('leaves the bonus unclaimed when the modal is closed before a claim', async () => {
    const drawer = await openWith({ bonuses: [BONUS] });
    drawer.send({ type: 'drawer.selectBonus', id: BONUS.id });
    selectDrawerPrizeClaim(drawer.snapshot())!.send({ type: 'claim.close' });
    expect(selectModal(drawer.snapshot())).toBeNull();
    expect(selectReferralBonuses(drawer.snapshot())).toEqual([BONUS]);
  });
});

describe('the winnings drawer: answers to Contact Us', () => {
  const ANSWERED = threadOf('m-1', 'My coupon code', 'The code did not work.', [
    { text: 'Sorry about that!\nHere is a new one: PIZZA-2', unread: true },
  ]);
  const READ = threadOf('m-2', 'Where is my prize?', 'It has been a week.', [
    { text: 'Sent today.', unread: false },
  ]);
  const UNANSWERED = threadOf('m-3', 'Hello', 'Anyone there?', []);

  it('lists the answered messages, loaded while the drawer slides', async () => {
    const drawer = start({ threads: [ANSWERED, UNANSWERED, READ] });
    expect(drawer.api.count('contactThreads')).toBe(1);
    await settle();
    expect(drawer.snapshot().matches({ messages: 'listed' })).toBe(true);
    expect(selectThreads(drawer.snapshot())).toEqual([ANSWERED, READ]);
  });

  it("opens one, tells the server it was read, and then it is no longer 'New'", async () => {
    const drawer = await openWith({ threads: [ANSWERED, READ] });
    drawer.send({ type: 'drawer.openThread', id: 'm-unknown' });
    expect(selectModal(drawer.snapshot())).toBeNull();
    drawer.send({ type: 'drawer.openThread', id: ANSWERED.id });
    expect(selectModal(drawer.snapshot())).toBe('thread');
    expect(selectOpenThread(drawer.snapshot())).toEqual(ANSWERED);
    expect(drawer.api.callsOf('markContactThreadRead')).toEqual([ANSWERED.id]);
    // Still new until the server has it.
    expect(selectOpenThread(drawer.snapshot())!.replies[0]!.unread).toBe(true);
    drawer.api.resolve('markContactThreadRead', {});
    await settle();
    expect(selectOpenThread(drawer.snapshot())!.replies[0]!.unread).toBe(false);
    drawer.send({ type: 'drawer.closeThread' });
    expect(selectModal(drawer.snapshot())).toBeNull();
    expect(selectThreads(drawer.snapshot())[0]!.replies.every((r) => !r.unread)).toBe(true);
  });

  it('sends no read call for a conversation read before', async () => {
    const drawer = await openWith({ threads: [READ] });
    drawer.send({ type: 'drawer.openThread', id: READ.id });
    expect(selectModal(drawer.snapshot())).toBe('thread');
    expect(drawer.api.count('markContactThreadRead')).toBe(0);
  });

  it("keeps it 'New' when the read call fails, and tells the server at the next opening", async () => {
    const drawer = await openWith({ threads: [ANSWERED] });
    drawer.send({ type: 'drawer.openThread', id: ANSWERED.id });
    drawer.api.reject('markContactThreadRead', new ApiFailure(503, null));
    await settle();
    expect(selectModal(drawer.snapshot())).toBe('thread');
    expect(selectThreads(drawer.snapshot())).toEqual([ANSWERED]);
    expect(drawer.toasts()).toEqual([]);
    drawer.send({ type: 'drawer.closeThread' });
    drawer.send({ type: 'drawer.openThread', id: ANSWERED.id });
    expect(drawer.api.count('markContactThreadRead')).toBe(2);
  });

  it('lists the rest and still opens Contact Us when the answers cannot load', async () => {
    const drawer = start();
    drawer.api.reject('contactThreads', new ApiFailure(503, null));
    drawer.api.resolve('coupons', { data: [PIZZA_5] });
    drawer.api.resolve('grandPrizes', { data: [] });
    drawer.api.resolve('referralBonuses', { data: [] });
    await settle();
    drawer.openFully();
    expect(drawer.snapshot().matches({ messages: 'unavailable' })).toBe(true);
    expect(selectContent(drawer.snapshot())).toBe('list');
    expect(drawer.toasts()).toEqual([]);
    drawer.send({ type: 'drawer.contactUs' });
    expect(drawer.navigations()).toEqual([CONTACT_US_PATH]);
  });
});

describe('the winnings drawer: Contact Us and Logout', () => {
  it('logs has_problem_click and goes to /form/has-problem', async () => {
    const drawer = await openWith({});
    drawer.send({ type: 'drawer.contactUs' });
    await settle();
    expect(drawer.navigations()).toEqual([CONTACT_US_PATH]);
    expect(CONTACT_US_PATH).toBe('/form/has-problem');
    expect(drawer.clicks().at(-1)).toEqual({
      event_name: 'has_problem_click',
      page_url: '/winnings',
    });
  });

  it('goes to Contact Us even when the list could not load', async () => {
    const drawer = start();
    drawer.api.reject('coupons', new ApiFailure(500, null));
    await settle();
    expect(selectContent(drawer.snapshot())).toBe('loadFailed');
    drawer.openFully();
    drawer.send({ type: 'drawer.contactUs' });
    await settle();
    expect(drawer.navigations()).toEqual(['/form/has-problem']);
    expect(drawer.clicks().map((click) => click.event_name)).toEqual([
      'my_winnings_viewed',
      'has_problem_click',
    ]);
  });

  it('asks first; Logout asks the session to log out', async () => {
    const drawer = await openWith({});
    drawer.answer({ type: 'account.logout' });
    expect(drawer.heard()).toEqual([]);
    drawer.send({ type: 'drawer.askLogout' });
    expect(selectModal(drawer.snapshot())).toBe('logout');
    drawer.answer({ type: 'account.logout' });
    expect(drawer.heard()).toEqual(['session.logout']);
    // The question stays, its buttons off, while the session logs the player out.
    expect(selectModal(drawer.snapshot())).toBe('loggingOut');
    expect(drawer.snapshot().can({ type: 'drawer.askLogout' })).toBe(false);
  });

  it("Delete Account asks once more, and only 'Delete my account' asks the session", async () => {
    const drawer = await openWith({});
    drawer.send({ type: 'drawer.askLogout' });
    drawer.answer({ type: 'account.deleteAccount' });
    expect(selectModal(drawer.snapshot())).toBe('deleteAccount');
    expect(DELETE_ACCOUNT_WARNING).toBe(
      'This erases your account and everything you won that is not paid yet',
    );
    expect(drawer.heard()).toEqual([]);
    drawer.answer({ type: 'account.confirmDeletion' });
    expect(selectModal(drawer.snapshot())).toBe('deletingAccount');
    expect(drawer.heard()).toEqual(['session.deleteAccount']);
  });

  it('asks the session once, however often the deletion is confirmed', async () => {
    const drawer = await openWith({});
    drawer.send({ type: 'drawer.askLogout' });
    drawer.answer({ type: 'account.deleteAccount' });
    drawer.answer({ type: 'account.confirmDeletion' });
    drawer.answer({ type: 'account.confirmDeletion' });
    drawer.answer({ type: 'account.deleteAccount' });
    drawer.answer({ type: 'account.dismissDeletion' });
    // Answered: nothing asks until the session has tried.
    expect(selectAccountActions(drawer.snapshot())).toBeUndefined();
    expect(drawer.snapshot().can({ type: 'drawer.askLogout' })).toBe(false);
    expect(selectModal(drawer.snapshot())).toBe('deletingAccount');
    expect(drawer.heard()).toEqual(['session.deleteAccount']);
  });

  it('Cancel on the second question closes it with the account kept', async () => {
    const drawer = await openWith({});
    drawer.send({ type: 'drawer.askLogout' });
    drawer.answer({ type: 'account.deleteAccount' });
    drawer.answer({ type: 'account.dismissDeletion' });
    expect(selectModal(drawer.snapshot())).toBeNull();
    drawer.answer({ type: 'account.confirmDeletion' });
    expect(drawer.heard()).toEqual([]);
  });

  it('asks again when the session could not delete the account', async () => {
    const drawer = await openWith({});
    drawer.send({ type: 'drawer.askLogout' });
    drawer.answer({ type: 'account.deleteAccount' });
    drawer.answer({ type: 'account.confirmDeletion' });
    drawer.send({ type: 'account.deletionFailed' });
    expect(selectModal(drawer.snapshot())).toBe('deleteAccount');
    drawer.answer({ type: 'account.confirmDeletion' });
    expect(drawer.heard()).toEqual(['session.deleteAccount', 'session.deleteAccount']);
  });

  it('after a failed deletion, Cancel keeps the account and Logout asks the first question', async () => {
    const drawer = await openWith({});
    drawer.send({ type: 'drawer.askLogout' });
    drawer.answer({ type: 'account.deleteAccount' });
    drawer.answer({ type: 'account.confirmDeletion' });
    drawer.send({ type: 'account.deletionFailed' });
    drawer.answer({ type: 'account.dismissDeletion' });
    expect(selectModal(drawer.snapshot())).toBeNull();
    drawer.send({ type: 'drawer.askLogout' });
    expect(selectModal(drawer.snapshot())).toBe('logout');
    expect(drawer.heard()).toEqual(['session.deleteAccount']);
  });

  it('Cancel closes the question with nothing asked of the session', async () => {
    const drawer = await openWith({});
    drawer.send({ type: 'drawer.askLogout' });
    drawer.answer({ type: 'account.dismissLogout' });
    expect(selectModal(drawer.snapshot())).toBeNull();
    drawer.answer({ type: 'account.deleteAccount' });
    expect(drawer.heard()).toEqual([]);
  });

  it('asks while the list is still loading', () => {
    const drawer = start();
    drawer.send({ type: 'drawer.askLogout' });
    expect(selectModal(drawer.snapshot())).toBe('logout');
    drawer.answer({ type: 'account.logout' });
    expect(drawer.heard()).toEqual(['session.logout']);
  });
});

describe('the account actions on their own', () => {
  const answerOf = (question: AccountActionsInput['question'], events: AccountActionsEvent[]) => {
    const actor = createActor(accountActionsMachine, { input: { question } }).start();
    for (const event of events) actor.send(event);
    const { status, output } = actor.getSnapshot();
    return status === 'done' ? output : 'still asking';
  };

  it('end with the answer: Logout, a confirmed deletion, or Cancel on either question', () => {
    expect(answerOf('logout', [{ type: 'account.logout' }])).toEqual({ answer: 'logout' });
    expect(
      answerOf('logout', [{ type: 'account.deleteAccount' }, { type: 'account.confirmDeletion' }]),
    ).toEqual({ answer: 'deleteAccount' });
    expect(answerOf('logout', [{ type: 'account.dismissLogout' }])).toEqual({ answer: 'cancel' });
    expect(
      answerOf('logout', [{ type: 'account.deleteAccount' }, { type: 'account.dismissDeletion' }]),
    ).toEqual({ answer: 'cancel' });
  });

  it('start at the second question after a failed deletion', () => {
    expect(answerOf('deletion', [])).toBe('still asking');
    expect(answerOf('deletion', [{ type: 'account.logout' }])).toBe('still asking');
    expect(answerOf('deletion', [{ type: 'account.confirmDeletion' }])).toEqual({
      answer: 'deleteAccount',
    });
    expect(answerOf('deletion', [{ type: 'account.dismissDeletion' }])).toEqual({
      answer: 'cancel',
    });
  });
});
