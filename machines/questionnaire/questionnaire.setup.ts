// What the questionnaire's chart (questionnaire.machine.ts) is built from: its types, the calls
// it invokes, and its guards and actions. The chart itself reads on its own.
import { assign, enqueueActions, setup, spawnChild, stopChild, type AnyActorRef } from 'xstate';
import type { ClickEventName, DrawEntry, Reward } from '../../contract/api';
import { toCallFailure } from '../shared/call-failure';
import { dismissToastAtRoot, reportToRoot, toastAtRoot } from '../shared/root';
import { disconnectedQuestionnaireActors } from './questionnaire.actors';
import {
  CARD_ARRIVAL_MS,
  currentPageUrl,
  isQuestionnaireComplete,
  LOADING_QUESTIONS_KEY,
  type CardChoice,
  type Question,
  type QuestionnaireContext,
  type QuestionnaireEmitted,
  type QuestionnaireEvent,
  type QuestionnaireInput,
  type QuestionnaireOutput,
  type QuestionnaireReport,
} from './questionnaire.types';

const isNotFound = (error: unknown) => toCallFailure(error).status === 404;

export const questionnaireSetup = setup({
  types: {
    context: {} as QuestionnaireContext,
    events: {} as QuestionnaireEvent,
    input: {} as QuestionnaireInput,
    output: {} as QuestionnaireOutput,
    emitted: {} as QuestionnaireEmitted,
  },
  actors: { ...disconnectedQuestionnaireActors, reportToRoot: reportToRoot() },
  delays: { cardArrival: CARD_ARRIVAL_MS },
  guards: {
    /** Tell Us More from the tab; one under way (resumed) has been started already. */
    startsTellUsMore: ({ context }) => context.isTellUsMore && !context.resumed,
    isFirstQuestionnaire: ({ context }) => context.isFirstQuestionnaire,
    hasFinishedQuestionnaire: ({ context }) => context.hasFinishedQuestionnaire,
    showsTutorial: ({ context }) => context.showTutorial,
    isComplete: ({ context }) => isQuestionnaireComplete(context),
    hasRewards: (_, rewards: Reward[]) => rewards.length > 0,
    isNotFound: (_, params: { error: unknown }) => isNotFound(params.error),
    // Spec section 4: no next question after more than one answer ends the questionnaire.
    isNotFoundAfterSeveral: ({ context }, params: { error: unknown }) =>
      isNotFound(params.error) && context.questionnaireProgress > 1,
  },
  actions: {
    showToast: toastAtRoot(),
    dismissLoadingToast: dismissToastAtRoot(LOADING_QUESTIONS_KEY),
    logClick: enqueueActions(({ enqueue }, params: { event: ClickEventName }) => {
      enqueue.spawnChild('logClick', {
        input: { event: params.event, pageUrl: currentPageUrl() },
      });
    }),
    storeEntry: assign((_, entry: DrawEntry) => ({ drawEntry: entry })),
    storeQuestion: assign((_, question: Question) => ({ question })),
    storeChoice: assign((_, choice: CardChoice) => ({ choice })),
    // The centre marker or the red Skip (spec section 7's question_skipped).
    logIfSkipped: enqueueActions(({ enqueue }, choice: CardChoice) => {
      if (choice !== 'skip') return;
      enqueue.spawnChild('logClick', {
        input: { event: 'question_skipped' as const, pageUrl: currentPageUrl() },
      });
    }),
    countAnswer: assign(({ context }) => ({
      questionnaireProgress: context.questionnaireProgress + 1,
    })),
    dismissTutorial: assign({ showTutorial: false }),
    storeRewards: assign((_, rewards: Reward[]) => ({ rewards })),
    markFinished: assign({ finished: true }),
    // Started beside the questions; its answer reaches the chart's top (it may come at any step).
    checkWhetherFinished: spawnChild('checkHasFinished', { id: 'checkHasFinished' }),
    // Answered: the check is over (a path walk, which answers it itself, sees it go too).
    endFinishedCheck: stopChild('checkHasFinished'),
    storeFinishedCheck: assign((_, finished: boolean) => ({ hasFinishedQuestionnaire: finished })),
    // To the parent (the questions flow, which passes it on to the draw: draw-storage keeps
    // it). A questionnaire walked on its own (a path walk) has no parent to tell.
    tellDraw: enqueueActions(({ enqueue, self }, report: QuestionnaireReport) => {
      if (self._parent) enqueue.sendTo(self._parent, report);
    }),
    // The player is no longer a first-time player (spec section 4: marked returning).
    tellSessionFinished: enqueueActions(({ context, enqueue, system }) => {
      const session = system.get('session') as AnyActorRef | undefined;
      if (session && context.isFirstQuestionnaire) {
        enqueue.sendTo(session, { type: 'session.questionnaireFinished' });
      }
    }),
  },
});
