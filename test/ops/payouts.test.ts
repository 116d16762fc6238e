// The payout commands as an operator runs them on an embedded data dir: with no server running
// (in-process, as the CLI does when it takes the data dir itself), then through the running
// server (once through the real CLI, then through the server's ops socket in-process).
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METHOD_NOT_OFFERED } from '../../contract/winnings';
import { openDatabase } from '../../server/db/database';
import { grandPrizes } from '../../server/db/schema';
import type { Services } from '../../server/services/index';
import {
  lastLine,
  ops,
  opsOnDataDir,
  opsThroughServer,
  startServer,
  withServices,
  type RunningServer,
} from './helper';
import { dataDirWithDatabase } from '../support/pglite-template';

/** The player presses alone in a draw that then closes: the prize is theirs. */
async function win(services: Services, userId: string) {
  await services.draws.closeNow();
  await services.draws.press(userId);
  const closing = await services.draws.closeNow();
  const prize = (await services.prizes.grandPrizes(userId)).find(
    (p) => p.draw_id === closing.draw.id,
  );
  if (!prize) throw new Error('the player did not win');
  return prize;
}

const ISO = '\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z';

/** What a terminal acts on or hides, besides the tabs and line breaks the commands write. */
const RAW_UNPRINTABLE = /[^\P{Cc}\t\n]|[\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;
/** A payout address that would clear the screen, retitle the window and turn text around. */
const HOSTILE = '\u001b[2J\u001b]0;pwned\u0007\u202Ejane\u200B\u2028\n\t@y.co';
const HOSTILE_SHOWN =
  '\\u001b[2J\\u001b]0;pwned\\u0007\\u202ejane\\u200b\\u2028\\u000a\\u0009@y.co';

describe('the operator’s payout commands', () => {
  const dataDir = dataDirWithDatabase('bb-payouts-ops-');
  const env = { DATA_DIR: dataDir };
  const offline = opsOnDataDir(dataDir);
  const throughServer = opsThroughServer(dataDir);
  const cashierCheck = (id: string, name: string, address: string) =>
    offline.run('payouts', 'cashier-check', id, '--name', name, '--address', address);
  let server: RunningServer | undefined;
  const prizes = { paypal: '', venmo: '', unclaimed: '', checked: '', hostile: '' };
  const draws = { paypal: 0, venmo: 0, bonus: 0, hostile: 0 };
  const bonuses = { claimed: '', unclaimed: '' };
  const phones = { hostile: '12025550107' };
  let ivyId = '';

  beforeAll(async () => {
    await withServices(dataDir, async (services) => {
      const code = await services.invites.createCampaign(10);
      const jane = await services.users.register('12025550101', code);
      const sam = await services.users.register('12025550102', code);
      const kim = await services.users.register('12025550103', code);

      const first = await win(services, jane.id);
      await services.payouts.claim(jane.id, {
        grand_prize_id: first.id,
        payment_method: 'PayPal',
        email: 'jane@example.com',
      });
      const second = await win(services, sam.id);
      await services.payouts.claim(sam.id, {
        grand_prize_id: second.id,
        payment_method: 'Venmo',
        handle: 'sam-smith',
      });
      // Sam leaves; the claim is still owed, to an account without a phone.
      await services.users.deleteAccount(sam.id, sam.id);
      const third = await win(services, kim.id);

      prizes.paypal = first.id;
      prizes.venmo = second.id;
      prizes.unclaimed = third.id;
      draws.paypal = first.draw_id;
      draws.venmo = second.draw_id;

      // Jane invited Lee and Ann; their wins earn her two bonuses. She claims Lee's.
      const lee = await services.users.register(
        '12025550104',
        await services.invites.createPersonal(jane.id),
      );
      const ann = await services.users.register(
        '12025550105',
        await services.invites.createPersonal(jane.id),
      );
      const leePrize = await win(services, lee.id);
      const [leeBonus] = await services.payouts.referralBonuses(jane.id);
      await services.payouts.claimBonus(jane.id, {
        referral_bonus_id: leeBonus?.id ?? '',
        payment_method: 'Virtual Visa',
        email: 'jane.card@example.com',
      });
      await win(services, ann.id);
      const annBonus = (await services.payouts.referralBonuses(jane.id)).find(
        (bonus) => bonus.id !== leeBonus?.id,
      );
      bonuses.claimed = leeBonus?.id ?? '';
      bonuses.unclaimed = annBonus?.id ?? '';
      draws.bonus = leePrize.draw_id;

      const ivy = await services.users.register('12025550106', code);
      ivyId = ivy.id;
      prizes.checked = (await win(services, ivy.id)).id;
      const zed = await services.users.register(phones.hostile, code);
      const hostile = await win(services, zed.id);
      prizes.hostile = hostile.id;
      draws.hostile = hostile.draw_id;
    });
    // What no claim accepts any more, written as if stored before: the commands must still
    // show it to the operator harmlessly.
    const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pgdata') });
    try {
      await database.db
        .update(grandPrizes)
        .set({ paymentMethod: 'PayPal', paymentDetails: HOSTILE, claimedAt: new Date() })
        .where(eq(grandPrizes.id, prizes.hostile));
    } finally {
      await database.close();
    }
  });
  afterAll(async () => {
    await offline.close();
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('names the payouts commands in its help', async () => {
    const result = await offline.run('payouts', '--help');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/list\s/);
    expect(result.stdout).toMatch(/paid \[options\] <id>|paid <id>/);
    expect(result.stdout).toMatch(/cashier-check \[options\] <id>/);
    expect(result.stdout).toMatch(/payouts.*referral bonus/s);
  });

  it('lists the claims to pay, prizes and referral bonuses, oldest first, and counts them', async () => {
    const result = await offline.run('payouts', 'list');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      new RegExp(
        `^${prizes.paypal}\\tdraw ${draws.paypal}\\t\\$500\\tPayPal\\tjane@example\\.com\\t${ISO}\\t\\+1\\*{6}0101\\n` +
          `${prizes.venmo}\\tdraw ${draws.venmo}\\t\\$500\\tVenmo\\t@sam-smith\\t${ISO}\\t\\(deleted\\)\\n` +
          `${bonuses.claimed}\\treferral bonus for draw ${draws.bonus}\\t\\$100\\tVirtual Visa\\tjane\\.card@example\\.com\\t${ISO}\\t\\+1\\*{6}0101\\n`,
      ),
    );
    // The address stored raw shows as escapes, in one line of seven fields.
    const hostile = result.stdout.split('\n').find((line) => line.startsWith(prizes.hostile));
    expect(hostile?.split('\t')).toEqual([
      prizes.hostile,
      `draw ${draws.hostile}`,
      '$500',
      'PayPal',
      HOSTILE_SHOWN,
      expect.stringMatching(new RegExp(`^${ISO}$`)) as string,
      '+1******0107',
    ]);
    expect(result.stdout).not.toMatch(RAW_UNPRINTABLE);
    expect(lastLine(result.stdout)).toBe('4 claims to pay');
    expect(result.stdout).not.toContain('2025550101');
    expect(result.stdout).not.toContain(prizes.unclaimed);
    expect(result.stdout).not.toContain(bonuses.unclaimed);
  });

  it('prints a player export whose strings a terminal shows as written', async () => {
    const result = await offline.run('user', 'export', phones.hostile);
    expect(result.code).toBe(0);
    expect(result.stdout).not.toMatch(RAW_UNPRINTABLE);
    expect(result.stdout).toContain('\\u202e');
    const exported = JSON.parse(result.stdout) as {
      grand_prizes: { id: string; payment_details: string }[];
    };
    expect(exported.grand_prizes.find((p) => p.id === prizes.hostile)?.payment_details).toBe(
      HOSTILE,
    );
  });

  it('puts a cashier check on an unclaimed prize, which then takes only Virtual Visa', async () => {
    const result = await cashierCheck(prizes.checked, 'Ivy Lee', '1 Main St');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      `Prize ${prizes.checked} has a cashier check to Ivy Lee, 1 Main St; ` +
        'it can now be claimed only by Virtual Visa.\n',
    );
    await offline.services().then(async (services) => {
      const choices = await services.payouts.paymentChoices(ivyId, prizes.checked);
      expect(choices).toEqual({
        grand_prize_id: prizes.checked,
        choices: ['Virtual Visa'],
        cashier_check: { name: 'Ivy Lee', address: '1 Main St' },
      });
      for (const refused of [
        { payment_method: 'Venmo', handle: 'ivy-lee' } as const,
        { payment_method: 'PayPal', email: 'ivy@example.com' } as const,
      ]) {
        await expect(
          services.payouts.claim(ivyId, { grand_prize_id: prizes.checked, ...refused }),
        ).rejects.toMatchObject({ statusCode: 422, detail: METHOD_NOT_OFFERED });
      }
    });
  });

  it('refuses a cashier check on a claimed prize or with a bad name, with one line', async () => {
    const claimed = await cashierCheck(prizes.paypal, 'Jane', '1 Main St');
    expect(claimed.code).toBe(1);
    expect(claimed.stdout).toBe('');
    expect(claimed.stderr).toBe(
      `Prize ${prizes.paypal} was claimed already (PayPal): its payout method is chosen, ` +
        'so no cashier check can be put on it\n',
    );
    const hostile = await cashierCheck(prizes.unclaimed, 'K\u001b[2J', 'x');
    expect(hostile.code).toBe(1);
    expect(hostile.stderr).toBe(
      'The name of a cashier check cannot contain control or format characters (it has U+001B)\n',
    );
  });

  it('refuses an id that is not a prize id, with a clear line', async () => {
    const result = await offline.run('payouts', 'paid', 'prize-1');
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      "error: command-argument value 'prize-1' is invalid for argument 'id'. " +
        'must be a prize id (a UUID)\n',
    );
    expect(result.stdout).toBe('');
  });

  it('marks a claim paid through the running server, and it leaves the list', async () => {
    await offline.close();
    server = await startServer(env);
    const result = await ops(['payouts', 'paid', prizes.paypal], env);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      `Prize ${prizes.paypal} is marked paid: $500 by PayPal to jane@example.com.\n`,
    );
    const bonus = await throughServer('payouts', 'paid', bonuses.claimed);
    expect(bonus.stderr).toBe('');
    expect(bonus.code).toBe(0);
    expect(bonus.stdout).toBe(
      `Referral bonus ${bonuses.claimed} is marked paid: $100 by Virtual Visa to jane.card@example.com.\n`,
    );
    const hostile = await throughServer('payouts', 'paid', prizes.hostile);
    expect(hostile.code).toBe(0);
    expect(hostile.stdout).toBe(
      `Prize ${prizes.hostile} is marked paid: $500 by PayPal to ${HOSTILE_SHOWN}.\n`,
    );
    const listed = await throughServer('payouts', 'list');
    expect(listed.code).toBe(0);
    expect(listed.stdout).not.toContain(prizes.paypal);
    expect(listed.stdout).not.toContain(bonuses.claimed);
    expect(listed.stdout).toContain(`${prizes.venmo}\tdraw ${draws.venmo}`);
    expect(lastLine(listed.stdout)).toBe('1 claim to pay');
  });

  it('refuses to pay a prize twice, one not claimed yet, or one that does not exist', async () => {
    const again = await throughServer('payouts', 'paid', prizes.paypal);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(
      new RegExp(`^Prize ${prizes.paypal} was paid already, on ${ISO}\\n$`),
    );

    const unclaimed = await throughServer('payouts', 'paid', prizes.unclaimed);
    expect(unclaimed.code).toBe(1);
    expect(unclaimed.stderr).toBe(`Prize ${prizes.unclaimed} has not been claimed yet\n`);

    const bonus = await throughServer('payouts', 'paid', bonuses.unclaimed);
    expect(bonus.code).toBe(1);
    expect(bonus.stderr).toBe(`Referral bonus ${bonuses.unclaimed} has not been claimed yet\n`);

    const unknown = randomUUID();
    const missing = await throughServer('payouts', 'paid', unknown);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(`No prize ${unknown}\n`);
  });

  it('says so when nothing is left to pay', async () => {
    expect((await throughServer('payouts', 'paid', prizes.venmo)).code).toBe(0);
    const result = await throughServer('payouts', 'list');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('0 claims to pay\n');
  });
});
