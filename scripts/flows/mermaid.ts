// One machine as a Mermaid state diagram (stateDiagram-v2) and a table of its states, read from
// the machine's public structure: its state nodes, their transitions, `always`, `after` delays
// and invoked calls' onDone/onError (which XState keeps among the transitions).
import { describeScreen } from '../../machines/shared/routes';
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

/** A Mermaid id for a state node: its path, joined with '__' (dots and dashes are not allowed). */
function idOf(node: AnyStateNode): string {
  return node.path.length === 0 ? 'root' : node.path.join('__').replace(/[^A-Za-z0-9_]/g, '_');
}

function guardName(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && 'type' in guard) return String(guard.type);
  if (typeof guard === 'function') {
    // and([...]), or([...]), not(...) keep what they combine.
    const combined = guard as { check?: { name?: string }; guards?: unknown[]; name?: string };
    const parts = (combined.guards ?? []).map(guardName).filter((g) => g !== null);
    const name = combined.check?.name ?? combined.name ?? '';
    const kind =
      name
        .replace(/^bound /, '')
        .replace(/^check(?=[A-Z])/, '')
        .replace(/Guard$/, '')
        .toLowerCase() || 'guard';
    return parts.length > 0 ? `${kind}(${parts.join(', ')})` : kind;
  }
  return 'guard';
}

/** What a player or the app does, as a diagram reads it. */
export function eventLabel(eventType: string): string {
  if (eventType === '') return 'always';
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done) return `${done[1]} succeeds`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (error) return `${error[1]} fails`;
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) return `after ${after[1]}`;
  return eventType;
}

function transitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
}

function label(transition: AnyTransitionDefinition): string {
  const guard = guardName(transition.guard);
  const text = eventLabel(String(transition.eventType)) + (guard ? ` [${guard}]` : '');
  // Mermaid ends a label at ':' and chokes on some characters; keep it plain.
  return text.replace(/[:;#{}]/g, ' ');
}

function children(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states);
}

function body(node: AnyStateNode, indent: string, lines: string[], note?: StateNote): void {
  const kids = children(node);
  if (node.type === 'parallel') {
    kids.forEach((region, i) => {
      if (i > 0) lines.push(`${indent}--`);
      declare(region, indent, lines, note);
    });
    return;
  }
  const initial = node.initial?.target?.[0];
  if (initial) lines.push(`${indent}[*] --> ${idOf(initial)}`);
  for (const kid of kids) declare(kid, indent, lines, note);
}

/**
 * What a diagram writes beside a state's name (`npm run flows -- --stats`: the page views of its
 * screen); null for nothing.
 */
export type StateNote = (node: AnyStateNode) => string | null;

function declare(node: AnyStateNode, indent: string, lines: string[], note?: StateNote): void {
  const id = idOf(node);
  const extra = note?.(node) ?? null;
  // Mermaid ends a description at a quote; the note is plain text.
  const name = extra === null ? node.key : `${node.key} · ${extra.replace(/["]/g, "'")}`;
  if (id !== name) lines.push(`${indent}state "${name}" as ${id}`);
  if (children(node).length > 0) {
    lines.push(`${indent}state ${id} {`);
    body(node, `${indent}  `, lines, note);
    lines.push(`${indent}}`);
  }
  if (node.type === 'final') lines.push(`${indent}${id} --> [*]`);
}

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...children(node).flatMap(allNodes)];
}

const ANYWHERE = 'anywhere';

/** The machine as a Mermaid stateDiagram-v2, with `note` beside the states it names. */
export function toMermaid(machine: AnyStateMachine, note?: StateNote): string {
  const lines = ['stateDiagram-v2'];
  body(machine.root, '  ', lines, note);
  if (transitionsOf(machine.root).length > 0) {
    lines.push(`  state "from any state" as ${ANYWHERE}`);
  }
  for (const node of allNodes(machine.root)) {
    for (const transition of transitionsOf(node)) {
      const targets = transition.target ?? [];
      // A transition without a target stays where it is (it only acts): drawn as a loop.
      // The root's own transitions are taken wherever the machine is.
      const source = node === machine.root ? ANYWHERE : idOf(node);
      const to = targets.length === 0 ? [source] : targets.map(idOf);
      for (const target of to) lines.push(`  ${source} --> ${target}: ${label(transition)}`);
    }
  }
  return lines.join('\n');
}

export type StateRow = {
  state: string;
  description: string;
  /** The route the state shows (`meta.route`, with its other addresses), if it names one. */
  route: string | null;
  leavesOn: string[];
};

/** Every state with its description and the events that leave or act on it. */
export function stateTable(machine: AnyStateMachine): StateRow[] {
  return allNodes(machine.root)
    .filter((node) => node !== machine.root)
    .map((node) => ({
      state: node.path.join('.'),
      description: node.description ?? '',
      route: describeScreen(node.meta),
      leavesOn: [...new Set(transitionsOf(node).map((t) => label(t)))],
    }));
}

/** Events the whole machine answers wherever it is (the root's transitions). */
export function rootEvents(machine: AnyStateMachine): string[] {
  return [...new Set(transitionsOf(machine.root).map((t) => label(t)))];
}
