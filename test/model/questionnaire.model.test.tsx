// Generated paths through the swipe-card questionnaire (/questionnaire), walked through the real
// view: the player swipes the card right (yes) and left (no) with a finger and with the mouse,
// taps the centre marker and the red Skip, swipes the tutorial card away; the server answers
// each call; and every state is checked against what the player sees and what the server and
// the draw were told. The step's end is what the questions flow does next (the rewards, /home).
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type Actor, type SnapshotFrom } from 'xstate';
import type { Step } from 'xstate/graph';
import type { DrawEntry, Reward } from '../../contract/api';
import {
  createQuestionnaireActors,
  type FindEntryInput,
} from '../../machines/questionnaire/questionnaire.actors';
import {
  CARD_ARRIVAL_MS,
  LOADING_QUESTIONS_KEY,
  questionnaireMachine,
  TOAST_ANSWER_FAILED,
  TOAST_LOADING_QUESTIONS,
  TOAST_NO_QUESTION_LEFT,
  TOAST_NOTHING_EARNED,
  TOAST_QUESTIONS_FAILED,
  type CardChoice,
  type QuestionnaireEmitted,
  type QuestionnaireInput,
  type QuestionnaireMode,
} from '../../machines/questionnaire/questionnaire.machine';
import { routeOf } from '../../machines/shared/routes';
import type { QuestionsStep } from '../../src/lib/draw-status';
import { QuestionnaireView } from '../../src/features/questionnaire/QuestionnairePage';
import type { ApiFailure } from '../../src/lib/api';
import { CoverageRecorder } from './helpers/coverage';
import {
  answerWhenWaiting,
  CurrentApp,
  describeGeneratedWalks,
  describeWalkCoverage,
  planWalks,
  stopAndUnmount,
} from './helpers/generated-walks';
import { drag } from './helpers/entry-gestures';
import {
  answerBody,
  ENTRY,
  entryAnswer,
  FakeDrawLink,
  FakeQuestionsApi,
  hasFinishedAnswer,
  NOT_FOUND,
  nextQuestionAnswer,
  questionAt,
  rewardsAnswer,
  SERVER_ERROR,
  tellUsMoreAnswer,
  TICKETS,
  type QuestionFixture,
} from './helpers/questionnaire-fake-api';

// ---- the player's gestures on the card ---------------------------------------------------------

/** Every way to answer a card: a swipe by finger or mouse, the centre marker, the red Skip. */
const GESTURES = {
  touchRight: 'yes',
  mouseLeft: 'no',
  centreMarker: 'skip',
  mouseRight: 'yes',
  touchLeft: 'no',
  skipButton: 'skip',
} as const satisfies Record<string, CardChoice>;
type Gesture = keyof typeof GESTURES;
const GESTURE_ORDER = Object.keys(GESTURES) as Gesture[];

const GESTURE_NAMES: Record<Gesture, string> = {
  touchRight: 'swipes the card right with a finger (yes)',
  mouseLeft: 'drags the card left with the mouse (no)',
  centreMarker: 'taps the centre marker (skip)',
  mouseRight: 'drags the card right with the mouse (yes)',
  touchLeft: 'swipes the card left with a finger (no)',
  skipButton: 'taps the red Skip (skip)',
};

// ---- the model ---------------------------------------------------------------------------------

/** The card has been on screen long enough to take an answer. */
const CARD_ARRIVES = 'xstate.after.cardArrival.questionnaire.questions.showing.arriving';

type ModelEvent =
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
type QuestionnaireSnapshot = SnapshotFrom<typeof questionnaireMachine>;

