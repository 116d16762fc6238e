// Rewards for answers on PGlite and PostgreSQL: an entry's tickets and coupon paid once (also to
// racing claims), only to its owner, the coupon chosen from what the player said yes to; the
// first skip's wishlist coupon; a coupon claimed once and deleted; rewards played back.
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
