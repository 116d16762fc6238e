// Contact Us (spec sections 2, 5 and 7): a signed-in player's message to the operator, stored
// and then mailed to CONTACT_EMAIL when the server has SMTP_URL.
import * as z from 'zod/mini';
import { text } from './api';

export const CONTACT_PATHS = { sendEmail: 'contact-us/send-email' } as const;

export const SUBJECT_REQUIRED = 'Subject is required';
export const MESSAGE_REQUIRED = 'Message is required';
export const SUBJECT_MAX_LENGTH = 200;
export const MESSAGE_MAX_LENGTH = 5000;
/** Messages one player may send per hour (a flood answers 429 with Retry-After). */
export const CONTACT_MESSAGES_PER_HOUR = 5;
export const CONTACT_SENT = 'Thank you! Your message has been sent.';
export const CONTACT_TOO_MANY = 'Too many messages. Please try again later.';

/** POST contact-us/send-email: 201 once the message is stored (delivery follows). */
export const ContactRequest = z.strictObject({
  subject: text(SUBJECT_REQUIRED).check(
    z.trim(),
    z.minLength(1, SUBJECT_REQUIRED),
    z.maxLength(SUBJECT_MAX_LENGTH, `Subject has at most ${SUBJECT_MAX_LENGTH} characters`),
  ),
  message: text(MESSAGE_REQUIRED).check(
    z.trim(),
    z.minLength(1, MESSAGE_REQUIRED),
    z.maxLength(MESSAGE_MAX_LENGTH, `Message has at most ${MESSAGE_MAX_LENGTH} characters`),
  ),
});
export type ContactRequest = z.infer<typeof ContactRequest>;
export const ContactResponse = z.object({ message: z.string() });
export type ContactResponse = z.infer<typeof ContactResponse>;
