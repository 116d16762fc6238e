// Analytics on the wire (spec section 9, DESIGN section 8): the app sends page views and clicks
// in batches, with `fetch` while it runs and with `navigator.sendBeacon` when the page hides. A
// beacon cannot carry the Authorization header, so the batch carries the session's token in
// its body; a batch without a live session keeps its page views without a player and drops its
// clicks (a click is always a player's).
import * as z from 'zod/mini';
import { ClickEventName, ClickMetadata, text } from './api';

/** Where the app runs, from its user agent. */
export const PLATFORMS = ['ios', 'android', 'other'] as const;
export const Platform = z.enum(PLATFORMS);
export type Platform = z.infer<typeof Platform>;

export const MAX_PAGE_VIEWS_PER_BATCH = 50;
export const MAX_CLICKS_PER_BATCH = 50;
export const PAGE_PATH_MAX_LENGTH = 256;
export const PAGE_URL_MAX_LENGTH = 2048;
/** A session token is a short JWT; anything much longer is not one. */
export const TOKEN_MAX_LENGTH = 2048;

/** An address of the app, without its query: `/home`, `/form/has-problem`. */
export const PagePath = text().check(
  z.maxLength(PAGE_PATH_MAX_LENGTH, `A path has at most ${PAGE_PATH_MAX_LENGTH} characters`),
  z.regex(/^\/[A-Za-z0-9\-._~/]*$/, 'Must be a path of the app'),
);

/** A route the app opened. */
export const PageView = z.strictObject({ path: PagePath, platform: Platform });
export type PageView = z.infer<typeof PageView>;

/** A click, as POST clicks takes it, with the platform. */
export const AnalyticsClick = z.strictObject({
  event_name: ClickEventName,
  page_url: text().check(z.maxLength(PAGE_URL_MAX_LENGTH)),
  metadata: z._default(ClickMetadata, {}),
  platform: Platform,
});
export type AnalyticsClick = z.input<typeof AnalyticsClick>;

/** POST analytics: 202 whatever the token says (an analytics call never signs anyone out). */
export const AnalyticsBatch = z.strictObject({
  /** The session's token while signed in; absent for a visitor. */
  token: z.optional(text().check(z.maxLength(TOKEN_MAX_LENGTH))),
  page_views: z._default(
    z
      .array(PageView)
      .check(
        z.maxLength(
          MAX_PAGE_VIEWS_PER_BATCH,
          `A batch has at most ${MAX_PAGE_VIEWS_PER_BATCH} page views`,
        ),
      ),
    [],
  ),
  clicks: z._default(
    z
      .array(AnalyticsClick)
      .check(
        z.maxLength(MAX_CLICKS_PER_BATCH, `A batch has at most ${MAX_CLICKS_PER_BATCH} clicks`),
      ),
    [],
  ),
});
export type AnalyticsBatch = z.input<typeof AnalyticsBatch>;
export const AnalyticsResponse = z.object({ message: z.string() });

/** Batches one client address may send per minute (a flood answers 429 with Retry-After). */
export const ANALYTICS_BATCHES_PER_MINUTE = 120;
