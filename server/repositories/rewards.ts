// Rewards earned by answers: the once-per-entry payout, the wishlist an offer is chosen by, and
// the player's coupons (claimed once, deleted from the list).
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { answers, firstSkipRewards, offers, questions, rewards } from '../db/schema';

export type OfferRow = typeof offers.$inferSelect;

/**
 * Marks the entry's answers not paid for yet as paid, and answers them: racing payments of one
 * entry each get different answers (a row is taken once), so nothing is paid twice.
 */
export async function takeUnpaidAnswers(
  db: Database,
  drawEntryId: number,
  userId: string,
  at: Date,
) {
  return db
    .update(answers)
    .set({ paidAt: at })
    .where(
      and(eq(answers.drawEntryId, drawEntryId), eq(answers.userId, userId), isNull(answers.paidAt)),
    )
    .returning({ skipped: answers.skipped });
}

/** A token reward of `tickets` wallet tickets, with the tickets, in one statement. */
export async function insertTokenReward(
  db: Database,
  values: { userId: string; drawEntryId: number; tickets: number; image: string },
) {
  const { userId, drawEntryId, tickets, image } = values;
  await db.execute(sql`
    with reward as (
      insert into ${rewards} (user_id, type, value, image_link, draw_entry_id)
      values (${userId}::uuid, 'token_reward', ${tickets}::int, ${image}, ${drawEntryId}::bigint)
      returning id
    )
    insert into wallet_tickets (user_id, source, reward_id)
    select ${userId}::uuid, 'token_reward', reward.id
    from reward, generate_series(1, ${tickets}::int)`);
}

/**
 * In one statement, a coupon reward for the player: an offer whose tags meet what they said yes
 * to when there is one (chosen at random among those), any offer otherwise. False when the
 * catalog has no offer.
 */
export async function insertCouponFromWishlist(
  db: Database,
  userId: string,
  drawEntryId: number | null,
): Promise<(typeof rewards.$inferSelect)['id'] | null> {
  const result = await db.execute<{ id: string }>(sql`
    with wishlist as (
      select coalesce(array_agg(distinct tag), '{}') as tags
      from ${answers} join ${questions} on ${questions.id} = ${answers.questionId},
        unnest(${questions.tags}) as tag
      where ${answers.userId} = ${userId}::uuid and ${answers.answer}
    ),
    offer as (
      select o.* from ${offers} o, wishlist
      order by (o.tags && wishlist.tags) desc, random()
      limit 1
    )
    insert into ${rewards} (user_id, type, value, value_cents, coupon_type, image_link, link,
      offer_id, kind, message, draw_entry_id)
    select ${userId}::uuid, 'coupon_reward', offer.value_cents / 100, offer.value_cents,
      offer.coupon_type, offer.image, offer.link, offer.id, offer.kind,
      coalesce(offer.code, offer.delivery_note), ${drawEntryId}::bigint
    from offer
    returning id`);
  return (result as { rows: { id: string }[] }).rows[0]?.id ?? null;
}

/** The tags of the questions the player said yes to: what they want. */
export async function wishlistOf(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ tag: sql<string>`unnest(${questions.tags})` })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .where(and(eq(answers.userId, userId), eq(answers.answer, true)));
  return rows.map((row) => row.tag);
}

/** An offer suiting `tags` when there is one, any offer otherwise; null for an empty catalog. */
export async function pickOffer(db: Database, tags: readonly string[]): Promise<OfferRow | null> {
  if (tags.length > 0) {
    const [suited] = await db
      .select()
      .from(offers)
      .where(sql`${offers.tags} && ${sql.param([...tags])}::text[]`)
      .orderBy(sql`random()`)
      .limit(1);
    if (suited) return suited;
  }
  const [any] = await db
    .select()
    .from(offers)
    .orderBy(sql`random()`)
    .limit(1);
  return any ?? null;
}

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

/** The first-skip reward, once per player: false when the player had one already. */
export async function recordFirstSkipReward(db: Database, userId: string, rewardId: string) {
  const rows = await db
    .insert(firstSkipRewards)
    .values({ userId, rewardId })
    .onConflictDoNothing()
    .returning({ userId: firstSkipRewards.userId });
  return rows.length === 1;
}

export async function firstSkipRewardOf(db: Database, userId: string) {
  const [row] = await db
    .select({ reward: rewards })
    .from(firstSkipRewards)
    .innerJoin(rewards, eq(rewards.id, firstSkipRewards.rewardId))
    .where(eq(firstSkipRewards.userId, userId));
  return row?.reward ?? null;
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

export async function deleteCoupon(db: Database, id: string, userId: string) {
  const rows = await db
    .delete(rewards)
    .where(and(eq(rewards.id, id), eq(rewards.userId, userId), eq(rewards.type, 'coupon_reward')))
    .returning({ id: rewards.id });
  return rows.length === 1;
}

export async function markPlayedBack(db: Database, userId: string, ids: readonly string[]) {
  if (ids.length === 0) return;
  await db
    .update(rewards)
    .set({ playedBack: true })
    .where(and(eq(rewards.userId, userId), inArray(rewards.id, [...ids])));
}

/** The player's coupons (played back or not), newest first: the winnings drawer lists them. */
export async function couponsOf(db: Database, userId: string) {
  return db
    .select()
    .from(rewards)
    .where(and(eq(rewards.userId, userId), eq(rewards.type, 'coupon_reward')))
    .orderBy(sql`${rewards.createdAt} desc`, rewards.id);
}
