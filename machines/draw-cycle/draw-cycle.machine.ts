// The draw (spec sections 2, 3, 4 and 9): the black button, entering the open draw, the
// countdown to the next drawing, the timer the server keeps, the live channel that says a draw
// has closed, the 'You're Entered To Win' screen and the 'YOU WON!' view. It runs while a
// player is signed in, as a child of the session (the app's root): it reads the session's flags
// from the session, tells it when the grand prize has been shown, and asks the app to toast.
// Its screens name their routes (the `screen` region, machines/shared/routes.ts): a press
// shows /youve-entered, whose step ends with the rewards that decide the next screen; the
// session passes on every address the player opens. 'YOU WON!' shows once per prize, on /home.
import { and, assign, emit, not, raise, sendTo, setup, stateIn } from 'xstate';
import type { AnyActorRef } from 'xstate';
import type { DrawEntry, GrandPrize, Reward, TimerResponse } from '../../contract/api';
import { toCallFailure, type CallFailure } from '../entry-flow/entry-flow.actors';
import type { RouteMeta } from '../shared/routes';
import { disconnectedDrawCycleActors } from './draw-cycle.actors';
import {
  announcedNow,
  enteredNow,
  heldGrandPrize,
  timeLeftNow,
  withEntry,
  withTimer,
} from './draw-cycle.rules';
import {
  countdownEndsAt,
  flagsOf,
  HOME_PATH,
  initialContext,
  REWARDS_PATH,
  TOAST_ENTER_FAILED,
  unannouncedGrandPrize,
  WHAT_I_LIKE_PATH,
  YOUVE_ENTERED_PATH,
  type DrawCycleContext,
  type DrawCycleEmitted,
  type DrawCycleEvent,
  type DrawCycleInput,
} from './draw-cycle.types';

export * from './draw-cycle.types';

