import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { sessions, users } from '../db/schema';

export async function insertSession(db: Database, values: { userId: string; expiresAt: Date }) {
  const [row] = await db.insert(sessions).values(values).returning();
  if (!row) throw new Error('insert into sessions returned no row');
  return row;
}

/**
 * The sessions among `ids` that are neither revoked, expired nor deleted, with their players,
 * in one statement (requests arriving together are checked together).
 */
export function findLiveSessions(db: Database, ids: readonly string[], now: Date) {
  // One array parameter however many sessions (a uuid has no character an array literal
  // quotes), so the statement's text is the same every time and is prepared once.
  const idList = `{${ids.join(',')}}`;
  return db
    .select({ sessionId: sessions.id, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        sql`${sessions.id} = any(${idList}::uuid[])`,
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        isNull(users.deletedAt),
      ),
    )
    .prepare('find_live_sessions')
    .execute();
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
