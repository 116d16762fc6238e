// The presentation environment's reset (DEMO_MODE, DESIGN section 8): POST demo/reset wipes the
// players and everything they did, keeps the catalogs, opens a new draw and answers with the new
// starter invite code (the server prints it too, as at its first start).
import * as z from 'zod/mini';

/** POST demo/reset: the demo wiped to its start. */
export const DemoResetResponse = z.object({
  /** The campaign code the next player signs up with (the old codes are gone). */
  starter_invite_code: z.string(),
  /** The draw opened afresh. */
  draw_id: z.int(),
});
export type DemoResetResponse = z.infer<typeof DemoResetResponse>;
