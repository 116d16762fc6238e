// What causes each event of the questionnaire's model, through the rendered view: the player's
// swipes, drags and taps on the card, the server's answers, time passing. Other walks can drive
// the questionnaire with these gestures from their own models.
import { act, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { Step } from 'xstate/graph';
import type { Reward } from '../../../contract/api';
import { CARD_ARRIVAL_MS } from '../../../machines/questionnaire/questionnaire.machine';
import { answerWhenWaiting } from './generated-walks';
import { drag } from './entry-gestures';
import type { FakeQuestionsApi } from './questionnaire-fake-api';
import {
  ENTRY,
  entryAnswer,
  hasFinishedAnswer,
  nextQuestionAnswer,
  rewardsAnswer,
  tellUsMoreAnswer,
  type QuestionFixture,
} from './questionnaire-fake-api';
import {
  CARD_ARRIVES,
  type Gesture,
  type ModelEvent,
  type QuestionnaireSnapshot,
  type Walk,
  gestureAt,
} from './questionnaire-model';
import { answered, app, button, expectChoices, real } from './questionnaire-harness';
import { serialize } from './questionnaire-paths';

// ---- the walk ----------------------------------------------------------------------------------

export type WalkStep = Step<QuestionnaireSnapshot, ModelEvent>;
export type CallName = Parameters<FakeQuestionsApi['resolve']>[0];

/** The walk's entry is known when the questions begin (the press's, or Tell Us More's). */
export const entryIsKnown = (walk: Walk) => walk.mode === 'tellUsMore' || walk.drawEntry !== null;

/**
 * The page catches up with the model. A known entry is found at once: the walk may find the
 * questionnaire already asking for the first question.
 */
export async function arrive(expected: QuestionnaireSnapshot): Promise<void> {
  const keys = [serialize(expected)];
  if (expected.matches({ questions: 'findingEntry' }) && entryIsKnown(app().walk)) {
    const checking = expected.children.checkHasFinished ? { checking: true } : {};
    keys.push(JSON.stringify({ value: { questions: 'loading' }, answered: 0, ...checking }));
  }
  await waitFor(() => expect(keys).toContain(serialize(real())));
}

/** Waits for `call`, then settles it: rejected with the event's error, or resolved with `value`. */
export const settleCall = (call: CallName, event: ModelEvent, value: unknown): Promise<void> =>
  answerWhenWaiting(app().api, call, (api) => {
    if ('error' in event) api.reject(call, event.error);
    else api.resolve(call, value);
  });

/** The card, once it follows drags (the gesture code loads after the first paint). */
export const card = () => screen.findByTestId('question-card');

/** A drag too short to count leaves the card where it was. */
export async function dragTooShort(pointer: 'touch' | 'mouse', dx: number) {
  const before = serialize(real());
  const sent = app().api.count('answerQuestion');
  await drag(app(), await card(), pointer, dx);
  expect(serialize(real())).toBe(before);
  expect(app().api.count('answerQuestion')).toBe(sent);
}

export async function answerWith(gesture: Gesture) {
  switch (gesture) {
    case 'touchRight':
      // A finger must travel more than 50 px: 30 px does not answer.
      await dragTooShort('touch', 30);
      await drag(app(), await card(), 'touch', 70);
      break;
    case 'touchLeft':
      await dragTooShort('touch', -30);
      await drag(app(), await card(), 'touch', -70);
      break;
    case 'mouseRight':
      // The mouse must travel more than 100 px: 90 px does not answer.
      await dragTooShort('mouse', 90);
      await drag(app(), await card(), 'mouse', 130);
      break;
    case 'mouseLeft':
      await dragTooShort('mouse', -90);
      await drag(app(), await card(), 'mouse', -130);
      break;
    case 'centreMarker':
      await app().user.click(button('Skip this question'));
      break;
    case 'skipButton':
      await app().user.click(button('Skip'));
      break;
  }
}

export type Executor = (step: WalkStep) => Promise<void>;

/** A gesture on a card that is not ready (just come, or answered) changes nothing. */
export async function gestureIgnored(gesture: Gesture) {
  const before = serialize(real());
  const sent = app().api.count('answerQuestion');
  const clicks = app().api.clicks().length;
  await answerWith(gesture);
  expect(serialize(real())).toBe(before);
  expect(app().api.count('answerQuestion')).toBe(sent);
  expect(app().api.clicks()).toHaveLength(clicks);
}

export const executors = {
  [CARD_ARRIVES]: async (step) => {
    // A second tap or swipe as the card comes is not an answer to it.
    await gestureIgnored(gestureAt(app().walk, answered()));
    await act(async () => {
      app().clock.increment(CARD_ARRIVAL_MS - 1);
      await Promise.resolve();
    });
    expectChoices(false);
    await act(async () => {
      app().clock.increment(1);
      await Promise.resolve();
    });
    await arrive(step.state);
  },
  'card.dismissTutorial': async (step) => {
    const { pointer, dx } = app().walk.tutorialSwipe;
    await dragTooShort('touch', dx > 0 ? 30 : -30);
    await drag(app(), await card(), pointer, dx);
    await arrive(step.state);
  },
  'card.answer': async (step) => {
    const event = step.event as Extract<ModelEvent, { type: 'card.answer' }>;
    await answerWith(event.gesture);
    await arrive(step.state);
    // The same gesture again at once (a double tap, a second swipe): still one answer.
    await gestureIgnored(event.gesture);
  },
  'xstate.done.actor.startTellUsMore': async (step) => {
    await settleCall('startTellUsMore', step.event, tellUsMoreAnswer(ENTRY));
    await arrive(step.state);
  },
  'xstate.error.actor.startTellUsMore': async (step) => {
    await settleCall('startTellUsMore', step.event, null);
    await arrive(step.state);
  },
  'xstate.done.actor.checkHasFinished': async (step) => {
    const { output } = step.event as Extract<ModelEvent, { output: boolean }>;
    await settleCall('hasFinishedQuestionnaire', step.event, hasFinishedAnswer(output));
    await arrive(step.state);
    expect(app().draw.reports).toContainEqual({
      type: 'questionnaire.finishedChecked',
      finished: output,
    });
  },
  'xstate.error.actor.checkHasFinished': async (step) => {
    await settleCall('hasFinishedQuestionnaire', step.event, null);
    await arrive(step.state);
    expect(app().draw.told()).not.toContain('questionnaire.finishedChecked');
  },
  // A known entry (the press's, or Tell Us More's) is found at once; else the player presses.
  'xstate.done.actor.findEntry': async (step) => {
    if (!entryIsKnown(app().walk)) {
      await settleCall('enterDraw', step.event, entryAnswer(ENTRY));
    }
    await arrive(step.state);
  },
  'xstate.error.actor.findEntry': async (step) => {
    await settleCall('enterDraw', step.event, null);
    await arrive(step.state);
  },
  'xstate.done.actor.fetchNextQuestion': async (step) => {
    const { output } = step.event as Extract<ModelEvent, { output: QuestionFixture }>;
    await settleCall('nextQuestion', step.event, nextQuestionAnswer(output));
    await arrive(step.state);
  },
  'xstate.error.actor.fetchNextQuestion': async (step) => {
    await settleCall('nextQuestion', step.event, null);
    await arrive(step.state);
  },
  'xstate.done.actor.answerQuestion': async (step) => {
    await settleCall('answerQuestion', step.event, {});
    await arrive(step.state);
  },
  'xstate.error.actor.answerQuestion': async (step) => {
    await settleCall('answerQuestion', step.event, null);
    await arrive(step.state);
  },
  'xstate.done.actor.claimRewards': async (step) => {
    const { output } = step.event as Extract<ModelEvent, { output: Reward[] }>;
    // The payment answers the rewards a first questionnaire shows.
    await settleCall('payRewards', step.event, rewardsAnswer(output));
    await arrive(step.state);
  },
  'xstate.error.actor.claimRewards': async (step) => {
    await settleCall('payRewards', step.event, null);
    await arrive(step.state);
  },
} satisfies Record<ModelEvent['type'], Executor>;

/** Each executor, remembering the event for the end's checks. */
export const remembering = Object.fromEntries(
  Object.entries(executors).map(([type, execute]) => [
    type,
    async (step: WalkStep) => {
      await execute(step);
      app().last = step.event;
    },
  ]),
);
