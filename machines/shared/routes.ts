// Where a machine's state and the URL meet: each screen state names the route it shows in its
// `meta` (`meta: { route: '/wallet-token' }`). The app follows the machine to that route, and
// tells the machine only when the player goes somewhere (a link, Back, a typed address); pages
// never say that they opened.

/** The tabs of the signed-in bar (spec section 2), in the order they show. */
export const TAB_IDS = ['winnings', 'home', 'tellUsMore', 'players'] as const;
export type TabId = (typeof TAB_IDS)[number];

/**
 * What the signed-in tab bar does on a screen (spec section 2), said next to its route:
 * - `'none'`: no bar (a form);
 * - `'questions'`: no bar, but the Home tab alone during a Tell Us More session (the screens of
 *   the questions flow: You're Entered, the rewards, What I Like, the disclosure, the questions);
 * - `'home'`: /home, without the Home tab; no bar while the player may press the button, nor
 *   during a Tell Us More session;
 * - `{ without }`: the bar without the tabs named (the screen's own).
 * A screen that says nothing shows every tab (`EVERY_TAB`).
 */
export type ScreenTabs = 'none' | 'questions' | 'home' | { without: readonly TabId[] };

/** The bar of a screen that says nothing of it: every tab. */
export const EVERY_TAB: ScreenTabs = { without: [] };

/** What a screen state declares in its `meta`. */
export type RouteMeta = {
  route: string;
  /** The tab bar on this screen; unsaid: every tab. */
  tabs?: ScreenTabs;
  /** Other addresses that show the same screen (the app stays at them when opened there). */
  also?: readonly string[];
  /**
   * A screen seen once on the way (an introduction): when the machine moves on from it, its
   * address is replaced, so Back skips it instead of bouncing off it.
   */
  once?: boolean;
};

export type Screen = {
  route: string;
  also: readonly string[];
  once: boolean;
  /** The tab bar on it (`meta.tabs`), when its state says. */
  tabs?: ScreenTabs;
  /** The history state the screen's address carries (read again on a reload), if any. */
  state?: Record<string, unknown> | undefined;
};

function screenIn(meta: unknown): Screen | null {
  if (typeof meta !== 'object' || meta === null || !('route' in meta)) return null;
  const route = meta.route;
  if (typeof route !== 'string') return null;
  const also =
    'also' in meta && Array.isArray(meta.also)
      ? meta.also.filter((item): item is string => typeof item === 'string')
      : [];
  const tabs = 'tabs' in meta ? (meta.tabs as ScreenTabs | undefined) : undefined;
  return { route, also, once: 'once' in meta && meta.once === true, ...(tabs ? { tabs } : {}) };
}

function describeTabs(tabs: ScreenTabs): string {
  if (tabs === 'none') return '(no tab bar)';
  if (tabs === 'questions') return '(no tab bar; Home alone in Tell Us More)';
  if (tabs === 'home') return '(tab bar without Home; none while the button can be pressed)';
  return `(tab bar without ${tabs.without.join(', ')})`;
}

/** How a state's screen reads in the flow pages: its route, its other addresses, seen once. */
export function describeScreen(meta: unknown): string | null {
  const screen = screenIn(meta);
  if (!screen) return null;
  const also = screen.also.map((route) => `\`${route}\``).join(', ');
  return [
    `\`${screen.route}\``,
    ...(also ? [`(also ${also})`] : []),
    ...(screen.once ? ['(seen once)'] : []),
    ...(screen.tabs ? [describeTabs(screen.tabs)] : []),
  ].join(' ');
}

type ChildRef = { getSnapshot(): unknown };

/** A machine's snapshot, as far as screens go: its states' meta and its running children. */
export type ScreenSnapshot = {
  getMeta(): Record<string, unknown>;
  children?: Record<string, ChildRef | undefined>;
};

/** The running children that are machines (promise and callback actors have no screens). */
export function machineChildren<TRef extends ChildRef>(snapshot: {
  children?: Record<string, TRef | undefined>;
}): TRef[] {
  return Object.values(snapshot.children ?? {}).filter((child): child is TRef => {
    const inner = child?.getSnapshot() as { getMeta?: unknown; status?: string } | undefined;
    return typeof inner?.getMeta === 'function' && inner.status === 'active';
  });
}

/**
 * The screen a snapshot shows: the `meta` of its deepest active state that names a route
 * (`getMeta` lists the active states from the root down), or the screen of a running child
 * machine, which is deeper still (a flow's step inside the flow); null while no screen is
 * chosen. At most one running child shows a screen at a time. With `children: false`, only the
 * machine's own states count (what its reporter tells the root, root.ts). The app reads the
 * screen on display from the root alone; tests read a machine run on its own with this.
 */
export function screenOf(
  snapshot: ScreenSnapshot,
  { children = true }: { children?: boolean } = {},
): Screen | null {
  let screen: Screen | null = null;
  for (const meta of Object.values(snapshot.getMeta())) screen = screenIn(meta) ?? screen;
  if (!children) return screen;
  for (const child of machineChildren(snapshot)) {
    screen = screenOf(child.getSnapshot() as ScreenSnapshot) ?? screen;
  }
  return screen;
}

/** The route a snapshot shows (see `screenOf`). */
export function routeOf(snapshot: ScreenSnapshot): string | null {
  return screenOf(snapshot)?.route ?? null;
}

/** Whether `screen` is shown at `location` (its route or one of its other addresses). */
export function isShownAt(screen: Screen, location: string): boolean {
  return screen.route === location || screen.also.includes(location);
}

/**
 * Where the address bar goes when the machine shows `next` while it reads `location`: nowhere
 * when it is there already. The move replaces the address when the player has just opened it
 * (a redirect: Back must not bounce) or when the screen being left was one to see once.
 */
export function followScreen(
  next: Screen | null,
  location: string,
  how: { opened: boolean; leaving: Screen | null },
): { to: string; replace: boolean } | null {
  if (next === null || isShownAt(next, location)) return null;
  const leavingOnce = how.leaving !== null && how.leaving.once && isShownAt(how.leaving, location);
  return { to: next.route, replace: how.opened || leavingOnce };
}
