// Rewards for answers on PGlite and PostgreSQL: an entry's tickets and coupon paid once (also to
// racing claims), only to its owner, the coupon chosen from what the player said yes to; the
// first skip's wishlist coupon; a coupon claimed once and deleted; rewards played back.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { DrawEntryResponse, RewardListResponse, WalletResponse } from '../../contract/api';
import { OfferCatalog, QuestionCatalog } from '../../contract/catalog';
import { NextQuestionResponse, QUESTIONS_PER_BATCH } from '../../contract/questionnaires';
import {
  ALREADY_CLAIMED,
  ClaimCouponResponse,
  RewardResponse,
  RewardsResponse,
} from '../../contract/rewards';
import {
  bearer,
  buildTestApp,
  databases,
  detailOf,
  signedInPlayer,
  url,
  useDatabase,
} from './helper';
import { expectBooksBalance } from './integrity';

const offer = (key: string, brand: string, tags: string[], code: string) => ({
  key,
  coupon_type: brand,
  kind: 'coupon' as const,
  value: 5,
  image: '/images/rewards/coupon.svg',
  link: null,
  tags,
  code,
  delivery_note: null,
});

describe.each(databases)('rewards on %s', (kind) => {
  const database = useDatabase(kind);
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp(database());
    // Outdoors questions first, then food ones; one offer suits each.
    await app.services.catalog.importQuestions(
      QuestionCatalog.parse({
        questions: Array.from({ length: 12 }, (_, i) => ({
          key: `r-q-${i}`,
          prompt: `Reward question ${i}?`,
          tags: [i < 6 ? 'outdoors' : 'food'],
        })),
      }),
    );
    await app.services.catalog.importOffers(
      OfferCatalog.parse({
        offers: [
          offer('r-camp', 'Camp Corner', ['outdoors'], 'CAMP-5'),
          offer('r-diner', 'Dinerland', ['food'], 'DINER-5'),
        ],
      }),
    );
  });

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    token: string,
    payload?: unknown,
  ) =>
    app.inject({
      method,
      url: url(path),
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  /** A signed-in player with the entry of a press, who answers `answers` (true, false or 'skip'). */
  const answering = async (answers: Array<boolean | 'skip'>) => {
    const player = await signedInPlayer(app);
    const entry = DrawEntryResponse.parse(
      (await call('POST', 'draw_entries', player.token, {})).json(),
    ).data;
    for (const answer of answers) {
      const next = NextQuestionResponse.parse(
        (await call('GET', 'questionnaires/next', player.token)).json(),
      ).data;
      const answered = await call('PATCH', `questionnaires/${next.id}`, player.token, {
        question_prompt: next.attributes.next_question,
        answer: answer === true,
        draw_entry_id: entry.id,
        isSkipped: answer === 'skip',
      });
      expect(answered.statusCode).toBe(200);
    }
    return { ...player, entry };
  };
  const pay = (token: string, drawEntryId: unknown) =>
    call('POST', 'rewards', token, { draw_entry_id: drawEntryId });
  const tickets = async (token: string) =>
    WalletResponse.parse((await call('GET', 'wallet', token)).json()).data.tickets;
  const unplayed = async (token: string) =>
    RewardListResponse.parse((await call('GET', 'rewards', token)).json()).data;
  const rewardsService = () => app.services.rewards;

  it('pays a ticket per answered question and a coupon for a whole batch, each answer once', async () => {
    const player = await answering([true, true, 'skip', false, true]);
    const before = await tickets(player.token);
    const paid = await pay(player.token, player.entry.id);
    expect(paid.statusCode).toBe(201);
    const rewards = RewardsResponse.parse(paid.json()).data;
    expect(rewards.map((r) => r.type).sort()).toEqual(['coupon_reward', 'token_reward']);
    expect(rewards.find((r) => r.type === 'token_reward')?.attributes.value).toBe(4);
    expect(await tickets(player.token)).toBe(before + 4);
    // Asked again: the same rewards, nothing paid twice.
    const again = RewardsResponse.parse((await pay(player.token, player.entry.id)).json()).data;
    expect(again.map((r) => r.id).sort()).toEqual(rewards.map((r) => r.id).sort());
    expect(await tickets(player.token)).toBe(before + 4);
  });

  it('pays later answers on the same entry when asked again (Tell Us More), not the earlier ones', async () => {
    const player = await answering([true, true, true, true, true]);
    const first = RewardsResponse.parse((await pay(player.token, player.entry.id)).json()).data;
    const before = await tickets(player.token);
    for (let i = 0; i < QUESTIONS_PER_BATCH; i += 1) {
      const next = NextQuestionResponse.parse(
        (await call('GET', 'questionnaires/next', player.token)).json(),
      ).data;
      await call('PATCH', `questionnaires/${next.id}`, player.token, {
        question_prompt: next.attributes.next_question,
        answer: i !== 2,
        draw_entry_id: player.entry.id,
        isSkipped: i === 2,
      });
    }
    const second = RewardsResponse.parse((await pay(player.token, player.entry.id)).json()).data;
    expect(second).toHaveLength(first.length + 2);
    expect(await tickets(player.token)).toBe(before + 4);
  });

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
    await expectBooksBalance(app);
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
    const thief = await signedInPlayer(app);
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
    await expectBooksBalance(app);
  });

  it('pays one entry claimed from two sessions of its player at once, once', async () => {
    const player = await answering([true, true, false, true, true]);
    const session = await app.services.sessions.open(database().db, player.user.id);
    const before = await tickets(player.token);
    const both = await Promise.all([
      rewardsService().payEntryInSession(sessionOf(player.token), player.entry.id),
      rewardsService().payEntryInSession(session.id, player.entry.id),
    ]);
    expect(idsOf(both[0])).toBe(idsOf(both[1]));
    expect(both[0]).toHaveLength(2);
    expect(await tickets(player.token)).toBe(before + QUESTIONS_PER_BATCH);
    await expectBooksBalance(app);
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
    await expectBooksBalance(app);
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

  it('chooses the coupon from what the player said yes to', async () => {
    // The first six questions are about the outdoors: yes to them, skip nothing.
    const outdoorsy = await answering([true, true, true, true, true]);
    const coupon = RewardsResponse.parse(
      (await pay(outdoorsy.token, outdoorsy.entry.id)).json(),
    ).data.find((r) => r.type === 'coupon_reward');
    expect(coupon?.attributes).toMatchObject({
      coupon_type: 'Camp Corner',
      kind: 'coupon',
      value: 5,
    });
  });

  it('pays nothing for an entry without answers, and nothing to another player', async () => {
    const player = await answering([]);
    expect(RewardsResponse.parse((await pay(player.token, player.entry.id)).json()).data).toEqual(
      [],
    );
    const owner = await answering([true]);
    const thief = await signedInPlayer(app);
    const stolen = await pay(thief.token, owner.entry.id);
    expect(stolen.statusCode).toBe(404);
    expect(detailOf(stolen)).toBe('Unknown entry');
    expect((await pay(owner.token, Number.MAX_SAFE_INTEGER)).statusCode).toBe(404);
    expect((await pay(owner.token, 'one')).statusCode).toBe(422);
    expect((await call('POST', 'rewards', owner.token, {})).statusCode).toBe(422);
    // The owner's entry is still unpaid.
    expect(
      RewardsResponse.parse((await pay(owner.token, owner.entry.id)).json()).data,
    ).toHaveLength(1);
  });

  it('lists rewards until they are played back', async () => {
    const player = await answering([true, true, true, true, true]);
    const paid = RewardsResponse.parse((await pay(player.token, player.entry.id)).json()).data;
    expect((await unplayed(player.token)).map((r) => r.id).sort()).toEqual(
      paid.map((r) => r.id).sort(),
    );
    const other = await signedInPlayer(app);
    // Another player's ids change nothing of this player's.
    expect(
      (await call('POST', 'rewards/played_back', other.token, { ids: paid.map((r) => r.id) }))
        .statusCode,
    ).toBe(204);
    expect(await unplayed(player.token)).toHaveLength(2);
    expect(
      (await call('POST', 'rewards/played_back', player.token, { ids: [paid[0]!.id, 'nonsense'] }))
        .statusCode,
    ).toBe(204);
    expect((await unplayed(player.token)).map((r) => r.id)).toEqual([paid[1]!.id]);
    expect(
      (await call('POST', 'rewards/played_back', player.token, { ids: 'all' })).statusCode,
    ).toBe(422);
  });

  it('shows a coupon’s code once claimed, and claims it once, for its owner only', async () => {
    const player = await answering([true, true, true, true, true]);
    const paid = RewardsResponse.parse((await pay(player.token, player.entry.id)).json()).data;
    const coupon = paid.find((r) => r.type === 'coupon_reward')!;
    const token = paid.find((r) => r.type === 'token_reward')!;
    const other = await signedInPlayer(app);
    expect((await call('POST', `rewards/${coupon.id}/claim`, other.token, {})).statusCode).toBe(
      404,
    );
    const claimed = await call('POST', `rewards/${coupon.id}/claim`, player.token, {});
    expect(claimed.statusCode).toBe(200);
    expect(ClaimCouponResponse.parse(claimed.json()).data.message).toBe('CAMP-5');
    const twice = await call('POST', `rewards/${coupon.id}/claim`, player.token, {});
    expect(twice.statusCode).toBe(409);
    expect(detailOf(twice)).toBe(ALREADY_CLAIMED);
    expect((await call('POST', `rewards/${token.id}/claim`, player.token, {})).statusCode).toBe(
      404,
    );
    expect((await call('POST', 'rewards/not-a-uuid/claim', player.token, {})).statusCode).toBe(404);
  });

  it('deletes a coupon of the player’s from the list', async () => {
    const player = await answering([true, true, true, true, true]);
    const coupon = RewardsResponse.parse(
      (await pay(player.token, player.entry.id)).json(),
    ).data.find((r) => r.type === 'coupon_reward')!;
    const other = await signedInPlayer(app);
    expect((await call('DELETE', `rewards/${coupon.id}`, other.token, {})).statusCode).toBe(404);
    expect((await call('DELETE', `rewards/${coupon.id}`, player.token, {})).statusCode).toBe(204);
    expect((await call('DELETE', `rewards/${coupon.id}`, player.token, {})).statusCode).toBe(404);
    expect((await unplayed(player.token)).some((r) => r.id === coupon.id)).toBe(false);
  });

  it('gives the first skip one wishlist coupon, the same one however often it is asked', async () => {
    const player = await answering([]);
    const skipped = await call('POST', 'questionnaires/skip_questionnaire', player.token, {
      draw_entry_id: player.entry.id,
    });
    expect(skipped.statusCode).toBe(201);
    const ask = (body: unknown) =>
      call('POST', 'questionnaires/create_coupon_from_wishlist', player.token, body);
    expect((await ask({})).statusCode).toBe(422);
    expect((await ask({ is_first_skip_reward: 'yes' })).statusCode).toBe(422);
    const racing = await Promise.all(
      Array.from({ length: 4 }, () => ask({ is_first_skip_reward: true })),
    );
    const ids = racing.map((r) => RewardResponse.parse(r.json()).data.id);
    expect(racing.every((r) => r.statusCode === 201)).toBe(true);
    expect(new Set(ids).size).toBe(1);
    expect((await unplayed(player.token)).filter((r) => r.type === 'coupon_reward')).toHaveLength(
      1,
    );
  });
});
