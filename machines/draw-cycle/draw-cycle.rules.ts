// The rules that change the draw's context (spec sections 4 and 9), as plain functions of the
// context and what arrived: entering, an entry's answer, the timer's answer, the countdown, the
// grand prize to announce.
import type { DrawEntry, GrandPrize, TimerResponse } from '../../contract/api';
import type {
  QuestionnaireFlags,
  QuestionsFlowStart,
  QuestionsPlan,
} from '../questionnaire/questions-flow.machine';
import { REWARDS_PATH } from '../reward-playback/reward-playback.machine';
import {
  DISCLOSURE_PATH,
  QUESTIONNAIRE_PATH,
  WHAT_I_LIKE_PATH,
  type Question,
} from '../questionnaire/questionnaire.types';
import {
  DEFAULT_CYCLE_SECONDS,
  YOUVE_ENTERED_PATH,
  preciseSeconds,
  remainingSeconds,
  unannouncedGrandPrize,
  type DrawCycleContext,
} from './draw-cycle.types';

/** Entering a draw: marked at once, before the server has answered. */
export function enteredNow(context: DrawCycleContext): Partial<DrawCycleContext> {
  const now = context.clock.now();
  // A countdown the server set keeps running; otherwise the remembered cycle counts from
  // the press (stored interval minus time since entry).
  const counting = context.timeLeft > 0 && context.countdownStartedAt !== null;
  const interval = context.cycleTime ?? DEFAULT_CYCLE_SECONDS;
  return {
    hasEnteredDrawInSession: true,
    canEnterDraw: false,
    lastDrawEntered: now,
    ...(counting
      ? {}
      : { secondsUntilNextDraw: interval, countdownStartedAt: now, timeLeft: interval }),
  };
}

/** The entry the server recorded, and when its draw closes. */
export function withEntry(
  context: DrawCycleContext,
  recorded: DrawEntry,
): Partial<DrawCycleContext> {
  const { draw_time_left: drawTimeLeft, draw_time_left_ms: drawTimeLeftMs, ...entry } = recorded;
  return {
    draw_entries: [...context.draw_entries, entry],
    currentDrawEntry: entry,
    // The server knows when this draw closes: the countdown runs to that moment rather
    // than a whole cycle from the press.
    ...(drawTimeLeft === undefined
      ? {}
      : {
          secondsUntilNextDraw: preciseSeconds(drawTimeLeft, drawTimeLeftMs),
          countdownStartedAt: context.clock.now(),
          timeLeft: Math.ceil(preciseSeconds(drawTimeLeft, drawTimeLeftMs)),
        }),
  };
}

/** The timer's answer, rule by rule. */
export function withTimer(
  context: DrawCycleContext,
  timer: TimerResponse,
): Partial<DrawCycleContext> {
  const now = context.clock.now();
  const next: Partial<DrawCycleContext> = {
    showTellUsMore: timer.show_tell_us_more,
    cycleTime: timer.cycle_time,
  };
  if (!timer.cycle_finished) {
    const left = preciseSeconds(timer.time_left, timer.time_left_ms);
    next.secondsUntilNextDraw = left;
    next.countdownStartedAt = now;
    next.timeLeft = Math.ceil(left);
  } else {
    // No entry of this player in the open draw: whatever entry (and its batch) the app held is
    // over.
    next.currentDrawEntry = null;
    next.currentQuestionnaire = null;
    next.questionsAnswered = 0;
    if (!context.canEnterDraw) {
      const interval = context.cycleTime ?? timer.cycle_time;
      next.secondsUntilNextDraw = interval;
      next.countdownStartedAt = now;
      next.timeLeft = interval;
      if (!context.flags.isFirstQuestionnaire) next.canEnterDraw = true;
    }
  }
  // The server has the player's entry in the open draw, and this device knows it (the entry of
  // a press or of Tell Us More, or a finished questionnaire): the countdown shows, also after a
  // reload in the middle of the questions.
  const knownEntered = context.currentDrawEntry !== null || context.hasFinishedQuestionnaire;
  if (!timer.cycle_finished && knownEntered) next.canEnterDraw = false;
  else if (!context.canEnterDraw && !context.hasFinishedQuestionnaire) next.canEnterDraw = true;
  return next;
}

/** Whole seconds left of the running countdown, by the clock. */
export function timeLeftNow(context: DrawCycleContext): number {
  return remainingSeconds(
    context.secondsUntilNextDraw,
    context.countdownStartedAt,
    context.clock.now(),
  );
}

