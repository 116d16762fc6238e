// The calls the claim of a grand prize or a referral bonus makes, as actors the machine invokes
// by id. The app builds them from the real API client; tests build them from fakes. A failed call
// reaches the chart as `xstate.error.actor.<id>` whose error carries the HTTP status and the
// server's detail.
import { fromPromise } from 'xstate';
import type {
  ClaimBonusRequest,
  ClaimBonusResponse,
  ClaimPrizeRequest,
  ClaimPrizeResponse,
  PaymentChoicesResponse,
  PaymentMethod,
} from '../../contract/winnings';

/** The part of the API client the claim calls (src/lib/api.ts has these shapes). */
export type PrizeClaimApi = {
  paymentChoices: (grandPrizeId: string) => Promise<PaymentChoicesResponse>;
  claimPrize: (body: ClaimPrizeRequest) => Promise<ClaimPrizeResponse>;
  claimBonus: (body: ClaimBonusRequest) => Promise<ClaimBonusResponse>;
};

/** What is claimed: a grand prize, or a referral bonus (paid the same ways, claimed elsewhere). */
export type ClaimKind = 'grandPrize' | 'referralBonus';

/** A payout request: the call its kind names, and that call's body. */
export type PayoutRequest =
  | { kind: 'grandPrize'; body: ClaimPrizeRequest }
  | { kind: 'referralBonus'; body: ClaimBonusRequest };

export type CashierCheck = { name: string; address: string };

/** How the server says the prize can be paid. */
export type PaymentChoices = {
  choices: PaymentMethod[];
  cashierCheck: CashierCheck | null;
};

export type LoadPaymentChoicesInput = { prizeId: string };

/** The payout request the server recorded, and what it says about it. */
export type PrizeClaimed = { paymentMethod: PaymentMethod; message: string };

/** What the player typed goes in the field its method names: `email` for PayPal and the card. */
function methodFields(method: PaymentMethod, details: string) {
  switch (method) {
    case 'PayPal':
      return { payment_method: 'PayPal', email: details } as const;
    case 'Venmo':
      return { payment_method: 'Venmo', handle: details } as const;
    case 'Virtual Visa':
      return { payment_method: 'Virtual Visa', email: details } as const;
  }
}

/** The claim's body for a grand prize (an e-mail address or a Venmo username). */
export function toClaimRequest(
  prizeId: string,
  method: PaymentMethod,
  details: string,
): ClaimPrizeRequest {
  return { grand_prize_id: prizeId, ...methodFields(method, details) };
}

/** The payout request for what is claimed, with the details the player typed. */
export function toPayoutRequest(
  kind: ClaimKind,
  id: string,
  method: PaymentMethod,
  details: string,
): PayoutRequest {
  return kind === 'grandPrize'
    ? { kind, body: toClaimRequest(id, method, details) }
    : { kind, body: { referral_bonus_id: id, ...methodFields(method, details) } };
}

export function createPrizeClaimActors(api: PrizeClaimApi) {
  return {
    loadPaymentChoices: fromPromise<PaymentChoices, LoadPaymentChoicesInput>(async ({ input }) => {
      const { data } = await api.paymentChoices(input.prizeId);
      return { choices: data.choices, cashierCheck: data.cashier_check };
    }),
    // One actor for both kinds, so the chart has one claim and one set of failures.
    claimPrize: fromPromise<PrizeClaimed, PayoutRequest>(async ({ input }) => {
      const { data } =
        input.kind === 'grandPrize'
          ? await api.claimPrize(input.body)
          : await api.claimBonus(input.body);
      return { paymentMethod: data.payment_method, message: data.message };
    }),
  };
}

export type PrizeClaimActors = ReturnType<typeof createPrizeClaimActors>;

const notConnected = (): Promise<never> =>
  Promise.reject(new Error('The prize claim was started without an API.'));

/** Until the app provides the API every call fails, so the chart's error paths run. */
export const disconnectedPrizeClaimActors = createPrizeClaimActors({
  paymentChoices: notConnected,
  claimPrize: notConnected,
  claimBonus: notConnected,
});
