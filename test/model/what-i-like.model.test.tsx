// Generated paths through What I Like (/what-i-like) and the disclosure (/disclosure), walked
// through the real views: the player taps 'What I Like', 'Skip' and 'Got it, let's go', the
// server answers the skip, and every state is checked against what the player sees. The step's
// end is what comes next in the questions flow (the questions, the rewards or /home).
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSelector } from '@xstate/react';
import { expect } from 'vitest';
import { createActor, fromPromise, type Actor, type SnapshotFrom } from 'xstate';
import type { Step } from 'xstate/graph';
import type { DrawEntry, Reward } from '../../contract/api';
import {
  createQuestionnaireActors,
  type ClickInput,
  type SkipInput,
} from '../../machines/questionnaire/questionnaire.actors';
import type { QuestionnaireEmitted } from '../../machines/questionnaire/questionnaire.types';
import {
  TOAST_SKIP_FAILED,
  whatILikeMachine,
  type WhatILikeInput,
} from '../../machines/questionnaire/what-i-like.machine';
import { routeOf } from '../../machines/shared/routes';
import type { QuestionsStep } from '../../src/lib/draw-status';
import { DisclosureView, PROMISES } from '../../src/features/questionnaire/DisclosurePage';
import { WhatILikeView } from '../../src/features/questionnaire/WhatILikePage';
import { CoverageRecorder } from './helpers/coverage';
import {
  answerWhenWaiting,
  CurrentApp,
  describeGeneratedWalks,
  describeWalkCoverage,
  planWalks,
  stopAndUnmount,
} from './helpers/generated-walks';
import {
  COUPON,
  ENTRY,
  FakeQuestionsApi,
  rewardsAnswer,
  SERVER_ERROR,
  TICKETS,
} from './helpers/questionnaire-fake-api';

type StepEvent =
  | { type: 'whatILike.start' }
  | { type: 'whatILike.skip' }
  | { type: 'disclosure.continue' }
  | { type: 'xstate.done.actor.skipQuestionnaire'; output: Reward[] }
  | { type: 'xstate.error.actor.skipQuestionnaire'; error: unknown }
  | { type: 'xstate.done.actor.logWhatILike' };
type StepSnapshot = SnapshotFrom<typeof whatILikeMachine>;

type Walk = {
  name: string;
  isFirstQuestionnaire: boolean;
  atDisclosure: boolean;
  /** What a first-time player's skip earns. */
  skipRewards: Reward[];
  /** Analytics are down: every click fails, and nothing waits for it. */
  clicksFail: boolean;
};

const WALKS: Walk[] = [
  {
    name: 'a first-time player after a press',
    isFirstQuestionnaire: true,
    atDisclosure: false,
    skipRewards: [COUPON, TICKETS],
    clicksFail: false,
  },
  {
    name: 'a returning player, analytics down',
    isFirstQuestionnaire: false,
    atDisclosure: false,
    skipRewards: [],
    clicksFail: true,
  },
  {
    name: 'a first-time player back at /disclosure',
    isFirstQuestionnaire: true,
    atDisclosure: true,
    skipRewards: [COUPON],
    clicksFail: false,
  },
];

const inputOf = (walk: Walk, entry: DrawEntry | null = ENTRY): WhatILikeInput => ({
  atDisclosure: walk.atDisclosure,
  isFirstQuestionnaire: walk.isFirstQuestionnaire,
  drawEntry: entry,
});

// The model's calls never answer: each path's events say how they end.
const logic = whatILikeMachine.provide({
  actors: {
    skipQuestionnaire: fromPromise<Reward[], SkipInput>(() => new Promise(() => undefined)),
    logClick: fromPromise<void, ClickInput>(() => new Promise(() => undefined)),
  },
});

function eventsFor(walk: Walk) {
  const outcomes: StepEvent[] = [
    { type: 'xstate.done.actor.skipQuestionnaire', output: walk.skipRewards },
    // A returning player's skip makes no call, so it cannot fail.
    ...(walk.isFirstQuestionnaire
      ? [{ type: 'xstate.error.actor.skipQuestionnaire' as const, error: SERVER_ERROR }]
      : []),
  ];
  return (snapshot: StepSnapshot): StepEvent[] => {
    const candidates: StepEvent[] = [
      { type: 'whatILike.start' },
      { type: 'whatILike.skip' },
      { type: 'disclosure.continue' },
    ];
    if (snapshot.children.skipQuestionnaire) candidates.push(...outcomes);
    if (snapshot.children.logWhatILike) candidates.push({ type: 'xstate.done.actor.logWhatILike' });
    return candidates;
  };
}

