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
import {
  isShownAt,
  screenOf,
  type Screen,
  type ScreenSnapshot,
} from '../../machines/shared/routes';
import { tellAnalytics } from './analytics-later';
import {
  createRouteFollower,
  entryIndex,
  newTabHistory,
  type Opening,
  type RouteFollower,
  type TabHistory,
} from './route-follower';

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

// The tab's history as this page load knows it, one for every follower of a root (the entry
// flow's, then the signed-in app's): a new root is a new page load (a reload, in tests).
const tabs = new WeakMap<AnyActorRef, TabHistory>();

function tabOf(root: AnyActorRef): TabHistory {
  let tab = tabs.get(root);
  if (!tab) tabs.set(root, (tab = newTabHistory()));
  return tab;
}

/**
 * Whether the entry on display was reached by Back or Forward, and not followed yet: the route
 * follower steps on past an address the app does not have, so nothing redirects from it.
 */
export function reachedByTraversal(actor: AnyActorRef): boolean {
  const at = tabs.get(rootOf(actor))?.at ?? null;
  const index = entryIndex(window.history.state);
  return at !== null && index !== null && index !== at;
}

/** Whether the route follower is stepping on past the entry on display (Back, Forward). */
export function steppingOn(actor: AnyActorRef): boolean {
  return tabs.get(rootOf(actor))?.steppingOn ?? false;
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
  /** The addresses the app has (Back or Forward steps past any other); unsaid: all. */
  has?: (path: string) => boolean,
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
    // The route, whether its screen is one seen once (another may follow at the same route),
    // and the history state it has now (its entry keeps it).
    () => {
      const screen = screenIn(root.getSnapshot() as ScreenSource);
      if (!screen) return null;
      return `${screen.route}${screen.once ? ' (once)' : ''} ${JSON.stringify(screen.state ?? {})}`;
    },
  );
  const latest = useRef({ opened, navigate, has });
  useLayoutEffect(() => {
    latest.current = { opened, navigate, has };
  });
  // One follower per machine heard (a new entry flow starts afresh, like a reload).
  const follower = useRef<RouteFollower | null>(null);
  useEffect(() => {
    follower.current = createRouteFollower<TEvent>({
      screen: () => screenIn(root.getSnapshot() as ScreenSource),
      opened: (opening) => latest.current.opened(opening),
      send: (event) => actor.send(event),
      navigate: (to, options) => latest.current.navigate(to, options),
      has: (path) => latest.current.has?.(path) ?? true,
      history: {
        tab: tabOf(root),
        step: (direction) => (direction < 0 ? window.history.back() : window.history.forward()),
        mark: (fields) => {
          const state: unknown = window.history.state;
          const now = typeof state === 'object' && state !== null ? state : {};
          const same = Object.entries(fields).every(
            ([key, value]) => (now as Record<string, unknown>)[key] === value,
          );
          if (!same) window.history.replaceState({ ...now, ...fields }, '');
        },
        // The tab holds more entries than the app knows of (from its first on): some before.
        hasBefore: () => window.history.length > (tabOf(root).top ?? 0) + 1,
      },
    });
    return () => {
      follower.current = null;
    };
  }, [actor, root]);

  // A page view for the screen the app shows once the address bar and the root agree after a
  // step (a redirect has happened by then): the screen's route, or the address itself for a
  // page no machine shows (a legal page, the install guide). Nothing while Back or Forward
  // steps on past an entry, before any screen shows, or at an address the app does not have.
  const reportOpened = useCallback(() => {
    if (tabs.get(root)?.steppingOn) return;
    const path = window.location.pathname;
    if (latest.current.has?.(path) === false) return;
    const screen = screenIn(root.getSnapshot() as ScreenSource);
    if (!screen) return;
    const opened = isShownAt(screen, path) ? screen.route : path;
    const entry = entryIndex(window.history.state);
    tellAnalytics((analytics) => analytics.routeOpened(opened, entry));
  }, [root]);

  // Every step of the root, as it happens (the render sees only the last of several): a screen
  // seen once marks its entry even when its machine moves on at once.
  useEffect(() => {
    const subscription = root.subscribe(() =>
      follower.current?.screenPassed(window.location.pathname),
    );
    return () => subscription.unsubscribe();
  }, [root]);

  // The entry the follower was last told of (its address and index): Back or Forward to an
  // entry at the same address changes no location for the router, and is told here; an entry
  // the router's render has told already is not told twice (the follower may have stepped on
  // from it, and a second telling would open it).
  const told = useRef<string | null>(null);
  const entryOf = (address: string) => `${address} ${entryIndex(window.history.state)}`;
  useEffect(() => {
    told.current = entryOf(`${location}${search}`);
    follower.current?.locationChanged(location, search, window.history.state as unknown);
    reportOpened();
  }, [actor, root, location, search, reportOpened]);
  useEffect(() => {
    const traversed = () => {
      const { pathname, search: query } = window.location;
      const address = `${pathname}${query}`;
      if (!told.current?.startsWith(`${address} `) || told.current === entryOf(address)) return;
      told.current = entryOf(address);
      follower.current?.locationChanged(pathname, query, window.history.state as unknown);
      reportOpened();
    };
    window.addEventListener('popstate', traversed);
    return () => window.removeEventListener('popstate', traversed);
  }, [reportOpened]);

  useEffect(() => {
    // `route` is what this render saw; the follower reads the root's screen itself.
    follower.current?.screenChanged(location);
    reportOpened();
    // Only a change of the root's route moves the app; the location is read, not followed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor, root, route]);
}
