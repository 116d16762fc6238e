// Closing the draw on PGlite and PostgreSQL: only the scheduler closes a draw whose window
// passed (a read never writes), a late press enters the next draw, the timer counts down to the
// closing; a draw closes empty or with a winner who is texted and whose inviter earns a bonus;
// no entry ever lands in a closed draw.
import { describe, expect, it } from 'vitest';
import {
  CreateInviteResponse,
  DrawEntryResponse,
  DrawResponse,
  GrandPrizeListResponse,
  TimerResponse,
} from '../../contract/api';
import { drawEntries, draws, referralBonuses } from '../../server/db/schema';
import { databases, detailOf, signedInPlayer, useDrawApp } from './helper';

describe.each(databases)('closing the draw on %s', (kind) => {
  const { app, database, clock, sms, get, post, press, currentDraw, freshDraw, entryIdsIn } =
    useDrawApp(kind);

  it('never writes on a read after the window passed: the scheduler closes the draw', async () => {
    const { token } = await signedInPlayer(app());
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

    const closing = await app().services.draws.closeDue();
    expect(closing?.draw.id).toBe(draw.id);
    expect(sms.sent.length).toBe(textsBefore + 1);
    const record = DrawResponse.parse((await get(`draws/${draw.id}`)).json()).data;
    expect(record).toMatchObject({ status: 'closed', entries_count: 1 });
    expect((await currentDraw()).id).toBe(closing?.next.id);
  });

  it('enters a press that finds the window passed into the next draw', async () => {
    const draw = await freshDraw();
    const early = await signedInPlayer(app());
    expect((await press(early.token)).statusCode).toBe(201);
    clock.advance(draw.closesAt.getTime() - clock.now().getTime() + 1_000);
    const late = await signedInPlayer(app());
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
    await app().services.catalog.loadStarterOnce();
    const { token } = await signedInPlayer(app());
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
    await app().services.draws.closeDue();
    const after = TimerResponse.parse((await get('questionnaires/get_timer', token)).json());
    expect(after.cycle_finished).toBe(true);
    const closed = DrawResponse.parse((await get(`draws/${draw.id}`)).json()).data;
    expect(closed.status).toBe('closed');
    expect((await currentDraw()).opens_at).toBe(draw.closesAt.toISOString());
  });

  it('closes a draw without entries empty', async () => {
    const draw = await freshDraw();
    const closing = await app().services.draws.closeNow();
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
    const inviter = await signedInPlayer(app());
    const invited = await post('invites', inviter.token);
    const { code } = CreateInviteResponse.parse(invited.json());
    const winner = await signedInPlayer(app(), code);
    const draw = await freshDraw();
    expect((await press(winner.token)).statusCode).toBe(201);
    sms.sent.length = 0;
    const closing = await app().services.draws.closeNow();
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
    const owner = await signedInPlayer(app());
    const other = await signedInPlayer(app());
    await freshDraw();
    const entry = DrawEntryResponse.parse((await press(owner.token)).json()).data;
    expect((await get(`draw_entries/${entry.id}`, owner.token)).statusCode).toBe(200);
    const foreign = await get(`draw_entries/${entry.id}`, other.token);
    expect(foreign.statusCode).toBe(404);
    expect(detailOf(foreign)).toBe('Unknown entry');
    expect((await get('draw_entries/999999999', owner.token)).statusCode).toBe(404);

    await app().services.draws.closeNow();
    const prize = GrandPrizeListResponse.parse((await get('grand_prizes', owner.token)).json())
      .data[0];
    expect(prize).toBeDefined();
    expect((await get(`grand_prizes/${prize?.id}`, owner.token)).statusCode).toBe(200);
    expect((await get(`grand_prizes/${prize?.id}`, other.token)).statusCode).toBe(404);
    expect((await get('grand_prizes/not-a-uuid', other.token)).statusCode).toBe(404);
  });

  it('never attaches an entry to a closed draw, even when presses race the closing', async () => {
    const draw = await freshDraw();
    const players = await Promise.all(Array.from({ length: 12 }, () => signedInPlayer(app())));
    const [presses, closing] = await Promise.all([
      Promise.all(players.map((player) => press(player.token))),
      app().services.draws.closeNow(),
    ]);
    expect(presses.every((response) => response.statusCode === 201)).toBe(true);
    const landed = presses.map((r) => DrawEntryResponse.parse(r.json()).data.draw_id);
    expect(landed.every((id) => id === draw.id || id === closing.next.id)).toBe(true);
    // Whatever landed in the closed draw was counted; nothing arrived after.
    const closedRecord = DrawResponse.parse((await get(`draws/${draw.id}`)).json()).data;
    expect(await entryIdsIn(draw.id)).toHaveLength(closedRecord.entries_count);
    expect(closedRecord.entries_count).toBe(landed.filter((id) => id === draw.id).length);

    // After the closing a press goes to the next draw.
    const late = await signedInPlayer(app());
    const entry = DrawEntryResponse.parse((await press(late.token)).json()).data;
    expect(entry.draw_id).toBe(closing.next.id);
    expect(await entryIdsIn(draw.id)).toHaveLength(closedRecord.entries_count);
  });
});