const serialize = (snapshot: StepSnapshot) =>
  JSON.stringify({
    value: snapshot.value,
    startsQuestions: snapshot.context.startsQuestions,
    finished: snapshot.context.finished,
  });

const DESCRIBED: Record<StepEvent['type'], string> = {
  'whatILike.start': "taps 'What I Like'",
  'whatILike.skip': "taps 'Skip'",
  'disclosure.continue': "taps 'Got it, let's go'",
  'xstate.done.actor.skipQuestionnaire': 'the skip is recorded',
  'xstate.error.actor.skipQuestionnaire': 'the skip fails',
  'xstate.done.actor.logWhatILike': 'the tap is logged',
};

const walks = planWalks(WALKS, (walk) => ({
  logic,
  events: eventsFor(walk),
  serialize,
  describeEvent: (event: StepEvent) => DESCRIBED[event.type],
  input: () => inputOf(walk),
}));
const coverage = new CoverageRecorder();

// ---- the running step and its screens ----------------------------------------------------------

type Running = Actor<typeof logic>;

/** The screen the step names: /what-i-like or /disclosure; none once it has ended. */
function StepScreen({ step }: { step: Running }) {
  const route = useSelector(step, (snapshot) => routeOf(snapshot));
  const view = step as unknown as QuestionsStep<'whatILike'>;
  if (route === '/disclosure') return <DisclosureView step={view} />;
  if (route === '/what-i-like') return <WhatILikeView step={view} />;
  return <></>;
}

function open(walk: Walk) {
  const api = new FakeQuestionsApi();
  api.answerAlways('click', () =>
    walk.clicksFail ? Promise.reject(SERVER_ERROR) : Promise.resolve({}),
  );
  const calls = createQuestionnaireActors(api);
  const actor = createActor(
    logic.provide({
      actors: { skipQuestionnaire: calls.skipQuestionnaire, logClick: calls.logClick },
    }),
    { input: inputOf(walk), inspect: coverage.inspect },
  );
  const emitted: QuestionnaireEmitted[] = [];
  actor.on('*', (effect) => void emitted.push(effect));
  actor.start();
  const view = render(<StepScreen step={actor} />);
  return { walk, api, actor, emitted, view, user: userEvent.setup() };
}

const current = new CurrentApp<ReturnType<typeof open>>('What I Like is not running.');
const app = current.get;

// ---- what the player sees ----------------------------------------------------------------------

const button = (name: string) => screen.getByRole('button', { name });
const enabled = (name: string) => (button(name) as HTMLButtonElement).disabled === false;

function expectWhatILike(skipping: boolean) {
  screen.getByRole('heading', { level: 1, name: 'Win more of what you like' });
  screen.getByText(/Answer 5 quick yes or no questions/);
  const firstTime = screen.queryByText(/Your first answers also win you a random prize/);
  expect(firstTime !== null).toBe(app().walk.isFirstQuestionnaire);
  expect(screen.getByRole('main').getAttribute('aria-busy')).toBe(String(skipping));
  expect(enabled('What I Like')).toBe(!skipping);
  expect(enabled(skipping ? 'Skipping…' : 'Skip')).toBe(!skipping);
}

/** The clicks the server was sent so far (failing or not, they were sent). */
const clicks = () => app().api.clicks();

