// `messages`: the operator reads contact-us messages, newest first, each with its id to act on,
// whether it was mailed and the answers given, never the player's phone; answers a player
// (`messages reply`); and queues a message the mail server gave up on again (`messages retry`).
// Whatever a player wrote reaches the terminal escaped. The commands run in-process over a real
// app's services on both databases (the same program the CLI and the ops socket run), and once
// through the real CLI.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContactThreadsResponse } from '../../contract/contact';
import { contactMessages, users } from '../../server/db/schema';
import type { Mailer } from '../../server/mail/mailer';
import { insertContactMessage } from '../../server/repositories/contact';
import { createServices, type Services } from '../../server/services/index';
import { bearer, buildTestApp, databases, signedInPlayer, url, useDatabase } from '../api/helper';
import { lastLine, ops as cli, opsOver, withServices } from './helper';
import { dataDirWithDatabase } from '../support/pglite-template';

const mailerOf = (send: Mailer['send']): Mailer => ({ send, close: () => undefined });
const accepting = mailerOf(() => Promise.resolve());
const busy = mailerOf(() => Promise.reject(new Error('451 Mailbox busy\ntry later')));
const refusing = mailerOf(() =>
  Promise.reject(
    Object.assign(new Error('550 No such mailbox\r\n\u001b[31mred'), {
      responseCode: 550,
      permanent: true,
    }),
  ),
);

