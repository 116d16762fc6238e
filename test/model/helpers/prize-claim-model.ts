// The prize claim's model, as its model test walks it: what the player types and the claim sends,
// the events a walk takes (the player's, the server's), the machine with calls that never answer
// (each path's events say how they end), a snapshot's key and each event as a path says it.
import { fromPromise, type SnapshotFrom } from 'xstate';
import type { GrandPrize } from '../../../contract/api';
import {
  CARD_EMAIL_INVALID,
  PAYPAL_EMAIL_INVALID,
  VENMO_HANDLE_INVALID,
  type ClaimBonusRequest,
  type ClaimPrizeRequest,
  type PaymentChoicesResponse,
  type PaymentMethod,
  type ReferralBonus,
} from '../../../contract/winnings';
import type {
  LoadPaymentChoicesInput,
  PayoutRequest,
  PaymentChoices,
  PrizeClaimed,
} from '../../../machines/winnings/prize-claim.actors';
import {
  prizeClaimMachine,
  type PrizeClaimEvent,
  type PrizeClaimInput,
} from '../../../machines/winnings/prize-claim.machine';
import type { PrizeClaimVariant } from '../../../src/features/winnings/PrizeClaim';
import type { ApiFailure } from '../../../src/lib/api';
import { failureName } from './winnings-fake-api';
import { WITHDRAWN, type Walk } from './prize-claim-walks';

export const isBonus = (claimed: GrandPrize | ReferralBonus): claimed is ReferralBonus =>
  'amount' in claimed;
export const kindOf = (walk: Walk) => (isBonus(walk.prize) ? 'referralBonus' : 'grandPrize');
export const amountIn = (walk: Walk) =>
  isBonus(walk.prize) ? walk.prize.amount : walk.prize.additional_info.prize_amount;
/** The call that records the claim: one for prizes, one for bonuses. */
export const claimCallOf = (walk: Walk) => (isBonus(walk.prize) ? 'claimBonus' : 'claimPrize');

export const inputOf = (walk: Walk): PrizeClaimInput =>
  isBonus(walk.prize)
    ? { bonus: walk.prize }
    : { prize: walk.prize, ...(walk.offered ? { offered: walk.offered } : {}) };

/** What the player types for each method (the Venmo username with spaces the claim trims). */
export const TYPED: Record<PaymentMethod, string> = {
  PayPal: 'jane@example.com',
  Venmo: ' @jane_doe ',
  'Virtual Visa': 'card@example.com',
};
/** A value the form refuses, and what it says. */
export const WRONG: Record<PaymentMethod, { typed: string; says: string }> = {
  PayPal: { typed: 'jane@example', says: PAYPAL_EMAIL_INVALID },
  Venmo: { typed: '@ab', says: VENMO_HANDLE_INVALID },
  'Virtual Visa': { typed: 'card.example.com', says: CARD_EMAIL_INVALID },
};
export const LABEL: Record<PaymentMethod, string> = {
  PayPal: 'PayPal e-mail',
  Venmo: 'Venmo username',
  'Virtual Visa': 'E-mail for your virtual Visa card',
};

/** The body a claim sends: the details in the field their method names, trimmed. */
export function claimBody(
  walk: Walk,
  method: PaymentMethod,
): ClaimPrizeRequest | ClaimBonusRequest {
  const fields = {
    PayPal: { payment_method: 'PayPal', email: 'jane@example.com' },
    Venmo: { payment_method: 'Venmo', handle: '@jane_doe' },
    'Virtual Visa': { payment_method: 'Virtual Visa', email: 'card@example.com' },
  } as const;
  return isBonus(walk.prize)
    ? { referral_bonus_id: walk.prize.id, ...fields[method] }
    : { grand_prize_id: walk.prize.id, ...fields[method] };
}

/** The server's word on a claim it recorded (server/services/payouts.ts says it this way). */
export function claimMessage(amount: number, method: PaymentMethod): string {
  switch (method) {
    case 'PayPal':
      return `Your $${amount} prize will be sent to jane@example.com by PayPal.`;
    case 'Venmo':
      return `Your $${amount} prize will be sent to @jane_doe on Venmo.`;
    case 'Virtual Visa':
      return `Your $${amount} prize will be sent to card@example.com as a Virtual Visa card.`;
  }
}

// ---- the model ---------------------------------------------------------------------------------

/** The button a close is tapped with (the machine reads only the event's type). */
export type CloseButton = 'Done' | 'Not now';

