// The catalogs from the operator's side: the starter catalog a new server loads, and
// `questions` / `coupons` import and list, through a running server and without one.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  finish,
  lastLine,
  ops,
  opsThroughServer,
  startServer,
  type Finished,
  type OpsResult,
  type RunningServer,
} from './helper';
import { dataDirWithDatabase } from '../support/pglite-template';
import { BUILT } from '../../scripts/build-server.js';

const question = (i: number, prompt = `Do you enjoy hobby number ${i}?`) => ({
  key: `hobby-${i}`,
  prompt,
  tags: ['hobbies'],
});
const offer = (i: number) => ({
  key: `craft-coupon-${i}`,
  coupon_type: 'Craft Corner',
  kind: 'coupon',
  value: 5,
  image: '/images/rewards/coupon.svg',
  link: null,
  tags: ['hobbies'],
  code: `CRAFT-${i}`,
  delivery_note: null,
});

// The server runs as a process of its own, and the CLI runs as one where its own steps are the
// point (a file named from the operator's directory, the data opened with the server stopped),
// a few seconds apiece on a busy two-core machine: the default 30 s per test is too tight.
describe('the catalogs from the command line', { timeout: 120_000 }, () => {
  const dataDir = dataDirWithDatabase('bb-catalog-');
  // The operator's own directory, where the files are: not the server's.
  const work = mkdtempSync(join(tmpdir(), 'bb-catalog-files-'));
  const env = { DATA_DIR: dataDir };
  let server: RunningServer | undefined;

  /** `npm run ops -- ...args`, run from the operator's directory. */
  const opsHere = (args: string[]): Promise<Finished> => {
    const base = { ...process.env };
    delete base.DATABASE_URL;
    return finish(
      spawn(process.execPath, ['--enable-source-maps', BUILT.cli, ...args], {
        cwd: work,
        env: { ...base, LOG_LEVEL: 'warn', ...env },
      }),
    );
  };
  const file = (name: string, content: unknown) => {
    writeFileSync(
      join(work, name),
      typeof content === 'string' ? content : JSON.stringify(content),
    );
    return name;
  };
  /**
   * The same command handed to the running server through its ops socket, as the CLI hands it
   * (files named from the operator's directory), without a process of its own: the CLI's own
   * steps are checked once below, the rest runs in-process.
   */
  const throughServer = opsThroughServer(dataDir, work);
  const listed = async (
    what: 'questions' | 'coupons',
    run: (...argv: string[]) => Promise<Finished | OpsResult> = throughServer,
  ) => {
    const result = await run(what, 'list');
    expect(result.code).toBe(0);
    return Number(/^(\d+) /.exec(lastLine(result.stdout))?.[1]);
  };

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  });

  it('starts with the starter catalog: 40 questions and more, 12 offers and more', async () => {
    server = await startServer(env);
    expect(await listed('questions')).toBeGreaterThanOrEqual(40);
    expect(await listed('coupons')).toBeGreaterThanOrEqual(12);
    const coupons = await throughServer('coupons', 'list');
    for (const brand of [
      'Bass Pro Shops',
      'Fanatics',
      'Buffalo Wild Wings',
      'Pilot Flying J',
      'Google Play',
    ]) {
      expect(coupons.stdout).toContain(`gift_card\t${brand}\t`);
    }
  });

  it('imports a questions file named from the operator’s directory, then updates by key', async () => {
    const before = await listed('questions');
    const name = file('questions.json', { questions: [question(1), question(2), question(3)] });
    const first = await opsHere(['questions', 'import', name]);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(lastLine(first.stdout)).toBe('Imported 3 questions: 3 new, 0 updated.');
    expect(await listed('questions')).toBe(before + 3);

    file('questions.json', { questions: [question(1, 'Do you enjoy knitting?'), question(4)] });
    const again = await throughServer('questions', 'import', name);
    expect(lastLine(again.stdout)).toBe('Imported 2 questions: 1 new, 1 updated.');
    expect(await listed('questions')).toBe(before + 4);
    expect((await throughServer('questions', 'list')).stdout).toContain(
      'hobby-1\t[hobbies]\tDo you enjoy knitting?',
    );
  });

  it('refuses a file with a bad entry whole, saying where, and changes nothing', async () => {
    const before = await listed('questions');
    const name = file('bad.json', {
      questions: [question(10), { key: 'Not A Key', prompt: 'Hm?', tags: [] }],
    });
    const result = await throughServer('questions', 'import', name);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('is not a questions catalog; nothing was imported.');
    expect(result.stderr).toContain('questions.1.key: Key is lower-case words joined by hyphens');
    expect(result.stderr).toContain('questions.1.prompt: Prompt has at least 5 characters');
    expect(result.stderr).toContain('questions.1.tags: At least one tag');
    expect(await listed('questions')).toBe(before);
  });

  it('says so for a file that is missing or not JSON', async () => {
    const missing = await throughServer('questions', 'import', 'nowhere.json');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/Cannot read .*nowhere\.json: no such file/);
    const broken = await throughServer('coupons', 'import', file('broken.json', '{"offers": ['));
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/broken\.json is not JSON/);
  });

  it('imports coupons, and refuses an offer with neither a code nor a delivery note', async () => {
    const before = await listed('coupons');
    const ok = await throughServer(
      'coupons',
      'import',
      file('offers.json', { offers: [offer(1), offer(2)] }),
    );
    expect(ok.code).toBe(0);
    expect(lastLine(ok.stdout)).toBe('Imported 2 offers: 2 new, 0 updated.');
    expect((await throughServer('coupons', 'list')).stdout).toContain(
      'craft-coupon-1\tcoupon\tCraft Corner\t$5.00\t[hobbies]',
    );
    const bad = await throughServer(
      'coupons',
      'import',
      file('no-message.json', { offers: [offer(3), { ...offer(4), code: null }] }),
    );
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('Each offer has a code or a delivery note');
    expect(await listed('coupons')).toBe(before + 2);
  });

  it('shows its progress on a large file', async () => {
    const many = Array.from({ length: 1_500 }, (_, i) => question(1_000 + i));
    const result = await throughServer(
      'questions',
      'import',
      file('many.json', { questions: many }),
    );
    expect(result.code).toBe(0);
    expect(result.stderr.trim().split('\n')).toEqual([
      '[..........] 0/1500',
      '[###.......] 500/1500',
      '[######....] 1000/1500',
      '[##########] 1500/1500',
    ]);
  });

  it('lists the same catalog with the server stopped (the CLI opens the data itself)', async () => {
    const running = await listed('questions');
    server?.child.kill('SIGTERM');
    await server?.exited;
    expect(await listed('questions', (...argv) => ops(argv, env))).toBe(running);
  });
});
