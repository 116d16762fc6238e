// Renders the entry pages as the signed-out app mounts them (the test DOM's browser location, notistack
// toasts), around a running entry flow whose calls the test answers and whose clock it moves.
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect } from 'react';
import { vi } from 'vitest';
import { Redirect, Route, Switch } from 'wouter';
import { SimulatedClock, type AnyActorRef, type InspectionEvent } from 'xstate';
import type { LoginResponse } from '../../../contract/api';
import { connectEntryFlow } from '../../../machines/entry-flow/connect';
import { DisclaimerPage } from '../../../src/features/entry-flow/DisclaimerPage';
import { EntryRouteSync } from '../../../src/features/entry-flow/EntryRouteSync';
import { isDesktopDevice } from '../../../src/features/entry-flow/device';
import type { connectedSessionMachine } from '../../../src/app/session-context';
import { SessionContext } from '../../../src/lib/session-context';
import { useChildActor } from '../../../src/lib/system';
import { useRootEffects } from '../../../src/app/system-sync';
import { writeKeptToDevice } from '../../../machines/session/session.device';
import { browserStorage, readItem, STORAGE_KEYS } from '../../../machines/shared/device';
import { PATHS } from '../../../machines/shared/paths';
import { standInRoot } from '../../support/root-stand-in';
import { InviteCodePage } from '../../../src/features/entry-flow/InviteCodePage';
import { LandingPage } from '../../../src/features/entry-flow/LandingPage';
import { LoginPage } from '../../../src/features/entry-flow/LoginPage';
import { OnboardingPage } from '../../../src/features/entry-flow/OnboardingPage';
import { PhoneLoginPage } from '../../../src/features/entry-flow/PhoneLoginPage';
import Toasts from '../../../src/app/Toasts';
import type { EntryFlowSnapshot } from './entry-flow-model';
import { FakeEntryFlowApi } from './fake-entry-flow-api';

/** Where a walk starts: a route with no entry page, so the first step opens one. */
export const START_PATH = '/start';

export type EntryFlowHarness = ReturnType<typeof renderEntryFlow>;

/** The entry pages as the signed-out app mounts them, while the entry flow runs. */
function EntryPages() {
  const root = SessionContext.useActorRef();
  useRootEffects(root);
  useLayoutEffect(() => writeKeptToDevice(root, browserStorage()), [root]);
  const running = useChildActor('entryFlow') !== undefined;
  // As the signed-in app does: an address it does not show takes the player to /home.
  const signedIn = SessionContext.useSelector(
    (snapshot) => (snapshot as { value: unknown }).value === 'done',
  );
  return (
    <>
      <EntryRouteSync />
      <Switch>
        {running && <Route path="/" component={LandingPage} />}
        {running && <Route path="/disclaimer" component={DisclaimerPage} />}
        {running && <Route path="/invite-code" component={InviteCodePage} />}
        {running && <Route path="/onboarding" component={OnboardingPage} />}
        {running && <Route path="/phone-login" component={PhoneLoginPage} />}
        {running && <Route path="/login" component={LoginPage} />}
        <Route path="/home">
          <main>Home</main>
        </Route>
        <Route>{signedIn ? <Redirect to={PATHS.home} replace /> : <main>Nothing here</main>}</Route>
      </Switch>
    </>
  );
}

export function renderEntryFlow(
  options: { hasAcceptedTerms?: boolean; inspect?: (event: InspectionEvent) => void } = {},
) {
  const api = new FakeEntryFlowApi();
  api.answerAlways('countInviteClick', () => Promise.resolve({ message: 'counted' }));
  const clock = new SimulatedClock();
  const onSignedIn = vi.fn<(login: LoginResponse) => void>();
  const onTermsAccepted = vi.fn<() => void>();
  // Each actor's latest snapshot, by the id it runs under (the flow, its steps, theirs).
  const latest = new Map<string, unknown>();
  const inspect = (event: InspectionEvent) => {
    options.inspect?.(event);
    if (event.type === '@xstate.snapshot') {
      latest.set((event.actorRef as AnyActorRef).id, event.snapshot);
    }
  };
  const entryFlow = connectEntryFlow(api);
  // The session as the entry flow sees it: its root, told when the terms are accepted, and
  // given the login when the flow ends.
  const session = standInRoot({
    id: 'entryFlow',
    logic: entryFlow,
    input: {
      hasAcceptedTerms: options.hasAcceptedTerms ?? false,
      isDesktop: isDesktopDevice(),
      storedInviteCode: readItem(browserStorage(), STORAGE_KEYS.inviteCode),
    },
    heard: { 'session.termsAccepted': () => onTermsAccepted() },
    done: (output) => onSignedIn(output as LoginResponse),
  });
  window.history.replaceState(null, '', START_PATH);
  const user = userEvent.setup();

  const view = render(
    <>
      <Toasts />
      <SessionContext.Provider
        logic={session as unknown as typeof connectedSessionMachine}
        options={{ clock, inspect, systemId: 'session' }}
      >
        <EntryPages />
      </SessionContext.Provider>
    </>,
  );

  return {
    ...view,
    api,
    clock,
    user,
    onSignedIn,
    onTermsAccepted,
    /** The running flow's latest snapshot, as the inspector reported it. */
    snapshot: (): EntryFlowSnapshot => {
      const snapshot = latest.get('entryFlow');
      if (!snapshot) throw new Error('The entry flow has not started');
      return snapshot as EntryFlowSnapshot;
    },
    /** The latest snapshot of the actor running as `id` (a step of the flow, the slides). */
    snapshotOf: <T,>(id: string): T | undefined => latest.get(id) as T | undefined,
    /** Moves the flow's clock (its named delays) forward. */
    advance: (ms: number) => act(() => clock.increment(ms)),
  };
}
