// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import {
  MESSAGE_MAX_LENGTH,
  MESSAGE_REQUIRED,
  SUBJECT_MAX_LENGTH,
  SUBJECT_REQUIRED,
  type ContactRequest,
} from '../../contract/contact';
import { createContactFormActors } from '../../machines/winnings/contact-form.actors';
import { contactFormMachine } from '../../machines/winnings/contact-form.machine';
import { ContactUsForm } from '../../src/features/winnings/ContactUsForm';
import { ApiFailure } from '../../src/lib/api';

beforeAll(() => {
  // React's act() checks rely on this flag in test environments.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(cleanup);

type PendingSend = { body: ContactRequest; resolve: () => void; reject: (e: unknown) => void };

/** The form on a running machine whose calls wait for the test; what it receives is recorded. */
function renderForm() {
  const sends: PendingSend[] = [];
  const received: AnyEventObject[] = [];
  const machine = contactFormMachine.provide({
    actors: createContactFormActors({
      sendContactMessage: (body) =>
        new Promise<void>((resolve, reject) => sends.push({ body, resolve, reject })),
    }),
  });
  const actor = createActor(machine, {
    inspect: (inspection) => {
      if (inspection.type === '@xstate.event' && inspection.actorRef === actor) {
        // The player's actions; the draft the form passes on as they type is tested apart.
        const { type } = inspection.event;
        if (!type.startsWith('xstate.') && type !== 'contact.edited') {
          received.push(inspection.event);
        }
      }
    },
  });
  actor.start();
  render(<ContactUsForm actor={actor} />);
  const user = userEvent.setup();
  const subject = () => screen.getByLabelText<HTMLInputElement>('Subject');
  const message = () => screen.getByLabelText<HTMLTextAreaElement>('Message');
  return { actor, sends, received, user, subject, message };
}

const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('Contact Us form', () => {
  it('shows the heading, the line, both fields with their limits, Submit and Back', () => {
    const form = renderForm();
    expect(screen.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeTruthy();
    expect(screen.getByText('Tell us what went wrong and we will get back to you.')).toBeTruthy();
    expect(form.subject().maxLength).toBe(SUBJECT_MAX_LENGTH);
    expect(form.message().maxLength).toBe(MESSAGE_MAX_LENGTH);
    expect(form.message().tagName).toBe('TEXTAREA');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    expect(screen.queryAllByRole('alert')).toEqual([]);
  });

  it('says both fields are required on an empty Submit, and sends nothing', async () => {
    const form = renderForm();
    await form.user.click(screen.getByRole('button', { name: 'Submit' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([SUBJECT_REQUIRED, MESSAGE_REQUIRED]);
    expect(form.received).toEqual([]);
    expect(form.sends).toEqual([]);
    expect(form.actor.getSnapshot().value).toBe('editing');
  });

  it('counts spaces alone as empty', async () => {
    const form = renderForm();
    await form.user.type(form.subject(), '   ');
    await form.user.type(form.message(), 'Hello');
    await form.user.click(screen.getByRole('button', { name: 'Submit' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([SUBJECT_REQUIRED]);
    expect(form.received).toEqual([]);
  });

  it('sends the filled form, trimmed, and shows Sending… until the server answers', async () => {
    const form = renderForm();
    await form.user.type(form.subject(), '  Prize missing ');
    await form.user.type(form.message(), ' My gift card never arrived.  ');
    await form.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(form.received).toEqual([
      {
        type: 'contact.submit',
        subject: 'Prize missing',
        message: 'My gift card never arrived.',
      },
    ]);
    expect(form.sends.map((send) => send.body)).toEqual([
      { subject: 'Prize missing', message: 'My gift card never arrived.' },
    ]);
    const sending = screen.getByRole<HTMLButtonElement>('button', { name: 'Sending…' });
    expect(sending.disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Back' }).disabled).toBe(true);
    act(() => form.sends[0]?.resolve());
    await flush();
    expect(form.actor.getSnapshot().output).toEqual({ sent: true });
  });

  it('keeps what was typed when the message could not be sent', async () => {
    const form = renderForm();
    await form.user.type(form.subject(), 'Prize missing');
    await form.user.type(form.message(), 'My gift card never arrived.');
    await form.user.click(screen.getByRole('button', { name: 'Submit' }));
    act(() => form.sends[0]?.reject(new ApiFailure(503, null)));
    await flush();
    expect(form.actor.getSnapshot().value).toBe('editing');
    expect(form.subject().value).toBe('Prize missing');
    expect(form.message().value).toBe('My gift card never arrived.');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Submit' }).disabled).toBe(false);
  });

  it('sends contact.back on Back', async () => {
    const form = renderForm();
    await form.user.type(form.subject(), 'Never mind');
    await form.user.click(screen.getByRole('button', { name: 'Back' }));
    expect(form.received).toEqual([{ type: 'contact.back' }]);
    expect(form.sends).toEqual([]);
    expect(form.actor.getSnapshot().output).toEqual({ sent: false });
  });
});
