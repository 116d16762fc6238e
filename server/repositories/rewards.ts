// Rewards earned by answers: the first skip's mark, and the player's coupons (claimed once,
// deleted from the list). The payout and the offer rule are in reward-payments.ts.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { answers, firstSkipRewards, offers, questionnaireSkips, rewards } from '../db/schema';

export type OfferRow = typeof offers.$inferSelect;

export async function insertReward(db: Database, values: typeof rewards.$inferInsert) {
  const [row] = await db.insert(rewards).values(values).returning();
  if (!row) throw new Error('insert into rewards returned no row');
  return row;
}

export async function rewardsOfEntry(db: Database, drawEntryId: number, userId: string) {
  return db
    .select()
    .from(rewards)
    .where(and(eq(rewards.drawEntryId, drawEntryId), eq(rewards.userId, userId)))
    .orderBy(rewards.createdAt, rewards.id);
}

/**
 * Marks the player's wishlist coupon given, once per player for ever: false when the player was
 * given one already (the mark stays when its coupon is removed).
 */
export async function recordFirstSkipReward(
  db: Database,
  userId: string,
  rewardId: string,
  drawEntryId: number,
) {
  const rows = await db
    .insert(firstSkipRewards)
    .values({ userId, rewardId, drawEntryId })
    .onConflictDoNothing()
    .returning({ userId: firstSkipRewards.userId });
  return rows.length === 1;
}

/** The player's first-skip mark, with its coupon (null once the coupon was removed). */
export async function firstSkipRewardOf(db: Database, userId: string) {
  const [row] = await db
    .select({ reward: rewards })
    .from(firstSkipRewards)
    .leftJoin(rewards, eq(rewards.id, firstSkipRewards.rewardId))
    .where(eq(firstSkipRewards.userId, userId));
  return row ? { reward: row.reward } : null;
}

/**
 * The skip that earns the wishlist coupon: the player's first questionnaire skip, when the
 * player had not yet answered a whole batch before it (a first-time player). Null otherwise.
 */
export async function firstTimeSkipOf(db: Database, userId: string, perBatch: number) {
  const result: unknown = await db.execute(sql`
    select s.draw_entry_id::text as draw_entry_id,
      (select count(*) from ${answers} a
        where a.user_id = s.user_id and a.created_at < s.created_at)::int as answered_before
    from ${questionnaireSkips} s
    where s.user_id = ${userId}
    order by s.created_at, s.draw_entry_id
    limit 1`);
  const [first] = (result as { rows: { draw_entry_id: string; answered_before: number }[] }).rows;
  return first && first.answered_before < perBatch ? Number(first.draw_entry_id) : null;
}

export async function findRewardOf(db: Database, id: string, userId: string) {
  const [row] = await db
    .select()
    .from(rewards)
    .where(and(eq(rewards.id, id), eq(rewards.userId, userId)));
  return row ?? null;
}

/** Claims a coupon not claimed before; answers its message, or null when it was claimed. */
export async function claimCoupon(db: Database, id: string, userId: string, at: Date) {
  const [row] = await db
    .update(rewards)
    .set({ claimed: true, claimedAt: at })
    .where(
      and(
        eq(rewards.id, id),
        eq(rewards.userId, userId),
        eq(rewards.type, 'coupon_reward'),
        eq(rewards.claimed, false),
      ),
    )
    .returning({ message: rewards.message });
  return row ?? null;
}

/**
 * Removes a coupon of the player's not claimed yet: 'deleted', or 'claimed' when the coupon is
 * claimed (it stays the player's), or 'unknown'. One statement, so a claim racing the removal
 * either lands first (and the coupon stays) or finds the coupon gone.
 */
export async function deleteUnclaimedCoupon(db: Database, id: string, userId: string) {
  const rows = await db
    .delete(rewards)
    .where(
      and(
        eq(rewards.id, id),
        eq(rewards.userId, userId),
        eq(rewards.type, 'coupon_reward'),
        eq(rewards.claimed, false),
      ),
    )
    .returning({ id: rewards.id });
  if (rows.length === 1) return 'deleted' as const;
  const kept = await findRewardOf(db, id, userId);
  return kept?.type === 'coupon_reward' && kept.claimed
    ? ('claimed' as const)
    : ('unknown' as const);
}

export async function markPlayedBack(db: Database, userId: string, ids: readonly string[]) {
  if (ids.length === 0) return;
  await db
    .update(rewards)
    .set({ playedBack: true })
    .where(and(eq(rewards.userId, userId), inArray(rewards.id, [...ids])));
}

/**
 * The player's coupons (played back or not, claimed or not), newest first, each with its
 * offer's code: the winnings drawer lists them, the claimed ones under 'Claimed'.
 */
export async function couponsOf(db: Database, userId: string) {
  const rows = await db
    .select({ reward: rewards, offerCode: offers.code })
    .from(rewards)
    .leftJoin(offers, eq(offers.id, rewards.offerId))
    .where(and(eq(rewards.userId, userId), eq(rewards.type, 'coupon_reward')))
    .orderBy(sql`${rewards.createdAt} desc`, rewards.id);
  return rows.map((row) => ({ ...row.reward, offerCode: row.offerCode }));
}

/** The offer's code of a coupon reward (null for one delivered another way). */
export async function offerCodeOf(db: Database, rewardId: string) {
  const [row] = await db
    .select({ code: offers.code })
    .from(rewards)
    .innerJoin(offers, eq(offers.id, rewards.offerId))
    .where(eq(rewards.id, rewardId));
  return row?.code ?? null;
}
