// The presentation environment's reset (DEMO_MODE, DESIGN section 8), on PGlite and PostgreSQL:
// POST demo/reset wipes the players and everything they did in one go, keeps the catalogs,
// opens a new draw and hands out a new starter code; without DEMO_MODE the address is not there.
import { count, eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CreateInviteResponse, ErrorBody } from '../../contract/api';
import { DemoResetResponse } from '../../contract/demo';
import {
  contactMessages,
  draws,
  drawEntries,
  invites,
  offers,
  questions,
  sessions,
  users,
  walletTickets,
} from '../../server/db/schema';
import { DEMO_RESETS_PER_WINDOW } from '../../server/routes/demo';
import { cableClient, isDisconnect, isType, timerIdentifier, type Frame } from './cable-client';
import {
  bearer,
  databases,
  detailOf,
  press,
  register,
  nextPhone,
  signedInPlayer,
  url,
  useTestApp,
} from './helper';

const RESET = url('demo/reset');

type Db = ReturnType<ReturnType<typeof useTestApp>['database']>['db'];

async function rowCount(db: Db, table: PgTable) {
  const [row] = await db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

/** What a reset must leave alone, or wipe: counted before and after. */
async function snapshot(db: Db) {
  return {
    users: await rowCount(db, users),
    sessions: await rowCount(db, sessions),
    invites: await rowCount(db, invites),
    draws: await rowCount(db, draws),
    entries: await rowCount(db, drawEntries),
    tickets: await rowCount(db, walletTickets),
    messages: await rowCount(db, contactMessages),
    questions: await rowCount(db, questions),
    offers: await rowCount(db, offers),
  };
}

function reset(app: FastifyInstance, token: string | null, payload?: unknown, address?: string) {
  return app.inject({
    method: 'POST',
    url: RESET,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as string }),
    ...(address ? { remoteAddress: address } : {}),
  });
}

