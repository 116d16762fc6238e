// A real SMTP server on a local port for the contact tests: it keeps every mail it is sent, can
// refuse mails with any reply code, and can hold its answer to a mail until the test lets go (a
// mail server slow to accept, without waiting on time).
import { createServer, type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** How the server answers a mail: accepted (null) or refused with this reply code. */
export type Verdict = (mail: ReceivedMail) => number | null;

export type TestSmtp = Awaited<ReturnType<typeof startSmtp>>;

export async function startSmtp(port = 0, options: { delayMs?: number } = {}) {
  /** Accepted mails. */
  const received: ReceivedMail[] = [];
  /** Every mail whose data arrived, accepted or refused. */
  const tries: ReceivedMail[] = [];
  const arrivalWaiters: { count: number; resolve: () => void }[] = [];
  let verdict: Verdict = () => null;
  let held: Promise<void> | null = null;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        const mailFrom = session.envelope.mailFrom;
        const mail = {
          from: mailFrom ? mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
        };
        tries.push(mail);
        for (const waiter of arrivalWaiters.filter((w) => tries.length >= w.count)) {
          arrivalWaiters.splice(arrivalWaiters.indexOf(waiter), 1);
          waiter.resolve();
        }
        const answer = () => {
          const code = verdict(mail);
          if (code !== null) {
            callback(Object.assign(new Error(`Refused (${code})`), { responseCode: code }));
            return;
          }
          received.push(mail);
          setTimeout(() => callback(), options.delayMs ?? 0);
        };
        if (held) void held.then(answer);
        else answer();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${actual}`,
    port: actual,
    received,
    tries,
    /** Answers every mail with 451 while set. */
    refuse(value: boolean) {
      verdict = value ? () => 451 : () => null;
    },
    /** Answers each mail as `judge` says from now on. */
    judge(judge: Verdict) {
      verdict = judge;
    },
    /** Resolves once `count` mails in all have arrived (their data, whatever the answer). */
    arrived(count: number): Promise<void> {
      if (tries.length >= count) return Promise.resolve();
      return new Promise((resolve) => arrivalWaiters.push({ count, resolve }));
    },
    /** Holds every answer to a mail until the returned function is called. */
    hold(): () => void {
      let release = () => undefined as void;
      held = new Promise<void>((resolve) => (release = resolve));
      return () => {
        held = null;
        release();
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A local port nothing listens on (yet). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export const subjectLine = (mail: ReceivedMail) => /^Subject: (.*)$/m.exec(mail.raw)?.[1] ?? '';
export const messageIdLine = (mail: ReceivedMail) =>
  /^Message-ID: (.*)$/im.exec(mail.raw)?.[1] ?? '';
