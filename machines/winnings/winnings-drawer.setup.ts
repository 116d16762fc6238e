// The winnings drawer's setup (machines/winnings/winnings-drawer.machine.ts is its chart): its
// timings and thresholds, texts, context and events, and the guards and actions the chart names.
import { assign, enqueueActions, sendParent, setup, type AnyActorRef } from 'xstate';
import type { ClickEventName } from '../../contract/api';
import type { ContactThread } from '../../contract/contact';
import { ALREADY_CLAIMED } from '../../contract/rewards';
import { type CallFailure } from '../shared/call-failure';
import type { AppEffect } from '../shared/effects';
import { toastAtRoot } from '../shared/root';
import {
  accountActionsMachine,
  type AccountActionsInput,
  type AccountActionsOutput,
} from './account-actions.machine';
import { prizeClaimMachine, type PrizeClaimOutput } from './prize-claim.machine';
import { disconnectedWinningsActors, type CouponClaim, type Winnings } from './winnings.actors';

export const WINNINGS_PATH = '/winnings';
export const CONTACT_US_PATH = '/form/has-problem';

/**
 * What the drawer tells the flow that runs it (its parent) as the player leaves it: it closed
 * (/home next), or the player asked for help (Contact Us). The flow's screens name the routes.
 */
export type DrawerWayOut = { type: 'drawer.closed' } | { type: 'drawer.contactUs' };
/** Spec section 9: the drawer opens 500 ms after the route, and slides for 500 ms. */
export const DRAWER_OPEN_DELAY_MS = 500;
export const DRAWER_ANIMATION_MS = 500;
/** Spec section 4: a swipe down beyond one sixth of the screen height closes the drawer. */
export const SWIPE_CLOSE_SHARE = 1 / 6;

export const TOAST_WINNINGS_LOAD_FAILED = 'Your winnings could not be loaded. Please try again.';
export const TOAST_COUPON_CLAIM_FAILED = 'This coupon could not be claimed. Please try again.';
export const TOAST_COUPON_GONE = 'This coupon is no longer available.';
export const TOAST_COUPON_CLAIMED_ELSEWHERE = ALREADY_CLAIMED;
export { DELETE_ACCOUNT_WARNING } from './account-actions.machine';

