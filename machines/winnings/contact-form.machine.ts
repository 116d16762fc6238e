// Contact Us (/form/has-problem, spec sections 2, 5 and 7): a subject and a message sent to the
// operator. The winnings flow invokes it while the form is open and closes the form when it
// ends: `sent` after the server stored the message, `left` when the player pressed Back. A
// failed send keeps what was typed and lets the player try again.
import { assertEvent, assign, setup } from 'xstate';
import { CONTACT_SENT, ContactRequest } from '../../contract/contact';
import { toCallFailure, type CallFailure } from '../shared/call-failure';
import type { ToastEffect } from '../shared/effects';
import { toastAtRoot } from '../shared/root';
import { disconnectedContactFormActors } from './contact-form.actors';

export const TOAST_TOO_MANY_MESSAGES =
  'You have sent several messages in a short time. Please try again later.';
export const TOAST_SEND_FAILED = 'Your message could not be sent. Please try again.';

export type ContactFormContext = {
  /** What the player last submitted, kept so a failed send loses nothing. */
  subject: string;
  message: string;
  sent: boolean;
};

export type ContactFormEvent =
  { type: 'contact.submit'; subject: string; message: string } | { type: 'contact.back' };

export type ContactFormOutput = { sent: boolean };

export type ContactFormEmitted = ToastEffect;

export const contactFormMachine = setup({
  types: {
    context: {} as ContactFormContext,
    events: {} as ContactFormEvent,
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
    markSent: assign({ sent: true }),
  },
}).createMachine({
  id: 'contactForm',
  context: { subject: '', message: '', sent: false },
  output: ({ context }) => ({ sent: context.sent }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The Subject and Message fields, Submit and Back.',
      on: {
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
