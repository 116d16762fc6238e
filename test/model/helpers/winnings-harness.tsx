// The running winnings flow for its model test: the flow under a stand-in session, the shell's
// listener and route sync, the flow's pages at their addresses, the walk's coverage, and what
// the player sees of the route.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { useLayoutEffect } from 'react';
import { Route, Switch } from 'wouter';
import { SimulatedClock, type AnyActorRef, type InspectionEvent } from 'xstate';
import { routeOf } from '../../../machines/shared/routes';
import type { ToastEffect } from '../../../machines/shared/effects';
import { SessionContext } from '../../../src/lib/session-context';
import { ContactUsPage } from '../../../src/features/winnings/ContactUsPage';
import { DrawRecordPage } from '../../../src/features/winnings/DrawRecordPage';
import { GrandPrizePage } from '../../../src/features/winnings/GrandPrizePage';
import { WinningsPage } from '../../../src/features/winnings/WinningsDrawer';
import { connectWinnings } from '../../../src/features/winnings/winnings-logic';
import { useRootEffects } from '../../../src/app/system-sync';
import { useRouteSync } from '../../../src/lib/route-sync';
import type { CoverageRecorder } from './coverage';
import { CurrentApp } from './generated-walks';
import { renderUnderSession } from './session-stand-in';
import { standInRoot } from '../../support/root-stand-in';
import { FakeWinningsApi } from './winnings-fake-api';
import type { FlowActor, logic } from './winnings-model';

// ---- the running flow, the session around it, and the pages ------------------------------------

export type Running = {
  api: FakeWinningsApi;
  user: ReturnType<typeof userEvent.setup>;
  /** The clock the drawer's delays run on (it stands still unless a step moves it). */
  clock: SimulatedClock;
  flow: FlowActor | null;
  /** The toasts the root emitted. */
  toasts: string[];
  unmount: () => void;
};

/**
 * The session as the flow sees it: it passes on every address the player opens (and a failed
 * deletion), and takes the flow's reports as the root does (machines/shared/root.ts).
 */
export function sessionStandIn(flow: typeof logic) {
  return standInRoot({
    id: 'winnings',
    logic: flow,
    forwarded: ['route.opened', 'account.deletionFailed'],
  });
}

/** The shell's one listener to the root: the toasts it emits are shown, and recorded. */
export function RootEffects({ toasts }: { toasts: string[] }) {
  const root = SessionContext.useActorRef();
  useRootEffects(root);
  useLayoutEffect(() => {
    const subscription = root.on(
      'toast',
      (effect: ToastEffect) => void toasts.push(effect.message),
    );
    return () => subscription.unsubscribe();
  }, [root, toasts]);
  return null;
}

/** The signed-in app's route sync, as SignedInApp has it: the session hears every opening. */
export function RouteSync() {
  useRouteSync(SessionContext.useActorRef(), ({ path }) => ({
    type: 'route.opened' as const,
    path,
  }));
  return null;
}

/** The flow's pages at their addresses, as the signed-in routes mount them. */
export function Pages({ toasts }: { toasts: string[] }) {
  return (
    <>
      <RootEffects toasts={toasts} />
      <RouteSync />
      <Switch>
        <Route path="/winnings" component={WinningsPage} />
        <Route path="/grandPrize" component={GrandPrizePage} />
        <Route path="/form/has-problem" component={ContactUsPage} />
        <Route path="/draws/:id" component={DrawRecordPage} />
        <Route>
          <main aria-label="Elsewhere">Elsewhere</main>
        </Route>
      </Switch>
    </>
  );
}

/** `coverage` is the test file's own record of the walk: the helpers keep none between files. */
export function open(
  coverage: CoverageRecorder,
  { at = '/home', api = new FakeWinningsApi() }: { at?: string; api?: FakeWinningsApi } = {},
): Running {
  api.answerAlways('click', () => Promise.resolve({ message: 'ok' }));
  const clock = new SimulatedClock();
  const running: Running = {
    api,
    user: userEvent.setup(),
    clock,
    flow: null,
    toasts: [],
    unmount: () => undefined,
  };
  const inspect = (event: InspectionEvent) => {
    coverage.inspect(event);
    if (event.type !== '@xstate.actor') return;
    const ref = event.actorRef as AnyActorRef;
    if (ref.id === 'winnings') running.flow = ref as FlowActor;
  };
  // Where the app starts: /home, or the address a reload opens again.
  window.history.replaceState(null, '', at);
  running.unmount = renderUnderSession(
    sessionStandIn(connectWinnings(api)),
    // The drawer's clock stands still unless a step moves it: it stays where it opens.
    { clock, inspect },
    <Pages toasts={running.toasts} />,
  );
  return running;
}

export const current = new CurrentApp<Running>('The winnings flow is not running.');
export const app = current.get;
export const flowActor = current.part(({ flow }) => flow, 'The winnings flow has not started.');
/** The steps the flow runs (the drawer, the prize claim, the contact form), while it runs them. */
export const steps = () => flowActor().getSnapshot().children;

// ---- what the player sees ----------------------------------------------------------------------

export const button = (name: string) => screen.getByRole('button', { name });
export const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;

/** The page on screen is the one the flow names, at its address. */
export function expectRoute(route: string | null): void {
  expect(routeOf(flowActor().getSnapshot())).toBe(route);
  if (route !== null) expect(window.location.pathname).toBe(route);
}