export type WinningsDrawerContext = Winnings & {
  /** The coupon whose claim modal is up. */
  selectedCouponId: string | null;
  /** What claiming it gave the player: the code or the delivery note. */
  couponMessage: string | null;
  /** The code alone, when the offer has one (what 'Copy' copies). */
  couponCode: string | null;
  /** The grand prize whose claim modal is up. */
  selectedPrizeId: string | null;
  /** The referral bonus whose claim modal is up. */
  selectedBonusId: string | null;
  /** The player's Contact Us messages the operator has answered, newest first. */
  threads: ContactThread[];
  /** The conversation open on screen. */
  openThreadId: string | null;
  /** Where the account actions start: Logout's question, or the deletion's after a failure. */
  accountQuestion: AccountActionsInput['question'];
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
  | { type: 'drawer.selectBonus'; id: string }
  | { type: 'drawer.openThread'; id: string }
  | { type: 'drawer.closeThread' }
  | { type: 'drawer.contactUs' }
  | { type: 'drawer.askLogout' }
  /** The session could not delete the account (it has told the player why). */
  | AccountDeletionFailedEvent;

/** From the session, through the winnings flow, when a deletion the drawer asked for failed. */
export type AccountDeletionFailedEvent = { type: 'account.deletionFailed' };

export const EMPTY_WINNINGS: Winnings = { coupons: [], grandPrizes: [], referralBonuses: [] };

const hasUnread = (thread: ContactThread) => thread.replies.some((reply) => reply.unread);

export const winningsDrawerSetup = setup({
  types: {
    context: {} as WinningsDrawerContext,
    events: {} as WinningsDrawerEvent,
    emitted: {} as AppEffect,
    children: {} as {
      loadWinnings: 'loadWinnings';
      claimCoupon: 'claimCoupon';
      prizeClaim: 'prizeClaim';
      loadContactThreads: 'loadContactThreads';
      markThreadRead: 'markThreadRead';
      accountActions: 'accountActions';
    },
  },
  actors: {
    ...disconnectedWinningsActors,
    prizeClaim: prizeClaimMachine,
    accountActions: accountActionsMachine,
  },
  delays: { openDelay: DRAWER_OPEN_DELAY_MS, animation: DRAWER_ANIMATION_MS },
  guards: {
    isPastSwipeThreshold: ({ event }) =>
      event.type === 'drawer.swipeEnded' &&
      event.screenHeight > 0 &&
      event.distance > event.screenHeight * SWIPE_CLOSE_SHARE,
    // A claimed coupon is listed under 'Claimed', with nothing more to claim.
    isListedCoupon: ({ context, event }) =>
      event.type === 'drawer.selectCoupon' &&
      context.coupons.some((c) => c.id === event.id && c.attributes.claimed !== true),
    isListedPrize: ({ context, event }) =>
      event.type === 'drawer.selectPrize' && context.grandPrizes.some((p) => p.id === event.id),
    isListedBonus: ({ context, event }) =>
      event.type === 'drawer.selectBonus' && context.referralBonuses.some((b) => b.id === event.id),
    /** The server no longer knows the coupon (404): it leaves the list. */
    isGoneCoupon: (_, failure: CallFailure) => failure.status === 404,
    /** Claimed from another device or tab: the list loads again to show it under 'Claimed'. */
    isCouponClaimedElsewhere: (_, failure: CallFailure) =>
      failure.status === 409 && failure.detail === ALREADY_CLAIMED,
    isListedThread: ({ context, event }) =>
      event.type === 'drawer.openThread' && context.threads.some((t) => t.id === event.id),
    hasUnreadReplies: ({ context, event }) =>
      event.type === 'drawer.openThread' &&
      context.threads.some((t) => t.id === event.id && hasUnread(t)),
    isLogoutChosen: (_, output: AccountActionsOutput) => output.answer === 'logout',
    isDeletionConfirmed: (_, output: AccountActionsOutput) => output.answer === 'deleteAccount',
  },
  actions: {
    showToast: toastAtRoot(),
    goHome: sendParent({ type: 'drawer.closed' } satisfies DrawerWayOut),
    goToContactUs: sendParent({ type: 'drawer.contactUs' } satisfies DrawerWayOut),
    logClick: enqueueActions(({ enqueue }, params: { event: ClickEventName }) => {
      enqueue.spawnChild('logClick', { input: { event: params.event, pageUrl: WINNINGS_PATH } });
    }),
    storeWinnings: assign((_, winnings: Winnings) => winnings),
    selectCoupon: assign((_, params: { id: string }) => ({
      selectedCouponId: params.id,
      couponMessage: null,
      couponCode: null,
    })),
    // The modal shows what claiming gave; the coupon moves under 'Claimed' with it.
    recordCouponClaim: assign(({ context }, claim: CouponClaim) => ({
      couponMessage: claim.message,
      couponCode: claim.code,
      coupons: context.coupons.map((coupon) =>
        coupon.id === context.selectedCouponId
          ? {
              ...coupon,
              attributes: {
                ...coupon.attributes,
                claimed: true,
                claim_message: claim.message,
                code: claim.code,
              },
            }
          : coupon,
      ),
    })),
    removeSelectedCoupon: assign(({ context }) => ({
      coupons: context.coupons.filter((coupon) => coupon.id !== context.selectedCouponId),
    })),
    forgetCoupon: assign({ selectedCouponId: null, couponMessage: null, couponCode: null }),
    selectPrize: assign((_, params: { id: string }) => ({ selectedPrizeId: params.id })),
    selectBonus: assign((_, params: { id: string }) => ({ selectedBonusId: params.id })),
    // A claim just made shows on the list as the server will list it from now on.
    recordClaim: assign(({ context }, output: PrizeClaimOutput) => {
      if (output.kind === 'grandPrize') {
        return {
          selectedPrizeId: null,
          grandPrizes: context.grandPrizes.map((prize) =>
            prize.id === output.prizeId && output.claimed
              ? { ...prize, claimed: true, payment_method: output.paymentMethod }
              : prize,
          ),
        };
      }
      return {
        selectedBonusId: null,
        referralBonuses: context.referralBonuses.map((bonus) =>
          bonus.id === output.prizeId && output.claimed
            ? { ...bonus, claimed: true, payment_method: output.paymentMethod }
            : bonus,
        ),
      };
    }),
    // The flow stops saying 'Claim your $X prize' on /home.
    tellFlowOfPrizeClaim: enqueueActions(({ enqueue, system }, output: PrizeClaimOutput) => {
      const flow = system.get('winnings') as AnyActorRef | undefined;
      if (flow && output.kind === 'grandPrize' && output.claimed) {
        enqueue.sendTo(flow, { type: 'grandPrize.claimed', prizeId: output.prizeId });
      }
    }),
    storeThreads: assign((_, threads: ContactThread[]) => ({ threads })),
    openThread: assign(({ event }) =>
      event.type === 'drawer.openThread' ? { openThreadId: event.id } : {},
    ),
    // The server has it read: 'New' goes.
    markOpenThreadRead: assign(({ context }) => ({
      threads: context.threads.map((thread) =>
        thread.id === context.openThreadId
          ? { ...thread, replies: thread.replies.map((reply) => ({ ...reply, unread: false })) }
          : thread,
      ),
    })),
    closeThread: assign({ openThreadId: null }),
    askFrom: assign((_, params: AccountActionsInput) => ({ accountQuestion: params.question })),
    // The account actions belong to the session: it signs out and clears the device.
    askSession: enqueueActions(
      ({ enqueue, system }, params: { type: 'session.logout' | 'session.deleteAccount' }) => {
        const session = system.get('session') as AnyActorRef | undefined;
        if (session) enqueue.sendTo(session, { type: params.type });
      },
    ),
  },
});
