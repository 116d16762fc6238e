// The generated walks of one machine through its real view, as the model tests share them: the
// paths planned on the machine (path-planner.ts), with scripted paths a player takes besides;
// one test per path, walked through the running app (the app a walk runs, the calls it answers);
// and the checks that the walk saw every state the player can rest in and took every state and
// transition of the chart.
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  createActor,
  SimulatedClock,
  type AnyStateMachine,
  type EventObject,
  type Snapshot,
} from 'xstate';
import { TestModel, type Step } from 'xstate/graph';
import { chartOf, CoverageRecorder } from './coverage';
import { planPaths, stateKeyMatcher, type PlannedPath } from './path-planner';
import { statesWithoutView } from './view-check';
import { settle } from '../../support/settle';

/** A snapshot of a walked machine, as far as planning reads it. */
type ModelSnapshot = Snapshot<unknown> & {
  matches: (value: never) => boolean;
  can: (event: never) => boolean;
};

// ---- planning ----------------------------------------------------------------------------------

/** What the model of a machine is made of. */
export type ModelPlan<TSnapshot extends ModelSnapshot, TEvent extends EventObject> = {
  /** The machine, its calls never answering: each path's events say how they end. */
  logic: AnyStateMachine;
  /** What the player (and the server, and time) may do next: the model takes what it can. */
  events: (snapshot: TSnapshot) => TEvent[];
  /** What tells two states apart for the walk. */
  serialize: (snapshot: TSnapshot) => string;
  describeEvent: (event: TEvent) => string;
  /** The machine's input, made for the model and again for every replay. */
  input?: () => unknown;
  /** Delayed events and the milliseconds they take: a replay moves its clock on by as much. */
  delays?: Readonly<Partial<Record<string, number>>>;
};

/** One step of a scripted path: which of the model's events in that state it takes. */
export type ScriptStep<TEvent extends EventObject> = (event: TEvent) => boolean;

/** A path the generated ones never take, walked as well: what it is called, and its steps. */
export type Script<TEvent extends EventObject> = {
  says: string;
  steps: ReadonlyArray<ScriptStep<TEvent>> | null;
};

export type PlannedModel<TSnapshot extends ModelSnapshot, TEvent extends EventObject> = {
  model: TestModel<TSnapshot, TEvent, unknown>;
  /** The planned paths: to every state, and through every transition (see path-planner.ts). */
  paths: Array<PlannedPath<TSnapshot, TEvent>>;
};

/** The transitions the machine takes for `events` from its initial state, on its own clock. */
function replay<TEvent extends EventObject>(
  { logic, input, delays }: Pick<ModelPlan<ModelSnapshot, TEvent>, 'logic' | 'input' | 'delays'>,
  events: TEvent[],
): Set<string> {
  const recorder = new CoverageRecorder();
  const clock = new SimulatedClock();
  const actor = createActor(logic, {
    clock,
    inspect: recorder.inspect,
    ...(input ? { input: input() } : {}),
  });
  actor.start();
  for (const event of events) {
    const delay = delays?.[event.type];
    if (delay === undefined) actor.send(event);
    else clock.increment(delay);
  }
  actor.stop();
  return recorder.transitions;
}

/** The model of a machine, and the paths planned through it. */
export function planModel<TSnapshot extends ModelSnapshot, TEvent extends EventObject>(
  plan: ModelPlan<TSnapshot, TEvent>,
): PlannedModel<TSnapshot, TEvent> {
  const { logic, events, serialize, describeEvent, input } = plan;
  const model = new TestModel<TSnapshot, TEvent, unknown>(logic as never, {
    events: (snapshot) => events(snapshot).filter((event) => snapshot.can(event as never)),
    serializeState: serialize,
    stateMatcher: stateKeyMatcher,
    ...(input ? { input: input() } : {}),
  });
  const paths = planPaths({
    model,
    transitions: chartOf(logic).transitions,
    serializeState: serialize,
    replay: (walked) => replay(plan, walked),
    describeEvent,
  });
  return { model, paths };
}

