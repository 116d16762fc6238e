// Contact Us's model, as its generated walk (contact-form.model.test.tsx) and its reload and Back
// walk (contact-form.reload-back.test.tsx) take it: what each walk types and the server's
// failures, the events a walk takes (the player's, the server's), the form with a call that never
// answers (each path's events say how it ends), a snapshot's key, each event as a path says it
// and the toast each failure shows.
import { fromPromise, type SnapshotFrom } from 'xstate';
import { CONTACT_TOO_MANY, type ContactRequest } from '../../../contract/contact';
import type { ToastEffect } from '../../../machines/shared/effects';
import {
  contactFormMachine,
  TOAST_SEND_FAILED,
  TOAST_TOO_MANY_MESSAGES,
  type ContactFormEvent,
} from '../../../machines/winnings/contact-form.machine';
import { ApiFailure } from '../../../src/lib/api';
import type { ScriptStep } from './generated-walks';
import { failureName } from './winnings-fake-api';

// ---- the walks ---------------------------------------------------------------------------------

export type Walk = {
  name: string;
  /** What the player types, spaces and all. */
  typed: ContactRequest;
  /** What is sent: the same, trimmed. */
  sent: ContactRequest;
  /** How the server fails to store the message in this walk (one of each of the chart's kinds). */
  failures: readonly ApiFailure[];
  /**
   * A player who sends the same text again after a failure: the generated paths never do (the
   * state after is one they have seen), so this path is walked as well.
   */
  triesAgain: Pick[];
};

export type FormEvent =
  | ContactFormEvent
  | { type: 'xstate.done.actor.sendContactMessage'; output: undefined }
  | { type: 'xstate.error.actor.sendContactMessage'; error: ApiFailure };
export type FormSnapshot = SnapshotFrom<typeof contactFormMachine>;

/** A step of a scripted path: which of the model's events in that state it takes. */
type Pick = ScriptStep<FormEvent>;
const on = {
  submit: ((event) => event.type === 'contact.submit') satisfies Pick,
  stored: ((event) => event.type === 'xstate.done.actor.sendContactMessage') satisfies Pick,
  fails:
    (failure: ApiFailure): Pick =>
    (event) =>
      event.type === 'xstate.error.actor.sendContactMessage' && event.error === failure,
  back: ((event) => event.type === 'contact.back') satisfies Pick,
};

const BUSY = new ApiFailure(503, null);
const OFFLINE = new ApiFailure(0, null);
const TOO_MANY_UNSAID = new ApiFailure(429, null);

export const REJECTED_DETAIL = 'Message has at most 5000 characters';

export const WALKS: Walk[] = [
  {
    name: 'a prize not paid, the server busy',
    typed: {
      subject: '  Prize not paid ',
      message: ' I won $500 on Monday and have not been paid. ',
    },
    sent: { subject: 'Prize not paid', message: 'I won $500 on Monday and have not been paid.' },
    failures: [new ApiFailure(429, CONTACT_TOO_MANY), new ApiFailure(422, REJECTED_DETAIL), BUSY],
    triesAgain: [on.submit, on.fails(BUSY), on.submit, on.stored],
  },
  {
    name: 'a gift card missing, the network patchy',
    typed: { subject: 'Gift card', message: 'My gift card never arrived.' },
    sent: { subject: 'Gift card', message: 'My gift card never arrived.' },
    failures: [TOO_MANY_UNSAID, new ApiFailure(422, null), OFFLINE],
    // Sent twice (no network, then too many messages), then left.
    triesAgain: [on.submit, on.fails(OFFLINE), on.submit, on.fails(TOO_MANY_UNSAID), on.back],
  },
];

// ---- the model ---------------------------------------------------------------------------------

// The model's call never answers: each path's events say how it ends.
export const logic = contactFormMachine.provide({
  actors: {
    sendContactMessage: fromPromise<void, ContactRequest>(() => new Promise(() => undefined)),
  },
});

/** What the player (and the server) can do next on `walk`: the model takes what it can. */
export function eventsFor(walk: Walk) {
  return (snapshot: FormSnapshot): FormEvent[] => {
    const candidates: FormEvent[] = [
      // The player types, and the form tells the machine what the fields hold.
      { type: 'contact.edited', draft: walk.typed },
      // The form sends what passed its checks, trimmed.
      { type: 'contact.submit', ...walk.sent },
      { type: 'contact.back' },
    ];
    if (snapshot.children.sendContactMessage) {
      candidates.push(
        { type: 'xstate.done.actor.sendContactMessage', output: undefined },
        ...walk.failures.map((error) => ({
          type: 'xstate.error.actor.sendContactMessage' as const,
          error,
        })),
      );
    }
    return candidates;
  };
}

export const serialize = (snapshot: FormSnapshot) =>
  JSON.stringify({
    value: snapshot.value,
    subject: snapshot.context.subject,
    message: snapshot.context.message,
    sent: snapshot.context.sent,
  });

export function describeEvent(event: FormEvent): string {
  switch (event.type) {
    case 'contact.edited':
      return `types '${event.draft.subject}' and '${event.draft.message}'`;
    case 'contact.submit':
      return `types '${event.subject}' and taps Submit`;
    case 'contact.back':
      return 'taps Back';
    case 'xstate.done.actor.sendContactMessage':
      return 'the message is stored';
    case 'xstate.error.actor.sendContactMessage':
      return `the send fails (${failureName(event.error)})`;
  }
}

const errorToast = (message: string): ToastEffect => ({ type: 'toast', message, variant: 'error' });

/** What the player is told when the message could not be sent. */
export function failureToast({ status, detail }: ApiFailure): ToastEffect {
  if (status === 429) return errorToast(detail ?? TOAST_TOO_MANY_MESSAGES);
  if (status === 422) return errorToast(detail ?? TOAST_SEND_FAILED);
  return errorToast(TOAST_SEND_FAILED);
}
