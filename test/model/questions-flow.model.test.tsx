// Generated paths through the questions flow itself, walked in the real signed-in app: the
// draw runs the flow after a press, or when the player opens one of its addresses, and each of
// the flow's steps ends ('You're Entered To Win', the rewards, What I Like, the questionnaire) as
// one event, `xstate.done.actor.<step>` with the step's output, reached with the player's
// gestures through the step's screen, the server's answers and the clock. Every screen the
// player rests on is checked on arrival. Each step's own states are walked in its own file.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, describe, expect, it } from 'vitest';
import {
  fromPromise,
  SimulatedClock,
  type AnyActorRef,
  type InspectionEvent,
  type SnapshotFrom,
} from 'xstate';
import type { Step } from 'xstate/graph';
import type { Reward } from '../../contract/api';
import { NO_QUESTION_LEFT } from '../../contract/questionnaires';
import type { DrawSnapshot } from './helpers/draw-cycle-model';
import {
  questionsFlowMachine,
  type QuestionsFlowInput,
  type QuestionsFlowStart,
} from '../../machines/questionnaire/questions-flow.machine';
import type { QuestionnaireOutput } from '../../machines/questionnaire/questionnaire.types';
import {
  TOAST_SKIP_FAILED,
  type WhatILikeOutput,
} from '../../machines/questionnaire/what-i-like.machine';
import type { RewardPlaybackOutput } from '../../machines/reward-playback/reward-playback.machine';
import { rewardKindOf } from '../../machines/reward-playback/reward-playback.machine';
import type { YouveEnteredOutput } from '../../machines/draw-cycle/youve-entered.machine';
import { REDIRECTED_FROM_YOUVE_ENTERED } from '../../machines/draw-cycle/draw-cycle.types';
import { PROMISES } from '../../src/features/questionnaire/DisclosurePage';
import { ApiFailure } from '../../src/lib/api';
import { goTo, renderApp, screenLoaded, storeSignedInSession, tabBar } from './helpers/app-harness';
import { CoverageRecorder } from './helpers/coverage';
import { describeWalkCoverage, planModel } from './helpers/generated-walks';
import {
  COUPON_REWARD,
  ENTRY,
  FakeDrawApi,
  GIFT_CARD_REWARD,
  hasFinished,
  nextQuestion,
  tellUsMoreStarted,
  TIMER_NOT_ENTERED,
  TOKEN_REWARD,
} from './helpers/draw-fake-api';
import {
  answerCall,
  expectQuestionCard,
  expectQuestionLoading,
  expectRewardOnScreen,
  expectWhatILike,
  expectYouveEntered,
  NO_QUESTION_LEFT_FAILURE,
  passYouveEntered,
  path,
  playRewards,
  tap,
  type QuestionsApp,
} from './helpers/questions-gestures';

const T0 = Date.parse('2026-11-25T09:00:00.000Z');

// ---- the model ---------------------------------------------------------------------------------

type FlowEvent =
  | { type: 'xstate.done.actor.youveEntered'; output: YouveEnteredOutput }
  | { type: 'xstate.done.actor.rewardPlayback'; output: RewardPlaybackOutput }
  | { type: 'xstate.done.actor.whatILike'; output: WhatILikeOutput }
  | { type: 'xstate.done.actor.questionnaire'; output: QuestionnaireOutput };
type FlowSnapshot = SnapshotFrom<typeof questionsFlowMachine>;

// The steps never end by themselves in the model: the walk ends each of them.
const waiting = fromPromise(() => new Promise<never>(() => undefined));
const logic = questionsFlowMachine.provide({
  actors: {
    youveEntered: waiting as never,
    rewardPlayback: waiting as never,
    whatILike: waiting as never,
    questionnaire: waiting as never,
  },
});

/** What a first questionnaire (answered to its end) shows: the tickets its answers earned. */
const FIRST_QUESTIONNAIRE_REWARDS: Reward[] = [TOKEN_REWARD];
/** What a first-time player's skip earns: the wishlist coupon. */
const SKIP_REWARDS: Reward[] = [COUPON_REWARD];

const isFirstTime = (snapshot: FlowSnapshot) => snapshot.context.flags.isFirstQuestionnaire;
/** What I Like opens on the promises: /disclosure opened before a first questionnaire. */
const atDisclosure = (snapshot: FlowSnapshot) =>
  snapshot.context.start === 'disclosure' && isFirstTime(snapshot);