/** The path a script takes through the model from `from`, each step one of the model's events. */
function scriptedPath<TSnapshot extends ModelSnapshot, TEvent extends EventObject>(
  { serialize, describeEvent }: ModelPlan<TSnapshot, TEvent>,
  model: TestModel<TSnapshot, TEvent, unknown>,
  from: TSnapshot,
  { says, steps }: { says: string; steps: ReadonlyArray<ScriptStep<TEvent>> },
): PlannedPath<TSnapshot, TEvent> {
  const adjacency = model.getAdjacencyMap();
  let state = from;
  const walked: Array<Step<TSnapshot, TEvent>> = [
    { state, event: { type: 'xstate.init' } as never },
  ];
  for (const [i, pick] of steps.entries()) {
    const next = Object.values(
      adjacency[serialize(state) as keyof typeof adjacency]?.transitions ?? {},
    ).find(({ event }) => pick(event));
    if (!next)
      throw new Error(`Step ${i + 1} of the script is not possible in ${serialize(state)}`);
    state = next.state;
    walked.push({ state, event: next.event });
  }
  const description = walked
    .slice(1)
    .map(({ event }) => describeEvent(event))
    .join(' → ');
  return { state, steps: walked, weight: steps.length, description: `${says}: ${description}` };
}

/** One test's walk: its name, what the app opens with, the model and the path walked. */
export type GeneratedWalk<TWalk, TSnapshot extends ModelSnapshot, TEvent extends EventObject> = {
  name: string;
  walk: TWalk;
  model: TestModel<TSnapshot, TEvent, unknown>;
  path: PlannedPath<TSnapshot, TEvent>;
};

/**
 * The walks of each of `walks` (each its own model): the planned paths, then the scripted
 * ones, from the machine's first state. A test is named by its walk, then its path.
 */
export function planWalks<
  TWalk extends { name: string },
  TSnapshot extends ModelSnapshot,
  TEvent extends EventObject,
>(
  walks: readonly TWalk[],
  planOf: (walk: TWalk) => ModelPlan<TSnapshot, TEvent> & { scripts?: Array<Script<TEvent>> },
): Array<GeneratedWalk<TWalk, TSnapshot, TEvent>> {
  return walks.flatMap((walk) => {
    const plan = planOf(walk);
    const { model, paths } = planModel(plan);
    const first = paths[0]?.steps[0]?.state;
    const scripted = first
      ? (plan.scripts ?? []).flatMap(({ says, steps }) =>
          steps ? [scriptedPath(plan, model, first, { says, steps })] : [],
        )
      : [];
    return [...paths, ...scripted].map((path) => ({
      name: `${walk.name}: ${path.description || '(opened)'}`,
      walk,
      model,
      path,
    }));
  });
}

// ---- walking -----------------------------------------------------------------------------------

/** The app a walk runs, one walk at a time, for the walk's gestures and checks to reach. */
export class CurrentApp<TApp> {
  private current: TApp | null = null;

  /** @param notRunning what reaching for the app says while no walk runs it */
  constructor(private readonly notRunning: string) {}

  /** The app the walk runs. */
  readonly get = (): TApp => {
    if (this.current === null) throw new Error(this.notRunning);
    return this.current;
  };

  /** A part of the running app that comes later (an actor it starts): throws until it has. */
  part<TPart>(select: (app: TApp) => TPart | null, notYet: string): () => TPart {
    return () => {
      const part = select(this.get());
      if (part === null) throw new Error(notYet);
      return part;
    };
  }

  /** Holds `app` as the running one, until the teardown returned `close`s it. */
  hold(app: TApp, close: (app: TApp) => void): () => void {
    this.current = app;
    return () => {
      close(app);
      this.current = null;
    };
  }
}

/** Closes an app that is a running actor and its rendered view. */
export function stopAndUnmount({
  actor,
  view,
}: {
  actor: { stop: () => unknown };
  view: { unmount: () => void };
}): void {
  actor.stop();
  view.unmount();
}

