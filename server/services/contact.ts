// Contact Us: a signed-in player's message is stored first, then mailed to CONTACT_EMAIL when
// the server has a mailer. The stored row is the outbox: a message stays until a mail server
// accepted it, however long the mail server is away.
import { CONTACT_MESSAGES_PER_HOUR, CONTACT_TOO_MANY } from '../../contract/contact';
import { tooMany, unauthorized } from '../errors';
import type { OutgoingMail } from '../mail/mailer';
import { maskPhone } from '../phone';
import {
  claimDueMessage,
  insertContactMessage,
  listContactMessages,
  markMessageDelivered,
  markMessageFailed,
  recentMessagesOf,
  type ContactMessageWithPhone,
} from '../repositories/contact';
import { lockActiveUser } from '../repositories/users';
import type { ServiceContext } from './context';

const HOUR_MS = 60 * 60 * 1000;
/** The first retry of a failed mail waits this long, each next one twice as long... */
export const FIRST_RETRY_MS = 30_000;
/** ...up to this. */
export const MAX_RETRY_MS = HOUR_MS;
/**
 * How long a message taken for sending stays away from other senders. Far above the longest
 * SMTP exchange (mailer.ts): a sender that died is replaced after this.
 */
export const CLAIM_MS = 5 * 60 * 1000;
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
  failed: { id: string; attempts: number; error: string }[];
}

export function createContactService({ db, config, mailer, now }: ServiceContext) {
  const storedListeners = new Set<() => void>();

  /** The operator's mail: who wrote (masked), when, and what; never a way to text the player. */
  function mailOf(row: ContactMessageWithPhone): OutgoingMail {
    return {
      to: config.CONTACT_EMAIL,
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
      for (const listener of storedListeners) listener();
    },

    /** Calls `listener` after each stored message (the delivery loop mails it at once). */
    onStored(listener: () => void): () => void {
      storedListeners.add(listener);
      return () => storedListeners.delete(listener);
    },

    /**
     * Mails every message that is due, one at a time, until none is left or the mail server
     * fails (the rest wait for the next round rather than failing the same way). A failure is
     * recorded on the message, which is tried again after a backoff. A database failure
     * rejects; a message already taken is then tried again after CLAIM_MS.
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
          await markMessageFailed(db, row.id, {
            attempts,
            lastError: message,
            nextAttemptAt: new Date(now().getTime() + retryDelayMs(attempts)),
          });
          round.failed.push({ id: row.id, attempts, error: message });
          return round;
        }
        await markMessageDelivered(db, row.id, now());
        round.delivered += 1;
      }
    },

    /** Every message, newest first (the operator's `messages list`). */
    list(options: { pendingOnly?: boolean } = {}): Promise<ContactMessageWithPhone[]> {
      return listContactMessages(db, options);
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
