// Contact mail an operator can trust: every try of a message carries one Message-ID, a mail
// server slow to answer gets the message once, a permanent refusal or ten failed tries mark it
// failed until the operator queues it again, and nothing is mailed for a deleted player.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, users } from '../../server/db/schema';
import {
  createMailer,
  SMTP_REPLY_TIMEOUT_MS,
  SMTP_TRY_LIMIT_MS,
  type Mailer,
} from '../../server/mail/mailer';
import { insertContactMessage } from '../../server/repositories/contact';
import {
  CLAIM_MS,
  FIRST_RETRY_MS,
  MAX_ATTEMPTS,
  retryDelayMs,
} from '../../server/services/contact';
import { createServices } from '../../server/services/index';
import { createLogSender } from '../../server/sms/sender';
import { databases, nextPhone, TestClock, testConfig, useDatabase } from './helper';
import {
  messageIdLine,
  startSmtp,
  subjectLine,
  type ReceivedMail,
  type TestSmtp,
} from './smtp-server';

const CONTACT_EMAIL = 'help@acme.test';
const DAY_MS = 24 * 60 * 60 * 1000;
let counter = 0;
/** Tells each test's mails apart by subject (short: a long Subject header is folded). */
const next = () => (counter += 1);

it('waits for the answer to a mail as long as RFC 5321 asks, and claims it for longer than a try', () => {
  // A client that gives up on the answer to a mail sooner sends it again while the server
  // still files the first copy.
  expect(SMTP_REPLY_TIMEOUT_MS).toBeGreaterThanOrEqual(10 * 60 * 1000);
  expect(SMTP_TRY_LIMIT_MS).toBeGreaterThan(SMTP_REPLY_TIMEOUT_MS);
  expect(CLAIM_MS).toBeGreaterThan(SMTP_TRY_LIMIT_MS);
});

