// Rewards for answers on PGlite and PostgreSQL: an entry's tickets and coupon paid once, only to
// its owner, later answers paid when asked again, the coupon chosen from what the player said
// yes to.
import { describe, expect, it } from 'vitest';
import { NextQuestionResponse, QUESTIONS_PER_BATCH } from '../../contract/questionnaires';
import { RewardsResponse } from '../../contract/rewards';
import { databases, detailOf, signedInPlayer, useRewardsApp } from './helper';

describe.each(databases)('rewards paid for answers on %s', (kind) => {
  const { app, call, answering, pay, tickets } = useRewardsApp(kind);

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
    const thief = await signedInPlayer(app());
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
});
