// The rule that keeps the address bar and the screen on display together, free of React (the
// hook in route-sync.ts runs it; tests run it on a memory history). The machines name their
// screens' routes (`meta.route`) and report them to the root; this follows the root's screen,
// and tells the root when the player goes somewhere (a link, Back, a typed address). A route
// the player opened that the machine does not show (a redirect, such as /wallet once the
// instructions were seen) replaces the entry in the history, so Back does not bounce; a screen
// the machine moves on to by itself is a new entry, unless the screen it leaves was one to see
// once (`once` in its meta), whose entry it then replaces, or the screen it moves to is the one
// of the entry before, which it goes Back to.
//
// Back and Forward never land on an entry the app would leave at once. Every entry the app
// writes carries its index in the tab's history (`HISTORY_INDEX` in its state: a push is the
// index after, a replace the same), so a traversal (Back, Forward) tells its direction. When it
// reaches an address the app does not have or the machine does not show, an entry of a screen
// seen once and left, or the address Back or Forward was pressed on, the follower steps on the
// same way (`history.back()`/`forward()`); with nothing further that way, it redirects as for
// an opening.
import { followScreen, isShownAt, type Screen } from '../../machines/shared/routes';

/** What the player opened: the path, the query string ('' or '?…') and the history state. */
export type Opening = { path: string; search: string; state: unknown };

export type RouteNavigate = (
  to: string,
  options: { replace: boolean; state?: Record<string, unknown> },
) => void;

/** The key of the entry's index in the history state the app writes. */
export const HISTORY_INDEX = 'historyIndex';
/** The key that marks the entry of a screen seen once. */
const SEEN_ONCE = 'seenOnce';

/** Where the tab's history stands, as the app knows it: one per page load, for every follower. */
export type TabHistory = {
  /** The index of the entry on display; null before the first. */
  at: number | null;
  /** The highest index known to exist (Forward goes no further). */
  top: number | null;
  /** The address of each entry known, by index. */
  addresses: Array<string | undefined>;
  /** Back or Forward is stepping on past the entry on display. */
  steppingOn: boolean;
};

export const newTabHistory = (): TabHistory => ({
  at: null,
  top: null,
  addresses: [],
  steppingOn: false,
});

type State = Record<string, unknown>;
const isState = (state: unknown): state is State => typeof state === 'object' && state !== null;

/** The index an entry's history state carries, null for an entry the app has not marked. */
export function entryIndex(state: unknown): number | null {
  const index = isState(state) ? state[HISTORY_INDEX] : undefined;
  return typeof index === 'number' ? index : null;
}

/** The screen's own history state, without what the follower keeps in it (null for none). */
export function screenState(state: unknown): unknown {
  if (!isState(state)) return state;
  const own = Object.fromEntries(
    Object.entries(state).filter(([key]) => key !== HISTORY_INDEX && key !== SEEN_ONCE),
  );
  return Object.keys(own).length > 0 || !(HISTORY_INDEX in state) ? own : null;
}

export type RouteFollower = {
  /** The address bar shows `path` + `search` (opened by the player, or reached by `navigate`). */
  locationChanged(path: string, search: string, state: unknown): void;
  /** The root took a step while the address bar shows `path`: follow its screen's new route. */
  screenChanged(path: string): void;
  /**
   * The root's screen at this moment, while the address bar shows `path` (told of every step,
   * also of a screen shown for no longer than a step): the entry of a screen seen once is
   * marked so, even when the machine moves on from it before the page paints.
   */
  screenPassed(path: string): void;
};

