// The paths of the winnings drawer's model test: what the player (and the server, and time) can
// do in each state, how states are told apart, and how each step reads in a test's name.
import type { GrandPrize } from '../../../contract/api';
import type { ReferralBonus } from '../../../contract/winnings';
import type { AccountAnswer } from '../../../machines/winnings/account-actions.machine';
import type { PrizeClaimOutput } from '../../../machines/winnings/prize-claim.machine';
import {
  LOAD_FAILURE,
  LONG_PULL,
  OPEN_DELAY_ENDS,
  SCREEN_HEIGHT,
  SLIDE_DOWN_ENDS,
  SLIDE_UP_ENDS,
  type DrawerModelEvent,
  type DrawerSnapshot,
} from './winnings-drawer-model';
import type { Walk } from './winnings-drawer-walks';

/** Nothing claimed or taken off the list yet. */
export const couponsAsLoaded = (snapshot: DrawerSnapshot, walk: Walk) =>
  JSON.stringify(snapshot.context.coupons) === JSON.stringify(walk.winnings.coupons);
export const prizesAsLoaded = (snapshot: DrawerSnapshot, walk: Walk) =>
  JSON.stringify(snapshot.context.grandPrizes) === JSON.stringify(walk.winnings.grandPrizes);
export const bonusesAsLoaded = (snapshot: DrawerSnapshot, walk: Walk) =>
  JSON.stringify(snapshot.context.referralBonuses) ===
  JSON.stringify(walk.winnings.referralBonuses);

/** The conversations the drawer lists: those the operator answered. */
export const answeredOf = (walk: Walk) => (walk.threads ?? []).filter((t) => t.replies.length > 0);

/**
 * How a grand prize's or a bonus's claim ends: Done on one claimed before; on another, claimed
 * with PayPal or closed unclaimed, as the walk has it.
 */
export function prizeOutcome(
  kind: PrizeClaimOutput['kind'],
  claimed: GrandPrize | ReferralBonus,
  walk: Walk,
): PrizeClaimOutput {
  if (claimed.claimed) {
    const method = claimed.payment_method as PrizeClaimOutput['paymentMethod'];
    return { kind, claimed: true, prizeId: claimed.id, paymentMethod: method };
  }
  if (walk.prizeClaim === 'withPayPal') {
    return { kind, claimed: true, prizeId: claimed.id, paymentMethod: 'PayPal' };
  }
  return { kind, claimed: false, prizeId: claimed.id, paymentMethod: null };
}

/**
 * What the player (and the server, and time) can do next. To keep the walk short the list is
 * left (a swipe, the close control, Contact Us, Logout) only as it loaded, with no modal up; a
 * coupon is selected only before anything changed, and the grand prize only with the coupons as
 * they loaded. A modal covers the drawer: nothing under it is tapped.
 */
export function eventsFor(walk: Walk) {
  return (snapshot: DrawerSnapshot): DrawerModelEvent[] => {
    const { panel } = snapshot.value;
    const { context } = snapshot;
    const candidates: DrawerModelEvent[] = [
      { type: OPEN_DELAY_ENDS },
      { type: SLIDE_DOWN_ENDS },
      { type: SLIDE_UP_ENDS },
    ];
    const loads = panel === 'open' || (walk.loadsWhileSliding && panel !== 'closing');
    if (loads && panel !== 'closed') {
      candidates.push(
        { type: 'xstate.done.actor.loadWinnings', output: walk.winnings },
        { type: 'xstate.error.actor.loadWinnings', error: LOAD_FAILURE },
      );
    }
    if (panel !== 'open') return candidates;
    if (walk.threads !== null) {
      candidates.push(
        { type: 'xstate.done.actor.loadContactThreads', output: answeredOf(walk) },
        { type: 'xstate.error.actor.loadContactThreads', error: LOAD_FAILURE },
      );
    }

    const idle = snapshot.matches({ account: 'idle' });
    const noThread = context.openThreadId === null;
    const noModal =
      idle &&
      noThread &&
      (snapshot.matches({ content: 'loading' }) ||
        snapshot.matches({ content: 'loadFailed' }) ||
        snapshot.matches({ content: { ready: 'browsing' } }));
    const listed = snapshot.matches({ content: 'ready' });
    const asLoaded =
      !listed ||
      (couponsAsLoaded(snapshot, walk) &&
        prizesAsLoaded(snapshot, walk) &&
        bonusesAsLoaded(snapshot, walk));
    // The answers are left only once they have loaded or failed.
    const answersSettled = walk.threads === null || !snapshot.matches({ messages: 'loading' });
    if (noModal && asLoaded && answersSettled && walk.leaves) {
      candidates.push(
        { type: 'drawer.swipeEnded', distance: LONG_PULL, screenHeight: SCREEN_HEIGHT },
        { type: 'drawer.close' },
        { type: 'drawer.contactUs' },
        { type: 'drawer.askLogout' },
      );
    }
    // The account actions' answers (their own walk takes each way to them); asked again after a
    // failed deletion, they start at the deletion's question, where Logout is not offered.
    if (context.accountQuestion === 'logout') {
      candidates.push({ type: 'xstate.done.actor.accountActions', output: { answer: 'logout' } });
    }
    candidates.push(
      { type: 'xstate.done.actor.accountActions', output: { answer: 'deleteAccount' } },
      { type: 'xstate.done.actor.accountActions', output: { answer: 'cancel' } },
      { type: 'account.deletionFailed' },
    );
    if (!idle) return candidates;

    // An open conversation covers the drawer: it is read, then closed.
    candidates.push(
      { type: 'drawer.closeThread' },
      { type: 'xstate.done.actor.markThreadRead', output: undefined },
      { type: 'xstate.error.actor.markThreadRead', error: LOAD_FAILURE },
    );
    if (!noThread) return candidates;
    if (noModal) {
      for (const thread of context.threads) {
        candidates.push({ type: 'drawer.openThread', id: thread.id });
      }
    }

    candidates.push({ type: 'drawer.retry' });
    const coupon = context.coupons.find((c) => c.attributes.claimed !== true);
    if (coupon && asLoaded) candidates.push({ type: 'drawer.selectCoupon', id: coupon.id });
    const [prize] = context.grandPrizes;
    if (prize && couponsAsLoaded(snapshot, walk) && bonusesAsLoaded(snapshot, walk)) {
      candidates.push({ type: 'drawer.selectPrize', id: prize.id });
    }
    const [bonus] = context.referralBonuses;
    if (bonus && asLoaded) candidates.push({ type: 'drawer.selectBonus', id: bonus.id });
    candidates.push(
      { type: 'drawer.claimCoupon' },
      { type: 'drawer.dismissCoupon' },
      { type: 'xstate.done.actor.claimCoupon', output: walk.couponClaim },
      ...walk.claimFailures.map(({ error }) => ({
        type: 'xstate.error.actor.claimCoupon' as const,
        error,
      })),
    );
    const selectedPrize = context.grandPrizes.find((p) => p.id === context.selectedPrizeId);
    if (selectedPrize && snapshot.matches({ content: { ready: 'claimingPrize' } })) {
      candidates.push({
        type: 'xstate.done.actor.prizeClaim',
        output: prizeOutcome('grandPrize', selectedPrize, walk),
      });
    }
    const selectedBonus = context.referralBonuses.find((b) => b.id === context.selectedBonusId);
    if (selectedBonus && snapshot.matches({ content: { ready: 'claimingBonus' } })) {
      candidates.push({
        type: 'xstate.done.actor.prizeClaim',
        output: prizeOutcome('referralBonus', selectedBonus, walk),
      });
    }
    return candidates;
  };
}

