// The questionnaire's paths: the events enabled in each snapshot of a walk (with the fixtures the
// server's answers carry), a snapshot's key, and each event as a path's description says it.
import type { ApiFailure } from '../../../src/lib/api';
import { ENTRY, NOT_FOUND, questionAt, SERVER_ERROR } from './questionnaire-fake-api';
import {
  CARD_ARRIVES,
  GESTURES,
  GESTURE_NAMES,
  type ModelEvent,
  type QuestionnaireSnapshot,
  type Walk,
  claimedFor,
  gestureAt,
} from './questionnaire-model';

export function eventsFor(walk: Walk) {
  return (snapshot: QuestionnaireSnapshot): ModelEvent[] => {
    const { children, context } = snapshot;
    const answered = context.questionnaireProgress;
    const candidates: ModelEvent[] = [{ type: 'card.dismissTutorial' }];
    if (snapshot.matches({ questions: { showing: 'arriving' } })) {
      candidates.push({ type: CARD_ARRIVES });
    }
    const gesture = gestureAt(walk, answered);
    candidates.push({ type: 'card.answer', choice: GESTURES[gesture], gesture });
    if (children.startTellUsMore) {
      candidates.push(
        { type: 'xstate.done.actor.startTellUsMore', output: ENTRY },
        { type: 'xstate.error.actor.startTellUsMore', error: NOT_FOUND },
        { type: 'xstate.error.actor.startTellUsMore', error: SERVER_ERROR },
      );
    }
    // Asked beside the first question; the walk answers it first (the question it leaves
    // waiting is checked in the meantime), so no other step waits on both.
    if (children.checkHasFinished) {
      return [
        { type: 'xstate.done.actor.checkHasFinished', output: false },
        { type: 'xstate.error.actor.checkHasFinished', error: SERVER_ERROR },
      ];
    }
    if (children.findEntry) {
      candidates.push({ type: 'xstate.done.actor.findEntry', output: ENTRY });
      // Only a press for the player can fail; a known entry is found at once.
      if (walk.mode === 'batch' && walk.drawEntry === null) {
        candidates.push({ type: 'xstate.error.actor.findEntry', error: SERVER_ERROR });
      }
    }
    if (children.fetchNextQuestion) {
      candidates.push({
        type: 'xstate.done.actor.fetchNextQuestion',
        output: questionAt(answered),
      });
      // The player's last question: it ends the questionnaire from the 2nd answer on (asked
      // only early on, where the rule is decided; later it would end it as the 2nd does).
      if (answered < 2) {
        candidates.push({
          type: 'xstate.done.actor.fetchNextQuestion',
          output: questionAt(answered, true),
        });
      }
      candidates.push(
        { type: 'xstate.error.actor.fetchNextQuestion', error: NOT_FOUND },
        { type: 'xstate.error.actor.fetchNextQuestion', error: SERVER_ERROR },
      );
    }
    if (children.answerQuestion) {
      candidates.push(
        { type: 'xstate.done.actor.answerQuestion', output: undefined },
        { type: 'xstate.error.actor.answerQuestion', error: SERVER_ERROR },
      );
    }
    if (children.claimRewards) {
      candidates.push(
        { type: 'xstate.done.actor.claimRewards', output: claimedFor(walk) },
        { type: 'xstate.error.actor.claimRewards', error: SERVER_ERROR },
      );
    }
    return candidates;
  };
}

/**
 * What the walk tells apart: where the questionnaire is and, on the card, how many answers were
 * given and whether the question is the player's last (the ending rules read both).
 */
export function serialize(snapshot: QuestionnaireSnapshot): string {
  const { context } = snapshot;
  if (snapshot.status === 'done') {
    return JSON.stringify({ value: 'done', finished: context.finished, rewards: context.rewards });
  }
  const onCard =
    snapshot.matches({ questions: 'showing' }) || snapshot.matches({ questions: 'answering' });
  return JSON.stringify({
    value: snapshot.value,
    answered: context.questionnaireProgress,
    ...(onCard || snapshot.matches({ questions: 'tutorial' })
      ? { last: context.question?.finished ?? null }
      : {}),
    ...(snapshot.children.checkHasFinished ? { checking: true } : {}),
  });
}

export const failure = (error: ApiFailure) =>
  error.status === 404 ? 'has none left (404)' : 'fails';

export function describeEvent(event: ModelEvent): string {
  switch (event.type) {
    case CARD_ARRIVES:
      return 'the card has been on screen a moment';
    case 'card.dismissTutorial':
      return 'swipes the tutorial card away';
    case 'card.answer':
      return GESTURE_NAMES[event.gesture];
    case 'xstate.done.actor.startTellUsMore':
      return 'the server starts Tell Us More';
    case 'xstate.error.actor.startTellUsMore':
      return `Tell Us More ${failure(event.error)}`;
    case 'xstate.done.actor.checkHasFinished':
      return 'the server says no questionnaire is finished';
    case 'xstate.error.actor.checkHasFinished':
      return 'the finished check fails';
    case 'xstate.done.actor.findEntry':
      return 'the entry is found';
    case 'xstate.error.actor.findEntry':
      return 'the press fails';
    case 'xstate.done.actor.fetchNextQuestion':
      return event.output.finished ? "the player's last question" : 'a question';
    case 'xstate.error.actor.fetchNextQuestion':
      return `the next question ${failure(event.error)}`;
    case 'xstate.done.actor.answerQuestion':
      return 'the answer is recorded';
    case 'xstate.error.actor.answerQuestion':
      return 'the answer fails';
    case 'xstate.done.actor.claimRewards':
      return 'the rewards are paid';
    case 'xstate.error.actor.claimRewards':
      return 'paying the rewards fails';
  }
}
