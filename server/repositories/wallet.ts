import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/database';
import { walletTickets } from '../db/schema';

export async function insertTicket(
  db: Database,
  values: { userId: string; source: 'welcome' | 'token_reward'; rewardId?: string },
) {
  await db.insert(walletTickets).values(values);
}

export async function countUnspentTickets(db: Database, userId: string) {
  const [row] = await db
    .select({ total: count() })
    .from(walletTickets)
    .where(and(eq(walletTickets.userId, userId), isNull(walletTickets.spentAt)));
  return row?.total ?? 0;
}

/** The player's oldest unspent tickets, at most `limit` (the caller holds the player's lock). */
export async function oldestUnspentTickets(db: Database, userId: string, limit: number) {
  const rows = await db
    .select({ id: walletTickets.id })
    .from(walletTickets)
    .where(and(eq(walletTickets.userId, userId), isNull(walletTickets.spentAt)))
    .orderBy(asc(walletTickets.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Marks a ticket spent on an entry; false when it had been spent already. */
export async function spendTicket(db: Database, ticketId: number, drawEntryId: number, at: Date) {
  const rows = await db
    .update(walletTickets)
    .set({ spentAt: at, drawEntryId })
    .where(and(eq(walletTickets.id, ticketId), isNull(walletTickets.spentAt)))
    .returning({ id: walletTickets.id });
  return rows.length === 1;
}
