// Rewards for answers (DESIGN section 3), by the rule the Official Rules state: every question
// answered yes or no earns a wallet ticket, a whole batch of answers earns a coupon or gift card
// chosen from what the player said yes to (any offer when nothing suits), and the first skip
// earns a wishlist coupon. Each answer is paid for once, to its owner (a later batch on the same
// entry, from Tell Us More, is paid when it is asked for); answers never touch the odds.
import type { Reward } from '../../contract/api';
import { QUESTIONS_PER_BATCH } from '../../contract/questionnaires';
import { ALREADY_CLAIMED, ONLY_FIRST_SKIP, TICKETS_PER_ANSWER } from '../../contract/rewards';
import type { Database } from '../db/database';
import { conflict, invalid, notFound } from '../errors';
import { isOwnEntry } from '../repositories/questionnaires';
import {
  claimCoupon,
  deleteCoupon,
  findRewardOf,
  firstSkipRewardOf,
  insertCouponFromWishlist,
  insertReward,
  insertTokenReward,
  markPlayedBack,
  pickOffer,
  recordFirstSkipReward,
  rewardsOfEntry,
  takeUnpaidAnswers,
  wishlistOf,
  type OfferRow,
} from '../repositories/rewards';
import type { RewardRow } from '../repositories/prizes';
import type { ServiceContext } from './context';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const UNKNOWN_REWARD = 'Unknown reward';

export function toRewardView(row: RewardRow): Reward {
  const value = row.valueCents === null ? row.value : row.valueCents / 100;
  return {
    id: row.id,
    type: row.type,
    attributes: {
      value,
      coupon_type: row.couponType,
      image_link: row.imageLink,
      link: row.link,
      kind: row.kind,
      claimed: row.claimed,
    },
  };
}

/** A coupon reward of `offer` for the player, for the entry when it is an entry's. */
function couponFrom(offer: OfferRow, userId: string, drawEntryId: number | null) {
  return {
    userId,
    type: 'coupon_reward' as const,
    value: Math.floor(offer.valueCents / 100),
    valueCents: offer.valueCents,
    couponType: offer.couponType,
    imageLink: offer.image,
    link: offer.link,
    offerId: offer.id,
    kind: offer.kind,
    message: offer.code ?? offer.deliveryNote,
    drawEntryId,
  };
}

export function createRewardService({ db, now }: ServiceContext) {
  const ownReward = async (userId: string, id: string) => {
    const reward = UUID.test(id) ? await findRewardOf(db, id, userId) : null;
    if (!reward) throw notFound(UNKNOWN_REWARD);
    return reward;
  };

  /**
   * Pays for the entry's answers not paid for yet: a ticket per answer, a coupon per whole
   * batch of them (skips count towards a batch, not towards tickets).
   */
  async function pay(tx: Database, userId: string, drawEntryId: number) {
    const taken = await takeUnpaidAnswers(tx, drawEntryId, userId, now());
    const answered = taken.filter((answer) => !answer.skipped).length;
    if (answered > 0) {
      await insertTokenReward(tx, {
        userId,
        drawEntryId,
        tickets: answered * TICKETS_PER_ANSWER,
        image: '/images/rewards/token.svg',
      });
    }
    for (let batch = 0; batch < Math.floor(taken.length / QUESTIONS_PER_BATCH); batch += 1) {
      await insertCouponFromWishlist(tx, userId, drawEntryId);
    }
  }

  return {
    /** Pays what the entry's new answers earned; answers all the entry's rewards. */
    async payEntry(userId: string, drawEntryId: number): Promise<Reward[]> {
      const paid = await db.transaction(async (tx) => {
        // Only the player's own answers are taken. A racing payment waits on the answers this
        // one takes, then finds them paid.
        await pay(tx, userId, drawEntryId);
        return rewardsOfEntry(tx, drawEntryId, userId);
      });
      // Nothing for it: an entry of the player's without answers, or not theirs at all.
      if (paid.length === 0 && !(await isOwnEntry(db, userId, drawEntryId))) {
        throw notFound('Unknown entry');
      }
      return paid.map(toRewardView);
    },

    /** The first skip's wishlist coupon: created once, the same one answered after. */
    async firstSkipCoupon(userId: string, isFirstSkipReward: boolean): Promise<Reward> {
      if (!isFirstSkipReward) throw invalid(ONLY_FIRST_SKIP);
      return db
        .transaction(async (tx) => {
          const earlier = await firstSkipRewardOf(tx, userId);
          if (earlier) return toRewardView(earlier);
          const offer = await pickOffer(tx, await wishlistOf(tx, userId));
          if (!offer) throw notFound('No coupon is on offer yet');
          const reward = await insertReward(tx, couponFrom(offer, userId, null));
          // Another request got there first: answer its coupon, and this one is not kept.
          if (!(await recordFirstSkipReward(tx, userId, reward.id))) {
            tx.rollback();
          }
          return toRewardView(reward);
        })
        .catch(async (error: unknown) => {
          const earlier = await firstSkipRewardOf(db, userId);
          if (earlier) return toRewardView(earlier);
          throw error;
        });
    },

    /** Claims a coupon of the player's: its code or delivery note, once. */
    async claim(userId: string, id: string): Promise<{ message: string }> {
      const reward = await ownReward(userId, id);
      if (reward.type !== 'coupon_reward') throw notFound(UNKNOWN_REWARD);
      const claimed = await claimCoupon(db, id, userId, now());
      if (!claimed) throw conflict(ALREADY_CLAIMED);
      return { message: claimed.message ?? '' };
    },

    async deleteCoupon(userId: string, id: string): Promise<void> {
      if (!UUID.test(id) || !(await deleteCoupon(db, id, userId))) throw notFound(UNKNOWN_REWARD);
    },

    markPlayedBack: (userId: string, ids: readonly string[]) =>
      markPlayedBack(
        db,
        userId,
        ids.filter((id) => UUID.test(id)),
      ),
  };
}

export type RewardService = ReturnType<typeof createRewardService>;
