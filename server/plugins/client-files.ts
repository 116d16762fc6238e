// How the built client (vite's outDir) is served: the brotli or gzip copy the build made beside
// each file when the browser accepts it, and a cache lifetime that fits how each file changes.
import { basename, relative, sep } from 'node:path';
import type { FastifyStaticOptions } from '@fastify/static';

/** Vite names everything under assets/ by its content: a new build gives new names. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The page and the service worker name the assets of one build: always asked again (ETag). */
export const REVALIDATE = 'no-cache';
/** Icons, images, sounds, the manifest: not fingerprinted and rarely changed. */
export const MODEST = 'public, max-age=86400';

const COMPRESSED = /\.(br|gz)$/;
const ALWAYS_FRESH = new Set(['index.html', 'sw.js']);

/** The Cache-Control of the file at `path` (the file sent, possibly its .br or .gz copy). */
export function cacheControlFor(path: string, root: string): string {
  const original = path.replace(COMPRESSED, '');
  if (relative(root, original).startsWith(`assets${sep}`)) return IMMUTABLE;
  if (ALWAYS_FRESH.has(basename(original))) return REVALIDATE;
  return MODEST;
}

export function clientFilesOptions(root: string): FastifyStaticOptions {
  return {
    root,
    prefix: '/',
    // Chosen by Accept-Encoding (br before gzip); the uncompressed file when there is no copy.
    preCompressed: true,
    // @fastify/send's default is `public, max-age=0`; each file gets its own below instead.
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header('cache-control', cacheControlFor(path, root));
    },
  };
}
