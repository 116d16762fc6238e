// Generated paths through Contact Us (/form/has-problem), walked through the real form: the
// player types a Subject and a Message (after an empty Submit, which the form answers with what
// is missing and sends nothing), taps Submit or Back; the server stores the message or refuses
// it (429, 422), is down (503) or out of reach, and every state is checked against what the
// player sees, the toasts asked for, the calls sent and, once the form ends, what it tells the
// flow that opened it.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import type { Step } from 'xstate/graph';
import {
  CONTACT_SENT,
  CONTACT_TOO_MANY,
  MESSAGE_REQUIRED,
  SUBJECT_REQUIRED,
  type ContactRequest,
  type ContactResponse,
} from '../../contract/contact';
import type { ToastEffect } from '../../machines/shared/effects';
import { createContactFormActors } from '../../machines/winnings/contact-form.actors';
import {
  contactFormMachine,
  TOAST_SEND_FAILED,
  TOAST_TOO_MANY_MESSAGES,
  type ContactFormEvent,
  type ContactFormOutput,
} from '../../machines/winnings/contact-form.machine';
import { ContactUsForm } from '../../src/features/winnings/ContactUsForm';
import { ApiFailure } from '../../src/lib/api';
import { CoverageRecorder } from './helpers/coverage';
import {
  answerWhenWaiting,
  CurrentApp,
  describeGeneratedWalks,
  describeWalkCoverage,
  planWalks,
  stopAndUnmount,
  type ScriptStep,
} from './helpers/generated-walks';
import { failureName, FakeWinningsApi } from './helpers/winnings-fake-api';

// ---- the walks ---------------------------------------------------------------------------------