/** The open draw as this instance reads it, once it has heard of a change. */
async function openDrawId(app: FastifyInstance, expected: number): Promise<number | undefined> {
  await vi.waitFor(async () => {
    expect((await app.services.draws.openDraw())?.id).toBe(expected);
  });
  return (await app.services.draws.openDraw())?.id;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe.each(databases)('demo reset with DEMO_MODE off (%s)', (kind) => {
  const { app, database } = useTestApp(kind);

  it('answers 404 in the errors shape, signed in or not, and changes nothing', async () => {
    const player = await signedInPlayer(app());
    const before = await snapshot(database().db);
    for (const token of [player.token, null]) {
      const response = await reset(app(), token);
      expect(response.statusCode).toBe(404);
      expect(ErrorBody.parse(response.json()).errors[0]?.code).toBe('not_found');
    }
    expect(await snapshot(database().db)).toEqual(before);
    expect(
      (await app().inject({ method: 'GET', url: url('invites'), headers: bearer(player.token) }))
        .statusCode,
    ).toBe(200);
  });
});

describe.each(databases)('demo reset with DEMO_MODE on (%s)', (kind) => {
  const { app, database } = useTestApp(kind, { config: { DEMO_MODE: 'on' } });
  const db = () => database().db;
  let starter: string;

  beforeAll(async () => {
    await app().services.catalog.loadStarterOnce();
    starter = await app().services.invites.createCampaign(1000);
  });

  it('refuses a request without a session, and bad bodies, changing nothing', async () => {
    const player = await signedInPlayer(app(), starter);
    const before = await snapshot(db());
    const unauthenticated = await reset(app(), null, {});
    expect(unauthenticated.statusCode).toBe(401);
    const bad: unknown[] = [
      { wipe: true },
      { '\u0000': '\u0000' },
      { everything: 'x'.repeat(200_000) },
      [1, 2, 3],
      'null',
    ];
    for (const body of bad) {
      const response = await reset(app(), player.token, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(ErrorBody.safeParse(response.json()).success).toBe(true);
    }
    const nul = await app().inject({
      method: 'POST',
      url: RESET,
      headers: { ...bearer(player.token), 'content-type': 'application/json' },
      payload: '{"a":"\\u0000"}',
    });
    expect(nul.statusCode).toBe(422);
    expect(await snapshot(db())).toEqual(before);
  });

  it('wipes players, entries, invites and messages, keeps the catalogs, opens a new draw and prints a new starter code', async () => {
    const a = await signedInPlayer(app(), starter);
    expect((await press(app(), a.token)).statusCode).toBe(201);
    const personal = await app().inject({
      method: 'POST',
      url: url('invites'),
      headers: bearer(a.token),
    });
    const personalCode = CreateInviteResponse.parse(personal.json()).code;
    const sent = await app().inject({
      method: 'POST',
      url: url('contact-us/send-email'),
      headers: bearer(a.token),
      payload: { subject: 'Hello', message: 'A demo message' },
    });
    expect(sent.statusCode).toBeLessThan(300);
    const before = await snapshot(db());
    expect(before.entries).toBeGreaterThan(0);
    expect(before.messages).toBeGreaterThan(0);
    expect(before.questions).toBeGreaterThan(0);
    const oldDraw = (await app().services.draws.openDraw())!.id;

    const printed = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const response = await reset(app(), a.token);
    expect(response.statusCode).toBe(200);
    const body = DemoResetResponse.parse(response.json());
    expect(printed).toHaveBeenCalledWith(`Starter invite code: ${body.starter_invite_code}\n`);
    printed.mockRestore();

    expect(await snapshot(db())).toEqual({
      users: 0,
      sessions: 0,
      invites: 1,
      draws: 1,
      entries: 0,
      tickets: 0,
      messages: 0,
      questions: before.questions,
      offers: before.offers,
    });
    expect(body.draw_id).not.toBe(oldDraw);
    expect(await openDrawId(app(), body.draw_id)).toBe(body.draw_id);

    // A's session, A's starter code and A's own invite are gone.
    expect(
      (await app().inject({ method: 'GET', url: url('invites'), headers: bearer(a.token) }))
        .statusCode,
    ).toBe(401);
    for (const code of [starter, personalCode]) {
      const refused = await register(app(), nextPhone(), code);
      expect(refused.statusCode).toBe(404);
      expect(detailOf(refused)).toBe('Invalid invite code');
    }
    // The new code lets B sign up, even with A's number, and play in the new draw.
    const again = await register(app(), a.phone, body.starter_invite_code);
    expect(again.statusCode).toBe(201);
    const b = await signedInPlayer(app(), body.starter_invite_code);
    const entered = await press(app(), b.token);
    expect(entered.statusCode).toBe(201);
    const [entry] = await db().select().from(drawEntries).where(eq(drawEntries.userId, b.user.id));
    expect(entry?.drawId).toBe(body.draw_id);

    // The books balance, and the draw closes and opens the next as before.
    expect((await app().services.audit.run()).findings).toEqual([]);
    const closed = await app().services.draws.closeNow();
    expect(closed.draw.id).toBe(body.draw_id);
    expect(closed.draw.entriesCount).toBe(1);
    expect((await app().services.audit.run()).findings).toEqual([]);
    starter = body.starter_invite_code;
  });

  it(`allows ${DEMO_RESETS_PER_WINDOW} resets a minute from one address, then 429`, async () => {
    const address = '10.77.0.1';
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    for (let i = 0; i <= DEMO_RESETS_PER_WINDOW; i += 1) {
      const player = await signedInPlayer(app(), starter);
      const before = await snapshot(db());
      const response = await reset(app(), player.token, undefined, address);
      if (i < DEMO_RESETS_PER_WINDOW) {
        expect(response.statusCode).toBe(200);
        starter = DemoResetResponse.parse(response.json()).starter_invite_code;
      } else {
        expect(response.statusCode).toBe(429);
        expect(response.headers['retry-after']).toBeDefined();
        expect(await snapshot(db())).toEqual(before);
      }
    }
  });

  it('disconnects every live socket at once; a socket with an old token is refused', async () => {
    await app().listen({ port: 0, host: '127.0.0.1' });
    const port = (app().server.address() as AddressInfo).port;
    const subscribed = async (token: string) => {
      const client = cableClient(`ws://127.0.0.1:${port}/cable?token=${token}`);
      await client.waitFor(isType('welcome'));
      client.subscribe();
      await client.waitFor(isType('confirm_subscription'));
      return client;
    };
    const presser = await signedInPlayer(app(), starter);
    const watcher = await signedInPlayer(app(), starter);
    const clients = [await subscribed(presser.token), await subscribed(watcher.token)];
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const response = await reset(app(), presser.token);
    expect(response.statusCode).toBe(200);
    starter = DemoResetResponse.parse(response.json()).starter_invite_code;
    for (const client of clients) {
      expect(await client.waitFor(isDisconnect, 2_000)).toEqual({
        type: 'disconnect',
        reason: 'unauthorized',
        reconnect: false,
      });
      await client.closed;
    }
    // A socket opened with an old token is refused.
    const late = cableClient(`ws://127.0.0.1:${port}/cable?token=${watcher.token}`);
    const refused = (frame: Frame) => isDisconnect(frame) || frame.identifier === timerIdentifier;
    expect(await late.waitFor(refused, 2_000)).toMatchObject({ type: 'disconnect' });
  });
});
