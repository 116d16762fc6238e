import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database';
import { sessions, users } from '../db/schema';

export async function insertSession(db: Database, values: { userId: string; expiresAt: Date }) {
  const [row] = await db.insert(sessions).values(values).returning();
  if (!row) throw new Error('insert into sessions returned no row');
  return row;
}

/**
 * Which rows of sessions joined with users are live at `at`, among `ids`: neither revoked nor
 * expired, their player not deleted. One array parameter however many ids (a uuid has no
 * character an array literal quotes), so a statement using it has the same text every time
 * and is prepared once. Also used by the press's statement (repositories/draws.ts).
 */
export function liveSessionsAmong(ids: readonly string[], at: Date): SQL {
  const idList = `{${ids.join(',')}}`;
  return sql`${sessions.id} = any(${idList}::uuid[]) and ${sessions.revokedAt} is null
    and ${sessions.expiresAt} > ${at.toISOString()}::timestamptz and ${users.deletedAt} is null`;
}

/** The live sessions among `ids` with their players, in one statement (requests arriving together are checked together). */
export function findLiveSessions(db: Database, ids: readonly string[], now: Date) {
  return db
    .select({ sessionId: sessions.id, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(liveSessionsAmong(ids, now))
    .prepare('find_live_sessions')
    .execute();
}

export async function revokeSession(db: Database, id: string, at: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

/** Removes every session of the player (an account deleted: its tokens name no row then). */
export async function deleteSessionsOf(db: Database, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function revokeSessionsOf(db: Database, userId: string, at: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
