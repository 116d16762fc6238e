// The winnings drawer's calls (spec sections 2 and 7, DESIGN section 2): the player's coupons,
// the referral bonuses their invitees' wins earned them, and the grand prize claim: the payout
// methods a prize can be paid by, and the claim that records one payout request, once.
import * as z from 'zod/mini';
import { Reward, text } from './api';

export const WINNINGS_PATHS = {
  coupons: 'coupons',
  referralBonuses: 'referral_bonuses',
  paymentChoices: 'reward_payment_choices',
  claimPrize: 'reward_payment_choices/claim',
  claimBonus: 'referral_bonuses/claim',
} as const;

/** GET coupons: the player's coupons and gift cards (played back or not), newest first. */
export const CouponListResponse = z.object({ data: z.array(Reward) });
export type CouponListResponse = z.infer<typeof CouponListResponse>;

export const ReferralBonus = z.object({
  id: z.string(),
  /** Dollars: 20% of the invitee's grand prize (100 on 500). */
  amount: z.int().check(z.nonnegative()),
  created_at: z.string(),
  /** Claimed by the inviter (a payout request recorded); `payment_method` says how. */
  claimed: z.boolean(),
  payment_method: z.nullable(z.enum(['Venmo', 'PayPal', 'Virtual Visa'])),
  paid: z.boolean(),
});
export type ReferralBonus = z.infer<typeof ReferralBonus>;
/** GET referral_bonuses: what the player's invitees' wins earned them, newest first. */
export const ReferralBonusListResponse = z.object({ data: z.array(ReferralBonus) });
export type ReferralBonusListResponse = z.infer<typeof ReferralBonusListResponse>;

/** The payout methods of a grand prize (spec section 9), as the claim names them. */
export const PAYMENT_METHODS = ['Venmo', 'PayPal', 'Virtual Visa'] as const;
export const PaymentMethod = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/** Toasts of the spec's catalogue (section 8): a refused claim, and anything else. */
export const CLAIM_FAILED = 'Failed to claim the prize. Please try again.';
export const CLAIM_ERROR = 'An error occurred. Please try again later.';
export const PRIZE_ALREADY_CLAIMED = 'This prize was claimed already';
export const METHOD_NOT_OFFERED = 'This prize cannot be paid that way';

const GrandPrizeId = text('Unknown prize').check(z.maxLength(64, 'Unknown prize'));

/** GET reward_payment_choices?grand_prize_id=ID: how that prize of the player can be paid. */
export const PaymentChoicesQuery = z.strictObject({ grand_prize_id: GrandPrizeId });
export const PaymentChoicesResponse = z.object({
  data: z.object({
    grand_prize_id: z.string(),
    /**
     * Venmo, PayPal and Virtual Visa; only Virtual Visa when a cashier check with a name and
     * an address is on the prize (spec section 4).
     */
    choices: z.array(PaymentMethod),
    cashier_check: z.nullable(z.object({ name: z.string(), address: z.string() })),
  }),
});
export type PaymentChoicesResponse = z.infer<typeof PaymentChoicesResponse>;

export const PAYPAL_EMAIL_INVALID = 'Enter the e-mail address of your PayPal account';
export const CARD_EMAIL_INVALID = 'Enter the e-mail address the card should be sent to';
export const VENMO_HANDLE_INVALID = 'Enter your Venmo username, like @jane-doe';
export const PAYMENT_METHOD_INVALID = 'Choose how to be paid: Venmo, PayPal or Virtual Visa';

/**
 * Control (an escape sequence), format (U+202E turns text around, U+200B hides in it) and
 * line or paragraph separator characters: a payout address reaches the operator's terminal
 * and the payout provider, and no real address or username holds one, even at its ends.
 */
const HIDDEN_CHARACTER = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
const withoutHidden = (error: string) =>
  z.refine<string>((value) => !HIDDEN_CHARACTER.test(value), error);

/** An e-mail address as a payout provider takes it (at most 254 characters). */
const payoutEmail = (error: string) =>
  text(error).check(
    withoutHidden(error),
    z.trim(),
    z.maxLength(254, error),
    // No whitespace of any kind inside (\p{Z} adds what \s leaves out); spaces at the ends
    // are only a paste's and are trimmed.
    z.regex(/^[^\s\p{Z}@]+@[^\s\p{Z}@]+\.[^\s\p{Z}@]+$/u, error),
  );
/** A Venmo username: 5 to 30 letters, digits, '-' or '_', the leading '@' optional. */
const venmoHandle = text(VENMO_HANDLE_INVALID).check(
  withoutHidden(VENMO_HANDLE_INVALID),
  z.trim(),
  z.regex(/^@?[A-Za-z0-9_-]{5,30}$/, VENMO_HANDLE_INVALID),
);

/** POST reward_payment_choices/claim: one payout request per prize; a second one is 409. */
export const ClaimPrizeRequest = z.discriminatedUnion(
  'payment_method',
  [
    z.strictObject({
      grand_prize_id: GrandPrizeId,
      payment_method: z.literal('PayPal'),
      email: payoutEmail(PAYPAL_EMAIL_INVALID),
    }),
    z.strictObject({
      grand_prize_id: GrandPrizeId,
      payment_method: z.literal('Venmo'),
      handle: venmoHandle,
    }),
    z.strictObject({
      grand_prize_id: GrandPrizeId,
      payment_method: z.literal('Virtual Visa'),
      email: payoutEmail(CARD_EMAIL_INVALID),
    }),
  ],
  // A payment_method missing or not one of the three.
  { error: (issue) => (issue.code === 'invalid_union' ? PAYMENT_METHOD_INVALID : undefined) },
);
export type ClaimPrizeRequest = z.infer<typeof ClaimPrizeRequest>;
export const ClaimPrizeResponse = z.object({
  data: z.object({
    grand_prize_id: z.string(),
    payment_method: PaymentMethod,
    message: z.string(),
  }),
});
export type ClaimPrizeResponse = z.infer<typeof ClaimPrizeResponse>;

export const BONUS_ALREADY_CLAIMED = 'This bonus was claimed already';
const ReferralBonusId = text('Unknown bonus').check(z.maxLength(64, 'Unknown bonus'));

/**
 * POST referral_bonuses/claim: the inviter claims a referral bonus as a grand prize is claimed
 * (the same methods and addresses); one payout request per bonus, a second one is 409.
 */
export const ClaimBonusRequest = z.discriminatedUnion(
  'payment_method',
  [
    z.strictObject({
      referral_bonus_id: ReferralBonusId,
      payment_method: z.literal('PayPal'),
      email: payoutEmail(PAYPAL_EMAIL_INVALID),
    }),
    z.strictObject({
      referral_bonus_id: ReferralBonusId,
      payment_method: z.literal('Venmo'),
      handle: venmoHandle,
    }),
    z.strictObject({
      referral_bonus_id: ReferralBonusId,
      payment_method: z.literal('Virtual Visa'),
      email: payoutEmail(CARD_EMAIL_INVALID),
    }),
  ],
  { error: (issue) => (issue.code === 'invalid_union' ? PAYMENT_METHOD_INVALID : undefined) },
);
export type ClaimBonusRequest = z.infer<typeof ClaimBonusRequest>;
export const ClaimBonusResponse = z.object({
  data: z.object({
    referral_bonus_id: z.string(),
    payment_method: PaymentMethod,
    message: z.string(),
  }),
});
export type ClaimBonusResponse = z.infer<typeof ClaimBonusResponse>;
