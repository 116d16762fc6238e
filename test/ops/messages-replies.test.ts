// `messages reply` and `messages retry`: the operator answers a player, who reads the answer in
// the app, unread until opened; and queues a message the mail server gave up on again. Refusals
// are one line with exit 1. In-process over a real app's services on both databases (the same
// program the CLI and the ops socket run).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ContactThreadsResponse } from '../../contract/contact';
import { bearer, databases, signedInPlayer, url } from '../api/helper';
import { expectRefused, ISO, lastLine, useMessagesApp } from './helper';

describe.each(databases)('answering and retrying messages on %s', (kind) => {
  const { app, ops, ids, rowOf } = useMessagesApp(kind);

  it('stores an answer the player reads in the app, and lists it under the message', async () => {
    const replied = await ops(
      'messages',
      'reply',
      ids().busy,
      'We sent it today.\nIt takes a week.',
    );
    expect(replied.stderr).toBe('');
    expect(replied.code).toBe(0);
    expect(lastLine(replied.stdout)).toBe(
      `Answered message ${ids().busy}; the player reads it in the app.`,
    );
    // Words given apart are one answer, as the shell splits an unquoted one.
    expect((await ops('messages', 'reply', ids().busy, 'Thanks', 'for', 'waiting')).code).toBe(0);

    const listed = await ops('messages', 'list');
    const block = listed.stdout.split('\n\n').find((b) => b.startsWith(ids().busy)) ?? '';
    expect(block.split('\n')[0]).toMatch(/ last error: .*\), 2 replies$/);
    expect(block).toMatch(
      new RegExp(
        `\\n {2}Reply ${ISO} \\(unread\\):\\n {4}We sent it today\\.\\n {4}It takes a week\\.\\n` +
          ` {2}Reply ${ISO} \\(unread\\):\\n {4}Thanks for waiting$`,
      ),
    );
  });

  it('shows the player the answer in the app, unread until opened', async () => {
    const player = await signedInPlayer(app());
    const sent = await app().inject({
      method: 'POST',
      url: url('contact-us/send-email'),
      headers: bearer(player.token),
      payload: { subject: 'Hi', message: 'Anyone?' },
    });
    expect(sent.statusCode).toBe(201);
    const threads = async () =>
      ContactThreadsResponse.parse(
        (
          await app().inject({
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
      await ops('messages', 'reply', ids().deleted, 'Hi'),
      `Message ${ids().deleted} is from a deleted account: nobody would read a reply`,
    );
    expectRefused(await ops('messages', 'reply', ids().busy, '  \n '), 'The reply is empty');
    expectRefused(
      await ops('messages', 'reply', ids().busy, 'x'.repeat(5001)),
      'A reply has at most 5000 characters (this one has 5001)',
    );
    expectRefused(
      await ops('messages', 'reply', ids().busy, 'Look \u001b[2J'),
      'A reply may hold no control characters other than line breaks',
    );
    expectRefused(
      await ops('messages', 'reply', 'nope', 'Hi'),
      /^error: command-argument value 'nope' is invalid for argument 'id'\. must be a message id \(a UUID\)$/,
    );
  });

  it('queues a failed message again with retry, and refuses one that has not failed', async () => {
    const notFailed = `Message ${ids().busy} has not failed (it is still pending): only a failed one is retried`;
    expectRefused(await ops('messages', 'retry', ids().busy), notFailed);
    expectRefused(
      await ops('messages', 'retry', ids().mailed),
      `Message ${ids().mailed} has not failed (it was delivered): only a failed one is retried`,
    );
    const unknown = randomUUID();
    expectRefused(await ops('messages', 'retry', unknown), `No contact message ${unknown}`);
    expectRefused(await ops('messages', 'retry', '12'), /must be a message id \(a UUID\)$/);

    const retried = await ops('messages', 'retry', ids().refused);
    expect(retried.stderr).toBe('');
    expect(retried.code).toBe(0);
    expect(lastLine(retried.stdout)).toBe(`Message ${ids().refused} is queued to be mailed again.`);
    expect(await rowOf(ids().refused)).toMatchObject({
      attempts: 0,
      failedAt: null,
      lastError: null,
    });
    expect((await ops('messages', 'list', '--failed')).stdout).toBe('0 failed messages\n');
    expectRefused(
      await ops('messages', 'retry', ids().refused),
      `Message ${ids().refused} has not failed (it is still pending): only a failed one is retried`,
    );
  });
});
