import { and, asc, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
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

/**
 * The player's rewards not yet played back, oldest first. A coupon claimed in the drawer before
 * it played is the player's already: it is not announced again.
 */
export async function listUnplayedRewardsOf(db: Database, userId: string) {
  return db
    .select()
    .from(rewards)
    .where(
      and(eq(rewards.userId, userId), eq(rewards.playedBack, false), eq(rewards.claimed, false)),
    )
    .orderBy(rewards.createdAt, rewards.id);
}

/** The referral bonuses the player earned as an inviter, newest first. */
export async function listReferralBonusesOf(db: Database, inviterId: string) {
  return db
    .select()
    .from(referralBonuses)
    .where(eq(referralBonuses.inviterId, inviterId))
    .orderBy(desc(referralBonuses.createdAt), desc(referralBonuses.id));
}

/** The inviter's own referral bonus; another player's is none (null). */
export async function findReferralBonusOf(db: Database, id: string, inviterId: string) {
  const [row] = await db
    .select()
    .from(referralBonuses)
    .where(and(eq(referralBonuses.id, id), eq(referralBonuses.inviterId, inviterId)));
  return row ?? null;
}

/**
 * Records the payout request of the inviter's unclaimed bonus in one statement, so that of
 * claims racing each other exactly one is recorded. Null when nothing was recorded; the caller
 * reads the bonus to say why.
 */
export async function claimReferralBonus(db: Database, claim: PayoutClaim) {
  const [row] = await db
    .update(referralBonuses)
    .set(payoutRequestOf(claim))
    .where(
      claimableBy(
        {
          id: referralBonuses.id,
          owner: referralBonuses.inviterId,
          claimedAt: referralBonuses.claimedAt,
        },
        claim,
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * The player's id while the player is here, their row taken FOR KEY SHARE before the statement
 * locks any row of theirs: a deletion holding the row is waited for (and then the player is
 * found deleted, so nothing is written), and never waits for this statement while it waits.
 */
const livePlayer = (userId: SQL | string) =>
  sql`(select ${users.id} from ${users}
    where ${users.id} = ${userId} and ${users.deletedAt} is null for key share)`;

/** A payout request: whose prize or bonus, paid how and where, and when it was asked for. */
export type PayoutClaim = {
  id: string;
  /** The player asking: the winner of a prize, the inviter of a bonus. */
  ownerId: string;
  paymentMethod: string;
  paymentDetails: string;
  at: Date;
};

/** What a payout request writes on a prize or a bonus. */
const payoutRequestOf = (claim: PayoutClaim) => ({
  paymentMethod: claim.paymentMethod,
  paymentDetails: claim.paymentDetails,
  claimedAt: claim.at,
});

/** A prize or bonus the request may claim: the asker's own, not claimed yet, the asker here. */
const claimableBy = (
  columns: { id: AnyPgColumn; owner: AnyPgColumn; claimedAt: AnyPgColumn },
  claim: PayoutClaim,
) =>
  and(
    eq(columns.id, claim.id),
    eq(columns.owner, livePlayer(claim.ownerId)),
    isNull(columns.claimedAt),
  );

/** A prize carries a cashier check only with both a name and an address on it. */
const hasCashierCheck = sql`(coalesce(${grandPrizes.cashierCheckName}, '') <> ''
  and coalesce(${grandPrizes.cashierCheckAddress}, '') <> '')`;

/**
 * Records the payout request of the player's unclaimed prize in one statement, so that of
 * claims racing each other exactly one is recorded. A method offered only without a cashier
 * check (PayPal, Venmo) leaves a prize with one unclaimed. Null when nothing was recorded; the
 * caller reads the prize to say why.
 */
export async function claimGrandPrize(
  db: Database,
  claim: PayoutClaim & { offeredOnlyWithoutCheck: boolean },
) {
  const [row] = await db
    .update(grandPrizes)
    .set(payoutRequestOf(claim))
    .where(
      and(
        claimableBy(
          { id: grandPrizes.id, owner: grandPrizes.userId, claimedAt: grandPrizes.claimedAt },
          claim,
        ),
        claim.offeredOnlyWithoutCheck ? sql`not ${hasCashierCheck}` : undefined,
      ),
    )
    .returning();
  return row ?? null;
}

/** Claims waiting for the operator to pay them, oldest claim first, with the winner's phone. */
export async function listPendingClaims(db: Database) {
  return db
    .select({ prize: grandPrizes, phone: users.phone })
    .from(grandPrizes)
    .leftJoin(users, eq(users.id, grandPrizes.userId))
    .where(and(isNotNull(grandPrizes.claimedAt), isNull(grandPrizes.paidAt)))
    .orderBy(asc(grandPrizes.claimedAt), asc(grandPrizes.id));
}

/**
 * Bonuses claimed and waiting for the operator, oldest claim first, with the inviter's phone
 * (the one to pay) and the draw whose prize earned them.
 */
export async function listPendingBonusClaims(db: Database) {
  return db
    .select({ bonus: referralBonuses, drawId: grandPrizes.drawId, phone: users.phone })
    .from(referralBonuses)
    .innerJoin(grandPrizes, eq(grandPrizes.id, referralBonuses.grandPrizeId))
    .leftJoin(users, eq(users.id, referralBonuses.inviterId))
    .where(and(isNotNull(referralBonuses.claimedAt), isNull(referralBonuses.paidAt)))
    .orderBy(asc(referralBonuses.claimedAt), asc(referralBonuses.id));
}

/** A referral bonus with the draw whose prize earned it. */
export async function findReferralBonus(db: Database, id: string) {
  const [row] = await db
    .select({ bonus: referralBonuses, drawId: grandPrizes.drawId })
    .from(referralBonuses)
    .innerJoin(grandPrizes, eq(grandPrizes.id, referralBonuses.grandPrizeId))
    .where(eq(referralBonuses.id, id));
  return row ?? null;
}

export async function findGrandPrize(db: Database, id: string) {
  const [row] = await db.select().from(grandPrizes).where(eq(grandPrizes.id, id));
  return row ?? null;
}

/** The prize's winner has deleted their account. */
const deletedOwner = sql`exists (select 1 from ${users} where ${users.id} = ${grandPrizes.userId} and ${users.deletedAt} is not null)`;
/** A payout field, erased when the winner has deleted their account. */
const unlessDeletedOwner = (column: AnyPgColumn) =>
  sql`case when ${deletedOwner} then null else ${column} end`;

/** Marks a claimed prize paid, once; null when it is unknown, unclaimed or paid already. */
export async function markGrandPrizePaid(db: Database, id: string, at: Date) {
  const [row] = await db
    .update(grandPrizes)
    .set({
      paidAt: at,
      // Paid to a player who has since deleted their account: where it went is erased now.
      paymentDetails: unlessDeletedOwner(grandPrizes.paymentDetails),
      cashierCheckName: unlessDeletedOwner(grandPrizes.cashierCheckName),
      cashierCheckAddress: unlessDeletedOwner(grandPrizes.cashierCheckAddress),
    })
    .where(
      and(eq(grandPrizes.id, id), isNotNull(grandPrizes.claimedAt), isNull(grandPrizes.paidAt)),
    )
    .returning();
  return row ?? null;
}

/** The bonus's inviter has deleted their account. */
const deletedInviter = sql`exists (select 1 from ${users} where ${users.id} = ${referralBonuses.inviterId} and ${users.deletedAt} is not null)`;

/** Marks a claimed bonus paid, once; null when it is unknown, unclaimed or paid already. */
export async function markReferralBonusPaid(db: Database, id: string, at: Date) {
  const [row] = await db
    .update(referralBonuses)
    .set({
      paidAt: at,
      // As for a prize: once paid, where the money of a deleted inviter went is erased.
      paymentDetails: sql`case when ${deletedInviter} then null else ${referralBonuses.paymentDetails} end`,
    })
    .where(
      and(
        eq(referralBonuses.id, id),
        isNotNull(referralBonuses.claimedAt),
        isNull(referralBonuses.paidAt),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Puts a cashier check on a prize not claimed yet, whose winner still plays, in one statement:
 * a claim racing it either lands first (and the check is refused) or finds the check (and only
 * Virtual Visa is left). Null when nothing was written; the caller reads the prize to say why.
 */
export async function putCashierCheck(
  db: Database,
  check: { id: string; name: string; address: string },
) {
  const [row] = await db
    .update(grandPrizes)
    .set({ cashierCheckName: check.name, cashierCheckAddress: check.address })
    .where(
      and(
        eq(grandPrizes.id, check.id),
        isNull(grandPrizes.claimedAt),
        eq(
          grandPrizes.userId,
          livePlayer(sql`(select g.user_id from ${grandPrizes} g where g.id = ${check.id})`),
        ),
      ),
    )
    .returning();
  return row ?? null;
}
