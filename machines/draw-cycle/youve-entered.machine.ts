// 'You're Entered To Win' (/youve-entered, spec section 9): the screen stays 1.5 s, then the
// rewards are checked. It ends with the rewards found (none when the check fails); the draw
// (its parent) shows the rewards when there are any, else the questions.
import { assign, fromPromise, setup } from 'xstate';
import type { Reward } from '../../contract/api';

export type YouveEnteredOutput = { rewards: Reward[] };

export const youveEnteredMachine = setup({
  types: {
    context: {} as { rewards: Reward[] },
    output: {} as YouveEnteredOutput,
  },
  actors: {
    fetchRewards: fromPromise<Reward[]>(() =>
      Promise.reject(new Error('The rewards check was started without an API.')),
    ),
  },
  delays: {
    /** 'You're Entered To Win' stays 1.5 s before the rewards check (spec section 9). */
    youveEnteredCheck: 1500,
  },
  actions: {
    keepRewards: assign((_, rewards: Reward[]) => ({ rewards })),
  },
}).createMachine({
  id: 'youveEntered',
  context: { rewards: [] },
  output: ({ context }) => ({ rewards: context.rewards }),
  initial: 'waiting',
  states: {
    waiting: {
      description: "'You're Entered To Win' on screen for 1.5 s.",
      after: { youveEnteredCheck: 'checkingRewards' },
    },
    checkingRewards: {
      description: 'The rewards this entry brought, asked of the server.',
      invoke: {
        id: 'fetchRewards',
        src: 'fetchRewards',
        onDone: {
          target: 'checked',
          actions: { type: 'keepRewards', params: ({ event }) => event.output },
        },
        // No rewards to show: on to the questions as when there are none.
        onError: 'checked',
      },
    },
    checked: { type: 'final', description: 'The rewards are known: the draw moves on.' },
  },
});

export type YouveEnteredMachine = typeof youveEnteredMachine;
