import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CreateInviteResponse,
  DrawEntryIdsResponse,
  DrawEntryResponse,
  DrawListResponse,
  DrawResponse,
  GrandPrizeListResponse,
  LoginResponse,
  RewardListResponse,
  TimerResponse,
  WalletEntriesResponse,
  WalletResponse,
} from '../../contract/api';
import { drawEntries, draws, referralBonuses } from '../../server/db/schema';
import { insertTicket } from '../../server/repositories/wallet';
import { PRESSES_PER_SECOND } from '../../server/services/draws';
import {
  bearer,
  buildTestApp,
  capturingSms,
  databases,
  detailOf,
  register,
  signedInPlayer,
  TestClock,
  url,
  useDatabase,
  verifyCode,
  freshCode,
  nextPhone,
} from './helper';

const sha256 = (...parts: Buffer[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

/** What anyone can do with the public record: recompute digest and winner by hand. */
function recompute(seedHex: string, entryIds: number[]) {
  let digest = Buffer.alloc(32);
  for (const id of entryIds) {
    const bytes = Buffer.alloc(8);
    bytes.writeBigUInt64BE(BigInt(id));
    digest = sha256(digest, bytes);
  }
  if (entryIds.length === 0) return { digest: digest.toString('hex'), winner: null };
  const n = BigInt(entryIds.length);
  const limit = (1n << 256n) - ((1n << 256n) % n);
  let hash = sha256(Buffer.from(seedHex, 'hex'), digest);
  while (BigInt(`0x${hash.toString('hex')}`) >= limit) hash = sha256(hash);
  const index = Number(BigInt(`0x${hash.toString('hex')}`) % n);
  return { digest: digest.toString('hex'), winner: entryIds[index] ?? null };
}

describe.each(databases)('the draw on %s', (kind) => {
  const database = useDatabase(kind);
  const clock = new TestClock();
  const sms = capturingSms();
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp(database(), { clock, sms: sms.sender });
  });

  const get = (path: string, token?: string) =>
    app.inject({ method: 'GET', url: url(path), ...(token ? { headers: bearer(token) } : {}) });
  const post = (path: string, token: string, payload: Record<string, unknown> = {}) =>
    app.inject({ method: 'POST', url: url(path), headers: bearer(token), payload });
  const press = (token: string) => post('draw_entries', token);
  const currentDraw = async (token?: string) =>
    DrawResponse.parse((await get('draws/current', token)).json()).data;
  /** Closes whatever is open so a test starts on a draw of its own. */
  const freshDraw = async () => (await app.services.draws.closeNow()).next;
  const entryIdsIn = async (drawId: number) =>
    (
      await database()
        .db.select({ id: drawEntries.id })
        .from(drawEntries)
        .where(eq(drawEntries.drawId, drawId))
        .orderBy(drawEntries.id)
    ).map((row) => row.id);

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
    const response = await app.inject({ method: 'POST', url: url('draw_entries'), payload: {} });
    expect(response.statusCode).toBe(401);
  });

  it('creates one entry for a press and returns it again for a second press', async () => {
    const { token } = await signedInPlayer(app);
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
    const { token, user, phone } = await signedInPlayer(app);
    const secondDevice = LoginResponse.parse(
      (await verifyCode(app, phone, await freshCode(app, phone))).json(),
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
    const fresh = await Promise.all(Array.from({ length: 12 }, () => signedInPlayer(app)));
    const loggedOut = await signedInPlayer(app);
    await post('users/logout', loggedOut.token);
    const deleted = await signedInPlayer(app);
    const deletion = await app.inject({
      method: 'DELETE',
      url: url(`users/registrations/${deleted.user.id}`),
      headers: bearer(deleted.token),
    });
    expect(deletion.statusCode).toBe(200);
    const twoPhones = await signedInPlayer(app);
    const secondPhone = await verifyCode(
      app,
      twoPhones.phone,
      await freshCode(app, twoPhones.phone),
    );
    const secondToken = LoginResponse.parse(secondPhone.json()).token;
    const pressedBefore = await signedInPlayer(app);
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
    const { token } = await signedInPlayer(app);
    const other = await signedInPlayer(app);
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

  it('never writes on a read after the window passed: the scheduler closes the draw', async () => {
    const { token } = await signedInPlayer(app);
    const draw = await freshDraw();
    expect((await press(token)).statusCode).toBe(201);
    const textsBefore = sms.sent.length;
    clock.advance(draw.closesAt.getTime() - clock.now().getTime() + 1_000);
    const snapshot = async () => ({
      draws: await database().db.select().from(draws).orderBy(draws.id),
      entries: (await database().db.select({ id: drawEntries.id }).from(drawEntries)).length,
    });
    const before = await snapshot();

    const reads = [
      'questionnaires/get_timer',
      'draws/current',
      `draws/${draw.id}`,
      'draws',
      `draws/${draw.id}/entry_ids`,
      'wallet',
    ];
    const answers = await Promise.all(reads.map((path) => get(path, token)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 409, 200]);
    // Reported as it is: still open, its time run out.
    expect(DrawResponse.parse(answers[1]!.json()).data).toMatchObject({
      id: draw.id,
      status: 'open',
    });
    expect(TimerResponse.parse(answers[0]!.json())).toMatchObject({ time_left: 0 });
    expect(await snapshot()).toEqual(before);
    expect(sms.sent.length).toBe(textsBefore);

    const closing = await app.services.draws.closeDue();
    expect(closing?.draw.id).toBe(draw.id);
    expect(sms.sent.length).toBe(textsBefore + 1);
    const record = DrawResponse.parse((await get(`draws/${draw.id}`)).json()).data;
    expect(record).toMatchObject({ status: 'closed', entries_count: 1 });
    expect((await currentDraw()).id).toBe(closing?.next.id);
  });

  it('enters a press that finds the window passed into the next draw', async () => {
    const draw = await freshDraw();
    const early = await signedInPlayer(app);
    expect((await press(early.token)).statusCode).toBe(201);
    clock.advance(draw.closesAt.getTime() - clock.now().getTime() + 1_000);
    const late = await signedInPlayer(app);
    const pressed = await press(late.token);
    expect(pressed.statusCode).toBe(201);
    const entry = DrawEntryResponse.parse(pressed.json()).data;
    expect(entry.draw_id).toBeGreaterThan(draw.id);
    // The overdue draw was closed on the way, once, with the entries of its window.
    const closed = DrawResponse.parse((await get(`draws/${draw.id}`)).json()).data;
    expect(closed).toMatchObject({ status: 'closed', entries_count: 1 });
    expect(await entryIdsIn(draw.id)).toHaveLength(1);
  });

  it('tells the timer whether the player is in the open draw, and for how long', async () => {
    // Questions to answer: Tell Us More shows (the questionnaire's tests take it further).
    await app.services.catalog.loadStarterOnce();
    const { token } = await signedInPlayer(app);
    const draw = await freshDraw();
    expect(TimerResponse.parse((await get('questionnaires/get_timer', token)).json())).toEqual({
      cycle_finished: true,
      time_left: 0,
      time_left_ms: 0,
      cycle_time: 86_400,
      show_tell_us_more: true,
    });
    await press(token);
    clock.advance(1_000 * 60 * 60);
    const timer = TimerResponse.parse((await get('questionnaires/get_timer', token)).json());
    const expectedMs = draw.closesAt.getTime() - clock.now().getTime();
    const expected = Math.ceil(expectedMs / 1000);
    expect(timer).toEqual({
      cycle_finished: false,
      time_left: expected,
      time_left_ms: expectedMs,
      cycle_time: 86_400,
      show_tell_us_more: true,
    });
    // An hour after the press, an hour less (the window opened at most a millisecond later).
    expect([86_400 - 3_600, 86_400 - 3_600 + 1]).toContain(timer.time_left);

    // Once the window has passed the timer reaches 0; the scheduler closes the draw and the
    // button returns.
    clock.advance(draw.closesAt.getTime() - clock.now().getTime());
    const due = TimerResponse.parse((await get('questionnaires/get_timer', token)).json());
    expect(due).toMatchObject({ cycle_finished: false, time_left: 0 });
    await app.services.draws.closeDue();
    const after = TimerResponse.parse((await get('questionnaires/get_timer', token)).json());
    expect(after.cycle_finished).toBe(true);
    const closed = DrawResponse.parse((await get(`draws/${draw.id}`)).json()).data;
    expect(closed.status).toBe('closed');
    expect((await currentDraw()).opens_at).toBe(draw.closesAt.toISOString());
  });

  it('publishes the record before and after closing, so anyone can recompute the winner', async () => {
    const draw = await freshDraw();
    const players = await Promise.all([1, 2, 3, 4, 5].map(() => signedInPlayer(app)));
    for (const player of players) expect((await press(player.token)).statusCode).toBe(201);

    const before = await currentDraw(players[0]?.token);
    expect(before).toMatchObject({ id: draw.id, status: 'open', seed: null, entries_count: 5 });
    expect(before.my_entry_ids).toHaveLength(1);

    const closing = await app.services.draws.closeNow();
    expect(closing.draw.id).toBe(draw.id);
    const after = DrawResponse.parse((await get(`draws/${draw.id}`)).json()).data;
    expect(after.status).toBe('closed');
    expect(after.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(sha256(Buffer.from(after.seed ?? '', 'hex')).toString('hex')).toBe(before.commitment);
    expect(after.commitment).toBe(before.commitment);
    // Everything the recomputation needs is public: the entry ids, page by page, without a session.
    const ids: number[] = [];
    let page: DrawEntryIdsResponse = { data: [], next_after: 0 };
    while (page.next_after !== null) {
      const response = await get(`draws/${draw.id}/entry_ids?after=${page.next_after}&limit=2`);
      expect(response.statusCode).toBe(200);
      page = DrawEntryIdsResponse.parse(response.json());
      ids.push(...page.data);
    }
    expect(ids).toEqual(await entryIdsIn(draw.id));
    expect(after.entries_count).toBe(5);
    const { digest, winner } = recompute(after.seed ?? '', ids);
    expect(after.entries_digest).toBe(digest);
    expect(after.winning_entry_id).toBe(winner);

    // A player sees their own entry ids in the record and can find them among the counted.
    const mine = DrawResponse.parse((await get(`draws/${draw.id}`, players[2]?.token)).json());
    expect(mine.data.my_entry_ids).toHaveLength(1);
    expect(ids).toContain(mine.data.my_entry_ids?.[0]);
  });

  it('lists entry ids only of a closed draw that exists, with a page size it can answer', async () => {
    const open = await currentDraw();
    const stillOpen = await get(`draws/${open.id}/entry_ids`);
    expect(stillOpen.statusCode).toBe(409);
    expect(detailOf(stillOpen)).toBe(
      'The draw is still open: its entries are final when it closes',
    );
    expect((await get(`draws/${open.id + 1000}/entry_ids`)).statusCode).toBe(404);
    for (const query of ['limit=0', 'limit=10001', 'after=-1', 'after=x', 'page=2']) {
      const response = await get(`draws/${open.id}/entry_ids?${query}`);
      expect(response.statusCode, query).toBe(422);
    }
    const closed = (await app.services.draws.closeNow()).draw;
    // Without a page size, one page of up to 10,000 ids: here all of them, and no next page.
    const listed = await get(`draws/${closed.id}/entry_ids`);
    expect(listed.statusCode).toBe(200);
    expect(DrawEntryIdsResponse.parse(listed.json())).toEqual({
      data: await entryIdsIn(closed.id),
      next_after: null,
    });
  });

  it('closes a draw without entries empty', async () => {
    const draw = await freshDraw();
    const closing = await app.services.draws.closeNow();
    expect(closing.winner).toBeNull();
    const record = DrawResponse.parse((await get(`draws/${draw.id}`)).json()).data;
    expect(record).toMatchObject({
      status: 'closed',
      entries_count: 0,
      entries_digest: '0'.repeat(64),
      winning_entry_id: null,
    });
  });

  it('records the grand prize and the inviter’s 20% bonus, and texts only the winner', async () => {
    const inviter = await signedInPlayer(app);
    const invited = await post('invites', inviter.token);
    const { code } = CreateInviteResponse.parse(invited.json());
    const winner = await signedInPlayer(app, code);
    const draw = await freshDraw();
    expect((await press(winner.token)).statusCode).toBe(201);
    sms.sent.length = 0;
    const closing = await app.services.draws.closeNow();
    expect(closing.draw.id).toBe(draw.id);

    const prizes = GrandPrizeListResponse.parse((await get('grand_prizes', winner.token)).json());
    expect(prizes.data).toHaveLength(1);
    expect(prizes.data[0]).toMatchObject({
      draw_id: draw.id,
      additional_info: { prize_amount: 500 },
      cashier_check: null,
      claimed: false,
    });
    const bonuses = await database().db.select().from(referralBonuses);
    expect(bonuses.filter((bonus) => bonus.winnerId === winner.user.id)).toEqual([
      expect.objectContaining({ inviterId: inviter.user.id, amount: 100 }),
    ]);
    expect(sms.sent).toEqual([
      {
        to: `+${winner.phone}`,
        body: 'You won $500 in the BLACK BUTTON drawing! Open the app to claim your prize.',
      },
    ]);
    const inviterPrizes = GrandPrizeListResponse.parse(
      (await get('grand_prizes', inviter.token)).json(),
    );
    expect(inviterPrizes.data).toEqual([]);
  });

  it('answers 404 for another player’s entry or prize', async () => {
    const owner = await signedInPlayer(app);
    const other = await signedInPlayer(app);
    await freshDraw();
    const entry = DrawEntryResponse.parse((await press(owner.token)).json()).data;
    expect((await get(`draw_entries/${entry.id}`, owner.token)).statusCode).toBe(200);
    const foreign = await get(`draw_entries/${entry.id}`, other.token);
    expect(foreign.statusCode).toBe(404);
    expect(detailOf(foreign)).toBe('Unknown entry');
    expect((await get('draw_entries/999999999', owner.token)).statusCode).toBe(404);

    await app.services.draws.closeNow();
    const prize = GrandPrizeListResponse.parse((await get('grand_prizes', owner.token)).json())
      .data[0];
    expect(prize).toBeDefined();
    expect((await get(`grand_prizes/${prize?.id}`, owner.token)).statusCode).toBe(200);
    expect((await get(`grand_prizes/${prize?.id}`, other.token)).statusCode).toBe(404);
    expect((await get('grand_prizes/not-a-uuid', other.token)).statusCode).toBe(404);
  });

  it('never attaches an entry to a closed draw, even when presses race the closing', async () => {
    const draw = await freshDraw();
    const players = await Promise.all(Array.from({ length: 12 }, () => signedInPlayer(app)));
    const [presses, closing] = await Promise.all([
      Promise.all(players.map((player) => press(player.token))),
      app.services.draws.closeNow(),
    ]);
    expect(presses.every((response) => response.statusCode === 201)).toBe(true);
    const landed = presses.map((r) => DrawEntryResponse.parse(r.json()).data.draw_id);
    expect(landed.every((id) => id === draw.id || id === closing.next.id)).toBe(true);
    // Whatever landed in the closed draw was counted; nothing arrived after.
    const closedRecord = DrawResponse.parse((await get(`draws/${draw.id}`)).json()).data;
    expect(await entryIdsIn(draw.id)).toHaveLength(closedRecord.entries_count);
    expect(closedRecord.entries_count).toBe(landed.filter((id) => id === draw.id).length);

    // After the closing a press goes to the next draw.
    const late = await signedInPlayer(app);
    const entry = DrawEntryResponse.parse((await press(late.token)).json()).data;
    expect(entry.draw_id).toBe(closing.next.id);
    expect(await entryIdsIn(draw.id)).toHaveLength(closedRecord.entries_count);
  });

  it('lists the public record newest first, page by page', async () => {
    await freshDraw();
    await freshDraw();
    const all = DrawListResponse.parse((await get('draws?limit=100')).json()).data;
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(all.map((draw) => draw.id)).toEqual(
      [...all.map((draw) => draw.id)].sort((a, b) => b - a),
    );
    expect(all[0]?.status).toBe('open');
    expect(all.slice(1).every((draw) => draw.status === 'closed' && draw.seed !== null)).toBe(true);
    const page = DrawListResponse.parse((await get(`draws?limit=2&before=${all[0]?.id}`)).json());
    expect(page.data.map((draw) => draw.id)).toEqual(all.slice(1, 3).map((draw) => draw.id));
    expect((await get('draws?limit=0')).statusCode).toBe(422);
    expect((await get('draws/987654')).statusCode).toBe(404);
    expect((await get('draws/abc')).statusCode).toBe(422);
  });

  describe('the wallet', () => {
    const wallet = async (token: string) =>
      WalletResponse.parse((await get('wallet', token)).json()).data;
    const spend = (token: string, count: number) => post('wallet/entries', token, { count });

    it('holds the welcome ticket of a new player and enters it into the open draw', async () => {
      const { token } = await signedInPlayer(app);
      const draw = await currentDraw();
      expect(await wallet(token)).toEqual({
        tickets: 1,
        current_draw_id: draw.id,
        entries_in_current_draw: 0,
      });
      const spent = await spend(token, 1);
      expect(spent.statusCode).toBe(201);
      const body = WalletEntriesResponse.parse(spent.json()).data;
      expect(body.tickets).toBe(0);
      expect(body.entries).toEqual([
        expect.objectContaining({ draw_id: draw.id, source: 'wallet' }),
      ]);
      expect(await wallet(token)).toMatchObject({ tickets: 0, entries_in_current_draw: 1 });
      // A wallet entry is a further chance: the button can still be pressed once.
      expect((await press(token)).statusCode).toBe(201);
      expect((await wallet(token)).entries_in_current_draw).toBe(2);

      const empty = await spend(token, 1);
      expect(empty.statusCode).toBe(422);
      expect(detailOf(empty)).toBe('You have no tickets to enter');
    });

    it('refuses to spend more tickets than held, spending none', async () => {
      const { token, user } = await signedInPlayer(app);
      await insertTicket(database().db, { userId: user.id, source: 'token_reward' });
      const tooMany = await spend(token, 3);
      expect(tooMany.statusCode).toBe(422);
      expect(detailOf(tooMany)).toBe('You have only 2 tickets');
      expect((await wallet(token)).tickets).toBe(2);
      expect((await spend(token, 0)).statusCode).toBe(422);
      expect((await spend(token, 1.5)).statusCode).toBe(422);
      expect((await spend(token, 2)).statusCode).toBe(201);
      expect(await wallet(token)).toMatchObject({ tickets: 0, entries_in_current_draw: 2 });
    });

    it('spends each ticket once when spends race', async () => {
      const { token, user } = await signedInPlayer(app);
      for (let i = 0; i < 2; i += 1) {
        await insertTicket(database().db, { userId: user.id, source: 'token_reward' });
      }
      const responses = await Promise.all(Array.from({ length: 6 }, () => spend(token, 1)));
      const codes = responses.map((response) => response.statusCode).sort();
      expect(codes).toEqual([201, 201, 201, 422, 422, 422]);
      const pairs = await Promise.all([spend(token, 1), spend(token, 1)]);
      expect(pairs.map((response) => response.statusCode)).toEqual([422, 422]);
      expect(await wallet(token)).toMatchObject({ tickets: 0, entries_in_current_draw: 3 });
    });
  });

  it('lists the player’s rewards: none before the questionnaire exists', async () => {
    const { token } = await signedInPlayer(app);
    const rewards = await get('rewards', token);
    expect(rewards.statusCode).toBe(200);
    expect(RewardListResponse.parse(rewards.json()).data).toEqual([]);
    expect((await get('rewards')).statusCode).toBe(401);
  });

  it('gives a player registered with a campaign code a ticket too', async () => {
    const phone = nextPhone();
    expect(
      (await register(app, phone, await app.services.invites.createCampaign(1))).statusCode,
    ).toBe(201);
    const login = await verifyCode(app, phone, await freshCode(app, phone));
    const { token } = LoginResponse.parse(login.json());
    expect((await wallet(token)).tickets).toBe(1);

    async function wallet(bearerToken: string) {
      return WalletResponse.parse((await get('wallet', bearerToken)).json()).data;
    }
  });
});
