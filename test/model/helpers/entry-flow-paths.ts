// The entry flow's generated paths (see path-planner.ts), replayed on the machine (with its
// simulated clock for the ticket reveal) to see which transitions each takes.
import { createActor, SimulatedClock, type AnyStateMachine } from 'xstate';
import type { TestModel } from 'xstate/graph';
import { CoverageRecorder, chartOf } from './coverage';
import { eventsOf, planPaths, type PlannedPath } from './path-planner';
import {
  MODEL_INPUT,
  serializeEntryFlowState,
  TICKET_REVEAL_EVENT,
  type EntryFlowSnapshot,
  type ModelEvent,
} from './entry-flow-model';

export type EntryFlowPath = PlannedPath<EntryFlowSnapshot, ModelEvent>;

export { eventsOf };

function describeEvent(event: ModelEvent): string {
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

export function planEntryFlowPaths(
  model: TestModel<EntryFlowSnapshot, ModelEvent, unknown>,
  machine: AnyStateMachine,
): EntryFlowPath[] {
  return planPaths({
    model,
    transitions: chartOf(machine).transitions,
    serializeState: serializeEntryFlowState,
    replay: (events) => transitionsTaken(machine, events),
    describeEvent,
  });
}
