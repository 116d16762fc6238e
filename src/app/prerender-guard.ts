// The guard of a built first screen (prerender-pages.ts): a small script of its own that runs in
// the page's <head>, before the first paint (vite.config.ts builds it and names it in each built
// page). A page that does not fit this visit (a signed-in player opening /disclaimer, say) is
// marked stale, so its content never shows: the app renders its own screen when it starts. A
// page that fits shows at once, but holds still until React has taken it over: a tap or a typed
// number before then would be lost to the app (React drops what reaches a screen it has not
// taken over yet). The guard also starts the app, once the screen has been painted: its code is
// fetched and run after the paint, never before nor in its way.
import { STORAGE_KEYS } from '../../machines/shared/device';
import { isDesktopDevice } from '../features/entry-flow/device';
import { isStandalone } from '../features/install/install-mode';
import { stored, storedSession } from './prerender-device';
import { historySaysTicketReceived, pageFits, type Visitor } from './prerender-fit';
import {
  APP_FILES_META,
  isPrerenderedPage,
  PAGE_ATTRIBUTE,
  STALE_ATTRIBUTE,
} from './prerender-pages';

/** However the first paint goes, the app starts this long after the page at the latest. */
const START_AT_LATEST_MS = 2000;

function visitor(): Visitor {
  return {
    ...storedSession(),
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

/**
 * Fetches and runs the app's code the page names (prerender-pages.ts: its entry first, then what
 * its screen loads lazily), once the whole page has been read (the app renders into #root).
 */
function startApp(): void {
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', startApp, { once: true });
    return;
  }
  const named = document.querySelector<HTMLMetaElement>(`meta[name="${APP_FILES_META}"]`);
  if (!named) return;
  named.remove();
  const [entry, ...lazy] = named.content.split(' ');
  if (!entry) return;
  // The screen's lazily loaded code, alongside the entry rather than after it.
  for (const file of lazy) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = file;
    document.head.append(link);
  }
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = entry;
  document.head.append(script);
}

/**
 * Starts the app once the browser has painted the screen (its first contentful paint, as the
 * browser reports it), so that nothing of the app's start comes before that paint.
 */
function startAppOncePainted(): void {
  // A hidden tab paints nothing: the app starts at once.
  if (document.visibilityState === 'hidden') {
    startApp();
    return;
  }
  document.addEventListener('visibilitychange', startApp, { once: true });
  // Whatever the browser says or does not, the app starts in time.
  setTimeout(startApp, START_AT_LATEST_MS);
  if (!PerformanceObserver.supportedEntryTypes.includes('paint')) {
    // A browser that does not say when it painted: after the second frame from now.
    requestAnimationFrame(() => requestAnimationFrame(startApp));
    return;
  }
  new PerformanceObserver((entries, observer) => {
    if (!entries.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    startApp();
  }).observe({ type: 'paint', buffered: true });
}

const html = document.documentElement;
const page = html.getAttribute(PAGE_ATTRIBUTE) ?? undefined;
if (isPrerenderedPage(page) && pageFits(page, window.location.pathname, visitor())) {
  holdUntilTakenOver();
  startAppOncePainted();
} else {
  html.setAttribute(STALE_ATTRIBUTE, '');
  startApp();
}
