import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { clicks } from '../db/schema';

export async function insertClick(
  db: Database,
  values: { userId: string; eventName: string; pageUrl: string; metadata: Record<string, unknown> },
) {
  await db.insert(clicks).values(values);
}

/** Clicks of an analytics batch, with the platform that sent them. */
export async function insertClicks(
  db: Database,
  rows: Array<{
    userId: string;
    eventName: string;
    pageUrl: string;
    metadata: Record<string, unknown>;
    platform: 'ios' | 'android' | 'other';
  }>,
) {
  if (rows.length > 0) await db.insert(clicks).values(rows);
}

export async function deleteClicksOf(db: Database, userId: string) {
  await db.delete(clicks).where(eq(clicks.userId, userId));
}

export async function listClicksOf(db: Database, userId: string) {
  return db.select().from(clicks).where(eq(clicks.userId, userId));
}
