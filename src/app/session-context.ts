// The app's actor system: the session at its root, with the entry flow it invokes and the
// signed-in flows it loads (src/app/signed-in-flows.ts), connected to the API and the live channel. Views read it with
// `SessionContext.useSelector` (children through src/app/system.ts) and send to it.
import { createActorContext } from '@xstate/react';
import { connectEntryFlow } from '../../machines/entry-flow/connect';
import { createSessionActors } from '../../machines/session/session.actors';
import { fromPromise } from 'xstate';
import { sessionMachine } from '../../machines/session/session.machine';
import { api } from '../lib/api-on-demand';

/** The signed-in flows, loaded once (the browser keeps the module for later sign-ins). */
const loadSignedInFlows = () => import('./signed-in-flows').then((m) => m.signedInFlows);

export const connectedSessionMachine = sessionMachine.provide({
  actors: {
    ...createSessionActors(api),
    entryFlow: connectEntryFlow(api),
    loadSignedInFlows: fromPromise(loadSignedInFlows),
  },
});

export const SessionContext = createActorContext(connectedSessionMachine);
