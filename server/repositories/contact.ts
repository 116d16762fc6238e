import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  isNull,
  lte,
  min,
  sql,
} from 'drizzle-orm';
import type { Database } from '../db/database';
import { contactMessages, users } from '../db/schema';

export type ContactMessageRow = typeof contactMessages.$inferSelect;

/** A message with its sender's phone (null once the account was deleted). */
export type ContactMessageWithPhone = ContactMessageRow & { phone: string | null };

const senderPhone = sql<
  string | null
>`(select ${users.phone} from ${users} where ${users.id} = ${contactMessages.userId})`;

/** How many messages the player stored since `since`, and when the oldest of them was. */
export async function recentMessagesOf(db: Database, userId: string, since: Date) {
  const [row] = await db
    .select({ count: count(), oldest: min(contactMessages.createdAt) })
    .from(contactMessages)
    .where(and(eq(contactMessages.userId, userId), gt(contactMessages.createdAt, since)));
  return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
}

export async function insertContactMessage(
  db: Database,
  values: { userId: string; subject: string; message: string; at: Date },
) {
  const [row] = await db
    .insert(contactMessages)
    .values({
      userId: values.userId,
      subject: values.subject,
      message: values.message,
      createdAt: values.at,
      nextAttemptAt: values.at,
    })
    .returning({ id: contactMessages.id });
  if (!row) throw new Error('insert into contact_messages returned no row');
  return row;
}

/**
 * Takes the undelivered message due longest, for `until`: its next attempt moves there, so no
 * other instance picks it while this one sends. SKIP LOCKED lets racing instances take
 * different messages instead of waiting on one another; a sender that dies mid-way leaves the
 * message due again at `until`.
 */
export async function claimDueMessage(
  db: Database,
  at: Date,
  until: Date,
): Promise<ContactMessageWithPhone | null> {
  const due = db
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(and(isNull(contactMessages.deliveredAt), lte(contactMessages.nextAttemptAt, at)))
    .orderBy(asc(contactMessages.nextAttemptAt), asc(contactMessages.createdAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(contactMessages)
    .set({ nextAttemptAt: until })
    .where(and(inArray(contactMessages.id, due), isNull(contactMessages.deliveredAt)))
    .returning({ ...getTableColumns(contactMessages), phone: senderPhone });
  return row ?? null;
}

export async function markMessageDelivered(db: Database, id: string, at: Date) {
  await db.update(contactMessages).set({ deliveredAt: at }).where(eq(contactMessages.id, id));
}

export async function markMessageFailed(
  db: Database,
  id: string,
  failure: { attempts: number; lastError: string; nextAttemptAt: Date },
) {
  await db
    .update(contactMessages)
    .set(failure)
    .where(and(eq(contactMessages.id, id), isNull(contactMessages.deliveredAt)));
}

/** Every message, newest first, or only those not yet delivered. */
export async function listContactMessages(
  db: Database,
  options: { pendingOnly?: boolean } = {},
): Promise<ContactMessageWithPhone[]> {
  return db
    .select({ ...getTableColumns(contactMessages), phone: users.phone })
    .from(contactMessages)
    .innerJoin(users, eq(users.id, contactMessages.userId))
    .where(options.pendingOnly ? isNull(contactMessages.deliveredAt) : undefined)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id));
}
