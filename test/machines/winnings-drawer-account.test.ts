// The winnings drawer's footer, run as in the app (test/machines/winnings-drawer-harness.ts): the
// answers to Contact Us, Contact Us itself, and Logout with its account actions (Logout, Delete
// Account asked once more), in the drawer and on their own.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  accountActionsMachine,
  type AccountActionsEvent,
  type AccountActionsInput,
} from '../../machines/winnings/account-actions.machine';
import {
  CONTACT_US_PATH,
  DELETE_ACCOUNT_WARNING,
} from '../../machines/winnings/winnings-drawer.machine';
import {
  selectAccountActions,
  selectContent,
  selectModal,
  selectOpenThread,
  selectThreads,
} from '../../machines/winnings/winnings.selectors';
import { ApiFailure } from '../../src/lib/api';
import { threadOf } from '../model/helpers/winnings-fake-api';
import { settle } from '../support/settle';
import { PIZZA_5, start, openWith } from './winnings-drawer-harness';

describe('the winnings drawer: answers to Contact Us', () => {
  const ANSWERED = threadOf('m-1', 'My coupon code', 'The code did not work.', [
    { text: 'Sorry about that!\nHere is a new one: PIZZA-2', unread: true },
  ]);
  const READ = threadOf('m-2', 'Where is my prize?', 'It has been a week.', [
    { text: 'Sent today.', unread: false },
  ]);
  const UNANSWERED = threadOf('m-3', 'Hello', 'Anyone there?', []);

  it('lists the answered messages, loaded while the drawer slides', async () => {
    const drawer = start({ threads: [ANSWERED, UNANSWERED, READ] });
    expect(drawer.api.count('contactThreads')).toBe(1);
    await settle();
    expect(drawer.snapshot().matches({ messages: 'listed' })).toBe(true);
    expect(selectThreads(drawer.snapshot())).toEqual([ANSWERED, READ]);
  });

  it("opens one, tells the server it was read, and then it is no longer 'New'", async () => {
    const drawer = await openWith({ threads: [ANSWERED, READ] });
    drawer.send({ type: 'drawer.openThread', id: 'm-unknown' });
    expect(selectModal(drawer.snapshot())).toBeNull();
    drawer.send({ type: 'drawer.openThread', id: ANSWERED.id });
    expect(selectModal(drawer.snapshot())).toBe('thread');
    expect(selectOpenThread(drawer.snapshot())).toEqual(ANSWERED);
    expect(drawer.api.callsOf('markContactThreadRead')).toEqual([ANSWERED.id]);
    // Still new until the server has it.
    expect(selectOpenThread(drawer.snapshot())!.replies[0]!.unread).toBe(true);
    drawer.api.resolve('markContactThreadRead', {});
    await settle();
    expect(selectOpenThread(drawer.snapshot())!.replies[0]!.unread).toBe(false);
    drawer.send({ type: 'drawer.closeThread' });
    expect(selectModal(drawer.snapshot())).toBeNull();
    expect(selectThreads(drawer.snapshot())[0]!.replies.every((r) => !r.unread)).toBe(true);
  });

  it('sends no read call for a conversation read before', async () => {
    const drawer = await openWith({ threads: [READ] });
    drawer.send({ type: 'drawer.openThread', id: READ.id });
    expect(selectModal(drawer.snapshot())).toBe('thread');
    expect(drawer.api.count('markContactThreadRead')).toBe(0);
  });

  it("keeps it 'New' when the read call fails, and tells the server at the next opening", async () => {
    const drawer = await openWith({ threads: [ANSWERED] });
    drawer.send({ type: 'drawer.openThread', id: ANSWERED.id });
    drawer.api.reject('markContactThreadRead', new ApiFailure(503, null));
    await settle();
    expect(selectModal(drawer.snapshot())).toBe('thread');
    expect(selectThreads(drawer.snapshot())).toEqual([ANSWERED]);
    expect(drawer.toasts()).toEqual([]);
    drawer.send({ type: 'drawer.closeThread' });
    drawer.send({ type: 'drawer.openThread', id: ANSWERED.id });
    expect(drawer.api.count('markContactThreadRead')).toBe(2);
  });

  it('lists the rest and still opens Contact Us when the answers cannot load', async () => {
    const drawer = start();
    drawer.api.reject('contactThreads', new ApiFailure(503, null));
    drawer.api.resolve('coupons', { data: [PIZZA_5] });
    drawer.api.resolve('grandPrizes', { data: [] });
    drawer.api.resolve('referralBonuses', { data: [] });
    await settle();
    drawer.openFully();
    expect(drawer.snapshot().matches({ messages: 'unavailable' })).toBe(true);
    expect(selectContent(drawer.snapshot())).toBe('list');
    expect(drawer.toasts()).toEqual([]);
    drawer.send({ type: 'drawer.contactUs' });
    expect(drawer.waysOut()).toEqual(['drawer.contactUs']);
  });
});