type Walk = {
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

const REJECTED_DETAIL = 'Message has at most 5000 characters';

const WALKS: Walk[] = [
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

type FormEvent =
  | ContactFormEvent
  | { type: 'xstate.done.actor.sendContactMessage'; output: undefined }
  | { type: 'xstate.error.actor.sendContactMessage'; error: ApiFailure };
type FormSnapshot = SnapshotFrom<typeof contactFormMachine>;

// The model's call never answers: each path's events say how it ends.
const logic = contactFormMachine.provide({
  actors: {
    sendContactMessage: fromPromise<void, ContactRequest>(() => new Promise(() => undefined)),
  },
});

function eventsFor(walk: Walk) {
  return (snapshot: FormSnapshot): FormEvent[] => {
    const candidates: FormEvent[] = [
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

const serialize = (snapshot: FormSnapshot) =>
  JSON.stringify({
    value: snapshot.value,
    subject: snapshot.context.subject,
    message: snapshot.context.message,
    sent: snapshot.context.sent,
  });

function describeEvent(event: FormEvent): string {
  switch (event.type) {
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

const walks = planWalks(WALKS, (walk) => ({
  logic,
  events: eventsFor(walk),
  serialize,
  describeEvent,
  scripts: [{ says: 'tries again', steps: walk.triesAgain }],
}));
const coverage = new CoverageRecorder();

// ---- the running form and its view -------------------------------------------------------------

type Expected = {
  /** The bodies sent so far. */
  calls: ContactRequest[];
  toasts: ToastEffect[];
  /** What the fields hold. */
  fields: ContactRequest;
  output: ContactFormOutput | null;
};

function open(walk: Walk) {
  const api = new FakeWinningsApi();
  const actor = createActor(logic.provide({ actors: createContactFormActors(api) }), {
    inspect: coverage.inspect,
  });
  const emitted: ToastEffect[] = [];
  actor.on('toast', (effect) => void emitted.push(effect));
  actor.start();
  const view = render(<ContactUsForm actor={actor} />);
  const expected: Expected = {
    calls: [],
    toasts: [],
    fields: { subject: '', message: '' },
    output: null,
  };
  return { walk, api, actor, emitted, view, expected, user: userEvent.setup() };
}

const current = new CurrentApp<ReturnType<typeof open>>('Contact Us is not running.');
const app = current.get;

// ---- what the player sees ----------------------------------------------------------------------

const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
const subjectField = () => screen.getByLabelText<HTMLInputElement>('Subject');
const messageField = () => screen.getByLabelText<HTMLTextAreaElement>('Message');
const alerts = () => screen.queryAllByRole('alert').map((alert) => alert.textContent);

/** The page, the fields and what they hold, the buttons, the calls and the toasts so far. */
function expectForm({ sending, open: isOpen }: { sending: boolean; open: boolean }): void {
  const { api, emitted, expected } = app();
  screen.getByRole('heading', { level: 1, name: 'Contact Us' });
  screen.getByText('Tell us what went wrong and we will get back to you.');
  // What was typed stays, a failed send included.
  expect(subjectField().value).toBe(expected.fields.subject);
  expect(messageField().value).toBe(expected.fields.message);
  expect(subjectField().readOnly).toBe(sending);
  expect(messageField().readOnly).toBe(sending);
  expect(alerts()).toEqual([]);
  expect(subjectField().closest('form')?.getAttribute('aria-busy')).toBe(String(sending));
  const submit = button(sending ? 'Sending…' : 'Submit');
  expect(submit.disabled).toBe(!isOpen);
  expect(button('Back').disabled).toBe(!isOpen || sending);
  expect(api.callsOf('sendContactMessage')).toEqual(expected.calls);
  expect(emitted).toEqual(expected.toasts);
}

/** The form has ended: the flow that opened it hears whether the message was sent. */
function expectEnded(): void {
  const { actor, expected } = app();
  expect(actor.getSnapshot().status).toBe('done');
  expect(actor.getSnapshot().output).toEqual(expected.output);
  // Until the flow closes it, the form takes nothing more.
  expectForm({ sending: false, open: false });
  expect(button('Submit').disabled).toBe(true);
}

const states: Record<string, (snapshot: FormSnapshot) => Promise<void> | void> = {
  editing: () => {
    expect(app().actor.getSnapshot().status).toBe('active');
    expectForm({ sending: false, open: true });
  },
  sending: async () => {
    expectForm({ sending: true, open: false });
    await waitFor(() => expect(app().api.isWaiting('sendContactMessage')).toBe(true));
  },
  sent: () => {
    expectEnded();
    expect(app().expected.output).toEqual({ sent: true });
  },
  left: () => {
    expectEnded();
    expect(app().expected.output).toEqual({ sent: false });
  },
};

// ---- the walk ----------------------------------------------------------------------------------

type FormStep = Step<FormSnapshot, FormEvent>;

async function arrive(expected: FormSnapshot): Promise<void> {
  await waitFor(() => expect(serialize(app().actor.getSnapshot())).toBe(serialize(expected)));
}

/** Waits for the send, then ends it (and lets the answer reach the machine and the form). */
const settle = (outcome: (api: FakeWinningsApi) => void): Promise<void> =>
  answerWhenWaiting(app().api, 'sendContactMessage', outcome);

const errorToast = (message: string): ToastEffect => ({ type: 'toast', message, variant: 'error' });

/** What the player is told when the message could not be sent. */
function failureToast({ status, detail }: ApiFailure): ToastEffect {
  if (status === 429) return errorToast(detail ?? TOAST_TOO_MANY_MESSAGES);
  if (status === 422) return errorToast(detail ?? TOAST_SEND_FAILED);
  return errorToast(TOAST_SEND_FAILED);
}

const executors = {
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
    await settle((api) => api.resolve('sendContactMessage', answer));
    await arrive(step.state);
  },
  'xstate.error.actor.sendContactMessage': async (step) => {
    if (step.event.type !== 'xstate.error.actor.sendContactMessage') return;
    const { error } = step.event;
    app().expected.toasts.push(failureToast(error));
    await settle((api) => api.reject('sendContactMessage', error));
    await arrive(step.state);
  },
} satisfies Record<FormEvent['type'], (step: FormStep) => Promise<void>>;

describeGeneratedWalks('Contact Us, generated paths through the form', {
  walks,
  start: (walk) => current.hold(open(walk), stopAndUnmount),
  arrive,
  events: executors,
  states,
});

describeWalkCoverage('Contact Us, coverage of the walk', {
  logic,
  states,
  coverage,
  chart: { states: 5, transitions: 6 },
});
