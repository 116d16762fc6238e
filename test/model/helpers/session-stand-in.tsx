// Views of the signed-in app run under a stand-in for the session, as the winnings tests run the
// drawer and the winnings flow: the stand-in runs as 'session', and its children are the actors
// the views find through SessionContext.
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { AnyStateMachine, InspectionEvent, SimulatedClock } from 'xstate';
import type { connectedSessionMachine } from '../../../src/app/session-context';
import { SessionContext } from '../../../src/lib/session-context';
import Toasts from '../../../src/app/Toasts';

/** Renders `views`, toasts and all, under the stand-in `session`; returns what unmounts them. */
export function renderUnderSession(
  session: AnyStateMachine,
  options: { clock: SimulatedClock; inspect: (event: InspectionEvent) => void },
  views: ReactNode,
): () => void {
  const view = render(
    <>
      <Toasts />
      <SessionContext.Provider
        logic={session as unknown as typeof connectedSessionMachine}
        options={{ ...options, systemId: 'session' }}
      >
        {views}
      </SessionContext.Provider>
    </>,
  );
  return () => view.unmount();
}
