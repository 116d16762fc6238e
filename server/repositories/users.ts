import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/database';
import { pageViews, users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findActiveUserByPhone(db: Database, phone: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.phone, phone), isNull(users.deletedAt)));
  return row ?? null;
}

export async function findActiveUserById(db: Database, id: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row ?? null;
}

/** Locks the player's row until the transaction ends, serialising per-player writes. */
export async function lockActiveUser(db: Database, id: string) {
  const [row] = await db
    .select({ id: users.id, phone: users.phone })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .for('update');
  return row ?? null;
}

export async function insertUser(
  db: Database,
  values: { phone: string; invitedByInviteId: string },
) {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

/**
 * Erases what identifies the player, and the pages they viewed; the row stays so prize records
 * can still name it.
 */
export async function anonymiseUser(db: Database, id: string, at: Date) {
  await db
    .update(users)
    .set({ phone: null, deletedAt: at, invitedByInviteId: null })
    .where(eq(users.id, id));
  await db.delete(pageViews).where(eq(pageViews.userId, id));
}
