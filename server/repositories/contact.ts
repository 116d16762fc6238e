import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  exists,
  inArray,
  isNotNull,
  isNull,
  lte,
  min,
  sql,
} from 'drizzle-orm';
import type { Database } from '../db/database';
import { contactMessages, contactReplies, users } from '../db/schema';

export type ContactMessageRow = typeof contactMessages.$inferSelect;

/** A message with its sender's phone (null once the account was deleted). */
export type ContactMessageWithPhone = ContactMessageRow & { phone: string | null };

export type ContactReplyRow = typeof contactReplies.$inferSelect;

/** A message as the operator lists it: how many answers it has and whether its sender left. */
export type ListedContactMessage = ContactMessageRow & {
  replyCount: number;
  senderDeleted: boolean;
};

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
 * message due again at `until`. The pick and the move are two statements: an `IN (... LIMIT 1
 * FOR UPDATE SKIP LOCKED)` inside the UPDATE may be run again for each row the UPDATE scans,
 * and would then move the next message too without anyone sending it.
 */
export async function claimDueMessage(
  db: Database,
  at: Date,
  until: Date,
): Promise<ContactMessageWithPhone | null> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: contactMessages.id })
      .from(contactMessages)
      .where(
        and(
          isNull(contactMessages.deliveredAt),
          isNull(contactMessages.failedAt),
          lte(contactMessages.nextAttemptAt, at),
          // Nothing is mailed for a deleted player, whatever of theirs is still stored.
          exists(
            tx
              .select({ one: sql`1` })
              .from(users)
              .where(and(eq(users.id, contactMessages.userId), isNull(users.deletedAt))),
          ),
        ),
      )
      .orderBy(asc(contactMessages.nextAttemptAt), asc(contactMessages.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return null;
    const [row] = await tx
      .update(contactMessages)
      .set({ nextAttemptAt: until })
      .where(eq(contactMessages.id, due.id))
      .returning({ ...getTableColumns(contactMessages), phone: senderPhone });
    return row ?? null;
  });
}

export async function markMessageDelivered(db: Database, id: string, at: Date) {
  await db.update(contactMessages).set({ deliveredAt: at }).where(eq(contactMessages.id, id));
}

export async function markMessageFailed(
  db: Database,
  id: string,
  failure: { attempts: number; lastError: string; nextAttemptAt: Date; failedAt: Date | null },
) {
  await db
    .update(contactMessages)
    .set(failure)
    .where(and(eq(contactMessages.id, id), isNull(contactMessages.deliveredAt)));
}

const replyCount = sql<number>`(select count(*)::int from ${contactReplies} where ${contactReplies.messageId} = ${contactMessages.id})`;

/**
 * Every message, newest first; or only those still to be mailed (`pendingOnly`), or only those
 * given up on (`failedOnly`).
 */
export async function listContactMessages(
  db: Database,
  options: { pendingOnly?: boolean; failedOnly?: boolean } = {},
): Promise<ListedContactMessage[]> {
  const filter = options.failedOnly
    ? isNotNull(contactMessages.failedAt)
    : options.pendingOnly
      ? and(
          isNull(contactMessages.deliveredAt),
          isNull(contactMessages.failedAt),
          isNull(users.deletedAt),
        )
      : undefined;
  return db
    .select({
      ...getTableColumns(contactMessages),
      replyCount,
      senderDeleted: sql<boolean>`${users.deletedAt} is not null`,
    })
    .from(contactMessages)
    .innerJoin(users, eq(users.id, contactMessages.userId))
    .where(filter)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id));
}

/** A message by id, with whether its sender deleted the account; null when there is none. */
export async function findContactMessage(db: Database, id: string) {
  const [row] = await db
    .select({
      ...getTableColumns(contactMessages),
      senderDeleted: sql<boolean>`${users.deletedAt} is not null`,
    })
    .from(contactMessages)
    .innerJoin(users, eq(users.id, contactMessages.userId))
    .where(eq(contactMessages.id, id));
  return row ?? null;
}

/** The player's own message (id only), or null for another player's or none. */
export async function findMessageOf(db: Database, id: string, userId: string) {
  const [row] = await db
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(and(eq(contactMessages.id, id), eq(contactMessages.userId, userId)));
  return row ?? null;
}

/**
 * Puts a failed message back in the queue, due at `at` with its tries counted afresh. Answers
 * whether it was a failed one.
 */
export async function requeueFailedMessage(db: Database, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(contactMessages)
    .set({ failedAt: null, attempts: 0, lastError: null, nextAttemptAt: at })
    .where(
      and(
        eq(contactMessages.id, id),
        isNotNull(contactMessages.failedAt),
        isNull(contactMessages.deliveredAt),
      ),
    )
    .returning({ id: contactMessages.id });
  return rows.length > 0;
}

export async function insertContactReply(
  db: Database,
  values: { messageId: string; body: string; at: Date },
) {
  const [row] = await db
    .insert(contactReplies)
    .values({ messageId: values.messageId, body: values.body, createdAt: values.at })
    .returning();
  if (!row) throw new Error('insert into contact_replies returned no row');
  return row;
}

/** The answers to these messages, oldest first (a conversation reads down). */
export async function repliesTo(db: Database, messageIds: string[]): Promise<ContactReplyRow[]> {
  if (messageIds.length === 0) return [];
  return db
    .select()
    .from(contactReplies)
    .where(inArray(contactReplies.messageId, messageIds))
    .orderBy(asc(contactReplies.createdAt), asc(contactReplies.id));
}

/** The player's messages, newest first. */
export async function messagesOf(db: Database, userId: string): Promise<ContactMessageRow[]> {
  return db
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.userId, userId))
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id));
}

/** Marks the answers to one message read at `at`; those read before keep their time. */
export async function markRepliesRead(db: Database, messageId: string, at: Date) {
  await db
    .update(contactReplies)
    .set({ readAt: at })
    .where(and(eq(contactReplies.messageId, messageId), isNull(contactReplies.readAt)));
}
