import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, databases, signedInPlayer, bearer, url, useDatabase } from './helper';

/** The policy's directives by name, e.g. { 'script-src': ["'self'"] }. */
function directives(policy: unknown): Record<string, string[]> {
  return Object.fromEntries(
    String(policy)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

describe.each(databases)('security headers on %s', (kind) => {
  const database = useDatabase(kind);
  const clientDir = mkdtempSync(join(tmpdir(), 'bb-client-'));
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
  afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

  it('sends a policy under which no inline or injected script can run, on the page', async () => {
    const app = await buildTestApp(database(), { clientDir });
    const page = await app.inject({
      method: 'GET',
      url: '/home',
      headers: { accept: 'text/html', host: 'play.example:8080' },
    });
    expect(page.statusCode).toBe(200);
    const csp = directives(page.headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual([
      "'self'",
      'ws://play.example:8080',
      'wss://play.example:8080',
    ]);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
  });

  it('sends the same headers on API answers and errors', async () => {
    const app = await buildTestApp(database(), { clientDir });
    const player = await signedInPlayer(app);
    for (const response of [
      await app.inject({ method: 'GET', url: url('invites'), headers: bearer(player.token) }),
      await app.inject({ method: 'GET', url: url('invites') }),
      await app.inject({ method: 'GET', url: url('no-such-route') }),
    ]) {
      const csp = directives(response.headers['content-security-policy']);
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('names no live-channel host it cannot vouch for', async () => {
    const app = await buildTestApp(database(), { clientDir });
    const response = await app.inject({
      method: 'GET',
      url: url('health'),
      headers: { host: 'evil.example;script-src *' },
    });
    const csp = directives(response.headers['content-security-policy']);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
  });
});
