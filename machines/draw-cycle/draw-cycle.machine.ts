// The draw (spec sections 2, 3, 4 and 9): the black button, entering the open draw, the
// countdown to the next drawing, the timer the server keeps, the live channel that says a draw
// has closed, and the 'YOU WON!' view. It runs while a player is signed in, as a child of the
// session (the app's root): it reads the session's flags from the session, tells it when the
// grand prize has been shown, and asks the app to toast. Its screens name their routes (the
// `screen` region, machines/shared/routes.ts): a press, or an address of the questions and
// rewards, runs the questions flow (machines/questionnaire/questions-flow.machine.ts), whose
// steps name theirs and report what draw-storage keeps; the session passes on every address
// the player opens. 'YOU WON!' shows once per prize, on /home.
import { and, assign, emit, not, raise, sendTo, setup, stateIn } from 'xstate';
import type { AnyActorRef } from 'xstate';
import type { DrawEntry, GrandPrize, TimerResponse } from '../../contract/api';
import type { Question } from '../questionnaire/questionnaire.types';
import { toCallFailure, type CallFailure } from '../entry-flow/entry-flow.actors';
import type { RouteMeta } from '../shared/routes';
import { disconnectedDrawCycleActors } from './draw-cycle.actors';
import {
  announcedNow,
  enteredNow,
  heldGrandPrize,
  QUESTIONNAIRE_FINISHED,
  questionnaireFlagsOf,
  questionsStartFor,
  withQuestionShown,
  timeLeftNow,
  withEntry,
  withTimer,
} from './draw-cycle.rules';
import {
  countdownEndsAt,
  flagsOf,
  HOME_PATH,
  initialContext,
  TOAST_ENTER_FAILED,
  unannouncedGrandPrize,
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
    isOpening: ({ event }, path: string) => event.type === 'route.opened' && event.path === path,
    opensQuestions: ({ context, event }) =>
      event.type === 'route.opened' && questionsStartFor(context, event.path) !== null,
    // A device that does not know of the player's entry in the open draw (another device
    // pressed) asks whether the questionnaire is done: then the countdown shows, not the button.
    shouldCheckQuestionnaire: ({ context }, timer: TimerResponse) =>
      !timer.cycle_finished &&
      context.canEnterDraw &&
      context.currentDrawEntry === null &&
      !context.hasFinishedQuestionnaire,
    isTrue: (_, value: boolean) => value,
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
    allowEntryAgain: assign({
      canEnterDraw: true,
      currentDrawEntry: null,
      hasFinishedQuestionnaire: false,
    }),
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
    // The questions flow (machines/questionnaire/questions-flow.machine.ts) and what it reports.
    startQuestionsAt: assign(({ context }, params: { path: string }) => ({
      questionsStart: questionsStartFor(context, params.path) ?? 'youveEntered',
    })),
    beginTellUsMore: assign(({ context }) =>
      context.questionsStart === 'tellUsMore' ? { isAnsweringFromTellUsMore: true } : {},
    ),
    // Spec section 4: leaving Tell Us More clears the questionnaire and the draw entry.
    endTellUsMore: assign(({ context }) =>
      context.isAnsweringFromTellUsMore
        ? { isAnsweringFromTellUsMore: false, currentQuestionnaire: null, currentDrawEntry: null }
        : {},
    ),
    showQuestion: assign((_, params: { question: Question; answered: number }) =>
      withQuestionShown(params.question, params.answered),
    ),
    keepEntry: assign(({ context }, entry: DrawEntry) => ({
      currentDrawEntry: context.currentDrawEntry ?? entry,
    })),
    storeFinishedCheck: assign((_, finished: boolean) => ({ hasFinishedQuestionnaire: finished })),
    holdCountdown: assign({ canEnterDraw: false, hasFinishedQuestionnaire: true }),
    finishQuestionnaire: assign(QUESTIONNAIRE_FINISHED),
    markGiftCardReceived: assign({ hasReceivedGC: true }),
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
            onDone: [
              {
                guard: { type: 'shouldCheckQuestionnaire', params: ({ event }) => event.output },
                target: 'checkingQuestionnaire',
                actions: { type: 'applyTimer', params: ({ event }) => event.output },
              },
              {
                target: 'idle',
                actions: { type: 'applyTimer', params: ({ event }) => event.output },
              },
            ],
            // Logged only (spec section 8): the countdown carries on with what it knew.
            onError: { target: 'idle' },
          },
          on: {
            // A draw closed while asking: the answer on its way may predate it, ask again.
            'cable.refetch': { target: 'fetching', reenter: true },
          },
        },
        checkingQuestionnaire: {
          description: 'Another device entered: has the player finished the questionnaire?',
          invoke: {
            id: 'checkHasFinished',
            src: 'checkHasFinished',
            onDone: [
              {
                guard: { type: 'isTrue', params: ({ event }) => event.output },
                target: 'idle',
                actions: 'holdCountdown',
              },
              { target: 'idle' },
            ],
            // Logged only (spec section 8): the button stays.
            onError: { target: 'idle' },
          },
        },
        idle: {
          on: {
            'window.focused': { guard: 'cannotEnterDraw', target: 'fetching' },
            'cable.refetch': { target: 'fetching' },
            'countdown.ended': { target: 'fetching' },
            // Spec section 4: the end of a questionnaire refreshes the time left.
            'questionnaire.finished': { target: 'fetching' },
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
          {
            guard: 'opensQuestions',
            target: '.questions',
            actions: { type: 'startQuestionsAt', params: ({ event }) => event },
          },
          { target: '.elsewhere' },
        ],
        // A press shows 'You're Entered To Win' (the entry region enters the draw meanwhile).
        'draw.press': {
          guard: 'canEnterDraw',
          target: '.questions',
          actions: { type: 'startQuestionsAt', params: { path: YOUVE_ENTERED_PATH } },
        },
      },
      states: {
        elsewhere: {
          description: 'A screen of another flow (the wallet, the players, a legal page).',
          entry: 'endTellUsMore',
        },
        home: {
          description: "The black button or the countdown; the one screen for 'YOU WON!'.",
          meta: { route: HOME_PATH } satisfies RouteMeta,
          entry: 'endTellUsMore',
        },
        questions: {
          description: 'After a press or from Tell Us More: rewards, What I Like, the questions.',
          entry: 'beginTellUsMore',
          exit: 'endTellUsMore',
          invoke: {
            id: 'questionsFlow',
            src: 'questionsFlow',
            input: ({ context, self }) => ({
              start: context.questionsStart,
              draw: self,
              flags: () => questionnaireFlagsOf(self.getSnapshot().context),
            }),
            onDone: 'home',
          },
          on: {
            // Another screen of the flow opened (Back, a reload): the flow starts there afresh.
            // Restarted from here, so that only this region is left and entered again.
            'route.opened': {
              guard: 'opensQuestions',
              target: 'questions',
              reenter: true,
              actions: { type: 'startQuestionsAt', params: ({ event }) => event },
            },
            'questionnaire.questionShown': {
              actions: { type: 'showQuestion', params: ({ event }) => event },
            },
            'questionnaire.entryFound': {
              actions: { type: 'keepEntry', params: ({ event }) => event.entry },
            },
            'questionnaire.finishedChecked': {
              actions: { type: 'storeFinishedCheck', params: ({ event }) => event.finished },
            },
            'questionnaire.finished': { actions: 'finishQuestionnaire' },
            'questionnaire.giftCardReceived': { actions: 'markGiftCardReceived' },
          },
        },
      },
    },
  },
});

export type DrawCycleMachine = typeof drawCycleMachine;
