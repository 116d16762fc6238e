// Contact Us is a conversation: the operator answers a message (`messages reply`), the player
// reads the answers in the app (GET contact-us/messages) and opening them marks them read
// (POST contact-us/messages/{id}/read). A player reaches only their own messages.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ContactThreadsResponse } from '../../contract/contact';
import { contactReplies, users } from '../../server/db/schema';
import { REPLY_MAX_LENGTH } from '../../server/services/contact';
import {
  bearer,
  buildTestApp,
  databases,
  detailOf,
  signedInPlayer,
  TestClock,
  url,
  useDatabase,
} from './helper';

const MESSAGES = url('contact-us/messages');
const readUrl = (id: string) => url(`contact-us/messages/${id}/read`);

describe.each(databases)('Contact Us answers on %s', (kind) => {
  const database = useDatabase(kind);
  const clock = new TestClock();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database(), { clock });
  });

  type Player = Awaited<ReturnType<typeof signedInPlayer>>;

  /** The player writes in through the app; answers the new message's id. */
  async function write(player: Player, subject: string, message = 'Hello?') {
    const sent = await app.inject({
      method: 'POST',
      url: url('contact-us/send-email'),
      headers: bearer(player.token),
      payload: { subject, message },
    });
    expect(sent.statusCode).toBe(201);
    clock.advance(1000);
    const threads = await threadsOf(player);
    const thread = threads.find((t) => t.subject === subject);
    if (!thread) throw new Error(`no thread ${subject}`);
    return thread.id;
  }

  async function threadsOf(player: Player) {
    const response = await app.inject({
      method: 'GET',
      url: MESSAGES,
      headers: bearer(player.token),
    });
    expect(response.statusCode).toBe(200);
    return ContactThreadsResponse.parse(response.json()).data;
  }

  async function answer(messageId: string, text: string) {
    const reply = await app.services.contact.reply(messageId, text);
    clock.advance(1000);
    return reply;
  }

  const markRead = (player: Player | null, id: string) =>
    app.inject({
      method: 'POST',
      url: readUrl(id),
      headers: player ? bearer(player.token) : {},
    });

  it('answers 401 without a session, before looking at the id', async () => {
    expect((await app.inject({ method: 'GET', url: MESSAGES })).statusCode).toBe(401);
    for (const id of [randomUUID(), 'not-an-id', 'x'.repeat(65)]) {
      expect((await markRead(null, id)).statusCode).toBe(401);
    }
    const forged = await app.inject({ method: 'GET', url: MESSAGES, headers: bearer('e30.e30.x') });
    expect(forged.statusCode).toBe(401);
  });

  it('lists the player’s own messages newest first, each with its answers, new ones unread', async () => {
    const player = await signedInPlayer(app);
    const other = await signedInPlayer(app);
    const first = await write(player, 'Where is my prize?', 'I won on Monday.\nNothing yet.');
    const second = await write(player, 'Thanks');
    await write(other, 'Not yours');
    const early = await answer(first, '  We sent it today.\r\nIt takes a week.  ');
    const late = await answer(first, 'It arrived?');

    const threads = await threadsOf(player);
    expect(threads).toEqual([
      {
        id: second,
        subject: 'Thanks',
        message: 'Hello?',
        created_at: expect.any(String) as string,
        replies: [],
      },
      {
        id: first,
        subject: 'Where is my prize?',
        message: 'I won on Monday.\nNothing yet.',
        created_at: expect.any(String) as string,
        replies: [
          {
            id: early.id,
            text: 'We sent it today.\nIt takes a week.',
            created_at: early.createdAt.toISOString(),
            unread: true,
          },
          {
            id: late.id,
            text: 'It arrived?',
            created_at: late.createdAt.toISOString(),
            unread: true,
          },
        ],
      },
    ]);
    expect((await threadsOf(other)).map((thread) => thread.subject)).toEqual(['Not yours']);
  });

  it('marks the answers to a message read (204); a later answer is new again', async () => {
    const player = await signedInPlayer(app);
    const id = await write(player, 'Opened');
    await answer(id, 'First answer');
    const read = await markRead(player, id);
    expect(read.statusCode).toBe(204);
    expect(read.body).toBe('');
    const [opened] = await threadsOf(player);
    expect(opened?.replies.map((reply) => reply.unread)).toEqual([false]);

    const [{ readAt } = { readAt: null }] = await database()
      .db.select({ readAt: contactReplies.readAt })
      .from(contactReplies)
      .where(eq(contactReplies.messageId, id));
    clock.advance(60_000);
    await answer(id, 'Second answer');
    const [again] = await threadsOf(player);
    expect(again?.replies.map((reply) => reply.unread)).toEqual([false, true]);
    // Opening again marks the new one and leaves the first one's time as it was.
    expect((await markRead(player, id)).statusCode).toBe(204);
    const times = await database()
      .db.select({ readAt: contactReplies.readAt })
      .from(contactReplies)
      .where(eq(contactReplies.messageId, id))
      .orderBy(contactReplies.createdAt);
    expect(times[0]?.readAt).toEqual(readAt);
    expect(times[1]?.readAt).toEqual(clock.now());
  });

  it('answers 404 for another player’s message, an unknown one or no id at all, and marks nothing', async () => {
    const owner = await signedInPlayer(app);
    const stranger = await signedInPlayer(app);
    const id = await write(owner, 'Mine');
    await answer(id, 'For the owner');
    for (const target of [id, randomUUID(), 'abc', '1', 'x'.repeat(65)]) {
      const response = await markRead(stranger, target);
      expect(response.statusCode, target).toBe(404);
      expect(detailOf(response)).toBe('Unknown message');
    }
    const [thread] = await threadsOf(owner);
    expect(thread?.replies.map((reply) => reply.unread)).toEqual([true]);
  });

  it('stores an answer only to an existing message of a live player, checked', async () => {
    const player = await signedInPlayer(app);
    const id = await write(player, 'Checked');
    const unknown = randomUUID();
    const refusals: [string, string, string | RegExp][] = [
      [unknown, 'Hi', `No contact message ${unknown}`],
      ['nope', 'Hi', 'No contact message nope'],
      [id, ' \n\t ', 'The reply is empty'],
      [id, 'x'.repeat(REPLY_MAX_LENGTH + 1), /^A reply has at most 5000 characters/],
      [id, 'Bell\u0007', 'A reply may hold no control characters other than line breaks'],
      [id, 'Clear \u001b[2J', 'A reply may hold no control characters other than line breaks'],
      [id, 'Half \ud800', 'A reply may hold only whole characters'],
    ];
    for (const [messageId, text, refusal] of refusals) {
      await expect(app.services.contact.reply(messageId, text), text).rejects.toThrow(refusal);
    }
    await answer(id, 'x'.repeat(REPLY_MAX_LENGTH));
    await database()
      .db.update(users)
      .set({ phone: null, deletedAt: clock.now() })
      .where(eq(users.id, player.user.id));
    await expect(app.services.contact.reply(id, 'Too late')).rejects.toThrow(
      `Message ${id} is from a deleted account: nobody would read a reply`,
    );
    const stored = await database()
      .db.select()
      .from(contactReplies)
      .where(eq(contactReplies.messageId, id));
    expect(stored).toHaveLength(1);
  });
});