export function createRouteFollower<TEvent>(options: {
  /** The screen on display (the root's), null while none is shown. */
  screen: () => Screen | null;
  /** The event that says the player opened a route; null for one no machine owns. */
  opened: (opening: Opening) => TEvent | null;
  send: (event: TEvent) => void;
  navigate: RouteNavigate;
  /** Whether the app has `path` (one it does not have, it leaves at once); unsaid: all. */
  has?: (path: string) => boolean;
  /** Steps through the tab's history (Back, Forward); its entries are indexed when given. */
  history?: {
    tab: TabHistory;
    step: (direction: -1 | 1) => void;
    /** Writes `fields` into the state of the entry on display, in place (undefined: none). */
    mark: (fields: State) => void;
    /** Whether the tab has an entry before the app's first (Back from it leaves the app). */
    hasBefore: () => boolean;
  };
}): RouteFollower {
  const tab = options.history?.tab;
  // The location this follower last navigated to: its arrival is not the player's doing.
  let following: string | null = null;
  // The screen on display as last followed, and the address it was opened at.
  let onScreen: Screen | null = null;
  let openedAt: string | null = null;
  // The route `screenChanged` last saw: only a change of the machine's route moves the app.
  let seenRoute: string | null | undefined;
  // The address the follower last saw in the address bar.
  let here: string | null = null;
  // The address a Back or Forward was pressed on (the player left it).
  let traversedFrom: string | null = null;

  const record = (index: number, address: string, push: boolean) => {
    if (!tab) return;
    tab.at = index;
    tab.top = push ? index : Math.max(tab.top ?? index, index);
    if (push) tab.addresses.length = index;
    tab.addresses[index] = address;
  };

  const go = (to: string, replace: boolean, leavingOnce: boolean) => {
    following = to;
    openedAt = to;
    const shown = options.screen();
    let state = shown?.state;
    if (tab && options.history) {
      const at = tab.at;
      // The machine hands over by itself (not a redirect of an opening) to the screen of the
      // entry before: its entry is given back, Back to that entry, instead of a second entry
      // of the same screen (a flow that ends where it was started from, a drawer closed, a
      // screen seen once left). Back from there then goes where it went before.
      const handsBack = !replace || leavingOnce;
      if (handsBack && at !== null && at > 0 && tab.addresses[at - 1] === to) {
        options.history.step(-1);
        return;
      }
      const index = at === null ? 0 : replace ? at : at + 1;
      record(index, to, !replace);
      state = { ...state, [HISTORY_INDEX]: index, ...(shown?.once ? { [SEEN_ONCE]: true } : {}) };
    }
    options.navigate(to, { replace, ...(state ? { state } : {}) });
  };

  /**
   * Where the entry reached lies from the one on display (-1 Back, 1 Forward, 0 neither: a new
   * entry, a reload, the first); the tab's history moves to it, an unmarked entry is marked.
   */
  const arrive = (address: string, state: unknown): -1 | 0 | 1 => {
    if (!tab) return 0;
    tab.steppingOn = false;
    const index = entryIndex(state);
    const from = tab.at;
    if (index === null) {
      const next = from === null ? 0 : from + 1;
      record(next, address, true);
      options.history?.mark({ [HISTORY_INDEX]: next });
      return 0;
    }
    record(index, address, from === null);
    return from === null || index === from ? 0 : index < from ? -1 : 1;
  };

  /** Steps on past the entry on display, when there is one further that way. */
  const stepOn = (direction: -1 | 1): boolean => {
    const at = tab?.at ?? null;
    if (!options.history || at === null) return false;
    const further = direction < 0 ? at > 0 || options.history.hasBefore() : at < (tab?.top ?? at);
    if (!further || !tab) return false;
    tab.steppingOn = true;
    options.history.step(direction);
    return true;
  };

  const follow = (path: string, opened: boolean) => {
    const shown = options.screen();
    const move = followScreen(shown, path, { opened, leaving: onScreen });
    onScreen = shown;
    // Not opened, a move replaces only the entry of a screen seen once.
    if (move) go(move.to, move.replace, move.replace && !opened);
  };

  return {
    locationChanged(path, search, state) {
      const address = `${path}${search}`;
      // The address the traversal left: the one Back or Forward was pressed on, kept while the
      // follower steps on past entries (each step lands on another).
      if (!tab?.steppingOn) traversedFrom = here;
      const left = traversedFrom;
      here = address;
      const direction = arrive(address, state);
      if (following === path) {
        following = null;
        return;
      }
      // Back or Forward to an entry the app would leave at once: an address it does not have,
      // a screen seen once and left, or the address just left (the same screen again): on past
      // it, the same way.
      if (direction !== 0) {
        const seenOnce = isState(state) && state[SEEN_ONCE] === true;
        const leaves = seenOnce || address === left || options.has?.(path) === false;
        if (leaves && stepOn(direction)) return;
      }
      // Back to the screen on display, at the address it was left from (after reading a legal
      // page, say): nothing has changed for the machine.
      const shownNow = options.screen();
      if (shownNow && isShownAt(shownNow, path) && openedAt === address) return;
      const event = options.opened({ path, search, state: screenState(state) });
      if (!event) return;
      openedAt = address;
      options.send(event);
      // An address the machine does not show, reached by Back or Forward: on past it.
      const shown = options.screen();
      if (direction !== 0 && shown && !isShownAt(shown, path) && stepOn(direction)) {
        onScreen = shown;
        return;
      }
      follow(path, true);
    },
    screenPassed(path) {
      const shown = options.screen();
      if (shown?.once && isShownAt(shown, path)) options.history?.mark({ [SEEN_ONCE]: true });
    },
    screenChanged(path) {
      const shown = options.screen();
      // The entry on display is marked seen once while a screen seen once shows there (another
      // screen may take its place at the same address: the mark goes), and carries the history
      // state the screen has now (progress made on it, read again on a reload).
      if (shown && isShownAt(shown, path)) {
        options.history?.mark({ ...shown.state, [SEEN_ONCE]: shown.once ? true : undefined });
      }
      const route = shown?.route ?? null;
      if (route === seenRoute) return;
      seenRoute = route;
      // Back or Forward is stepping on past the entry on display (the step lands a moment
      // later): the entry it reaches decides, and nothing is written in between.
      if (tab?.steppingOn) return;
      // Nothing to show yet, or there already; a redirect of an opening is under way.
      if (route === null || route === path || route === following) return;
      follow(path, false);
    },
  };
}
