// Narrow reads of the grand prize claim for its view: each part subscribes to what it shows,
// never to the whole snapshot, and asks the machine (`can`) whether a control is enabled.
import type { SnapshotFrom } from 'xstate';
import type { PaymentMethod } from '../../contract/winnings';
import type { ClaimKind } from './prize-claim.actors';
import type { PrizeClaimMachine } from './prize-claim.machine';

type PrizeClaimSnapshot = SnapshotFrom<PrizeClaimMachine>;

/** What the claim shows; the form stays on screen while the claim is on its way. */
export type PrizeClaimScreen = 'loading' | 'loadFailed' | 'choosing' | 'entering' | 'claimed';

export function selectPrizeClaimScreen(snapshot: PrizeClaimSnapshot): PrizeClaimScreen | null {
  if (snapshot.matches('opening') || snapshot.matches('loadingChoices')) return 'loading';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  if (snapshot.matches('choosing')) return 'choosing';
  if (snapshot.matches('entering') || snapshot.matches('claiming')) return 'entering';
  if (snapshot.matches('claimed')) return 'claimed';
  return null;
}

export const selectPrizeId = (snapshot: PrizeClaimSnapshot): string => snapshot.context.prizeId;

/** A grand prize or a referral bonus. */
export const selectClaimKind = (snapshot: PrizeClaimSnapshot): ClaimKind => snapshot.context.kind;

export const selectPrizeAmount = (snapshot: PrizeClaimSnapshot): number => snapshot.context.amount;

/** The methods to choose from, as the server and this screen allow them. */
export const selectChoices = (snapshot: PrizeClaimSnapshot): readonly PaymentMethod[] =>
  snapshot.context.choices;

export const selectMethod = (snapshot: PrizeClaimSnapshot): PaymentMethod | null =>
  snapshot.context.method;

/** What the player typed last, to fill the field again. */
export const selectDetails = (snapshot: PrizeClaimSnapshot): string => snapshot.context.details;

export const selectIsClaiming = (snapshot: PrizeClaimSnapshot): boolean =>
  snapshot.matches('claiming');

export const selectCanGoBack = (snapshot: PrizeClaimSnapshot): boolean =>
  snapshot.can({ type: 'claim.back' });

export const selectCanRetry = (snapshot: PrizeClaimSnapshot): boolean =>
  snapshot.can({ type: 'claim.retry' });

/**
 * How it is paid: the server's message on a claim made here, else the method it was claimed
 * with ('Your prize will be paid by PayPal.', once paid 'Paid by PayPal.').
 */
export function selectClaimedMessage(snapshot: PrizeClaimSnapshot): string {
  const { message, method, paid, kind } = snapshot.context;
  if (message !== null) return message;
  const what = kind === 'grandPrize' ? 'Your prize' : 'Your bonus';
  if (method === null) return paid ? `${what} has been paid.` : `${what} has been claimed.`;
  return paid ? `Paid by ${method}.` : `${what} will be paid by ${method}.`;
}
