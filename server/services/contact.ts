// Contact Us: a signed-in player's message is stored first, then mailed to CONTACT_EMAIL when
// the server has a mailer. The stored row is the outbox: a message stays until a mail server
// accepted it, however long the mail server is away.
import {
  CONTACT_MESSAGES_PER_HOUR,
  CONTACT_TOO_MANY,
  type ContactThread,
} from '../../contract/contact';
import { notFound, tooMany, unauthorized } from '../errors';
import { isUuid } from '../ids';
import {
  isPermanentRefusal,
  messageIdFor,
  SMTP_TRY_LIMIT_MS,
  type OutgoingMail,
} from '../mail/mailer';
import { maskPhone } from '../phone';
import {
  claimDueMessage,
  findContactMessage,
  findMessageOf,
  insertContactMessage,
  insertContactReply,
  listContactMessages,
  markMessageDelivered,
  markMessageFailed,
  markRepliesRead,
  messagesOf,
  recentMessagesOf,
  repliesTo,
  requeueFailedMessage,
  type ContactMessageRow,
  type ContactMessageWithPhone,
  type ContactReplyRow,
  type ListedContactMessage,
} from '../repositories/contact';
import { lockActiveUser } from '../repositories/users';
import type { ServiceContext } from './context';
import { OpsError } from './ops';

const HOUR_MS = 60 * 60 * 1000;
/** The first retry of a failed mail waits this long, each next one twice as long... */
export const FIRST_RETRY_MS = 30_000;
/** ...up to this. */
export const MAX_RETRY_MS = HOUR_MS;
/**
 * How long a message taken for sending stays away from other senders: longer than any try may
 * last (mailer.ts), so while a try may still complete nobody mails the message again. A sender
 * that died is replaced after this.
 */
export const CLAIM_MS = SMTP_TRY_LIMIT_MS + 5 * 60 * 1000;
/** After this many failed tries a message is given up on (`messages retry` queues it again). */
export const MAX_ATTEMPTS = 10;
/** The longest answer an operator may write. */
export const REPLY_MAX_LENGTH = 5000;
export const UNKNOWN_MESSAGE = 'Unknown message';
/** Longest error text kept per message. */
const LAST_ERROR_MAX = 500;

/** The wait after the `failures`-th failed attempt (1, 2, ...). */

/** A subject on one line, wherever it is written (the header and the body alike). */
const oneLine = (text: string) => text.replace(/\s+/g, ' ');
export function retryDelayMs(failures: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1), MAX_RETRY_MS);
}

/** What one round of delivery did, for the delivery loop to log. */
export interface DeliveryRound {
  delivered: number;
  /** `gaveUp`: the message is marked failed and waits for the operator. */
  failed: { id: string; attempts: number; error: string; gaveUp: boolean }[];
}

/** Control characters but the line break. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;
/** Half a character (the ops socket carries any JSON, lone surrogates too). */
const HALF_CHARACTER = /\p{Cs}/u;

/** The operator's answer as stored (line breaks as `\n`, trimmed), or why it cannot be. */
function replyText(text: string): string {
  const body = text.replace(/\r\n?/g, '\n').trim();
  if (body === '') throw new OpsError('The reply is empty');
  if (body.length > REPLY_MAX_LENGTH) {
    throw new OpsError(
      `A reply has at most ${REPLY_MAX_LENGTH} characters (this one has ${body.length})`,
    );
  }
  if (CONTROL.test(body)) {
    throw new OpsError('A reply may hold no control characters other than line breaks');
  }
  if (HALF_CHARACTER.test(body)) throw new OpsError('A reply may hold only whole characters');
  return body;
}

function toThreadView(message: ContactMessageRow, replies: ContactReplyRow[]): ContactThread {
  return {
    id: message.id,
    subject: message.subject,
    message: message.message,
    created_at: message.createdAt.toISOString(),
    replies: replies.map((reply) => ({
      id: reply.id,
      text: reply.body,
      created_at: reply.createdAt.toISOString(),
      unread: reply.readAt === null,
    })),
  };
}

