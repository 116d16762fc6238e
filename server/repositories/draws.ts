import { and, asc, count, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { drawEntries, draws } from '../db/schema';

export type DrawRow = typeof draws.$inferSelect;
/** An entry as the app and the press see it (the payment's and withdrawal's columns left out). */
export type DrawEntryRow = Pick<
  typeof drawEntries.$inferSelect,
  'id' | 'drawId' | 'userId' | 'source' | 'createdAt'
>;

// One advisory lock orders entering against closing: entries hold it shared, a closing holds
// it exclusively, so no entry can land in a draw once its closing has begun. Advisory locks
// live in the lock manager and write nothing to the draw's row, so presses stay cheap.
const DRAW_LOCK_KEY = 0x4242_4452;

export async function lockDrawsShared(db: Database) {
  await db.execute(sql`select pg_advisory_xact_lock_shared(${DRAW_LOCK_KEY})`);
}

export async function lockDrawsExclusive(db: Database) {
  await db.execute(sql`select pg_advisory_xact_lock(${DRAW_LOCK_KEY})`);
}

export async function findOpenDraw(db: Database) {
  const [row] = await db.select().from(draws).where(eq(draws.status, 'open'));
  return row ?? null;
}

export async function findDraw(db: Database, id: number) {
  const [row] = await db.select().from(draws).where(eq(draws.id, id));
  return row ?? null;
}

export async function listDraws(db: Database, options: { before?: number; limit: number }) {
  return db
    .select()
    .from(draws)
    .where(options.before === undefined ? undefined : lt(draws.id, options.before))
    .orderBy(desc(draws.id))
    .limit(options.limit);
}

/** Opens a draw unless one is open already (then null: the unique index keeps one open). */
export async function insertOpenDraw(
  db: Database,
  values: { opensAt: Date; closesAt: Date; seed: string; commitment: string },
) {
  const [row] = await db
    .insert(draws)
    .values({ ...values, status: 'open' })
    .onConflictDoNothing({ target: draws.status, where: sql`${draws.status} = 'open'` })
    .returning();
  return row ?? null;
}

/** Closes the draw if it is still open; null when someone else closed it first. */
export async function markDrawClosed(
  db: Database,
  id: number,
  values: { closedAt: Date; closesAt: Date },
) {
  const [row] = await db
    .update(draws)
    .set({ status: 'closed', closedAt: values.closedAt, closesAt: values.closesAt })
    .where(and(eq(draws.id, id), eq(draws.status, 'open')))
    .returning();
  return row ?? null;
}

export async function recordDrawOutcome(
  db: Database,
  id: number,
  outcome: { entriesCount: number; entriesDigest: string; winningEntryId: number | null },
) {
  await db.update(draws).set(outcome).where(eq(draws.id, id));
}

/**
 * Up to `limit` entry ids of a draw above `afterId`, ascending, packed as the digest reads them:
 * each id an 8-byte big-endian integer (int8send). One buffer per batch instead of an object
 * per row keeps a draw of millions cheap to read.
 */
export async function entryIdBatchOf(
  db: Database,
  drawId: number,
  afterId: number,
  limit: number,
): Promise<Uint8Array> {
  const batch = db
    .select({ id: drawEntries.id })
    .from(drawEntries)
    .where(
      and(
        eq(drawEntries.drawId, drawId),
        gt(drawEntries.id, afterId),
        isNull(drawEntries.withdrawnAt),
      ),
    )
    .orderBy(asc(drawEntries.id))
    .limit(limit)
    .as('batch');
  const [row] = await db
    .select({
      ids: sql<Uint8Array | null>`string_agg(int8send(${batch.id}), ''::bytea order by ${batch.id})`,
    })
    .from(batch);
  return row?.ids ?? new Uint8Array(0);
}

/** The draw's entries that take part: those of deleted players are withdrawn. */
export async function countEntries(db: Database, drawId: number) {
  const [row] = await db
    .select({ total: count() })
    .from(drawEntries)
    .where(and(eq(drawEntries.drawId, drawId), isNull(drawEntries.withdrawnAt)));
  return row?.total ?? 0;
}

/**
 * Withdraws the player's entries from the open draw (an account deleted): they are left out of
 * its count, digest and winner, so a deleted player never wins. Call with the draws' lock held.
 */
export async function withdrawOpenEntriesOf(db: Database, userId: string, at: Date) {
  await db
    .update(drawEntries)
    .set({ withdrawnAt: at })
    .where(
      and(
        eq(drawEntries.userId, userId),
        isNull(drawEntries.withdrawnAt),
        sql`${drawEntries.drawId} in (select ${draws.id} from ${draws} where ${draws.status} = 'open')`,
      ),
    );
}

export async function findEntry(db: Database, id: number) {
  const [row] = await db.select().from(drawEntries).where(eq(drawEntries.id, id));
  return row ?? null;
}

export async function insertWalletEntries(
  db: Database,
  drawId: number,
  userId: string,
  howMany: number,
) {
  return db
    .insert(drawEntries)
    .values(Array.from({ length: howMany }, () => ({ drawId, userId, source: 'wallet' as const })))
    .returning();
}

export async function entryIdsOfPlayer(db: Database, drawId: number, userId: string) {
  const rows = await db
    .select({ id: drawEntries.id })
    .from(drawEntries)
    .where(and(eq(drawEntries.drawId, drawId), eq(drawEntries.userId, userId)))
    .orderBy(asc(drawEntries.id));
  return rows.map((row) => row.id);
}

/** The closed draws `userId` entered, newest first (a page of them, before a draw id). */
export async function listClosedDrawsEnteredBy(
  db: Database,
  userId: string,
  options: { before?: number; limit: number },
) {
  const entered = db
    .selectDistinct({ drawId: drawEntries.drawId })
    .from(drawEntries)
    .where(eq(drawEntries.userId, userId));
  return db
    .select()
    .from(draws)
    .where(
      and(
        eq(draws.status, 'closed'),
        inArray(draws.id, entered),
        options.before === undefined ? undefined : lt(draws.id, options.before),
      ),
    )
    .orderBy(desc(draws.id))
    .limit(options.limit);
}

/** The entries of `userId` in the draws `drawIds`, in id order. */
export async function entriesOfPlayerIn(db: Database, userId: string, drawIds: number[]) {
  return db
    .select({ drawId: drawEntries.drawId, id: drawEntries.id })
    .from(drawEntries)
    .where(and(eq(drawEntries.userId, userId), inArray(drawEntries.drawId, drawIds)))
    .orderBy(asc(drawEntries.id));
}