describe.each(databases)('contact mail on %s', (kind) => {
  const database = useDatabase(kind);
  let smtp: TestSmtp;
  const mailers: Mailer[] = [];
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp.close();
  });
  afterEach(() => {
    for (const mailer of mailers.splice(0)) mailer.close();
    smtp.judge(() => null);
  });

  /** One server instance's services over the test's database, mailing through `smtp`. */
  function instance(clock: TestClock) {
    const config = testConfig({ SMTP_URL: smtp.url, CONTACT_EMAIL });
    const mailer = createMailer(config);
    if (!mailer) throw new Error('SMTP_URL is set');
    mailers.push(mailer);
    return createServices({
      db: database().db,
      config,
      sms: createLogSender({ info: () => undefined }),
      mailer,
      now: clock.now,
    });
  }

  type Services = ReturnType<typeof instance>;

  /** A new player's message, stored without waking anyone: only the rounds below send it. */
  async function stored(services: Services, clock: TestClock, subject: string) {
    const code = await services.invites.createCampaign(1);
    const player = await services.users.register(nextPhone(), code);
    const { id } = await insertContactMessage(database().db, {
      userId: player.id,
      subject,
      message: 'Hello?',
      at: clock.now(),
    });
    return { id, userId: player.id };
  }

  const triesOf = (subject: string) =>
    smtp.tries.filter((mail: ReceivedMail) => subjectLine(mail) === `[BLACK BUTTON] ${subject}`);

  const rowOf = async (id: string) => {
    const [row] = await database()
      .db.select()
      .from(contactMessages)
      .where(eq(contactMessages.id, id));
    if (!row) throw new Error(`no message ${id}`);
    return row;
  };

  it('mails every try of a message under one Message-ID made from its id, on any instance', async () => {
    const clock = new TestClock();
    const [first, second] = [instance(clock), instance(clock)];
    const subject = `Same mail ${next()}`;
    const { id } = await stored(first, clock, subject);
    smtp.judge((mail) => (subjectLine(mail).includes(subject) ? 451 : null));
    expect(await first.contact.deliverDue()).toMatchObject({
      delivered: 0,
      failed: [{ id, attempts: 1, gaveUp: false }],
    });
    smtp.judge(() => null);
    clock.advance(FIRST_RETRY_MS);
    expect(await second.contact.deliverDue()).toEqual({ delivered: 1, failed: [] });

    const tries = triesOf(subject);
    expect(tries).toHaveLength(2);
    expect(tries.map(messageIdLine)).toEqual([
      `<contact-${id}@acme.test>`,
      `<contact-${id}@acme.test>`,
    ]);
  });

  it('a mail server slow to answer gets the message once: no round on any instance sends it again while the try may still complete', async () => {
    const clock = new TestClock();
    const [first, second] = [instance(clock), instance(clock)];
    const subject = `Slow ${next()}`;
    const { id } = await stored(first, clock, subject);
    const before = smtp.tries.length;
    const release = smtp.hold();
    try {
      const trying = first.contact.deliverDue();
      await smtp.arrived(before + 1);
      // The server has the mail and has not answered yet. Up to the longest a try may last, no
      // round takes the message again: not another instance's, not this one's.
      clock.advance(SMTP_TRY_LIMIT_MS);
      for (const services of [second, first]) {
        const again = await Promise.race([
          services.contact.deliverDue(),
          smtp.arrived(before + 2).then(() => 'mailed again'),
        ]);
        expect(again).toEqual({ delivered: 0, failed: [] });
      }
      release();
      expect(await trying).toEqual({ delivered: 1, failed: [] });
    } finally {
      release();
    }
    expect(triesOf(subject)).toHaveLength(1);
    expect((await rowOf(id)).deliveredAt).toEqual(clock.now());
    clock.advance(DAY_MS);
    expect(await second.contact.deliverDue()).toEqual({ delivered: 0, failed: [] });
    expect(triesOf(subject)).toHaveLength(1);
  });

  it('marks a message refused for good (550) failed after one try, and goes on with the next', async () => {
    const clock = new TestClock();
    const services = instance(clock);
    const refused = `Refused ${next()}`;
    const accepted = `Accepted ${next()}`;
    const { id } = await stored(services, clock, refused);
    await stored(services, clock, accepted);
    smtp.judge((mail) => (subjectLine(mail).includes(refused) ? 550 : null));

    const round = await services.contact.deliverDue();
    expect(round.delivered).toBe(1);
    expect(round.failed).toMatchObject([{ id, attempts: 1, gaveUp: true }]);
    expect(round.failed[0]?.error).toMatch(/550/);
    expect(await rowOf(id)).toMatchObject({ attempts: 1, failedAt: clock.now() });
    expect(triesOf(accepted)).toHaveLength(1);

    clock.advance(DAY_MS);
    expect(await services.contact.deliverDue()).toEqual({ delivered: 0, failed: [] });
    expect(triesOf(refused)).toHaveLength(1);
    expect((await services.contact.list({ failedOnly: true })).map((row) => row.id)).toContain(id);
    expect((await services.contact.list({ pendingOnly: true })).map((row) => row.id)).not.toContain(
      id,
    );
  });

  it('marks a message failed after ten failed tries, and tries it no more', async () => {
    const clock = new TestClock();
    const services = instance(clock);
    const subject = `Busy ${next()}`;
    const { id } = await stored(services, clock, subject);
    smtp.judge((mail) => (subjectLine(mail).includes(subject) ? 451 : null));
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      expect(await services.contact.deliverDue()).toMatchObject({
        delivered: 0,
        failed: [{ id, attempts: attempt, gaveUp: attempt === MAX_ATTEMPTS }],
      });
      clock.advance(retryDelayMs(attempt));
    }
    expect(await rowOf(id)).toMatchObject({ attempts: MAX_ATTEMPTS });
    expect((await rowOf(id)).failedAt).not.toBeNull();
    smtp.judge(() => null);
    clock.advance(DAY_MS);
    expect(await services.contact.deliverDue()).toEqual({ delivered: 0, failed: [] });
    expect(triesOf(subject)).toHaveLength(MAX_ATTEMPTS);
  });

  it('puts a failed message back in the queue on retry, its tries counted afresh', async () => {
    const clock = new TestClock();
    const services = instance(clock);
    const subject = `Again ${next()}`;
    const { id } = await stored(services, clock, subject);
    smtp.judge((mail) => (subjectLine(mail).includes(subject) ? 550 : null));
    await services.contact.deliverDue();
    expect((await rowOf(id)).failedAt).not.toBeNull();

    clock.advance(60_000);
    await services.contact.retry(id);
    expect(await rowOf(id)).toMatchObject({
      attempts: 0,
      failedAt: null,
      lastError: null,
      nextAttemptAt: clock.now(),
    });
    smtp.judge(() => null);
    expect(await services.contact.deliverDue()).toEqual({ delivered: 1, failed: [] });
    expect(triesOf(subject).map(messageIdLine)).toEqual([
      `<contact-${id}@acme.test>`,
      `<contact-${id}@acme.test>`,
    ]);

    await expect(services.contact.retry(id)).rejects.toThrow(
      `Message ${id} has not failed (it was delivered): only a failed one is retried`,
    );
    const unknown = randomUUID();
    await expect(services.contact.retry(unknown)).rejects.toThrow(`No contact message ${unknown}`);
    await expect(services.contact.retry('nope')).rejects.toThrow('No contact message nope');
  });

  it('mails nothing for a deleted player, whatever of theirs is still stored', async () => {
    const clock = new TestClock();
    const services = instance(clock);
    const subject = `Gone ${next()}`;
    const { id, userId } = await stored(services, clock, subject);
    await database()
      .db.update(users)
      .set({ phone: null, deletedAt: clock.now() })
      .where(eq(users.id, userId));

    expect(await services.contact.deliverDue()).toEqual({ delivered: 0, failed: [] });
    clock.advance(DAY_MS);
    expect(await services.contact.deliverDue()).toEqual({ delivered: 0, failed: [] });
    expect(triesOf(subject)).toEqual([]);
    expect((await services.contact.list({ pendingOnly: true })).map((row) => row.id)).not.toContain(
      id,
    );
  });
});
