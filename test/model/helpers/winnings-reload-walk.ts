// What the winnings flow's reload and Back walks share besides the app: a machine's model as the
// walks take it (the model test's events, those the machine can take), and each state a player
// can tell apart walked once across a model's walks.
import type { AnyStateMachine, EventObject, Snapshot } from 'xstate';
import { TestModel } from 'xstate/graph';
import { stateKeyMatcher } from './path-planner';

type ModelSnapshot = Snapshot<unknown> & {
  can: (event: never) => boolean;
  matches: (value: never) => boolean;
};

/** The model of `logic` walked with `events` (those it can take), told apart by `serialize`. */
export function modelOf<TSnapshot extends ModelSnapshot, TEvent extends EventObject>(
  logic: AnyStateMachine,
  events: (snapshot: TSnapshot) => TEvent[],
  serialize: (snapshot: TSnapshot) => string,
  input?: unknown,
): TestModel<TSnapshot, TEvent, unknown> {
  return new TestModel<TSnapshot, TEvent, unknown>(logic as never, {
    events: (snapshot) => events(snapshot).filter((event) => snapshot.can(event as never)),
    serializeState: serialize,
    stateMatcher: stateKeyMatcher,
    ...(input === undefined ? {} : { input }),
  });
}

/**
 * Each sight (what the player sees of a state) walked once: on the first walk that rests there.
 * Returns whether `walk` is the one to walk `sight`.
 */
export function firstWalkOf<TWalk>(): (sight: string, walk: TWalk) => boolean {
  const walkOf = new Map<string, TWalk>();
  return (sight, walk) => {
    if (!walkOf.has(sight)) walkOf.set(sight, walk);
    return walkOf.get(sight) === walk;
  };
}
