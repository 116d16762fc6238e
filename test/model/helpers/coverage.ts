// Which states and transitions of a machine a run actually took, recorded through inspection of
// the running app's actor, compared with every state and transition the chart defines.
import type {
  AnyActorRef,
  AnyMachineSnapshot,
  StateValue,
  AnyStateMachine,
  AnyStateNode,
  AnyTransitionDefinition,
  InspectionEvent,
} from 'xstate';
import type { TaskMeta } from 'vitest';

export type ModelCoverage = {
  machine: string;
  states: { covered: number; total: number };
  transitions: { covered: number; total: number };
  /** What this walk left out (a machine walked by several files is covered by their union). */
  missing: { states: string[]; transitions: string[] };
};

declare module 'vitest' {
  interface TaskMeta {
    modelCoverage?: ModelCoverage;
  }
}

export function transitionKey(transition: AnyTransitionDefinition): string {
  const source = transition.source;
  const eventType = String(transition.eventType);
  const list: readonly AnyTransitionDefinition[] =
    eventType === '' ? (source.always ?? []) : (source.transitions.get(eventType) ?? []);
  const event = eventType === '' ? '(always)' : eventType;
  return `${source.id} --${event}#${list.indexOf(transition)}-->`;
}

/** The state nodes a snapshot's value says are active, the root included. */
function activeNodes(node: AnyStateNode, value: StateValue): AnyStateNode[] {
  if (typeof value === 'string') {
    const child = node.states[value];
    return child ? [node, child] : [node];
  }
  return [
    node,
    ...Object.entries(value).flatMap(([key, inner]) => {
      const child = node.states[key];
      return child && inner !== undefined ? activeNodes(child, inner) : [];
    }),
  ];
}

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allNodes(child))];
}

/** Every state node id and every transition of the chart. */
export function chartOf(machine: AnyStateMachine): { states: string[]; transitions: string[] } {
  const nodes = allNodes(machine.root);
  const transitions = nodes.flatMap((node) => [
    ...[...node.transitions.values()].flat(),
    ...(node.always ?? []),
  ]);
  return {
    states: nodes.map((node) => node.id),
    transitions: [...new Set(transitions.map(transitionKey))],
  };
}

/**
 * The eventless transition taken from one microstep to the next: a transition of a state that
 * was active `before` (any state, when the actor has just started), that state left and every
 * target active `after`. Charts keep eventless transitions of one state apart by their targets
 * (see `refetchingAtZero` in the draw cycle), which is what makes this exact.
 */
function eventlessTaken(
  machine: AnyStateMachine,
  before: AnyMachineSnapshot | undefined,
  after: AnyMachineSnapshot,
): AnyTransitionDefinition[] {
  const wasActive = before ? new Set(activeNodes(machine.root, before.value as StateValue)) : null;
  const isActive = new Set(activeNodes(machine.root, after.value as StateValue));
  return allNodes(machine.root).flatMap((source) => {
    if ((wasActive && !wasActive.has(source)) || isActive.has(source)) return [];
    const taken = (source.always ?? []).find(
      (transition) =>
        (transition.target ?? []).length > 0 &&
        (transition.target ?? []).every((target) => isActive.has(target)),
    );
    return taken ? [taken] : [];
  });
}

export class CoverageRecorder {
  readonly states = new Set<string>();
  readonly transitions = new Set<string>();
  /** The measured actor's snapshot after its latest microstep (or at rest). */
  private before: AnyMachineSnapshot | undefined;
  /** The event the latest microstep took; the microsteps after it with the same one are eventless. */
  private lastEvent: unknown;

  /**
   * @param actorId the id of the child actor whose chart is measured (`entryFlow`,
   *   `drawCycle`); by default the root actor of the system.
   */
  constructor(private readonly actorId: string | null = null) {}

  private measures(event: InspectionEvent): boolean {
    if (this.actorId === null) return event.actorRef.sessionId === event.rootId;
    return (event.actorRef as AnyActorRef).id === this.actorId;
  }

  private addActive(snapshot: AnyMachineSnapshot): void {
    for (const node of activeNodes(snapshot.machine.root, snapshot.value as StateValue))
      this.states.add(node.id);
  }

  /**
   * An `inspect` callback for the actor whose chart is measured. Only public inspection data:
   * each microstep's event and resulting snapshot. A microstep on a new event took the
   * transitions the machine selects for it from the snapshot before (`getTransitionData`);
   * the microsteps after it on the same event were eventless.
   */
  readonly inspect = (event: InspectionEvent): void => {
    if (!this.measures(event)) return;
    if (event.type === '@xstate.actor') {
      this.before = undefined;
      this.lastEvent = undefined;
    }
    if (event.type === '@xstate.microstep') {
      const after = event.snapshot as AnyMachineSnapshot;
      const isNewEvent =
        event.event !== this.lastEvent && !event.event.type.startsWith('xstate.init');
      this.lastEvent = event.event;
      const taken =
        isNewEvent && this.before
          ? after.machine.getTransitionData(this.before, event.event)
          : eventlessTaken(after.machine, this.before, after);
      for (const transition of taken) {
        this.transitions.add(transitionKey(transition));
        // Its source was active, even when no snapshot showed it (a transient initial state).
        this.states.add(transition.source.id);
      }
      // Transient states (left by an eventless transition) show only in microsteps.
      this.addActive(after);
      this.before = after;
    }
    if (event.type === '@xstate.snapshot') {
      const snapshot = event.snapshot as Partial<AnyMachineSnapshot>;
      if (snapshot.machine && snapshot.value !== undefined) {
        this.addActive(snapshot as AnyMachineSnapshot);
        this.before = snapshot as AnyMachineSnapshot;
      }
      this.lastEvent = undefined;
    }
  };

  /**
   * How much of `machine`'s chart the run took, kept on the test (`task.meta`) for the model
   * coverage reporter (test/model/coverage-reporter.ts) to print.
   */
  report(task: { meta: TaskMeta }, machine: AnyStateMachine): void {
    const chart = chartOf(machine);
    const missing = this.missing(machine);
    task.meta.modelCoverage = {
      machine: machine.id,
      states: { covered: chart.states.length - missing.states.length, total: chart.states.length },
      transitions: {
        covered: chart.transitions.length - missing.transitions.length,
        total: chart.transitions.length,
      },
      missing,
    };
  }

  missing(machine: AnyStateMachine): { states: string[]; transitions: string[] } {
    const chart = chartOf(machine);
    return {
      states: chart.states.filter((id) => !this.states.has(id)),
      transitions: chart.transitions.filter((key) => !this.transitions.has(key)),
    };
  }
}
