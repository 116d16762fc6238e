// What causes each event of Contact Us's model, through the real form: the player types (the
// form tells the machine once the typing pauses, and at once when a field is left), taps Submit
// (after an empty Submit, which the form answers with what is missing and sends nothing) or
// Back, and the server answers the send. The form runs alone in its generated walk
// (contact-form.model.test.tsx) and in the signed-in app in its reload and Back walk
// (contact-form.reload-back.test.tsx): each holds its running form in `current`.
import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { ActorRefFrom } from 'xstate';
import type { Step } from 'xstate/graph';
import {
  CONTACT_SENT,
  MESSAGE_REQUIRED,
  SUBJECT_REQUIRED,
  type ContactRequest,
  type ContactResponse,
} from '../../../contract/contact';
import type { ToastEffect } from '../../../machines/shared/effects';
import type { ContactFormOutput } from '../../../machines/winnings/contact-form.machine';
import {
  failureToast,
  serialize,
  type FormEvent,
  type FormSnapshot,
  type logic,
  type Walk,
} from './contact-reload-model';
import { answerWhenWaiting, CurrentApp } from './generated-walks';
import type { FakeWinningsApi } from './winnings-fake-api';

/** What the walk expects so far. */
export type Expected = {
  /** The bodies sent so far. */
  calls: ContactRequest[];
  toasts: ToastEffect[];
  /** What the fields hold. */
  fields: ContactRequest;
  output: ContactFormOutput | null;
};

export const expectedAtFirst = (): Expected => ({
  calls: [],
  toasts: [],
  fields: { subject: '', message: '' },
  output: null,
});

/** The running form, as the gestures reach it. */
export type RunningForm = {
  walk: Walk;
  api: FakeWinningsApi;
  actor: ActorRefFrom<typeof logic>;
  /** The toasts the form emitted itself (run alone; in the app the root shows them). */
  emitted: ToastEffect[];
  view: { unmount: () => void };
  expected: Expected;
  user: ReturnType<typeof userEvent.setup>;
};

export const current = new CurrentApp<RunningForm>('Contact Us is not running.');
export const app = current.get;

// ---- what the player sees ----------------------------------------------------------------------

export const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
export const subjectField = () => screen.getByLabelText<HTMLInputElement>('Subject');
export const messageField = () => screen.getByLabelText<HTMLTextAreaElement>('Message');
/** The form's own alerts (a toast is one too, but not the form's). */
export const alerts = () =>
  within(subjectField().closest('form')!)
    .queryAllByRole('alert')
    .map((alert) => alert.textContent);

// ---- the walk ----------------------------------------------------------------------------------

type FormStep = Step<FormSnapshot, FormEvent>;

export async function arrive(expected: FormSnapshot): Promise<void> {
  await waitFor(() => expect(serialize(app().actor.getSnapshot())).toBe(serialize(expected)));
}

/** Waits for the send, then ends it (and lets the answer reach the machine and the form). */
const answerSend = (outcome: (api: FakeWinningsApi) => void): Promise<void> =>
  answerWhenWaiting(app().api, 'sendContactMessage', outcome);

export const executors = {
  // Typed, the fields are told to the machine: the Subject at once as it is left, the Message
  // once the typing pauses; far fewer times than there were keys.
  'contact.edited': async (step) => {
    if (step.event.type !== 'contact.edited') return;
    const { user, expected, actor } = app();
    const typed = step.event.draft;
    await user.clear(subjectField());
    await user.clear(messageField());
    let told = 0;
    const counting = actor.subscribe(() => void (told += 1));
    try {
      await user.type(subjectField(), typed.subject);
      await user.click(messageField());
      expect(actor.getSnapshot().context.subject).toBe(typed.subject);
      await user.type(messageField(), typed.message);
      expected.fields = typed;
      await arrive(step.state);
    } finally {
      counting.unsubscribe();
    }
    const keys = typed.subject.length + typed.message.length;
    expect(told, 'the form told the machine at every key').toBeLessThan(keys / 2);
  },
  // Empty fields first: Submit says what is missing, field by field, and sends nothing.
  'contact.submit': async (step) => {
    const { user, walk, expected, actor, api } = app();
    if (subjectField().value === '') {
      await user.click(button('Submit'));
      await waitFor(() => expect(alerts()).toEqual([SUBJECT_REQUIRED, MESSAGE_REQUIRED]));
      expect(subjectField().getAttribute('aria-invalid')).toBe('true');
      expect(messageField().getAttribute('aria-invalid')).toBe('true');
      await user.type(subjectField(), walk.typed.subject);
      await user.click(button('Submit'));
      await waitFor(() => expect(alerts()).toEqual([MESSAGE_REQUIRED]));
      expect(subjectField().getAttribute('aria-invalid')).toBeNull();
      expect(api.count('sendContactMessage')).toBe(0);
      expect(actor.getSnapshot().value).toBe('editing');
      await user.type(messageField(), walk.typed.message);
      await waitFor(() => expect(alerts()).toEqual([]));
      expected.fields = walk.typed;
    }
    await user.click(button('Submit'));
    expected.calls.push(walk.sent);
    await arrive(step.state);
  },
  'contact.back': async (step) => {
    app().expected.output = { sent: false };
    await app().user.click(button('Back'));
    await arrive(step.state);
  },
  'xstate.done.actor.sendContactMessage': async (step) => {
    const { expected } = app();
    const answer: ContactResponse = { message: CONTACT_SENT };
    expected.toasts.push({ type: 'toast', message: CONTACT_SENT, variant: 'success' });
    expected.output = { sent: true };
    await answerSend((api) => api.resolve('sendContactMessage', answer));
    await arrive(step.state);
  },
  'xstate.error.actor.sendContactMessage': async (step) => {
    if (step.event.type !== 'xstate.error.actor.sendContactMessage') return;
    const { error } = step.event;
    app().expected.toasts.push(failureToast(error));
    await answerSend((api) => api.reject('sendContactMessage', error));
    await arrive(step.state);
  },
} satisfies Record<FormEvent['type'], (step: FormStep) => Promise<void>>;
