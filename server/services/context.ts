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

/** PostgreSQL's unique_violation, whether the driver error is bare or wrapped by drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