export function createContactService({ db, config, mailer, now }: ServiceContext) {
  const storedListeners = new Set<() => void>();
  const wakeSenders = () => {
    for (const listener of storedListeners) listener();
  };

  /** The operator's mail: who wrote (masked), when, and what; never a way to text the player. */
  function mailOf(row: ContactMessageWithPhone): OutgoingMail {
    return {
      to: config.CONTACT_EMAIL,
      messageId: messageIdFor(row.id, config.CONTACT_EMAIL),
      // Headers are one line.
      subject: `[BLACK BUTTON] ${oneLine(row.subject)}`,
      text: [
        `Player: ${row.userId} (${row.phone ? maskPhone(row.phone) : 'account deleted'})`,
        `Sent: ${row.createdAt.toISOString()}`,
        `Subject: ${oneLine(row.subject)}`,
        '',
        row.message,
        '',
        '--',
        'Sent through Contact Us in BLACK BUTTON. Replies to this address go nowhere.',
      ].join('\n'),
    };
  }

  return {
    /** Whether stored messages are also mailed (SMTP_URL is set). */
    mails: mailer !== undefined,

    /**
     * Stores the player's message, at most CONTACT_MESSAGES_PER_HOUR an hour: the player's row
     * is locked while counting, so racing requests on any instance count one another.
     */
    async send(userId: string, input: { subject: string; message: string }): Promise<void> {
      const at = now();
      await db.transaction(async (tx) => {
        if (!(await lockActiveUser(tx, userId))) throw unauthorized();
        const recent = await recentMessagesOf(tx, userId, new Date(at.getTime() - HOUR_MS));
        if (recent.count >= CONTACT_MESSAGES_PER_HOUR) {
          const freeAt = (recent.oldest ?? at).getTime() + HOUR_MS;
          throw tooMany(CONTACT_TOO_MANY, Math.max(1, Math.ceil((freeAt - at.getTime()) / 1000)));
        }
        await insertContactMessage(tx, { userId, ...input, at });
      });
      wakeSenders();
    },

    /**
     * Calls `listener` after each stored or requeued message (the delivery loop mails it at
     * once).
     */
    onStored(listener: () => void): () => void {
      storedListeners.add(listener);
      return () => storedListeners.delete(listener);
    },

    /**
     * Mails every message that is due, one at a time, until none is left or the mail server
     * fails (the rest wait for the next round rather than failing the same way). A failure is
     * recorded on the message, which is tried again after a backoff; a permanent refusal or the
     * MAX_ATTEMPTS-th failure marks it failed instead, and the round goes on (a refusal of one
     * mail says nothing of the next). A database failure rejects; a message already taken is
     * then tried again after CLAIM_MS.
     */
    async deliverDue(): Promise<DeliveryRound> {
      const round: DeliveryRound = { delivered: 0, failed: [] };
      if (!mailer) return round;
      for (;;) {
        const at = now();
        const row = await claimDueMessage(db, at, new Date(at.getTime() + CLAIM_MS));
        if (!row) return round;
        try {
          await mailer.send(mailOf(row));
        } catch (error) {
          const attempts = row.attempts + 1;
          const message = (error instanceof Error ? error.message : String(error)).slice(
            0,
            LAST_ERROR_MAX,
          );
          const permanent = isPermanentRefusal(error);
          const gaveUp = permanent || attempts >= MAX_ATTEMPTS;
          const failedAt = now();
          await markMessageFailed(db, row.id, {
            attempts,
            lastError: message,
            nextAttemptAt: new Date(failedAt.getTime() + retryDelayMs(attempts)),
            failedAt: gaveUp ? failedAt : null,
          });
          round.failed.push({ id: row.id, attempts, error: message, gaveUp });
          if (!permanent) return round;
          continue;
        }
        await markMessageDelivered(db, row.id, now());
        round.delivered += 1;
      }
    },

    /**
     * Messages newest first with the answers to each (the operator's `messages list`): all,
     * those still to be mailed, or those given up on.
     */
    async list(
      options: { pendingOnly?: boolean; failedOnly?: boolean } = {},
    ): Promise<(ListedContactMessage & { replies: ContactReplyRow[] })[]> {
      const rows = await listContactMessages(db, options);
      const replies = await repliesTo(
        db,
        rows.filter((row) => row.replyCount > 0).map((row) => row.id),
      );
      return rows.map((row) => ({
        ...row,
        replies: replies.filter((reply) => reply.messageId === row.id),
      }));
    },

    /** Puts a failed message back in the queue with its tries counted afresh (`messages retry`). */
    async retry(id: string): Promise<void> {
      const row = isUuid(id) ? await findContactMessage(db, id) : null;
      if (!row) throw new OpsError(`No contact message ${id}`);
      if (row.senderDeleted) {
        throw new OpsError(`Message ${id} is from a deleted account: nothing is mailed for it`);
      }
      if (!(await requeueFailedMessage(db, id, now()))) {
        const state = row.deliveredAt ? 'was delivered' : 'is still pending';
        throw new OpsError(
          `Message ${id} has not failed (it ${state}): only a failed one is retried`,
        );
      }
      // A running server mails it at once rather than on its next round.
      wakeSenders();
    },

    /**
     * Stores the operator's answer to a message (`messages reply`), for the player to read in the
     * app. The sender's row is locked while writing, so a deletion racing the answer either
     * erases it or is seen here.
     */
    async reply(messageId: string, text: string): Promise<ContactReplyRow> {
      const body = replyText(text);
      return db.transaction(async (tx) => {
        const message = isUuid(messageId) ? await findContactMessage(tx, messageId) : null;
        if (!message) throw new OpsError(`No contact message ${messageId}`);
        if (!(await lockActiveUser(tx, message.userId))) {
          throw new OpsError(
            `Message ${messageId} is from a deleted account: nobody would read a reply`,
          );
        }
        return insertContactReply(tx, { messageId, body, at: now() });
      });
    },

    /** The player's messages, newest first, each with the operator's answers oldest first. */
    async threads(userId: string): Promise<ContactThread[]> {
      const messages = await messagesOf(db, userId);
      const replies = await repliesTo(
        db,
        messages.map((message) => message.id),
      );
      return messages.map((message) =>
        toThreadView(
          message,
          replies.filter((reply) => reply.messageId === message.id),
        ),
      );
    },

    /** The player opened the answers to their message: they are no longer new. */
    async markRead(userId: string, messageId: string): Promise<void> {
      if (!isUuid(messageId)) throw notFound(UNKNOWN_MESSAGE);
      await db.transaction(async (tx) => {
        if (!(await lockActiveUser(tx, userId))) throw unauthorized();
        if (!(await findMessageOf(tx, messageId, userId))) throw notFound(UNKNOWN_MESSAGE);
        await markRepliesRead(tx, messageId, now());
      });
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
