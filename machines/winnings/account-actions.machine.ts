// The drawer's account questions (spec section 2): 'Logout' asks 'Are you sure you want to
// logout?', where 'Delete Account' asks once more ('This erases your account and everything you
// won that is not paid yet'), and Cancel closes either. The winnings drawer invokes it when the
// player taps 'Logout' and hears the answer as its output: the drawer has the session log out
// or delete the account (the session owns both), or closes the question. When the session could
// not delete the account, the drawer asks again, starting at the second question.
import { assign, setup } from 'xstate';

/** The second question before an account is deleted: nothing unpaid survives it. */
export const DELETE_ACCOUNT_WARNING =
  'This erases your account and everything you won that is not paid yet';

/** Where the questions start: at the first, or (a deletion failed) at the second. */
export type AccountActionsInput = { question: 'logout' | 'deletion' };

/** The player's answer: log out, delete the account, or neither. */
export type AccountAnswer = 'logout' | 'deleteAccount' | 'cancel';

export type AccountActionsOutput = { answer: AccountAnswer };

export type AccountActionsContext = AccountActionsInput & { answer: AccountAnswer };

export type AccountActionsEvent =
  | { type: 'account.logout' }
  | { type: 'account.deleteAccount' }
  | { type: 'account.dismissLogout' }
  | { type: 'account.confirmDeletion' }
  | { type: 'account.dismissDeletion' };

export const accountActionsMachine = setup({
  types: {
    context: {} as AccountActionsContext,
    events: {} as AccountActionsEvent,
    input: {} as AccountActionsInput,
    output: {} as AccountActionsOutput,
  },
  guards: {
    isAskingDeletion: ({ context }) => context.question === 'deletion',
  },
  actions: {
    recordAnswer: assign((_, params: { answer: AccountAnswer }) => ({ answer: params.answer })),
  },
}).createMachine({
  id: 'accountActions',
  context: ({ input }) => ({ question: input.question, answer: 'cancel' }),
  output: ({ context }) => ({ answer: context.answer }),
  initial: 'starting',
  states: {
    starting: {
      description: 'The first question, or the second when a deletion could not be done.',
      always: [
        { guard: 'isAskingDeletion', target: 'confirmingDeletion' },
        { target: 'confirmingLogout' },
      ],
    },
    confirmingLogout: {
      description: "'Are you sure you want to logout?': Logout, Delete Account, or Cancel.",
      on: {
        'account.logout': {
          target: 'logoutChosen',
          actions: { type: 'recordAnswer', params: { answer: 'logout' } },
        },
        'account.deleteAccount': 'confirmingDeletion',
        'account.dismissLogout': {
          target: 'cancelled',
          actions: { type: 'recordAnswer', params: { answer: 'cancel' } },
        },
      },
    },
    confirmingDeletion: {
      description: `'${DELETE_ACCOUNT_WARNING}': Delete my account, or Cancel.`,
      on: {
        'account.confirmDeletion': {
          target: 'deletionConfirmed',
          actions: { type: 'recordAnswer', params: { answer: 'deleteAccount' } },
        },
        'account.dismissDeletion': {
          target: 'cancelled',
          actions: { type: 'recordAnswer', params: { answer: 'cancel' } },
        },
      },
    },
    logoutChosen: { type: 'final', description: 'The drawer has the session log out.' },
    deletionConfirmed: {
      type: 'final',
      description: 'The drawer has the session delete the account.',
    },
    cancelled: { type: 'final', description: 'The question closes; the player stays.' },
  },
});

export type AccountActionsMachine = typeof accountActionsMachine;
