// The draw (spec sections 2, 3, 4 and 9): the black button, entering the open draw, the
// countdown to the next drawing, the timer the server keeps, the live channel that says a draw
// has closed, and the 'YOU WON!' view. It runs while a player is signed in, as a child of the
// session (the app's root): the session gives it its flags as input and sends them again when
// they change; the draw tells the session when the grand prize has been shown, and asks the app
// to toast. Its screens name their routes (the `screen` region, machines/shared/routes.ts): a
// press, or an address of the questions and rewards, runs the questions flow
// (machines/questionnaire/questions-flow.machine.ts), whose steps name theirs and report what
// draw-storage keeps; the session passes on every address the player opens. 'YOU WON!' shows
// once per prize, on /home.
import { and, not, stateIn } from 'xstate';
import { toCallFailure } from '../shared/call-failure';
import type { RouteMeta } from '../shared/routes';
import { questionnaireFlagsOf, questionsPlanOf } from './draw-cycle.rules';
import { drawCycleSetup } from './draw-cycle.setup';
import { countdownEndsAt, HOME_PATH, initialContext, YOUVE_ENTERED_PATH } from './draw-cycle.types';

export * from './draw-cycle.types';

/** A draw closed while the server is asked: the answer on its way may predate it, ask again. */
const ASK_AGAIN_ON_CLOSING = { 'cable.refetch': { target: 'fetching', reenter: true } } as const;

export const drawCycleMachine = drawCycleSetup.createMachine({
  id: 'drawCycle',
  type: 'parallel',
  context: ({ input }) => initialContext(input),
  on: {
    'session.flagsChanged': {
      actions: [
        { type: 'storeFlags', params: ({ event }) => event.flags },
        'raiseQuestionsInputChanged',
      ],
    },
  },
  invoke: [
    // Its screen and what the device keeps of it, told to the root (machines/shared/root.ts).
    { src: 'reportToRoot', input: ({ self }) => ({ owner: self }) },
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
              actions: [
                { type: 'recordEntry', params: ({ event }) => ({ entry: event.output }) },
                'raiseQuestionsInputChanged',
              ],
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
          on: ASK_AGAIN_ON_CLOSING,
        },
        checkingQuestionnaire: {
          description: 'Another device entered: has the player finished the questionnaire?',
          invoke: {
            id: 'checkHasFinished',
            src: 'checkHasFinished',
            onDone: [
              {
                guard: { type: 'hasFinishedElsewhere', params: ({ event }) => event.output },
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
            // Tell Us More entered a player who could press: the countdown that entry gives.
            'questionnaire.entryFound': { guard: 'canEnterDraw', target: 'fetching' },
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
                actions: [
                  { type: 'holdGrandPrize', params: ({ event }) => event.output },
                  { type: 'tellWinningsOfPrizes', params: ({ event }) => event.output },
                ],
              },
              {
                target: 'idle',
                actions: { type: 'tellWinningsOfPrizes', params: ({ event }) => event.output },
              },
            ],
            onError: { target: 'idle' },
          },
          on: ASK_AGAIN_ON_CLOSING,
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
          // The press's questions are over: /home shows in their place.
          { guard: 'opensFinishedQuestions', target: '.home' },
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
          meta: { route: HOME_PATH, tabs: 'home' } satisfies RouteMeta,
          entry: 'endTellUsMore',
        },
        questions: {
          description: 'After a press or from Tell Us More: rewards, What I Like, the questions.',
          entry: 'beginTellUsMore',
          exit: 'endTellUsMore',
          invoke: {
            id: 'questionsFlow',
            src: 'questionsFlow',
            input: ({ context }) => ({
              start: context.questionsStart,
              plan: questionsPlanOf(context),
              flags: questionnaireFlagsOf(context),
              drawEntry: context.currentDrawEntry,
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
            'questions.inputChanged': { actions: 'tellQuestionsFlow' },
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
