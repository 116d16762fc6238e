// The reward calls (DESIGN section 3): what a draw entry's answers earned, paid once; the
// wishlist coupon of a first skip; a coupon's claim (its code or delivery note, once), deleting
// it, and marking rewards played back.
import * as z from 'zod/mini';
import { Reward, text } from './api';

export const REWARD_PATHS = {
  rewards: 'rewards',
  reward: (id: string) => `rewards/${id}`,
  claim: (id: string) => `rewards/${id}/claim`,
  playedBack: 'rewards/played_back',
  wishlistCoupon: 'questionnaires/create_coupon_from_wishlist',
} as const;

/** Every question answered yes or no earns this many wallet tickets. */
export const TICKETS_PER_ANSWER = 1;
export const ALREADY_CLAIMED = 'This coupon was claimed already';
export const ONLY_FIRST_SKIP = 'Only the first skip earns a wishlist coupon';
/** A claimed coupon is the player's for good: it cannot be removed (409). */
export const CLAIMED_COUPON_KEPT = 'A claimed coupon cannot be removed';

const DrawEntryId = z
  .int('Unknown entry')
  .check(z.positive('Unknown entry'), z.maximum(Number.MAX_SAFE_INTEGER, 'Unknown entry'));

/**
 * POST rewards: pays what the entry's answers earned, once; answers them every time, each with
 * `played_back`, so the app plays the ones not shown yet from this answer alone.
 */
export const PayRewardsRequest = z.strictObject({ draw_entry_id: DrawEntryId });
export const RewardsResponse = z.object({ data: z.array(Reward) });
export type RewardsResponse = z.infer<typeof RewardsResponse>;

/** POST questionnaires/create_coupon_from_wishlist: the first skip's coupon, once per player. */
export const WishlistCouponRequest = z.strictObject({
  is_first_skip_reward: z.optional(z.boolean()),
});
export const RewardResponse = z.object({ data: Reward });
export type RewardResponse = z.infer<typeof RewardResponse>;

export const RewardIdParams = z.strictObject({ id: text().check(z.maxLength(64)) });

/** POST rewards/{id}/claim: what the player needs to use the coupon. */
export const ClaimCouponResponse = z.object({
  data: z.object({
    message: z.string(),
    /** The code alone, where the offer has one (a gift card delivered by text has none). */
    code: z.optional(z.nullable(z.string())),
  }),
});
export type ClaimCouponResponse = z.infer<typeof ClaimCouponResponse>;

/** POST rewards/played_back: the rewards /rewards has shown; GET rewards leaves them out. */
export const PlayedBackRequest = z.strictObject({
  ids: z.array(text().check(z.maxLength(64))).check(z.maxLength(100)),
});
/** Its answer is 204, no body. */
export const PlayedBackResponse = z.object({});
