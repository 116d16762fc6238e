// The app's actor system as the views see it: the session at the root (SessionContext) and the
// children it invokes, found by the ids it invokes them with. Views read a child with a narrow selector and
// send to it; nothing in React passes events from one machine to another.
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, AnyActorRef, SnapshotFrom } from 'xstate';
import type { DrawCycleMachine } from '../../machines/draw-cycle/draw-cycle.machine';
import type { EntryFlowMachine } from '../../machines/entry-flow/entry-flow.machine';
import type { PlayersMachine } from '../../machines/players/players.machine';
import type { WalletMachine } from '../../machines/wallet/wallet.machine';
import type { WinningsMachine } from '../../machines/winnings/winnings.machine';
import { SYSTEM_IDS } from '../../machines/session/session.machine';
import { SessionContext } from './session-context';

type Children = {
  entryFlow: ActorRefFrom<EntryFlowMachine>;
  drawCycle: ActorRefFrom<DrawCycleMachine>;
  players: ActorRefFrom<PlayersMachine>;
  wallet: ActorRefFrom<WalletMachine>;
  winnings: ActorRefFrom<WinningsMachine>;
};
type ChildId = keyof Children;

/** The running child `id` of the session, while its state invokes it. */
export function useChildActor<Id extends ChildId>(id: Id): Children[Id] | undefined {
  return SessionContext.useSelector(
    (snapshot) => snapshot.children[SYSTEM_IDS[id]] as Children[Id] | undefined,
  );
}

function useRequiredChild<Id extends ChildId>(id: Id): Children[Id] {
  const actor = useChildActor(id);
  if (!actor) throw new Error(`The ${id} actor is not running: its screens render while it is.`);
  return actor;
}

/** A narrow read of a running child (use the selectors next to its machine). */
export function useChildSelector<Id extends ChildId, T>(
  id: Id,
  selector: (snapshot: SnapshotFrom<Children[Id]>) => T,
): T {
  const actor: AnyActorRef = useRequiredChild(id);
  return useSelector(actor, selector as (snapshot: unknown) => T);
}

/** Sends an event to a running child. */
export function useChildSend<Id extends ChildId>(id: Id): Children[Id]['send'] {
  return useRequiredChild(id).send;
}
