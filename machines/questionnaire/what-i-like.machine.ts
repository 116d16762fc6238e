// What I Like (/what-i-like, spec sections 2 and 4): after a press, the big 'What I Like' button
// starts 5 questions, and 'Skip' ends the questionnaire. Before a player's first questionnaire
// the product's promises come first (/disclosure). A first-time player's skip is recorded against
// their entry, earns the wishlist coupon and shows what they won; the player is then returning.
// A step of the questions flow: it ends with what comes next.
import { assign, enqueueActions, setup, type AnyActorRef } from 'xstate';
import type { ClickEventName, DrawEntry, Reward } from '../../contract/api';
import { reportToRoot, toastAtRoot } from '../shared/root';
import type { RouteMeta } from '../shared/routes';
import { disconnectedQuestionnaireActors } from './questionnaire.actors';
import {
  currentPageUrl,
  DISCLOSURE_PATH,
  WHAT_I_LIKE_PATH,
  type QuestionnaireEmitted,
} from './questionnaire.types';

export const TOAST_SKIP_FAILED = 'An error occurred. Please try again later.';

export type WhatILikeInput = {
  /** Opened at /disclosure (a reload there): the promises first. */
  atDisclosure: boolean;
  isFirstQuestionnaire: boolean;
  /**
   * The entry of the press, as the draw held it when What I Like opened (null while its answer
   * was on the way: the skip then asks for it, the press being idempotent).
   */
  drawEntry: DrawEntry | null;
};

export type WhatILikeContext = WhatILikeInput & {
  /** The player chose the questions (otherwise they skipped). */
  startsQuestions: boolean;
  /** The questionnaire counts as finished (a skip). */
  finished: boolean;
  rewards: Reward[];
};

export type WhatILikeEvent =
  { type: 'whatILike.start' } | { type: 'whatILike.skip' } | { type: 'disclosure.continue' };

export type WhatILikeOutput = { startsQuestions: boolean; finished: boolean; rewards: Reward[] };

export const whatILikeMachine = setup({
  types: {
    context: {} as WhatILikeContext,
    events: {} as WhatILikeEvent,
    input: {} as WhatILikeInput,
    output: {} as WhatILikeOutput,
    emitted: {} as QuestionnaireEmitted,
  },
  actors: {
    skipQuestionnaire: disconnectedQuestionnaireActors.skipQuestionnaire,
    logClick: disconnectedQuestionnaireActors.logClick,
    reportToRoot: reportToRoot(),
  },
  guards: {
    isAtDisclosure: ({ context }) => context.atDisclosure,
    isFirstQuestionnaire: ({ context }) => context.isFirstQuestionnaire,
  },
  actions: {
    showToast: toastAtRoot(),
    logClick: enqueueActions(({ enqueue }, params: { event: ClickEventName }) => {
      enqueue.spawnChild('logClick', {
        input: { event: params.event, pageUrl: currentPageUrl() },
      });
    }),
    chooseQuestions: assign({ startsQuestions: true }),
    finishSkipped: assign((_, rewards: Reward[]) => ({ finished: true, rewards })),
    // Spec section 4: the skip marks a first-time player as returning.
    tellSessionReturning: enqueueActions(({ context, enqueue, system }) => {
      const session = system.get('session') as AnyActorRef | undefined;
      if (session && context.isFirstQuestionnaire) {
        enqueue.sendTo(session, { type: 'session.questionnaireFinished' });
      }
    }),
  },
}).createMachine({
  id: 'whatILike',
  context: ({ input }) => ({ ...input, startsQuestions: false, finished: false, rewards: [] }),
  output: ({ context }) => ({
    startsQuestions: context.startsQuestions,
    finished: context.finished,
    rewards: context.rewards,
  }),
  // The screen it shows, told to the root (machines/shared/root.ts).
  invoke: { src: 'reportToRoot', input: ({ self }) => ({ owner: self }) },
  initial: 'routing',
  states: {
    routing: {
      always: [{ guard: 'isAtDisclosure', target: 'disclosure' }, { target: 'choosing' }],
    },
    choosing: {
      description: "'What I Like' starts 5 questions; 'Skip' ends the questionnaire.",
      meta: { route: WHAT_I_LIKE_PATH, tabs: 'questions' } satisfies RouteMeta,
      on: {
        'whatILike.start': [
          // The 'What I Like' button is the page's Win MORE button of the spec's analytics.
          {
            guard: 'isFirstQuestionnaire',
            target: 'disclosure',
            actions: [
              { type: 'logClick', params: { event: 'what_i_like_clicked' } },
              { type: 'logClick', params: { event: 'win_more_clicked' } },
            ],
          },
          {
            target: 'leaving',
            actions: [
              'chooseQuestions',
              { type: 'logClick', params: { event: 'win_more_clicked' } },
            ],
          },
        ],
        'whatILike.skip': {
          target: 'skipping',
          actions: { type: 'logClick', params: { event: 'questionnaire_skipped' } },
        },
      },
    },
    leaving: {
      description:
        'On to the questions once the tap is logged (or after a moment: it never waits long).',
      meta: { route: WHAT_I_LIKE_PATH, tabs: 'questions' } satisfies RouteMeta,
      // A click spawned on the way into the final state would be stopped before it is sent.
      invoke: {
        id: 'logWhatILike',
        src: 'logClick',
        input: () => ({ event: 'what_i_like_clicked' as const, pageUrl: currentPageUrl() }),
        onDone: 'done',
      },
    },
    disclosure: {
      description: "Before the first questionnaire: the product's promises, then the questions.",
      meta: { route: DISCLOSURE_PATH, tabs: 'questions' } satisfies RouteMeta,
      on: { 'disclosure.continue': { target: 'done', actions: 'chooseQuestions' } },
    },
    skipping: {
      description: "Skip: a first-time player's entry is skipped and earns the wishlist coupon.",
      meta: { route: WHAT_I_LIKE_PATH, tabs: 'questions' } satisfies RouteMeta,
      invoke: {
        id: 'skipQuestionnaire',
        src: 'skipQuestionnaire',
        input: ({ context }) => ({
          drawEntry: context.drawEntry,
          isFirstQuestionnaire: context.isFirstQuestionnaire,
        }),
        onDone: {
          target: 'done',
          actions: [
            { type: 'finishSkipped', params: ({ event }) => event.output },
            'tellSessionReturning',
          ],
        },
        onError: {
          target: 'done',
          actions: { type: 'showToast', params: { message: TOAST_SKIP_FAILED, variant: 'error' } },
        },
      },
    },
    done: { type: 'final', description: 'The questions, the rewards or /home come next.' },
  },
});

export type WhatILikeMachine = typeof whatILikeMachine;
