// The claim of a grand prize or a referral bonus (spec sections 2, 4 and 8, DESIGN sections 2
// and 4): the winner picks how it is paid (Venmo, PayPal or a Virtual Visa card; only the card
// when a cashier check with a name and an address is on a prize), gives what that method needs,
// and the server records one payout request. Its input says which of the two it claims, and so
// which call records it. It runs as a child of the winnings drawer's modals and of /grandPrize,
// each offering its own methods, and ends with whether it is claimed, so its parent can show it
// claimed. The machine asks the app to toast; it knows no route.
import { CLAIM_ERROR, CLAIM_FAILED } from '../../contract/winnings';
import { toCallFailure } from '../shared/call-failure';
import { toPayoutRequest } from './prize-claim.actors';
import { claimContext, failureToast, prizeClaimSetup } from './prize-claim.setup';

export type {
  PrizeClaimContext,
  PrizeClaimEmitted,
  PrizeClaimEvent,
  PrizeClaimInput,
  PrizeClaimOutput,
} from './prize-claim.setup';

export const prizeClaimMachine = prizeClaimSetup.createMachine({
  id: 'prizeClaim',
  context: ({ input }) => claimContext(input),
  output: ({ context }) => ({
    kind: context.kind,
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
      description:
        'A prize or bonus claimed before shows how it is paid. A referral bonus can be paid ' +
        'all three ways; a grand prize asks the server how.',
      always: [
        { guard: 'isClaimedAlready', target: 'claimed' },
        { guard: 'isReferralBonus', target: 'choosing' },
        { target: 'loadingChoices' },
      ],
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
        'cashier check with a name and an address is on a grand prize.',
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
      description:
        'The one payout request of this prize (reward_payment_choices/claim) or bonus ' +
        '(referral_bonuses/claim) is on its way.',
      invoke: {
        id: 'claimPrize',
        src: 'claimPrize',
        // hasValidDetails let the player in only with a method chosen.
        input: ({ context }) =>
          toPayoutRequest(context.kind, context.prizeId, context.method!, context.details.trim()),
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
            // Only a grand prize's methods can change (a cashier check put on it).
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
        'How it is paid: the server’s word on a claim just made, or the method (and whether ' +
        'it was paid) of an earlier one. Done closes.',
    },
    closed: {
      description: 'The claim is left; its parent hears whether it is claimed.',
      type: 'final',
    },
  },
});

export type PrizeClaimMachine = typeof prizeClaimMachine;
