// Sessions live in the database; the JWT only names one, so revoking the row ends it at once.
import type { Database } from '../db/database';
import { findLiveSession, insertSession, revokeSession } from '../repositories/sessions';
import type { UserRow } from '../repositories/users';
import type { ServiceContext } from './context';

export const SESSION_TTL_SECONDS = 90 * 24 * 60 * 60;

export interface LiveSession {
  id: string;
  user: UserRow;
}

export function createSessionService({ db, now }: ServiceContext) {
  return {
    /** Opens a session inside the caller's transaction (sign-in). */
    open(tx: Database, userId: string) {
      return insertSession(tx, {
        userId,
        expiresAt: new Date(now().getTime() + SESSION_TTL_SECONDS * 1000),
      });
    },

    async find(sessionId: string): Promise<LiveSession | null> {
      const row = await findLiveSession(db, sessionId, now());
      return row ? { id: row.sessionId, user: row.user } : null;
    },

    async revoke(sessionId: string): Promise<void> {
      await revokeSession(db, sessionId, now());
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
