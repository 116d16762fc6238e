import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draws } from '../../server/db/schema';
import { lastLine, ops, withServices } from './helper';
import { dataDirWithDatabase } from '../support/pglite-template';

describe('the operator’s draw commands', () => {
  const dataDir = dataDirWithDatabase('bb-draw-ops-');
  const env = { DATA_DIR: dataDir };
  let closedId = 0;
  let winningEntry = 0;

  beforeAll(async () => {
    ({ closedId, winningEntry } = await withServices(dataDir, async (services) => {
      const code = await services.invites.createCampaign(10);
      for (const phone of ['12025550101', '12025550102', '12025550103']) {
        const user = await services.users.register(phone, code);
        await services.draws.press(user.id);
      }
      const closing = await services.draws.closeNow();
      return { closedId: closing.draw.id, winningEntry: closing.winner?.entryId ?? 0 };
    }));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('verifies a closed draw from its published seed and the entries', async () => {
    const result = await ops(['draw', 'verify', String(closedId)], env);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`Draw ${closedId}: OK (3 entries, winning entry ${winningEntry})\n`);
  });

  it('shows the open draw', async () => {
    const result = await ops(['draw', 'status'], env);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      new RegExp(
        `^Open draw ${closedId + 1}\\n` +
          'window {6}\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z \\.\\. \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z\\n' +
          'commitment {2}[0-9a-f]{64}\\n' +
          'entries {5}0\\n' +
          'time left {3}(23h \\d\\dm|24h 00m) \\d\\ds\\n$',
      ),
    );
  });

  it('closes the open draw now; without entries it closes empty', async () => {
    const result = await ops(['draw', 'close'], env);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Closed draw ${closedId + 1} with 0 entries.`);
    expect(result.stdout).toContain(`Opened draw ${closedId + 2}, closing `);
    expect(lastLine(result.stdout)).toBe('closed empty');
    expect((await ops(['draw', 'verify', String(closedId + 1)], env)).code).toBe(0);
  });

  it('refuses to verify an unknown or still open draw', async () => {
    const unknown = await ops(['draw', 'verify', '999'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe('No draw 999\n');
    const open = await ops(['draw', 'verify', String(closedId + 2)], env);
    expect(open.code).toBe(1);
    expect(open.stderr).toContain('is still open');
  });

  it('reports a tampered winner and exits non-zero', async () => {
    await tamper({ winningEntryId: 999_999 });
    const result = await ops(['draw', 'verify', String(closedId)], env);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `Draw ${closedId}: MISMATCH winning_entry_id: recomputed ${winningEntry}, ` +
        'the record says 999999\n',
    );
  });

  it('reports a seed that does not match the commitment', async () => {
    await tamper({ winningEntryId: winningEntry, seed: 'ab'.repeat(32) });
    const result = await ops(['draw', 'verify', String(closedId)], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Draw ${closedId}: MISMATCH commitment: sha256(seed) is`);
  });

  async function tamper(values: Partial<typeof draws.$inferInsert>) {
    await withServices(dataDir, (services) =>
      services.context.db.update(draws).set(values).where(eq(draws.id, closedId)),
    );
  }
});
