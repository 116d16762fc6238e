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
