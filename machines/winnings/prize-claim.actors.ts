// The calls the grand prize claim makes, as actors the machine invokes by id. The app builds them
// from the real API client; tests build them from fakes. A failed call reaches the chart as
// `xstate.error.actor.<id>` whose error carries the HTTP status and the server's detail.
import { fromPromise } from 'xstate';
import type {
  ClaimPrizeRequest,
  ClaimPrizeResponse,
  PaymentChoicesResponse,
  PaymentMethod,
} from '../../contract/winnings';

/** The part of the API client the claim calls (src/lib/api.ts has these shapes). */
export type PrizeClaimApi = {
  paymentChoices: (grandPrizeId: string) => Promise<PaymentChoicesResponse>;
  claimPrize: (body: ClaimPrizeRequest) => Promise<ClaimPrizeResponse>;
};

export type CashierCheck = { name: string; address: string };

/** How the server says the prize can be paid. */
export type PaymentChoices = {
  choices: PaymentMethod[];
  cashierCheck: CashierCheck | null;
};

export type LoadPaymentChoicesInput = { prizeId: string };

/** The payout request the server recorded, and what it says about it. */
export type PrizeClaimed = { paymentMethod: PaymentMethod; message: string };

/**
 * The claim's body: what the player typed goes in the field its method names (an e-mail address
 * for PayPal and the Virtual Visa card, a username for Venmo).
 */
export function toClaimRequest(
  prizeId: string,
  method: PaymentMethod,
  details: string,
): ClaimPrizeRequest {
  switch (method) {
    case 'PayPal':
      return { grand_prize_id: prizeId, payment_method: 'PayPal', email: details };
    case 'Venmo':
      return { grand_prize_id: prizeId, payment_method: 'Venmo', handle: details };
    case 'Virtual Visa':
      return { grand_prize_id: prizeId, payment_method: 'Virtual Visa', email: details };
  }
}

export function createPrizeClaimActors(api: PrizeClaimApi) {
  return {
    loadPaymentChoices: fromPromise<PaymentChoices, LoadPaymentChoicesInput>(async ({ input }) => {
      const { data } = await api.paymentChoices(input.prizeId);
      return { choices: data.choices, cashierCheck: data.cashier_check };
    }),
    claimPrize: fromPromise<PrizeClaimed, ClaimPrizeRequest>(async ({ input }) => {
      const { data } = await api.claimPrize(input);
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
});
