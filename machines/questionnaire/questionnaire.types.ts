// What the questionnaire (machines/questionnaire/questionnaire.machine.ts) holds and hears: its
// input, context, events, what it tells the draw and its output, its routes and its texts.
import type { DrawEntry, Reward } from '../../contract/api';
import { NO_QUESTION_LEFT, QUESTIONS_PER_BATCH } from '../../contract/questionnaires';
import type { DoneActorEvent, ErrorActorEvent } from 'xstate';
import type { AppEffect } from '../shared/effects';

export const WHAT_I_LIKE_PATH = '/what-i-like';
export const DISCLOSURE_PATH = '/disclosure';
export const QUESTIONNAIRE_PATH = '/questionnaire';

export const TOAST_ANSWER_FAILED = 'There was a problem answering the question, redirecting';
export const TOAST_NO_QUESTION_LEFT = NO_QUESTION_LEFT;
export const TOAST_QUESTIONS_FAILED = 'Error getting questions. Try again later.';
export const TOAST_LOADING_QUESTIONS = 'Loading questions';
/**
 * A batch answered to its end that earned nothing to show (every question skipped, or the
 * rewards could not be listed): the spec has no words for it, these say what happened.
 */
export const TOAST_NOTHING_EARNED = 'Thanks for your answers! Skipped questions earn no tickets.';
/** The key of the 'Loading questions' toast, so that it can be dismissed. */
export const LOADING_QUESTIONS_KEY = 'loading-questions';

/**
 * How long a card is on screen before it takes an answer. A double tap's second tap comes about
 * 150 ms after the first, and the local server answers and brings the next card sooner than
 * that; a player reading a question takes longer.
 */
export const CARD_ARRIVAL_MS = 400;

/** A batch after What I Like (or resumed), or Tell Us More from the tab. */
export type QuestionnaireMode = 'batch' | 'tellUsMore';

/** The question on the card. */
export type Question = { id: number; prompt: string; finished: boolean };

/** A swipe right is yes, left is no; the centre marker and the red button skip. */
export type CardChoice = 'yes' | 'no' | 'skip';

/**
 * What the questionnaire tells its parent (the questions flow, which passes it on to the draw)
 * while it runs: draw-storage keeps it.
 */
export type QuestionnaireReport =
  | { type: 'questionnaire.questionShown'; question: Question; answered: number }
  | { type: 'questionnaire.finishedChecked'; finished: boolean }
  | { type: 'questionnaire.entryFound'; entry: DrawEntry }
  /** Answered to its end, or skipped (spec section 4: the questionnaire is finished). */
  | { type: 'questionnaire.finished' }
  | { type: 'questionnaire.giftCardReceived' };

export type QuestionnaireInput = {
  mode: QuestionnaireMode;
  /** The draw's entry when the questions start (the press's, or one kept); null: none known. */
  drawEntry?: DrawEntry | null;
  isFirstTimeUser: boolean;
  isFirstQuestionnaire: boolean;
  hasFinishedQuestionnaire: boolean;
  /** Questions in a batch (spec section 9: 5 for What I Like and Tell Us More). */
  numOfQuestions?: number;
  /**
   * The answers already given in the batch when it is resumed (a reload, Back, Forward): the
   * counter goes on from there and the tutorial, already swiped away, does not come back.
   */
  resumeAt?: number | null;
};

export type QuestionnaireContext = {
  isFirstTimeUser: boolean;
  isFirstQuestionnaire: boolean;
  hasFinishedQuestionnaire: boolean;
  isTellUsMore: boolean;
  /** The entry the answers go with, once known. */
  drawEntry: DrawEntry | null;
  question: Question | null;
  choice: CardChoice | null;
  /** Answers (and skipped questions) given in this questionnaire: its progress. */
  questionnaireProgress: number;
  numOfQuestions: number;
  /** Tell Us More shows a Home link; the batch after a press does not. */
  showHome: boolean;
  /** The first-time tutorial card comes before the first question. */
  showTutorial: boolean;
  /** A batch under way, resumed: Tell Us More is not started again. */
  resumed: boolean;
  /** The rewards to show once the questionnaire is over. */
  rewards: Reward[];
  finished: boolean;
};

export type QuestionnaireEvent =
  | { type: 'card.dismissTutorial' }
  | { type: 'card.answer'; choice: CardChoice }
  /** Whether the player has finished a questionnaire: asked beside the questions, answered. */
  | DoneActorEvent<boolean, 'checkHasFinished'>
  | ErrorActorEvent<unknown, 'checkHasFinished'>;

export type QuestionnaireEmitted = AppEffect;

/**
 * How the questionnaire ended: `finished` when it was answered to its end or skipped (the
 * draw marks it finished), with the rewards to show (the first questionnaire only).
 */
export type QuestionnaireOutput = { finished: boolean; rewards: Reward[] };

export function initialContext(input: QuestionnaireInput): QuestionnaireContext {
  return {
    isFirstTimeUser: input.isFirstTimeUser,
    isFirstQuestionnaire: input.isFirstQuestionnaire,
    hasFinishedQuestionnaire: input.hasFinishedQuestionnaire,
    isTellUsMore: input.mode === 'tellUsMore',
    drawEntry: input.drawEntry ?? null,
    question: null,
    choice: null,
    questionnaireProgress: input.resumeAt ?? 0,
    numOfQuestions: input.numOfQuestions ?? QUESTIONS_PER_BATCH,
    showHome: input.mode === 'tellUsMore',
    showTutorial: input.isFirstQuestionnaire && (input.resumeAt ?? null) === null,
    resumed: (input.resumeAt ?? null) !== null,
    rewards: [],
    finished: false,
  };
}

/**
 * Spec section 4: the questionnaire ends when the answers reach its count, or the question
 * answered was the player's last with enough answers given (more than one).
 */
export function isQuestionnaireComplete(context: QuestionnaireContext): boolean {
  if (context.questionnaireProgress >= context.numOfQuestions) return true;
  return context.question?.finished === true && context.questionnaireProgress > 1;
}

/** The question on the card; the card states are entered only once one is loaded. */
export function questionOf(context: QuestionnaireContext): Question {
  if (!context.question) throw new Error('No question is loaded.');
  return context.question;
}

/** The entry the answers go with; the questions are asked only once it is known. */
export function entryIdOf(context: QuestionnaireContext): number {
  if (!context.drawEntry) throw new Error('No draw entry is known.');
  return context.drawEntry.id;
}

/** The address analytics record with a click (none outside a browser). */
export function currentPageUrl(): string {
  return typeof window === 'undefined' ? '' : window.location.href;
}
