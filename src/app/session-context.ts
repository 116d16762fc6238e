// The app's actor system: the session at its root, with the entry flow and the draw cycle it
// invokes, connected to the API and the live channel. Views read it with
// `SessionContext.useSelector` (children through src/app/system.ts) and send to it.
import { createActorContext } from '@xstate/react';
import { connectEntryFlow } from '../../machines/entry-flow/connect';
import { createSessionActors } from '../../machines/session/session.actors';
import { sessionMachine } from '../../machines/session/session.machine';
import { connectedDrawCycleMachine } from '../features/home/draw-cycle-logic';
import { connectedPlayersMachine } from '../features/players/players-logic';
import { api } from '../lib/api-on-demand';

export const connectedSessionMachine = sessionMachine.provide({
  actors: {
    ...createSessionActors(api),
    entryFlow: connectEntryFlow(api),
    drawCycle: connectedDrawCycleMachine,
    players: connectedPlayersMachine,
  },
});

export const SessionContext = createActorContext(connectedSessionMachine);
