// What the player sees, checked in every state they can rest in: a generated walk asserts the
// screen through the `states` map given to `testPath`, and a state the map has no entry for
// would pass unseen. This check fails for each such state of the chart.
import type { AnyStateMachine, AnyStateNode } from 'xstate';

function leaves(node: AnyStateNode): AnyStateNode[] {
  const children = Object.values(node.states);
  return children.length === 0 ? [node] : children.flatMap((child) => leaves(child));
}

/** The chart's states a player can rest in: leaves not left at once by an eventless transition. */
export function settledStates(machine: AnyStateMachine): string[] {
  return leaves(machine.root)
    .filter((node) => node !== machine.root && (node.always ?? []).length === 0)
    .map((node) => node.path.join('.'));
}

/**
 * The settled states no key of `states` covers (a key covers its state and the states in it,
 * 'verification' covers 'verification.awaitingCode').
 */
export function statesWithoutView(
  machine: AnyStateMachine,
  states: Record<string, unknown>,
): string[] {
  const keys = Object.keys(states);
  return settledStates(machine).filter(
    (path) => !keys.some((key) => path === key || path.startsWith(`${key}.`)),
  );
}