const states: Record<string, (snapshot: StepSnapshot) => Promise<void> | void> = {
  choosing: () => {
    expect(routeOf(app().actor.getSnapshot())).toBe('/what-i-like');
    expectWhatILike(false);
    expect(clicks()).toEqual([]);
    expect(app().emitted).toEqual([]);
  },
  disclosure: async () => {
    expect(routeOf(app().actor.getSnapshot())).toBe('/disclosure');
    screen.getByRole('heading', { level: 1, name: 'Before you start' });
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual(
      PROMISES.map((promise) => promise.title),
    );
    screen.getByText(
      'Every question is optional, and your answers never change your odds in the draw.',
    );
    expect(enabled("Got it, let's go")).toBe(true);
    expect(screen.queryByRole('button', { name: 'What I Like' })).toBeNull();
    // Arrived by 'What I Like' (logged), or opened here.
    const tapped = app().walk.atDisclosure ? [] : ['what_i_like_clicked', 'win_more_clicked'];
    await waitFor(() => expect(clicks()).toEqual(tapped));
  },
  // A returning player's tap is logged before the questions start (or a moment later at most).
  leaving: async () => {
    expect(app().walk.isFirstQuestionnaire).toBe(false);
    await waitFor(() => expect(clicks()).toEqual(['win_more_clicked', 'what_i_like_clicked']));
  },
  skipping: async () => {
    // A returning player's skip makes no call: it is over before the screen could show it.
    if (!app().walk.isFirstQuestionnaire) {
      expect(app().actor.getSnapshot().status).toBe('done');
      expect(app().api.count('skipQuestionnaire')).toBe(0);
      return;
    }
    expect(routeOf(app().actor.getSnapshot())).toBe('/what-i-like');
    expectWhatILike(true);
    await waitFor(() => expect(clicks()).toEqual(['questionnaire_skipped']));
    // A first-time player's skip is recorded against the press's entry, by its numeric id.
    if (app().walk.isFirstQuestionnaire) {
      await waitFor(() => expect(app().api.callsOf('skipQuestionnaire')).toEqual([ENTRY.id]));
    }
  },
  // The flow moves on: to the questions, to the rewards the skip earned, or /home.
  done: (expected) => {
    const real = app().actor.getSnapshot();
    expect(real.status).toBe('done');
    expect(real.output).toEqual(expected.output);
    expect(screen.queryByRole('main')).toBeNull();
    const failed = !expected.context.startsQuestions && !expected.context.finished;
    expect(app().emitted).toEqual(
      failed ? [{ type: 'toast', message: TOAST_SKIP_FAILED, variant: 'error' }] : [],
    );
    if (expected.context.finished && app().walk.isFirstQuestionnaire) {
      expect(app().api.callsOf('skipQuestionnaire')).toEqual([ENTRY.id]);
      expect(app().api.count('wishlistCoupon')).toBe(1);
      expect(app().api.count('rewards')).toBe(1);
    }
    if (!app().walk.isFirstQuestionnaire) {
      expect(app().api.count('skipQuestionnaire')).toBe(0);
      expect(app().api.count('wishlistCoupon')).toBe(0);
    }
  },
};

// ---- the walk ----------------------------------------------------------------------------------

type WalkStep = Step<StepSnapshot, StepEvent>;

async function arrive(expected: StepSnapshot): Promise<void> {
  await waitFor(() => expect(serialize(app().actor.getSnapshot())).toBe(serialize(expected)));
}

/** A returning player's skip ends by itself, at once: the walk finds it over. */
async function arriveSkipping(expected: StepSnapshot): Promise<void> {
  if (app().walk.isFirstQuestionnaire) return arrive(expected);
  await waitFor(() => expect(app().actor.getSnapshot().status).toBe('done'));
}

async function tap(name: string, step: WalkStep) {
  await app().user.click(button(name));
  await arrive(step.state);
}

/** Waits for `call`, then answers it (and lets the answer reach the machine). */
const answerCall = (call: 'skipQuestionnaire' | 'wishlistCoupon' | 'rewards', value: unknown) =>
  answerWhenWaiting(app().api, call, (api) => api.resolve(call, value));

const executors = {
  'whatILike.start': async (step) => {
    await app().user.click(button('What I Like'));
    // A returning player's tap moves on by itself once logged: the walk may find it over.
    if (step.state.matches('leaving')) {
      await waitFor(() => expect(clicks()).toEqual(['win_more_clicked', 'what_i_like_clicked']));
      return;
    }
    await arrive(step.state);
  },
  'xstate.done.actor.logWhatILike': async (step) => {
    await waitFor(() => expect(app().actor.getSnapshot().status).toBe('done'));
    expect(serialize(app().actor.getSnapshot())).toBe(serialize(step.state));
  },
  'whatILike.skip': async (step) => {
    await app().user.click(button('Skip'));
    await arriveSkipping(step.state);
  },
  'disclosure.continue': (step) => tap("Got it, let's go", step),
  'xstate.done.actor.skipQuestionnaire': async (step) => {
    // A returning player's skip makes no call; a first-time player's is recorded, earns the
    // wishlist coupon and lists the rewards.
    if (app().walk.isFirstQuestionnaire) {
      await answerCall('skipQuestionnaire', { data: { draw_entry_id: ENTRY.id, skipped: true } });
      await answerCall('wishlistCoupon', { data: COUPON });
      await answerCall('rewards', rewardsAnswer(app().walk.skipRewards));
    }
    await arrive(step.state);
  },
  'xstate.error.actor.skipQuestionnaire': async (step) => {
    await answerWhenWaiting(app().api, 'skipQuestionnaire', (api) =>
      api.reject('skipQuestionnaire', SERVER_ERROR),
    );
    await arrive(step.state);
  },
} satisfies Record<StepEvent['type'], (step: WalkStep) => Promise<void>>;

describeGeneratedWalks('What I Like and the disclosure, generated paths through the views', {
  walks,
  start: (walk) => current.hold(open(walk), stopAndUnmount),
  arrive,
  events: executors,
  states,
});

describeWalkCoverage('What I Like and the disclosure, coverage of the walk', {
  logic,
  states,
  coverage,
  chart: { states: 7, transitions: 9 },
});
