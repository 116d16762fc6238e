// The winnings drawer's setup (machines/winnings/winnings-drawer.machine.ts is its chart): its
// timings and thresholds, texts, context and events, and the guards and actions the chart names.
import { assign, emit, enqueueActions, setup, type AnyActorRef } from 'xstate';
import type { ClickEventName } from '../../contract/api';
import { ALREADY_CLAIMED } from '../../contract/rewards';
import { type CallFailure } from '../entry-flow/entry-flow.actors';
import { HOME_PATH } from '../draw-cycle/draw-cycle.types';
import type { AppEffect, ToastParams } from '../shared/effects';
import { prizeClaimMachine, type PrizeClaimOutput } from './prize-claim.machine';
import { disconnectedWinningsActors, type Winnings } from './winnings.actors';

export const WINNINGS_PATH = '/winnings';
export const CONTACT_US_PATH = '/form/has-problem';
/** Spec section 9: the drawer opens 500 ms after the route, and slides for 500 ms. */
export const DRAWER_OPEN_DELAY_MS = 500;
export const DRAWER_ANIMATION_MS = 500;
/** Spec section 4: a swipe down beyond one sixth of the screen height closes the drawer. */
export const SWIPE_CLOSE_SHARE = 1 / 6;

export const TOAST_WINNINGS_LOAD_FAILED = 'Your winnings could not be loaded. Please try again.';
export const TOAST_COUPON_CLAIM_FAILED = 'This coupon could not be claimed. Please try again.';
export const TOAST_COUPON_GONE = 'This coupon is no longer available.';

export type WinningsDrawerContext = Winnings & {
  /** The coupon whose claim modal is up. */
  selectedCouponId: string | null;
  /** What claiming it gave the player: the code or the delivery note. */
  couponMessage: string | null;
  /** The grand prize whose claim modal is up. */
  selectedPrizeId: string | null;
};

export type WinningsDrawerEvent =
  /** The finger left the drawer after pulling it down `distance` px on a `screenHeight` screen. */
  | { type: 'drawer.swipeEnded'; distance: number; screenHeight: number }
  | { type: 'drawer.close' }
  | { type: 'drawer.retry' }
  | { type: 'drawer.selectCoupon'; id: string }
  | { type: 'drawer.claimCoupon' }
  | { type: 'drawer.dismissCoupon' }
  | { type: 'drawer.selectPrize'; id: string }
  | { type: 'drawer.contactUs' }
  | { type: 'drawer.askLogout' }
  | { type: 'drawer.dismissLogout' }
  | { type: 'drawer.logout' }
  | { type: 'drawer.deleteAccount' };

export const EMPTY_WINNINGS: Winnings = { coupons: [], grandPrizes: [], referralBonuses: [] };

/** A coupon the server no longer offers for claiming: it leaves the list. */
const isGoneCoupon = (failure: CallFailure) =>
  failure.status === 404 || (failure.status === 409 && failure.detail === ALREADY_CLAIMED);

export const winningsDrawerSetup = setup({
  types: {
    context: {} as WinningsDrawerContext,
    events: {} as WinningsDrawerEvent,
    emitted: {} as AppEffect,
    children: {} as {
      loadWinnings: 'loadWinnings';
      claimCoupon: 'claimCoupon';
      prizeClaim: 'prizeClaim';
    },
  },
  actors: { ...disconnectedWinningsActors, prizeClaim: prizeClaimMachine },
  delays: { openDelay: DRAWER_OPEN_DELAY_MS, animation: DRAWER_ANIMATION_MS },
  guards: {
    isPastSwipeThreshold: ({ event }) =>
      event.type === 'drawer.swipeEnded' &&
      event.screenHeight > 0 &&
      event.distance > event.screenHeight * SWIPE_CLOSE_SHARE,
    isListedCoupon: ({ context, event }) =>
      event.type === 'drawer.selectCoupon' && context.coupons.some((c) => c.id === event.id),
    isListedPrize: ({ context, event }) =>
      event.type === 'drawer.selectPrize' && context.grandPrizes.some((p) => p.id === event.id),
    isGoneCoupon: (_, failure: CallFailure) => isGoneCoupon(failure),
  },
  actions: {
    showToast: emit((_, params: ToastParams) => ({ type: 'toast' as const, ...params })),
    goHome: emit({ type: 'navigate' as const, to: HOME_PATH }),
    goToContactUs: emit({ type: 'navigate' as const, to: CONTACT_US_PATH }),
    logClick: enqueueActions(({ enqueue }, params: { event: ClickEventName }) => {
      enqueue.spawnChild('logClick', { input: { event: params.event, pageUrl: WINNINGS_PATH } });
    }),
    storeWinnings: assign((_, winnings: Winnings) => winnings),
    selectCoupon: assign((_, params: { id: string }) => ({
      selectedCouponId: params.id,
      couponMessage: null,
    })),
    storeCouponMessage: assign((_, params: { message: string }) => ({
      couponMessage: params.message,
    })),
    // Claimed (or gone): it leaves the list; its modal keeps what claiming it said.
    removeSelectedCoupon: assign(({ context }) => ({
      coupons: context.coupons.filter((coupon) => coupon.id !== context.selectedCouponId),
    })),
    forgetCoupon: assign({ selectedCouponId: null, couponMessage: null }),
    selectPrize: assign((_, params: { id: string }) => ({ selectedPrizeId: params.id })),
    recordPrizeClaim: assign(({ context }, output: PrizeClaimOutput) => ({
      selectedPrizeId: null,
      grandPrizes: context.grandPrizes.map((prize) =>
        prize.id === output.prizeId && output.claimed
          ? { ...prize, claimed: true, payment_method: output.paymentMethod }
          : prize,
      ),
    })),
    // The account actions belong to the session: it signs out and clears the device.
    askSession: enqueueActions(
      ({ enqueue, system }, params: { type: 'session.logout' | 'session.deleteAccount' }) => {
        const session = system.get('session') as AnyActorRef | undefined;
        if (session) enqueue.sendTo(session, { type: params.type });
      },
    ),
  },
});
