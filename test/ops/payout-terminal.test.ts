// Player-written text in the operator's terminal, on PGlite and PostgreSQL: a payout address
// reaches payouts list, payouts paid and user export only escaped, even when the database holds
// what the contract now refuses.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { grandPrizes, referralBonuses } from '../../server/db/schema';
import { databases, signedInPlayer } from '../api/helper';
import { usePayoutApp } from './helper';

/** What a terminal would act on or hide, besides the line breaks and tabs the commands write. */
const RAW_UNPRINTABLE = /[^\P{Cc}\t\n]|[\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;
/** The same, with tabs and line breaks too: inside one field nothing of these may show raw. */
const RAW_IN_FIELD = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;

/**
 * A payout address no claim can write any more (a database stores anything but NUL): it clears
 * the screen, retitles the window, turns text around, hides a character, breaks the line…
 */
const HOSTILE =
  '\u001b[2J\u001b]0;pwned\u0007\u009b31m\u007fjane\u202Emoc.\u200B\u2028x\u2029\r\n\tdone' +
  '\\u001b@y.co';
/** … and how the operator sees it: every one of those characters as an escape. */
const HOSTILE_SHOWN =
  '\\u001b[2J\\u001b]0;pwned\\u0007\\u009b31m\\u007fjane\\u202emoc.\\u200b\\u2028x\\u2029' +
  '\\u000d\\u000a\\u0009done\\\\u001b@y.co';
describe.each(databases)('payout addresses in the operator terminal on %s', (kind) => {
  const { app, database, ops, winning, inviterWithBonus, payEverything } = usePayoutApp(kind);

  it('shows a hostile payout address escaped in payouts list and payouts paid', async () => {
    await payEverything();
    const winner = await signedInPlayer(app());
    const prize = await winning(winner);
    const inviter = await inviterWithBonus();
    // Written straight to the database: the claims refuse such an address now, but rows
    // stored before (or by any other way in) must not take the operator's terminal over.
    await database()
      .db.update(grandPrizes)
      .set({ paymentMethod: 'PayPal', paymentDetails: HOSTILE, claimedAt: new Date() })
      .where(eq(grandPrizes.id, prize.id));
    await database()
      .db.update(referralBonuses)
      .set({ paymentMethod: 'Virtual Visa', paymentDetails: HOSTILE, claimedAt: new Date() })
      .where(eq(referralBonuses.id, inviter.bonus.id));

    const listed = await ops('payouts', 'list');
    expect(listed.code).toBe(0);
    expect(listed.stdout).not.toMatch(RAW_UNPRINTABLE);
    const lines = listed.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    // Seven fields a line: nothing the player wrote made a field, or a line, of its own.
    for (const row of lines.slice(0, 2)) {
      const fields = row.split('\t');
      expect(fields).toHaveLength(7);
      for (const field of fields) expect(field).not.toMatch(RAW_IN_FIELD);
      expect(fields[4]).toBe(HOSTILE_SHOWN);
    }

    for (const [id, what] of [
      [prize.id, `Prize ${prize.id} is marked paid: $500 by PayPal`],
      [inviter.bonus.id, `Referral bonus ${inviter.bonus.id} is marked paid: $100 by Virtual Visa`],
    ] as const) {
      const paid = await ops('payouts', 'paid', id);
      expect(paid.code).toBe(0);
      expect(paid.stdout).toBe(`${what} to ${HOSTILE_SHOWN}.\n`);
      expect(paid.stdout.slice(0, -1)).not.toMatch(RAW_IN_FIELD);
    }
  });

  it('prints user export as JSON of the same values with nothing raw a terminal acts on', async () => {
    const player = await signedInPlayer(app());
    const prize = await winning(player);
    const astral = 'tag\u{E0041}\u{1D173}';
    await database()
      .db.update(grandPrizes)
      .set({
        paymentMethod: 'PayPal',
        paymentDetails: HOSTILE,
        cashierCheckName: `Jane${astral}\u0085`,
        cashierCheckAddress: '1 Main St\u2028\u00ADx',
        claimedAt: new Date(),
      })
      .where(eq(grandPrizes.id, prize.id));

    const result = await ops('user', 'export', `+${player.phone}`);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).not.toMatch(RAW_UNPRINTABLE);
    expect(result.stdout).not.toContain('\t');
    const exported = JSON.parse(result.stdout) as {
      grand_prizes: {
        id: string;
        payment_details: string;
        cashier_check_name: string;
        cashier_check_address: string;
      }[];
    };
    expect(exported.grand_prizes.find((row) => row.id === prize.id)).toMatchObject({
      payment_details: HOSTILE,
      cashier_check_name: `Jane${astral}\u0085`,
      cashier_check_address: '1 Main St\u2028\u00ADx',
    });
    expect(result.stdout).toContain('\\u202e');
    expect(result.stdout).toContain('\\udb40\\udc41');
  });
});
