// What the claim's chart (prize-claim.machine.ts) is built from: its types, the actors it
// invokes, and its guards and actions, each a rule of the spec. The chart itself reads on its
// own; this is where each name is defined.
import { assign, setup } from 'xstate';
import type { GrandPrize } from '../../contract/api';
import {
  BONUS_ALREADY_CLAIMED,
  ClaimBonusRequest,
  ClaimPrizeRequest,
  METHOD_NOT_OFFERED,
  PAYMENT_METHODS,
  PRIZE_ALREADY_CLAIMED,
  type PaymentMethod,
  type ReferralBonus,
} from '../../contract/winnings';
import type { ToastEffect, ToastParams } from '../shared/effects';
import { toastAtRoot } from '../shared/root';
import type { CallFailure } from '../shared/call-failure';
import {
  disconnectedPrizeClaimActors,
  toPayoutRequest,
  type CashierCheck,
  type ClaimKind,
  type PaymentChoices,
  type PrizeClaimed,
} from './prize-claim.actors';

/** Methods a cashier check on the prize rules out (spec section 4): it is paid by card only. */
const NOT_WITH_CASHIER_CHECK: readonly PaymentMethod[] = ['Venmo', 'PayPal'];

/** A referral bonus is paid by any of the three: no cashier check is ever put on one. */
export const BONUS_METHODS: readonly PaymentMethod[] = PAYMENT_METHODS;

export type PrizeClaimInput =
  | {
      prize: GrandPrize;
      /** The methods this screen offers (/grandPrize: PayPal and Venmo); all three by default. */
      offered?: readonly PaymentMethod[];
    }
  | { bonus: ReferralBonus };

export type PrizeClaimContext = {
  /** A grand prize, or a referral bonus: which call claims it, and what the screen calls it. */
  kind: ClaimKind;
  /** The grand prize's or the referral bonus's id. */
  prizeId: string;
  amount: number;
  offered: readonly PaymentMethod[];
  /** The methods on screen: the server's, narrowed to those this screen offers. */
  choices: readonly PaymentMethod[];
  /** The method chosen, or the one the prize was claimed with. */
  method: PaymentMethod | null;
  /** What the player typed for the method (kept when a claim fails, to try again). */
  details: string;
  claimed: boolean;
  paid: boolean;
  /** What the server said about the claim; null when the prize was claimed before. */
  message: string | null;
};

export type PrizeClaimEvent =
  | { type: 'claim.choose'; method: PaymentMethod }
  | { type: 'claim.submit'; details: string }
  | { type: 'claim.back' }
  | { type: 'claim.retry' }
  | { type: 'claim.close' };

export type PrizeClaimOutput = {
  kind: ClaimKind;
  claimed: boolean;
  prizeId: string;
  paymentMethod: PaymentMethod | null;
};

export type PrizeClaimEmitted = ToastEffect;

/** A prize's recorded method, if it is one the claim knows. */
export const asPaymentMethod = (value: string | null | undefined): PaymentMethod | null =>
  PAYMENT_METHODS.find((method) => method === value) ?? null;

const hasCashierCheck = (check: CashierCheck | null): boolean =>
  check !== null && check.name.trim() !== '' && check.address.trim() !== '';

/**
 * The methods a screen shows: the server's (never Venmo or PayPal beside a cashier check), those
 * this screen offers, or all the server's when the screen offers none of them (a prize with a
 * cashier check is still claimed on /grandPrize, by card).
 */
export function choicesToShow(
  { choices, cashierCheck }: PaymentChoices,
  offered: readonly PaymentMethod[],
): PaymentMethod[] {
  const payable = hasCashierCheck(cashierCheck)
    ? choices.filter((method) => !NOT_WITH_CASHIER_CHECK.includes(method))
    : choices;
  const shown = payable.filter((method) => offered.includes(method));
  return shown.length > 0 ? shown : payable;
}

