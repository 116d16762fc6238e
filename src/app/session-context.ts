// The app's actor system: the session at its root, with the entry flow it invokes and the
// signed-in flows it loads (src/app/signed-in-flows.ts), connected to the API and the live
// channel. App.tsx runs it in `SessionContext` (src/lib/session-context.ts), where the views
// read it (children through src/lib/system.ts) and send to it.
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
