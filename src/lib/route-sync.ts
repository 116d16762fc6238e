// The one place a machine's screens and the address bar meet (see machines/shared/routes.ts).
// The machine's screen states name their routes; this follows them, and tells the machine when
// the player goes somewhere. A route the player opened that the machine does not show (a
// redirect, such as /wallet once the instructions were seen) replaces the entry in the history,
// so Back does not bounce; a screen the machine moves on to by itself is a new entry, unless the
// screen it leaves was one to see once (`once` in its meta), whose entry it then replaces.
import { useCallback, useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { ActorRef, AnyActorRef, EventObject, Snapshot, Subscription } from 'xstate';
import {
  followScreen,
  isShownAt,
  machineChildren,
  routeOf,
  screenOf,
  type Screen,
  type ScreenSnapshot,
} from '../../machines/shared/routes';

/** What the player opened: the path, the query string ('' or '?…') and the history state. */
export type Opening = { path: string; search: string; state: unknown };

/** A running machine's snapshot: its active states' `meta` (and its children's) name the screen. */
type RunningScreens = Snapshot<unknown> & ScreenSnapshot;

/**
 * Calls `changed` whenever `actor` or any machine it runs (and theirs) takes a step: a child
 * flow moving between its screens changes the route without changing its parent's snapshot.
 */
function watchScreens(actor: AnyActorRef, changed: () => void): () => void {
  const watched = new Map<AnyActorRef, Subscription>();
  const rewatch = () => {
    const running = new Set<AnyActorRef>();
    const visit = (ref: AnyActorRef) => {
      running.add(ref);
      const snapshot = ref.getSnapshot() as { children?: Record<string, AnyActorRef | undefined> };
      for (const child of machineChildren(snapshot)) visit(child);
    };
    visit(actor);
    for (const [ref, subscription] of watched) {
      if (!running.has(ref)) {
        subscription.unsubscribe();
        watched.delete(ref);
      }
    }
    for (const ref of running) {
      if (!watched.has(ref)) {
        watched.set(
          ref,
          ref.subscribe(() => {
            rewatch();
            changed();
          }),
        );
      }
    }
  };
  rewatch();
  return () => {
    for (const subscription of watched.values()) subscription.unsubscribe();
    watched.clear();
  };
}

export function useRouteSync<
  TSnapshot extends RunningScreens,
  TEvent extends EventObject,
  TEmitted extends EventObject,
>(
  actor: ActorRef<TSnapshot, TEvent, TEmitted>,
  /** The event that says the player opened a route; null for one the machine does not own. */
  opened: (opening: Opening) => TEvent | null,
  /** The history state a screen's address carries (read again on a reload), if any. */
  stateOf?: (snapshot: TSnapshot) => Record<string, unknown> | undefined,
): void {
  const [location, navigate] = useLocation();
  const query = useSearch();
  const search = query ? `?${query}` : '';
  const route = useSyncExternalStore(
    useCallback((changed: () => void) => watchScreens(actor as AnyActorRef, changed), [actor]),
    () => routeOf(actor.getSnapshot()),
  );
  // The location this hook last navigated to: its arrival is not the player's doing.
  const following = useRef<string | null>(null);
  // The screen on display, as the machine declared it, and the address it was opened at.
  const onScreen = useRef<Screen | null>(null);
  const openedAt = useRef<string | null>(null);
  const callbacks = useRef({ opened, stateOf });
  useLayoutEffect(() => {
    callbacks.current = { opened, stateOf };
  });

  const go = (to: string, replace: boolean) => {
    following.current = to;
    openedAt.current = to;
    const state = callbacks.current.stateOf?.(actor.getSnapshot());
    navigate(to, { replace, ...(state ? { state } : {}) });
  };

  useEffect(() => {
    const address = `${location}${search}`;
    if (following.current === location) {
      following.current = null;
      return;
    }
    // Back to the screen on display, at the address it was left from (after reading a legal
    // page, say): nothing has changed for the machine.
    const shownNow = screenOf(actor.getSnapshot());
    if (shownNow && isShownAt(shownNow, location) && openedAt.current === address) return;
    const event = callbacks.current.opened({
      path: location,
      search,
      state: window.history.state as unknown,
    });
    if (!event) return;
    openedAt.current = address;
    actor.send(event);
    const shown = screenOf(actor.getSnapshot());
    const move = followScreen(shown, location, { opened: true, leaving: onScreen.current });
    onScreen.current = shown;
    if (move) go(move.to, move.replace);
    // `go` reads the latest callbacks through a ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor, location, search, navigate]);

  useEffect(() => {
    // `route` is what this render saw: null before any screen, and the location effect above
    // has already followed a redirect of an opening (following).
    if (route === null || route === location || route === following.current) return;
    const shown = screenOf(actor.getSnapshot());
    const move = followScreen(shown, location, { opened: false, leaving: onScreen.current });
    onScreen.current = shown;
    if (move) go(move.to, move.replace);
    // Only a change of the machine's route moves the app; the location is read, not followed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor, route, navigate]);
}
