// The one place the screen on display and the address bar meet, in React (the rule itself is
// route-follower.ts). The machines name their screens' routes (`meta.route`) and report them to
// the root of the app's system (machines/shared/root.ts); this hook follows the root's screen,
// and tells a machine when the player goes somewhere (a link, Back, a typed address). It reads
// the root's snapshot alone: no machine's children are watched.
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
} from 'react';
import { useLocation, useSearch } from 'wouter';
import type { AnyActorRef, EventObject } from 'xstate';
import { ROOT_ID, screenOnDisplay, type ReportedScreens } from '../../machines/shared/root';
import { screenOf, type Screen, type ScreenSnapshot } from '../../machines/shared/routes';
import { createRouteFollower, type Opening, type RouteFollower } from './route-follower';

export type { Opening } from './route-follower';

/** What the hook reads of a snapshot: the root's reported screens, or a machine's own states. */
type ScreenSource = ScreenSnapshot & { context?: { screens?: ReportedScreens } };

/**
 * The screen a snapshot shows: the root's screen on display (the last one reported), or, for a
 * machine run without a root (its own root, a test), its own states' screen.
 */
function screenIn(snapshot: ScreenSource): Screen | null {
  const reported = snapshot.context?.screens;
  if (Array.isArray(reported)) return screenOnDisplay(reported);
  return screenOf(snapshot, { children: false });
}

/** The root of `actor`'s system (the session), or `actor` itself when it runs without one. */
function rootOf(actor: AnyActorRef): AnyActorRef {
  return (actor.system.get(ROOT_ID) as AnyActorRef | undefined) ?? actor;
}

/**
 * Keeps the address bar on the root's screen, and sends `actor` the event `opened` makes of
 * each address the player opens (null: one the machine does not own).
 */
export function useRouteSync<TEvent extends EventObject>(
  actor: { send: (event: TEvent) => void } & Pick<
    AnyActorRef,
    'system' | 'getSnapshot' | 'subscribe'
  >,
  opened: (opening: Opening) => TEvent | null,
): void {
  const [location, navigate] = useLocation();
  const query = useSearch();
  const search = query ? `?${query}` : '';
  const root = useMemo(() => rootOf(actor as AnyActorRef), [actor]);
  const route = useSyncExternalStore(
    useCallback(
      (changed: () => void) => {
        const subscription = root.subscribe(changed);
        return () => subscription.unsubscribe();
      },
      [root],
    ),
    () => screenIn(root.getSnapshot() as ScreenSource)?.route ?? null,
  );
  const latest = useRef({ opened, navigate });
  useLayoutEffect(() => {
    latest.current = { opened, navigate };
  });
  // One follower per machine heard (a new entry flow starts afresh, like a reload).
  const follower = useRef<RouteFollower | null>(null);
  useEffect(() => {
    follower.current = createRouteFollower<TEvent>({
      screen: () => screenIn(root.getSnapshot() as ScreenSource),
      opened: (opening) => latest.current.opened(opening),
      send: (event) => actor.send(event),
      navigate: (to, options) => latest.current.navigate(to, options),
    });
    return () => {
      follower.current = null;
    };
  }, [actor, root]);

  useEffect(() => {
    follower.current?.locationChanged(location, search, window.history.state as unknown);
  }, [actor, root, location, search]);

  useEffect(() => {
    // `route` is what this render saw; the follower reads the root's screen itself.
    follower.current?.screenChanged(location);
    // Only a change of the root's route moves the app; the location is read, not followed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor, root, route]);
}
