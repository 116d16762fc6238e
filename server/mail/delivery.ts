// Every instance with SMTP_URL runs this: it mails stored contact messages right after they are
// stored and, every few seconds, whatever is due again (a retry after a failure, or a message
// another instance took and never finished). Instances share the work through the database;
// each message is taken by one of them at a time (repositories/contact.ts).
import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnreachable } from '../db/database';
import type { ContactService } from '../services/contact';

/** How often an instance looks for messages due again. */
export const DELIVERY_INTERVAL_MS = 5_000;
/**
 * A stop waits this long at most for a mail under way (the server must stop within seconds).
 * A mail cut short is sent again once its claim lapses: at worst the operator gets it twice,
 * under one Message-ID.
 */
export const STOP_WAIT_MS = 2_000;

export interface ContactDelivery {
  /** Lets the round under way finish (for up to STOP_WAIT_MS), then stops. */
  stop(): Promise<void>;
}

export function startContactDelivery(
  contact: ContactService,
  options: {
    log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
    intervalMs?: number;
  },
): ContactDelivery {
  const intervalMs = options.intervalMs ?? DELIVERY_INTERVAL_MS;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  // Rounds run one after another; wakes while one waits to start are one round.
  let running: Promise<void> = Promise.resolve();
  let queued = false;

  async function round(): Promise<void> {
    queued = false;
    if (stopped) return;
    try {
      const { failed } = await contact.deliverDue();
      for (const failure of failed) {
        options.log.warn(
          { messageId: failure.id, attempts: failure.attempts, reason: failure.error },
          failure.gaveUp
            ? 'contact message not mailed and given up on (ops: messages list --failed, messages retry ID)'
            : 'contact message not mailed yet; it stays stored and is tried again later',
        );
      }
    } catch (error) {
      // The messages stay stored; the next round tries again.
      if (isDatabaseUnreachable(error)) {
        options.log.warn('contact delivery paused: the database is unreachable');
      } else {
        options.log.error({ err: error }, 'contact delivery failed');
      }
    }
    plan();
  }

  function plan() {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(tick, intervalMs);
  }

  function tick() {
    if (stopped || queued) return;
    queued = true;
    running = running.then(round);
  }

  const unsubscribe = contact.onStored(tick);
  tick();
  return {
    async stop() {
      stopped = true;
      unsubscribe();
      clearTimeout(timer);
      let waited: NodeJS.Timeout | undefined;
      await Promise.race([
        running,
        new Promise<void>((resolve) => {
          waited = setTimeout(resolve, STOP_WAIT_MS);
        }),
      ]);
      clearTimeout(waited);
    },
  };
}