export const drawCycleMachine = setup({
  types: {
    context: {} as DrawCycleContext,
    events: {} as DrawCycleEvent,
    input: {} as DrawCycleInput,
    emitted: {} as DrawCycleEmitted,
  },
  actors: disconnectedDrawCycleActors,
  delays: {
    /** The 'YOU WON!' view stays 3 s (spec section 9). */
    grandPrizeOverlay: 3000,
  },
  guards: {
    canEnterDraw: ({ context }) => context.canEnterDraw,
    cannotEnterDraw: ({ context }) => !context.canEnterDraw,
    // The press resumes what is under way instead of entering twice.
    hasQuestionnaireOrEntry: ({ context }) =>
      context.currentQuestionnaire !== null || context.currentDrawEntry !== null,
    hasTimeLeft: ({ context }) => context.timeLeft > 0,
    isTimeUp: ({ context }) => context.timeLeft === 0,
    // Spec section 4: at zero the timer is asked again unless the player can already enter or
    // is a first-time user (a fetch in progress is the third exception, checked by state).
    shouldRefetchAtZero: ({ context }) =>
      !context.canEnterDraw && !flagsOf(context).isFirstTimeUser,
    hasUnannouncedGrandPrize: ({ context }, prizes: GrandPrize[]) =>
      unannouncedGrandPrize(prizes, context) !== undefined,
    hasRewards: (_, rewards: Reward[]) => rewards.length > 0,
    isOpening: ({ event }, path: string) => event.type === 'route.opened' && event.path === path,
  },
  actions: {
    // Spec section 4, entering a draw (draw-cycle.rules.ts).
    markEntered: assign(({ context }) => enteredNow(context)),
    recordEntry: assign(({ context }, params: { entry: DrawEntry }) =>
      withEntry(context, params.entry),
    ),
    toastEntryFailure: emit((_, failure: CallFailure) => ({
      type: 'toast' as const,
      message: failure.detail ?? TOAST_ENTER_FAILED,
      variant: 'error' as const,
    })),
    recomputeTimeLeft: assign(({ context }) => ({ timeLeft: timeLeftNow(context) })),
    // At 0 with entering blocked, entering is allowed again; the entry counted down belongs to
    // a draw that is over, so the next press enters the next draw.
    allowEntryAgain: assign({ canEnterDraw: true, currentDrawEntry: null }),
    requestRefetch: raise({ type: 'countdown.ended' }),
    // Spec section 4, the timer, rule by rule (draw-cycle.rules.ts).
    applyTimer: assign(({ context }, timer: TimerResponse) => withTimer(context, timer)),
    holdGrandPrize: assign(({ context }, prizes: GrandPrize[]) => heldGrandPrize(context, prizes)),
    // Remembered as announced the moment it shows: leaving or closing the app within the 3 s
    // does not bring it back.
    markGrandPrizeAnnounced: assign(({ context }) => ({ announcedHere: announcedNow(context) })),
    hideGrandPrize: assign({ grandPrizeAmount: null, grandPrizeDrawId: null }),
    // To the session of the system (a draw running on its own, in a path walk, has none).
    tellSessionGrandPrizeShown: sendTo(
      ({ system, self }) => (system.get('session') as AnyActorRef | undefined) ?? self,
      ({ context }) => ({
        type: 'session.grandPrizeShown' as const,
        drawId: context.grandPrizeDrawId ?? 0,
      }),
    ),
    storeRewards: assign((_, rewards: Reward[]) => ({ rewards })),
  },
}).createMachine({
  id: 'drawCycle',
  type: 'parallel',
  context: ({ input }) => initialContext(input),
  invoke: [
    // The live channel stays open for as long as the player is signed in.
    { id: 'listenToCable', src: 'listenToCable' },
    // The window getting focus back, or becoming visible again.
    { id: 'watchWindowFocus', src: 'watchWindowFocus' },
  ],
  states: {
    entry: {
      description: 'The black button: a press enters the open draw, once.',
      initial: 'idle',
      states: {
        idle: {
          on: {
            'draw.press': [
              {
                guard: and(['canEnterDraw', 'hasQuestionnaireOrEntry']),
                actions: 'markEntered',
              },
              {
                guard: 'canEnterDraw',
                target: 'entering',
                actions: 'markEntered',
              },
            ],
          },
        },
        entering: {
          invoke: {
            id: 'enterDraw',
            src: 'enterDraw',
            input: ({ context }) => ({ clock: context.clock }),
            onDone: {
              target: 'idle',
              actions: { type: 'recordEntry', params: ({ event }) => ({ entry: event.output }) },
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'toastEntryFailure',
                params: ({ event }) => toCallFailure(event.error),
              },
            },
          },
        },
      },
    },
    countdown: {
      description: 'Time to the next drawing, recomputed each second from real elapsed time.',
      initial: 'stopped',
      states: {
        stopped: {
          always: { guard: 'hasTimeLeft', target: 'running' },
        },
        running: {
          entry: 'recomputeTimeLeft',
          invoke: {
            id: 'tickEverySecond',
            src: 'tickEverySecond',
            // The ticks fall when the shown second changes, wherever the countdown started.
            input: ({ context, self }) => ({
              clock: context.clock,
              endsAt: () => countdownEndsAt(self.getSnapshot().context),
            }),
          },
          on: { 'countdown.tick': { actions: 'recomputeTimeLeft' } },
          always: [
            {
              guard: and(['isTimeUp', 'shouldRefetchAtZero', not(stateIn({ timer: 'fetching' }))]),
              target: 'refetchingAtZero',
              actions: 'allowEntryAgain',
            },
            { guard: 'isTimeUp', target: 'stopped', actions: 'allowEntryAgain' },
          ],
        },
        refetchingAtZero: {
          description: 'Zero reached with entering blocked: the timer is asked again.',
          entry: 'requestRefetch',
          always: 'stopped',
        },
      },
    },
    timer: {
      description: "The server's timer: at start, on focus while entry is blocked, at zero, live.",
      initial: 'fetching',
      states: {
        fetching: {
          invoke: {
            id: 'fetchTimer',
            src: 'fetchTimer',
            input: ({ context }) => ({ clock: context.clock }),
            onDone: {
              target: 'idle',
              actions: { type: 'applyTimer', params: ({ event }) => event.output },
            },
            // Logged only (spec section 8): the countdown carries on with what it knew.
            onError: { target: 'idle' },
          },
          on: {
            // A draw closed while asking: the answer on its way may predate it, ask again.
            'cable.refetch': { target: 'fetching', reenter: true },
          },
        },
        idle: {
          on: {
            'window.focused': { guard: 'cannotEnterDraw', target: 'fetching' },
            'cable.refetch': { target: 'fetching' },
            'countdown.ended': { target: 'fetching' },
          },
        },
      },
    },
    grandPrize: {
      description: "The 'YOU WON!' view: for 3 s on /home, once per grand prize.",
      initial: 'fetching',
      states: {
        fetching: {
          invoke: {
            id: 'fetchGrandPrizes',
            src: 'fetchGrandPrizes',
            onDone: [
              {
                guard: { type: 'hasUnannouncedGrandPrize', params: ({ event }) => event.output },
                target: 'waitingForHome',
                actions: { type: 'holdGrandPrize', params: ({ event }) => event.output },
              },
              { target: 'idle' },
            ],
            onError: { target: 'idle' },
          },
        },
        idle: {
          on: {
            'cable.refetch': { target: 'fetching' },
            'countdown.ended': { target: 'fetching' },
          },
        },
        // Found while the player is elsewhere: it shows when they are back on /home.
        waitingForHome: {
          always: { guard: stateIn({ screen: 'home' }), target: 'showing' },
        },
        showing: {
          entry: ['markGrandPrizeAnnounced', 'tellSessionGrandPrizeShown'],
          after: { grandPrizeOverlay: { target: 'idle', actions: 'hideGrandPrize' } },
          // Gone with /home: it never shows over another screen.
          always: {
            guard: not(stateIn({ screen: 'home' })),
            target: 'idle',
            actions: 'hideGrandPrize',
          },
        },
      },
    },
    screen: {
      description: 'The screen the player is on, as far as the draw shows it.',
      initial: 'elsewhere',
      on: {
        'route.opened': [
          { guard: { type: 'isOpening', params: HOME_PATH }, target: '.home' },
          { guard: { type: 'isOpening', params: YOUVE_ENTERED_PATH }, target: '.youveEntered' },
          { guard: { type: 'isOpening', params: REWARDS_PATH }, target: '.rewards' },
          { guard: { type: 'isOpening', params: WHAT_I_LIKE_PATH }, target: '.whatILike' },
          { target: '.elsewhere' },
        ],
        // A press shows 'You're Entered To Win' (the entry region enters the draw meanwhile).
        'draw.press': { guard: 'canEnterDraw', target: '.youveEntered' },
      },
      states: {
        elsewhere: {
          description: 'A screen of another flow (the wallet, the players, a legal page).',
        },
        home: {
          description: "The black button or the countdown; the one screen for 'YOU WON!'.",
          meta: { route: HOME_PATH } satisfies RouteMeta,
        },
        youveEntered: {
          description: "'You're Entered To Win', then the rewards decide where next.",
          meta: { route: YOUVE_ENTERED_PATH } satisfies RouteMeta,
          invoke: {
            id: 'youveEntered',
            src: 'youveEntered',
            onDone: [
              {
                guard: { type: 'hasRewards', params: ({ event }) => event.output.rewards },
                target: 'rewards',
                actions: { type: 'storeRewards', params: ({ event }) => event.output.rewards },
              },
              { target: 'whatILike' },
            ],
          },
        },
        rewards: {
          description: 'The rewards this entry won (the address says it came from the entry).',
          meta: { route: REWARDS_PATH } satisfies RouteMeta,
        },
        whatILike: {
          description: "'What I Like': the questions come next.",
          meta: { route: WHAT_I_LIKE_PATH } satisfies RouteMeta,
        },
      },
    },
  },
});

export type DrawCycleMachine = typeof drawCycleMachine;
