// The winnings drawer's messages region: the operator's answers to the player's Contact Us
// messages, listed under Contact Us, each 'New' until it is read (a region of the drawer's chart,
// machines/winnings/winnings-drawer.machine.ts, kept here for the chart's length).
import { winningsDrawerSetup } from './winnings-drawer.setup';

export const messagesRegion = winningsDrawerSetup.createStateConfig({
  description:
    "The operator's answers to the player's Contact Us messages, listed under Contact Us; 'New' until read.",
  initial: 'loading',
  states: {
    loading: {
      description: 'The answered messages load while the drawer slides.',
      invoke: {
        id: 'loadContactThreads',
        src: 'loadContactThreads',
        onDone: {
          target: 'listed',
          actions: { type: 'storeThreads', params: ({ event }) => event.output },
        },
        onError: 'unavailable',
      },
    },
    unavailable: {
      description: 'They could not load: none is listed, and Contact Us still opens the form.',
    },
    listed: {
      initial: 'browsing',
      states: {
        browsing: {
          description: "Each answered message by its subject, 'New' while a reply is unread.",
          on: {
            'drawer.openThread': [
              { guard: 'hasUnreadReplies', target: 'markingRead', actions: 'openThread' },
              { guard: 'isListedThread', target: 'reading', actions: 'openThread' },
            ],
          },
        },
        markingRead: {
          description:
            "The conversation is open and the server is told it was read; 'New' goes once it has.",
          invoke: {
            id: 'markThreadRead',
            src: 'markThreadRead',
            input: ({ context }) => ({ id: context.openThreadId ?? '' }),
            onDone: { target: 'reading', actions: 'markOpenThreadRead' },
            // Still 'New': the next opening tells the server again.
            onError: 'reading',
          },
          on: { 'drawer.closeThread': { target: 'browsing', actions: 'closeThread' } },
        },
        reading: {
          description: 'The player’s message and the answers, as plain text: Close.',
          on: { 'drawer.closeThread': { target: 'browsing', actions: 'closeThread' } },
        },
      },
    },
  },
});
