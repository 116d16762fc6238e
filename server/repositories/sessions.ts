import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../db/database';
import { sessions, users } from '../db/schema';

export async function insertSession(db: Database, values: { userId: string; expiresAt: Date }) {
  const [row] = await db.insert(sessions).values(values).returning();
  if (!row) throw new Error('insert into sessions returned no row');
  return row;
}

/** The session with its player, only while it is neither revoked, expired nor deleted. */
export async function findLiveSession(db: Database, id: string, now: Date) {
  const [row] = await db
    .select({ sessionId: sessions.id, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, id),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        isNull(users.deletedAt),
      ),
    );
  return row ?? null;
}

export async function revokeSession(db: Database, id: string, at: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

export async function revokeSessionsOf(db: Database, userId: string, at: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