describe('the winnings drawer: Contact Us and Logout', () => {
  it('logs has_problem_click and goes to /form/has-problem', async () => {
    const drawer = await openWith({});
    drawer.send({ type: 'drawer.contactUs' });
    await settle();
    expect(drawer.waysOut()).toEqual(['drawer.contactUs']);
    expect(CONTACT_US_PATH).toBe('/form/has-problem');
    expect(drawer.clicks().at(-1)).toEqual({
      event_name: 'has_problem_click',
      page_url: '/winnings',
    });
  });

  it('goes to Contact Us even when the list could not load', async () => {
    const drawer = start();
    drawer.api.reject('coupons', new ApiFailure(500, null));
    await settle();
    expect(selectContent(drawer.snapshot())).toBe('loadFailed');
    drawer.openFully();
    drawer.send({ type: 'drawer.contactUs' });
    await settle();
    expect(drawer.waysOut()).toEqual(['drawer.contactUs']);
    expect(drawer.clicks().map((click) => click.event_name)).toEqual([
      'my_winnings_viewed',
      'has_problem_click',
    ]);
  });

  it('asks first; Logout asks the session to log out', async () => {
    const drawer = await openWith({});
    drawer.answer({ type: 'account.logout' });
    expect(drawer.heard()).toEqual([]);
    drawer.send({ type: 'drawer.askLogout' });
    expect(selectModal(drawer.snapshot())).toBe('logout');
    drawer.answer({ type: 'account.logout' });
    expect(drawer.heard()).toEqual(['session.logout']);
    // The question stays, its buttons off, while the session logs the player out.
    expect(selectModal(drawer.snapshot())).toBe('loggingOut');
    expect(drawer.snapshot().can({ type: 'drawer.askLogout' })).toBe(false);
  });

  it("Delete Account asks once more, and only 'Delete my account' asks the session", async () => {
    const drawer = await openWith({});
    drawer.send({ type: 'drawer.askLogout' });
    drawer.answer({ type: 'account.deleteAccount' });
    expect(selectModal(drawer.snapshot())).toBe('deleteAccount');
    expect(DELETE_ACCOUNT_WARNING).toBe(
      'This erases your account and everything you won that is not paid yet',
    );
    expect(drawer.heard()).toEqual([]);
    drawer.answer({ type: 'account.confirmDeletion' });
    expect(selectModal(drawer.snapshot())).toBe('deletingAccount');
    expect(drawer.heard()).toEqual(['session.deleteAccount']);
  });

  it('asks the session once, however often the deletion is confirmed', async () => {
    const drawer = await openWith({});
    drawer.send({ type: 'drawer.askLogout' });
    drawer.answer({ type: 'account.deleteAccount' });
    drawer.answer({ type: 'account.confirmDeletion' });
    drawer.answer({ type: 'account.confirmDeletion' });
    drawer.answer({ type: 'account.deleteAccount' });
    drawer.answer({ type: 'account.dismissDeletion' });
    // Answered: nothing asks until the session has tried.
    expect(selectAccountActions(drawer.snapshot())).toBeUndefined();
    expect(drawer.snapshot().can({ type: 'drawer.askLogout' })).toBe(false);
    expect(selectModal(drawer.snapshot())).toBe('deletingAccount');
    expect(drawer.heard()).toEqual(['session.deleteAccount']);
  });

  it('Cancel on the second question closes it with the account kept', async () => {
    const drawer = await openWith({});
    drawer.send({ type: 'drawer.askLogout' });
    drawer.answer({ type: 'account.deleteAccount' });
    drawer.answer({ type: 'account.dismissDeletion' });
    expect(selectModal(drawer.snapshot())).toBeNull();
    drawer.answer({ type: 'account.confirmDeletion' });
    expect(drawer.heard()).toEqual([]);
  });

  it('asks again when the session could not delete the account', async () => {
    const drawer = await openWith({});
    drawer.send({ type: 'drawer.askLogout' });
    drawer.answer({ type: 'account.deleteAccount' });
    drawer.answer({ type: 'account.confirmDeletion' });
    drawer.send({ type: 'account.deletionFailed' });
    expect(selectModal(drawer.snapshot())).toBe('deleteAccount');
    drawer.answer({ type: 'account.confirmDeletion' });
    expect(drawer.heard()).toEqual(['session.deleteAccount', 'session.deleteAccount']);
  });

  it('after a failed deletion, Cancel keeps the account and Logout asks the first question', async () => {
    const drawer = await openWith({});
    drawer.send({ type: 'drawer.askLogout' });
    drawer.answer({ type: 'account.deleteAccount' });
    drawer.answer({ type: 'account.confirmDeletion' });
    drawer.send({ type: 'account.deletionFailed' });
    drawer.answer({ type: 'account.dismissDeletion' });
    expect(selectModal(drawer.snapshot())).toBeNull();
    drawer.send({ type: 'drawer.askLogout' });
    expect(selectModal(drawer.snapshot())).toBe('logout');
    expect(drawer.heard()).toEqual(['session.deleteAccount']);
  });

  it('Cancel closes the question with nothing asked of the session', async () => {
    const drawer = await openWith({});
    drawer.send({ type: 'drawer.askLogout' });
    drawer.answer({ type: 'account.dismissLogout' });
    expect(selectModal(drawer.snapshot())).toBeNull();
    drawer.answer({ type: 'account.deleteAccount' });
    expect(drawer.heard()).toEqual([]);
  });

  it('asks while the list is still loading', () => {
    const drawer = start();
    drawer.send({ type: 'drawer.askLogout' });
    expect(selectModal(drawer.snapshot())).toBe('logout');
    drawer.answer({ type: 'account.logout' });
    expect(drawer.heard()).toEqual(['session.logout']);
  });
});

