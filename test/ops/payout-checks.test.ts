// The operator's cashier check command on PGlite and PostgreSQL, run in-process over the
// services of a real app: a cashier check put on an unclaimed prize, after which only Virtual
// Visa can claim it; bad input refused in one line, changing nothing.
import { describe, expect, it } from 'vitest';
import { METHOD_NOT_OFFERED, PaymentChoicesResponse } from '../../contract/winnings';
import { databases, detailOf, signedInPlayer } from '../api/helper';
import { usePayoutApp } from './helper';

describe.each(databases)('the cashier check command on %s', (kind) => {
  const { app, ops, get, post, winning, inviterWithBonus, prizeRow } = usePayoutApp(kind);

  it('puts a cashier check on an unclaimed prize; then only Virtual Visa can claim it', async () => {
    const winner = await signedInPlayer(app());
    const prize = await winning(winner);
    const result = await ops(
      'payouts',
      'cashier-check',
      prize.id,
      '--name',
      '  Jane Doe ',
      '--address',
      '1 Main St\nSpringfield, IL 62701',
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    // The line break is stored, and shown as an escape: one line of output.
    expect(result.stdout).toBe(
      `Prize ${prize.id} has a cashier check to Jane Doe, 1 Main St\\u000aSpringfield, IL 62701; ` +
        'it can now be claimed only by Virtual Visa.\n',
    );
    expect(await prizeRow(prize.id)).toMatchObject({
      cashierCheckName: 'Jane Doe',
      cashierCheckAddress: '1 Main St\nSpringfield, IL 62701',
    });

    const choices = await get(`reward_payment_choices?grand_prize_id=${prize.id}`, winner.token);
    expect(PaymentChoicesResponse.parse(choices.json()).data).toEqual({
      grand_prize_id: prize.id,
      choices: ['Virtual Visa'],
      cashier_check: { name: 'Jane Doe', address: '1 Main St\nSpringfield, IL 62701' },
    });
    for (const refused of [
      { payment_method: 'Venmo', handle: 'jane-doe' },
      { payment_method: 'PayPal', email: 'jane@example.com' },
    ]) {
      const response = await post('reward_payment_choices/claim', winner.token, {
        grand_prize_id: prize.id,
        ...refused,
      });
      expect(response.statusCode, refused.payment_method).toBe(422);
      expect(detailOf(response)).toBe(METHOD_NOT_OFFERED);
    }
    const card = await post('reward_payment_choices/claim', winner.token, {
      grand_prize_id: prize.id,
      payment_method: 'Virtual Visa',
      email: 'jane@example.com',
    });
    expect(card.statusCode).toBe(201);
  });

  it('refuses bad input with exit 1 and one clear line, changing nothing', async () => {
    const winner = await signedInPlayer(app());
    const prize = await winning(winner);
    const claimed = await winning(winner);
    await post('reward_payment_choices/claim', winner.token, {
      grand_prize_id: claimed.id,
      payment_method: 'PayPal',
      email: 'jane@example.com',
    });
    const { bonus } = await inviterWithBonus();
    const unknown = '00000000-0000-4000-8000-000000000000';
    const address = ['--address', '1 Main St'];
    const name = ['--name', 'Jane Doe'];
    const refused: [string[], RegExp | string][] = [
      [
        ['not-a-uuid', ...name, ...address],
        "error: command-argument value 'not-a-uuid' is invalid for argument 'id'. must be a prize id (a UUID)\n",
      ],
      [[unknown, ...name, ...address], `No prize ${unknown}\n`],
      // A bonus is paid as its inviter claims it; it carries no check.
      [[bonus.id, ...name, ...address], `No prize ${bonus.id}\n`],
      [
        [claimed.id, ...name, ...address],
        `Prize ${claimed.id} was claimed already (PayPal): its payout method is chosen, so no cashier check can be put on it\n`,
      ],
      [[prize.id, ...address], "error: required option '--name <name>' not specified\n"],
      [[prize.id, ...name], "error: required option '--address <address>' not specified\n"],
      [[prize.id, '--name', ' \t ', ...address], 'The name of a cashier check cannot be empty\n'],
      [[prize.id, ...name, '--address', ''], 'The address of a cashier check cannot be empty\n'],
      [
        [prize.id, '--name', 'J'.repeat(201), ...address],
        'The name of a cashier check is longer than 200 characters\n',
      ],
      [
        [prize.id, ...name, '--address', 'A'.repeat(501)],
        'The address of a cashier check is longer than 500 characters\n',
      ],
      [
        [prize.id, '--name', 'Jane\u001b[2JDoe', ...address],
        'The name of a cashier check cannot contain control or format characters (it has U+001B)\n',
      ],
      [
        [prize.id, '--name', 'Jane\nDoe', ...address],
        'The name of a cashier check cannot contain control or format characters (it has U+000A)\n',
      ],
      [
        [prize.id, ...name, '--address', '1 Main St\u202E'],
        'The address of a cashier check cannot contain control or format characters (it has U+202E)\n',
      ],
      [
        [prize.id, ...name, '--address', '1 Main\u200B St'],
        'The address of a cashier check cannot contain control or format characters (it has U+200B)\n',
      ],
      [
        [prize.id, ...name, '--address', '1 Main St\u2028Springfield'],
        'The address of a cashier check cannot contain control or format characters (it has U+2028)\n',
      ],
    ];
    for (const [args, message] of refused) {
      const result = await ops('payouts', 'cashier-check', ...args);
      expect(result.code, JSON.stringify(args)).toBe(1);
      expect(result.stderr, JSON.stringify(args)).toBe(message);
      expect(result.stdout).toBe('');
    }
    for (const id of [prize.id, claimed.id]) {
      expect(await prizeRow(id)).toMatchObject({
        cashierCheckName: null,
        cashierCheckAddress: null,
      });
    }
    expect((await prizeRow(claimed.id))?.paymentMethod).toBe('PayPal');
  });
});
