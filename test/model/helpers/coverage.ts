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

export class CoverageRecorder {
  readonly states = new Set<string>();
  readonly transitions = new Set<string>();

  /**
   * @param actorId the id of the child actor whose chart is measured (`entryFlow`,
   *   `drawCycle`); by default the root actor of the system.
   */
  constructor(private readonly actorId: string | null = null) {}

  private measures(event: InspectionEvent): boolean {
    if (this.actorId === null) return event.actorRef.sessionId === event.rootId;
    return (event.actorRef as AnyActorRef).id === this.actorId;
  }

  /** An `inspect` callback for the actor whose chart is measured. */
  readonly inspect = (event: InspectionEvent): void => {
    if (!this.measures(event)) return;
    if (event.type === '@xstate.microstep') {
      for (const transition of event._transitions) {
        this.transitions.add(transitionKey(transition));
        // A transient state (left by an eventless transition) never shows in a snapshot.
        this.states.add(transition.source.id);
      }
    }
    if (event.type === '@xstate.snapshot') {
      const snapshot = event.snapshot as Partial<Pick<AnyMachineSnapshot, 'machine'>> & {
        value?: StateValue;
      };
      if (snapshot.machine && snapshot.value !== undefined) {
        for (const node of activeNodes(snapshot.machine.root, snapshot.value)) {
          this.states.add(node.id);
        }
      }
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
