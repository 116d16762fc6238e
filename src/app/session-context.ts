// The one running session of the app. Views read it with `SessionContext.useSelector` and
// send to it through `SessionContext.useActorRef`.
import { createActorContext } from '@xstate/react';
import { api } from '../lib/api';
import { createSessionActors } from '../../machines/session/session.actors';
import { sessionMachine } from '../../machines/session/session.machine';

export const connectedSessionMachine = sessionMachine.provide({
  actors: createSessionActors(api),
});

export const SessionContext = createActorContext(connectedSessionMachine);
