import { and, desc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Database } from '../db/database';
import { oneTimeCodes } from '../db/schema';

export type OneTimeCodeRow = typeof oneTimeCodes.$inferSelect;

/** Codes of one channel: asked for by the trusted device `deviceId`, or by any other client (null). */
const ofChannel = (deviceId: string | null) =>
  deviceId === null ? isNull(oneTimeCodes.deviceId) : eq(oneTimeCodes.deviceId, deviceId);

export async function voidOpenCodes(
  db: Database,
  userId: string,
  deviceId: string | null,
  at: Date,
) {
  await db
    .update(oneTimeCodes)
    .set({ voidedAt: at })
    .where(
      and(
        eq(oneTimeCodes.userId, userId),
        ofChannel(deviceId),
        isNull(oneTimeCodes.usedAt),
        isNull(oneTimeCodes.voidedAt),
      ),
    );
}

export async function insertCode(
  db: Database,
  values: {
    userId: string;
    deviceId: string | null;
    salt: string;
    hash: string;
    expiresAt: Date;
  },
) {
  const [row] = await db.insert(oneTimeCodes).values(values).returning();
  if (!row) throw new Error('insert into one_time_codes returned no row');
  return row;
}

/** The newest code of the channel still usable, locked so concurrent guesses count one by one. */
export async function lockUsableCode(
  db: Database,
  userId: string,
  deviceId: string | null,
  now: Date,
  maxAttempts: number,
) {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.userId, userId),
        ofChannel(deviceId),
        isNull(oneTimeCodes.usedAt),
        isNull(oneTimeCodes.voidedAt),
        gt(oneTimeCodes.expiresAt, now),
        lt(oneTimeCodes.attempts, maxAttempts),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function recordWrongAttempt(db: Database, code: OneTimeCodeRow, voidAt: Date | null) {
  await db
    .update(oneTimeCodes)
    .set({ attempts: code.attempts + 1, ...(voidAt ? { voidedAt: voidAt } : {}) })
    .where(eq(oneTimeCodes.id, code.id));
}

export async function markCodeUsed(db: Database, id: string, at: Date) {
  await db.update(oneTimeCodes).set({ usedAt: at }).where(eq(oneTimeCodes.id, id));
}

export async function deleteCodesOf(db: Database, userId: string) {
  await db.delete(oneTimeCodes).where(eq(oneTimeCodes.userId, userId));
}
