// The operator's referral bonus commands on PGlite and PostgreSQL, run in-process over the
// services of a real app (the same program the CLI and the ops socket run): bonuses listed and
// marked paid beside grand prizes, once, and only once claimed.
import { describe, expect, it } from 'vitest';
import { ReferralBonusListResponse } from '../../contract/winnings';
import { databases, signedInPlayer } from '../api/helper';
import { ISO, usePayoutApp } from './helper';

type Player = Awaited<ReturnType<typeof signedInPlayer>>;

describe.each(databases)('the referral bonus payout commands on %s', (kind) => {
  const { app, ops, get, post, winning, inviterWithBonus, bonusRow, payEverything } =
    usePayoutApp(kind);

  it('lists a claimed bonus beside the claimed prizes, saying which is which', async () => {
    await payEverything();
    const winner = await signedInPlayer(app());
    const prize = await winning(winner);
    expect(
      (
        await post('reward_payment_choices/claim', winner.token, {
          grand_prize_id: prize.id,
          payment_method: 'PayPal',
          email: 'winner@example.com',
        })
      ).statusCode,
    ).toBe(201);
    const inviter = await inviterWithBonus();
    // A bonus not claimed yet is not listed: the operator has nowhere to send it.
    const unclaimed = await inviterWithBonus();
    expect(
      (
        await post('referral_bonuses/claim', inviter.token, {
          referral_bonus_id: inviter.bonus.id,
          payment_method: 'Venmo',
          handle: 'inviter-1',
        })
      ).statusCode,
    ).toBe(201);

    const listed = await ops('payouts', 'list');
    expect(listed.stderr).toBe('');
    expect(listed.code).toBe(0);
    const phone = (player: Player) => `\\+1\\*{6}${player.phone.slice(-4)}`;
    expect(listed.stdout).toMatch(
      new RegExp(
        `^${prize.id}\\tdraw ${prize.draw_id}\\t\\$500\\tPayPal\\twinner@example\\.com\\t${ISO}\\t${phone(winner)}\\n` +
          `${inviter.bonus.id}\\treferral bonus for draw ${inviter.drawId}\\t\\$100\\tVenmo\\t@inviter-1\\t${ISO}\\t${phone(inviter)}\\n` +
          '2 claims to pay\\n$',
      ),
    );
    expect(listed.stdout).not.toContain(unclaimed.bonus.id);
  });

  it('marks a claimed bonus paid, once, and the inviter sees it paid', async () => {
    await payEverything();
    const inviter = await inviterWithBonus();
    await post('referral_bonuses/claim', inviter.token, {
      referral_bonus_id: inviter.bonus.id,
      payment_method: 'Virtual Visa',
      email: 'card@example.com',
    });

    const paid = await ops('payouts', 'paid', inviter.bonus.id);
    expect(paid.stderr).toBe('');
    expect(paid.code).toBe(0);
    expect(paid.stdout).toBe(
      `Referral bonus ${inviter.bonus.id} is marked paid: $100 by Virtual Visa to card@example.com.\n`,
    );
    expect((await bonusRow(inviter.bonus.id))?.paidAt).toBeInstanceOf(Date);
    const shown = ReferralBonusListResponse.parse(
      (await get('referral_bonuses', inviter.token)).json(),
    ).data;
    expect(shown).toEqual([
      { ...inviter.bonus, claimed: true, payment_method: 'Virtual Visa', paid: true },
    ]);
    expect((await ops('payouts', 'list')).stdout).toBe('0 claims to pay\n');

    const again = await ops('payouts', 'paid', inviter.bonus.id);
    expect(again.code).toBe(1);
    expect(again.stdout).toBe('');
    expect(again.stderr).toMatch(
      new RegExp(`^Referral bonus ${inviter.bonus.id} was paid already, on ${ISO}\\n$`),
    );
  });

  it('refuses to pay a bonus not claimed yet', async () => {
    const inviter = await inviterWithBonus();
    const result = await ops('payouts', 'paid', inviter.bonus.id);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`Referral bonus ${inviter.bonus.id} has not been claimed yet\n`);
    expect((await bonusRow(inviter.bonus.id))?.paidAt).toBeNull();
  });
});
