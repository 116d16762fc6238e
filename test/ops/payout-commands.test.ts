// The operator's payout commands on PGlite and PostgreSQL, run in-process over the services of
// a real app (the same program the CLI and the ops socket run): referral bonuses listed and
// marked paid beside grand prizes, a cashier check put on a prize, and player-written text that
// reaches the operator's terminal only escaped, even when the database holds what the contract
// now refuses.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { CreateInviteResponse, GrandPrizeListResponse } from '../../contract/api';
import {
  METHOD_NOT_OFFERED,
  PaymentChoicesResponse,
  ReferralBonusListResponse,
} from '../../contract/winnings';
import { grandPrizes, referralBonuses } from '../../server/db/schema';
import {
  bearer,
  buildTestApp,
  databases,
  detailOf,
  signedInPlayer,
  url,
  useDatabase,
} from '../api/helper';
import { opsOver } from './helper';

type Player = Awaited<ReturnType<typeof signedInPlayer>>;

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

const ISO = '\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z';

describe.each(databases)('the payout commands on %s', (kind) => {
  const database = useDatabase(kind);
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp(database());
  });

  /** `npm run ops -- ...argv`, in-process over the app's services. */
  const ops = (...argv: string[]) => opsOver(app.services)(...argv);
  const get = (path: string, token: string) =>
    app.inject({ method: 'GET', url: url(path), headers: bearer(token) });
  const post = (path: string, token: string, payload: unknown) =>
    app.inject({
      method: 'POST',
      url: url(path),
      headers: { 'content-type': 'application/json', ...bearer(token) },
      payload: JSON.stringify(payload),
    });

  /** The player presses alone in a draw that then closes: the prize (and its draw) is theirs. */
  const winning = async (player: Player) => {
    await app.services.draws.closeNow();
    expect((await post('draw_entries', player.token, {})).statusCode).toBe(201);
    const closing = await app.services.draws.closeNow();
    const prizes = GrandPrizeListResponse.parse((await get('grand_prizes', player.token)).json());
    const prize = prizes.data.find((p) => p.draw_id === closing.draw.id);
    if (!prize) throw new Error('the player did not win');
    return prize;
  };
  /** A player invites another, who then wins: the inviter has a $100 bonus for that draw. */
  const inviterWithBonus = async () => {
    const inviter = await signedInPlayer(app);
    const { code } = CreateInviteResponse.parse((await post('invites', inviter.token, {})).json());
    const invitee = await signedInPlayer(app, code);
    const prize = await winning(invitee);
    const [bonus] = ReferralBonusListResponse.parse(
      (await get('referral_bonuses', inviter.token)).json(),
    ).data;
    if (!bonus) throw new Error('the inviter earned no bonus');
    return { ...inviter, bonus, drawId: prize.draw_id };
  };
  const prizeRow = async (id: string) =>
    (await database().db.select().from(grandPrizes).where(eq(grandPrizes.id, id)))[0];
  const bonusRow = async (id: string) =>
    (await database().db.select().from(referralBonuses).where(eq(referralBonuses.id, id)))[0];
  /** Marks every claim the earlier tests left paid, so each test lists only its own. */
  const payEverything = async () => {
    for (const claim of await app.services.payouts.pendingClaims()) {
      await app.services.payouts.markPaid(claim.id);
    }
  };

  describe('referral bonuses', () => {
    it('lists a claimed bonus beside the claimed prizes, saying which is which', async () => {
      await payEverything();
      const winner = await signedInPlayer(app);
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

  describe('cashier checks', () => {
    it('puts a cashier check on an unclaimed prize; then only Virtual Visa can claim it', async () => {
      const winner = await signedInPlayer(app);
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
      const winner = await signedInPlayer(app);
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

  describe('player-written text in the terminal', () => {
    it('shows a hostile payout address escaped in payouts list and payouts paid', async () => {
      await payEverything();
      const winner = await signedInPlayer(app);
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
        [
          inviter.bonus.id,
          `Referral bonus ${inviter.bonus.id} is marked paid: $100 by Virtual Visa`,
        ],
      ] as const) {
        const paid = await ops('payouts', 'paid', id);
        expect(paid.code).toBe(0);
        expect(paid.stdout).toBe(`${what} to ${HOSTILE_SHOWN}.\n`);
        expect(paid.stdout.slice(0, -1)).not.toMatch(RAW_IN_FIELD);
      }
    });

    it('prints user export as JSON of the same values with nothing raw a terminal acts on', async () => {
      const player = await signedInPlayer(app);
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
});
