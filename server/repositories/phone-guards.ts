import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { phoneGuards } from '../db/schema';

export type PhoneGuardRow = typeof phoneGuards.$inferSelect;

export async function findGuard(db: Database, userId: string) {
  const [row] = await db.select().from(phoneGuards).where(eq(phoneGuards.userId, userId));
  return row ?? null;
}

/** Counts one more failed code and returns the new number of consecutive failures. */
export async function addFailure(db: Database, userId: string, at: Date) {
  const [row] = await db
    .insert(phoneGuards)
    .values({ userId, consecutiveFailures: 1, updatedAt: at })
    .onConflictDoUpdate({
      target: phoneGuards.userId,
      set: {
        consecutiveFailures: sql`${phoneGuards.consecutiveFailures} + 1`,
        updatedAt: at,
      },
    })
    .returning({ consecutiveFailures: phoneGuards.consecutiveFailures });
  return row?.consecutiveFailures ?? 1;
}

export async function restrictGuard(
  db: Database,
  userId: string,
  values: { blockedUntil?: Date; locked?: boolean },
  at: Date,
) {
  await db
    .update(phoneGuards)
    .set({ ...values, updatedAt: at })
    .where(eq(phoneGuards.userId, userId));
}

/** A success or an operator's unlock starts the count again. */
export async function clearGuard(db: Database, userId: string) {
  const rows = await db
    .delete(phoneGuards)
    .where(eq(phoneGuards.userId, userId))
    .returning({ userId: phoneGuards.userId });
  return rows.length > 0;
}
