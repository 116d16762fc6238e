// Contact Us (/form/has-problem, spec sections 2, 5 and 7): a subject and a message sent to the
// operator. The winnings flow invokes it while the form is open and closes the form when it
// ends: `sent` after the server stored the message, `left` when the player pressed Back. A
// failed send keeps what was typed and lets the player try again. What the player types is the
// form's progress: the form hears it as they go and tells the flow, which keeps it in the page's
// history entry, so a reload, Back or Forward opens the form with the same text.
import { assertEvent, assign, enqueueActions, setup } from 'xstate';
import {
  CONTACT_SENT,
  ContactRequest,
  MESSAGE_MAX_LENGTH,
  SUBJECT_MAX_LENGTH,
} from '../../contract/contact';
import { toCallFailure, type CallFailure } from '../shared/call-failure';
import type { ToastEffect } from '../shared/effects';
import { toastAtRoot } from '../shared/root';
import { disconnectedContactFormActors } from './contact-form.actors';

export const TOAST_TOO_MANY_MESSAGES =
  'You have sent several messages in a short time. Please try again later.';
export const TOAST_SEND_FAILED = 'Your message could not be sent. Please try again.';

/** What the player has typed, sent or not: the form's progress. */
export type ContactDraft = { subject: string; message: string };

export type ContactFormContext = {
  /** What the player last typed or submitted, kept so a failed send loses nothing. */
  subject: string;
  message: string;
  sent: boolean;
};

/** The form opens with the draft its page's entry kept (a reload, Back, Forward), if any. */
export type ContactFormInput = { draft: ContactDraft | null };

/**
 * The fields as the player left them (the view tells it after a pause in the typing, and when a
 * field is left); the form tells the flow that runs it the same.
 */
export type ContactEditedEvent = { type: 'contact.edited'; draft: ContactDraft };
/** What the form tells the flow as the server stores the message, before it closes. */
export type ContactSentEvent = { type: 'contact.sent' };

export type ContactFormEvent =
  | ContactEditedEvent
  | { type: 'contact.submit'; subject: string; message: string }
  | { type: 'contact.back' };

export type ContactFormOutput = { sent: boolean };

export type ContactFormEmitted = ToastEffect;

/**
 * The draft a history state holds, read as untrusted (anything may be written there): each
 * field a string within the contract's length, else empty; null when neither field is one.
 */
export function draftIn(state: unknown): ContactDraft | null {
  if (typeof state !== 'object' || state === null) return null;
  const held: Partial<Record<keyof ContactDraft, unknown>> = state;
  const field = (key: keyof ContactDraft, maxLength: number): string | null => {
    const value = Object.hasOwn(held, key) ? held[key] : undefined;
    return typeof value === 'string' && value.length <= maxLength ? value : null;
  };
  const subject = field('subject', SUBJECT_MAX_LENGTH);
  const message = field('message', MESSAGE_MAX_LENGTH);
  if (subject === null && message === null) return null;
  return { subject: subject ?? '', message: message ?? '' };
}

export const contactFormMachine = setup({
  types: {
    context: {} as ContactFormContext,
    events: {} as ContactFormEvent,
    // Optional: a form opened from the drawer, or walked on its own, starts empty.
    input: {} as ContactFormInput | void,
    output: {} as ContactFormOutput,
    emitted: {} as ContactFormEmitted,
  },
  actors: disconnectedContactFormActors,
  guards: {
    // The contract's own rules: both fields required once trimmed, within their lengths. The
    // form checks the same schema, so a refusal here never leaves the player without a reason.
    isCompleteMessage: ({ event }) =>
      event.type === 'contact.submit' &&
      ContactRequest.safeParse({ subject: event.subject, message: event.message }).success,
    // One player may send CONTACT_MESSAGES_PER_HOUR messages an hour.
    isTooManyMessages: (_, failure: CallFailure) => failure.status === 429,
    isRejectedMessage: (_, failure: CallFailure) => failure.status === 422,
  },
  actions: {
    showToast: toastAtRoot(),
    keepDraft: assign(({ event }) => {
      assertEvent(event, 'contact.submit');
      return { subject: event.subject, message: event.message };
    }),
    // The typed text is kept here (a remounted view shows it) and told to the flow running the
    // form (none in a walk of its own), which keeps it in the page's entry.
    keepEdits: enqueueActions(({ enqueue, event, self }) => {
      assertEvent(event, 'contact.edited');
      const { subject, message } = event.draft;
      enqueue.assign({ subject, message });
      if (self._parent) {
        enqueue.sendTo(self._parent, {
          type: 'contact.edited',
          draft: { subject, message },
        } satisfies ContactEditedEvent);
      }
    }),
    markSent: assign({ sent: true }),
    // Told before the form closes, so the flow can mark the page's entry as one seen once: Back
    // never shows the text sent again.
    tellFlowSent: enqueueActions(({ enqueue, self }) => {
      if (self._parent) {
        enqueue.sendTo(self._parent, { type: 'contact.sent' } satisfies ContactSentEvent);
      }
    }),
  },
}).createMachine({
  id: 'contactForm',
  context: ({ input }) => ({
    subject: input?.draft?.subject ?? '',
    message: input?.draft?.message ?? '',
    sent: false,
  }),
  output: ({ context }) => ({ sent: context.sent }),
  initial: 'editing',
  states: {
    editing: {
      description:
        'The Subject and Message fields (filled with the draft the entry kept), Submit and Back.',
      on: {
        'contact.edited': { actions: 'keepEdits' },
        'contact.submit': { guard: 'isCompleteMessage', target: 'sending', actions: 'keepDraft' },
        'contact.back': 'left',
      },
    },
    sending: {
      description: 'The server stores the message; Submit shows Sending… and the text stays.',
      invoke: {
        id: 'sendContactMessage',
        src: 'sendContactMessage',
        input: ({ context }) => ({
          subject: context.subject.trim(),
          message: context.message.trim(),
        }),
        onDone: {
          target: 'sent',
          actions: [
            'markSent',
            { type: 'showToast', params: { message: CONTACT_SENT, variant: 'success' } },
            'tellFlowSent',
          ],
        },
        onError: [
          {
            guard: {
              type: 'isTooManyMessages',
              params: ({ event }) => toCallFailure(event.error),
            },
            target: 'editing',
            actions: {
              type: 'showToast',
              params: ({ event }) => ({
                message: toCallFailure(event.error).detail ?? TOAST_TOO_MANY_MESSAGES,
                variant: 'error',
              }),
            },
          },
          {
            guard: {
              type: 'isRejectedMessage',
              params: ({ event }) => toCallFailure(event.error),
            },
            target: 'editing',
            actions: {
              type: 'showToast',
              params: ({ event }) => ({
                message: toCallFailure(event.error).detail ?? TOAST_SEND_FAILED,
                variant: 'error',
              }),
            },
          },
          {
            target: 'editing',
            actions: {
              type: 'showToast',
              params: { message: TOAST_SEND_FAILED, variant: 'error' },
            },
          },
        ],
      },
    },
    sent: { type: 'final', description: 'The message is stored: the form closes.' },
    left: { type: 'final', description: 'Back: the form closes and nothing was sent.' },
  },
});

export type ContactFormMachine = typeof contactFormMachine;