/** A stand-in API whose calls wait for the walk to answer them (see deferred-api.ts). */
type WaitingApi = { isWaiting: (call: never) => boolean };
type CallOf<TApi extends WaitingApi> = Parameters<TApi['isWaiting']>[0];

/** Waits until `call` waits for its answer, then gives it (and lets it reach the view). */
export async function answerWhenWaiting<TApi extends WaitingApi>(
  api: TApi,
  call: CallOf<TApi>,
  answer: (api: TApi) => void,
): Promise<void> {
  await waitFor(() => expect(api.isWaiting(call as never)).toBe(true));
  await act(async () => {
    answer(api);
    await settle();
  });
}

export type WalkRun<TWalk, TSnapshot extends ModelSnapshot, TEvent extends EventObject> = {
  walks: ReadonlyArray<GeneratedWalk<TWalk, TSnapshot, TEvent>>;
  /** Opens the app for the walk; returns what closes it, run however the walk ends. */
  start: (walk: TWalk) => () => void;
  /** Waits until the running app is in the model's state. */
  arrive: (state: TSnapshot) => Promise<void>;
  /** What causes each event: the player's gestures, the server's answers, time passing. */
  events: Readonly<Record<string, (step: Step<TSnapshot, TEvent>) => Promise<void>>>;
  /** What the player sees in each state. */
  states: Readonly<Record<string, (snapshot: TSnapshot) => Promise<void> | void>>;
};

/** A test for each walk: the app opened for it, in its first state, then walked along its path. */
export function describeGeneratedWalks<
  TWalk,
  TSnapshot extends ModelSnapshot,
  TEvent extends EventObject,
>(
  title: string,
  { walks, start, arrive, events, states }: WalkRun<TWalk, TSnapshot, TEvent>,
): void {
  describe(title, () => {
    it.each(walks.map((walk) => [walk.name, walk] as const))(
      '%s',
      async (_, { walk, model, path }) => {
        const close = start(walk);
        try {
          await arrive(path.steps[0]!.state);
          await model.testPath(path, { events: events as never, states });
        } finally {
          close();
        }
      },
    );
  });
}

// ---- coverage ----------------------------------------------------------------------------------

/** How many states or transitions a chart has: exactly, or more than so many. */
export type ChartCount = number | { moreThan: number };

export type WalkCoverage = {
  logic: AnyStateMachine;
  /** What the walk checks the player sees, by state. */
  states: Readonly<Record<string, unknown>>;
  /** What the running app's machine took. */
  coverage: CoverageRecorder;
  /** The chart's size, as the walk was written for it. */
  chart?: { states?: ChartCount; transitions?: ChartCount };
  /** Where the chart was walked, when the test names it ('the app'). */
  walkedIn?: string;
};

function expectCount(actual: number, count: ChartCount | undefined): void {
  if (count === undefined) return;
  if (typeof count === 'number') expect(actual).toBe(count);
  else expect(actual).toBeGreaterThan(count.moreThan);
}

/**
 * The walk's coverage: a check of what the player sees in every state they can rest in, and
 * every state and transition of the chart taken (reported for coverage-reporter.ts).
 */
export function describeWalkCoverage(
  title: string,
  { logic, states, coverage, chart, walkedIn }: WalkCoverage,
): void {
  describe(title, () => {
    it('asserts what the player sees in every state they can rest in', () => {
      expect(statesWithoutView(logic, states)).toEqual([]);
    });

    const where = walkedIn ? ` in ${walkedIn}` : '';
    it(`walked every state and every transition of the chart${where}`, ({ task }) => {
      coverage.report(task, logic);
      if (chart) {
        const { states: chartStates, transitions } = chartOf(logic);
        expectCount(chartStates.length, chart.states);
        expectCount(transitions.length, chart.transitions);
      }
      expect(coverage.missing(logic)).toEqual({ states: [], transitions: [] });
    });
  });
}
