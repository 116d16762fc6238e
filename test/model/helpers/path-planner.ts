// The paths a generated test walks: the shortest path to every state of the model, plus, for
// each transition those do not take, the shortest path that ends by taking it. Which transitions
// a path takes is found by replaying its events on the machine with inspection (`replay`).
import type { EventObject, Snapshot } from 'xstate';
import type { StatePath, TestModel } from 'xstate/graph';

export type PlannedPath<
  TSnapshot extends Snapshot<unknown>,
  TEvent extends EventObject,
> = StatePath<TSnapshot, TEvent> & { description: string };

export type PathPlan<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject> = {
  model: TestModel<TSnapshot, TEvent, unknown>;
  /** Every transition of the chart, as the coverage recorder names them. */
  transitions: string[];
  serializeState: (snapshot: TSnapshot) => string;
  /** The transitions the machine takes for `events` from its initial state. */
  replay: (events: TEvent[]) => Set<string>;
  describeEvent: (event: TEvent) => string;
};

/** Events of a path after the initial `xstate.init` step. */
export const eventsOf = <TSnapshot extends Snapshot<unknown>, TEvent extends EventObject>(
  path: StatePath<TSnapshot, TEvent>,
): TEvent[] => path.steps.slice(1).map((step) => step.event);

const isPrefix = (short: EventObject[], long: EventObject[]) =>
  short.length <= long.length &&
  short.every((event, i) => JSON.stringify(event) === JSON.stringify(long[i]));

export function planPaths<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject>({
  model,
  transitions,
  serializeState,
  replay,
  describeEvent,
}: PathPlan<TSnapshot, TEvent>): Array<PlannedPath<TSnapshot, TEvent>> {
  const toState = new Map<string, StatePath<TSnapshot, TEvent>>();
  for (const path of model.getShortestPaths({ allowDuplicatePaths: true })) {
    toState.set(serializeState(path.state), path);
  }
  const chosen: Array<StatePath<TSnapshot, TEvent>> = [...model.getShortestPaths()];
  const covered = new Set<string>();
  for (const path of chosen) {
    for (const key of replay(eventsOf(path))) covered.add(key);
  }

  const adjacency = model.getAdjacencyMap();
  const origins = [...toState.entries()].sort(([, a], [, b]) => a.steps.length - b.steps.length);
  for (const [serialized, pathToState] of origins) {
    if (transitions.every((key) => covered.has(key))) break;
    const next = adjacency[serialized as keyof typeof adjacency]?.transitions ?? {};
    for (const { event, state } of Object.values(next)) {
      const taken = replay([...eventsOf(pathToState), event]);
      if ([...taken].every((key) => covered.has(key))) continue;
      for (const key of taken) covered.add(key);
      chosen.push({
        state,
        steps: [...pathToState.steps, { state, event }],
        weight: pathToState.weight + 1,
      });
    }
  }

  // A path whose events begin another path's is walked as part of the longer one.
  const byLength = [...chosen].sort((a, b) => b.steps.length - a.steps.length);
  const kept: Array<StatePath<TSnapshot, TEvent>> = [];
  for (const path of byLength) {
    if (!kept.some((longer) => isPrefix(eventsOf(path), eventsOf(longer)))) kept.push(path);
  }
  return kept.map((path) => ({
    ...path,
    description: eventsOf(path).map(describeEvent).join(' → '),
  }));
}

/** Matches `tickets.choosing` style state keys (as TestModel names states) against a snapshot. */
export function stateKeyMatcher<TSnapshot extends { matches: (value: never) => boolean }>(
  snapshot: TSnapshot,
  key: string,
): boolean {
  const value = key
    .split('.')
    .reduceRight<unknown>((inner, part) => (inner === null ? part : { [part]: inner }), null);
  return snapshot.matches(value as never);
}

/** Each gesture, then a wait until the page has caught up with the step's state. */
export function withArrival<TStep>(
  executors: Record<string, (step: TStep) => Promise<void> | void>,
  arrive: (step: TStep) => Promise<void>,
): Record<string, (step: TStep) => Promise<void>> {
  return Object.fromEntries(
    Object.entries(executors).map(([type, execute]) => [
      type,
      async (step: TStep) => {
        await execute(step);
        await arrive(step);
      },
    ]),
  );
}
