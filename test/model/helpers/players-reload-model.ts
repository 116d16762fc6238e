// The players screen's model as its reload and Back walk takes it (players.reload-back.test.tsx):
// the same chart on a phone with a share sheet, each state carrying besides what the player has
// done so far (a code made, an invite shared), so that the codes listed after an invite went out
// are reloaded and left with Back as well as the codes listed at first.
import { TestModel } from 'xstate/graph';
import { stateKeyMatcher } from './path-planner';
import {
  inputOf,
  logic,
  playersModelEvents,
  serializePlayersState,
  WALKS,
  type PlayersModelEvent,
  type PlayersSnapshot,
} from './players-model';

/** What the player has done on the way: a code made (POST invites), an invite shared. */
export type Invited = { made: boolean; shared: boolean };
export type PlayersWalkSnapshot = PlayersSnapshot & { invited: Invited };

type Scope = Parameters<typeof logic.transition>[2];

function walkTransition(
  snapshot: PlayersWalkSnapshot,
  event: PlayersModelEvent,
  scope: Scope,
): PlayersWalkSnapshot {
  const after = logic.transition(snapshot, event as never, scope);
  return {
    ...after,
    invited: {
      made: snapshot.invited.made || event.type === 'xstate.done.actor.createInvite',
      shared:
        snapshot.invited.shared ||
        (event.type === 'xstate.done.actor.shareInvite' && event.output === 'shared'),
    },
  };
}

/** The chart with what the player has done alongside each state. */
const walkedLogic = Object.create(logic, {
  getInitialSnapshot: {
    value: (...args: Parameters<typeof logic.getInitialSnapshot>) => ({
      ...logic.getInitialSnapshot(...args),
      invited: { made: false, shared: false },
    }),
  },
  transition: { value: walkTransition },
}) as typeof logic;

/** The state as the walk tells it apart: the screen and its codes, and what went out before. */
export const serializeWalk = (snapshot: PlayersWalkSnapshot) =>
  JSON.stringify({ ...JSON.parse(serializePlayersState(snapshot)), ...snapshot.invited });

const PHONE = WALKS.find((walk) => walk.canShare);
if (!PHONE) throw new Error('No walk on a phone with a share sheet');

export const reloadModel = new TestModel<PlayersWalkSnapshot, PlayersModelEvent, unknown>(
  walkedLogic as never,
  {
    events: playersModelEvents,
    serializeState: serializeWalk,
    stateMatcher: stateKeyMatcher,
    input: inputOf(PHONE),
  },
);