/** The prize the 'YOU WON!' view is to show: the newest one not yet announced. */
export function heldGrandPrize(
  context: DrawCycleContext,
  prizes: GrandPrize[],
): Pick<DrawCycleContext, 'grandPrizeAmount' | 'grandPrizeDrawId'> {
  const prize = unannouncedGrandPrize(prizes, context);
  return {
    grandPrizeAmount: prize?.additional_info.prize_amount ?? null,
    grandPrizeDrawId: prize?.draw_id ?? null,
  };
}

/** The draws announced here, the one on screen included. */
export function announcedNow(context: DrawCycleContext): readonly number[] {
  return context.grandPrizeDrawId === null
    ? context.announcedHere
    : [...context.announcedHere, context.grandPrizeDrawId];
}

const QUESTIONS_STARTS: Record<string, QuestionsFlowStart> = {
  [YOUVE_ENTERED_PATH]: 'youveEntered',
  [REWARDS_PATH]: 'rewards',
  [WHAT_I_LIKE_PATH]: 'whatILike',
  [DISCLOSURE_PATH]: 'disclosure',
};

/**
 * Whether `path` is a screen of a press's questions that are over: 'You're Entered To Win', What
 * I Like and the promises, once the questionnaire of the entry is finished (answered or
 * skipped). Back, Forward or a typed address there finds /home, not a second run of them.
 */
export function isFinishedQuestionsAddress(context: DrawCycleContext, path: string): boolean {
  return (
    context.hasFinishedQuestionnaire &&
    (path === YOUVE_ENTERED_PATH || path === WHAT_I_LIKE_PATH || path === DISCLOSURE_PATH)
  );
}

/**
 * Where the questions flow starts for an address, null for the draw's other screens. The
 * questionnaire's address resumes the batch of a press still under way, and is Tell Us More
 * otherwise (the tab's link).
 */
export function questionsStartFor(context: DrawCycleContext, path: string) {
  if (isFinishedQuestionsAddress(context, path)) return null;
  if (path !== QUESTIONNAIRE_PATH) return QUESTIONS_STARTS[path] ?? null;
  // A card already shown: its batch goes on (a reload, Back and Forward, the tab).
  if (context.currentQuestionnaire !== null) return 'questionnaire';
  const batchUnderWay =
    context.currentDrawEntry !== null &&
    !context.hasFinishedQuestionnaire &&
    !context.isAnsweringFromTellUsMore &&
    context.questionsMode === 'batch';
  return batchUnderWay ? 'questionnaire' : 'tellUsMore';
}

/** Where the questionnaire starts: Tell Us More or the batch of a press, afresh or resumed. */
export function questionsPlanOf(context: DrawCycleContext): QuestionsPlan {
  const start = context.questionsStart;
  const resumable = context.currentQuestionnaire !== null;
  const mode =
    start === 'tellUsMore'
      ? 'tellUsMore'
      : start === 'questionnaire' && resumable
        ? context.questionsMode
        : 'batch';
  const resumes = resumable && start !== 'tellUsMore' && context.questionsMode === mode;
  return { mode, resumeAt: resumes ? context.questionsAnswered : null };
}

/** The mode of the batch a start begins: a press's, Tell Us More's, or the one under way. */
export function questionsModeFor(
  context: DrawCycleContext,
  start: QuestionsFlowStart,
): DrawCycleContext['questionsMode'] {
  if (start === 'tellUsMore') return 'tellUsMore';
  if (start === 'youveEntered') return 'batch';
  return context.questionsMode;
}

/** What the questionnaire reads when a step starts: the session's flags and the draw's. */
export function questionnaireFlagsOf(context: DrawCycleContext): QuestionnaireFlags {
  const { isFirstTimeUser, isFirstQuestionnaire } = context.flags;
  return {
    isFirstTimeUser,
    isFirstQuestionnaire,
    hasFinishedQuestionnaire: context.hasFinishedQuestionnaire,
  };
}

/** The question on screen, kept so a reload knows a questionnaire is under way. */
export function withQuestionShown(question: Question, answered: number): Partial<DrawCycleContext> {
  return {
    currentQuestionnaire: {
      id: String(question.id),
      attributes: { next_question: question.prompt, finished: question.finished },
    },
    questionsAnswered: answered,
  };
}

/**
 * Spec section 4: a finished questionnaire (answered to its end, or skipped) is marked so, and
 * the current questionnaire and draw entry are cleared; the timer is asked again.
 */
export const QUESTIONNAIRE_FINISHED: Partial<DrawCycleContext> = {
  // Tell Us More is over with its questions: what they earned plays as after a press.
  isAnsweringFromTellUsMore: false,
  hasFinishedQuestionnaire: true,
  firstQuestionnaireAnswered: true,
  currentQuestionnaire: null,
  questionsAnswered: 0,
  currentDrawEntry: null,
};
