// @fastify/rate-limit's counters in the database (table rate_limits) instead of each process's
// memory, so the limits hold however many server instances run (DESIGN: stateless instances).
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Database } from '../db/database';
import { deleteRateLimitsBefore, hitRateLimit } from '../repositories/rate-limits';

const HOUR_MS = 60 * 60 * 1000;
/** Counters older than this are forgotten (every window is far shorter). */
const KEEP_MS = 24 * HOUR_MS;

export function databaseRateLimitStore(db: Database, now: () => Date): FastifyRateLimitStoreCtor {
  let prunedAt = 0;
  // At most once an hour per instance, old counters go; a failed pruning is retried then.
  const pruneNowAndThen = (at: Date) => {
    if (at.getTime() - prunedAt < HOUR_MS) return;
    prunedAt = at.getTime();
    deleteRateLimitsBefore(db, new Date(at.getTime() - KEEP_MS)).catch(() => undefined);
  };

  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      const at = now();
      pruneNowAndThen(at);
      hitRateLimit(db, key, timeWindow, at).then(
        ({ hits, windowStartedAt }) =>
          callback(null, {
            current: hits,
            ttl: Math.max(0, windowStartedAt.getTime() + timeWindow - at.getTime()),
          }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(): FastifyRateLimitStore {
      return new DatabaseRateLimitStore();
    }
  };
}
