// The SQL of analytics batches (services/analytics.ts): page views, and the player a batch
// names, held while the batch is stored.
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/database';
import { pageViews, users } from '../db/schema';

export async function insertPageViews(
  db: Database,
  rows: Array<{ userId: string | null; path: string; platform: 'ios' | 'android' | 'other' }>,
) {
  if (rows.length > 0) await db.insert(pageViews).values(rows);
}

/**
 * Takes the player's row FOR KEY SHARE and reads it afresh: whether the player is live (not
 * deleted), and held so until the transaction ends (a deletion waits for it).
 */
export async function lockLivePlayer(db: Database, userId: string): Promise<boolean> {
  const [live] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('key share');
  return live !== undefined;
}
