import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { settings } from '../db/schema';

/**
 * The stored value of `key`, creating it from `create()` the first time. Safe when several
 * instances start at once: the first insert wins and everyone reads that one.
 */
export async function getOrCreateSetting(db: Database, key: string, create: () => string) {
  await db.insert(settings).values({ key, value: create() }).onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  if (!row) throw new Error(`setting ${key} could not be stored`);
  return row.value;
}

/** Stores `key` unless it exists; true when this call stored it (exactly one caller wins). */
export async function insertSettingOnce(db: Database, key: string, value: string) {
  const rows = await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoNothing()
    .returning({ key: settings.key });
  return rows.length === 1;
}
