import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../server/services/index';
import { lastLine, ops, startServer, withServices, type RunningServer } from './helper';

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

describe('the operator’s payout commands', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'bb-payouts-ops-'));
  const env = { DATA_DIR: dataDir };
  let server: RunningServer | undefined;
  const prizes = { paypal: '', venmo: '', unclaimed: '' };
  const draws = { paypal: 0, venmo: 0 };

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
    });
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('names the payouts commands in its help', async () => {
    const result = await ops(['payouts', '--help'], env);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/list\s/);
    expect(result.stdout).toMatch(/paid \[options\] <id>|paid <id>/);
  });

  it('lists the claims to pay, oldest first, with a masked phone, and counts them', async () => {
    const result = await ops(['payouts', 'list'], env);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      new RegExp(
        `^${prizes.paypal}\\tdraw ${draws.paypal}\\t\\$500\\tPayPal\\tjane@example\\.com\\t${ISO}\\t\\+1\\*{6}0101\\n` +
          `${prizes.venmo}\\tdraw ${draws.venmo}\\t\\$500\\tVenmo\\t@sam-smith\\t${ISO}\\t\\(deleted\\)\\n` +
          '2 claims to pay\\n$',
      ),
    );
    expect(result.stdout).not.toContain('2025550101');
    expect(result.stdout).not.toContain(prizes.unclaimed);
  });

  it('refuses an id that is not a prize id, with a clear line', async () => {
    const result = await ops(['payouts', 'paid', 'prize-1'], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      "error: command-argument value 'prize-1' is invalid for argument 'id'. " +
        'must be a prize id (a UUID)\n',
    );
    expect(result.stdout).toBe('');
  });

  it('marks a claim paid through the running server, and it leaves the list', async () => {
    server = await startServer(env);
    const result = await ops(['payouts', 'paid', prizes.paypal], env);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      `Prize ${prizes.paypal} is marked paid: $500 by PayPal to jane@example.com.\n`,
    );
    const listed = await ops(['payouts', 'list'], env);
    expect(listed.code).toBe(0);
    expect(listed.stdout).not.toContain(prizes.paypal);
    expect(listed.stdout).toContain(`${prizes.venmo}\tdraw ${draws.venmo}`);
    expect(lastLine(listed.stdout)).toBe('1 claim to pay');
  });

  it('refuses to pay a prize twice, one not claimed yet, or one that does not exist', async () => {
    const again = await ops(['payouts', 'paid', prizes.paypal], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(
      new RegExp(`^Prize ${prizes.paypal} was paid already, on ${ISO}\\n$`),
    );

    const unclaimed = await ops(['payouts', 'paid', prizes.unclaimed], env);
    expect(unclaimed.code).toBe(1);
    expect(unclaimed.stderr).toBe(`Prize ${prizes.unclaimed} has not been claimed yet\n`);

    const unknown = randomUUID();
    const missing = await ops(['payouts', 'paid', unknown], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(`No prize ${unknown}\n`);
  });

  it('says so when nothing is left to pay', async () => {
    expect((await ops(['payouts', 'paid', prizes.venmo], env)).code).toBe(0);
    const result = await ops(['payouts', 'list'], env);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('0 claims to pay\n');
  });
});
