// Analytics in the app (spec section 9, DESIGN section 8): page views and clicks, each with the
// platform (iOS, Android or Other), queued in memory and sent in batches: every few seconds or
// once enough are queued, with the API client, and with `navigator.sendBeacon` when the page
// hides. Analytics never hold up a screen: nothing waits for a send, a failed send is dropped
// (never retried), and the client itself loads only when the first batch goes.
import type { AnalyticsBatch, AnalyticsClick, PageView, Platform } from '../../contract/analytics';
import type { ClickEventName } from '../../contract/api';
import { readString, STORAGE_KEYS } from './storage';

/** A batch goes this long after its first item at the latest. */
export const FLUSH_AFTER_MS = 4000;
/** … or as soon as it holds this many items (the server takes at most 50 of each). */
export const FLUSH_AT_ITEMS = 20;
/** Where batches go (PATHS.analytics below the API's base). */
export const ANALYTICS_URL = '/api/v1/analytics';

/** The platform of a user agent: iPadOS says it is a Mac, but a Mac has no touch screen. */
export function platformOf(userAgent: string, maxTouchPoints = 0): Platform {
  if (/\b(iPhone|iPad|iPod)\b/.test(userAgent)) return 'ios';
  if (/\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1) return 'ios';
  if (/\bAndroid\b/.test(userAgent)) return 'android';
  return 'other';
}

export type AnalyticsOptions = {
  platform: Platform;
  /** The session's token now (null for a visitor). */
  token: () => string | null;
  /** Sends a batch with the API client; its failure is ignored. */
  send: (batch: AnalyticsBatch) => Promise<unknown>;
  /** Hands a batch to the browser to send as the page goes (false: it was refused). */
  beacon: (batch: AnalyticsBatch) => boolean;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
};

export type Analytics = ReturnType<typeof createAnalytics>;

export function createAnalytics(options: AnalyticsOptions) {
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer =
    options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  let token: string | null = null;
  let pageViews: PageView[] = [];
  let clicks: AnalyticsClick[] = [];
  let timer: unknown = null;
  // The last route told, with its history entry: a render that tells it again adds nothing.
  let lastOpened: string | null = null;

  const take = (): AnalyticsBatch | null => {
    if (timer !== null) clearTimer(timer);
    timer = null;
    if (pageViews.length === 0 && clicks.length === 0) return null;
    const batch: AnalyticsBatch = {
      ...(token ? { token } : {}),
      page_views: pageViews,
      clicks,
    };
    pageViews = [];
    clicks = [];
    return batch;
  };

  const flush = (how: 'send' | 'beacon' = 'send') => {
    const batch = take();
    if (!batch) return;
    try {
      if (how === 'beacon') options.beacon(batch);
      else options.send(batch).catch(() => undefined);
    } catch {
      // A send that throws at once is dropped like one that fails later.
    }
  };

  /** Queues one item under the session it belongs to (a new session starts a new batch). */
  const add = (queue: (now: { pageViews: PageView[]; clicks: AnalyticsClick[] }) => void) => {
    const now = options.token();
    if (now !== token) {
      flush();
      token = now;
    }
    queue({ pageViews, clicks });
    if (pageViews.length + clicks.length >= FLUSH_AT_ITEMS) flush();
    else timer ??= setTimer(() => flush(), FLUSH_AFTER_MS);
  };

  return {
    /**
     * The app shows `path`, at the history entry `entry`: a page view, once per entry (the same
     * route told again at the same entry is the same view).
     */
    routeOpened(path: string, entry: number | null) {
      const key = `${entry ?? ''} ${path}`;
      if (key === lastOpened) return;
      lastOpened = key;
      add((queue) => queue.pageViews.push({ path, platform: options.platform }));
    },
    click(click: {
      event_name: ClickEventName;
      page_url: string;
      metadata?: Record<string, unknown>;
    }) {
      add((queue) =>
        queue.clicks.push({
          event_name: click.event_name,
          page_url: click.page_url,
          metadata: click.metadata ?? {},
          platform: options.platform,
        }),
      );
    },
    flush,
  };
}

let analytics: Analytics | null = null;

/** The app's analytics, started on first use: the page hiding sends what is queued. */
export function appAnalytics(): Analytics {
  if (analytics) return analytics;
  const started = createAnalytics({
    platform: platformOf(navigator.userAgent, navigator.maxTouchPoints),
    token: () => readString(STORAGE_KEYS.jwt),
    send: (batch) => import('./api').then(({ sendAnalytics }) => sendAnalytics(batch)),
    beacon: (batch) =>
      typeof navigator.sendBeacon === 'function' &&
      navigator.sendBeacon(
        ANALYTICS_URL,
        new Blob([JSON.stringify(batch)], { type: 'application/json' }),
      ),
  });
  const hidden = () => {
    if (document.visibilityState === 'hidden') started.flush('beacon');
  };
  document.addEventListener('visibilitychange', hidden);
  window.addEventListener('pagehide', () => started.flush('beacon'));
  analytics = started;
  return started;
}
