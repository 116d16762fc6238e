// How the built client (vite's outDir) is served: the brotli or gzip copy the build made beside
// each file when the browser accepts it, a cache lifetime that fits how each file changes, and
// the page each client route opens with.
import { existsSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import type { FastifyStaticOptions } from '@fastify/static';
import { InviteCode } from '../../contract/api';
import { PRERENDERED_PAGES } from '../../src/app/prerender-pages';

/** Vite names everything under assets/ by its content: a new build gives new names. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The page and the service worker name the assets of one build: always asked again (ETag). */
export const REVALIDATE = 'no-cache';
/** Icons, images, sounds, the manifest: not fingerprinted and rarely changed. */
export const MODEST = 'public, max-age=86400';

const COMPRESSED = /\.(br|gz)$/;
const PAGE = 'index.html';
/** The first screens built into pages of their own (src/app/prerender-pages.ts). */
const BUILT_SCREENS = Object.values(PRERENDERED_PAGES);
const ALWAYS_FRESH = new Set([PAGE, 'sw.js', ...BUILT_SCREENS.map((screen) => screen.file)]);

/** The Cache-Control of the file at `path` (the file sent, possibly its .br or .gz copy). */
export function cacheControlFor(path: string, root: string): string {
  const original = path.replace(COMPRESSED, '');
  if (relative(root, original).startsWith(`assets${sep}`)) return IMMUTABLE;
  if (ALWAYS_FRESH.has(basename(original))) return REVALIDATE;
  return MODEST;
}

/** Which built pages each client build holds (asked once per build directory). */
const builtPages = new Map<string, Set<string>>();

function hasPage(root: string, file: string): boolean {
  let pages = builtPages.get(root);
  if (!pages) {
    pages = new Set(
      BUILT_SCREENS.map(({ file }) => file).filter((name) => existsSync(join(root, name))),
    );
    builtPages.set(root, pages);
  }
  return pages.has(file);
}

/**
 * The page a client route opens with (a file of the build in `root`): a first screen built into
 * a page of its own where it has one (the disclaimer, /phone-login, the starting page of an
 * invite link, `/?code=` with a code of the contract's shape), the app's one page otherwise.
 */
export function pageFor(url: string, root: string): string {
  const [path = '', query = ''] = url.split('?', 2);
  const code = new URLSearchParams(query).get('code');
  const screen = BUILT_SCREENS.find(
    ({ path: at, search }) =>
      at === path &&
      // The starting page is an invite link's: its code is what opens it.
      (search === '' || (code !== null && InviteCode.safeParse(code).success)),
  );
  return screen && hasPage(root, screen.file) ? screen.file : PAGE;
}

export function clientFilesOptions(root: string): FastifyStaticOptions {
  return {
    root,
    prefix: '/',
    // `/` is a client route too (the starting page of an invite link has a page of its own):
    // the app's not-found handler answers it, as it answers every client route.
    index: false,
    // Chosen by Accept-Encoding (br before gzip); the uncompressed file when there is no copy.
    preCompressed: true,
    // @fastify/send's default is `public, max-age=0`; each file gets its own below instead.
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header('cache-control', cacheControlFor(path, root));
    },
  };
}
