// The walks of the winnings drawer's model test (test/model/winnings-drawer.model.test.tsx):
// what the server lists on each, what claiming gives or refuses, and what the player does.
import type { Reward } from '../../../contract/api';
import type { ContactThread } from '../../../contract/contact';
import { ALREADY_CLAIMED } from '../../../contract/rewards';
import { TOAST_COUPON_CLAIM_FAILED } from '../../../machines/winnings/winnings-drawer.machine';
import type { CouponClaim, Winnings } from '../../../machines/winnings/winnings.actors';
import { ApiFailure } from '../../../src/lib/api';
import {
  bonusOf,
  claimedBonusOf,
  claimedCouponOf,
  couponOf,
  grandPrizeOf,
  threadOf,
} from './winnings-fake-api';

export const giftCardOf = (id: string, brand: string, value: number): Reward => {
  const coupon = couponOf(id, brand, value);
  return { ...coupon, attributes: { ...coupon.attributes, kind: 'gift_card' } };
};

export const PIZZA_5 = couponOf('c-pizza-5', 'Game Day Pizza', 5);
export const BASS_25 = giftCardOf('c-bass-25', 'Bass Pro Shops', 25);
export const PIZZA_10 = couponOf('c-pizza-10', 'Game Day Pizza', 10);
export const FANATICS_50 = giftCardOf('c-fanatics-50', 'Fanatics', 50);
export const PRIZE_500 = grandPrizeOf('p-500', 500);
export const PRIZE_250_CLAIMED = grandPrizeOf('p-250', 250, true);
export const BONUS = bonusOf('b-100', 100);
export const BONUS_PAID = claimedBonusOf('b-40', 40, 'PayPal', true);
export const BONUS_CLAIMED = claimedBonusOf('b-60', 60, 'Venmo');
/** Claimed before: a code to copy and the offer's link; a gift card texted, nothing to copy. */
export const FANATICS_KEPT = claimedCouponOf('c-fanatics-kept', 'Fanatics', 50, {
  message: 'Your code: FAN-50-OFF',
  code: 'FAN-50-OFF',
  link: 'https://www.fanatics.com/',
});
export const PILOT_KEPT = claimedCouponOf('c-pilot-kept', 'Pilot Flying J', 25, {
  message: 'Your gift card will be texted to you.',
  code: null,
});

/** The operator's answers: one not opened yet (line breaks and markup kept as text), one read. */
export const ANSWERED = threadOf('m-1', 'My coupon code', 'The code did not work.\nAt checkout.', [
  { text: 'Sorry about that!\nHere is a new one: <b>PIZZA-2</b>', unread: true },
  { text: 'Did it work?', unread: true },
]);
export const READ_BEFORE = threadOf('m-2', 'Where is my prize?', 'It has been a week.', [
  { text: 'Sent today.', unread: false },
]);
export const UNANSWERED = threadOf('m-3', 'Hello', 'Anyone there?', []);

export const COUPON_CODE = 'Your code: GAMEDAY-5';
export const CODE_CLAIM: CouponClaim = { message: COUPON_CODE, code: 'GAMEDAY-5' };
export const NOTE_CLAIM: CouponClaim = {
  message: 'Your gift card will be texted to you.',
  code: null,
};
export const PAYPAL_EMAIL = 'jane@example.com';
export const PAYPAL_MESSAGE = `Your $500 prize will be sent to ${PAYPAL_EMAIL} by PayPal.`;
export const UNKNOWN_REWARD = 'Unknown reward';

/** A claim the server refuses, and the toast the player is shown for it. */
export type ClaimFailure = { error: ApiFailure; toast: string };

