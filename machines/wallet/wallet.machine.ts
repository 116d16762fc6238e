// The wallet (spec sections 2 and 4, DESIGN sections 2 and 8): /wallet explains tickets with
// instruction slides once (the slides machine the starting page shares), /wallet-token lists
// the tickets held and enters as many as the player wants into the open draw ("more chances to
// win"). It runs while a player is signed in, as a child of the session, which passes on every
// address the player opens; each screen state names its route (`meta.route`,
// machines/shared/routes.ts), and the app follows it. The machine asks the app to toast, and
// tells the session once the instructions were seen (the device keeps the flag too).
import { and, assign, enqueueActions, setup, type AnyActorRef } from 'xstate';
import { STORAGE_KEYS } from '../shared/device';
import type { ToastEffect } from '../shared/effects';
import { PATHS } from '../shared/paths';
import { effectAtRoot, reportToRoot, ROOT_ID, toastAtRoot } from '../shared/root';
import type { RouteMeta } from '../shared/routes';
import { slidesMachine, type SlidesInput } from '../shared/slides.machine';
import { toCallFailure, type CallFailure } from '../shared/call-failure';
import {
  disconnectedWalletActors,
  type TicketsEntered,
  type WalletHoldings,
} from './wallet.actors';

/** The wallet's instruction slides (their texts live with the view). */
export const WALLET_SLIDE_COUNT = 4;
/** The arrow on the last slide, and a swipe up on any, leave for the tickets. */
export const WALLET_SLIDES_INPUT = {
  count: WALLET_SLIDE_COUNT,
  skipTo: null,
  nextEndsOnLastSlide: true,
  finishFromAnySlide: true,
} as const satisfies SlidesInput;

export const WALLET_PATHS = { instructions: PATHS.wallet, tickets: PATHS.walletTokens } as const;
export type WalletPath = (typeof WALLET_PATHS)[keyof typeof WALLET_PATHS];

export const TOAST_LOAD_FAILED = 'Your wallet could not be loaded. Please try again.';
export const TOAST_ENTER_FAILED = 'Your tickets could not be entered. Please try again.';

/** The success toast: '1 ticket entered in today's draw', '3 tickets entered in today's draw'. */
export function ticketsEnteredMessage(count: number): string {
  return `${count} ${count === 1 ? 'ticket' : 'tickets'} entered in today's draw`;
}

export type WalletInput = {
  /** The walletInstruction flag on the device, or the session's hasSeenInstructions.wallet. */
  hasSeenInstructions: boolean;
};

export type WalletContext = {
  hasSeenInstructions: boolean;
  /** Tickets held, as the server last said. */
  tickets: number;
  currentDrawId: number | null;
  entriesInCurrentDraw: number;
  /** How many tickets the next press enters: 1 to `tickets`. */
  count: number;
};

export type WalletEvent =
  /** The player opened an address (the session passes on every opening while signed in). */
  | { type: 'route.opened'; path: string }
  | { type: 'tickets.increment' }
  | { type: 'tickets.decrement' }
  | { type: 'tickets.enter' }
  | { type: 'tickets.enterAll' }
  | { type: 'tickets.retry' };

export type WalletEmitted = ToastEffect;

