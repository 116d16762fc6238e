// Entering the open draw on PGlite and PostgreSQL: one open draw, readable by anyone; a press
// makes one entry, however many presses race from however many devices, each press of a crowd
// answered for itself; a session pressing faster than a person can is slowed down.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DrawEntryResponse, DrawResponse, LoginResponse, TimerResponse } from '../../contract/api';
import { drawEntries, draws } from '../../server/db/schema';
import { PRESSES_PER_SECOND } from '../../server/services/draws';
import {
  bearer,
  databases,
  detailOf,
  freshCode,
  signedInPlayer,
  url,
  useDrawApp,
  verifyCode,
} from './helper';

describe.each(databases)('entering the draw on %s', (kind) => {
  const { app, database, get, post, press, currentDraw } = useDrawApp(kind);

  it('always has exactly one open draw, readable without signing in', async () => {
    const current = await get('draws/current');
    expect(current.statusCode).toBe(200);
    const draw = DrawResponse.parse(current.json()).data;
    expect(draw.status).toBe('open');
    expect(draw.seed).toBeNull();
    expect(draw.entries_digest).toBeNull();
    expect(draw.winning_entry_id).toBeNull();
    expect(draw.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(draw.my_entry_ids).toBeUndefined();
    expect(Date.parse(draw.closes_at) - Date.parse(draw.opens_at)).toBe(86_400_000);
    const open = await database().db.select().from(draws).where(eq(draws.status, 'open'));
    expect(open).toHaveLength(1);
  });

  it('refuses a press without a session', async () => {
    const response = await app().inject({ method: 'POST', url: url('draw_entries'), payload: {} });
    expect(response.statusCode).toBe(401);
  });

  it('creates one entry for a press and returns it again for a second press', async () => {
    const { token } = await signedInPlayer(app());
    const first = await press(token);
    expect(first.statusCode).toBe(201);
    const entry = DrawEntryResponse.parse(first.json()).data;
    expect(entry.source).toBe('button');
    expect(entry.draw_id).toBe((await currentDraw()).id);
    // The answer says how long until the draw closes, as the timer does, for the countdown.
    const timer = TimerResponse.parse((await get('questionnaires/get_timer', token)).json());
    expect(entry.draw_time_left).toBeGreaterThan(0);
    expect(Math.abs(entry.draw_time_left! - timer.time_left)).toBeLessThanOrEqual(1);
    // To the millisecond too, for a countdown that ends as the draw does.
    expect(Math.ceil(entry.draw_time_left_ms! / 1000)).toBe(entry.draw_time_left);
    expect(Math.ceil(timer.time_left_ms! / 1000)).toBe(timer.time_left);
    const second = await press(token);
    expect(second.statusCode).toBe(200);
    const again = DrawEntryResponse.parse(second.json()).data;
    const sameEntry = { draw_time_left: 0, draw_time_left_ms: 0 };
    expect({ ...again, ...sameEntry }).toEqual({ ...entry, ...sameEntry });
  });

  it('makes one entry of ten presses racing each other from two devices', async () => {
    const { token, user, phone } = await signedInPlayer(app());
    const secondDevice = LoginResponse.parse(
      (await verifyCode(app(), phone, await freshCode(app(), phone))).json(),
    ).token;
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) => press(index % 2 ? token : secondDevice)),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    const ids = new Set(responses.map((r) => DrawEntryResponse.parse(r.json()).data.id));
    expect(ids.size).toBe(1);
    const rows = await database()
      .db.select()
      .from(drawEntries)
      .where(and(eq(drawEntries.userId, user.id), eq(drawEntries.source, 'button')));
    expect(rows).toHaveLength(1);
  });

  it('answers every press of a crowd arriving together for itself', async () => {
    // Presses that arrive in one turn share one statement; each must still get its own answer.
    const fresh = await Promise.all(Array.from({ length: 12 }, () => signedInPlayer(app())));
    const loggedOut = await signedInPlayer(app());
    await post('users/logout', loggedOut.token);
    const deleted = await signedInPlayer(app());
    const deletion = await app().inject({
      method: 'DELETE',
      url: url(`users/registrations/${deleted.user.id}`),
      headers: bearer(deleted.token),
    });
    expect(deletion.statusCode).toBe(200);
    const twoPhones = await signedInPlayer(app());
    const secondPhone = await verifyCode(
      app(),
      twoPhones.phone,
      await freshCode(app(), twoPhones.phone),
    );
    const secondToken = LoginResponse.parse(secondPhone.json()).token;
    const pressedBefore = await signedInPlayer(app());
    const before = DrawEntryResponse.parse((await press(pressedBefore.token)).json()).data;

    const responses = await Promise.all([
      ...fresh.map((player) => press(player.token)),
      press(loggedOut.token),
      press(deleted.token),
      press(twoPhones.token),
      press(secondToken),
      press(pressedBefore.token),
    ]);
    const status = responses.map((response) => response.statusCode);
    const entryOf = (index: number) => DrawEntryResponse.parse(responses[index]!.json()).data;

    expect(status.slice(0, 12)).toEqual(Array.from({ length: 12 }, () => 201));
    const freshEntries = fresh.map((_, index) => entryOf(index));
    expect(new Set(freshEntries.map((entry) => entry.id)).size).toBe(12);
    // Each answer is that player's own entry, as its own entry id read back says.
    for (const [index, player] of fresh.entries()) {
      const own = await get(`draw_entries/${freshEntries[index]!.id}`, player.token);
      expect(own.statusCode).toBe(200);
    }
    expect(status.slice(12, 14)).toEqual([401, 401]);
    expect(status.slice(14, 16).sort()).toEqual([200, 201]);
    expect(entryOf(14).id).toBe(entryOf(15).id);
    expect(status[16]).toBe(200);
    expect(entryOf(16).id).toBe(before.id);

    const draw = await currentDraw();
    const rows = await database()
      .db.select({ userId: drawEntries.userId })
      .from(drawEntries)
      .where(eq(drawEntries.drawId, draw.id));
    const entered = new Set(rows.map((row) => row.userId));
    for (const player of [...fresh, twoPhones, pressedBefore]) {
      expect(entered.has(player.user.id)).toBe(true);
    }
    expect(entered.has(loggedOut.user.id)).toBe(false);
    expect(entered.has(deleted.user.id)).toBe(false);
  });

  it('answers 429 with Retry-After to a session pressing faster than a person can', async () => {
    const { token } = await signedInPlayer(app());
    const other = await signedInPlayer(app());
    const responses = await Promise.all(
      Array.from({ length: PRESSES_PER_SECOND + 3 }, () => press(token)),
    );
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes.filter((code) => code === 429)).toHaveLength(3);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    const refused = responses.find((response) => response.statusCode === 429);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(detailOf(refused!)).toBe('Too many presses: the button needs a moment');
    // The limit is the session's own: another player presses as usual.
    expect((await press(other.token)).statusCode).toBe(201);
  });
});