type Walk = {
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

const WALKS: Walk[] = [
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

const inputOf = (walk: Walk): QuestionnaireInput => ({
  mode: walk.mode,
  resumeAt: walk.resumeAt ?? null,
  drawEntry: walk.drawEntry,
  isFirstTimeUser: walk.isFirstQuestionnaire,
  isFirstQuestionnaire: walk.isFirstQuestionnaire,
  hasFinishedQuestionnaire: walk.hasFinishedQuestionnaire,
});

/** The gesture that answers the card after `answered` answers, in this walk. */
const gestureAt = (walk: Walk, answered: number): Gesture =>
  GESTURE_ORDER[(walk.firstGesture + answered) % GESTURE_ORDER.length]!;

/** What the answers earned, shown after every questionnaire (the payment's answer lists it). */
const claimedFor = (walk: Walk): Reward[] => (walk.earnsNothing ? [] : [TICKETS]);

// The model's calls never answer: each path's events say how they end.
const never = () => new Promise<never>(() => undefined);
const silent = createQuestionnaireActors({
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
const logic = questionnaireMachine.provide({
  actors: { ...silent, findEntry: fromPromise<DrawEntry, FindEntryInput>(never) },
});

function eventsFor(walk: Walk) {
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
    if (children.checkHasFinished) {
      candidates.push(
        { type: 'xstate.done.actor.checkHasFinished', output: false },
        { type: 'xstate.error.actor.checkHasFinished', error: SERVER_ERROR },
      );
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
function serialize(snapshot: QuestionnaireSnapshot): string {
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
  });
}

const failure = (error: ApiFailure) => (error.status === 404 ? 'has none left (404)' : 'fails');

function describeEvent(event: ModelEvent): string {
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

const walks = planWalks(WALKS, (walk) => ({
  logic,
  events: eventsFor(walk),
  serialize,
  describeEvent,
  input: () => inputOf(walk),
  delays: { [CARD_ARRIVES]: CARD_ARRIVAL_MS },
}));
// The questionnaire runs under a listening parent (the root of its system): measured by its id.
const coverage = new CoverageRecorder('questionnaire');

// ---- the running questionnaire and its screen --------------------------------------------------

type Running = Actor<typeof logic>;

function open(walk: Walk) {
  const api = new FakeQuestionsApi();
  api.answerAlways('click', () => Promise.resolve({}));
  const draw = new FakeDrawLink(walk.drawEntry);
  const clock = new SimulatedClock();
  // Its parent (the questions flow, passing reports on to the draw) only listens; stopping it
  // stops the questionnaire.
  // The system is the parent's: its inspection sees the questionnaire's steps.
  const parent = draw.asParent({ clock, inspect: coverage.inspect });
  const actor: Running = createActor(logic.provide({ actors: createQuestionnaireActors(api) }), {
    id: 'questionnaire',
    input: inputOf(walk),
    clock,
    parent,
  });
  const emitted: QuestionnaireEmitted[] = [];
  // Listening before it starts: Tell Us More's 'Loading questions' shows at once.
  actor.on('*', (effect) => void emitted.push(effect));
  actor.start();
  const view = render(
    <QuestionnaireView step={actor as unknown as QuestionsStep<'questionnaire'>} />,
  );
  return {
    walk,
    api,
    clock,
    draw,
    parent,
    actor,
    emitted,
    view,
    user: userEvent.setup(),
    /** The last event walked, for what the end of the questionnaire says. */
    last: null as ModelEvent | null,
  };
}

const current = new CurrentApp<ReturnType<typeof open>>('The questionnaire is not running.');
const app = current.get;

// ---- what the player sees ----------------------------------------------------------------------

const button = (name: string) => screen.getByRole('button', { name });
const real = () => app().actor.getSnapshot();
const answered = () => real().context.questionnaireProgress;
const toasts = () => app().emitted.filter((effect) => effect.type === 'toast');

const LOADING_TOAST = {
  type: 'toast',
  message: TOAST_LOADING_QUESTIONS,
  variant: 'loading',
  key: LOADING_QUESTIONS_KEY,
  persist: true,
} as const;

/** What every screen of the questionnaire shows: its route, the Home link of Tell Us More. */
function expectFrame(busy: boolean) {
  expect(routeOf(real())).toBe('/questionnaire');
  const home = screen.queryByRole('link', { name: 'Home' });
  expect(home !== null).toBe(app().walk.mode === 'tellUsMore');
  if (home) expect(home.getAttribute('href')).toBe('/home');
  expect(screen.getByRole('main').getAttribute('aria-busy')).toBe(String(busy));
}

const TUTORIAL_TEXT = "The More You Tell Us, The More You'll Win Exactly what you want";

function expectProgress() {
  screen.getByText(`Question ${Math.min(answered() + 1, 5)} of 5`);
  const { resumeAt } = app().walk;
  if (resumeAt === undefined || answered() !== resumeAt) return;
  // A batch resumed after a reload: the card it was on, with no tutorial before it.
  screen.getByText(`Question ${resumeAt + 1} of 5`);
  expect(screen.queryByText(TUTORIAL_TEXT)).toBeNull();
}

/** The grey card while the next question (or the entry) is on its way. */
function expectLoadingCard() {
  screen.getByLabelText('Loading the question');
  expect(screen.queryByRole('button', { name: 'Yes' })).toBeNull();
  expect(screen.queryByTestId('question-card')).toBeNull();
}

function expectChoices(enabled: boolean) {
  for (const name of ['No', 'Skip this question', 'Yes', 'Skip']) {
    expect((button(name) as HTMLButtonElement).disabled).toBe(!enabled);
  }
}

/** The question on its card, told to the draw; its answers enabled once it is ready. */
async function expectCard(ready: boolean) {
  expectFrame(false);
  const question = real().context.question!;
  screen.getByText(question.prompt);
  expectProgress();
  expectChoices(ready);
  const hint = screen.queryByText('Swipe right for Yes, left for No');
  expect(hint !== null).toBe(app().walk.isFirstQuestionnaire && answered() === 0);
  expect(app().draw.reports.at(-1)).toEqual({
    type: 'questionnaire.questionShown',
    question,
    answered: answered(),
  });
  await screen.findByTestId('question-card');
}

/** Tell Us More's 'Loading questions' showed; it is dismissed once the server has answered. */
function expectLoadingToast(dismissed: boolean) {
  if (app().walk.mode !== 'tellUsMore') return;
  expect(app().emitted[0]).toEqual(LOADING_TOAST);
  const dismissals = app().emitted.filter((effect) => effect.type === 'dismissToast');
  expect(dismissals).toEqual(
    dismissed ? [{ type: 'dismissToast', key: LOADING_QUESTIONS_KEY }] : [],
  );
}

/** The toast that says why the questionnaire ended early (spec section 8). */
function toastForEnd(event: ModelEvent | null) {
  if (event === null || !('error' in event)) return null;
  switch (event.type) {
    case 'xstate.error.actor.answerQuestion':
      return { type: 'toast', message: TOAST_ANSWER_FAILED, variant: 'error' };
    case 'xstate.error.actor.startTellUsMore':
    case 'xstate.error.actor.fetchNextQuestion':
      return event.error.status === 404
        ? { type: 'toast', message: TOAST_NO_QUESTION_LEFT, variant: 'info' }
        : { type: 'toast', message: TOAST_QUESTIONS_FAILED, variant: 'error' };
    case 'xstate.error.actor.findEntry':
      return { type: 'toast', message: TOAST_QUESTIONS_FAILED, variant: 'error' };
    default:
      return null;
  }
}

const states: Record<string, (snapshot: QuestionnaireSnapshot) => Promise<void> | void> = {
  tellUsMore: async () => {
    expectFrame(true);
    expectLoadingCard();
    expectLoadingToast(false);
    expect(app().api.isWaiting('startTellUsMore')).toBe(true);
    await waitFor(() => expect(app().api.clicks()).toEqual(['tell_us_more_clicked']));
  },
  checkingFinished: () => {
    expectFrame(true);
    expectLoadingCard();
    expectLoadingToast(true);
    expect(app().api.isWaiting('hasFinishedQuestionnaire')).toBe(true);
    expect(app().api.count('nextQuestion')).toBe(0);
  },
  'questions.findingEntry': () => {
    expectFrame(true);
    expectLoadingCard();
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

// ---- the walk ----------------------------------------------------------------------------------

type WalkStep = Step<QuestionnaireSnapshot, ModelEvent>;
type CallName = Parameters<FakeQuestionsApi['resolve']>[0];

/** The walk's entry is known when the questions begin (the press's, or Tell Us More's). */
const entryIsKnown = (walk: Walk) => walk.mode === 'tellUsMore' || walk.drawEntry !== null;

/**
 * The page catches up with the model. A known entry is found at once: the walk may find the
 * questionnaire already asking for the first question.
 */
async function arrive(expected: QuestionnaireSnapshot): Promise<void> {
  const keys = [serialize(expected)];
  if (expected.matches({ questions: 'findingEntry' }) && entryIsKnown(app().walk)) {
    keys.push(JSON.stringify({ value: { questions: 'loading' }, answered: 0 }));
  }
  await waitFor(() => expect(keys).toContain(serialize(real())));
}

/** Waits for `call`, then settles it: rejected with the event's error, or resolved with `value`. */
const settleCall = (call: CallName, event: ModelEvent, value: unknown): Promise<void> =>
  answerWhenWaiting(app().api, call, (api) => {
    if ('error' in event) api.reject(call, event.error);
    else api.resolve(call, value);
  });

/** The card, once it follows drags (the gesture code loads after the first paint). */
const card = () => screen.findByTestId('question-card');

/** A drag too short to count leaves the card where it was. */
async function dragTooShort(pointer: 'touch' | 'mouse', dx: number) {
  const before = serialize(real());
  const sent = app().api.count('answerQuestion');
  await drag(app(), await card(), pointer, dx);
  expect(serialize(real())).toBe(before);
  expect(app().api.count('answerQuestion')).toBe(sent);
}

async function answerWith(gesture: Gesture) {
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

type Executor = (step: WalkStep) => Promise<void>;

/** A gesture on a card that is not ready (just come, or answered) changes nothing. */
async function gestureIgnored(gesture: Gesture) {
  const before = serialize(real());
  const sent = app().api.count('answerQuestion');
  const clicks = app().api.clicks().length;
  await answerWith(gesture);
  expect(serialize(real())).toBe(before);
  expect(app().api.count('answerQuestion')).toBe(sent);
  expect(app().api.clicks()).toHaveLength(clicks);
}

const executors = {
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
const remembering = Object.fromEntries(
  Object.entries(executors).map(([type, execute]) => [
    type,
    async (step: WalkStep) => {
      await execute(step);
      app().last = step.event;
    },
  ]),
);

describeGeneratedWalks('the questionnaire, generated paths through the view', {
  walks,
  start: (walk) =>
    current.hold(open(walk), (running) =>
      stopAndUnmount({ actor: running.parent, view: running.view }),
    ),
  arrive,
  events: remembering,
  states,
});

describeWalkCoverage('the questionnaire, coverage of the walk', {
  logic,
  states,
  coverage,
  chart: { states: 14, transitions: { moreThan: 20 } },
});
