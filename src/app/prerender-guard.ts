// The guard of a built first screen (prerender-pages.ts): a small script of its own that runs in
// the page's <head>, before the first paint (vite.config.ts builds it and names it in each built
// page). A page that does not fit this visit (a signed-in player opening /disclaimer, say) is
// marked stale, so its content never shows: the app renders its own screen when it starts. A
// page that fits shows at once, but holds still (inert) until React has taken it over: a tap or
// a typed number before then would be lost to the app.
import { STORAGE_KEYS } from '../../machines/shared/device';
import { isDesktopDevice } from '../features/entry-flow/device';
import { isStandalone } from '../features/install/install-mode';
import { historySaysTicketReceived, pageFits, type Visitor } from './prerender-fit';
import { isPrerenderedPage, PAGE_ATTRIBUTE, STALE_ATTRIBUTE } from './prerender-pages';

function stored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * The visitor as the device's storage says, read as it is (the app's readers would cost this
 * script the schema library): a session marked signed in, with a player and a token, is taken
 * as signed in. Where this reads more than the app will, the page is hidden and the app renders
 * afresh, which only costs the early paint.
 */
function visitor(): Visitor {
  let session: Record<string, unknown> = {};
  try {
    const entry: unknown = JSON.parse(stored(STORAGE_KEYS.userStorage) ?? 'null');
    const state =
      typeof entry === 'object' && entry !== null && 'state' in entry ? entry.state : entry;
    if (typeof state === 'object' && state !== null) session = state as Record<string, unknown>;
  } catch {
    // Unreadable: the app reads it as a fresh session too.
  }
  return {
    signedIn:
      session.isAuthenticated === true &&
      typeof session.user === 'object' &&
      session.user !== null &&
      Boolean(stored(STORAGE_KEYS.jwt)),
    termsAccepted: session.hasAcceptedTerms === true,
    desktop: isDesktopDevice(),
    // As the install gate decides (install-mode.ts) away from /install, which has no page.
    installGuide: stored(STORAGE_KEYS.showInstall) === 'true' && !isStandalone(),
    // The server sends the starting page only for an invite code of the contract's shape.
    inviteLink: true,
    ticketReceived: historySaysTicketReceived(window.history.state),
  };
}

/**
 * Holds the app's root still as soon as the parser has made it, before it is painted: inert (no
 * tap, no typing) and out of the accessibility tree (aria-hidden says so to every reader, tests
 * included) until React has taken it over (prerender-hydration.tsx lets go).
 */
function holdUntilTakenOver(): void {
  const hold = (): boolean => {
    const root = document.getElementById('root');
    if (!root) return false;
    root.inert = true;
    root.setAttribute('aria-hidden', 'true');
    return true;
  };
  if (hold()) return;
  const watcher = new MutationObserver(() => {
    if (hold()) watcher.disconnect();
  });
  watcher.observe(document.documentElement, { childList: true, subtree: true });
}

const html = document.documentElement;
const page = html.getAttribute(PAGE_ATTRIBUTE) ?? undefined;
if (isPrerenderedPage(page)) {
  if (pageFits(page, window.location.pathname, visitor())) holdUntilTakenOver();
  else html.setAttribute(STALE_ATTRIBUTE, '');
}