/** The ends each step can have here, with the outputs the gestures below lead to. */
function stepEnds(snapshot: FlowSnapshot): FlowEvent[] {
  const firstTime = isFirstTime(snapshot);
  if (snapshot.matches('youveEntered')) {
    return [[TOKEN_REWARD], [GIFT_CARD_REWARD], []].map((rewards) => ({
      type: 'xstate.done.actor.youveEntered',
      output: { rewards },
    }));
  }
  if (snapshot.matches('rewards')) {
    const { rewards, rewardsFromYouveEntered } = snapshot.context;
    const hasReceivedGC = rewards.some((reward) => rewardKindOf(reward) === 'giftCard');
    return [
      {
        type: 'xstate.done.actor.rewardPlayback',
        output: { toWhatILike: rewardsFromYouveEntered && hasReceivedGC, hasReceivedGC },
      },
    ];
  }
  if (snapshot.matches('whatILike')) {
    const whatILike = (output: WhatILikeOutput): FlowEvent => ({
      type: 'xstate.done.actor.whatILike',
      output,
    });
    const starts = whatILike({ startsQuestions: true, finished: false, rewards: [] });
    // At /disclosure the promises lead on to the questions, with no Skip.
    if (atDisclosure(snapshot)) return [starts];
    return [
      starts,
      whatILike({ startsQuestions: false, finished: true, rewards: firstTime ? SKIP_REWARDS : [] }),
      // A first-time player's skip is recorded by the server, which may fail.
      ...(firstTime ? [whatILike({ startsQuestions: false, finished: false, rewards: [] })] : []),
    ];
  }
  if (snapshot.matches('questionnaire')) {
    return [
      {
        type: 'xstate.done.actor.questionnaire',
        // What the answers earned plays, after a first questionnaire and after later ones.
        output: { finished: true, rewards: FIRST_QUESTIONNAIRE_REWARDS },
      },
      { type: 'xstate.done.actor.questionnaire', output: { finished: false, rewards: [] } },
    ];
  }
  return [];
}

/** Where the flow is and what it shows or decides on: the rewards to play and where from. */
const serialize = (snapshot: FlowSnapshot) =>
  JSON.stringify({
    value: snapshot.value,
    rewards: snapshot.context.rewards.map((reward) => reward.id),
    fromYouveEntered: snapshot.context.rewardsFromYouveEntered,
  });

function describeEvent(event: FlowEvent): string {
  switch (event.type) {
    case 'xstate.done.actor.youveEntered':
      return `the rewards check finds ${event.output.rewards.map((r) => r.id).join(', ') || 'none'}`;
    case 'xstate.done.actor.rewardPlayback':
      return event.output.toWhatILike ? 'the rewards played (a gift card)' : 'the rewards played';
    case 'xstate.done.actor.whatILike':
      if (event.output.startsQuestions) return "'What I Like'";
      if (!event.output.finished) return "'Skip' fails";
      return event.output.rewards.length > 0 ? "'Skip' earns a coupon" : "'Skip'";
    case 'xstate.done.actor.questionnaire':
      return event.output.finished ? 'five questions answered' : 'no question left';
  }
}

// ---- where the walks start ----------------------------------------------------------------------

type FlowApp = ReturnType<typeof renderApp> &
  QuestionsApp & {
    /** The flow's latest snapshot in the app (its last one once it has ended). */
    flow: () => FlowSnapshot | null;
    draw: () => DrawSnapshot;
  };

type FlowStart = {
  label: string;
  start: QuestionsFlowStart;
  /** A first-time player (their first questionnaire), else a returning one. */
  firstTime: boolean;
  /** The address the app opens at. */
  at: string;
  /** The player's way to the flow's first screen. */
  open: (app: FlowApp) => Promise<void>;
  /**
   * The flow does not rest where it opens (nothing to play on /rewards): it has ended by the
   * time the app is open, and the walk checks it from the next step on.
   */
  passesThrough?: boolean;
};

/** The player presses the black button; the press's entry is recorded. */
async function press(app: FlowApp): Promise<void> {
  await userEvent.click(await screen.findByRole('button', { name: /Enter To Win/ }));
  await answerCall(app, 'enterDraw', { data: ENTRY });
}