export type ClaimEvent =
  | Exclude<PrizeClaimEvent, { type: 'claim.close' }>
  | { type: 'claim.close'; button: CloseButton }
  | { type: 'xstate.done.actor.loadPaymentChoices'; output: PaymentChoices }
  | { type: 'xstate.error.actor.loadPaymentChoices'; error: ApiFailure }
  | { type: 'xstate.done.actor.claimPrize'; output: PrizeClaimed }
  | { type: 'xstate.error.actor.claimPrize'; error: ApiFailure };
export type ClaimSnapshot = SnapshotFrom<typeof prizeClaimMachine>;

// The model's calls never answer: each path's events say how they end.
export const logic = prizeClaimMachine.provide({
  actors: {
    loadPaymentChoices: fromPromise<PaymentChoices, LoadPaymentChoicesInput>(
      () => new Promise(() => undefined),
    ),
    claimPrize: fromPromise<PrizeClaimed, PayoutRequest>(() => new Promise(() => undefined)),
  },
});

export const asChoices = ({ data }: PaymentChoicesResponse): PaymentChoices => ({
  choices: data.choices,
  cashierCheck: data.cashier_check,
});

/** A method is chosen before the choices load only after a 422 withdrew it. */
export const isReload = (snapshot: ClaimSnapshot) => snapshot.context.method !== null;

export function answerOf(walk: Walk, snapshot: ClaimSnapshot) {
  return isReload(snapshot) && walk.afterWithdrawal ? walk.afterWithdrawal : walk;
}

export const mayBeWithdrawn = (method: PaymentMethod | null) =>
  method === 'Venmo' || method === 'PayPal';

/**
 * The drawer's modal can be left before a claim (Not now) while the choices load, after they
 * fail and among the methods; /grandPrize has the tab bar, and a claim under way is not left.
 */
export const leavesBeforeClaim = (variant: PrizeClaimVariant, snapshot: ClaimSnapshot) =>
  variant === 'modal' &&
  (snapshot.matches('loadingChoices') ||
    snapshot.matches('loadFailed') ||
    snapshot.matches('choosing'));

export function eventsFor(walk: Walk) {
  return (snapshot: ClaimSnapshot): ClaimEvent[] => {
    const { context } = snapshot;
    const candidates: ClaimEvent[] = [
      { type: 'claim.retry' },
      { type: 'claim.back' },
      ...context.choices.map((method) => ({ type: 'claim.choose' as const, method })),
    ];
    if (context.method !== null)
      candidates.push({ type: 'claim.submit', details: TYPED[context.method] });
    // Done leaves a claimed prize; Not now leaves the modal before a claim.
    if (snapshot.matches('claimed')) candidates.push({ type: 'claim.close', button: 'Done' });
    if (leavesBeforeClaim(walk.variant, snapshot))
      candidates.push({ type: 'claim.close', button: 'Not now' });
    if (snapshot.matches('loadingChoices')) {
      candidates.push(
        {
          type: 'xstate.done.actor.loadPaymentChoices',
          output: asChoices(answerOf(walk, snapshot).choices),
        },
        { type: 'xstate.error.actor.loadPaymentChoices', error: walk.loadFailure },
      );
    }
    if (snapshot.matches('claiming') && context.method !== null) {
      const method = context.method;
      candidates.push({
        type: 'xstate.done.actor.claimPrize',
        output: { paymentMethod: method, message: claimMessage(context.amount, method) },
      });
      for (const error of walk.claimFailures) {
        if (error === WITHDRAWN && (!mayBeWithdrawn(method) || !walk.afterWithdrawal)) continue;
        candidates.push({ type: 'xstate.error.actor.claimPrize', error });
      }
    }
    return candidates;
  };
}

export const serialize = (snapshot: ClaimSnapshot) =>
  JSON.stringify({
    value: snapshot.value,
    choices: snapshot.context.choices,
    method: snapshot.context.method,
    details: snapshot.context.details,
    claimed: snapshot.context.claimed,
    message: snapshot.context.message,
  });

export function describeEvent(event: ClaimEvent): string {
  switch (event.type) {
    case 'claim.choose':
      return `taps ${event.method}`;
    case 'claim.submit':
      return `types '${event.details.trim()}' and taps Claim`;
    case 'claim.back':
      return 'taps Back';
    case 'claim.retry':
      return "taps 'Try again'";
    case 'claim.close':
      return event.button === 'Done' ? 'taps Done' : "taps 'Not now'";
    case 'xstate.done.actor.loadPaymentChoices':
      return `the choices load (${event.output.choices.join(', ')})`;
    case 'xstate.error.actor.loadPaymentChoices':
      return `the choices fail (${failureName(event.error)})`;
    case 'xstate.done.actor.claimPrize':
      return 'the claim is recorded';
    case 'xstate.error.actor.claimPrize':
      return `the claim fails (${failureName(event.error)})`;
  }
}
