// Where a machine's state and the URL meet: each screen state names the route it shows in its
// `meta` (`meta: { route: '/wallet-token' }`). The app follows the machine to that route, and
// tells the machine only when the player goes somewhere (a link, Back, a typed address); pages
// never say that they opened.

/** What a screen state declares in its `meta`. */
export type RouteMeta = {
  route: string;
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
  return { route, also, once: 'once' in meta && meta.once === true };
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
