// What instances tell each other through the database (PostgreSQL NOTIFY, in process when
// embedded). Payloads are checked like any input: another process wrote them.
import * as z from 'zod/mini';

/** The NOTIFY channel that carries TimerChannel broadcasts between instances. */
export const TIMER_NOTIFY_CHANNEL = 'bb_timer';

/** The NOTIFY channel that carries ended sessions, so every instance drops their sockets. */
export const SESSIONS_ENDED_NOTIFY_CHANNEL = 'bb_sessions_ended';

/** Sessions that just ended: by id (a logout) or every session of a player (a deletion). */
export const EndedSessions = z.object({
  sessionIds: z.optional(z.array(z.string())),
  userIds: z.optional(z.array(z.string())),
});
export type EndedSessions = z.infer<typeof EndedSessions>;

/** The payload of a notification checked by `schema`, or null when it is anything else. */
export function parseNotification<T>(schema: z.ZodMiniType<T>, payload: string): T | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return null;
  }
  const result = schema.safeParse(parsed);
  return result.success ? result.data : null;
}
