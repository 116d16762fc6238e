// Generated paths through the 'You're Entered To Win' step on its own, walked in the real
// signed-in app: the player opens /youve-entered, the clock and the rewards check's answers
// drive the step, and each state is checked against what the player sees. The step's end is the
// screen the questions flow moves on to: the rewards found on /rewards, else /what-i-like.
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise, SimulatedClock, type AnyActorRef, type InspectionEvent } from 'xstate';
import type { Step } from 'xstate/graph';
import type { Reward } from '../../contract/api';
import { youveEnteredMachine } from '../../machines/draw-cycle/youve-entered.machine';
import { ApiFailure } from '../../src/lib/api';
import {
  goTo,
  idleDrawApi,
  renderApp,
  screenLoaded,
  storeSignedInSession,
  tabBar,
} from './helpers/app-harness';
import { CoverageRecorder } from './helpers/coverage';
import { answerWhenWaiting, describeWalkCoverage, planModel } from './helpers/generated-walks';
import { TOKEN_REWARD } from './helpers/draw-fake-api';

const CHECK = 'xstate.after.youveEnteredCheck.youveEntered.waiting';
type StepEvent =
  | { type: typeof CHECK }
  | { type: 'xstate.done.actor.fetchRewards'; output: Reward[] }
  | { type: 'xstate.error.actor.fetchRewards'; error: unknown };
type StepSnapshot = ReturnType<typeof youveEnteredMachine.getInitialSnapshot>;

const logic = youveEnteredMachine.provide({
  actors: { fetchRewards: fromPromise<Reward[]>(() => new Promise(() => undefined)) },
});

const OUTCOMES: StepEvent[] = [
  { type: 'xstate.done.actor.fetchRewards', output: [TOKEN_REWARD] },
  { type: 'xstate.done.actor.fetchRewards', output: [] },
  { type: 'xstate.error.actor.fetchRewards', error: new ApiFailure(500, null) },
];

const events = (snapshot: StepSnapshot): StepEvent[] => {
  const candidates: StepEvent[] = snapshot.matches('waiting') ? [{ type: CHECK }] : [];
  if (snapshot.children.fetchRewards) candidates.push(...OUTCOMES);
  return candidates;
};
const serialize = (snapshot: StepSnapshot) =>
  JSON.stringify({ value: snapshot.value, rewards: snapshot.context.rewards.length });

const { model, paths } = planModel({
  logic,
  events,
  serialize,
  describeEvent: (event: StepEvent) =>
    event.type === CHECK
      ? '1.5 s pass'
      : 'error' in event
        ? 'the rewards check fails'
        : `the rewards check finds ${event.output.length}`,
  delays: { [CHECK]: 1500 },
});
const coverage = new CoverageRecorder('youveEntered');

type Harness = ReturnType<typeof renderApp> & {
  clock: SimulatedClock;
  step: () => StepSnapshot | null;
};

async function open(): Promise<Harness> {
  storeSignedInSession({ isFirstTimeUser: false, isFirstQuestionnaire: false });
  const clock = new SimulatedClock();
  let latest: StepSnapshot | null = null;
  const harness = renderApp({
    path: '/home',
    drawClock: clock,
    drawApi: idleDrawApi(),
    drawInspect: (event: InspectionEvent) => {
      coverage.inspect(event);
      if (
        event.type === '@xstate.snapshot' &&
        (event.actorRef as AnyActorRef).id === 'youveEntered'
      ) {
        latest = event.snapshot as StepSnapshot;
      }
    },
  });
  harness.drawApi.answerByHand('rewards');
  await screenLoaded();
  await goTo('/youve-entered');
  return { ...harness, clock, step: () => latest };
}

const path = () => window.location.pathname;
let current: Harness | null = null;

const states: Record<string, (snapshot: StepSnapshot) => Promise<void> | void> = {
  waiting: () => {
    expect(path()).toBe('/youve-entered');
    expect(screen.getByRole('heading', { name: "You're Entered To Win" })).toBeDefined();
    expect(tabBar()).toBeNull();
  },
  checkingRewards: () => {
    expect(path()).toBe('/youve-entered');
    expect(current?.drawApi.isWaiting('rewards')).toBe(true);
  },
  // The questions flow moves on: the rewards play (the address says they came from here), or
  // What I Like comes next.
  checked: async (snapshot) => {
    if (snapshot.context.rewards.length > 0) {
      await waitFor(() => expect(path()).toBe('/rewards'));
      expect(window.history.state).toMatchObject({ redirectedFrom: 'YouveEntered' });
      expect(await screen.findByRole('heading', { name: 'You won!' })).toBeDefined();
      expect(screen.getByRole('img', { name: 'Wallet ticket' })).toBeDefined();
    } else {
      await waitFor(() => expect(path()).toBe('/what-i-like'));
      expect(await screen.findByRole('button', { name: 'What I Like' })).toBeDefined();
    }
    expect(tabBar()).toBeNull();
  },
};

describe("'You're Entered To Win', generated paths through the signed-in app", () => {
  it.each(paths.map((p) => [p.description || '(opened)', p] as const))('%s', async (_, walk) => {
    const app = await open();
    current = app;
    const arrive = (expected: StepSnapshot) =>
      waitFor(() => {
        const real = app.step();
        expect(real?.value).toEqual(expected.value);
        expect(serialize(real!)).toBe(serialize(expected));
      });
    const answer = (settle: (api: typeof app.drawApi) => void) =>
      answerWhenWaiting(app.drawApi, 'rewards', settle);
    type Exec = (step: Step<StepSnapshot, StepEvent>) => Promise<void>;
    const executors: Record<StepEvent['type'], Exec> = {
      [CHECK]: async (step) => {
        act(() => app.clock.increment(1499));
        expect(app.drawApi.isWaiting('rewards')).toBe(false);
        act(() => app.clock.increment(1));
        await arrive(step.state);
      },
      'xstate.done.actor.fetchRewards': async (step) => {
        const { output } = step.event as Extract<StepEvent, { output: Reward[] }>;
        await answer((api) => api.resolve('rewards', { data: output }));
        await arrive(step.state);
      },
      'xstate.error.actor.fetchRewards': async (step) => {
        await answer((api) => api.reject('rewards', new ApiFailure(500, null)));
        await arrive(step.state);
      },
    };
    try {
      await arrive(walk.steps[0]!.state);
      await model.testPath(walk, { events: executors as never, states });
    } finally {
      app.view.unmount();
      current = null;
    }
  });
});

describeWalkCoverage("'You're Entered To Win', coverage of the walk", {
  logic,
  states,
  coverage,
});
