import { describe, expect, it } from 'vitest';
import { createActor, createMachine, setup, type AnyEventObject } from 'xstate';
import {
  CONTACT_MESSAGES_PER_HOUR,
  CONTACT_SENT,
  MESSAGE_MAX_LENGTH,
  SUBJECT_MAX_LENGTH,
  type ContactRequest,
} from '../../contract/contact';
import {
  createContactFormActors,
  type ContactApi,
} from '../../machines/winnings/contact-form.actors';
import {
  contactFormMachine,
  draftIn,
  TOAST_SEND_FAILED,
  TOAST_TOO_MANY_MESSAGES,
  type ContactDraft,
  type ContactFormEmitted,
} from '../../machines/winnings/contact-form.machine';
import {
  selectCanGoBack,
  selectDraftMessage,
  selectDraftSubject,
  selectIsEditing,
  selectIsSending,
} from '../../machines/winnings/contact-form.selectors';
import { ApiFailure } from '../../src/lib/api';
import { DeferredApi } from '../model/helpers/deferred-api';
import { settle } from '../support/settle';

class FakeContactApi extends DeferredApi<keyof ContactApi> implements ContactApi {
  sendContactMessage = (body: ContactRequest) => this.call<unknown>('sendContactMessage', body);
}

const SUBJECT = 'My prize';
const MESSAGE = 'The gift card code does not work.';
const CREATED = { message: 'Message sent' };

function start(draft: ContactDraft | null = null) {
  const api = new FakeContactApi();
  const actor = createActor(contactFormMachine.provide({ actors: createContactFormActors(api) }), {
    input: { draft },
  }).start();
  const emitted: ContactFormEmitted[] = [];
  actor.on('*', (effect) => emitted.push(effect));
  const snapshot = () => actor.getSnapshot();
  const submit = (subject = SUBJECT, message = MESSAGE) =>
    actor.send({ type: 'contact.submit', subject, message });
  const toasts = () => emitted.map(({ message, variant }) => ({ message, variant }));
  const edit = (subject: string, message: string) =>
    actor.send({ type: 'contact.edited', draft: { subject, message } });
  return { actor, api, emitted, snapshot, submit, toasts, edit };
}

/** Lets the fake call's answer reach the machine. */
async function failedWith(failure: unknown) {
  const form = start();
  form.submit();
  form.api.reject('sendContactMessage', failure);
  await settle();
  return form;
}

describe('contact form: editing', () => {
  it('opens on the empty form, ready to take a message and Back', () => {
    const form = start();
    expect(form.snapshot().value).toBe('editing');
    expect(selectIsEditing(form.snapshot())).toBe(true);
    expect(selectCanGoBack(form.snapshot())).toBe(true);
    expect(selectDraftSubject(form.snapshot())).toBe('');
    expect(selectDraftMessage(form.snapshot())).toBe('');
  });

  it('refuses a submission without a subject or a message, and sends nothing', () => {
    const form = start();
    for (const [subject, message] of [
      ['', MESSAGE],
      [SUBJECT, ''],
      ['   ', MESSAGE],
      [SUBJECT, ' \n\t '],
      ['', ''],
    ] as const) {
      expect(form.snapshot().can({ type: 'contact.submit', subject, message })).toBe(false);
      form.submit(subject, message);
      expect(form.snapshot().value).toBe('editing');
    }
    expect(form.api.count('sendContactMessage')).toBe(0);
    expect(form.emitted).toEqual([]);
  });

  it('refuses a subject or a message longer than the contract allows', () => {
    const form = start();
    form.submit('s'.repeat(201), MESSAGE);
    form.submit(SUBJECT, 'm'.repeat(5001));
    expect(form.snapshot().value).toBe('editing');
    expect(form.api.count('sendContactMessage')).toBe(0);
  });

  it('closes without sending on Back, with nothing sent in its output', () => {
    const form = start();
    form.actor.send({ type: 'contact.back' });
    expect(form.snapshot().value).toBe('left');
    expect(form.snapshot().status).toBe('done');
    expect(form.snapshot().output).toEqual({ sent: false });
    expect(form.api.count('sendContactMessage')).toBe(0);
    expect(form.emitted).toEqual([]);
  });
});

