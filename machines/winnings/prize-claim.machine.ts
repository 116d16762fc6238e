// The grand prize claim (spec sections 2, 4 and 8, DESIGN section 2): the winner picks how the
// prize is paid (Venmo, PayPal or a Virtual Visa card; only the card when a cashier check with a
// name and an address is on the prize), gives what that method needs, and the server records one
// payout request. It runs as a child of the winnings drawer's modal and of /grandPrize, each
// offering its own methods, and ends with whether the prize is claimed, so its parent can show
// the prize as claimed. The machine asks the app to toast; it knows no route.
import { CLAIM_ERROR, CLAIM_FAILED, PAYMENT_METHODS } from '../../contract/winnings';
import { toCallFailure } from '../entry-flow/entry-flow.actors';
import { toClaimRequest } from './prize-claim.actors';
import { asPaymentMethod, failureToast, prizeClaimSetup } from './prize-claim.setup';

export type {
  PrizeClaimContext,
  PrizeClaimEmitted,
  PrizeClaimEvent,
  PrizeClaimInput,
  PrizeClaimOutput,
} from './prize-claim.setup';

export const prizeClaimMachine = prizeClaimSetup.createMachine({
  id: 'prizeClaim',
  context: ({ input }) => ({
    prizeId: input.prize.id,
    amount: input.prize.additional_info.prize_amount,
    offered: input.offered ?? PAYMENT_METHODS,
    choices: [],
    method: asPaymentMethod(input.prize.payment_method),
    details: '',
    claimed: input.prize.claimed,
    paid: input.prize.paid ?? false,
    message: null,
  }),
  output: ({ context }) => ({
    claimed: context.claimed,
    prizeId: context.prizeId,
    paymentMethod: context.claimed ? context.method : null,
  }),
  initial: 'opening',
  on: {
    'claim.close': '.closed',
  },
  states: {
    opening: {
      description: 'A prize claimed before shows how it is paid; any other asks how to pay it.',
      always: [{ guard: 'isClaimedAlready', target: 'claimed' }, { target: 'loadingChoices' }],
    },
    loadingChoices: {
      description: 'Asks the server how this prize can be paid.',
      invoke: {
        id: 'loadPaymentChoices',
        src: 'loadPaymentChoices',
        input: ({ context }) => ({ prizeId: context.prizeId }),
        onDone: {
          target: 'choosing',
          actions: { type: 'storeChoices', params: ({ event }) => event.output },
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'showToast', params: failureToast(CLAIM_ERROR) },
        },
      },
    },
    loadFailed: {
      description: 'The ways to be paid could not be loaded: Try again asks once more.',
      on: { 'claim.retry': 'loadingChoices' },
    },
    choosing: {
      description:
        'Venmo, PayPal or Virtual Visa, as this screen offers them; only Virtual Visa when a ' +
        'cashier check with a name and an address is on the prize.',
      on: {
        'claim.choose': { guard: 'isChoiceShown', target: 'entering', actions: 'chooseMethod' },
      },
    },
    entering: {
      description:
        'What the chosen method needs: the PayPal e-mail, the Venmo username, or the e-mail ' +
        'the Virtual Visa card is sent to. Back returns to the methods.',
      on: {
        'claim.back': 'choosing',
        'claim.submit': { guard: 'hasValidDetails', target: 'claiming', actions: 'storeDetails' },
      },
    },
    claiming: {
      description: 'The one payout request of this prize is on its way.',
      invoke: {
        id: 'claimPrize',
        src: 'claimPrize',
        // hasValidDetails let the player in only with a method chosen.
        input: ({ context }) =>
          toClaimRequest(context.prizeId, context.method!, context.details.trim()),
        onDone: {
          target: 'claimed',
          actions: { type: 'recordClaim', params: ({ event }) => event.output },
        },
        onError: [
          {
            guard: {
              type: 'isClaimedElsewhere',
              params: ({ event }) => toCallFailure(event.error),
            },
            target: 'claimed',
            actions: [
              { type: 'showToast', params: failureToast(CLAIM_FAILED) },
              {
                type: 'recordClaimedElsewhere',
                params: ({ event }) => toCallFailure(event.error),
              },
            ],
          },
          {
            guard: { type: 'isMethodWithdrawn', params: ({ event }) => toCallFailure(event.error) },
            target: 'loadingChoices',
            actions: { type: 'showToast', params: failureToast(CLAIM_FAILED) },
          },
          {
            guard: { type: 'isRefused', params: ({ event }) => toCallFailure(event.error) },
            target: 'entering',
            actions: { type: 'showToast', params: failureToast(CLAIM_FAILED) },
          },
          {
            // The network or the server failed: the same details can be sent again.
            target: 'entering',
            actions: { type: 'showToast', params: failureToast(CLAIM_ERROR) },
          },
        ],
      },
    },
    claimed: {
      description:
        'How the prize is paid: the server’s word on a claim just made, or the method (and ' +
        'whether it was paid) of an earlier one. Done closes.',
    },
    closed: {
      description: 'The claim is left; its parent hears whether the prize is claimed.',
      type: 'final',
    },
  },
});

export type PrizeClaimMachine = typeof prizeClaimMachine;
