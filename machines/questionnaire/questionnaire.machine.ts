// The questionnaire (spec sections 2, 4, 8 and 9): the swipe cards of a batch of 5 questions, after
// What I Like or from Tell Us More (which the server starts, with the player's entry in the open
// draw), with the first-time tutorial and the ending rules. Tell Us More for a player not known to
// have finished a questionnaire asks the server whether they have beside the first question, not
// before it, and the draw hears the answer. The questions flow invokes it and takes its end as an
// output (was it finished, the rewards to show); while it runs it tells the draw of its progress,
// which draw-storage keeps, and tells the session once a first questionnaire is over. Its screen
// names its route (machines/shared/routes.ts).
import type { RouteMeta } from '../shared/routes';
import { questionnaireSetup } from './questionnaire.setup';
import {
  entryIdOf,
  initialContext,
  LOADING_QUESTIONS_KEY,
  questionOf,
  QUESTIONNAIRE_PATH,
  TOAST_ANSWER_FAILED,
  TOAST_LOADING_QUESTIONS,
  TOAST_NO_QUESTION_LEFT,
  TOAST_NOTHING_EARNED,
  TOAST_QUESTIONS_FAILED,
} from './questionnaire.types';

export * from './questionnaire.types';

export const questionnaireMachine = questionnaireSetup.createMachine({
  id: 'questionnaire',
  context: ({ input }) => initialContext(input),
  output: ({ context }) => ({ finished: context.finished, rewards: context.rewards }),
  // The screen it shows, told to the root (machines/shared/root.ts).
  invoke: { src: 'reportToRoot', input: ({ self }) => ({ owner: self }) },
  on: {
    // Whether the player has finished a questionnaire (Tell Us More asks when not known): the
    // draw hears it. A failure is logged only (spec section 8): false is kept.
    'xstate.done.actor.checkHasFinished': {
      actions: [
        'endFinishedCheck',
        { type: 'storeFinishedCheck', params: ({ event }) => event.output },
        {
          type: 'tellDraw',
          params: ({ event }) => ({
            type: 'questionnaire.finishedChecked',
            finished: event.output,
          }),
        },
      ],
    },
    'xstate.error.actor.checkHasFinished': { actions: 'endFinishedCheck' },
  },
  initial: 'routing',
  states: {
    routing: {
      always: [
        // A batch under way goes on with its entry (Tell Us More has already started it).
        { guard: 'startsTellUsMore', target: 'tellUsMore' },
        { target: 'questions' },
      ],
    },
    tellUsMore: {
      description: "Tell Us More from the tab: 'Loading questions' while the server starts it.",
      meta: { route: QUESTIONNAIRE_PATH, tabs: 'questions' } satisfies RouteMeta,
      entry: [
        { type: 'logClick', params: { event: 'tell_us_more_clicked' } },
        {
          type: 'showToast',
          params: {
            message: TOAST_LOADING_QUESTIONS,
            variant: 'loading',
            key: LOADING_QUESTIONS_KEY,
            persist: true,
          },
        },
      ],
      exit: 'dismissLoadingToast',
      invoke: {
        id: 'startTellUsMore',
        src: 'startTellUsMore',
        onDone: [
          {
            guard: 'hasFinishedQuestionnaire',
            target: 'questions',
            actions: { type: 'storeEntry', params: ({ event }) => event.output },
          },
          // Not known to have finished: asked beside the questions, not before them.
          {
            target: 'questions',
            actions: [
              { type: 'storeEntry', params: ({ event }) => event.output },
              'checkWhetherFinished',
            ],
          },
        ],
        onError: [
          {
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'done',
            actions: {
              type: 'showToast',
              params: { message: TOAST_NO_QUESTION_LEFT, variant: 'info' },
            },
          },
          {
            target: 'done',
            actions: {
              type: 'showToast',
              params: { message: TOAST_QUESTIONS_FAILED, variant: 'error' },
            },
          },
        ],
      },
    },
    questions: {
      description: 'The swipe cards: right is yes, left is no, the centre marker skips.',
      meta: { route: QUESTIONNAIRE_PATH, tabs: 'questions' } satisfies RouteMeta,
      initial: 'findingEntry',
      states: {
        findingEntry: {
          invoke: {
            id: 'findEntry',
            src: 'findEntry',
            input: ({ context }) => ({ known: context.drawEntry }),
            onDone: {
              target: 'loading',
              actions: [
                { type: 'storeEntry', params: ({ event }) => event.output },
                {
                  type: 'tellDraw',
                  params: ({ event }) => ({
                    type: 'questionnaire.entryFound',
                    entry: event.output,
                  }),
                },
              ],
            },
            onError: {
              target: '#questionnaire.done',
              actions: {
                type: 'showToast',
                params: { message: TOAST_QUESTIONS_FAILED, variant: 'error' },
              },
            },
          },
        },
        loading: {
          invoke: {
            id: 'fetchNextQuestion',
            src: 'fetchNextQuestion',
            onDone: [
              {
                guard: 'showsTutorial',
                target: 'tutorial',
                actions: { type: 'storeQuestion', params: ({ event }) => event.output },
              },
              {
                target: 'showing',
                actions: { type: 'storeQuestion', params: ({ event }) => event.output },
              },
            ],
            onError: [
              {
                // Spec section 8: the questions ran out in the middle of the batch.
                guard: {
                  type: 'isNotFoundAfterSeveral',
                  params: ({ event }) => ({ error: event.error }),
                },
                target: 'ending',
                actions: {
                  type: 'showToast',
                  params: { message: TOAST_NO_QUESTION_LEFT, variant: 'info' },
                },
              },
              {
                guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
                target: '#questionnaire.done',
                actions: {
                  type: 'showToast',
                  params: { message: TOAST_NO_QUESTION_LEFT, variant: 'info' },
                },
              },
              {
                target: '#questionnaire.done',
                actions: {
                  type: 'showToast',
                  params: { message: TOAST_QUESTIONS_FAILED, variant: 'error' },
                },
              },
            ],
          },
        },
        tutorial: {
          description: "'The More You Tell Us, The More You'll Win': a swipe puts it away.",
          on: { 'card.dismissTutorial': { target: 'showing', actions: 'dismissTutorial' } },
        },
        showing: {
          description: 'The question on the card, waiting for a swipe.',
          initial: 'arriving',
          entry: {
            type: 'tellDraw',
            params: ({ context }) => ({
              type: 'questionnaire.questionShown',
              question: questionOf(context),
              answered: context.questionnaireProgress,
            }),
          },
          states: {
            arriving: {
              description:
                'The card has just come: a second tap or swipe of the gesture that answered the card before is not an answer to this one.',
              after: { cardArrival: 'ready' },
            },
            ready: {
              on: {
                'card.answer': {
                  target: '#questionnaire.questions.answering',
                  actions: [
                    { type: 'storeChoice', params: ({ event }) => event.choice },
                    'countAnswer',
                    { type: 'logIfSkipped', params: ({ event }) => event.choice },
                  ],
                },
              },
            },
          },
        },
        answering: {
          invoke: {
            id: 'answerQuestion',
            src: 'answerQuestion',
            input: ({ context }) => ({
              question: questionOf(context),
              choice: context.choice ?? 'skip',
              drawEntryId: entryIdOf(context),
            }),
            onDone: [{ guard: 'isComplete', target: 'ending' }, { target: 'loading' }],
            onError: {
              target: '#questionnaire.done',
              actions: {
                type: 'showToast',
                params: { message: TOAST_ANSWER_FAILED, variant: 'error' },
              },
            },
          },
        },
        ending: {
          description:
            "The answers' rewards are paid and shown: the player sees what the answers earned.",
          // The batch is over: its entry is one seen once, so Back and Forward step past it
          // instead of opening a fresh batch there (a batch under way is not: Forward into it
          // goes on at its card).
          meta: { route: QUESTIONNAIRE_PATH, once: true, tabs: 'questions' } satisfies RouteMeta,
          entry: 'markFinished',
          invoke: {
            id: 'claimRewards',
            src: 'claimRewards',
            input: ({ context }) => ({ drawEntryId: entryIdOf(context), showRewards: true }),
            onDone: [
              {
                guard: { type: 'hasRewards', params: ({ event }) => event.output },
                target: '#questionnaire.done',
                actions: [
                  { type: 'storeRewards', params: ({ event }) => event.output },
                  'tellSessionFinished',
                ],
              },
              {
                target: '#questionnaire.done',
                actions: [
                  {
                    type: 'showToast',
                    params: { message: TOAST_NOTHING_EARNED, variant: 'info' },
                  },
                  'tellSessionFinished',
                ],
              },
            ],
            // Claiming failed: an empty list (spec section 4); the rewards wait on the server.
            onError: { target: '#questionnaire.done', actions: 'tellSessionFinished' },
          },
        },
      },
    },
    done: {
      type: 'final',
      description: 'Over: the draw shows the rewards, or /home.',
      // Over however it ended (answered, no question left, a failure): its entry is one seen
      // once, so Back and Forward step past it instead of asking the server again.
      meta: { route: QUESTIONNAIRE_PATH, once: true, tabs: 'questions' } satisfies RouteMeta,
    },
  },
});

export type QuestionnaireMachine = typeof questionnaireMachine;
