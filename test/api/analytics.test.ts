// POST analytics: batches of page views and clicks, attributed by the token in the body (a
// beacon carries no Authorization header); a deleted player's views and clicks go with them.
import { eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_BATCHES_PER_MINUTE,
  MAX_CLICKS_PER_BATCH,
  MAX_PAGE_VIEWS_PER_BATCH,
} from '../../contract/analytics';
import { clicks, pageViews } from '../../server/db/schema';
import { bearer, databases, detailOf, signedInPlayer, url, useTestApp } from './helper';

const views = (n: number, path = '/home') =>
  Array.from({ length: n }, () => ({ path, platform: 'ios' as const }));

describe.each(databases)('POST analytics on %s', (kind) => {
  const { app, database } = useTestApp(kind);
  let address = 0;
  /** Each call from an address of its own unless told: the rate limit is per address. */
  const send = (payload: unknown, remoteAddress = `10.77.0.${(address += 1)}`) =>
    app().inject({
      method: 'POST',
      url: url('analytics'),
      headers: { 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      remoteAddress,
    });
  const viewsOf = (userId: string) =>
    database().db.select().from(pageViews).where(eq(pageViews.userId, userId));
  const clicksOf = (userId: string) =>
    database().db.select().from(clicks).where(eq(clicks.userId, userId));
  const anonymousViews = async (path: string) =>
    (await database().db.select().from(pageViews).where(isNull(pageViews.userId))).filter(
      (row) => row.path === path,
    );

  it("stores a signed-in player's page views and clicks with the platform, answering 202", async () => {
    const player = await signedInPlayer(app());
    const response = await send({
      token: player.token,
      page_views: [
        { path: '/home', platform: 'android' },
        { path: '/youve-entered', platform: 'android' },
      ],
      clicks: [
        { event_name: 'tell_us_more_clicked', page_url: '/home', platform: 'android' },
        {
          event_name: 'win_more_clicked',
          page_url: '/what-i-like',
          metadata: { from: 'test' },
          platform: 'android',
        },
      ],
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ message: 'Recorded' });
    const stored = await viewsOf(player.user.id);
    expect(stored.map((row) => [row.path, row.platform]).sort()).toEqual([
      ['/home', 'android'],
      ['/youve-entered', 'android'],
    ]);
    const clicked = await clicksOf(player.user.id);
    expect(clicked.map((row) => [row.eventName, row.platform, row.metadata]).sort()).toEqual([
      ['tell_us_more_clicked', 'android', {}],
      ['win_more_clicked', 'android', { from: 'test' }],
    ]);
  });

  it("keeps a visitor's page views without a player and drops clicks without a live session", async () => {
    const player = await signedInPlayer(app());
    const loggedOut = await app().inject({
      method: 'POST',
      url: url('users/logout'),
      headers: bearer(player.token),
    });
    expect(loggedOut.statusCode).toBe(200);
    for (const token of [undefined, player.token, 'not.a.token']) {
      const response = await send({
        ...(token ? { token } : {}),
        page_views: [{ path: '/disclaimer', platform: 'other' }],
        clicks: [{ event_name: 'black_button_click', page_url: '/home', platform: 'other' }],
      });
      expect(response.statusCode).toBe(202);
    }
    expect(await anonymousViews('/disclaimer')).toHaveLength(3);
    expect(await viewsOf(player.user.id)).toHaveLength(0);
    expect(await clicksOf(player.user.id)).toHaveLength(0);
  });

  it('refuses bad batches with 422 and stores nothing of them', async () => {
    const player = await signedInPlayer(app());
    const refused: Array<[unknown, RegExp]> = [
      [{ page_views: views(MAX_PAGE_VIEWS_PER_BATCH + 1) }, /at most 50 page views/],
      [
        {
          clicks: Array.from({ length: MAX_CLICKS_PER_BATCH + 1 }, () => ({
            event_name: 'players_viewed',
            page_url: '/players',
            platform: 'ios',
          })),
        },
        /at most 50 clicks/,
      ],
      [{ page_views: [{ path: '/home', platform: 'windows' }] }, /./],
      [{ page_views: [{ path: 'home', platform: 'ios' }] }, /path of the app/],
      [{ page_views: [{ path: '/home?code=ABC', platform: 'ios' }] }, /path of the app/],
      [{ page_views: [{ path: `/${'a'.repeat(300)}`, platform: 'ios' }] }, /at most 256/],
      [{ page_views: [{ path: '/ho\u0000me', platform: 'ios' }] }, /NUL/],
      [{ page_views: [{ path: '/home', platform: 'ios', extra: 1 }] }, /./],
      [{ page_views: [], spare: true }, /./],
      [{ token: 'x'.repeat(3000), page_views: views(1) }, /./],
      [
        {
          token: player.token,
          clicks: [{ event_name: 'secret_click', page_url: '/home', platform: 'ios' }],
        },
        /./,
      ],
      [
        {
          token: player.token,
          clicks: [
            {
              event_name: 'players_viewed',
              page_url: '/players',
              platform: 'ios',
              metadata: { deep: { a: { b: { c: { d: { e: 1 } } } } } },
            },
          ],
        },
        /nests at most/,
      ],
      [null, /./],
      [[], /./],
    ];
    for (const [payload, detail] of refused) {
      const response = await send(payload === null ? 'null' : payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(422);
      expect(detailOf(response)).toMatch(detail);
    }
    const malformed = await send('{"page_views": [');
    expect(malformed.statusCode).toBe(400);
    expect(await viewsOf(player.user.id)).toHaveLength(0);
    expect(await clicksOf(player.user.id)).toHaveLength(0);
    expect(await anonymousViews('/home')).toHaveLength(0);
  });

  it('limits batches per client address, answering 429 with Retry-After', async () => {
    const from = '10.78.0.1';
    for (let i = 0; i < ANALYTICS_BATCHES_PER_MINUTE; i += 1) {
      expect((await send({ page_views: views(1, '/rules') }, from)).statusCode).toBe(202);
    }
    const flooded = await send({ page_views: views(1, '/rules') }, from);
    expect(flooded.statusCode).toBe(429);
    expect(Number(flooded.headers['retry-after'])).toBeGreaterThan(0);
    expect(await anonymousViews('/rules')).toHaveLength(ANALYTICS_BATCHES_PER_MINUTE);
    // Another address is not held back.
    expect((await send({ page_views: views(1, '/rules') })).statusCode).toBe(202);
  });

  it("erases a deleted player's page views and clicks, and the books still balance", async () => {
    const player = await signedInPlayer(app());
    const other = await signedInPlayer(app());
    for (const who of [player, other]) {
      const response = await send({
        token: who.token,
        page_views: views(2, '/winnings'),
        clicks: [{ event_name: 'my_winnings_viewed', page_url: '/winnings', platform: 'ios' }],
      });
      expect(response.statusCode).toBe(202);
    }
    const clicked = await app().inject({
      method: 'POST',
      url: url('clicks'),
      headers: bearer(player.token),
      payload: { click: { event_name: 'players_viewed', page_url: '/players' } },
    });
    expect(clicked.statusCode).toBe(201);
    expect(await viewsOf(player.user.id)).toHaveLength(2);
    expect(await clicksOf(player.user.id)).toHaveLength(2);
    // What the player may ask to see (`user export`) holds them, with the platform.
    const exported = await app().services.privacy.exportOf(player.user.id);
    expect(exported?.page_views).toEqual([
      expect.objectContaining({ path: '/winnings', platform: 'ios' }),
      expect.objectContaining({ path: '/winnings', platform: 'ios' }),
    ]);
    expect(exported?.clicks.map((click) => click.platform).sort()).toEqual(['ios', null]);

    const deleted = await app().inject({
      method: 'DELETE',
      url: url(`users/registrations/${player.user.id}`),
      headers: bearer(player.token),
    });
    expect(deleted.statusCode).toBe(200);
    expect(await viewsOf(player.user.id)).toHaveLength(0);
    expect(await clicksOf(player.user.id)).toHaveLength(0);
    // The other player's stay.
    expect(await viewsOf(other.user.id)).toHaveLength(2);
    expect(await clicksOf(other.user.id)).toHaveLength(1);

    // A batch sent with the deleted player's token afterwards keeps no click and no player.
    const late = await send({
      token: player.token,
      page_views: views(1, '/winnings'),
      clicks: [{ event_name: 'my_winnings_viewed', page_url: '/winnings', platform: 'ios' }],
    });
    expect(late.statusCode).toBe(202);
    expect(await viewsOf(player.user.id)).toHaveLength(0);
    expect(await clicksOf(player.user.id)).toHaveLength(0);
    const audit = await app().services.audit.run();
    expect(audit.findings).toEqual([]);
  });

  it('records for a player checked live in the same transaction (a deleted one keeps nothing)', async () => {
    const player = await signedInPlayer(app());
    await app().services.users.deleteAccount(player.user.id, player.user.id);
    // The session lookup already passed: the service itself finds the player deleted.
    const stored = await app().services.analytics.record(player.user.id, {
      pageViews: views(1, '/players'),
      clicks: [
        { event_name: 'players_viewed', page_url: '/players', metadata: {}, platform: 'ios' },
      ],
    });
    expect(stored).toEqual({ pageViews: 1, clicks: 0 });
    expect(await viewsOf(player.user.id)).toHaveLength(0);
    expect(await clicksOf(player.user.id)).toHaveLength(0);
  });
});
