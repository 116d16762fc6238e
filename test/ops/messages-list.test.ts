// `messages list`: the operator reads contact-us messages, newest first, each with its id to act
// on, whether it was mailed and the answers given, never the player's phone; whatever a player
// wrote reaches the terminal escaped. In-process over a real app's services on both databases
// (the same program the CLI and the ops socket run), and once through the real CLI.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { databases } from '../api/helper';
import { dataDirWithDatabase } from '../support/pglite-template';
import {
  expectRefused,
  HOSTILE_SHOWN,
  ISO,
  lastLine,
  ops as cli,
  storeMessages,
  useMessagesApp,
  withServices,
} from './helper';

/** Every character a terminal would act on rather than show, but the line break. */
const RAW = /[^\P{Cc}\n]|[\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;

describe.each(databases)('the messages list on %s', (kind) => {
  const { ops, ids } = useMessagesApp(kind);

  it('lists every message newest first: id, date, status and the text escaped, never a phone', async () => {
    const result = await ops('messages', 'list');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const blocks = result.stdout.trimEnd().split('\n\n');
    expect(blocks).toHaveLength(5);
    const [deleted, refused, mailed, busyOne] = blocks;

    expect(deleted).toMatch(
      new RegExp(
        `^${ids().deleted}  ${ISO}  not mailed: the player deleted the account\\n` +
          '  Subject: Leaving\\n    Bye all$',
      ),
    );
    // The mail server's words are shown escaped too.
    expect(refused).toMatch(
      new RegExp(
        `^${ids().refused}  ${ISO}  failed ${ISO} after 1 try: ` +
          '550 No such mailbox\\\\u000d\\\\u000a\\\\u001b\\[31mred\\n',
      ),
    );
    // The subject stays on one line; the message keeps its lines, each escaped and indented.
    const [header, ...text] = (mailed ?? '').split('\n');
    expect(header).toMatch(new RegExp(`^${ids().mailed}  ${ISO}  delivered ${ISO}$`));
    expect(text).toEqual([
      `  Subject: ${HOSTILE_SHOWN}`,
      '    Great app.',
      '    See you tomorrow.',
      '    \\u001b[2JBye',
    ]);
    expect(busyOne).toMatch(
      new RegExp(
        `^${ids().busy}  ${ISO}  pending \\(1 failed try, last error: ` +
          '451 Mailbox busy\\\\u000atry later\\)\\n' +
          '  Subject: Where is my prize\\?\\n    I won on Monday\\.$',
      ),
    );
    expect(result.stdout).not.toMatch(RAW);
    expect(result.stdout).not.toMatch(/2025550|\*{3}/);
    expect(lastLine(result.stdout)).toBe('4 messages, 1 pending, 1 failed');
  });

  it('lists only the messages still to be mailed with --pending, those given up on with --failed', async () => {
    const pending = await ops('messages', 'list', '--pending');
    expect(pending.code).toBe(0);
    expect(pending.stdout).toContain(ids().busy);
    for (const id of [ids().mailed, ids().refused, ids().deleted]) {
      expect(pending.stdout).not.toContain(id);
    }
    expect(lastLine(pending.stdout)).toBe('1 pending message');

    const failed = await ops('messages', 'list', '--failed');
    expect(failed.code).toBe(0);
    expect(failed.stdout.startsWith(`${ids().refused}  `)).toBe(true);
    for (const id of [ids().mailed, ids().busy, ids().deleted])
      expect(failed.stdout).not.toContain(id);
    expect(lastLine(failed.stdout)).toBe('1 failed message');

    expect((await ops('messages', 'list', '--failed', '--pending')).code).toBe(1);
  });

  it('says what each command does', async () => {
    const help = async (...argv: string[]) => {
      const result = await ops(...argv, '--help');
      expect(result.code).toBe(0);
      return result.stdout;
    };
    const list = await help('messages', 'list');
    expect(list).toContain('--pending');
    expect(list).toContain('--failed');
    expect(await help('messages', 'reply')).toContain(
      'answer a message; the player reads the answer in the app under Contact Us',
    );
    expect(await help('messages', 'retry')).toContain(
      'put a failed message back in the queue to be mailed again',
    );
    const group = await help('messages');
    for (const command of ['list', 'reply', 'retry']) expect(group).toContain(command);
  });
});

describe('the messages commands through the real CLI', () => {
  const dataDir = dataDirWithDatabase('bb-messages-ops-');
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('prints player-written text escaped, and refuses an unknown id with exit 1', async () => {
    const stored = await withServices(dataDir, storeMessages);
    const env = { DATA_DIR: dataDir };
    const listed = await cli(['messages', 'list'], env);
    expect(listed.stderr).toBe('');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(`  Subject: ${HOSTILE_SHOWN}\n`);
    expect(listed.stdout).not.toMatch(RAW);
    expect(listed.stdout).not.toContain(stored.mailed.phone.slice(-4));
    expect(lastLine(listed.stdout)).toBe('4 messages, 1 pending, 1 failed');

    const unknown = randomUUID();
    expectRefused(await cli(['messages', 'retry', unknown], env), `No contact message ${unknown}`);
  });
});
