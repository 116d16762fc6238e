// `messages list`: the operator reads contact-us messages, newest first, with whether each was
// mailed, the sender's masked phone (or that the account is gone) and the text indented.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import type { Mailer } from '../../server/mail/mailer';
import type { Services } from '../../server/services/index';
import { lastLine, ops, withServices } from './helper';

/** The services over the data dir, mailing through `mailer`. */
const mailing = <T>(dataDir: string, mailer: Mailer, work: (services: Services) => Promise<T>) =>
  withServices(dataDir, work, mailer);

const accepting: Mailer = { send: () => Promise.resolve(), close: () => undefined };
const refusing: Mailer = {
  send: () => Promise.reject(new Error('451 Mailbox busy\ntry later')),
  close: () => undefined,
};

const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('the operator’s messages command', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'bb-messages-ops-'));
  const env = { DATA_DIR: dataDir };
  const ids: Record<'refused' | 'mailed' | 'deleted', string> = {
    refused: '',
    mailed: '',
    deleted: '',
  };

  beforeAll(async () => {
    const code = await mailing(dataDir, refusing, async (services) => {
      const invite = await services.invites.createCampaign(10);
      const player = await services.users.register('12025550111', invite);
      await services.contact.send(player.id, {
        subject: 'Where is my prize?',
        message: 'I won on Monday.',
      });
      // The mail server refused it: it waits for its retry.
      const round = await services.contact.deliverDue();
      ids.refused = round.failed[0]?.id ?? '';
      return invite;
    });
    await pause();
    await mailing(dataDir, accepting, async (services) => {
      const player = await services.users.register('12025550122', code);
      await services.contact.send(player.id, {
        subject: 'Thanks',
        message: 'Great app.\nSee you tomorrow.\n\u001b[2JBye',
      });
      expect((await services.contact.deliverDue()).delivered).toBe(1);
      const [mailed] = await services.contact.list();
      ids.mailed = mailed?.id ?? '';
    });
    await pause();
    await mailing(dataDir, refusing, async (services) => {
      const player = await services.users.register('12025550133', code);
      await services.contact.send(player.id, { subject: 'Leaving', message: 'Bye all' });
      const [deleted] = await services.contact.list();
      ids.deleted = deleted?.id ?? '';
      // The account is deleted later: its phone is erased, the message stays.
      await services.context.db
        .update(users)
        .set({ phone: null, deletedAt: new Date() })
        .where(eq(users.id, player.id));
    });
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('lists every message newest first, with status, sender and indented text', async () => {
    const result = await ops(['messages', 'list'], env);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const blocks = result.stdout.trimEnd().split('\n\n');
    expect(blocks).toHaveLength(4);
    const [deleted, mailed, refused] = blocks;

    expect(deleted).toMatch(
      new RegExp(
        `^${ids.deleted}  \\S+Z  \\(deleted\\)  pending\\n  Subject: Leaving\\n    Bye all$`,
      ),
    );
    expect(mailed).toMatch(
      new RegExp(`^${ids.mailed}  \\S+Z  \\+1\\*{6}0122  delivered \\S+Z\\n  Subject: Thanks\\n`),
    );
    // Line breaks stay, indented; an escape sequence is shown, not run.
    expect(mailed).toContain('\n    Great app.\n    See you tomorrow.\n    \\u001b[2JBye');
    expect(refused).toBe(
      [
        `${ids.refused}  ${/ \S+Z /.exec(refused ?? '')?.[0].trim()}  +1******0111  ` +
          'pending (1 failed attempt, last error: 451 Mailbox busy try later)',
        '  Subject: Where is my prize?',
        '    I won on Monday.',
      ].join('\n'),
    );
    expect(result.stdout).not.toContain('2025550111');
    expect(lastLine(result.stdout)).toBe('3 messages, 2 pending');
  });

  it('lists only the messages not mailed yet with --pending', async () => {
    const result = await ops(['messages', 'list', '--pending'], env);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(ids.deleted);
    expect(result.stdout).toContain(ids.refused);
    expect(result.stdout).not.toContain(ids.mailed);
    expect(lastLine(result.stdout)).toBe('2 pending messages');
  });
});