describe('contact form: sending', () => {
  it('sends the subject and the message, trimmed, and waits for the server', () => {
    const form = start();
    form.submit(`  ${SUBJECT} `, `\n${MESSAGE}  `);
    expect(form.snapshot().value).toBe('sending');
    expect(selectIsSending(form.snapshot())).toBe(true);
    expect(selectIsEditing(form.snapshot())).toBe(false);
    expect(form.api.callsOf('sendContactMessage')).toEqual([
      { subject: SUBJECT, message: MESSAGE },
    ]);
  });

  it('takes neither a second submission nor Back while the message is on its way', () => {
    const form = start();
    form.submit();
    expect(selectCanGoBack(form.snapshot())).toBe(false);
    expect(form.snapshot().can({ type: 'contact.submit', subject: 'x', message: 'y' })).toBe(false);
    form.submit('Again', 'Twice');
    form.actor.send({ type: 'contact.back' });
    expect(form.snapshot().value).toBe('sending');
    expect(form.api.count('sendContactMessage')).toBe(1);
  });

  it('thanks the player once the server stored the message, and closes as sent', async () => {
    const form = start();
    form.submit();
    form.api.resolve('sendContactMessage', CREATED);
    await settle();
    expect(form.emitted).toEqual([{ type: 'toast', message: CONTACT_SENT, variant: 'success' }]);
    expect(form.snapshot().value).toBe('sent');
    expect(form.snapshot().status).toBe('done');
    expect(form.snapshot().output).toEqual({ sent: true });
  });
});

describe('contact form: a send that fails', () => {
  it(`says why after too many messages (more than ${CONTACT_MESSAGES_PER_HOUR} an hour)`, async () => {
    const detail = 'Too many messages. Try again in 12 minutes.';
    const form = await failedWith(new ApiFailure(429, detail));
    expect(form.toasts()).toEqual([{ message: detail, variant: 'error' }]);
    expect(form.snapshot().value).toBe('editing');
  });

  it('asks the player to wait after a 429 without a reason', async () => {
    const form = await failedWith(new ApiFailure(429, null));
    expect(form.toasts()).toEqual([{ message: TOAST_TOO_MANY_MESSAGES, variant: 'error' }]);
    expect(form.snapshot().value).toBe('editing');
  });

  it('shows the server’s reason for a 422', async () => {
    const detail = 'Message has at most 5000 characters';
    const form = await failedWith(new ApiFailure(422, detail));
    expect(form.toasts()).toEqual([{ message: detail, variant: 'error' }]);
    expect(form.snapshot().value).toBe('editing');
  });

  it('says the message could not be sent on a 422 without a reason', async () => {
    const form = await failedWith(new ApiFailure(422, null));
    expect(form.toasts()).toEqual([{ message: TOAST_SEND_FAILED, variant: 'error' }]);
  });

  it('says the message could not be sent on 503, 500, a lost network or anything else', async () => {
    for (const failure of [
      new ApiFailure(503, 'The service is unavailable'),
      new ApiFailure(500, 'Internal Server Error'),
      new ApiFailure(0, null),
      new TypeError('Failed to fetch'),
    ]) {
      const form = await failedWith(failure);
      expect(form.toasts()).toEqual([{ message: TOAST_SEND_FAILED, variant: 'error' }]);
      expect(form.snapshot().value).toBe('editing');
      expect(form.snapshot().status).toBe('active');
    }
  });

  it('keeps what was typed, so the player can send it again', async () => {
    const form = await failedWith(new ApiFailure(503, null));
    expect(selectDraftSubject(form.snapshot())).toBe(SUBJECT);
    expect(selectDraftMessage(form.snapshot())).toBe(MESSAGE);
    form.submit();
    expect(form.snapshot().value).toBe('sending');
    expect(form.api.callsOf('sendContactMessage')).toEqual([
      { subject: SUBJECT, message: MESSAGE },
      { subject: SUBJECT, message: MESSAGE },
    ]);
    form.api.resolve('sendContactMessage', CREATED);
    await settle();
    expect(form.snapshot().output).toEqual({ sent: true });
  });

  it('lets the player leave after a failure, with nothing sent', async () => {
    const form = await failedWith(new ApiFailure(0, null));
    form.actor.send({ type: 'contact.back' });
    expect(form.snapshot().value).toBe('left');
    expect(form.snapshot().output).toEqual({ sent: false });
  });

  it('fails every send when started without an API', async () => {
    const actor = createActor(contactFormMachine).start();
    const emitted: ContactFormEmitted[] = [];
    actor.on('toast', (effect) => emitted.push(effect));
    actor.send({ type: 'contact.submit', subject: SUBJECT, message: MESSAGE });
    await settle();
    expect(emitted).toEqual([{ type: 'toast', message: TOAST_SEND_FAILED, variant: 'error' }]);
    expect(actor.getSnapshot().value).toBe('editing');
  });
});

