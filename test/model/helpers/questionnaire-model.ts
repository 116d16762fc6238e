// The questionnaire's model, as its model test walks it (test/model/questionnaire.model.test.tsx):
// the ways to answer a card, the events a walk takes (the player's, the server's, time's), the
// walks and the machine with calls that never answer (each path's events say how they end).
import { fromPromise, type SnapshotFrom } from 'xstate';
import type { DrawEntry, Reward } from '../../../contract/api';
import {
  createQuestionnaireActors,
  type FindEntryInput,
} from '../../../machines/questionnaire/questionnaire.actors';
import {
  questionnaireMachine,
  type CardChoice,
  type QuestionnaireInput,
  type QuestionnaireMode,
} from '../../../machines/questionnaire/questionnaire.machine';
import type { ApiFailure } from '../../../src/lib/api';
import { ENTRY, TICKETS, type QuestionFixture } from './questionnaire-fake-api';

// ---- the player's gestures on the card ---------------------------------------------------------

/** Every way to answer a card: a swipe by finger or mouse, the centre marker, the red Skip. */
export const GESTURES = {
  touchRight: 'yes',
  mouseLeft: 'no',
  centreMarker: 'skip',
  mouseRight: 'yes',
  touchLeft: 'no',
  skipButton: 'skip',
} as const satisfies Record<string, CardChoice>;
export type Gesture = keyof typeof GESTURES;
export const GESTURE_ORDER = Object.keys(GESTURES) as Gesture[];

export const GESTURE_NAMES: Record<Gesture, string> = {
  touchRight: 'swipes the card right with a finger (yes)',
  mouseLeft: 'drags the card left with the mouse (no)',
  centreMarker: 'taps the centre marker (skip)',
  mouseRight: 'drags the card right with the mouse (yes)',
  touchLeft: 'swipes the card left with a finger (no)',
  skipButton: 'taps the red Skip (skip)',
};

// ---- the model ---------------------------------------------------------------------------------

/** The card has been on screen long enough to take an answer. */
export const CARD_ARRIVES = 'xstate.after.cardArrival.questionnaire.questions.showing.arriving';

export type ModelEvent =
  | { type: typeof CARD_ARRIVES }
  | { type: 'card.dismissTutorial' }
  /** The machine's event, with the gesture that makes it. */
  | { type: 'card.answer'; choice: CardChoice; gesture: Gesture }
  | { type: 'xstate.done.actor.startTellUsMore'; output: DrawEntry }
  | { type: 'xstate.error.actor.startTellUsMore'; error: ApiFailure }
  | { type: 'xstate.done.actor.checkHasFinished'; output: boolean }
  | { type: 'xstate.error.actor.checkHasFinished'; error: ApiFailure }
  | { type: 'xstate.done.actor.findEntry'; output: DrawEntry }
  | { type: 'xstate.error.actor.findEntry'; error: ApiFailure }
  | { type: 'xstate.done.actor.fetchNextQuestion'; output: QuestionFixture }
  | { type: 'xstate.error.actor.fetchNextQuestion'; error: ApiFailure }
  | { type: 'xstate.done.actor.answerQuestion'; output: undefined }
  | { type: 'xstate.error.actor.answerQuestion'; error: ApiFailure }
  | { type: 'xstate.done.actor.claimRewards'; output: Reward[] }
  | { type: 'xstate.error.actor.claimRewards'; error: ApiFailure };
export type QuestionnaireSnapshot = SnapshotFrom<typeof questionnaireMachine>;

export type Walk = {
  name: string;
  mode: QuestionnaireMode;
  isFirstQuestionnaire: boolean;
  hasFinishedQuestionnaire: boolean;
  /** The entry the draw holds when the questions begin; null: the press has not answered. */
  drawEntry: DrawEntry | null;
  /** The gesture of the first answer; the next answers take the following ones, in turn. */
  firstGesture: number;
  /** How the tutorial card is swiped away. */
  tutorialSwipe: { pointer: 'touch' | 'mouse'; dx: number };
  /** A batch under way, resumed after a reload with this many answers given. */
  resumeAt?: number;
  /** The answers earned nothing to show (every one skipped). */
  earnsNothing?: boolean;
};

