// One generated walk of one machine of the entry flow (the flow itself, or a step it runs),
// through the real pages of the running app: the model's paths (path-planner.ts) are replayed
// with the visitor's gestures and the API's answers, each state checked against what the
// visitor sees and against the running machine, found by the id it runs under. A step's walk
// begins where the app opens the step; its final states are the screens the flow moves on to.
// The flow's own walk takes each step's end (`xstate.done.actor.<step>`) as one event, whose
// gestures go through the step.
import { waitFor } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createActor,
  SimulatedClock,
  type AnyStateMachine,
  type EventObject,
  type Snapshot,
  type StateValue,
} from 'xstate';
import { TestModel, type Step } from 'xstate/graph';
import { chartOf, CoverageRecorder } from './coverage';
import { renderEntryFlow, type EntryFlowHarness } from './entry-flow-harness';
import { planPaths, stateKeyMatcher } from './path-planner';
import { statesWithoutView } from './view-check';

/** A snapshot of the walked machine, as far as the walk reads it. */
export type WalkSnapshot = Snapshot<unknown> & {
  value: StateValue;
  context: unknown;
  children: Record<string, unknown>;
  matches(value: StateValue): boolean;
  can(event: EventObject): boolean;
};

export type WalkStep<TEvent extends EventObject> = Step<WalkSnapshot, TEvent>;

/** Where a walk starts: the machine's input, and the visitor's way to the machine's first state. */
export type WalkStart = {
  label: string;
  input: unknown;
  harness?: Parameters<typeof renderEntryFlow>[0];
  open: (app: EntryFlowHarness) => Promise<void>;
};

export type EntryWalk<TEvent extends EventObject> = {
  /** The id the machine runs under in the app (its invoke id; the flow's is `entryFlow`). */
  id: string;
  logic: AnyStateMachine;
  starts: WalkStart[];
  /** The events the visitor (or a call's answer) can cause in a state of the model. */
  events: (snapshot: WalkSnapshot) => TEvent[];
  /** What tells two states apart for the walk (and for arriving: the running one must match). */
  serialize: (snapshot: WalkSnapshot) => string;
  describeEvent: (event: TEvent) => string;
  /** Delayed events (`xstate.after.…`) and the milliseconds they take, for the replay. */
  delays?: Record<string, number>;
  executors: Record<string, (step: WalkStep<TEvent>, app: EntryFlowHarness) => Promise<void>>;
  /**
   * Transitions this walk cannot take, each with where they are walked instead (a shared
   * machine configured otherwise here).
   */
  walkedElsewhere?: Record<string, string>;
  /** What the visitor sees, for every state they can rest in (final states included). */
  states: Record<string, (snapshot: WalkSnapshot, app: EntryFlowHarness) => void>;
};

/** The transitions the machine takes for `events` from its initial state, with its clock. */
function replay<TEvent extends EventObject>(
  walk: EntryWalk<TEvent>,
  input: unknown,
  events: TEvent[],
): Set<string> {
  const recorder = new CoverageRecorder();
  const clock = new SimulatedClock();
  const actor = createActor(walk.logic, { input, clock, inspect: recorder.inspect });
  actor.start();
  for (const event of events) {
    const delay = walk.delays?.[event.type];
    if (delay === undefined) actor.send(event);
    else clock.increment(delay);
  }
  actor.stop();
  return recorder.transitions;
}

/** Waits until the running machine is where the model says the step leads. */
async function arrive<TEvent extends EventObject>(
  walk: EntryWalk<TEvent>,
  app: EntryFlowHarness,
  expected: WalkSnapshot,
): Promise<void> {
  await waitFor(() => {
    const real = app.snapshotOf<WalkSnapshot>(walk.id);
    expect(real, `${walk.id} is running`).toBeDefined();
    expect(real?.value).toEqual(expected.value);
    // Equal as far as the model tells states apart (what the screen shows and decides on).
    expect(walk.serialize(real!)).toBe(walk.serialize(expected));
  });
}

/** The walk's tests: every planned path from every start, then its coverage checks. */
export function describeEntryWalk<TEvent extends EventObject>(walk: EntryWalk<TEvent>): void {
  const coverage = new CoverageRecorder(walk.id);
  const plans = walk.starts.map((start) => {
    const model = new TestModel<WalkSnapshot, TEvent, unknown>(walk.logic as never, {
      events: walk.events,
      serializeState: walk.serialize,
      stateMatcher: stateKeyMatcher,
      input: start.input,
    });
    const paths = planPaths({
      model,
      transitions: chartOf(walk.logic).transitions,
      serializeState: walk.serialize,
      replay: (events) => replay(walk, start.input, events),
      describeEvent: walk.describeEvent,
    });
    return { start, model, paths };
  });
  const cases = plans.flatMap(({ start, model, paths }) =>
    paths.map((path) => {
      const label = [start.label, path.description].filter(Boolean).join(': ');
      return [label || '(opened)', { start, model, path }] as const;
    }),
  );

  describe(`${walk.id}, generated paths through the pages`, () => {
    it.each(cases)('%s', async (_, { start, model, path }) => {
      const app = renderEntryFlow({ ...start.harness, inspect: coverage.inspect });
      await start.open(app);
      if (path.steps[0]) await arrive(walk, app, path.steps[0].state);
      const events = Object.fromEntries(
        Object.entries(walk.executors).map(([type, execute]) => [
          type,
          async (step: WalkStep<TEvent>) => {
            await execute(step, app);
            await arrive(walk, app, step.state);
          },
        ]),
      );
      const states = Object.fromEntries(
        Object.entries(walk.states).map(([key, check]) => [
          key,
          (snapshot: WalkSnapshot) => check(snapshot, app),
        ]),
      );
      await model.testPath(path, { events: events as never, states });
    });

    afterAll(() => {
      // Reported here too, so a filtered run shows what it left out.
      const missing = coverage.missing(walk.logic);
      if (missing.states.length + missing.transitions.length > 0) {
        console.info(`${walk.id} not walked:`, missing);
      }
    });
  });

  describe(`${walk.id}, coverage of the walk`, () => {
    it('asserts what the visitor sees in every state they can rest in', () => {
      expect(statesWithoutView(walk.logic, walk.states)).toEqual([]);
    });

    it('walked every state and every transition of the chart', ({ task }) => {
      coverage.report(task, walk.logic);
      const elsewhere = Object.keys(walk.walkedElsewhere ?? {});
      expect(coverage.missing(walk.logic)).toEqual({ states: [], transitions: elsewhere });
    });
  });
}
