// The walks of the prize claim's model test (test/model/prize-claim.model.test.tsx): the prizes
// and bonuses claimed, the server's refusals and failures, and the scripted steps each walk takes.
import type { GrandPrize } from '../../../contract/api';
import {
  CARD_EMAIL_INVALID,
  METHOD_NOT_OFFERED,
  PRIZE_ALREADY_CLAIMED,
  type PaymentChoicesResponse,
  type PaymentMethod,
  type ReferralBonus,
} from '../../../contract/winnings';
import type { PrizeClaimVariant } from '../../../src/features/winnings/PrizeClaim';
import { ApiFailure } from '../../../src/lib/api';
import type { ScriptStep } from './generated-walks';
import { bonusOf, choicesOf, claimedBonusOf, grandPrizeOf } from './winnings-fake-api';
import type { ClaimEvent } from './prize-claim-model';

// ---- the walks ---------------------------------------------------------------------------------

export const PRIZE_ID = '3f6c1a52-7d0e-4b8a-9c41-2e5f8d7a6b10';
export const CHECKED_PRIZE_ID = '9b2d4e61-0c3a-4f7e-8d15-6a2b9c0e1f37';
export const CLAIMED_PRIZE_ID = 'c0ffee00-1234-4abc-9def-0123456789ab';
export const BONUS_ID = '5d1e7c20-3b4a-4f6e-8a90-1c2d3e4f5a6b';

/** The server's refusals and failures of a claim (and of the choices). */
export const CLAIMED_ELSEWHERE = new ApiFailure(409, PRIZE_ALREADY_CLAIMED);
export const CLAIMED_ELSEWHERE_UNSAID = new ApiFailure(409, null);
export const WITHDRAWN = new ApiFailure(422, METHOD_NOT_OFFERED);
export const UNKNOWN_PRIZE = new ApiFailure(404, 'Unknown prize');
export const REFUSED_ADDRESS = new ApiFailure(422, CARD_EMAIL_INVALID);
export const UNAVAILABLE = new ApiFailure(503, null);
export const OFFLINE = new ApiFailure(0, null);

/** A step of a scripted path: which of the model's events in that state it takes. */
export type Pick = ScriptStep<ClaimEvent>;
export const on = {
  loaded: ((event) => event.type === 'xstate.done.actor.loadPaymentChoices') satisfies Pick,
  choose:
    (method: PaymentMethod): Pick =>
    (event) =>
      event.type === 'claim.choose' && event.method === method,
  submit: ((event) => event.type === 'claim.submit') satisfies Pick,
  recorded: ((event) => event.type === 'xstate.done.actor.claimPrize') satisfies Pick,
  fails:
    (failure: ApiFailure): Pick =>
    (event) =>
      event.type === 'xstate.error.actor.claimPrize' && event.error === failure,
  loadFails: ((event) => event.type === 'xstate.error.actor.loadPaymentChoices') satisfies Pick,
  back: ((event) => event.type === 'claim.back') satisfies Pick,
  close: ((event) => event.type === 'claim.close') satisfies Pick,
  notNow: ((event) => event.type === 'claim.close' && event.button === 'Not now') satisfies Pick,
};

export type Walk = {
  name: string;
  variant: PrizeClaimVariant;
  /** What is claimed: a grand prize, or a referral bonus. */
  prize: GrandPrize | ReferralBonus;
  offered?: readonly PaymentMethod[];
  /** How the server first says the prize can be paid (a bonus asks nothing). */
  choices: PaymentChoicesResponse;
  /** The methods' buttons that answer shows, in the screen's order. */
  shows: readonly string[];
  /** After a 422 for a withdrawn method: the choices then (a cashier check came), and buttons. */
  afterWithdrawal: { choices: PaymentChoicesResponse; shows: readonly string[] } | null;
  /** How loading the choices fails in this walk. */
  loadFailure: ApiFailure;
  /** How a claim fails in this walk (a withdrawal only for the methods a check rules out). */
  claimFailures: readonly ApiFailure[];
  /** The line a prize claimed before shows. */
  claimedBefore: string | null;
  /**
   * A player who sends the same details again after a failure: the generated paths never do
   * (the state after is one they have seen), so this path is walked as well.
   */
  triesAgain: Pick[] | null;
  /**
   * A player who leaves the modal with Not now once the choices fail: the claim then ends as
   * when left while they load (the same state), so the generated paths never tap it there.
   */
  leavesAfterFailure: Pick[] | null;
};

