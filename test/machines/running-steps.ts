// A flow and the steps it runs (child machines, and theirs), seen together as a player sees the
// screen: where the flow is, down into the running step, and which of them takes an event.
import type { AnyActorRef, EventObject, StateValue } from 'xstate';
import { machineChildren } from '../../machines/shared/routes';

type MachineRef = {
  getSnapshot(): { value: StateValue; can(event: EventObject): boolean };
  send(event: EventObject): void;
};

/** The flow, then its running step, then the step's, down to the deepest. */
export function runningChain(actor: AnyActorRef): MachineRef[] {
  const [child] = machineChildren(actor.getSnapshot() as { children: Record<string, AnyActorRef> });
  return [actor, ...(child ? runningChain(child) : [])];
}

/** Sends `event` to the deepest running machine that takes it (as the screen's view would). */
export function sendToScreen(actor: AnyActorRef, event: EventObject): void {
  const target = runningChain(actor)
    .reverse()
    .find((ref) => ref.getSnapshot().can(event));
  target?.send(event);
}

/** Whether the screen takes `event` (its flow or a running step). */
export function screenCan(actor: AnyActorRef, event: EventObject): boolean {
  return runningChain(actor).some((ref) => ref.getSnapshot().can(event));
}

function withLeaf(value: StateValue, leaf: StateValue): StateValue {
  if (typeof value === 'string') return { [value]: leaf };
  const [key, inner] = Object.entries(value)[0] ?? [];
  return key === undefined || inner === undefined ? value : { [key]: withLeaf(inner, leaf) };
}

/** Where the flow is, with the running step's state under the flow's state that runs it. */
export function where(actor: AnyActorRef): StateValue {
  const [flow, step] = runningChain(actor);
  const value = flow!.getSnapshot().value;
  return step ? withLeaf(value, step.getSnapshot().value) : value;
}