describe('the account actions on their own', () => {
  const answerOf = (question: AccountActionsInput['question'], events: AccountActionsEvent[]) => {
    const actor = createActor(accountActionsMachine, { input: { question } }).start();
    for (const event of events) actor.send(event);
    const { status, output } = actor.getSnapshot();
    return status === 'done' ? output : 'still asking';
  };

  it('end with the answer: Logout, a confirmed deletion, or Cancel on either question', () => {
    expect(answerOf('logout', [{ type: 'account.logout' }])).toEqual({ answer: 'logout' });
    expect(
      answerOf('logout', [{ type: 'account.deleteAccount' }, { type: 'account.confirmDeletion' }]),
    ).toEqual({ answer: 'deleteAccount' });
    expect(answerOf('logout', [{ type: 'account.dismissLogout' }])).toEqual({ answer: 'cancel' });
    expect(
      answerOf('logout', [{ type: 'account.deleteAccount' }, { type: 'account.dismissDeletion' }]),
    ).toEqual({ answer: 'cancel' });
  });

  it('start at the second question after a failed deletion', () => {
    expect(answerOf('deletion', [])).toBe('still asking');
    expect(answerOf('deletion', [{ type: 'account.logout' }])).toBe('still asking');
    expect(answerOf('deletion', [{ type: 'account.confirmDeletion' }])).toEqual({
      answer: 'deleteAccount',
    });
    expect(answerOf('deletion', [{ type: 'account.dismissDeletion' }])).toEqual({
      answer: 'cancel',
    });
  });
});
