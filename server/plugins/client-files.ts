// How the built client (vite's outDir) is served: the brotli or gzip copy the build made beside
// each file when the browser accepts it, a cache lifetime that fits how each file changes, and
// the page each client route opens with.
import { readdirSync } from 'node:fs';
import { basename, relative, sep } from 'node:path';
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
const ALWAYS_FRESH = new Set(['sw.js']);
/** The page of an invite link, `/?code=` (src/app/prerender-pages.ts). */
const STARTING_PAGE = PRERENDERED_PAGES['starting-page'].file;

/** The Cache-Control of the file at `path` (the file sent, possibly its .br or .gz copy). */
export function cacheControlFor(path: string, root: string): string {
  const original = path.replace(COMPRESSED, '');
  if (relative(root, original).startsWith(`assets${sep}`)) return IMMUTABLE;
  // Every page names the assets of one build.
  if (original.endsWith('.html') || ALWAYS_FRESH.has(basename(original))) return REVALIDATE;
  return MODEST;
}

/** The pages each client build holds, by path in the build (read once per build directory). */
const builtPages = new Map<string, Set<string>>();

function pagesOf(root: string): Set<string> {
  let pages = builtPages.get(root);
  if (!pages) {
    const html = (readdirSync(root, { recursive: true }) as string[])
      .map((file) => file.split(sep).join('/'))
      .filter((file) => file.endsWith('.html') && !file.startsWith('assets/'));
    pages = new Set(html);
    builtPages.set(root, pages);
  }
  return pages;
}

/**
 * The page a client route opens with (a file of the build in `root`): the page built for its
 * address where there is one, as the offline shell finds it (Workbox's clean URLs: /disclaimer
 * is disclaimer.html, /home home.html), and the starting page for an invite link (`/?code=`
 * with a code of the contract's shape); the app's one page otherwise.
 */
export function pageFor(url: string, root: string): string {
  const [path = '', query = ''] = url.split('?', 2);
  const pages = pagesOf(root);
  if (path === '/') {
    const code = new URLSearchParams(query).get('code');
    const invited = code !== null && InviteCode.safeParse(code).success;
    return invited && pages.has(STARTING_PAGE) ? STARTING_PAGE : PAGE;
  }
  const own = `${path.slice(1)}.html`;
  return pages.has(own) ? own : PAGE;
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
