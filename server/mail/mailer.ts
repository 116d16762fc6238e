// Mail leaves the server through one interface: nodemailer over SMTP_URL. Without SMTP_URL there
// is no mailer, and contact messages are only stored (the operator reads them with
// `npm run ops -- messages list`).
import { createTransport } from 'nodemailer';
import type { Config } from '../config';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** The same on every try of one message, so a mail sent twice is recognisably one. */
  messageId: string;
}

export interface Mailer {
  /** Resolves once the mail server accepted the mail; rejects when it did not. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * Connecting and the server's greeting may take this long. Nothing of a mail has been sent yet,
 * so giving up early cannot make the operator get it twice.
 */
export const SMTP_CONNECT_TIMEOUT_MS = 20_000;
/**
 * Every later reply may take this long. RFC 5321 (4.5.3.2.6) asks a client to wait ten minutes
 * for the answer to the end of a mail: the server holds the mail by then, and a client that gives
 * up sooner sends it again while the server still files the first copy.
 */
export const SMTP_REPLY_TIMEOUT_MS = 10 * 60 * 1000;
/**
 * A try is cut off after this however a server trickles its replies, so a try that may still
 * complete never outlives the claim on its message (services/contact.ts).
 */
export const SMTP_TRY_LIMIT_MS = 15 * 60 * 1000;

/**
 * Whether the mail server refused the mail for good: a 5xx reply (nodemailer's `permanent`,
 * which leaves out 503, a command out of sequence). A 5xx to the login says the SMTP_URL
 * credentials are wrong, not the mail: that mail waits for the operator to fix them.
 */
export function isPermanentRefusal(error: unknown): boolean {
  const { permanent, code } = (error ?? {}) as { permanent?: unknown; code?: unknown };
  return permanent === true && code !== 'EAUTH';
}

/** The Message-ID of a stored message's mail: any instance writes the same one on every try. */
export function messageIdFor(messageId: string, contactEmail: string): string {
  return `<contact-${messageId}@${contactEmail.slice(contactEmail.lastIndexOf('@') + 1)}>`;
}

/** Mail goes out from a no-reply address at the contact address's domain. */
export function noReplyAddress(contactEmail: string): string {
  return `no-reply@${contactEmail.slice(contactEmail.lastIndexOf('@') + 1)}`;
}

/** The mailer of `SMTP_URL`, or null when it is not set. */
export function createMailer(config: Pick<Config, 'SMTP_URL' | 'CONTACT_EMAIL'>): Mailer | null {
  if (!config.SMTP_URL) return null;
  // Settings written in the URL (?connectionTimeout=...) win over these.
  const transport = createTransport(
    {
      url: config.SMTP_URL,
      connectionTimeout: SMTP_CONNECT_TIMEOUT_MS,
      greetingTimeout: SMTP_CONNECT_TIMEOUT_MS,
      socketTimeout: SMTP_REPLY_TIMEOUT_MS,
    },
    { from: { name: 'BLACK BUTTON', address: noReplyAddress(config.CONTACT_EMAIL) } },
  );
  return {
    async send(mail) {
      await transport.sendMail({ ...mail, signal: AbortSignal.timeout(SMTP_TRY_LIMIT_MS) });
    },
    close: () => transport.close(),
  };
}
