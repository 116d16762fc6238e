// The drawer's account actions in its model test: their questions as the player sees them, the
// drawer's walk answering them through the view, and their own walk (every question, every
// answer) through the drawer's view, from Logout's question or, after a failed deletion, the
// deletion's.
import { act, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import type { Step } from 'xstate/graph';
import {
  accountActionsMachine,
  DELETE_ACCOUNT_WARNING,
  type AccountActionsEvent,
  type AccountActionsInput,
  type AccountAnswer,
} from '../../../machines/winnings/account-actions.machine';
import { selectAccountQuestion } from '../../../machines/winnings/winnings.selectors';
import { planWalks } from './generated-walks';
import { accountActions, app, drawerActor } from './winnings-drawer-harness';
import { TAKES, OPEN_DELAY_ENDS, SLIDE_DOWN_ENDS } from './winnings-drawer-model';
import { dialog, emittedToasts, expectFooter, isDisabled } from './winnings-drawer-screen';
import { WALKS } from './winnings-drawer-walks';

/** What the session heard on a walk whose deletions so far all failed. */
export const deletionsFailed = () =>
  Array.from({ length: app().failedDeletions }, () => 'session.deleteAccount');

/** 'Are you sure you want to logout?'; once answered, nothing more can be asked. */
export function expectLogoutQuestion({ answered }: { answered: boolean }): void {
  expect(screen.queryByRole('dialog', { name: 'Delete Account' })).toBeNull();
  const modal = dialog('Logout');
  within(modal).getByText('Are you sure you want to logout?');
  const choices = within(modal).getAllByRole('button');
  expect(choices.map((choice) => choice.textContent)).toEqual([
    'Logout',
    'Delete Account',
    'Cancel',
  ]);
  expect(choices.map(isDisabled)).toEqual([answered, answered, answered]);
}

/** Asked once more; while the session deletes, the button says so and nothing can be pressed. */
export function expectDeletionQuestion({ deleting }: { deleting: boolean }): void {
  expect(screen.queryByRole('dialog', { name: 'Logout' })).toBeNull();
  const modal = dialog('Delete Account');
  within(modal).getByText(DELETE_ACCOUNT_WARNING);
  const choices = within(modal).getAllByRole('button');
  expect(choices.map((choice) => choice.textContent)).toEqual([
    deleting ? 'Deleting your account…' : 'Delete my account',
    'Cancel',
  ]);
  expect(choices.map(isDisabled)).toEqual([deleting, deleting]);
  expect(choices[0]!.getAttribute('aria-busy')).toBe(String(deleting));
}

const tapIn = (name: 'Logout' | 'Delete Account', button: string) =>
  app().user.click(within(dialog(name)).getByRole('button', { name: button }));

/** The player answers the question asked, the shortest way to `answer`. */
export async function answerAccountActions(answer: AccountAnswer): Promise<void> {
  const asking = accountActions();
  if (!asking) throw new Error('The account actions are not asking.');
  const question = selectAccountQuestion(asking.getSnapshot());
  if (answer === 'logout') return tapIn('Logout', 'Logout');
  if (answer === 'cancel')
    return tapIn(question === 'logout' ? 'Logout' : 'Delete Account', 'Cancel');
  if (question === 'logout') {
    // Nothing is deleted yet: it asks once more.
    await tapIn('Logout', 'Delete Account');
    await waitFor(() => expect(selectAccountQuestion(asking.getSnapshot())).toBe('deleteAccount'));
    expect(app().heard).toEqual(deletionsFailed());
  }
  await tapIn('Delete Account', 'Delete my account');
  await waitFor(() => expect(accountActions()).toBeUndefined());
  await tapAgainWhileDeleting();
}

/** A second tap on 'Delete my account' while the session deletes asks nothing more. */
async function tapAgainWhileDeleting(): Promise<void> {
  await tapIn('Delete Account', 'Deleting your account…');
  expect(app().heard).toEqual([...deletionsFailed(), 'session.deleteAccount']);
}

// ---- the account actions' own walk -------------------------------------------------------------

type AccountSnapshot = SnapshotFrom<typeof accountActionsMachine>;
type AccountStep = Step<AccountSnapshot, AccountActionsEvent>;

const ACCOUNT_EVENTS: AccountActionsEvent[] = [
  { type: 'account.logout' },
  { type: 'account.deleteAccount' },
  { type: 'account.dismissLogout' },
  { type: 'account.confirmDeletion' },
  { type: 'account.dismissDeletion' },
];

const serializeAccount = (snapshot: AccountSnapshot) =>
  JSON.stringify({ value: snapshot.value, status: snapshot.status, output: snapshot.output });

const SAYS: Record<AccountActionsEvent['type'], string> = {
  'account.logout': "confirms 'Logout'",
  'account.deleteAccount': "taps 'Delete Account'",
  'account.dismissLogout': "taps 'Cancel'",
  'account.confirmDeletion': "taps 'Delete my account'",
  'account.dismissDeletion': 'cancels the deletion',
};

type AccountWalk = AccountActionsInput & { name: string };

export const accountWalks = planWalks(
  [
    { name: "Logout's question", question: 'logout' },
    { name: 'asked again after a failed deletion', question: 'deletion' },
  ] satisfies AccountWalk[],
  (walk) => ({
    logic: accountActionsMachine,
    events: () => ACCOUNT_EVENTS,
    serialize: serializeAccount,
    describeEvent: (event: AccountActionsEvent) => SAYS[event.type],
    input: () => ({ question: walk.question }),
  }),
);

/** Where the drawer goes on each answer. */
const DRAWER_ON: Record<AccountAnswer, string> = {
  logout: 'loggingOut',
  deleteAccount: 'deletingAccount',
  cancel: 'idle',
};

export async function arriveInAccount(expected: AccountSnapshot): Promise<void> {
  await waitFor(() => {
    const asking = accountActions();
    if (expected.status === 'done') {
      expect(asking).toBeUndefined();
      expect(drawerActor().getSnapshot().value.account).toBe(DRAWER_ON[expected.output.answer]);
    } else {
      expect(asking && serializeAccount(asking.getSnapshot())).toBe(serializeAccount(expected));
    }
  });
}

/** A walk of the drawer the account actions' walk runs in: nothing won. */
export const NOTHING_WON = WALKS.find((walk) => walk.name === 'nothing won yet')!;

/**
 * The drawer slides down, and the player opens the question: Logout in the footer (and, for the
 * deletion's, the session fails to delete the account once).
 */
export async function askAccountQuestion(question: AccountActionsInput['question']) {
  await waitFor(() => expect(app().drawer).not.toBeNull());
  act(() => app().clock.increment(TAKES[OPEN_DELAY_ENDS]));
  act(() => app().clock.increment(TAKES[SLIDE_DOWN_ENDS]));
  await waitFor(() => expect(drawerActor().getSnapshot().value.panel).toBe('open'));
  const footer = screen.getByRole('navigation', { name: 'Help and account' });
  await app().user.click(within(footer).getByRole('button', { name: 'Logout' }));
  if (question === 'logout') return;
  await tapIn('Logout', 'Delete Account');
  await tapIn('Delete Account', 'Delete my account');
  await waitFor(() => expect(app().heard).toEqual(['session.deleteAccount']));
  app().failedDeletions += 1;
  act(() => {
    (drawerActor().system.get('session') as AnyActorRef).send({ type: 'test.deletionFails' });
  });
}

const tapStep = async (name: 'Logout' | 'Delete Account', button: string, step: AccountStep) => {
  await tapIn(name, button);
  await arriveInAccount(step.state);
};

export const accountExecutors = {
  'account.logout': (step) => tapStep('Logout', 'Logout', step),
  // Nothing is deleted yet: it asks once more.
  'account.deleteAccount': async (step) => {
    const asked = app().heard.length;
    await tapStep('Logout', 'Delete Account', step);
    expect(app().heard).toHaveLength(asked);
  },
  'account.dismissLogout': (step) => tapStep('Logout', 'Cancel', step),
  'account.confirmDeletion': async (step) => {
    await tapStep('Delete Account', 'Delete my account', step);
    await tapAgainWhileDeleting();
  },
  'account.dismissDeletion': (step) => tapStep('Delete Account', 'Cancel', step),
} satisfies Record<AccountActionsEvent['type'], (step: AccountStep) => Promise<void>>;

export const accountStates: Record<string, (snapshot: AccountSnapshot) => void> = {
  confirmingLogout: () => {
    expectLogoutQuestion({ answered: false });
    expect(app().heard).toEqual(deletionsFailed());
    expect(emittedToasts()).toEqual(app().toasts);
  },
  // Asked once more; nothing is deleted until 'Delete my account'.
  confirmingDeletion: () => {
    expectDeletionQuestion({ deleting: false });
    expect(app().heard).toEqual(deletionsFailed());
  },
  // The session signs the player out: the question stays, nothing more can be asked.
  logoutChosen: () => {
    expectLogoutQuestion({ answered: true });
    expect(app().heard).toEqual([...deletionsFailed(), 'session.logout']);
  },
  deletionConfirmed: () => {
    expectDeletionQuestion({ deleting: true });
    expect(app().heard).toEqual([...deletionsFailed(), 'session.deleteAccount']);
  },
  // Closed: Logout is there to ask again; the session was asked nothing more.
  cancelled: () => {
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(app().heard).toEqual(deletionsFailed());
    expectFooter();
  },
};
