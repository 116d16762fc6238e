import { and, asc, count, eq, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/database';
import { inviteClicks, invites, referralBonuses, users } from '../db/schema';

export type InviteRow = typeof invites.$inferSelect;

export async function findInviteByCode(db: Database, code: string, options?: { lock: boolean }) {
  const query = db.select().from(invites).where(eq(invites.code, code));
  const [row] = options?.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertInvite(
  db: Database,
  values: { code: string; ownerId: string | null; maxUses: number },
) {
  const [row] = await db.insert(invites).values(values).returning();
  if (!row) throw new Error('insert into invites returned no row');
  return row;
}

/**
 * Takes one use of an invite, only while uses remain. A personal invite also records who
 * claimed it. Returns false when the invite was used up in the meantime.
 */
export async function consumeInvite(db: Database, invite: InviteRow, userId: string, at: Date) {
  const personal = invite.ownerId !== null;
  const rows = await db
    .update(invites)
    .set({
      uses: sql`${invites.uses} + 1`,
      claimedAt: at,
      ...(personal ? { claimedById: userId } : {}),
    })
    .where(and(eq(invites.id, invite.id), lt(invites.uses, invites.maxUses)))
    .returning({ id: invites.id });
  return rows.length === 1;
}

export async function countInvitesOwnedBy(db: Database, ownerId: string) {
  const [row] = await db
    .select({ total: count() })
    .from(invites)
    .where(eq(invites.ownerId, ownerId));
  return row?.total ?? 0;
}

const claimant = alias(users, 'claimant');

export async function listInvitesOwnedBy(db: Database, ownerId: string) {
  return db
    .select({
      id: invites.id,
      code: invites.code,
      uses: invites.uses,
      maxUses: invites.maxUses,
      createdAt: invites.createdAt,
      claimantPhone: claimant.phone,
      // What the invitee's wins earned this inviter (a bonus per grand prize the invitee won).
      bonusAmount: sql<number>`coalesce((
        select sum(${referralBonuses.amount}) from ${referralBonuses}
        where ${referralBonuses.inviterId} = ${invites.ownerId}
          and ${referralBonuses.winnerId} = ${invites.claimedById}
      ), 0)`.mapWith(Number),
    })
    .from(invites)
    .leftJoin(claimant, eq(claimant.id, invites.claimedById))
    .where(eq(invites.ownerId, ownerId))
    .orderBy(asc(invites.createdAt), asc(invites.id));
}

export async function deleteInvitesOwnedBy(db: Database, ownerId: string) {
  await db.delete(invites).where(eq(invites.ownerId, ownerId));
}

/**
 * Counts an opening of an invite link: once per device (a second opening from the same device
 * changes nothing); an opening without a device id always counts.
 */
export async function insertInviteClick(db: Database, inviteId: string, deviceId: string | null) {
  await db.insert(inviteClicks).values({ inviteId, deviceId }).onConflictDoNothing();
}

export async function countInviteClicks(db: Database, inviteId: string) {
  const [row] = await db
    .select({ total: count() })
    .from(inviteClicks)
    .where(eq(inviteClicks.inviteId, inviteId));
  return row?.total ?? 0;
}
