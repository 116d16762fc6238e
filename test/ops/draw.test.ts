// The draw commands on an embedded data dir with no server running: once through the real CLI,
// then in-process as the CLI runs them when it takes the data dir itself.
import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draws } from '../../server/db/schema';
import { lastLine, ops, opsOnDataDir, withServices } from './helper';
import { dataDirWithDatabase } from '../support/pglite-template';

describe('the operator’s draw commands', () => {
  const dataDir = dataDirWithDatabase('bb-draw-ops-');
  const env = { DATA_DIR: dataDir };
  const offline = opsOnDataDir(dataDir);
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
  afterAll(async () => {
    await offline.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('verifies a closed draw from its published seed and the entries', async () => {
    const result = await ops(['draw', 'verify', String(closedId)], env);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`Draw ${closedId}: OK (3 entries, winning entry ${winningEntry})\n`);
  });

  it('shows the open draw', async () => {
    const result = await offline.run('draw', 'status');
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
    const result = await offline.run('draw', 'close');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Closed draw ${closedId + 1} with 0 entries.`);
    expect(result.stdout).toContain(`Opened draw ${closedId + 2}, closing `);
    expect(lastLine(result.stdout)).toBe('closed empty');
    expect((await offline.run('draw', 'verify', String(closedId + 1))).code).toBe(0);
  });

  it('refuses to verify an unknown or still open draw', async () => {
    const unknown = await offline.run('draw', 'verify', '999');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe('No draw 999\n');
    const open = await offline.run('draw', 'verify', String(closedId + 2));
    expect(open.code).toBe(1);
    expect(open.stderr).toContain('is still open');
  });

  it('reports a tampered winner and exits non-zero', async () => {
    await tamper({ winningEntryId: 999_999 });
    const result = await offline.run('draw', 'verify', String(closedId));
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `Draw ${closedId}: MISMATCH winning_entry_id: recomputed ${winningEntry}, ` +
        'the record says 999999\n',
    );
  });

  it('reports a seed that does not match the commitment', async () => {
    await tamper({ winningEntryId: winningEntry, seed: 'ab'.repeat(32) });
    const result = await offline.run('draw', 'verify', String(closedId));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Draw ${closedId}: MISMATCH commitment: sha256(seed) is`);
  });

  async function tamper(values: Partial<typeof draws.$inferInsert>) {
    const services = await offline.services();
    await services.context.db.update(draws).set(values).where(eq(draws.id, closedId));
  }
});