/** The context a claim starts with, from what its parent hands it. */
export function claimContext(input: PrizeClaimInput): PrizeClaimContext {
  const common = { choices: [], details: '', message: null };
  if ('bonus' in input) {
    const { bonus } = input;
    return {
      ...common,
      kind: 'referralBonus',
      prizeId: bonus.id,
      amount: bonus.amount,
      offered: BONUS_METHODS,
      // Nothing to ask the server: a bonus can be paid every way.
      choices: bonus.claimed ? [] : BONUS_METHODS,
      method: bonus.payment_method,
      claimed: bonus.claimed,
      paid: bonus.paid,
    };
  }
  const { prize } = input;
  return {
    ...common,
    kind: 'grandPrize',
    prizeId: prize.id,
    amount: prize.additional_info.prize_amount,
    offered: input.offered ?? PAYMENT_METHODS,
    method: asPaymentMethod(prize.payment_method),
    claimed: prize.claimed,
    paid: prize.paid ?? false,
  };
}

/** Why the details cannot be sent for `method` (the contract's message), or null. */
export function detailsProblem(
  kind: ClaimKind,
  prizeId: string,
  method: PaymentMethod,
  details: string,
): string | null {
  const { body } = toPayoutRequest(kind, prizeId, method, details);
  const result =
    kind === 'grandPrize' ? ClaimPrizeRequest.safeParse(body) : ClaimBonusRequest.safeParse(body);
  if (result.success) return null;
  // Only the player's part: a bad prize id is the server's to answer.
  const field = method === 'Venmo' ? 'handle' : 'email';
  return result.error.issues.find((issue) => issue.path[0] === field)?.message ?? null;
}

// Refusals of this claim. Not a 401 (the session signs the player out and says why), nor a
// timeout or a rate limit, which are worth trying again later.
const isRefusal = ({ status }: CallFailure) =>
  status >= 400 && status < 500 && ![401, 408, 429].includes(status);

/** An error toast of the spec's catalogue. */
export const failureToast = (message: string): ToastParams => ({ message, variant: 'error' });

export const prizeClaimSetup = setup({
  types: {
    context: {} as PrizeClaimContext,
    events: {} as PrizeClaimEvent,
    input: {} as PrizeClaimInput,
    output: {} as PrizeClaimOutput,
    emitted: {} as PrizeClaimEmitted,
  },
  actors: disconnectedPrizeClaimActors,
  guards: {
    isClaimedAlready: ({ context }) => context.claimed,
    isReferralBonus: ({ context }) => context.kind === 'referralBonus',
    isChoiceShown: ({ context, event }) =>
      event.type === 'claim.choose' && context.choices.includes(event.method),
    hasValidDetails: ({ context, event }) =>
      event.type === 'claim.submit' &&
      context.method !== null &&
      event.details.trim() !== '' &&
      detailsProblem(context.kind, context.prizeId, context.method, event.details) === null,
    isClaimedElsewhere: (_, failure: CallFailure) => failure.status === 409,
    // A cashier check was put on the prize since its choices were loaded (never on a bonus).
    isMethodWithdrawn: ({ context }, failure: CallFailure) =>
      context.kind === 'grandPrize' &&
      failure.status === 422 &&
      failure.detail === METHOD_NOT_OFFERED,
    isRefused: (_, failure: CallFailure) => isRefusal(failure),
  },
  actions: {
    showToast: toastAtRoot(),
    storeChoices: assign(({ context }, params: PaymentChoices) => ({
      choices: choicesToShow(params, context.offered),
    })),
    // Another method asks for something else: the field starts empty.
    chooseMethod: assign(({ context, event }) => {
      if (event.type !== 'claim.choose') return {};
      return {
        method: event.method,
        details: event.method === context.method ? context.details : '',
      };
    }),
    storeDetails: assign(({ event }) =>
      event.type === 'claim.submit' ? { details: event.details } : {},
    ),
    recordClaim: assign((_, params: PrizeClaimed) => ({
      claimed: true,
      method: params.paymentMethod,
      message: params.message,
    })),
    // Claimed from another device or tab: how is not ours to know.
    recordClaimedElsewhere: assign(({ context }, params: CallFailure) => ({
      claimed: true,
      method: null,
      message:
        params.detail ??
        (context.kind === 'grandPrize' ? PRIZE_ALREADY_CLAIMED : BONUS_ALREADY_CLAIMED),
    })),
  },
});
