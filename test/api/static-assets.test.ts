// The built client as a browser receives it: compressed when it may be, cached for as long as each
// file can be trusted. Runs over a whole `vite build` of this run (test/support/built-client.ts),
// so it never sees a stale dist/.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtClient } from '../support/built-client';
import { buildTestApp, databases, useDatabase } from './helper';

let clientDir = '';
beforeAll(async () => {
  clientDir = await builtClient();
});

const IMMUTABLE = 'public, max-age=31536000, immutable';
const PAGE = { accept: 'text/html,application/xhtml+xml' };

/** The entry script the built page loads: the biggest file of the first screen. */
function entryScript(): string {
  const html = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const src = /<script type="module"[^>]*src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (!src) throw new Error('the built page names no entry script');
  return src;
}

describe.each(databases)('the built client over HTTP on %s', (kind) => {
  const database = useDatabase(kind);
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database(), { clientDir });
  });

  it('sends a hashed script brotli-compressed to a browser that accepts br, cached for a year as immutable', async () => {
    const script = entryScript();
    const response = await app.inject({
      method: 'GET',
      url: script,
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    const original = readFileSync(join(clientDir, script));
    expect(response.rawPayload.length).toBeLessThan(original.length / 2);
    expect(brotliDecompressSync(response.rawPayload).equals(original)).toBe(true);
  });

  it('sends gzip to a browser without brotli and the plain file to one that accepts neither', async () => {
    const script = entryScript();
    const original = readFileSync(join(clientDir, script));
    const gzip = await app.inject({
      method: 'GET',
      url: script,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).equals(original)).toBe(true);

    const plain = await app.inject({
      method: 'GET',
      url: script,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    // A shared cache must still key the plain copy by Accept-Encoding.
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    expect(plain.rawPayload.equals(original)).toBe(true);
  });

  it('compresses and caches as immutable every stylesheet and chunk of the build', async () => {
    const assets = readdirSync(join(clientDir, 'assets')).filter((name) =>
      /\.(js|css)$/.test(name),
    );
    expect(assets.length).toBeGreaterThan(5);
    for (const name of assets) {
      const response = await app.inject({
        method: 'GET',
        url: `/assets/${name}`,
        headers: { 'accept-encoding': 'br' },
      });
      expect(response.statusCode, name).toBe(200);
      expect(response.headers['cache-control'], name).toBe(IMMUTABLE);
      expect(response.headers['content-encoding'], name).toBe('br');
    }
  });

  /** The page `path` opens with, as a browser asks for it. */
  const openPage = (path: string) =>
    app.inject({ method: 'GET', url: path, headers: { ...PAGE, 'accept-encoding': 'gzip, br' } });

  it('never lets the page go stale, at / and at every client route it is the fallback for', async () => {
    const page = readFileSync(join(clientDir, 'index.html'));
    // An invite code longer than the contract takes opens no starting page: the app's own.
    for (const path of [
      '/',
      '/index.html',
      '/login',
      '/home/more',
      '/rules',
      '/?code=',
      '/?code=TWELVECHARSX',
    ]) {
      const response = await openPage(path);
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['cache-control'], path).toBe('no-cache');
      expect(response.headers['content-type'], path).toMatch(/^text\/html/);
      expect(response.headers['content-encoding'], path).toBe('br');
      expect(response.headers.vary, path).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(response.rawPayload).equals(page), path).toBe(true);
    }
  });

  it('opens a signed-in address with its page, which names the code its screen needs', async () => {
    const builtAddresses: [path: string, file: string][] = [
      ['/home', 'home.html'],
      ['/questionnaire', 'questionnaire.html'],
      ['/winnings', 'winnings.html'],
      ['/form/has-problem', 'form/has-problem.html'],
    ];
    for (const [path, file] of builtAddresses) {
      const page = readFileSync(join(clientDir, file));
      expect(page.toString(), file).toMatch(/<link rel="modulepreload"[^>]*SignedInApp-/);
      const response = await openPage(path);
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['cache-control'], path).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).equals(page), path).toBe(true);
    }
  });

  it('opens each first screen built into a page of its own with that page, never stale', async () => {
    const builtScreens: [path: string, file: string][] = [
      ['/disclaimer', 'disclaimer.html'],
      ['/disclaimer?from=install', 'disclaimer.html'],
      ['/phone-login', 'phone-login.html'],
      ['/?code=AB12CD', 'starting-page.html'],
      ['/disclaimer.html', 'disclaimer.html'],
    ];
    for (const [path, file] of builtScreens) {
      const page = readFileSync(join(clientDir, file));
      expect(page.toString(), file).toContain('data-prerendered=');
      const response = await openPage(path);
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['cache-control'], path).toBe('no-cache');
      expect(response.headers['content-type'], path).toMatch(/^text\/html/);
      expect(response.headers['content-encoding'], path).toBe('br');
      expect(brotliDecompressSync(response.rawPayload).equals(page), path).toBe(true);
    }
  });

  it('answers a page revalidation with 304 while the build is unchanged', async () => {
    const first = await app.inject({ method: 'GET', url: '/home', headers: PAGE });
    const etag = first.headers.etag;
    expect(etag).toBeTruthy();
    const again = await app.inject({
      method: 'GET',
      url: '/home',
      headers: { ...PAGE, 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('never lets the service worker go stale, so a new build reaches installed apps', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/sw.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(
      readFileSync(join(clientDir, 'sw.js'), 'utf8'),
    );
  });

  it('caches the manifest, icons, images and sounds for a day, not a year', async () => {
    for (const path of [
      '/manifest.webmanifest',
      '/icons/icon-192.png',
      '/icons/icon.svg',
      '/apple-touch-icon.png',
      '/images/lottery-ticket.svg',
      '/sounds/coins.wav',
    ]) {
      const response = await app.inject({
        method: 'GET',
        url: path,
        headers: { 'accept-encoding': 'gzip, br' },
      });
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['cache-control'], path).toBe('public, max-age=86400');
    }
  });

  it('answers a missing asset with 404 in the errors shape, not with the page', async () => {
    const asset = await app.inject({
      method: 'GET',
      url: '/assets/missing-0000.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(asset.statusCode).toBe(404);
    expect(asset.json()).toMatchObject({ errors: [{ status: '404', code: 'not_found' }] });
  });
});
