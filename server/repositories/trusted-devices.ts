import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { trustedDevices } from '../db/schema';

export type TrustedDeviceRow = typeof trustedDevices.$inferSelect;

/** The player's device `id` while it is still trusted (not rejected). */
export async function findTrustedDevice(db: Database, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(trustedDevices)
    .where(
      and(
        eq(trustedDevices.id, id),
        eq(trustedDevices.userId, userId),
        isNull(trustedDevices.rejectedAt),
      ),
    );
  return row ?? null;
}

/** The same, locked, so concurrent guesses from one device are counted one by one. */
export async function lockTrustedDevice(db: Database, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(trustedDevices)
    .where(
      and(
        eq(trustedDevices.id, id),
        eq(trustedDevices.userId, userId),
        isNull(trustedDevices.rejectedAt),
      ),
    )
    .for('update');
  return row ?? null;
}

export async function insertTrustedDevice(db: Database, userId: string) {
  const [row] = await db.insert(trustedDevices).values({ userId }).returning();
  if (!row) throw new Error('insert into trusted_devices returned no row');
  return row;
}

/** Counts one more failed code on the device and returns its failures in a row. */
export async function addDeviceFailure(db: Database, id: string) {
  const [row] = await db
    .update(trustedDevices)
    .set({ consecutiveFailures: sql`${trustedDevices.consecutiveFailures} + 1` })
    .where(eq(trustedDevices.id, id))
    .returning({ consecutiveFailures: trustedDevices.consecutiveFailures });
  return row?.consecutiveFailures ?? 0;
}

export async function rejectDevice(db: Database, id: string, at: Date) {
  await db.update(trustedDevices).set({ rejectedAt: at }).where(eq(trustedDevices.id, id));
}

export async function clearDeviceFailures(db: Database, id: string) {
  await db.update(trustedDevices).set({ consecutiveFailures: 0 }).where(eq(trustedDevices.id, id));
}

export async function deleteDevicesOf(db: Database, userId: string) {
  await db.delete(trustedDevices).where(eq(trustedDevices.userId, userId));
}