export type Walk = {
  name: string;
  /** What the server lists. */
  winnings: Winnings;
  /** What claiming a coupon gives on this walk: a code, or a delivery note. */
  couponClaim: CouponClaim;
  /** How claiming a coupon can fail on this walk. */
  claimFailures: ClaimFailure[];
  /** The player's messages as the server lists them; null: they never arrive on this walk. */
  threads: ContactThread[] | null;
  /** The list may arrive while the drawer is still sliding down (else once it is down). */
  loadsWhileSliding: boolean;
  /** The drawer is closed (swipe, close control), Contact Us and Logout are tapped. */
  leaves: boolean;
  /** What the player does with a grand prize or bonus not claimed yet: claims it, or not. */
  prizeClaim: 'withPayPal' | 'later';
};

export const WALKS: Walk[] = [
  {
    name: 'everything won',
    winnings: {
      coupons: [PIZZA_5, BASS_25, PIZZA_10, FANATICS_KEPT],
      grandPrizes: [PRIZE_500, PRIZE_250_CLAIMED],
      referralBonuses: [BONUS, BONUS_PAID],
    },
    couponClaim: CODE_CLAIM,
    threads: null,
    claimFailures: [
      { error: new ApiFailure(409, ALREADY_CLAIMED), toast: ALREADY_CLAIMED },
      { error: new ApiFailure(503, null), toast: TOAST_COUPON_CLAIM_FAILED },
    ],
    loadsWhileSliding: true,
    leaves: true,
    prizeClaim: 'withPayPal',
  },
  {
    name: 'nothing won yet',
    winnings: { coupons: [], grandPrizes: [], referralBonuses: [] },
    couponClaim: CODE_CLAIM,
    threads: null,
    claimFailures: [],
    loadsWhileSliding: false,
    leaves: false,
    prizeClaim: 'withPayPal',
  },
  {
    name: 'a last gift card',
    winnings: { coupons: [FANATICS_50], grandPrizes: [], referralBonuses: [] },
    couponClaim: NOTE_CLAIM,
    threads: null,
    claimFailures: [
      { error: new ApiFailure(404, UNKNOWN_REWARD), toast: UNKNOWN_REWARD },
      { error: new ApiFailure(503, null), toast: TOAST_COUPON_CLAIM_FAILED },
    ],
    loadsWhileSliding: false,
    leaves: false,
    prizeClaim: 'withPayPal',
  },
  // Each way a grand prize's modal closes walks on its own (they take the same transition).
  {
    name: 'a prize claimed before',
    winnings: { coupons: [], grandPrizes: [PRIZE_250_CLAIMED], referralBonuses: [] },
    couponClaim: CODE_CLAIM,
    threads: null,
    claimFailures: [],
    loadsWhileSliding: false,
    leaves: false,
    prizeClaim: 'withPayPal',
  },
  {
    name: 'a prize left for later',
    winnings: { coupons: [], grandPrizes: [PRIZE_500], referralBonuses: [] },
    couponClaim: CODE_CLAIM,
    threads: null,
    claimFailures: [],
    loadsWhileSliding: false,
    leaves: false,
    prizeClaim: 'later',
  },
  {
    name: 'a bonus left for later, one claimed with Venmo',
    winnings: { coupons: [], grandPrizes: [], referralBonuses: [BONUS, BONUS_CLAIMED] },
    couponClaim: CODE_CLAIM,
    threads: null,
    claimFailures: [],
    loadsWhileSliding: false,
    leaves: false,
    prizeClaim: 'later',
  },
  {
    name: 'a bonus claimed before',
    winnings: { coupons: [], grandPrizes: [], referralBonuses: [BONUS_CLAIMED] },
    couponClaim: CODE_CLAIM,
    threads: null,
    claimFailures: [],
    loadsWhileSliding: false,
    leaves: false,
    prizeClaim: 'withPayPal',
  },
  // Contact Us, the form and the answers, whether or not the answers and the winnings load.
  {
    name: 'answers to Contact Us',
    winnings: { coupons: [PILOT_KEPT], grandPrizes: [], referralBonuses: [] },
    couponClaim: CODE_CLAIM,
    threads: [ANSWERED, UNANSWERED, READ_BEFORE],
    claimFailures: [],
    loadsWhileSliding: false,
    leaves: true,
    prizeClaim: 'later',
  },
];
