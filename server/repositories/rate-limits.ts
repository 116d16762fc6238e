import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { rateLimits } from '../db/schema';

/** The key code requests are counted under for a phone (E.164): it holds the number itself. */
export const phoneLimitKey = (phone: string) => `phone:${phone}`;

/**
 * One more hit on `key` at `at`: counts within the key's window of `windowMs`, or starts a new
 * window when the last one has ended. One statement, so hits racing on any instance all count.
 */
export async function hitRateLimit(db: Database, key: string, windowMs: number, at: Date) {
  const now = sql`${at.toISOString()}::timestamptz`;
  const ended = sql`${rateLimits.windowStartedAt} <= ${now} - ${windowMs} * interval '1 millisecond'`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStartedAt: at, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        windowStartedAt: sql`case when ${ended} then ${now} else ${rateLimits.windowStartedAt} end`,
        hits: sql`case when ${ended} then 1 else ${rateLimits.hits} + 1 end`,
      },
    })
    .returning({ hits: rateLimits.hits, windowStartedAt: rateLimits.windowStartedAt });
  if (!row) throw new Error('the rate limit upsert returned no row');
  return row;
}

/** Forgets the counters whose windows ended before `before`. */
export async function deleteRateLimitsBefore(db: Database, before: Date) {
  await db.delete(rateLimits).where(lt(rateLimits.windowStartedAt, before));
}

/** Takes back one hit on `key` in its current window (an attempt that turned out not to count). */
export async function refundRateLimit(db: Database, key: string) {
  await db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}
