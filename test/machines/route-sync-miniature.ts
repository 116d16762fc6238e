// The app's route sync (src/lib/route-follower.ts, the rule src/lib/route-sync.ts runs in React)
// on a memory address bar, for machine tests without React: the real follower, driven as the
// hook drives it. It follows the screen a root reports (its `screens`), or, for a machine run on
// its own, the screen its states and running children name; it reports each move of the address
// bar, and `opening` marks the player opening an address.
import type { AnyActorRef } from 'xstate';
import { screenOnDisplay, type ReportedScreens } from '../../machines/shared/root';
import { screenOf, type Screen, type ScreenSnapshot } from '../../machines/shared/routes';
import { createRouteFollower } from '../../src/lib/route-follower';

export type Move = { to: string; replace: boolean; state: Record<string, unknown> | undefined };

type Watched = ScreenSnapshot & { context?: { screens?: ReportedScreens } };

function screenIn(
  snapshot: Watched,
  stateOf?: (snapshot: never) => Record<string, unknown> | undefined,
): Screen | null {
  const reported = snapshot.context?.screens;
  if (Array.isArray(reported)) return screenOnDisplay(reported);
  const screen = screenOf(snapshot);
  return screen && { ...screen, state: stateOf?.(snapshot as never) };
}

export function followRoutes(
  actor: Pick<AnyActorRef, 'subscribe'> & Partial<Pick<AnyActorRef, 'getSnapshot'>>,
  moved: (move: Move) => void,
  stateOf?: (snapshot: never) => Record<string, unknown> | undefined,
) {
  let location = '';
  // The snapshot last seen (an actor's, or what a watcher of several hands on).
  let latest = actor.getSnapshot?.() as Watched | undefined;
  let send: (() => void) | null = null;
  const newFollower = () =>
    createRouteFollower<true>({
      screen: () => (latest ? screenIn(latest, stateOf) : null),
      opened: () => (send ? true : null),
      send: () => send?.(),
      navigate: (to, { replace, state }) => {
        location = to;
        moved({ to, replace, state });
        // The address bar arrives where the follower sent it, as the router tells the hook.
        follower.locationChanged(to, '', state ?? null);
      },
    });
  let follower = newFollower();
  // The hook follows a new route once the opening is handled (its effects run in that order).
  let opening = false;
  actor.subscribe((snapshot: unknown) => {
    latest = snapshot as Watched;
    if (!opening) follower.screenChanged(location);
  });
  return {
    /** The player opens `path`; `deliver` sends the machine's event for it. */
    opening(path: string, deliver: () => void) {
      // The address on display opened again (a reload): the hook starts afresh.
      if (path === location) follower = newFollower();
      location = path;
      send = deliver;
      opening = true;
      follower.locationChanged(path, '', null);
      opening = false;
      send = null;
      follower.screenChanged(location);
    },
  };
}
