// Mail leaves the server through one interface: nodemailer over SMTP_URL. Without SMTP_URL there
// is no mailer, and contact messages are only stored (the operator reads them with
// `npm run ops -- messages list`).
import { createTransport } from 'nodemailer';
import type { Config } from '../config';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Resolves once the mail server accepted the mail; rejects when it did not. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * Each step of an SMTP exchange may take this long (nodemailer waits minutes by default): a
 * stalled mail server fails the attempt, which is retried later, well within a claim.
 */
export const SMTP_STEP_TIMEOUT_MS = 20_000;

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
      connectionTimeout: SMTP_STEP_TIMEOUT_MS,
      greetingTimeout: SMTP_STEP_TIMEOUT_MS,
      socketTimeout: SMTP_STEP_TIMEOUT_MS,
    },
    { from: { name: 'BLACK BUTTON', address: noReplyAddress(config.CONTACT_EMAIL) } },
  );
  return {
    async send(mail) {
      await transport.sendMail(mail);
    },
    close: () => transport.close(),
  };
}