export const WALKS: Walk[] = [
  {
    name: 'the modal, an unclaimed prize',
    variant: 'modal',
    prize: grandPrizeOf(PRIZE_ID),
    choices: choicesOf(PRIZE_ID),
    shows: ['Venmo', 'PayPal', 'Virtual Visa'],
    afterWithdrawal: { choices: choicesOf(PRIZE_ID, true), shows: ['Virtual Visa'] },
    loadFailure: UNAVAILABLE,
    claimFailures: [CLAIMED_ELSEWHERE, WITHDRAWN, UNKNOWN_PRIZE, UNAVAILABLE],
    claimedBefore: null,
    // Back to the methods and Venmo again: the field still holds the username sent.
    triesAgain: [
      on.loaded,
      on.choose('Venmo'),
      on.submit,
      on.fails(UNAVAILABLE),
      on.back,
      on.choose('Venmo'),
      on.submit,
      on.recorded,
      on.close,
    ],
    leavesAfterFailure: [on.loadFails, on.notNow],
  },
  {
    name: '/grandPrize, an unclaimed prize, PayPal and Venmo offered',
    variant: 'page',
    prize: grandPrizeOf(PRIZE_ID, 1500),
    offered: ['PayPal', 'Venmo'],
    choices: choicesOf(PRIZE_ID),
    shows: ['Claim with PayPal', 'Claim with Venmo'],
    // Nothing the page offers is left: the card is, on the page too.
    afterWithdrawal: {
      choices: choicesOf(PRIZE_ID, true),
      shows: ['Claim with Virtual Visa'],
    },
    loadFailure: OFFLINE,
    claimFailures: [CLAIMED_ELSEWHERE_UNSAID, WITHDRAWN, OFFLINE],
    claimedBefore: null,
    // The first claim reached the server though its answer was lost: the second one is a 409.
    triesAgain: [
      on.loaded,
      on.choose('PayPal'),
      on.submit,
      on.fails(OFFLINE),
      on.submit,
      on.fails(CLAIMED_ELSEWHERE_UNSAID),
      on.close,
    ],
    leavesAfterFailure: null,
  },
  {
    name: '/grandPrize, a prize with a cashier check',
    variant: 'page',
    prize: {
      ...grandPrizeOf(CHECKED_PRIZE_ID, 2000),
      cashier_check: { name: 'Jane Doe', address: '1 Main St' },
    },
    offered: ['PayPal', 'Venmo'],
    choices: choicesOf(CHECKED_PRIZE_ID, true),
    shows: ['Claim with Virtual Visa'],
    afterWithdrawal: null,
    loadFailure: UNAVAILABLE,
    claimFailures: [REFUSED_ADDRESS, OFFLINE],
    claimedBefore: null,
    triesAgain: [
      on.loaded,
      on.choose('Virtual Visa'),
      on.submit,
      on.fails(OFFLINE),
      on.submit,
      on.recorded,
      on.close,
    ],
    leavesAfterFailure: null,
  },
  {
    name: 'the modal, a prize claimed before by PayPal',
    variant: 'modal',
    prize: grandPrizeOf(CLAIMED_PRIZE_ID, 500, true),
    choices: choicesOf(CLAIMED_PRIZE_ID),
    shows: [],
    afterWithdrawal: null,
    loadFailure: UNAVAILABLE,
    claimFailures: [],
    claimedBefore: 'Your prize will be paid by PayPal.',
    triesAgain: null,
    leavesAfterFailure: null,
  },
  {
    name: '/grandPrize, a prize claimed before by Venmo and paid',
    variant: 'page',
    prize: { ...grandPrizeOf(CLAIMED_PRIZE_ID, 500, true), payment_method: 'Venmo', paid: true },
    offered: ['PayPal', 'Venmo'],
    choices: choicesOf(CLAIMED_PRIZE_ID),
    shows: [],
    afterWithdrawal: null,
    loadFailure: UNAVAILABLE,
    claimFailures: [],
    claimedBefore: 'Paid by Venmo.',
    triesAgain: null,
    leavesAfterFailure: null,
  },
  {
    name: 'the modal, a referral bonus',
    variant: 'modal',
    prize: bonusOf(BONUS_ID, 100),
    choices: choicesOf(BONUS_ID),
    shows: ['Venmo', 'PayPal', 'Virtual Visa'],
    afterWithdrawal: null,
    loadFailure: UNAVAILABLE,
    claimFailures: [CLAIMED_ELSEWHERE_UNSAID, REFUSED_ADDRESS, UNAVAILABLE, OFFLINE],
    claimedBefore: null,
    triesAgain: [
      on.choose('Virtual Visa'),
      on.submit,
      on.fails(OFFLINE),
      on.submit,
      on.recorded,
      on.close,
    ],
    leavesAfterFailure: null,
  },
  {
    name: 'the modal, a referral bonus claimed with PayPal and paid',
    variant: 'modal',
    prize: claimedBonusOf(BONUS_ID, 100, 'PayPal', true),
    choices: choicesOf(BONUS_ID),
    shows: [],
    afterWithdrawal: null,
    loadFailure: UNAVAILABLE,
    claimFailures: [],
    claimedBefore: 'Paid by PayPal.',
    triesAgain: null,
    leavesAfterFailure: null,
  },
];
