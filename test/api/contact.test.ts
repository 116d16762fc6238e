// Contact Us: a signed-in player's message is checked, stored, limited per hour, and mailed to
// CONTACT_EMAIL through a real SMTP server, also when that server was away for a while.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTACT_MESSAGES_PER_HOUR,
  CONTACT_SENT,
  CONTACT_TOO_MANY,
  MESSAGE_MAX_LENGTH,
  MESSAGE_REQUIRED,
  SUBJECT_MAX_LENGTH,
  SUBJECT_REQUIRED,
} from '../../contract/contact';
import { buildApp } from '../../server/app';
import { openDatabase, type OpenDatabase } from '../../server/db/database';
import { contactMessages } from '../../server/db/schema';
import { insertContactMessage } from '../../server/repositories/contact';
import { FIRST_RETRY_MS } from '../../server/services/contact';
import {
  bearer,
  buildTestApp,
  campaignCode,
  databases,
  detailOf,
  nextPhone,
  openTestDatabase,
  sharedPostgres,
  signedInPlayer,
  TestClock,
  testConfig,
  url,
  useDatabase,
} from './helper';
import type { LogLine } from './integrity';
import { freePort, startSmtp, subjectLine, type ReceivedMail } from './smtp-server';

const CONTACT_EMAIL = 'help@acme.test';
const SEND = url('contact-us/send-email');

