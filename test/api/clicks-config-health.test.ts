import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { CLICK_EVENTS } from '../../contract/api';
import { clicks } from '../../server/db/schema';
import {
  bearer,
  buildTestApp,
  databases,
  detailOf,
  openTestDatabase,
  signedInPlayer,
  url,
  useDatabase,
} from './helper';

describe.each(databases)('clicks, app_config, health and routing on %s', (kind) => {
  const database = useDatabase(kind);

  describe('POST clicks', () => {
    it('stores each of the nine events of a signed-in player', async () => {
      const app = await buildTestApp(database());
      const player = await signedInPlayer(app);
      for (const event_name of CLICK_EVENTS) {
        const response = await app.inject({
          method: 'POST',
          url: url('clicks'),
          headers: bearer(player.token),
          payload: { click: { event_name, page_url: '/home', metadata: { platform: 'iOS' } } },
        });
        expect(response.statusCode).toBe(201);
        expect(response.json()).toEqual({ message: 'Click recorded' });
      }
      const rows = await database()
        .db.select()
        .from(clicks)
        .where(eq(clicks.userId, player.user.id));
      expect(rows.map((row) => row.eventName).sort()).toEqual([...CLICK_EVENTS].sort());
      expect(rows[0]?.metadata).toEqual({ platform: 'iOS' });
    });

    it('refuses an unknown event with 422 and stores nothing', async () => {
      const app = await buildTestApp(database());
      const player = await signedInPlayer(app);
      const response = await app.inject({
        method: 'POST',
        url: url('clicks'),
        headers: bearer(player.token),
        payload: { click: { event_name: 'hacked', page_url: '/home' } },
      });
      expect(response.statusCode).toBe(422);
      expect(detailOf(response)).toMatch(/expected one of/i);
      expect(await database().db.$count(clicks, eq(clicks.userId, player.user.id))).toBe(0);
    });

    it('refuses unknown nested fields with 422', async () => {
      const app = await buildTestApp(database());
      const player = await signedInPlayer(app);
      const response = await app.inject({
        method: 'POST',
        url: url('clicks'),
        headers: bearer(player.token),
        payload: { click: { event_name: 'players_viewed', page_url: '/home', user_id: 'x' } },
      });
      expect(response.statusCode).toBe(422);
      expect(detailOf(response)).toBe('Unknown field: click.user_id');
    });

    it('answers 401 without a session', async () => {
      const app = await buildTestApp(database());
      const response = await app.inject({
        method: 'POST',
        url: url('clicks'),
        payload: { click: { event_name: 'players_viewed', page_url: '/home' } },
      });
      expect(response.statusCode).toBe(401);
    });
  });

  it('GET app_config shows the operator, contact address and features', async () => {
    const app = await buildTestApp(database(), {
      config: {
        OPERATOR_NAME: 'Acme Draws LLC',
        CONTACT_EMAIL: 'help@acme.test',
        FEATURE_PLAYERS: 'on',
      },
    });
    const response = await app.inject({ method: 'GET', url: url('app_config') });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      operator_name: 'Acme Draws LLC',
      contact_email: 'help@acme.test',
      features: { players: true, tell_us_more: true, final_test: false, demo: false },
    });
  });

  it('GET health answers 200 while the database answers', async () => {
    const app = await buildTestApp(database());
    const response = await app.inject({ method: 'GET', url: url('health') });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('GET health answers 503 once the database is gone', async () => {
    const own = await openTestDatabase(kind);
    const app = await buildTestApp(own);
    await own.close();
    const response = await app.inject({ method: 'GET', url: url('health') });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable' });
  });

  it('answers unknown API routes with 404 in the errors shape', async () => {
    const app = await buildTestApp(database());
    for (const method of ['GET', 'POST'] as const) {
      const response = await app.inject({ method, url: url('no/such/thing') });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        errors: [{ status: '404', code: 'not_found', detail: 'Not found' }],
      });
    }
  });

  describe('the built client', () => {
    const clientDir = mkdtempSync(join(tmpdir(), 'bb-client-'));
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>BLACK BUTTON</title>');
    writeFileSync(join(clientDir, 'app.js'), 'console.log(1)');
    afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

    it('serves files and answers client routes with index.html', async () => {
      const app = await buildTestApp(database(), { clientDir });
      const script = await app.inject({ method: 'GET', url: '/app.js' });
      expect(script.statusCode).toBe(200);
      expect(script.body).toBe('console.log(1)');
      for (const path of ['/', '/home', '/login?x=1']) {
        const page = await app.inject({
          method: 'GET',
          url: path,
          headers: { accept: 'text/html' },
        });
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain('<title>BLACK BUTTON</title>');
      }
    });

    it('keeps API 404s and non-page requests as JSON errors', async () => {
      const app = await buildTestApp(database(), { clientDir });
      const api = await app.inject({
        method: 'GET',
        url: url('nope'),
        headers: { accept: 'text/html' },
      });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toMatchObject({ errors: [{ status: '404' }] });
      const asset = await app.inject({
        method: 'GET',
        url: '/missing.js',
        headers: { accept: '*/*' },
      });
      expect(asset.statusCode).toBe(404);
    });
  });
});
