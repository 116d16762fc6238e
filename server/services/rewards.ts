// Rewards for answers (DESIGN section 3), by the rule the Official Rules state: every question
// answered yes or no earns a wallet ticket, a whole batch of answers earns a coupon or gift card
// chosen from what the player said yes to (any offer when nothing suits), and the first skip
// earns a wishlist coupon. Each answer is paid for once, to its owner (a later batch on the same
// entry, from Tell Us More, is paid when it is asked for); answers never touch the odds.
import type { Reward } from '../../contract/api';
import { QUESTIONS_PER_BATCH } from '../../contract/questionnaires';
import {
  ALREADY_CLAIMED,
  CLAIMED_COUPON_KEPT,
  ONLY_FIRST_SKIP,
  TICKETS_PER_ANSWER,
} from '../../contract/rewards';
import { isDatabaseUnreachable, runUnprepared } from '../db/database';
import { AppError, conflict, invalid, notFound } from '../errors';
import {
  claimCoupon,
  deleteUnclaimedCoupon,
  findRewardOf,
  firstSkipRewardOf,
  firstTimeSkipOf,
  insertReward,
  markPlayedBack,
  offerCodeOf,
  recordFirstSkipReward,
  rewardsOfEntry,
  type OfferRow,
} from '../repositories/rewards';
import {
  payEntriesInSessions,
  pickOfferFor,
  type EntryClaim,
  type EntryPayment,
  type PaidReward,
} from '../repositories/reward-payments';
import type { RewardRow } from '../repositories/prizes';
import { batched } from './batched';
import { isUuid } from '../ids';
import type { ServiceContext } from './context';

export const UNKNOWN_REWARD = 'Unknown reward';
export const FIRST_SKIP_GIVEN = 'The wishlist coupon of the first skip was given already';
const TOKEN_IMAGE = '/images/rewards/token.svg';

/**
 * A reward as the app shows it; a claimed coupon with what the player needs to use it (its
 * message, and the offer's code alone where there is one).
 */
export function toRewardView(
  row: PaidReward & { message?: string | null; offerCode?: string | null },
): Reward {
  const value = row.valueCents === null ? row.value : row.valueCents / 100;
  const claimedCoupon = row.type === 'coupon_reward' && row.claimed;
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
      ...(claimedCoupon && row.message !== undefined
        ? { claim_message: row.message, code: row.offerCode ?? null }
        : {}),
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

export function createRewardService(context: ServiceContext) {
  const { db, now } = context;
  const ownReward = async (userId: string, id: string) => {
    const reward = isUuid(id) ? await findRewardOf(db, id, userId) : null;
    if (!reward) throw notFound(UNKNOWN_REWARD);
    return reward;
  };

  /**
   * Claims arriving together are paid in one statement, which also checks their sessions (see
   * payEntriesInSessions); one session claiming one entry twice in a turn is paid once and
   * both calls get the answer. A statement that fails for a reason of its own (not the
   * database gone) is tried again claim by claim, so one claim's failure fails only that claim.
   */
  const runPrepared = context.runPrepared ?? runUnprepared(db);
  const payAs = batched(
    async (claims: readonly EntryClaim[]): Promise<(EntryPayment | null)[]> => {
      const key = (claim: EntryClaim) => `${claim.sessionId}/${claim.drawEntryId}`;
      const distinct = [...new Map(claims.map((claim) => [key(claim), claim])).values()];
      const rule = {
        at: now(),
        ticketsPerAnswer: TICKETS_PER_ANSWER,
        perBatch: QUESTIONS_PER_BATCH,
        tokenImage: TOKEN_IMAGE,
      };
      const paid = await payEntriesInSessions(runPrepared, distinct, rule);
      const byKey = new Map(distinct.map((claim, index) => [key(claim), paid[index] ?? null]));
      return claims.map((claim) => byKey.get(key(claim)) ?? null);
    },
    { retryAlone: (error) => !isDatabaseUnreachable(error) },
  );

  return {
    /**
     * Pays for the entry's answers not paid for yet (a ticket per answer, a coupon per whole
     * batch of them, skips counting towards a batch and not towards tickets) and answers all
     * the entry's rewards; null when the session is not live.
     */
    async payEntryInSession(sessionId: string, drawEntryId: number): Promise<Reward[] | null> {
      const paid = await payAs({ sessionId, drawEntryId });
      if (!paid) return null;
      // Another player's entry is no more there than one that does not exist.
      if (!paid.entryFound) throw notFound('Unknown entry');
      // A racing payment of this entry paid some of the answers and has committed since this
      // statement began: read the entry's rewards again to answer those too.
      const rewards = paid.raced
        ? await rewardsOfEntry(db, drawEntryId, paid.userId)
        : paid.rewards;
      // Each says whether /rewards has shown it: the app plays the others from this answer.
      return rewards.map((row) => {
        const view = toRewardView(row);
        return { ...view, attributes: { ...view.attributes, played_back: row.playedBack } };
      });
    },

    /**
     * The wishlist coupon of a first-time player's first questionnaire skip (DESIGN section 3):
     * given once per player for ever, whatever becomes of it; asked again while it is still
     * the player's, the same coupon is answered.
     */
    async firstSkipCoupon(userId: string, isFirstSkipReward: boolean): Promise<Reward> {
      if (!isFirstSkipReward) throw invalid(ONLY_FIRST_SKIP);
      const given = (mark: { reward: RewardRow | null }) => {
        if (!mark.reward) throw conflict(FIRST_SKIP_GIVEN);
        return toRewardView(mark.reward);
      };
      return db
        .transaction(async (tx) => {
          const earlier = await firstSkipRewardOf(tx, userId);
          if (earlier) return given(earlier);
          const skip = await firstTimeSkipOf(tx, userId, QUESTIONS_PER_BATCH);
          if (skip === null) throw conflict(ONLY_FIRST_SKIP);
          const offer = await pickOfferFor(tx, userId);
          if (!offer) throw notFound('No coupon is on offer yet');
          const reward = await insertReward(tx, couponFrom(offer, userId, null));
          // Another request got there first: answer its coupon, and this one is not kept.
          if (!(await recordFirstSkipReward(tx, userId, reward.id, skip))) tx.rollback();
          return toRewardView(reward);
        })
        .catch(async (error: unknown) => {
          if (error instanceof AppError) throw error;
          const earlier = await firstSkipRewardOf(db, userId);
          if (earlier) return given(earlier);
          throw error;
        });
    },

    /** Claims a coupon of the player's: its code or delivery note, once. */
    async claim(userId: string, id: string): Promise<{ message: string; code: string | null }> {
      const reward = await ownReward(userId, id);
      if (reward.type !== 'coupon_reward') throw notFound(UNKNOWN_REWARD);
      const claimed = await claimCoupon(db, id, userId, now());
      if (!claimed) throw conflict(ALREADY_CLAIMED);
      return { message: claimed.message ?? '', code: await offerCodeOf(db, id) };
    },

    /** Removes a coupon not claimed yet; a claimed one is the player's for good (409). */
    async deleteCoupon(userId: string, id: string): Promise<void> {
      const outcome = isUuid(id) ? await deleteUnclaimedCoupon(db, id, userId) : 'unknown';
      if (outcome === 'claimed') throw conflict(CLAIMED_COUPON_KEPT);
      if (outcome === 'unknown') throw notFound(UNKNOWN_REWARD);
    },

    markPlayedBack: (userId: string, ids: readonly string[]) =>
      markPlayedBack(db, userId, ids.filter(isUuid)),
  };
}

export type RewardService = ReturnType<typeof createRewardService>;
