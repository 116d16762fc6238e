// The first screens a new visitor sees, built into pages of their own when the client is built
// (vite.config.ts renders them from the real components, src/app/prerender-render.tsx): the
// disclaimer, the starting page an invite link opens (/?code=, its slides) and 'Welcome back'.
// Their page paints at once, before the JavaScript arrives; React then takes it over
// (src/app/main.tsx). The server answers each address with its page (server/app.ts), the
// offline shell too (the service worker finds /disclaimer.html for /disclaimer). Plain data:
// the build, the server and the page itself read it.
import type { EntryPath } from '../../machines/entry-flow/entry-flow.routes';

export type PrerenderedPage = 'disclaimer' | 'starting-page' | 'phone-login';

export type PrerenderedAddress = {
  /** Where the page is shown: each is an entry flow's screen. */
  path: EntryPath;
  /** The query string the page is rendered with ('' or '?…'). */
  search: string;
  /** The built file, at the root of the client build. */
  file: string;
};

/**
 * The invite code the starting page is rendered with. Nothing of it shows: the page the server
 * sends fits every invite link whose code has the contract's shape (InviteCode).
 */
const SAMPLE_INVITE_CODE = 'INVITE';

export const PRERENDERED_PAGES: Readonly<Record<PrerenderedPage, PrerenderedAddress>> = {
  disclaimer: { path: '/disclaimer', search: '', file: 'disclaimer.html' },
  'starting-page': { path: '/', search: `?code=${SAMPLE_INVITE_CODE}`, file: 'starting-page.html' },
  'phone-login': { path: '/phone-login', search: '', file: 'phone-login.html' },
};

export const isPrerenderedPage = (name: string | undefined): name is PrerenderedPage =>
  name !== undefined && Object.hasOwn(PRERENDERED_PAGES, name);

/**
 * The meta element of a built page that names the app's code: its entry, and the modules the
 * page's screen loads lazily. The page's guard fetches and starts them once the screen is
 * painted (prerender-guard.ts).
 */
export const APP_FILES_META = 'app-files';
/** The attribute of <html> that names the page a built page was rendered as. */
export const PAGE_ATTRIBUTE = 'data-prerendered';
/**
 * Set on <html> before the first paint when the page does not fit this visit (a signed-in
 * player, terms already accepted...): its content stays hidden and the app renders afresh.
 */
export const STALE_ATTRIBUTE = 'data-prerender-stale';