export const serialize = (snapshot: DrawerSnapshot) =>
  JSON.stringify({
    value: snapshot.value,
    coupons: snapshot.context.coupons.map((coupon) => [coupon.id, coupon.attributes.claimed]),
    prizes: snapshot.context.grandPrizes.map((p) => [p.id, p.claimed, p.payment_method]),
    bonuses: snapshot.context.referralBonuses.map((b) => [b.id, b.claimed, b.payment_method]),
    selectedCouponId: snapshot.context.selectedCouponId,
    couponMessage: snapshot.context.couponMessage,
    couponCode: snapshot.context.couponCode,
    selectedPrizeId: snapshot.context.selectedPrizeId,
    selectedBonusId: snapshot.context.selectedBonusId,
    threads: snapshot.context.threads.map((t) => [t.id, t.replies.map((r) => r.unread)]),
    openThreadId: snapshot.context.openThreadId,
    accountQuestion: snapshot.context.accountQuestion,
  });

const ANSWERS: Record<AccountAnswer, string> = {
  logout: "confirms 'Logout'",
  deleteAccount: "confirms 'Delete my account'",
  cancel: "taps 'Cancel'",
};

export function describeEvent(event: DrawerModelEvent): string {
  switch (event.type) {
    case OPEN_DELAY_ENDS:
      return '500 ms pass';
    case SLIDE_DOWN_ENDS:
      return 'it slides down';
    case SLIDE_UP_ENDS:
      return 'it slides up';
    case 'drawer.swipeEnded':
      return 'a swipe down';
    case 'drawer.close':
      return 'taps ×';
    case 'drawer.retry':
      return "taps 'Try again'";
    case 'drawer.selectCoupon':
      return `taps ${event.id}`;
    case 'drawer.claimCoupon':
      return "taps 'Claim'";
    case 'drawer.dismissCoupon':
      return "taps 'Close'";
    case 'drawer.selectPrize':
      return `taps 'You won' (${event.id})`;
    case 'drawer.selectBonus':
      return `taps the bonus ${event.id}`;
    case 'drawer.openThread':
      return `opens the answer to ${event.id}`;
    case 'drawer.closeThread':
      return 'closes the answer';
    case 'xstate.done.actor.loadContactThreads':
      return 'the answers load';
    case 'xstate.error.actor.loadContactThreads':
      return 'the answers fail';
    case 'xstate.done.actor.markThreadRead':
      return 'it is marked read';
    case 'xstate.error.actor.markThreadRead':
      return 'marking it read fails';
    case 'drawer.contactUs':
      return "taps 'Contact Us'";
    case 'drawer.askLogout':
      return "taps 'Logout'";
    case 'xstate.done.actor.accountActions':
      return ANSWERS[event.output.answer];
    case 'account.deletionFailed':
      return 'the deletion fails';
    case 'xstate.done.actor.loadWinnings':
      return 'the list loads';
    case 'xstate.error.actor.loadWinnings':
      return 'the list fails';
    case 'xstate.done.actor.claimCoupon':
      return 'the coupon is claimed';
    case 'xstate.error.actor.claimCoupon':
      return `the claim fails (${event.error.status})`;
    case 'xstate.done.actor.prizeClaim': {
      const what = event.output.kind === 'grandPrize' ? 'prize' : 'bonus';
      return event.output.claimed ? `the ${what} claim is done` : `the ${what} claim is closed`;
    }
  }
}
