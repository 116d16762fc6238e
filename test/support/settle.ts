/**
 * Lets what is already under way finish: resolved promises run their callbacks, and whatever
 * they scheduled for "now" (a zero-delay timer, an actor's delayed send of 0) runs too. One
 * macrotask turn; it waits on no clock and on no fixed time.
 *
 * Tests that render React wrap it in `act` (see test/model/helpers/app-harness.tsx) so the
 * renders the settled promises cause are flushed as well.
 */
export function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
