// Rewards claims racing each other on PGlite and PostgreSQL: an entry's tickets and coupon paid
// once to racing claims, to claims from two sessions, to statements meeting over the same
// answers; a claim that fails writes nothing and takes none of the others down with it.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { QUESTIONS_PER_BATCH } from '../../contract/questionnaires';
import { RewardsResponse } from '../../contract/rewards';
import { databases, signedInPlayer, useRewardsApp } from './helper';
import { expectBooksBalance } from './integrity';

describe.each(databases)('racing rewards claims on %s', (kind) => {
  const { database, app, call, answering, pay, tickets, unplayed } = useRewardsApp(kind);
  const rewardsService = () => app().services.rewards;

  it('pays racing claims of one entry once', async () => {
    const player = await answering([true, true, true, true, true]);
    const before = await tickets(player.token);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => pay(player.token, player.entry.id)),
    );
    const ids = answers.map((a) =>
      RewardsResponse.parse(a.json())
        .data.map((r) => r.id)
        .sort()
        .join(),
    );
    expect(new Set(ids).size).toBe(1);
    expect(ids[0]?.split(',')).toHaveLength(2);
    expect(await tickets(player.token)).toBe(before + QUESTIONS_PER_BATCH);
    await expectBooksBalance(app());
  });

  /** The session a token names (its `sid`). */
  const sessionOf = (token: string) =>
    (
      JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
        sid: string;
      }
    ).sid;
  const tokenValue = (rewards: { type: string; attributes: { value: number } }[]) =>
    rewards.find((r) => r.type === 'token_reward')?.attributes.value;
  const idsOf = (rewards: { id: string }[] | null) =>
    (rewards ?? [])
      .map((r) => r.id)
      .sort()
      .join();
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  it('pays claims arriving together in one go, each its own answers once, and fails a bad one alone', async () => {
    const players = [
      await answering([true, true, true, true, true]),
      await answering([false, 'skip', true, false, true]),
      await answering([true, true]),
    ];
    const owner = await answering([true, true, true, true, true]);
    const thief = await signedInPlayer(app());
    const gone = await answering([true, true, true, true, true]);
    expect((await call('POST', 'users/logout', gone.token, {})).statusCode).toBe(200);
    const before = await Promise.all(players.map((p) => tickets(p.token)));
    // Called in one turn: one statement for all of them.
    const claims = [
      ...players.map((p) => rewardsService().payEntryInSession(sessionOf(p.token), p.entry.id)),
      rewardsService().payEntryInSession(sessionOf(thief.token), owner.entry.id),
      rewardsService().payEntryInSession(sessionOf(gone.token), gone.entry.id),
    ];
    const settled = await Promise.allSettled(claims);
    const paid = settled.slice(0, 3).map((r) => (r.status === 'fulfilled' ? r.value : null));
    expect(paid.map((rewards) => rewards?.map((r) => r.type).sort())).toEqual([
      ['coupon_reward', 'token_reward'],
      ['coupon_reward', 'token_reward'],
      ['token_reward'],
    ]);
    expect(paid.map((rewards) => tokenValue(rewards ?? []))).toEqual([5, 4, 2]);
    expect(await Promise.all(players.map((p) => tickets(p.token)))).toEqual(
      before.map((count, i) => count + [5, 4, 2][i]!),
    );
    // Another player's entry: not found; a session logged out: none.
    expect(settled[3]).toMatchObject({ status: 'rejected', reason: { statusCode: 404 } });
    expect(settled[4]).toEqual({ status: 'fulfilled', value: null });
    expect((await pay(gone.token, gone.entry.id)).statusCode).toBe(401);
    // The owner's entry was not touched; asked again together, nothing is paid twice.
    expect(
      tokenValue(RewardsResponse.parse((await pay(owner.token, owner.entry.id)).json()).data),
    ).toBe(5);
    const again = await Promise.all(
      players.map((p) => rewardsService().payEntryInSession(sessionOf(p.token), p.entry.id)),
    );
    expect(again.map(idsOf)).toEqual(paid.map(idsOf));
    expect(await Promise.all(players.map((p) => tickets(p.token)))).toEqual(
      before.map((count, i) => count + [5, 4, 2][i]!),
    );
    await expectBooksBalance(app());
  });

  it('pays one entry claimed from two sessions of its player at once, once', async () => {
    const player = await answering([true, true, false, true, true]);
    const session = await app().services.sessions.open(database().db, player.user.id);
    const before = await tickets(player.token);
    const both = await Promise.all([
      rewardsService().payEntryInSession(sessionOf(player.token), player.entry.id),
      rewardsService().payEntryInSession(session.id, player.entry.id),
    ]);
    expect(idsOf(both[0])).toBe(idsOf(both[1]));
    expect(both[0]).toHaveLength(2);
    expect(await tickets(player.token)).toBe(before + QUESTIONS_PER_BATCH);
    await expectBooksBalance(app());
  });

  it('pays each answer once when statements of claims race over the same entries', async () => {
    const racers = [
      await answering([true, true, true, true, true]),
      await answering([true, false, true, false, true]),
    ];
    const before = await Promise.all(racers.map((p) => tickets(p.token)));
    const claim = (p: (typeof racers)[number]) =>
      rewardsService().payEntryInSession(sessionOf(p.token), p.entry.id);
    // The first player's answers held by another transaction, so that two statements of claims
    // are on their way at once and meet over them (on PostgreSQL; embedded, they queue).
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = () => {};
    const holding = new Promise<void>((resolve) => (held = resolve));
    const holder = database().db.transaction(async (tx) => {
      await tx.execute(
        sql`select id from answers where draw_entry_id = ${racers[0]!.entry.id} for update`,
      );
      held();
      await released;
    });
    await Promise.race([holding, holder]);
    // The same entries in the other order: the statements wait for each other, or, waiting for
    // each other both ways, one fails and its claims are tried again one by one.
    const first = [claim(racers[0]!), claim(racers[1]!)];
    await nextTurn();
    const second = [claim(racers[1]!), claim(racers[0]!)];
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    await holder;
    const [a0, a1, b1, b0] = await Promise.all([...first, ...second]);
    expect(idsOf(a0!)).toBe(idsOf(b0!));
    expect(idsOf(a1!)).toBe(idsOf(b1!));
    expect([a0, a1].map((rewards) => rewards?.length)).toEqual([2, 2]);
    expect(await Promise.all(racers.map((p) => tickets(p.token)))).toEqual([
      before[0]! + 5,
      before[1]! + 5,
    ]);
    await expectBooksBalance(app());
  });

  it('writes nothing of a claim that fails, and pays the others of its statement', async () => {
    const players = [
      await answering([true, true, true, true, true]),
      await answering([true, true, true, true, true]),
    ];
    const doomed = players[1]!;
    const db = database().db;
    // A coupon for the doomed player fails to insert, after its answers and tickets were written.
    await db.execute(
      sql.raw(`
      create function refuse_coupon() returns trigger language plpgsql as $$
      begin
        if new.type = 'coupon_reward' and new.user_id = '${doomed.user.id}' then
          raise exception 'refused for the test';
        end if;
        return new;
      end $$`),
    );
    await db.execute(
      sql.raw(`create trigger refuse_coupon before insert on rewards
        for each row execute function refuse_coupon()`),
    );
    const before = await Promise.all(players.map((p) => tickets(p.token)));
    try {
      const settled = await Promise.allSettled(
        players.map((p) => rewardsService().payEntryInSession(sessionOf(p.token), p.entry.id)),
      );
      expect(settled.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
      expect(await tickets(players[0]!.token)).toBe(before[0]! + 5);
      expect(await tickets(doomed.token)).toBe(before[1]!);
      expect(await unplayed(doomed.token)).toEqual([]);
    } finally {
      await db.execute(sql`drop trigger refuse_coupon on rewards`);
      await db.execute(sql`drop function refuse_coupon()`);
    }
    // Nothing of it was kept: asked again, its answers are paid in full.
    const paid = RewardsResponse.parse((await pay(doomed.token, doomed.entry.id)).json()).data;
    expect(paid.map((r) => r.type).sort()).toEqual(['coupon_reward', 'token_reward']);
    expect(await tickets(doomed.token)).toBe(before[1]! + 5);
  });
});
