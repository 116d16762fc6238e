// The rule that keeps the address bar and the screen on display together, free of React (the
// hook in route-sync.ts runs it; tests run it on a memory history). The machines name their
// screens' routes (`meta.route`) and report them to the root; this follows the root's screen,
// and tells the root when the player goes somewhere (a link, Back, a typed address). A route
// the player opened that the machine does not show (a redirect, such as /wallet once the
// instructions were seen) replaces the entry in the history, so Back does not bounce; a screen
// the machine moves on to by itself is a new entry, unless the screen it leaves was one to see
// once (`once` in its meta), whose entry it then replaces.
import { followScreen, isShownAt, type Screen } from '../../machines/shared/routes';

/** What the player opened: the path, the query string ('' or '?…') and the history state. */
export type Opening = { path: string; search: string; state: unknown };

export type RouteNavigate = (
  to: string,
  options: { replace: boolean; state?: Record<string, unknown> },
) => void;

export type RouteFollower = {
  /** The address bar shows `path` + `search` (opened by the player, or reached by `navigate`). */
  locationChanged(path: string, search: string, state: unknown): void;
  /** The root took a step while the address bar shows `path`: follow its screen's new route. */
  screenChanged(path: string): void;
};

export function createRouteFollower<TEvent>(options: {
  /** The screen on display (the root's), null while none is shown. */
  screen: () => Screen | null;
  /** The event that says the player opened a route; null for one no machine owns. */
  opened: (opening: Opening) => TEvent | null;
  send: (event: TEvent) => void;
  navigate: RouteNavigate;
}): RouteFollower {
  // The location this follower last navigated to: its arrival is not the player's doing.
  let following: string | null = null;
  // The screen on display as last followed, and the address it was opened at.
  let onScreen: Screen | null = null;
  let openedAt: string | null = null;
  // The route `screenChanged` last saw: only a change of the machine's route moves the app.
  let seenRoute: string | null | undefined;

  const go = (to: string, replace: boolean) => {
    following = to;
    openedAt = to;
    const state = options.screen()?.state;
    options.navigate(to, { replace, ...(state ? { state } : {}) });
  };

  const follow = (path: string, opened: boolean) => {
    const shown = options.screen();
    const move = followScreen(shown, path, { opened, leaving: onScreen });
    onScreen = shown;
    if (move) go(move.to, move.replace);
  };

  return {
    locationChanged(path, search, state) {
      if (following === path) {
        following = null;
        return;
      }
      // Back to the screen on display, at the address it was left from (after reading a legal
      // page, say): nothing has changed for the machine.
      const shownNow = options.screen();
      const address = `${path}${search}`;
      if (shownNow && isShownAt(shownNow, path) && openedAt === address) return;
      const event = options.opened({ path, search, state });
      if (!event) return;
      openedAt = address;
      options.send(event);
      follow(path, true);
    },
    screenChanged(path) {
      const route = options.screen()?.route ?? null;
      if (route === seenRoute) return;
      seenRoute = route;
      // Nothing to show yet, or there already; a redirect of an opening is under way.
      if (route === null || route === path || route === following) return;
      follow(path, false);
    },
  };
}
