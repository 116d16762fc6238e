// The wallet's generated paths (see path-planner.ts), replayed on the machine to see which
// transitions each takes.
import { createActor, type AnyStateMachine } from 'xstate';
import type { TestModel } from 'xstate/graph';
import { CoverageRecorder, chartOf } from './coverage';
import { planPaths, type PlannedPath } from './path-planner';
import {
  MODEL_INPUT,
  serializeWalletState,
  type ModelEvent,
  type WalletSnapshot,
} from './wallet-model';

export type WalletPath = PlannedPath<WalletSnapshot, ModelEvent>;

function describeEvent(event: ModelEvent): string {
  if (event.type === 'route.opened') return `open ${event.path}`;
  if ('error' in event) {
    const status = (event.error as { status: number }).status;
    return `${event.type.replace('xstate.error.actor.', '')} fails ${status}`;
  }
  if ('output' in event) {
    const output = JSON.stringify(event.output);
    return `${event.type.replace('xstate.done.actor.', '')} answers ${output}`;
  }
  return event.type;
}

function transitionsTaken(machine: AnyStateMachine, events: ModelEvent[]): Set<string> {
  const recorder = new CoverageRecorder();
  const actor = createActor(machine, { input: MODEL_INPUT, inspect: recorder.inspect });
  actor.start();
  for (const event of events) actor.send(event);
  actor.stop();
  return recorder.transitions;
}

export function planWalletPaths(
  model: TestModel<WalletSnapshot, ModelEvent, unknown>,
  machine: AnyStateMachine,
): WalletPath[] {
  return planPaths({
    model,
    transitions: chartOf(machine).transitions,
    serializeState: serializeWalletState,
    replay: (events) => transitionsTaken(machine, events),
    describeEvent,
  });
}