const STARTS: FlowStart[] = [
  {
    label: 'a returning player presses the button',
    start: 'youveEntered',
    firstTime: false,
    at: '/home',
    open: press,
  },
  {
    label: 'a first-time player presses the button',
    start: 'youveEntered',
    firstTime: true,
    at: '/home',
    open: press,
  },
  {
    label: 'a first-time player opens /disclosure',
    start: 'disclosure',
    firstTime: true,
    at: '/home',
    open: () => goTo('/disclosure'),
  },
  {
    label: 'a returning player opens /rewards with nothing to play',
    start: 'rewards',
    firstTime: false,
    at: '/home',
    open: async (app) => {
      await goTo('/rewards');
      // The playback asks the server for the rewards not played back yet: there are none.
      await answerCall(app, 'rewards', { data: [] });
    },
    passesThrough: true,
  },
  {
    label: "a returning player's Tell Us More tab",
    start: 'tellUsMore',
    firstTime: false,
    at: '/players-tutorial',
    open: async () => {
      await waitFor(() => expect(tabBar()).not.toBeNull());
      await userEvent.click(screen.getByRole('link', { name: 'Tell Us More' }));
    },
  },
];

const inputOf = (start: FlowStart): QuestionsFlowInput => ({
  start: start.start,
  flags: {
    isFirstTimeUser: start.firstTime,
    isFirstQuestionnaire: start.firstTime,
    hasFinishedQuestionnaire: false,
  },
  drawEntry: null,
});

const plans = STARTS.map((start) => {
  const input = inputOf(start);
  const { model, paths } = planModel({
    logic,
    events: stepEnds,
    serialize,
    describeEvent,
    input: () => input,
  });
  return { start, model, paths };
});
const coverage = new CoverageRecorder('questionsFlow');

async function openApp(start: FlowStart): Promise<FlowApp> {
  storeSignedInSession({ isFirstTimeUser: start.firstTime, isFirstQuestionnaire: start.firstTime });
  const clock = new SimulatedClock();
  clock.set(T0);
  const drawApi = new FakeDrawApi();
  // No entry in the open draw yet, questions left for the player (the Tell Us More tab).
  drawApi.answerAlways('timer', () =>
    Promise.resolve({ ...TIMER_NOT_ENTERED, show_tell_us_more: true }),
  );
  drawApi.answerAlways('grandPrizes', () => Promise.resolve({ data: [] }));
  drawApi.answerAlways('click', () => Promise.resolve({ message: 'ok' }));
  let flow: FlowSnapshot | null = null;
  let draw: AnyActorRef | null = null;
  const harness = renderApp({
    path: start.at,
    drawClock: clock,
    drawApi,
    drawInspect: (event: InspectionEvent) => {
      coverage.inspect(event);
      const id = (event.actorRef as AnyActorRef).id;
      if (id === 'drawCycle') draw = event.actorRef as AnyActorRef;
      if (event.type === '@xstate.snapshot' && id === 'questionsFlow') {
        flow = event.snapshot as FlowSnapshot;
      }
    },
  });
  await screenLoaded();
  return {
    ...harness,
    clock,
    flow: () => flow,
    draw: () => {
      if (!draw) throw new Error('The draw has not started');
      return draw.getSnapshot() as DrawSnapshot;
    },
  };
}

// ---- the steps' ends, through their screens -----------------------------------------------------

type FlowStep = Step<FlowSnapshot, FlowEvent>;
const outputOf = <T,>(step: FlowStep) => (step.event as unknown as { output: T }).output;

/** The questions of a batch, as the server asks them. */
const QUESTIONS = [
  nextQuestion(31, 'Do you like coffee?'),
  nextQuestion(32, 'Do you go camping?'),
  nextQuestion(33, 'Do you watch football on Sundays?'),
  nextQuestion(34, 'Do you order pizza at least once a week?'),
  nextQuestion(35, 'Do you shop for fishing gear?'),
];
/** The player's answers through the card's buttons: yes, no, and the centre marker's skip. */
const ANSWERS = ['Yes', 'No', 'Skip this question', 'Yes', 'No'] as const;

/** The questionnaire's entry: the press's, or a new one the questions ask for. */
async function findEntry(app: FlowApp): Promise<void> {
  if (app.draw().context.currentDrawEntry !== null) return;
  await answerCall(app, 'enterDraw', { data: ENTRY });
}

/** Tell Us More's start: the server finds the entry, and says the player has not finished. */
async function startTellUsMore(app: FlowApp): Promise<void> {
  await answerCall(app, 'startTellUsMore', tellUsMoreStarted(ENTRY));
  await answerCall(app, 'hasFinishedQuestionnaire', hasFinished(false));
}

