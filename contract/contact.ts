// Contact Us (spec sections 2, 5 and 7): a signed-in player's message to the operator, stored
// and then mailed to CONTACT_EMAIL when the server has SMTP_URL.
import * as z from 'zod/mini';
import { text } from './api';

export const CONTACT_PATHS = {
  sendEmail: 'contact-us/send-email',
  messages: 'contact-us/messages',
  read: (id: string) => `contact-us/messages/${id}/read`,
} as const;

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

/** The operator's answer to a message (`messages reply ID TEXT`). */
export const ContactReply = z.object({
  id: z.string(),
  text: z.string(),
  created_at: z.string(),
  /** Not opened by the player yet: the drawer marks it new. */
  unread: z.boolean(),
});
export type ContactReply = z.infer<typeof ContactReply>;
export const ContactThread = z.object({
  id: z.string(),
  subject: z.string(),
  message: z.string(),
  created_at: z.string(),
  replies: z.array(ContactReply),
});
export type ContactThread = z.infer<typeof ContactThread>;
/** GET contact-us/messages: the player's messages with the operator's answers, newest first. */
export const ContactThreadsResponse = z.object({ data: z.array(ContactThread) });
export type ContactThreadsResponse = z.infer<typeof ContactThreadsResponse>;
/** POST contact-us/messages/{id}/read: the player opened the answers; 204, no body. */
export const ContactThreadParams = z.strictObject({
  id: text('Unknown message').check(z.maxLength(64, 'Unknown message')),
});