/** Every character a terminal would act on rather than show, but the line break. */
const RAW = /[^\P{Cc}\n]|[\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;
const ISO = '\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z';
/** Clears the screen, turns the line around and breaks it, all in a subject. */
const HOSTILE_SUBJECT = 'Thanks \u001b[2Jnow\u202Ereversed\nBcc: x\\n';
const HOSTILE_SHOWN = 'Thanks \\u001b[2Jnow\\u202ereversed\\u000aBcc: x\\\\n';

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A refusal: exit 1 and one line saying why. */
function expectRefused(result: Result, line: string | RegExp) {
  expect(result.code).toBe(1);
  expect(result.stdout).toBe('');
  expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(result.stderr.trimEnd()).toMatch(line);
}

/**
 * Four players' messages, one second apart, oldest first: one the mail server is busy for, one
 * mailed, one refused for good, one of an account deleted since.
 */
async function storeMessages(services: Services) {
  const base = Date.now() - 60_000;
  const db = services.context.db;
  const mailingWith = (mailer: Mailer) => createServices({ ...services.context, mailer });
  let n = 0;
  const store = async (phone: string, subject: string, message: string) => {
    const invite = await services.invites.createCampaign(1);
    const player = await services.users.register(phone, invite);
    n += 1;
    const at = new Date(base + n * 1000);
    const { id } = await insertContactMessage(db, { userId: player.id, subject, message, at });
    return { id, userId: player.id, phone };
  };
  const busyOne = await store('12025550111', 'Where is my prize?', 'I won on Monday.');
  await mailingWith(busy).contact.deliverDue();
  const mailed = await store(
    '12025550122',
    HOSTILE_SUBJECT,
    'Great app.\nSee you tomorrow.\n\u001b[2JBye',
  );
  await mailingWith(accepting).contact.deliverDue();
  const refused = await store('12025550133', 'Refused', 'Please');
  await mailingWith(refusing).contact.deliverDue();
  const deleted = await store('12025550144', 'Leaving', 'Bye all');
  // Deleted since: nothing is mailed for the account, whatever of it is still stored.
  await db
    .update(users)
    .set({ phone: null, deletedAt: new Date() })
    .where(eq(users.id, deleted.userId));
  expect(await mailingWith(accepting).contact.deliverDue()).toEqual({ delivered: 0, failed: [] });
  return { busy: busyOne, mailed, refused, deleted };
}

describe.each(databases)('the messages commands on %s', (kind) => {
  const database = useDatabase(kind);
  let app: FastifyInstance;
  let ids: Record<'busy' | 'mailed' | 'refused' | 'deleted', string>;

  beforeAll(async () => {
    app = await buildTestApp(database());
    const stored = await storeMessages(app.services);
    ids = {
      busy: stored.busy.id,
      mailed: stored.mailed.id,
      refused: stored.refused.id,
      deleted: stored.deleted.id,
    };
  });

  /** `npm run ops -- ...argv`, in-process over the app's services. */
  const ops = (...argv: string[]) => opsOver(app.services)(...argv);
  const rowOf = async (id: string) => {
    const [row] = await database()
      .db.select()
      .from(contactMessages)
      .where(eq(contactMessages.id, id));
    return row;
  };

  it('lists every message newest first: id, date, status and the text escaped, never a phone', async () => {
    const result = await ops('messages', 'list');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const blocks = result.stdout.trimEnd().split('\n\n');
    expect(blocks).toHaveLength(5);
    const [deleted, refused, mailed, busyOne] = blocks;

    expect(deleted).toMatch(
      new RegExp(
        `^${ids.deleted}  ${ISO}  not mailed: the player deleted the account\\n` +
          '  Subject: Leaving\\n    Bye all$',
      ),
    );
    // The mail server's words are shown escaped too.
    expect(refused).toMatch(
      new RegExp(
        `^${ids.refused}  ${ISO}  failed ${ISO} after 1 try: ` +
          '550 No such mailbox\\\\u000d\\\\u000a\\\\u001b\\[31mred\\n',
      ),
    );
    // The subject stays on one line; the message keeps its lines, each escaped and indented.
    const [header, ...text] = (mailed ?? '').split('\n');
    expect(header).toMatch(new RegExp(`^${ids.mailed}  ${ISO}  delivered ${ISO}$`));
    expect(text).toEqual([
      `  Subject: ${HOSTILE_SHOWN}`,
      '    Great app.',
      '    See you tomorrow.',
      '    \\u001b[2JBye',
    ]);
    expect(busyOne).toMatch(
      new RegExp(
        `^${ids.busy}  ${ISO}  pending \\(1 failed try, last error: ` +
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
    expect(pending.stdout).toContain(ids.busy);
    for (const id of [ids.mailed, ids.refused, ids.deleted]) {
      expect(pending.stdout).not.toContain(id);
    }
    expect(lastLine(pending.stdout)).toBe('1 pending message');

    const failed = await ops('messages', 'list', '--failed');
    expect(failed.code).toBe(0);
    expect(failed.stdout.startsWith(`${ids.refused}  `)).toBe(true);
    for (const id of [ids.mailed, ids.busy, ids.deleted]) expect(failed.stdout).not.toContain(id);
    expect(lastLine(failed.stdout)).toBe('1 failed message');

    expect((await ops('messages', 'list', '--failed', '--pending')).code).toBe(1);
  });

  it('stores an answer the player reads in the app, and lists it under the message', async () => {
    const replied = await ops('messages', 'reply', ids.busy, 'We sent it today.\nIt takes a week.');
    expect(replied.stderr).toBe('');
    expect(replied.code).toBe(0);
    expect(lastLine(replied.stdout)).toBe(
      `Answered message ${ids.busy}; the player reads it in the app.`,
    );
    // Words given apart are one answer, as the shell splits an unquoted one.
    expect((await ops('messages', 'reply', ids.busy, 'Thanks', 'for', 'waiting')).code).toBe(0);

    const listed = await ops('messages', 'list');
    const block = listed.stdout.split('\n\n').find((b) => b.startsWith(ids.busy)) ?? '';
    expect(block.split('\n')[0]).toMatch(/ last error: .*\), 2 replies$/);
    expect(block).toMatch(
      new RegExp(
        `\\n {2}Reply ${ISO} \\(unread\\):\\n {4}We sent it today\\.\\n {4}It takes a week\\.\\n` +
          ` {2}Reply ${ISO} \\(unread\\):\\n {4}Thanks for waiting$`,
      ),
    );
  });

  it('shows the player the answer in the app, unread until opened', async () => {
    const player = await signedInPlayer(app);
    const sent = await app.inject({
      method: 'POST',
      url: url('contact-us/send-email'),
      headers: bearer(player.token),
      payload: { subject: 'Hi', message: 'Anyone?' },
    });
    expect(sent.statusCode).toBe(201);
    const threads = async () =>
      ContactThreadsResponse.parse(
        (
          await app.inject({
            method: 'GET',
            url: url('contact-us/messages'),
            headers: bearer(player.token),
          })
        ).json(),
      ).data;
    const [mine] = await threads();
    if (!mine) throw new Error('the message is stored');
    expect((await ops('messages', 'reply', mine.id, 'Hello from us')).code).toBe(0);
    expect((await threads())[0]?.replies).toMatchObject([{ text: 'Hello from us', unread: true }]);
  });

  it('refuses an answer to an unknown message, a deleted account’s, or an empty one, in one line', async () => {
    const unknown = randomUUID();
    expectRefused(await ops('messages', 'reply', unknown, 'Hi'), `No contact message ${unknown}`);
    expectRefused(
      await ops('messages', 'reply', ids.deleted, 'Hi'),
      `Message ${ids.deleted} is from a deleted account: nobody would read a reply`,
    );
    expectRefused(await ops('messages', 'reply', ids.busy, '  \n '), 'The reply is empty');
    expectRefused(
      await ops('messages', 'reply', ids.busy, 'x'.repeat(5001)),
      'A reply has at most 5000 characters (this one has 5001)',
    );
    expectRefused(
      await ops('messages', 'reply', ids.busy, 'Look \u001b[2J'),
      'A reply may hold no control characters other than line breaks',
    );
    expectRefused(
      await ops('messages', 'reply', 'nope', 'Hi'),
      /^error: command-argument value 'nope' is invalid for argument 'id'\. must be a message id \(a UUID\)$/,
    );
  });

  it('queues a failed message again with retry, and refuses one that has not failed', async () => {
    const notFailed = `Message ${ids.busy} has not failed (it is still pending): only a failed one is retried`;
    expectRefused(await ops('messages', 'retry', ids.busy), notFailed);
    expectRefused(
      await ops('messages', 'retry', ids.mailed),
      `Message ${ids.mailed} has not failed (it was delivered): only a failed one is retried`,
    );
    const unknown = randomUUID();
    expectRefused(await ops('messages', 'retry', unknown), `No contact message ${unknown}`);
    expectRefused(await ops('messages', 'retry', '12'), /must be a message id \(a UUID\)$/);

    const retried = await ops('messages', 'retry', ids.refused);
    expect(retried.stderr).toBe('');
    expect(retried.code).toBe(0);
    expect(lastLine(retried.stdout)).toBe(`Message ${ids.refused} is queued to be mailed again.`);
    expect(await rowOf(ids.refused)).toMatchObject({
      attempts: 0,
      failedAt: null,
      lastError: null,
    });
    expect((await ops('messages', 'list', '--failed')).stdout).toBe('0 failed messages\n');
    expectRefused(
      await ops('messages', 'retry', ids.refused),
      `Message ${ids.refused} has not failed (it is still pending): only a failed one is retried`,
    );
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