/** Waits until `check` holds (the delivery round after a store runs on its own). */
async function eventually<T>(
  check: () => Promise<T> | T,
  timeoutMs = 15_000,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.each(databases)('Contact Us on %s', (kind) => {
  const database = useDatabase(kind);
  const apps: FastifyInstance[] = [];
  const owned: OpenDatabase[] = [];
  // Each test's apps and databases close with it: on PostgreSQL their pools would otherwise add
  // up, beside the other files' running at the same time, past the server's connection limit.
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    for (const db of owned.splice(0)) await db.close();
  });

  /** A database of the test's own: no other test's messages fall due in it. */
  async function ownDatabase() {
    const db = await openTestDatabase(kind);
    owned.push(db);
    return db;
  }

  /**
   * The app with SMTP_URL `smtpUrl` over a database of its own; its loop runs right after a
   * store, and on its own only with `intervalMs`.
   */
  async function mailingApp(
    smtpUrl: string,
    options: { clock?: TestClock; intervalMs?: number; logs?: LogLine[]; db?: OpenDatabase } = {},
  ) {
    const logs = options.logs;
    const db = options.db ?? (await ownDatabase());
    const app = await buildApp({
      config: testConfig({ SMTP_URL: smtpUrl, CONTACT_EMAIL }),
      db,
      logger: logs
        ? {
            level: 'info',
            stream: { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) },
          }
        : false,
      ...(options.clock ? { now: options.clock.now } : {}),
      clientDir: '/nonexistent-client-dir',
      scheduleDraws: false,
      contactDeliveryIntervalMs: options.intervalMs ?? 60 * 60 * 1000,
    });
    await app.ready();
    apps.push(app);
    return app;
  }

  /** The player's stored messages, in the app's database. */
  const messagesOf = (userId: string, app?: FastifyInstance) =>
    (app ? app.services.context.db : database().db)
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.userId, userId));

  const send = (app: FastifyInstance, token: string, payload: unknown) =>
    app.inject({ method: 'POST', url: SEND, headers: bearer(token), payload: payload as object });

  describe('POST contact-us/send-email', () => {
    it('answers 401 without a session', async () => {
      const app = await buildTestApp(database());
      const response = await app.inject({
        method: 'POST',
        url: SEND,
        payload: { subject: 'Hello', message: 'Anyone there?' },
      });
      expect(response.statusCode).toBe(401);
    });

    it.each([
      ['a missing subject', { message: 'Hi' }, SUBJECT_REQUIRED],
      ['an empty subject', { subject: '', message: 'Hi' }, SUBJECT_REQUIRED],
      ['a blank subject', { subject: '   ', message: 'Hi' }, SUBJECT_REQUIRED],
      ['a missing message', { subject: 'Hi' }, MESSAGE_REQUIRED],
      ['an empty message', { subject: 'Hi', message: '' }, MESSAGE_REQUIRED],
      ['a blank message', { subject: 'Hi', message: ' \n\t ' }, MESSAGE_REQUIRED],
      [
        'a subject too long',
        { subject: 'x'.repeat(SUBJECT_MAX_LENGTH + 1), message: 'Hi' },
        `Subject has at most ${SUBJECT_MAX_LENGTH} characters`,
      ],
      [
        'a message too long',
        { subject: 'Hi', message: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) },
        `Message has at most ${MESSAGE_MAX_LENGTH} characters`,
      ],
      [
        'an unknown field',
        { subject: 'Hi', message: 'Hi', user_id: 'x' },
        'Unknown field: user_id',
      ],
      ['a NUL byte', { subject: 'Hi', message: 'a\u0000b' }, /./],
      ['a number for text', { subject: 5, message: 'Hi' }, SUBJECT_REQUIRED],
    ])('refuses %s with 422 and stores nothing', async (_, payload, detail) => {
      const app = await buildTestApp(database());
      const player = await signedInPlayer(app);
      const response = await send(app, player.token, payload);
      expect(response.statusCode).toBe(422);
      if (typeof detail === 'string') expect(detailOf(response)).toBe(detail);
      else expect(detailOf(response)).toMatch(detail);
      expect(await messagesOf(player.user.id)).toEqual([]);
    });

    it('stores the message, trimmed, and answers 201', async () => {
      const app = await buildTestApp(database());
      const player = await signedInPlayer(app);
      const response = await send(app, player.token, {
        subject: '  Where is my prize?  ',
        message: 'I won yesterday.\nWhen does it arrive?\n',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ message: CONTACT_SENT });
      const [row, ...rest] = await messagesOf(player.user.id);
      expect(rest).toEqual([]);
      expect(row).toMatchObject({
        subject: 'Where is my prize?',
        message: 'I won yesterday.\nWhen does it arrive?',
        deliveredAt: null,
        attempts: 0,
      });
    });

    it('takes five messages an hour; the sixth is 429 with Retry-After and not stored', async () => {
      const clock = new TestClock();
      const app = await buildTestApp(database(), { clock });
      const player = await signedInPlayer(app);
      for (let i = 1; i <= CONTACT_MESSAGES_PER_HOUR; i += 1) {
        const response = await send(app, player.token, { subject: `Try ${i}`, message: 'Hi' });
        expect(response.statusCode).toBe(201);
        clock.advance(60_000);
      }
      const flood = await send(app, player.token, { subject: 'Try 6', message: 'Hi' });
      expect(flood.statusCode).toBe(429);
      expect(detailOf(flood)).toBe(CONTACT_TOO_MANY);
      // The first message leaves the hour 55 minutes from now.
      expect(Number(flood.headers['retry-after'])).toBe(55 * 60);
      expect(await messagesOf(player.user.id)).toHaveLength(CONTACT_MESSAGES_PER_HOUR);

      // Another player is not held back.
      const other = await signedInPlayer(app);
      expect((await send(app, other.token, { subject: 'Me', message: 'Hi' })).statusCode).toBe(201);

      clock.advance(55 * 60 * 1000);
      const later = await send(app, player.token, { subject: 'Try 7', message: 'Hi' });
      expect(later.statusCode).toBe(201);
      expect(await messagesOf(player.user.id)).toHaveLength(CONTACT_MESSAGES_PER_HOUR + 1);
    });

    it('counts racing messages of one player: five stored, the rest 429', async () => {
      const app = await buildTestApp(database());
      const player = await signedInPlayer(app);
      const responses = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          send(app, player.token, { subject: `Race ${i}`, message: 'Hi' }),
        ),
      );
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses.filter((status) => status === 201)).toHaveLength(CONTACT_MESSAGES_PER_HOUR);
      expect(statuses.filter((status) => status === 429)).toHaveLength(
        12 - CONTACT_MESSAGES_PER_HOUR,
      );
      expect(await messagesOf(player.user.id)).toHaveLength(CONTACT_MESSAGES_PER_HOUR);
    });

    it('only stores messages without SMTP_URL', async () => {
      const app = await buildTestApp(database());
      expect(app.services.contact.mails).toBe(false);
      const player = await signedInPlayer(app);
      expect((await send(app, player.token, { subject: 'Hi', message: 'Hi' })).statusCode).toBe(
        201,
      );
      expect(await app.services.contact.deliverDue()).toEqual({ delivered: 0, failed: [] });
      expect(await messagesOf(player.user.id)).toMatchObject([{ deliveredAt: null, attempts: 0 }]);
    });
  });

  describe('mailing', () => {
    let smtp: Awaited<ReturnType<typeof startSmtp>>;
    beforeAll(async () => {
      smtp = await startSmtp();
    });
    afterAll(async () => {
      await smtp.close();
    });

    it('keeps a subject with line breaks in the subject: no header of its own', async () => {
      const app = await mailingApp(smtp.url);
      const player = await signedInPlayer(app);
      const response = await send(app, player.token, {
        subject: 'Help\r\nBcc: thief@elsewhere.test\r\nX-Extra: 1',
        message: 'Nothing arrived yet.',
      });
      expect(response.statusCode).toBe(201);
      const mail = await eventually(() =>
        smtp.received.find((m) => m.raw.includes(player.user.id)),
      );
      expect(mail.to).toEqual([CONTACT_EMAIL]);
      expect(mail.raw).not.toMatch(/^(Bcc|X-Extra):/im);
      expect(subjectLine(mail)).toBe('[BLACK BUTTON] Help Bcc: thief@elsewhere.test X-Extra: 1');
      expect(mail.raw).toContain('Subject: Help Bcc: thief@elsewhere.test X-Extra: 1\r\n');
    });

    it('mails a stored message to CONTACT_EMAIL right away, without the full phone', async () => {
      const app = await mailingApp(smtp.url);
      const player = await signedInPlayer(app);
      const response = await send(app, player.token, {
        subject: 'Where is my prize?',
        message: 'I won on Monday.\nNothing arrived yet.',
      });
      expect(response.statusCode).toBe(201);
      const mail = await eventually(() =>
        smtp.received.find((m) => m.raw.includes(player.user.id)),
      );
      expect(mail.to).toEqual([CONTACT_EMAIL]);
      expect(mail.from).toBe('no-reply@acme.test');
      expect(subjectLine(mail)).toBe('[BLACK BUTTON] Where is my prize?');
      expect(mail.raw).toMatch(/^To: help@acme\.test\r?$/m);
      expect(mail.raw).not.toMatch(/^Reply-To:/im);
      expect(mail.raw).toContain('I won on Monday.\r\nNothing arrived yet.');
      expect(mail.raw).toContain(`+1******${player.phone.slice(-4)}`);
      expect(mail.raw).not.toContain(player.phone.slice(1));
      const [row] = await eventually(async () => {
        const rows = await messagesOf(player.user.id, app);
        return rows[0]?.deliveredAt ? rows : null;
      });
      expect(row).toMatchObject({ attempts: 0, lastError: null });
    });

    it('keeps a message while the mail server is down and mails it once it is back', async () => {
      const port = await freePort();
      const clock = new TestClock();
      const app = await mailingApp(`smtp://127.0.0.1:${port}`, { clock });
      const player = await signedInPlayer(app);
      const sent = await send(app, player.token, { subject: 'Down', message: 'Are you there?' });
      expect(sent.statusCode).toBe(201);

      // The try right after storing failed: the message stays, with why and when to retry.
      const [failed] = await eventually(async () => {
        const rows = await messagesOf(player.user.id, app);
        return rows[0]?.attempts === 1 ? rows : null;
      });
      expect(failed?.deliveredAt).toBeNull();
      expect(failed?.lastError).toMatch(/ECONNREFUSED/);
      expect(failed?.nextAttemptAt.getTime()).toBe(clock.now().getTime() + FIRST_RETRY_MS);

      // Not tried again before its time.
      const server = await startSmtp(port);
      try {
        expect(await app.services.contact.deliverDue()).toEqual({ delivered: 0, failed: [] });
        clock.advance(FIRST_RETRY_MS);
        expect(await app.services.contact.deliverDue()).toEqual({ delivered: 1, failed: [] });
        expect(server.received).toHaveLength(1);
        expect(subjectLine(server.received[0] as ReceivedMail)).toBe('[BLACK BUTTON] Down');
        const [row] = await messagesOf(player.user.id, app);
        expect(row?.deliveredAt).toEqual(clock.now());
        // Once delivered, never again.
        clock.advance(24 * 60 * 60 * 1000);
        expect(await app.services.contact.deliverDue()).toEqual({ delivered: 0, failed: [] });
        expect(server.received).toHaveLength(1);
      } finally {
        await server.close();
      }
    });

    it('backs off, doubling, while the mail server refuses', async () => {
      const clock = new TestClock();
      const app = await mailingApp(smtp.url, { clock });
      const player = await signedInPlayer(app);
      smtp.refuse(true);
      try {
        await send(app, player.token, { subject: 'Busy', message: 'Hello?' });
        await eventually(async () => (await messagesOf(player.user.id, app))[0]?.attempts === 1);
        clock.advance(FIRST_RETRY_MS);
        const round = await app.services.contact.deliverDue();
        expect(round.delivered).toBe(0);
        expect(round.failed).toMatchObject([{ attempts: 2 }]);
        const [row] = await messagesOf(player.user.id, app);
        expect(row?.lastError).toMatch(/451/);
        expect(row?.nextAttemptAt.getTime()).toBe(clock.now().getTime() + 2 * FIRST_RETRY_MS);
      } finally {
        smtp.refuse(false);
      }
      clock.advance(2 * FIRST_RETRY_MS - 1);
      expect((await app.services.contact.deliverDue()).delivered).toBe(0);
      clock.advance(1);
      expect((await app.services.contact.deliverDue()).delivered).toBe(1);
      expect(smtp.received.filter((mail) => mail.raw.includes(player.user.id))).toHaveLength(1);
    });

    it('the delivery loop of every instance mails what is due, on its own', async () => {
      const port = await freePort();
      const clock = new TestClock();
      const app = await mailingApp(`smtp://127.0.0.1:${port}`, { clock, intervalMs: 50 });
      const player = await signedInPlayer(app);
      await send(app, player.token, { subject: 'Loop', message: 'Tick tock' });
      await eventually(async () => (await messagesOf(player.user.id, app))[0]?.attempts === 1);
      const server = await startSmtp(port);
      try {
        clock.advance(FIRST_RETRY_MS);
        await eventually(async () => (await messagesOf(player.user.id, app))[0]?.deliveredAt);
        expect(server.received).toHaveLength(1);
      } finally {
        await server.close();
      }
    });

    it('logs a database outage in the loop and keeps going until stopped', async () => {
      const own = await ownDatabase();
      const logs: LogLine[] = [];
      const app = await mailingApp(smtp.url, { intervalMs: 20, logs, db: own });
      await own.close();
      await eventually(() =>
        logs.some((line) => line.msg === 'contact delivery paused: the database is unreachable'),
      );
      await app.close();
      const count = logs.length;
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(logs.length).toBe(count);
    });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('Contact Us on two instances', () => {
  it('mails each message once, however many instances deliver at the same time', async () => {
    const smtp = await startSmtp(0, { delayMs: 20 });
    const shared = await sharedPostgres();
    const opened: OpenDatabase[] = [];
    const apps: FastifyInstance[] = [];
    try {
      for (let i = 0; i < 2; i += 1) {
        const database = await openDatabase({
          kind: 'postgres',
          url: shared.url,
          maxConnections: 5,
        });
        opened.push(database);
        const app = await buildApp({
          config: testConfig({ SMTP_URL: smtp.url, CONTACT_EMAIL }),
          db: database,
          logger: false,
          clientDir: '/nonexistent-client-dir',
          scheduleDraws: false,
          contactDeliveryIntervalMs: 60 * 60 * 1000,
        });
        await app.ready();
        apps.push(app);
      }
      const [first, second] = apps as [FastifyInstance, FastifyInstance];
      // Stored without waking a loop: only the rounds below send them.
      const code = await campaignCode(first, 10);
      const subjects: string[] = [];
      for (let p = 0; p < 3; p += 1) {
        const user = await first.services.users.register(nextPhone(), code);
        for (let m = 0; m < 4; m += 1) {
          const subject = `Race ${p}-${m}`;
          subjects.push(subject);
          await insertContactMessage(opened[0]!.db, {
            userId: user.id,
            subject,
            message: 'Hi',
            at: new Date(),
          });
        }
      }
      const rounds = await Promise.all(
        [first, second, first, second].map((app) => app.services.contact.deliverDue()),
      );
      expect(rounds.reduce((sum, round) => sum + round.delivered, 0)).toBe(subjects.length);
      expect(
        smtp.received.map((mail) => subjectLine(mail).replace('[BLACK BUTTON] ', '')).sort(),
      ).toEqual(subjects.sort());
    } finally {
      for (const app of apps) await app.close();
      for (const database of opened) await database.close();
      await shared.drop();
      await smtp.close();
    }
  });
});