export const walletMachine = setup({
  types: {
    context: {} as WalletContext,
    events: {} as WalletEvent,
    input: {} as WalletInput,
    emitted: {} as WalletEmitted,
  },
  actors: {
    ...disconnectedWalletActors,
    slides: slidesMachine,
    // The screen on display, and the flag the device keeps once the instructions were seen.
    reportToRoot: reportToRoot({
      kept: ({ context }: { context: WalletContext }) =>
        context.hasSeenInstructions ? { [STORAGE_KEYS.walletInstruction]: 'true' } : {},
    }),
  },
  guards: {
    isInstructionsRoute: ({ event }) =>
      event.type === 'route.opened' && event.path === WALLET_PATHS.instructions,
    isTicketsRoute: ({ event }) =>
      event.type === 'route.opened' && event.path === WALLET_PATHS.tickets,
    hasSeenInstructions: ({ context }) => context.hasSeenInstructions,
    holdsNoTickets: (_, params: { tickets: number }) => params.tickets === 0,
    canAddTicket: ({ context }) => context.count < context.tickets,
    canRemoveTicket: ({ context }) => context.count > 1,
    holdsSeveralTickets: ({ context }) => context.tickets > 1,
    // The server refuses a count above the tickets held (spent elsewhere meanwhile).
    isRejectedCount: (_, failure: CallFailure) => failure.status === 422 && failure.detail !== null,
  },
  actions: {
    showToast: toastAtRoot(),
    // The session keeps the flag across visits (hasSeenInstructions.wallet in user-storage).
    finishInstructions: enqueueActions(({ enqueue, system }) => {
      enqueue.assign({ hasSeenInstructions: true });
      const session = system.get(ROOT_ID) as AnyActorRef | undefined;
      if (session)
        enqueue.sendTo(session, { type: 'session.instructionsSeen', instructions: 'wallet' });
    }),
    storeHoldings: assign((_, params: WalletHoldings) => ({
      tickets: params.tickets,
      currentDrawId: params.currentDrawId,
      entriesInCurrentDraw: params.entriesInCurrentDraw,
      count: 1,
    })),
    storeTicketsEntered: assign(({ context }, params: TicketsEntered) => ({
      tickets: params.tickets,
      entriesInCurrentDraw: context.entriesInCurrentDraw + params.entered,
      count: 1,
    })),
    addTicket: assign({ count: ({ context }) => context.count + 1 }),
    removeTicket: assign({ count: ({ context }) => context.count - 1 }),
    chooseAllTickets: assign({ count: ({ context }) => context.tickets }),
    showEntered: effectAtRoot((params: TicketsEntered) => ({
      type: 'toast',
      message: ticketsEnteredMessage(params.entered),
      variant: 'success',
    })),
  },
}).createMachine({
  id: 'wallet',
  context: ({ input }) => ({
    hasSeenInstructions: input.hasSeenInstructions,
    tickets: 0,
    currentDrawId: null,
    entriesInCurrentDraw: 0,
    count: 1,
  }),
  initial: 'awaitingRoute',
  invoke: { src: 'reportToRoot', input: ({ self }) => ({ owner: self }) },
  on: {
    // Opening a wallet page (a link, Back, the tab bar) shows it fresh. /wallet once the
    // instructions were seen shows the tickets (the app replaces the address it opened).
    'route.opened': [
      { guard: and(['isInstructionsRoute', 'hasSeenInstructions']), target: '.tickets' },
      { guard: 'isInstructionsRoute', target: '.instructions' },
      { guard: 'isTicketsRoute', target: '.tickets' },
      // Another screen: the wallet shows nothing until a wallet page opens again.
      { target: '.awaitingRoute' },
    ],
  },
  states: {
    awaitingRoute: {
      description: 'No wallet page on screen: the page that opens says which one the player wants.',
    },
    instructions: {
      description:
        '/wallet: what tickets are and how entering works; the arrow or a swipe left moves on.',
      // Seen once: after the slides, Back leaves the wallet rather than bouncing off /wallet.
      meta: { route: WALLET_PATHS.instructions, once: true } satisfies RouteMeta,
      invoke: {
        id: 'slides',
        src: 'slides',
        input: WALLET_SLIDES_INPUT,
        onDone: { target: 'tickets', actions: 'finishInstructions' },
      },
    },
    tickets: {
      description: '/wallet-token: the tickets held, entered into the open draw.',
      meta: { route: WALLET_PATHS.tickets } satisfies RouteMeta,
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadWallet',
            src: 'loadWallet',
            onDone: [
              {
                guard: { type: 'holdsNoTickets', params: ({ event }) => event.output },
                target: 'empty',
                actions: { type: 'storeHoldings', params: ({ event }) => event.output },
              },
              {
                target: 'choosing',
                actions: { type: 'storeHoldings', params: ({ event }) => event.output },
              },
            ],
            onError: {
              target: 'loadFailed',
              actions: {
                type: 'showToast',
                params: { message: TOAST_LOAD_FAILED, variant: 'error' },
              },
            },
          },
        },
        loadFailed: {
          on: { 'tickets.retry': 'loading' },
        },
        empty: {
          description: 'No tickets yet: answering questions in Tell Us More earns them.',
        },
        choosing: {
          description: 'A stepper from 1 to the tickets held (1 to start with), and Enter all.',
          on: {
            'tickets.increment': { guard: 'canAddTicket', actions: 'addTicket' },
            'tickets.decrement': { guard: 'canRemoveTicket', actions: 'removeTicket' },
            'tickets.enter': 'entering',
            'tickets.enterAll': {
              guard: 'holdsSeveralTickets',
              target: 'entering',
              actions: 'chooseAllTickets',
            },
          },
        },
        entering: {
          invoke: {
            id: 'enterTickets',
            src: 'enterTickets',
            input: ({ context }) => ({ count: context.count }),
            onDone: [
              {
                guard: { type: 'holdsNoTickets', params: ({ event }) => event.output },
                target: 'empty',
                actions: [
                  { type: 'showEntered', params: ({ event }) => event.output },
                  { type: 'storeTicketsEntered', params: ({ event }) => event.output },
                ],
              },
              {
                target: 'choosing',
                actions: [
                  { type: 'showEntered', params: ({ event }) => event.output },
                  { type: 'storeTicketsEntered', params: ({ event }) => event.output },
                ],
              },
            ],
            onError: [
              {
                // What the player held has changed: say why, and show what is held now.
                guard: {
                  type: 'isRejectedCount',
                  params: ({ event }) => toCallFailure(event.error),
                },
                target: 'loading',
                actions: {
                  type: 'showToast',
                  params: ({ event }) => ({
                    message: toCallFailure(event.error).detail ?? TOAST_ENTER_FAILED,
                    variant: 'error',
                  }),
                },
              },
              {
                target: 'choosing',
                actions: {
                  type: 'showToast',
                  params: { message: TOAST_ENTER_FAILED, variant: 'error' },
                },
              },
            ],
          },
        },
      },
    },
  },
});

export type WalletMachine = typeof walletMachine;
