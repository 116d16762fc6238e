// Contact Us in the winnings flow: what the player types is kept in /form/has-problem's history
// state (the screen the flow reports to the root carries it), and an entry opened with a draft
// (a reload, Back, Forward) opens the form with it; what the entry holds is read as untrusted.
// Run as in the app: the session's child, connected to the API, with a fake API.
import { describe, expect, it } from 'vitest';
import { createActor, type ActorRefFrom, type EventObject } from 'xstate';
import type { ContactDraft } from '../../machines/winnings/contact-form.machine';
import { connectWinnings } from '../../src/features/winnings/winnings-logic';
import { FakeWinningsApi } from '../model/helpers/winnings-fake-api';
import { standInRoot, standInScreen } from '../support/root-stand-in';
import { settle } from '../support/settle';

const DRAFT: ContactDraft = { subject: 'Prize not paid', message: 'I won $500 on Monday' };

function start() {
  const api = new FakeWinningsApi();
  api.answerAlways('click', () => Promise.resolve({ message: 'ok' }));
  const flow = connectWinnings(api);
  const session = createActor(
    standInRoot({ id: 'winnings', logic: flow, forwarded: ['route.opened'] }),
    { systemId: 'session' },
  ).start();
  const actor = session.getSnapshot().children.winnings as ActorRefFrom<typeof flow>;
  // Every screen the root had on display, step by step (the route sync hears each step).
  const screens: string[] = [];
  session.subscribe((snapshot) => {
    const screen = standInScreen(snapshot);
    const seen = screen && `${screen.route}${screen.once ? ' (once)' : ''}`;
    if (seen && seen !== screens.at(-1)) screens.push(seen);
  });
  const form = () => actor.getSnapshot().children.contactForm;
  return {
    api,
    actor,
    form,
    screens,
    /** The player opens `path`, its entry holding `navigationState` (a reload, Back, Forward). */
    open: (path: string, navigationState?: unknown) =>
      session.send({ type: 'route.opened', path, navigationState } as EventObject),
    /** The player types: the view tells the form. */
    type: (subject: string, message: string) =>
      form()!.send({ type: 'contact.edited', draft: { subject, message } }),
    /** The screen on display as the root has it: its route and its history state. */
    shown: () => {
      const screen = standInScreen(session.getSnapshot());
      return screen && { route: screen.route, state: screen.state };
    },
    /** What the form shows in its fields. */
    fields: () => {
      const { subject, message } = form()!.getSnapshot().context;
      return { subject, message };
    },
  };
}

describe('the winnings flow: Contact Us keeps what is typed', () => {
  it('puts each edit into the page’s history state', () => {
    const winnings = start();
    winnings.open('/form/has-problem');
    expect(winnings.shown()).toEqual({ route: '/form/has-problem', state: undefined });
    winnings.type('Prize', '');
    expect(winnings.shown()).toEqual({
      route: '/form/has-problem',
      state: { subject: 'Prize', message: '' },
    });
    winnings.type(DRAFT.subject, DRAFT.message);
    expect(winnings.shown()).toEqual({ route: '/form/has-problem', state: DRAFT });
    // Emptied again: the entry says so (it does not keep the old text).
    winnings.type('', '');
    expect(winnings.shown()?.state).toEqual({ subject: '', message: '' });
  });

  it('opens the form with the draft its entry holds, and keeps it there', () => {
    const winnings = start();
    winnings.open('/form/has-problem', { ...DRAFT, historyIndex: 2 });
    expect(winnings.actor.getSnapshot().matches('contactUs')).toBe(true);
    expect(winnings.fields()).toEqual(DRAFT);
    expect(winnings.shown()).toEqual({ route: '/form/has-problem', state: DRAFT });
    expect(winnings.api.count('sendContactMessage')).toBe(0);
  });

  it('opens the form empty on junk in its entry, and keeps a field that is fine', () => {
    for (const junk of [
      null,
      'Prize',
      42,
      [DRAFT],
      { subject: 1, message: null },
      { prizeId: 'p' },
    ]) {
      const winnings = start();
      winnings.open('/form/has-problem', junk);
      expect(winnings.fields(), JSON.stringify(junk)).toEqual({ subject: '', message: '' });
      expect(winnings.shown()).toEqual({ route: '/form/has-problem', state: undefined });
    }
    const winnings = start();
    winnings.open('/form/has-problem', { subject: 'x'.repeat(201), message: DRAFT.message });
    expect(winnings.fields()).toEqual({ subject: '', message: DRAFT.message });
  });

  it('forgets the draft once the message is sent: its page is seen once, Contact Us opens empty again', async () => {
    const winnings = start();
    winnings.open('/form/has-problem');
    winnings.type(DRAFT.subject, DRAFT.message);
    winnings.form()!.send({ type: 'contact.submit', ...DRAFT });
    winnings.api.resolve('sendContactMessage', { message: 'ok' });
    await settle();
    // The page is one seen once on the way home: its entry is marked so, and Back skips it.
    expect(winnings.screens).toEqual(['/form/has-problem', '/form/has-problem (once)', '/home']);
    expect(winnings.shown()).toEqual({ route: '/home', state: undefined });
    expect(winnings.actor.getSnapshot().context.contactDraft).toBeNull();
    winnings.open('/winnings');
    winnings.actor.getSnapshot().children.winningsDrawer!.send({ type: 'drawer.contactUs' });
    expect(winnings.fields()).toEqual({ subject: '', message: '' });
    expect(winnings.shown()).toEqual({ route: '/form/has-problem', state: undefined });
    expect(winnings.api.count('sendContactMessage')).toBe(1);
  });

  it("forgets it on Back to the drawer: the drawer's Contact Us opens empty", () => {
    const winnings = start();
    winnings.open('/winnings');
    winnings.actor.getSnapshot().children.winningsDrawer!.send({ type: 'drawer.contactUs' });
    winnings.type(DRAFT.subject, DRAFT.message);
    winnings.form()!.send({ type: 'contact.back' });
    expect(winnings.shown()).toEqual({ route: '/winnings', state: undefined });
    // Left, not sent: its entry is not one seen once (Forward shows the draft again).
    expect(winnings.screens).toEqual(['/winnings', '/form/has-problem', '/winnings']);
    winnings.actor.getSnapshot().children.winningsDrawer!.send({ type: 'drawer.contactUs' });
    expect(winnings.fields()).toEqual({ subject: '', message: '' });
    expect(winnings.shown()?.state).toBeUndefined();
  });

  it('shows the draft again on Forward to its entry, after the browser’s Back', () => {
    const winnings = start();
    winnings.open('/form/has-problem');
    winnings.type(DRAFT.subject, DRAFT.message);
    const entry = winnings.shown()?.state;
    winnings.open('/winnings');
    expect(winnings.actor.getSnapshot().context.contactDraft).toBeNull();
    winnings.open('/form/has-problem', entry);
    expect(winnings.fields()).toEqual(DRAFT);
  });

  it('takes no draft on another page, nor puts one in its entry', () => {
    const winnings = start();
    winnings.open('/grandPrize', DRAFT);
    expect(winnings.actor.getSnapshot().context.contactDraft).toBeNull();
    expect(winnings.shown()).toEqual({ route: '/grandPrize', state: undefined });
  });
});
