// Narrow reads of the winnings flow and its drawer for the views: each view subscribes to what
// it shows and asks the machine (`can`) whether a control is enabled.
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { GrandPrize, PublicDraw, Reward } from '../../contract/api';
import type { ContactThread } from '../../contract/contact';
import type { ReferralBonus } from '../../contract/winnings';
import { drawRecordPath } from '../shared/paths';
import type { AccountActionsMachine } from './account-actions.machine';
import type { PrizeClaimMachine } from './prize-claim.machine';
import type { WinningsDrawerMachine } from './winnings-drawer.machine';
import type { WinningsMachine } from './winnings.machine';

type DrawerSnapshot = SnapshotFrom<WinningsDrawerMachine>;
type WinningsSnapshot = SnapshotFrom<WinningsMachine>;
type AccountActionsSnapshot = SnapshotFrom<AccountActionsMachine>;

/** Where the drawer is: hidden above the screen, sliding or down, or sliding away. */
export type DrawerPanel = 'waiting' | 'opening' | 'open' | 'closing' | 'closed';

export function selectPanel(snapshot: DrawerSnapshot): DrawerPanel {
  const panel = snapshot.value.panel;
  return panel;
}

/** What the list area shows. */
export type DrawerContent = 'loading' | 'loadFailed' | 'empty' | 'list';

export function selectContent(snapshot: DrawerSnapshot): DrawerContent {
  if (snapshot.matches({ content: 'loading' })) return 'loading';
  if (snapshot.matches({ content: 'loadFailed' })) return 'loadFailed';
  const { coupons, grandPrizes, referralBonuses } = snapshot.context;
  const listed =
    coupons.length +
    grandPrizes.length +
    referralBonuses.length +
    selectEnteredDraws(snapshot).length;
  return listed === 0 ? 'empty' : 'list';
}

const isClaimed = (coupon: Reward) => coupon.attributes.claimed === true;

/**
 * The coupons not claimed yet, grouped by brand (coupon_type), brands in the order of their
 * newest coupon.
 */
export function selectCouponsByType(snapshot: DrawerSnapshot): [string, Reward[]][] {
  const groups = new Map<string, Reward[]>();
  for (const coupon of snapshot.context.coupons) {
    if (isClaimed(coupon)) continue;
    const type = coupon.attributes.coupon_type ?? 'Coupon';
    groups.set(type, [...(groups.get(type) ?? []), coupon]);
  }
  return [...groups.entries()];
}

/** The coupons claimed, newest first: listed under 'Claimed' for good. */
export const selectClaimedCoupons = (snapshot: DrawerSnapshot): Reward[] =>
  snapshot.context.coupons.filter(isClaimed);

export const selectGrandPrizes = (snapshot: DrawerSnapshot): GrandPrize[] =>
  snapshot.context.grandPrizes;

export const selectReferralBonuses = (snapshot: DrawerSnapshot): ReferralBonus[] =>
  snapshot.context.referralBonuses;

/** The modal on top of the list, if any. */
export type DrawerModal =
  | 'coupon'
  | 'couponClaiming'
  | 'couponClaimed'
  | 'prize'
  | 'bonus'
  | 'thread'
  | AccountQuestion
  | 'loggingOut'
  | 'deletingAccount'
  | null;

/** The account actions asking (Logout's question, then perhaps the deletion's). */
export const selectAccountActions = (
  snapshot: DrawerSnapshot,
): ActorRefFrom<AccountActionsMachine> | undefined => snapshot.children.accountActions;

/** The question the account actions ask: Logout's, or the deletion's. */
export type AccountQuestion = 'logout' | 'deleteAccount';

export const selectAccountQuestion = (snapshot: AccountActionsSnapshot): AccountQuestion =>
  snapshot.matches('confirmingDeletion') ? 'deleteAccount' : 'logout';

/**
 * The modal on top of the list, if any; while the account actions ask, the question they ask
 * now (a view of it subscribes to them: `selectAccountActions`, `selectAccountQuestion`).
 */
