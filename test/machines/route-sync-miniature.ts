// The app's route sync (src/lib/route-sync.ts) in miniature, for machine tests without React:
// it follows a running machine's screens with the same rule (followScreen) and reports each move
// of the address bar, and `opening` marks the player opening an address.
import type { AnyActorRef } from 'xstate';
import { followScreen, screenOf, type Screen } from '../../machines/shared/routes';

export type Move = { to: string; replace: boolean; state: Record<string, unknown> | undefined };

export function followRoutes(
  actor: AnyActorRef,
  moved: (move: Move) => void,
  stateOf?: (snapshot: never) => Record<string, unknown> | undefined,
) {
  let location = '';
  let onScreen: Screen | null = null;
  let opening = false;
  actor.subscribe((snapshot: Parameters<typeof screenOf>[0]) => {
    const shown = screenOf(snapshot);
    const move = followScreen(shown, location, { opened: opening, leaving: onScreen });
    if (shown?.route !== onScreen?.route) onScreen = shown;
    if (!move) return;
    location = move.to;
    moved({ ...move, state: stateOf?.(snapshot as never) });
  });
  return {
    /** The player opens `path`; `send` delivers the machine's event for it. */
    opening(path: string, send: () => void) {
      location = path;
      opening = true;
      send();
      opening = false;
    },
  };
}
