// A player's rewards on PGlite and PostgreSQL: listed until played back, a coupon claimed once
// and deleted, the first skip's wishlist coupon.
import { describe, expect, it } from 'vitest';
import {
  ALREADY_CLAIMED,
  ClaimCouponResponse,
  RewardResponse,
  RewardsResponse,
} from '../../contract/rewards';
import { databases, detailOf, signedInPlayer, useRewardsApp } from './helper';

describe.each(databases)('coupons and the rewards list on %s', (kind) => {
  const { app, call, answering, pay, unplayed } = useRewardsApp(kind);

  it('lists rewards until they are played back', async () => {
    const player = await answering([true, true, true, true, true]);
    const paid = RewardsResponse.parse((await pay(player.token, player.entry.id)).json()).data;
    expect((await unplayed(player.token)).map((r) => r.id).sort()).toEqual(
      paid.map((r) => r.id).sort(),
    );
    const other = await signedInPlayer(app());
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
    const other = await signedInPlayer(app());
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
    const other = await signedInPlayer(app());
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