export function selectModal(snapshot: DrawerSnapshot): DrawerModal {
  const accountActions = selectAccountActions(snapshot);
  if (accountActions) return selectAccountQuestion(accountActions.getSnapshot());
  if (snapshot.matches({ account: 'loggingOut' })) return 'loggingOut';
  if (snapshot.matches({ account: 'deletingAccount' })) return 'deletingAccount';
  if (snapshot.matches({ content: { ready: 'couponSelected' } })) return 'coupon';
  if (snapshot.matches({ content: { ready: 'claimingCoupon' } })) return 'couponClaiming';
  if (snapshot.matches({ content: { ready: 'couponClaimed' } })) return 'couponClaimed';
  if (snapshot.matches({ content: { ready: 'claimingPrize' } })) return 'prize';
  if (snapshot.matches({ content: { ready: 'claimingBonus' } })) return 'bonus';
  if (snapshot.context.openThreadId !== null) return 'thread';
  return null;
}

/** The player's answered messages, newest first. */
export const selectThreads = (snapshot: DrawerSnapshot): ContactThread[] =>
  snapshot.context.threads;

/** A conversation with a reply the player has not read. */
export const isNewThread = (thread: ContactThread): boolean =>
  thread.replies.some((reply) => reply.unread);

/** The conversation open on screen. */
export const selectOpenThread = (snapshot: DrawerSnapshot): ContactThread | undefined =>
  snapshot.context.threads.find((thread) => thread.id === snapshot.context.openThreadId);

/** The coupon of the claim modal. */
export const selectSelectedCouponId = (snapshot: DrawerSnapshot): string | null =>
  snapshot.context.selectedCouponId;

/** The coupon of the claim modal. */
export const selectSelectedCoupon = (snapshot: DrawerSnapshot): Reward | undefined =>
  snapshot.context.coupons.find((coupon) => coupon.id === snapshot.context.selectedCouponId);

export const selectCouponMessage = (snapshot: DrawerSnapshot): string | null =>
  snapshot.context.couponMessage;

/** The code alone, when claiming gave one: 'Copy' copies it (a delivery note has none). */
export const selectCouponCode = (snapshot: DrawerSnapshot): string | null =>
  snapshot.context.couponCode;

/** The prize claim running in the grand prize modal. */
export const selectDrawerPrizeClaim = (
  snapshot: DrawerSnapshot,
): ActorRefFrom<PrizeClaimMachine> | undefined => snapshot.children.prizeClaim;

/** What /grandPrize shows before (or instead of) the claim. */
export type GrandPrizePage = 'loading' | 'loadFailed' | 'nothingToClaim' | 'claiming' | null;

export function selectGrandPrizePage(snapshot: WinningsSnapshot): GrandPrizePage {
  for (const page of ['loading', 'loadFailed', 'nothingToClaim', 'claiming'] as const) {
    if (snapshot.matches({ grandPrize: page })) return page;
  }
  return null;
}

/**
 * The grand prize waiting for a claim, for /home's 'Claim your $X prize': its amount (0 when the
 * amount is hidden), or null when none waits.
 */
export const selectAmountToClaim = (snapshot: WinningsSnapshot): number | null =>
  snapshot.context.prizeToClaim?.additional_info.prize_amount ?? null;

/** The day a draw closed, as the player reads it: 'Nov 26, 2026'. */
const dayOf = (iso: string): string =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** A closed draw the player entered, as the drawer links it to its record. */
export type EnteredDrawLink = { id: number; path: string; label: string; detail: string };

/** The closed draws the player entered, newest first, each linking to /draws/{id}. */
export const selectEnteredDraws = (snapshot: DrawerSnapshot): PublicDraw[] =>
  snapshot.context.enteredDraws ?? [];

export const enteredDrawLink = (draw: PublicDraw): EnteredDrawLink => {
  const mine = draw.my_entry_ids ?? [];
  const won = draw.winning_entry_id !== null && mine.includes(draw.winning_entry_id);
  return {
    id: draw.id,
    path: drawRecordPath(draw.id),
    label: `Draw ${draw.id}, ${dayOf(draw.closes_at)}`,
    detail: `Your entries: ${mine.length} of ${draw.entries_count}${won ? ', you won' : ''}. Check it`,
  };
};
