// The live channel (/cable): ActionCable protocol v1 (`actioncable-v1-json`), so the official
// @rails/actioncable client connects unchanged (DESIGN section 1).
import * as z from 'zod/mini';

export const CABLE_PATH = '/cable';
export const CABLE_PROTOCOL = 'actioncable-v1-json';
export const TIMER_CHANNEL = 'TimerChannel';
export const PING_INTERVAL_SECONDS = 3;

/** What TimerChannel broadcasts: `refetch` tells every app to fetch its timer again. */
export const TimerMessage = z.object({ refetch: z.optional(z.boolean()) });
export type TimerMessage = z.infer<typeof TimerMessage>;

/** Longer identifiers are refused: the official client sends `{"channel":"TimerChannel"}`. */
export const IDENTIFIER_MAX_LENGTH = 256;
/** The `data` of a `message` command (TimerChannel takes none; other channels would). */
export const COMMAND_DATA_MAX_LENGTH = 4096;

/** What an identifier's JSON must hold: the channel it names. Other keys are the client's own. */
export const CableIdentifier = z.object({ channel: z.string().check(z.minLength(1)) });

/** The channel an identifier names, or null when it is not JSON naming one. */
export function channelOf(identifier: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(identifier);
  } catch {
    return null;
  }
  const result = CableIdentifier.safeParse(parsed);
  return result.success ? result.data.channel : null;
}

/** A client command of ActionCable v1: the only frames a client may send. */
export const CableCommand = z.object({
  command: z.enum(['subscribe', 'unsubscribe', 'message']),
  identifier: z.string().check(
    z.maxLength(IDENTIFIER_MAX_LENGTH),
    z.refine((identifier) => channelOf(identifier) !== null),
  ),
  data: z.optional(z.string().check(z.maxLength(COMMAND_DATA_MAX_LENGTH))),
});
export type CableCommand = z.infer<typeof CableCommand>;

/** The command a text frame carries, or null for anything that is not one. */
export function parseCableCommand(text: string): CableCommand | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const result = CableCommand.safeParse(parsed);
  return result.success ? result.data : null;
}

/** Why the server ends a connection (ActionCable's `disconnect` reasons). */
export const DisconnectReason = z.enum(['unauthorized', 'server_restart']);
export type DisconnectReason = z.infer<typeof DisconnectReason>;
