// What ends each step of the questions flow, through the step's screen in the signed-in app: the
// player's gestures, the server's answers and the clock. Other walks can drive the flow with
// these gestures from their own models.
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { Step } from 'xstate/graph';
import { NO_QUESTION_LEFT } from '../../../contract/questionnaires';
import type { QuestionnaireOutput } from '../../../machines/questionnaire/questionnaire.types';
import {
  TOAST_SKIP_FAILED,
  type WhatILikeOutput,
} from '../../../machines/questionnaire/what-i-like.machine';
import type { YouveEnteredOutput } from '../../../machines/draw-cycle/youve-entered.machine';
import { ApiFailure } from '../../../src/lib/api';
import {
  COUPON_REWARD,
  ENTRY,
  hasFinished,
  nextQuestion,
  tellUsMoreStarted,
} from './draw-fake-api';
import {
  answerCall,
  expectQuestionCard,
  NO_QUESTION_LEFT_FAILURE,
  passYouveEntered,
  path,
  playRewards,
  tap,
} from './questions-gestures';
import {
  FIRST_QUESTIONNAIRE_REWARDS,
  type FlowEvent,
  type FlowSnapshot,
  SKIP_REWARDS,
} from './questions-flow-model';
import type { FlowApp } from './questions-flow-harness';

// ---- the steps' ends, through their screens -----------------------------------------------------

export type FlowStep = Step<FlowSnapshot, FlowEvent>;
export const outputOf = <T>(step: FlowStep) => (step.event as unknown as { output: T }).output;

/** The questions of a batch, as the server asks them. */
export const QUESTIONS = [
  nextQuestion(31, 'Do you like coffee?'),
  nextQuestion(32, 'Do you go camping?'),
  nextQuestion(33, 'Do you watch football on Sundays?'),
  nextQuestion(34, 'Do you order pizza at least once a week?'),
  nextQuestion(35, 'Do you shop for fishing gear?'),
];
/** The player's answers through the card's buttons: yes, no, and the centre marker's skip. */
export const ANSWERS = ['Yes', 'No', 'Skip this question', 'Yes', 'No'] as const;

/** The questionnaire's entry: the press's, or a new one the questions ask for. */
export async function findEntry(app: FlowApp): Promise<void> {
  if (app.draw().context.currentDrawEntry !== null) return;
  await answerCall(app, 'enterDraw', { data: ENTRY });
}

/** Tell Us More's start: the server finds the entry, and says the player has not finished. */
export async function startTellUsMore(app: FlowApp): Promise<void> {
  await answerCall(app, 'startTellUsMore', tellUsMoreStarted(ENTRY));
  await answerCall(app, 'hasFinishedQuestionnaire', hasFinished(false));
}

/** Five questions, each answered on its card, then their rewards paid for. */
export async function answerFive(
  app: FlowApp,
  firstTime: boolean,
  tellUsMore: boolean,
): Promise<void> {
  if (tellUsMore) await startTellUsMore(app);
  else await findEntry(app);
  for (const [index, question] of QUESTIONS.entries()) {
    await answerCall(app, 'nextQuestion', question);
    if (index === 0 && firstTime) {
      // The first-time tutorial card comes first.
      expect(await screen.findByText(/The More You Tell Us, The More You'll Win/)).toBeDefined();
      await tap('Start');
    }
    await expectQuestionCard(question.data.attributes.next_question, index + 1, 5, app);
    await tap(ANSWERS[index]!);
    expect(app.drawApi.callsOf('answerQuestion').at(-1)).toMatchObject({
      questionId: Number(question.data.id),
      answer: ANSWERS[index] === 'Yes',
      isSkipped: ANSWERS[index] === 'Skip this question',
      draw_entry_id: ENTRY.id,
    });
    await answerCall(app, 'answerQuestion', {});
  }
  expect(app.drawApi.callsOf('payRewards').at(-1)).toEqual({ draw_entry_id: ENTRY.id });
  // What the answers earned shows at once, from the payment's answer.
  await answerCall(app, 'payRewards', { data: FIRST_QUESTIONNAIRE_REWARDS });
}

export const stepEndGestures: Record<
  FlowEvent['type'],
  (step: FlowStep, app: FlowApp) => Promise<void>
> = {
  // 'You're Entered To Win' for 1.5 s, then the rewards check's answer.
  'xstate.done.actor.youveEntered': (step, app) =>
    passYouveEntered(app, outputOf<YouveEnteredOutput>(step).rewards),
  // Each reward for its time; then the server hears they were shown.
  'xstate.done.actor.rewardPlayback': async (_, app) => {
    const rewards = app.flow()?.context.rewards ?? [];
    // Nothing to play: the flow moved on as /rewards opened.
    if (rewards.length > 0) await playRewards(app, rewards);
  },
  'xstate.done.actor.whatILike': async (step, app) => {
    const { startsQuestions, finished } = outputOf<WhatILikeOutput>(step);
    if (startsQuestions) {
      // Before the first questionnaire, the promises come first.
      if (path() === '/what-i-like') await tap('What I Like');
      if (app.flow()?.context.flags.isFirstQuestionnaire) await tap("Got it, let's go");
      return;
    }
    await tap('Skip');
    if (!app.flow()?.context.flags.isFirstQuestionnaire) return;
    // A first-time player's skip is recorded against the entry and earns the wishlist coupon.
    expect(app.drawApi.callsOf('skipQuestionnaire').at(-1)).toEqual({ draw_entry_id: ENTRY.id });
    if (!finished) {
      await answerCall(app, 'skipQuestionnaire', null, new ApiFailure(500, null));
      expect(await screen.findByText(TOAST_SKIP_FAILED)).toBeDefined();
      return;
    }
    await answerCall(app, 'skipQuestionnaire', {
      data: { draw_entry_id: ENTRY.id, skipped: true },
    });
    await answerCall(app, 'wishlistCoupon', { data: COUPON_REWARD });
    await answerCall(app, 'rewards', { data: SKIP_REWARDS });
  },
  'xstate.done.actor.questionnaire': async (step, app) => {
    const tellUsMore = app.flow()?.context.start === 'tellUsMore';
    if (outputOf<QuestionnaireOutput>(step).finished) {
      await answerFive(app, app.flow()?.context.flags.isFirstQuestionnaire ?? false, tellUsMore);
      return;
    }
    // The server has no question left for the player.
    if (tellUsMore) {
      await answerCall(app, 'startTellUsMore', null, NO_QUESTION_LEFT_FAILURE);
    } else {
      await findEntry(app);
      await answerCall(app, 'nextQuestion', null, NO_QUESTION_LEFT_FAILURE);
    }
    expect(await screen.findByText(NO_QUESTION_LEFT)).toBeDefined();
  },
};
