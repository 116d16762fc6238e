// The money rules on PGlite and PostgreSQL (DESIGN section 3): the wishlist coupon only for a
// first-time player's first recorded skip, once per player for ever; a claimed coupon is never
// removed and stays listed with its code; every five answers of an entry earn its coupon,
// however many claims paid them. Each ends with the books balanced.
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { DrawEntryResponse } from '../../contract/api';
import { NextQuestionResponse, QUESTIONS_PER_BATCH } from '../../contract/questionnaires';
import {
  CLAIMED_COUPON_KEPT,
  ClaimCouponResponse,
  ONLY_FIRST_SKIP,
  RewardResponse,
  RewardsResponse,
} from '../../contract/rewards';
import { CouponListResponse } from '../../contract/winnings';
import { FIRST_SKIP_GIVEN } from '../../server/services/rewards';
import {
  bearer,
  buildTestApp,
  couponOffer,
  databases,
  detailOf,
  loadCatalog,
  numberedQuestions,
  signedInPlayer,
  url,
  useDatabase,
} from './helper';
import { expectBooksBalance } from './integrity';

describe.each(databases)('money rules on %s', (kind) => {
  const database = useDatabase(kind);
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp(database());
    await loadCatalog(app, {
      questions: numberedQuestions(40, 'm', 'Money question'),
      offers: [
        {
          ...couponOffer('m-camp', 'Camp Corner', ['outdoors'], 'CAMP-10'),
          value: 10,
          link: 'https://camp.example/offer',
        },
      ],
    });
  });

  const call = (method: 'GET' | 'POST' | 'DELETE', path: string, token: string, body?: object) =>
    app.inject({
      method,
      url: url(path),
      headers: bearer(token),
      ...(body === undefined ? {} : { payload: body }),
    });
  const press = async (token: string) =>
    DrawEntryResponse.parse((await call('POST', 'draw_entries', token, {})).json()).data;
  const answer = async (token: string, entryId: number, count: number) => {
    for (let i = 0; i < count; i += 1) {
      const next = NextQuestionResponse.parse(
        (await call('GET', 'questionnaires/next', token)).json(),
      ).data;
      const answered = await app.inject({
        method: 'PATCH',
        url: url(`questionnaires/${next.id}`),
        headers: bearer(token),
        payload: {
          question_prompt: next.attributes.next_question,
          answer: true,
          draw_entry_id: entryId,
          isSkipped: false,
        },
      });
      expect(answered.statusCode).toBe(200);
    }
  };
  const wishlistCoupon = (token: string) =>
    call('POST', 'questionnaires/create_coupon_from_wishlist', token, {
      is_first_skip_reward: true,
    });
  const skip = (token: string, entryId: number) =>
    call('POST', 'questionnaires/skip_questionnaire', token, { draw_entry_id: entryId });
  const coupons = async (token: string) =>
    CouponListResponse.parse((await call('GET', 'coupons', token)).json()).data;
  const pay = async (token: string, entryId: number) => {
    const paid = await call('POST', 'rewards', token, { draw_entry_id: entryId });
    expect(paid.statusCode).toBe(201);
    return RewardsResponse.parse(paid.json()).data;
  };

  it('gives no wishlist coupon to a player who never skipped', async () => {
    const player = await signedInPlayer(app);
    await press(player.token);
    const refused = await wishlistCoupon(player.token);
    expect(refused.statusCode).toBe(409);
    expect(detailOf(refused)).toBe(ONLY_FIRST_SKIP);
    expect(await coupons(player.token)).toEqual([]);
    await expectBooksBalance(app);
  });

  it('gives no wishlist coupon to a returning player who skips', async () => {
    const player = await signedInPlayer(app);
    const first = await press(player.token);
    await answer(player.token, first.id, QUESTIONS_PER_BATCH);
    await pay(player.token, first.id);
    expect((await skip(player.token, first.id)).statusCode).toBe(201);
    const refused = await wishlistCoupon(player.token);
    expect(refused.statusCode).toBe(409);
    expect(detailOf(refused)).toBe(ONLY_FIRST_SKIP);
    await expectBooksBalance(app);
  });

  it('gives the first skip one coupon for ever: create, claim, delete forty times yields one', async () => {
    const player = await signedInPlayer(app);
    const entry = await press(player.token);
    expect((await skip(player.token, entry.id)).statusCode).toBe(201);
    const given = new Set<string>();
    for (let round = 0; round < 40; round += 1) {
      const asked = await wishlistCoupon(player.token);
      if (asked.statusCode !== 201) {
        expect(asked.statusCode).toBe(409);
        continue;
      }
      const coupon = RewardResponse.parse(asked.json()).data;
      given.add(coupon.id);
      await call('POST', `rewards/${coupon.id}/claim`, player.token, {});
      const removed = await call('DELETE', `rewards/${coupon.id}`, player.token, {});
      expect(removed.statusCode).toBe(409);
      expect(detailOf(removed)).toBe(CLAIMED_COUPON_KEPT);
    }
    expect(given.size).toBe(1);
    // The one coupon stays the player's, claimed, with its code and link.
    const listed = await coupons(player.token);
    expect(listed).toHaveLength(1);
    expect(listed[0]?.attributes).toMatchObject({
      claimed: true,
      claim_message: 'CAMP-10',
      code: 'CAMP-10',
      link: 'https://camp.example/offer',
    });
    await expectBooksBalance(app);
  });

  it('does not give the wishlist coupon again once an unclaimed one was removed', async () => {
    const player = await signedInPlayer(app);
    const entry = await press(player.token);
    expect((await skip(player.token, entry.id)).statusCode).toBe(201);
    const coupon = RewardResponse.parse((await wishlistCoupon(player.token)).json()).data;
    expect((await call('DELETE', `rewards/${coupon.id}`, player.token, {})).statusCode).toBe(204);
    const again = await wishlistCoupon(player.token);
    expect(again.statusCode).toBe(409);
    expect(detailOf(again)).toBe(FIRST_SKIP_GIVEN);
    expect(await coupons(player.token)).toEqual([]);
    await expectBooksBalance(app);
  });

  it('answers a claim with the code alone as well as the message', async () => {
    const player = await signedInPlayer(app);
    const entry = await press(player.token);
    await answer(player.token, entry.id, QUESTIONS_PER_BATCH);
    const coupon = (await pay(player.token, entry.id)).find((r) => r.type === 'coupon_reward');
    if (!coupon) throw new Error('a whole batch earns a coupon');
    const claimed = await call('POST', `rewards/${coupon.id}/claim`, player.token, {});
    expect(ClaimCouponResponse.parse(claimed.json()).data).toEqual({
      message: 'CAMP-10',
      code: 'CAMP-10',
    });
  });

  it('earns an entry its coupon for five answers paid in two claims (3, then 2)', async () => {
    const player = await signedInPlayer(app);
    const entry = await press(player.token);
    await answer(player.token, entry.id, 3);
    const first = await pay(player.token, entry.id);
    expect(first.filter((r) => r.type === 'coupon_reward')).toHaveLength(0);
    await answer(player.token, entry.id, 2);
    const second = await pay(player.token, entry.id);
    expect(second.filter((r) => r.type === 'coupon_reward')).toHaveLength(1);
    // Tickets: one per answer, each answer paid once.
    const tokens = second.filter((r) => r.type === 'token_reward');
    expect(tokens.reduce((sum, r) => sum + r.attributes.value, 0)).toBe(5);
    // Twelve more answers in claims of 4: two more whole batches, two more coupons.
    for (let i = 0; i < 3; i += 1) {
      await answer(player.token, entry.id, 4);
      await pay(player.token, entry.id);
    }
    const all = await pay(player.token, entry.id);
    expect(all.filter((r) => r.type === 'coupon_reward')).toHaveLength(3);
    await expectBooksBalance(app);
  });

  it('counts an entry’s batches across racing claims, each answer paid once', async () => {
    const player = await signedInPlayer(app);
    const entry = await press(player.token);
    let coupons = 0;
    // Answers arrive in twos; each time, several claims of the entry race each other.
    for (let round = 0; round < 5; round += 1) {
      await answer(player.token, entry.id, 2);
      const racing = await Promise.all(
        Array.from({ length: 6 }, () => pay(player.token, entry.id)),
      );
      coupons = Math.max(
        ...racing.map((rewards) => rewards.filter((r) => r.type === 'coupon_reward').length),
      );
    }
    // Ten answers: two whole batches, two coupons.
    expect(coupons).toBe(2);
    await expectBooksBalance(app);
  });
});