/** Five questions, each answered on its card, then their rewards paid for. */
async function answerFive(app: FlowApp, firstTime: boolean, tellUsMore: boolean): Promise<void> {
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

const stepEndGestures: Record<FlowEvent['type'], (step: FlowStep, app: FlowApp) => Promise<void>> =
  {
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

// ---- what the player sees ----------------------------------------------------------------------

const states: Record<string, (snapshot: FlowSnapshot, app: FlowApp) => Promise<void> | void> = {
  youveEntered: () => expectYouveEntered(),
  rewards: async ({ context }) => {
    const [first] = context.rewards;
    if (!first) {
      // Nothing to play: straight on to /home.
      await waitFor(() => expect(path()).toBe('/home'));
      return;
    }
    await expectRewardOnScreen(first);
    // The address says whether the rewards came from 'You're Entered To Win'.
    if (context.rewardsFromYouveEntered) {
      expect(window.history.state).toMatchObject(REDIRECTED_FROM_YOUVE_ENTERED);
    } else {
      expect(window.history.state ?? {}).not.toHaveProperty('redirectedFrom');
    }
  },
  whatILike: async (snapshot) => {
    if (atDisclosure(snapshot)) {
      // Back at /disclosure before a first questionnaire: the product's promises.
      expect(path()).toBe('/disclosure');
      expect(await screen.findByRole('heading', { name: 'Before you start' })).toBeDefined();
      for (const promise of PROMISES) expect(screen.getByText(promise.title)).toBeDefined();
      expect(screen.getByRole('button', { name: "Got it, let's go" })).toBeDefined();
      return;
    }
    await expectWhatILike(isFirstTime(snapshot));
  },
  questionnaire: async ({ context }) => {
    const tellUsMore = context.start === 'tellUsMore';
    await expectQuestionLoading(tellUsMore);
  },
  // Over: /home, the button or the countdown, and the draw no longer runs the flow.
  done: async (_, app) => {
    await waitFor(() => expect(path()).toBe('/home'));
    await waitFor(() => expect(app.draw().children.questionsFlow).toBeUndefined());
    if (app.draw().context.canEnterDraw) {
      expect(await screen.findByRole('button', { name: /Enter To Win/ })).toBeDefined();
    } else {
      expect(await screen.findByText('Enter The Next Drawing In:')).toBeDefined();
    }
  },
};

// ---- the walk -----------------------------------------------------------------------------------

async function arrive(app: FlowApp, expected: FlowSnapshot): Promise<void> {
  await waitFor(() => {
    const real = app.flow();
    expect(real, 'the questions flow has run').not.toBeNull();
    expect(real?.value).toEqual(expected.value);
    expect(serialize(real!)).toBe(serialize(expected));
  });
}

const cases = plans.flatMap(({ start, model, paths }) =>
  paths.map(
    (walk) =>
      [`${start.label}: ${walk.description || '(opened)'}`, { start, model, walk }] as const,
  ),
);

describe('questions flow, generated paths through the signed-in app', () => {
  it.each(cases)('%s', async (_, { start, model, walk }) => {
    const app = await openApp(start);
    try {
      const gestures = {
        // The player's way to the flow's first screen.
        'xstate.init': async () => {
          await start.open(app);
          if (!start.passesThrough) await arrive(app, walk.steps[0]!.state);
        },
        ...Object.fromEntries(
          Object.entries(stepEndGestures).map(([type, gesture]) => [
            type,
            async (step: FlowStep) => {
              await gesture(step, app);
              await arrive(app, step.state);
            },
          ]),
        ),
      };
      const checks = Object.fromEntries(
        Object.entries(states).map(([key, check]) => [
          key,
          (snapshot: FlowSnapshot) => check(snapshot, app),
        ]),
      );
      await model.testPath(walk, { events: gestures as never, states: checks });
    } finally {
      app.view.unmount();
    }
  });

  afterAll(() => {
    // Reported here too, so a filtered run shows what it left out.
    const missing = coverage.missing(logic);
    if (missing.states.length + missing.transitions.length > 0) {
      console.info('questionsFlow not walked:', missing);
    }
  });
});

describeWalkCoverage('questions flow, coverage of the walk', {
  logic,
  states,
  coverage,
  chart: { states: 7, transitions: { moreThan: 10 } },
  walkedIn: 'the app',
});
