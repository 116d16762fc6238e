// The one place a machine's screens and the address bar meet (see machines/shared/routes.ts).
// The machine's screen states name their routes; this follows them, and tells the machine when
// the player goes somewhere. A route the player opened that the machine does not show (a
// redirect, such as /wallet once the instructions were seen) replaces the entry in the history,
// so Back does not bounce; a screen the machine moves on to by itself is a new entry, unless the
// screen it leaves was one to see once (`once` in its meta), whose entry it then replaces.
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import type { Actor, AnyStateMachine, EventFromLogic } from 'xstate';
import { followScreen, routeOf, screenOf, type Screen } from '../../machines/shared/routes';

export function useRouteSync<TLogic extends AnyStateMachine>(
  actor: Actor<TLogic>,
  /** The event that says the player opened `path`; null for a path the machine does not own. */
  opened: (path: string) => EventFromLogic<TLogic> | null,
): void {
  const [location, navigate] = useLocation();
  const route = useSelector(actor, routeOf);
  // The location this hook last navigated to: its arrival is not the player's doing.
  const following = useRef<string | null>(null);
  // The screen on display, as the machine declared it.
  const onScreen = useRef<Screen | null>(null);
  const openedEvent = useRef(opened);
  useLayoutEffect(() => {
    openedEvent.current = opened;
  });

  useEffect(() => {
    if (following.current === location) {
      following.current = null;
      return;
    }
    const event = openedEvent.current(location);
    if (!event) return;
    actor.send(event);
    const shown = screenOf(actor.getSnapshot());
    const move = followScreen(shown, location, { opened: true, leaving: onScreen.current });
    onScreen.current = shown;
    if (move) {
      following.current = move.to;
      navigate(move.to, { replace: move.replace });
    }
  }, [actor, location, navigate]);

  useEffect(() => {
    // `route` is what this render saw: null before any screen, and the location effect above
    // has already followed a redirect of an opening (following).
    if (route === null || route === location || route === following.current) return;
    const shown = screenOf(actor.getSnapshot());
    const move = followScreen(shown, location, { opened: false, leaving: onScreen.current });
    onScreen.current = shown;
    if (!move) return;
    following.current = move.to;
    navigate(move.to, { replace: move.replace });
    // Only a change of the machine's route moves the app; the location is read, not followed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor, route, navigate]);
}
