// The one place a machine's screens and the address bar meet (see machines/shared/routes.ts).
// The machine's screen states name their routes; this follows them, and tells the machine when
// the player goes somewhere. A route the player opened that the machine does not show (a
// redirect, such as /wallet once the instructions were seen) replaces the entry in the history,
// so Back does not bounce; a screen the machine moves on to by itself is a new entry.
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import type { Actor, AnyStateMachine, EventFromLogic } from 'xstate';
import { routeOf } from '../../machines/shared/routes';

export function useRouteSync<TLogic extends AnyStateMachine>(
  actor: Actor<TLogic>,
  /** The event that says the player opened `path`; null for a path the machine does not own. */
  opened: (path: string) => EventFromLogic<TLogic> | null,
): void {
  const [location, navigate] = useLocation();
  const route = useSelector(actor, routeOf);
  // The location this hook last navigated to: its arrival is not the player's doing.
  const following = useRef<string | null>(null);
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
    const shown = routeOf(actor.getSnapshot());
    if (shown !== null && shown !== location) {
      following.current = shown;
      navigate(shown, { replace: true });
    }
  }, [actor, location, navigate]);

  useEffect(() => {
    if (route === null || route === location || route === following.current) return;
    following.current = route;
    navigate(route);
    // Only a change of the machine's route moves the app; the location is read, not followed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [route, navigate]);
}
