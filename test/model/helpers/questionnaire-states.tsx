// What the player sees in each state of the questionnaire's model, checked against the page, the
// server's calls and what the draw was told.
import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import {
  TOAST_LOADING_QUESTIONS,
  TOAST_NO_QUESTION_LEFT,
  TOAST_NOTHING_EARNED,
} from '../../../machines/questionnaire/questionnaire.machine';
import { answerBody, ENTRY } from './questionnaire-fake-api';
import type { QuestionnaireSnapshot } from './questionnaire-model';
import {
  TUTORIAL_TEXT,
  answered,
  app,
  expectCard,
  expectChoices,
  expectFrame,
  expectLoadingCard,
  expectLoadingToast,
  expectProgress,
  real,
  toastForEnd,
  toasts,
} from './questionnaire-harness';
import { entryIsKnown } from './questionnaire-gestures';

export const states: Record<string, (snapshot: QuestionnaireSnapshot) => Promise<void> | void> = {
  tellUsMore: async () => {
    expectFrame(true);
    expectLoadingCard();
    expectLoadingToast(false);
    expect(app().api.isWaiting('startTellUsMore')).toBe(true);
    await waitFor(() => expect(app().api.clicks()).toEqual(['tell_us_more_clicked']));
  },
  'questions.findingEntry': async (snapshot) => {
    expectFrame(true);
    expectLoadingCard();
    if (snapshot.children.checkHasFinished) {
      // Tell Us More asks whether the player has finished beside the first question, not
      // before it: both are on their way at once.
      expectLoadingToast(true);
      expect(app().api.isWaiting('hasFinishedQuestionnaire')).toBe(true);
      await waitFor(() => expect(app().api.isWaiting('nextQuestion')).toBe(true));
    }
    if (entryIsKnown(app().walk)) {
      // Found at once, with no press: the first question is on its way.
      expect(app().api.count('enterDraw')).toBe(0);
      return;
    }
    // The press has not answered: the player's entry is asked for.
    expect(app().api.isWaiting('enterDraw')).toBe(true);
    expect(app().api.count('nextQuestion')).toBe(0);
  },
  'questions.loading': () => {
    expectFrame(true);
    expectLoadingCard();
    expectProgress();
    expectLoadingToast(true);
    expect(app().api.isWaiting('nextQuestion')).toBe(true);
    expect(app().draw.reports).toContainEqual({ type: 'questionnaire.entryFound', entry: ENTRY });
    // Only Tell Us More asks whether a questionnaire was finished, and only when not known;
    // the draw hears the answer (a failed check tells it nothing).
    const { mode, hasFinishedQuestionnaire } = app().walk;
    const asks = mode === 'tellUsMore' && !hasFinishedQuestionnaire;
    expect(app().api.count('hasFinishedQuestionnaire')).toBe(asks ? 1 : 0);
    const checked = app().draw.reports.filter((r) => r.type === 'questionnaire.finishedChecked');
    expect(checked.length).toBeLessThanOrEqual(asks ? 1 : 0);
  },
  'questions.tutorial': async () => {
    expectFrame(false);
    screen.getByText(TUTORIAL_TEXT);
    screen.getByText(app().walk.mode === 'tellUsMore' ? 'Tell Us More' : 'What I Like');
    expect(screen.queryByRole('button', { name: 'Yes' })).toBeNull();
    await screen.findByTestId('question-card');
  },
  // The card is on screen, but a tap or swipe that came with the last answer is not taken.
  'questions.showing.arriving': async () => {
    await expectCard(false);
  },
  'questions.showing.ready': async () => {
    await expectCard(true);
  },
  'questions.answering': () => {
    expectFrame(true);
    const { question, choice } = real().context;
    screen.getByText(question!.prompt);
    expectProgress();
    expectChoices(false);
    // The server hears the answer to this card, against the entry.
    expect(app().api.callsOf('answerQuestion').at(-1)).toEqual(answerBody(question!, choice!));
    expect(app().api.count('answerQuestion')).toBe(answered() - (app().walk.resumeAt ?? 0));
  },
  'questions.ending': () => {
    expectFrame(true);
    expectLoadingCard();
    expect(app().api.callsOf('payRewards')).toEqual([ENTRY.id]);
    expect(app().api.count('nextQuestion')).toBeLessThanOrEqual(5);
  },
  // The questions flow moves on: to the rewards a first questionnaire earned, else /home.
  done: (expected) => {
    const { output, status } = real();
    expect(status).toBe('done');
    expect(output).toEqual({
      finished: expected.context.finished,
      rewards: expected.context.rewards,
    });
    expect(screen.queryByRole('button', { name: 'Yes' })).toBeNull();
    expect(screen.getByRole('main').getAttribute('aria-busy')).toBe('true');
    const ended = toastForEnd(app().last);
    // Questions that ran out in the middle of a finished batch said so on the way.
    const shown = toasts().filter(
      (toast) =>
        toast.message !== TOAST_LOADING_QUESTIONS &&
        !(expected.context.finished && toast.message === TOAST_NO_QUESTION_LEFT) &&
        toast.message !== TOAST_NOTHING_EARNED,
    );
    expect(shown).toEqual(ended ? [ended] : []);
    // A finished batch that earned nothing to show says so.
    const earnedNothing = app().last?.type === 'xstate.done.actor.claimRewards';
    expect(toasts().some((toast) => toast.message === TOAST_NOTHING_EARNED)).toBe(
      earnedNothing && expected.context.rewards.length === 0,
    );
    if (app().walk.earnsNothing && earnedNothing) {
      // What the player reads when every answer was skipped.
      expect(toasts()).toContainEqual({
        type: 'toast',
        message: 'Thanks for your answers! Skipped questions earn no tickets.',
        variant: 'info',
      });
    }
    if (expected.context.finished) {
      expect(app().api.callsOf('payRewards')).toEqual([ENTRY.id]);
      // The payment's answer says what to show: never a second call.
      expect(app().api.count('rewards')).toBe(0);
    } else {
      expect(app().api.count('payRewards')).toBe(0);
    }
  },
};