describe('contact form: the draft typed', () => {
  it('keeps each edit, so a remounted form shows it', () => {
    const form = start();
    form.edit('Prize', '');
    form.edit('Prize not paid', 'I won on Monday');
    expect(form.snapshot().value).toBe('editing');
    expect(selectDraftSubject(form.snapshot())).toBe('Prize not paid');
    expect(selectDraftMessage(form.snapshot())).toBe('I won on Monday');
    expect(form.api.count('sendContactMessage')).toBe(0);
    expect(form.emitted).toEqual([]);
  });

  it('tells the flow running it what was typed, each edit once', () => {
    const told: AnyEventObject[] = [];
    const flow = createMachine({
      invoke: { id: 'contactForm', src: contactFormMachine, input: { draft: null } },
      on: { '*': { actions: ({ event }) => void told.push(event) } },
    });
    const actor = createActor(flow).start();
    const form = actor.getSnapshot().children.contactForm!;
    form.send({ type: 'contact.edited', draft: { subject: 'Prize', message: '' } });
    form.send({ type: 'contact.edited', draft: { subject: 'Prize', message: 'Not paid' } });
    expect(told).toEqual([
      { type: 'contact.edited', draft: { subject: 'Prize', message: '' } },
      { type: 'contact.edited', draft: { subject: 'Prize', message: 'Not paid' } },
    ]);
  });

  it('tells the flow running it the message is stored, before it closes', async () => {
    const api = new FakeContactApi();
    const told: string[] = [];
    const flow = setup({
      actors: { form: contactFormMachine.provide({ actors: createContactFormActors(api) }) },
    }).createMachine({
      invoke: { id: 'contactForm', src: 'form', input: { draft: null } },
      on: { '*': { actions: ({ event }) => void told.push(event.type) } },
    });
    const actor = createActor(flow).start();
    actor.getSnapshot().children.contactForm!.send({
      type: 'contact.submit',
      subject: SUBJECT,
      message: MESSAGE,
    });
    expect(told).toEqual([]);
    api.resolve('sendContactMessage', CREATED);
    await settle();
    expect(told).toEqual(['contact.sent', 'xstate.done.actor.contactForm']);
  });

  it('tells the flow nothing of a send that failed', async () => {
    const form = await failedWith(new ApiFailure(503, null));
    expect(form.snapshot().value).toBe('editing');
    expect(form.emitted.map((effect) => effect.type)).toEqual(['toast']);
  });

  it('opens with the draft its page kept, and sends it on Submit', () => {
    const form = start({ subject: ' Prize not paid', message: 'I won on Monday ' });
    expect(selectDraftSubject(form.snapshot())).toBe(' Prize not paid');
    expect(selectDraftMessage(form.snapshot())).toBe('I won on Monday ');
    form.submit('Prize not paid', 'I won on Monday');
    expect(form.api.callsOf('sendContactMessage')).toEqual([
      { subject: 'Prize not paid', message: 'I won on Monday' },
    ]);
  });

  it('takes no edit while the message is on its way, nor once it is sent', async () => {
    const form = start();
    form.submit();
    expect(
      form.snapshot().can({ type: 'contact.edited', draft: { subject: 'x', message: '' } }),
    ).toBe(false);
    form.edit('Another', 'text');
    expect(selectDraftSubject(form.snapshot())).toBe(SUBJECT);
    form.api.resolve('sendContactMessage', CREATED);
    await settle();
    expect(form.snapshot().status).toBe('done');
  });
});

describe('contact form: the draft an entry holds, read as untrusted', () => {
  it('reads a subject and a message within their lengths', () => {
    expect(draftIn({ subject: 'Prize', message: 'Not paid', historyIndex: 3 })).toEqual({
      subject: 'Prize',
      message: 'Not paid',
    });
    expect(draftIn({ subject: '', message: '' })).toEqual({ subject: '', message: '' });
    const longest = {
      subject: 's'.repeat(SUBJECT_MAX_LENGTH),
      message: 'm'.repeat(MESSAGE_MAX_LENGTH),
    };
    expect(draftIn(longest)).toEqual(longest);
  });

  it('empties a field that is not a string within its length, and keeps the other', () => {
    expect(draftIn({ subject: 42, message: 'Not paid' })).toEqual({
      subject: '',
      message: 'Not paid',
    });
    expect(draftIn({ subject: 'Prize' })).toEqual({ subject: 'Prize', message: '' });
    expect(draftIn({ subject: 's'.repeat(SUBJECT_MAX_LENGTH + 1), message: 'ok' })).toEqual({
      subject: '',
      message: 'ok',
    });
    expect(draftIn({ subject: 'ok', message: 'm'.repeat(MESSAGE_MAX_LENGTH + 1) })).toEqual({
      subject: 'ok',
      message: '',
    });
  });

  it('finds no draft in anything else', () => {
    for (const junk of [
      undefined,
      null,
      'Prize',
      42,
      true,
      [],
      ['Prize', 'Not paid'],
      {},
      { prizeId: 'p-1' },
      { subject: null, message: { text: 'x' } },
      { subject: ['Prize'], message: 7 },
      // Inherited, not the entry's own.
      Object.create({ subject: 'Prize', message: 'Not paid' }) as unknown,
    ]) {
      expect(draftIn(junk), JSON.stringify(junk)).toBeNull();
    }
  });
});

describe('contact form: its chart', () => {
  it('describes every state', () => {
    for (const node of Object.values(contactFormMachine.root.states)) {
      expect(node.description, node.key).toBeTruthy();
    }
    expect(Object.keys(contactFormMachine.root.states).sort()).toEqual([
      'editing',
      'left',
      'sending',
      'sent',
    ]);
  });
});
