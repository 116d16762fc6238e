// The session at the root of the app's actor system, as the views find it: the app provides it
// connected to the API and the live channel (src/app/session-context.ts), tests with stand-ins.
// Views read it with `SessionContext.useSelector` (children through src/lib/system.ts) and send to it.
import { createActorContext } from '@xstate/react';
import { sessionMachine } from '../../machines/session/session.machine';

export const SessionContext = createActorContext(sessionMachine);
