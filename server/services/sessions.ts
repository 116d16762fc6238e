// Sessions live in the database; the JWT only names one, so revoking the row ends it at once.
import type { EndedSessions } from '../cable/channels';
import type { Database } from '../db/database';
import { findLiveSessions, insertSession, revokeSession } from '../repositories/sessions';
import type { UserRow } from '../repositories/users';
import { batched } from './batched';
import type { ServiceContext } from './context';

export const SESSION_TTL_SECONDS = 90 * 24 * 60 * 60;

export interface LiveSession {
  id: string;
  user: UserRow;
}

export function createSessionService({ db, now, broadcast, log }: ServiceContext) {
  // Every authenticated request asks for its session: those arriving together share a query.
  const findOne = batched(async (ids: readonly string[]): Promise<(LiveSession | null)[]> => {
    const rows = await findLiveSessions(db, [...new Set(ids)], now());
    const live = new Map(rows.map((row) => [row.sessionId, { id: row.sessionId, user: row.user }]));
    return ids.map((id) => live.get(id) ?? null);
  });

  return {
    /** Opens a session inside the caller's transaction (sign-in). */
    open(tx: Database, userId: string) {
      return insertSession(tx, {
        userId,
        expiresAt: new Date(now().getTime() + SESSION_TTL_SECONDS * 1000),
      });
    },

    find(sessionId: string): Promise<LiveSession | null> {
      return findOne(sessionId);
    },

    /** Ends a session (logout): its token stops working and its live sockets are dropped. */
    async revoke(sessionId: string): Promise<void> {
      await revokeSession(db, sessionId, now());
      await announceEnded({ sessionIds: [sessionId] }, broadcast, log);
    },
  };
}

/**
 * Tells every instance to drop the sockets of sessions already revoked in the database. The
 * revocation stands if the announcement fails: such a socket is refused at its next subscribe.
 */
export async function announceEnded(
  ended: EndedSessions,
  broadcast: ServiceContext['broadcast'],
  log: ServiceContext['log'],
): Promise<void> {
  try {
    await broadcast?.sessionsEnded?.(ended);
  } catch (error) {
    log?.error({ err: error }, 'sessions ended; announcing it to live sockets failed');
  }
}

export type SessionService = ReturnType<typeof createSessionService>;
