import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/database';
import { grandPrizes, invites, referralBonuses, rewards, users } from '../db/schema';

export type GrandPrizeRow = typeof grandPrizes.$inferSelect;
export type RewardRow = typeof rewards.$inferSelect;

export async function insertGrandPrize(
  db: Database,
  values: { userId: string; drawId: number; drawEntryId: number; prizeAmount: number },
) {
  const [row] = await db.insert(grandPrizes).values(values).returning();
  if (!row) throw new Error('insert into grand_prizes returned no row');
  return row;
}

export async function insertReferralBonus(
  db: Database,
  values: { inviterId: string; winnerId: string; grandPrizeId: string; amount: number },
) {
  const [row] = await db.insert(referralBonuses).values(values).returning();
  if (!row) throw new Error('insert into referral_bonuses returned no row');
  return row;
}

export async function findReferralBonusOfPrize(db: Database, grandPrizeId: string) {
  const [row] = await db
    .select()
    .from(referralBonuses)
    .where(eq(referralBonuses.grandPrizeId, grandPrizeId));
  return row ?? null;
}

/** The player whose personal invite brought `userId` in, while that player still plays. */
export async function findActiveInviterOf(db: Database, userId: string) {
  const [row] = await db
    .select({ id: invites.ownerId })
    .from(users)
    .innerJoin(invites, eq(invites.id, users.invitedByInviteId))
    .where(eq(users.id, userId));
  if (!row?.id) return null;
  const [inviter] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, row.id), isNull(users.deletedAt)));
  return inviter ?? null;
}

export async function listGrandPrizesOf(db: Database, userId: string) {
  return db
    .select()
    .from(grandPrizes)
    .where(eq(grandPrizes.userId, userId))
    .orderBy(desc(grandPrizes.createdAt), desc(grandPrizes.drawId));
}

export async function findGrandPrizeOf(db: Database, id: string, userId: string) {
  const [row] = await db
    .select()
    .from(grandPrizes)
    .where(and(eq(grandPrizes.id, id), eq(grandPrizes.userId, userId)));
  return row ?? null;
}

export async function findGrandPrizeOfDraw(db: Database, drawId: number) {
  const [row] = await db.select().from(grandPrizes).where(eq(grandPrizes.drawId, drawId));
  return row ?? null;
}

/** The player's rewards not yet played back, oldest first. */
export async function listUnplayedRewardsOf(db: Database, userId: string) {
  return db
    .select()
    .from(rewards)
    .where(and(eq(rewards.userId, userId), eq(rewards.playedBack, false)))
    .orderBy(rewards.createdAt, rewards.id);
}
