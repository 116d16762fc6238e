// Where a machine's state and the URL meet: each screen state names the route it shows in its
// `meta` (`meta: { route: '/wallet-token' }`). The app follows the machine to that route, and
// tells the machine only when the player goes somewhere (a link, Back, a typed address); pages
// never say that they opened.

/** What a screen state declares in its `meta`. */
export type RouteMeta = { route: string };

/** The route a state's `meta` names, if any. */
export function routeIn(meta: unknown): string | null {
  if (typeof meta !== 'object' || meta === null || !('route' in meta)) return null;
  const route = meta.route;
  return typeof route === 'string' ? route : null;
}

/**
 * The route a snapshot shows: the `meta.route` of its deepest active state that names one
 * (`getMeta` lists the active states from the root down), null while no screen is chosen.
 */
export function routeOf(snapshot: { getMeta(): Record<string, unknown> }): string | null {
  let route: string | null = null;
  for (const meta of Object.values(snapshot.getMeta())) route = routeIn(meta) ?? route;
  return route;
}