export const WALKS: Walk[] = [
  {
    name: 'a first questionnaire after What I Like, the press not answered yet',
    mode: 'batch',
    isFirstQuestionnaire: true,
    hasFinishedQuestionnaire: false,
    drawEntry: null,
    firstGesture: 0,
    tutorialSwipe: { pointer: 'touch', dx: -70 },
  },
  {
    name: "a returning player's batch after a press",
    mode: 'batch',
    isFirstQuestionnaire: false,
    hasFinishedQuestionnaire: true,
    drawEntry: ENTRY,
    firstGesture: 2,
    tutorialSwipe: { pointer: 'touch', dx: 70 },
  },
  {
    name: 'Tell Us More, not known to have finished a questionnaire',
    mode: 'tellUsMore',
    isFirstQuestionnaire: false,
    hasFinishedQuestionnaire: false,
    drawEntry: null,
    firstGesture: 4,
    tutorialSwipe: { pointer: 'touch', dx: 70 },
  },
  {
    name: 'Tell Us More before the first questionnaire is over',
    mode: 'tellUsMore',
    isFirstQuestionnaire: true,
    hasFinishedQuestionnaire: true,
    drawEntry: null,
    firstGesture: 1,
    tutorialSwipe: { pointer: 'mouse', dx: 130 },
  },
  {
    // A reload on the 4th card of a first questionnaire: the batch goes on where it was.
    name: 'a first questionnaire resumed after a reload, 3 answers given',
    mode: 'batch',
    isFirstQuestionnaire: true,
    hasFinishedQuestionnaire: false,
    drawEntry: ENTRY,
    firstGesture: 3,
    tutorialSwipe: { pointer: 'touch', dx: 70 },
    resumeAt: 3,
  },
  {
    name: "a returning player's batch that earns nothing (the payment lists no reward)",
    mode: 'batch',
    isFirstQuestionnaire: false,
    hasFinishedQuestionnaire: true,
    drawEntry: ENTRY,
    firstGesture: 5,
    tutorialSwipe: { pointer: 'touch', dx: -70 },
    earnsNothing: true,
  },
];

export const inputOf = (walk: Walk): QuestionnaireInput => ({
  mode: walk.mode,
  resumeAt: walk.resumeAt ?? null,
  drawEntry: walk.drawEntry,
  isFirstTimeUser: walk.isFirstQuestionnaire,
  isFirstQuestionnaire: walk.isFirstQuestionnaire,
  hasFinishedQuestionnaire: walk.hasFinishedQuestionnaire,
});

/** The gesture that answers the card after `answered` answers, in this walk. */
export const gestureAt = (walk: Walk, answered: number): Gesture =>
  GESTURE_ORDER[(walk.firstGesture + answered) % GESTURE_ORDER.length]!;

/** What the answers earned, shown after every questionnaire (the payment's answer lists it). */
export const claimedFor = (walk: Walk): Reward[] => (walk.earnsNothing ? [] : [TICKETS]);

// The model's calls never answer: each path's events say how they end.
export const never = () => new Promise<never>(() => undefined);
export const silent = createQuestionnaireActors({
  enterDraw: never,
  nextQuestion: never,
  answerQuestion: never,
  hasFinishedQuestionnaire: never,
  skipQuestionnaire: never,
  startTellUsMore: never,
  payRewards: never,
  wishlistCoupon: never,
  rewards: never,
  click: never,
});
export const logic = questionnaireMachine.provide({
  actors: { ...silent, findEntry: fromPromise<DrawEntry, FindEntryInput>(never) },
});
