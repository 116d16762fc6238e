// Generated paths through Contact Us (/form/has-problem), walked through the real form: the
// player types a Subject and a Message (told to the machine as they go, or typed after an empty
// Submit, which the form answers with what is missing and sends nothing), taps Submit or Back;
// the server stores the message or refuses it (429, 422), is down (503) or out of reach, and
// every state is checked against what the player sees, the toasts asked for, the calls sent and,
// once the form ends, what it tells the flow that opened it. The model and the gestures are in
// helpers/contact-reload-{model,gestures}.ts, which the reload and Back walk takes too.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { createActor } from 'xstate';
import type { ToastEffect } from '../../machines/shared/effects';
import { createContactFormActors } from '../../machines/winnings/contact-form.actors';
import { ContactUsForm } from '../../src/features/winnings/ContactUsForm';
import {
  alerts,
  app,
  arrive,
  button,
  current,
  executors,
  expectedAtFirst,
  messageField,
  subjectField,
  type RunningForm,
} from './helpers/contact-reload-gestures';
import {
  describeEvent,
  eventsFor,
  logic,
  serialize,
  WALKS,
  type FormSnapshot,
  type Walk,
} from './helpers/contact-reload-model';
import { CoverageRecorder } from './helpers/coverage';
import {
  describeGeneratedWalks,
  describeWalkCoverage,
  planWalks,
  stopAndUnmount,
} from './helpers/generated-walks';
import { FakeWinningsApi } from './helpers/winnings-fake-api';

const walks = planWalks(WALKS, (walk) => ({
  logic,
  events: eventsFor(walk),
  serialize,
  describeEvent,
  scripts: [{ says: 'tries again', steps: walk.triesAgain }],
}));
const coverage = new CoverageRecorder();

// ---- the running form and its view -------------------------------------------------------------

function open(walk: Walk): RunningForm {
  const api = new FakeWinningsApi();
  const actor = createActor(logic.provide({ actors: createContactFormActors(api) }), {
    inspect: coverage.inspect,
  });
  const emitted: ToastEffect[] = [];
  actor.on('toast', (effect) => void emitted.push(effect));
  actor.start();
  const view = render(<ContactUsForm actor={actor} />);
  return { walk, api, actor, emitted, view, expected: expectedAtFirst(), user: userEvent.setup() };
}

// ---- what the player sees ----------------------------------------------------------------------

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
  chart: { states: 5, transitions: 7 },
});
