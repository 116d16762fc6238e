import type { FastifyBaseLogger } from 'fastify';
import type { TimerMessage } from '../../contract/cable';
import type { EndedSessions } from '../cable/channels';
import type { Config } from '../config';
import type { Database, RunPrepared } from '../db/database';
import type { Mailer } from '../mail/mailer';
import type { SmsSender } from '../sms/sender';

/** What every service is built from: the database, settings, a text sender and a clock. */
export interface ServiceContext {
  db: Database;
  /** The busiest statements, prepared once per connection; plain `db.execute` when absent. */
  runPrepared?: RunPrepared;
  config: Config;
  sms: SmsSender;
  /** Mails contact messages to the operator; absent without SMTP_URL (they are only stored). */
  mailer?: Mailer;
  /** The current time; tests move it forward to expire codes and end blocks. */
  now: () => Date;
  /** Reaches every app on every instance; absent where nobody listens. */
  broadcast?: {
    /** TimerChannel: every subscribed app refetches. */
    timer(message: TimerMessage): Promise<void>;
    /** Every instance disconnects the live sockets of sessions that just ended. */
    sessionsEnded?(ended: EndedSessions): Promise<void>;
  };
  /** Where services report what happened after a response was sent (a texted winner). */
  log?: Pick<FastifyBaseLogger, 'info' | 'error'>;
}

/** Whether the database error, bare or wrapped by drizzle, carries the SQLSTATE `code`. */
function hasSqlState(error: unknown, code: string): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === code) return true;
  }
  return false;
}

/** PostgreSQL's unique_violation, whether the driver error is bare or wrapped by drizzle. */
export const isUniqueViolation = (error: unknown) => hasSqlState(error, '23505');

/**
 * A write for a player whose account was deleted (the guard of migration 0007, SQLSTATE BB001):
 * the deletion ended the player's sessions, so the request answers as one without a session.
 */
export const isPlayerDeleted = (error: unknown) => hasSqlState(error, 'BB001');

/** PostgreSQL's deadlock_detected: it failed one of the transactions waiting for each other. */
export const isDeadlock = (error: unknown) => hasSqlState(error, '40P01');

/**
 * Runs a transaction again when PostgreSQL broke a deadlock by failing it (the other side has
 * gone ahead by then), a few times at most.
 */
export async function withDeadlockRetry<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || !isDeadlock(error)) throw error;
    }
  }
}
