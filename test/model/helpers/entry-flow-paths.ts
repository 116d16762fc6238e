// The paths the generated test walks: the shortest path to every state of the model, plus, for
// each transition those do not take, the shortest path that ends by taking it. Which transitions
// a path takes is found by replaying its events on the machine with inspection.
import { createActor, SimulatedClock, type AnyStateMachine } from 'xstate';
import type { StatePath, TestModel } from 'xstate/graph';
import { CoverageRecorder, chartOf } from './coverage';
import {
  MODEL_INPUT,
  serializeEntryFlowState,
  TICKET_REVEAL_EVENT,
  type EntryFlowSnapshot,
  type ModelEvent,
} from './entry-flow-model';

export type EntryFlowPath = StatePath<EntryFlowSnapshot, ModelEvent> & { description: string };

/** Events of a path after the initial `xstate.init` step. */
export const eventsOf = (path: StatePath<EntryFlowSnapshot, ModelEvent>): ModelEvent[] =>
  path.steps.slice(1).map((step) => step.event);

function describe(events: ModelEvent[]): string {
  return events
    .map((event) => {
      if (event.type === 'route.opened') {
        const state = event.navigationState === null ? '' : ' (with state)';
        return `open ${event.path}${event.search}${state}`;
      }
      if ('error' in event) {
        const status = (event.error as { status: number }).status;
        return `${event.type.replace('xstate.error.actor.', '')} fails ${status}`;
      }
      if ('output' in event) return `${event.type.replace('xstate.done.actor.', '')} succeeds`;
      if (event.type === TICKET_REVEAL_EVENT) return '2.5 s pass';
      return event.type;
    })
    .join(' → ');
}

/** Transitions the machine takes for `events` from its initial state. */
function transitionsTaken(machine: AnyStateMachine, events: ModelEvent[]): Set<string> {
  const recorder = new CoverageRecorder();
  const clock = new SimulatedClock();
  const actor = createActor(machine, { input: MODEL_INPUT, clock, inspect: recorder.inspect });
  actor.start();
  for (const event of events) {
    if (event.type === TICKET_REVEAL_EVENT) clock.increment(2500);
    else actor.send(event);
  }
  actor.stop();
  return recorder.transitions;
}

const isPrefix = (short: ModelEvent[], long: ModelEvent[]) =>
  short.length <= long.length &&
  short.every((event, i) => JSON.stringify(event) === JSON.stringify(long[i]));

export function planEntryFlowPaths(
  model: TestModel<EntryFlowSnapshot, ModelEvent, unknown>,
  machine: AnyStateMachine,
): EntryFlowPath[] {
  const toState = new Map<string, StatePath<EntryFlowSnapshot, ModelEvent>>();
  for (const path of model.getShortestPaths({ allowDuplicatePaths: true })) {
    toState.set(serializeEntryFlowState(path.state), path);
  }
  const chosen: Array<StatePath<EntryFlowSnapshot, ModelEvent>> = [...model.getShortestPaths()];
  const covered = new Set<string>();
  for (const path of chosen) {
    for (const key of transitionsTaken(machine, eventsOf(path))) covered.add(key);
  }

  const all = chartOf(machine).transitions;
  const adjacency = model.getAdjacencyMap();
  const origins = [...toState.entries()].sort(([, a], [, b]) => a.steps.length - b.steps.length);
  for (const [serialized, pathToState] of origins) {
    if (all.every((key) => covered.has(key))) break;
    const transitions = adjacency[serialized as keyof typeof adjacency]?.transitions ?? {};
    for (const { event, state } of Object.values(transitions)) {
      const events = [...eventsOf(pathToState), event];
      const taken = transitionsTaken(machine, events);
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
  const kept: Array<StatePath<EntryFlowSnapshot, ModelEvent>> = [];
  for (const path of byLength) {
    if (!kept.some((longer) => isPrefix(eventsOf(path), eventsOf(longer)))) kept.push(path);
  }
  return kept.map((path) => ({ ...path, description: describe(eventsOf(path)) }));
}
