// Renders the entry pages as the signed-out app mounts them (browser location of jsdom, notistack
// toasts), around a running entry flow whose calls the test answers and whose clock it moves.
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { Route, Switch } from 'wouter';
import { SimulatedClock, type InspectionEvent } from 'xstate';
import type { LoginResponse } from '../../../contract/api';
import { createEntryFlowActors } from '../../../machines/entry-flow/entry-flow.actors';
import { entryFlowMachine } from '../../../machines/entry-flow/entry-flow.machine';
import { DisclaimerPage } from '../../../src/features/entry/DisclaimerPage';
import { EntryFlowProvider } from '../../../src/features/entry/EntryFlowProvider';
import { InviteCodePage } from '../../../src/features/entry/InviteCodePage';
import { LandingPage } from '../../../src/features/entry/LandingPage';
import { LoginPage } from '../../../src/features/entry/LoginPage';
import { OnboardingPage } from '../../../src/features/entry/OnboardingPage';
import { PhoneLoginPage } from '../../../src/features/entry/PhoneLoginPage';
import Toasts from '../../../src/app/Toasts';
import type { EntryFlowSnapshot } from './entry-flow-model';
import { FakeEntryFlowApi } from './fake-entry-flow-api';

/** Where a walk starts: a route with no entry page, so the first step opens one. */
export const START_PATH = '/start';

export type EntryFlowHarness = ReturnType<typeof renderEntryFlow>;

export function renderEntryFlow(
  options: { hasAcceptedTerms?: boolean; inspect?: (event: InspectionEvent) => void } = {},
) {
  const api = new FakeEntryFlowApi();
  api.answerAlways('countInviteClick', () => Promise.resolve({ message: 'counted' }));
  const clock = new SimulatedClock();
  const onSignedIn = vi.fn<(login: LoginResponse) => void>();
  const onTermsAccepted = vi.fn<() => void>();
  let latest: EntryFlowSnapshot | null = null;
  const inspect = (event: InspectionEvent) => {
    options.inspect?.(event);
    if (event.type === '@xstate.snapshot' && event.actorRef.sessionId === event.rootId) {
      latest = event.snapshot as EntryFlowSnapshot;
    }
  };
  const logic = entryFlowMachine.provide({ actors: createEntryFlowActors(api) });
  window.history.replaceState(null, '', START_PATH);
  const user = userEvent.setup();

  const view = render(
    <>
      <Toasts />
      <EntryFlowProvider
        hasAcceptedTerms={options.hasAcceptedTerms ?? false}
        onTermsAccepted={onTermsAccepted}
        onSignedIn={onSignedIn}
        logic={logic}
        options={{ clock, inspect }}
      >
        <Switch>
          <Route path="/" component={LandingPage} />
          <Route path="/disclaimer" component={DisclaimerPage} />
          <Route path="/invite-code" component={InviteCodePage} />
          <Route path="/onboarding" component={OnboardingPage} />
          <Route path="/phone-login" component={PhoneLoginPage} />
          <Route path="/login" component={LoginPage} />
          <Route path="/home">
            <main>Home</main>
          </Route>
          <Route>
            <main>Nothing here</main>
          </Route>
        </Switch>
      </EntryFlowProvider>
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
      if (!latest) throw new Error('The entry flow has not started');
      return latest;
    },
    /** Moves the flow's clock (its named delays) forward. */
    advance: (ms: number) => act(() => clock.increment(ms)),
  };
}
